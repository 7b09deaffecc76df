; Sokoban level `3` (level 3 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
;   ####
; ###  ####
; #     $ #
; # #  #$ #
; # . .#@ #
; #########

(define (problem microban-003)
  (:domain sokoban)
  (:objects
    r2c4 r2c5
    r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8
    r4c2 r4c4 r4c5 r4c7 r4c8
    r5c2 r5c3 r5c4 r5c5 r5c7 r5c8
    - location)
  (:init
    (man r5c7)
    (box r3c7) (box r4c7)
    (clear r2c4) (clear r2c5)
    (clear r3c2) (clear r3c3) (clear r3c4) (clear r3c5) (clear r3c6) (clear r3c8)
    (clear r4c2) (clear r4c4) (clear r4c5) (clear r4c8)
    (clear r5c2) (clear r5c3) (clear r5c4) (clear r5c5) (clear r5c8)
    (adjacent r2c4 r3c4 down) (adjacent r2c4 r2c5 right)
    (adjacent r2c5 r3c5 down) (adjacent r2c5 r2c4 left)
    (adjacent r3c2 r4c2 down) (adjacent r3c2 r3c3 right)
    (adjacent r3c3 r3c2 left) (adjacent r3c3 r3c4 right)
    (adjacent r3c4 r2c4 up) (adjacent r3c4 r4c4 down) (adjacent r3c4 r3c3 left) (adjacent r3c4 r3c5 right)
    (adjacent r3c5 r2c5 up) (adjacent r3c5 r4c5 down) (adjacent r3c5 r3c4 left) (adjacent r3c5 r3c6 right)
    (adjacent r3c6 r3c5 left) (adjacent r3c6 r3c7 right)
    (adjacent r3c7 r4c7 down) (adjacent r3c7 r3c6 left) (adjacent r3c7 r3c8 right)
    (adjacent r3c8 r4c8 down) (adjacent r3c8 r3c7 left)
    (adjacent r4c2 r3c2 up) (adjacent r4c2 r5c2 down)
    (adjacent r4c4 r3c4 up) (adjacent r4c4 r5c4 down) (adjacent r4c4 r4c5 right)
    (adjacent r4c5 r3c5 up) (adjacent r4c5 r5c5 down) (adjacent r4c5 r4c4 left)
    (adjacent r4c7 r3c7 up) (adjacent r4c7 r5c7 down) (adjacent r4c7 r4c8 right)
    (adjacent r4c8 r3c8 up) (adjacent r4c8 r5c8 down) (adjacent r4c8 r4c7 left)
    (adjacent r5c2 r4c2 up) (adjacent r5c2 r5c3 right)
    (adjacent r5c3 r5c2 left) (adjacent r5c3 r5c4 right)
    (adjacent r5c4 r4c4 up) (adjacent r5c4 r5c3 left) (adjacent r5c4 r5c5 right)
    (adjacent r5c5 r4c5 up) (adjacent r5c5 r5c4 left)
    (adjacent r5c7 r4c7 up) (adjacent r5c7 r5c8 right)
    (adjacent r5c8 r4c8 up) (adjacent r5c8 r5c7 left)
  )
  (:goal (and (box r5c3) (box r5c5))))
