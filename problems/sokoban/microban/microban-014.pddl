; Sokoban level `14` (level 14 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
; #######
; #     #
; # # # #
; #. $*@#
; #   ###
; #####

(define (problem microban-014)
  (:domain sokoban)
  (:objects
    r2c2 r2c3 r2c4 r2c5 r2c6
    r3c2 r3c4 r3c6
    r4c2 r4c3 r4c4 r4c5 r4c6
    r5c2 r5c3 r5c4
    - location)
  (:init
    (man r4c6)
    (box r4c4) (box r4c5)
    (clear r2c2) (clear r2c3) (clear r2c4) (clear r2c5) (clear r2c6)
    (clear r3c2) (clear r3c4) (clear r3c6)
    (clear r4c2) (clear r4c3)
    (clear r5c2) (clear r5c3) (clear r5c4)
    (adjacent r2c2 r3c2 down) (adjacent r2c2 r2c3 right)
    (adjacent r2c3 r2c2 left) (adjacent r2c3 r2c4 right)
    (adjacent r2c4 r3c4 down) (adjacent r2c4 r2c3 left) (adjacent r2c4 r2c5 right)
    (adjacent r2c5 r2c4 left) (adjacent r2c5 r2c6 right)
    (adjacent r2c6 r3c6 down) (adjacent r2c6 r2c5 left)
    (adjacent r3c2 r2c2 up) (adjacent r3c2 r4c2 down)
    (adjacent r3c4 r2c4 up) (adjacent r3c4 r4c4 down)
    (adjacent r3c6 r2c6 up) (adjacent r3c6 r4c6 down)
    (adjacent r4c2 r3c2 up) (adjacent r4c2 r5c2 down) (adjacent r4c2 r4c3 right)
    (adjacent r4c3 r5c3 down) (adjacent r4c3 r4c2 left) (adjacent r4c3 r4c4 right)
    (adjacent r4c4 r3c4 up) (adjacent r4c4 r5c4 down) (adjacent r4c4 r4c3 left) (adjacent r4c4 r4c5 right)
    (adjacent r4c5 r4c4 left) (adjacent r4c5 r4c6 right)
    (adjacent r4c6 r3c6 up) (adjacent r4c6 r4c5 left)
    (adjacent r5c2 r4c2 up) (adjacent r5c2 r5c3 right)
    (adjacent r5c3 r4c3 up) (adjacent r5c3 r5c2 left) (adjacent r5c3 r5c4 right)
    (adjacent r5c4 r4c4 up) (adjacent r5c4 r5c3 left)
  )
  (:goal (and (box r4c2) (box r4c5))))
