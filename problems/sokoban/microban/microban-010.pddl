; Sokoban level `10` (level 10 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
;       #####
;       #.  #
;       #.# #
; #######.# #
; # @ $ $ $ #
; # # # # ###
; #       #
; #########

(define (problem microban-010)
  (:domain sokoban)
  (:objects
    r2c8 r2c9 r2c10
    r3c8 r3c10
    r4c8 r4c10
    r5c2 r5c3 r5c4 r5c5 r5c6 r5c7 r5c8 r5c9 r5c10
    r6c2 r6c4 r6c6 r6c8
    r7c2 r7c3 r7c4 r7c5 r7c6 r7c7 r7c8
    - location)
  (:init
    (man r5c3)
    (box r5c5) (box r5c7) (box r5c9)
    (clear r2c8) (clear r2c9) (clear r2c10)
    (clear r3c8) (clear r3c10)
    (clear r4c8) (clear r4c10)
    (clear r5c2) (clear r5c4) (clear r5c6) (clear r5c8) (clear r5c10)
    (clear r6c2) (clear r6c4) (clear r6c6) (clear r6c8)
    (clear r7c2) (clear r7c3) (clear r7c4) (clear r7c5) (clear r7c6) (clear r7c7) (clear r7c8)
    (adjacent r2c8 r3c8 down) (adjacent r2c8 r2c9 right)
    (adjacent r2c9 r2c8 left) (adjacent r2c9 r2c10 right)
    (adjacent r2c10 r3c10 down) (adjacent r2c10 r2c9 left)
    (adjacent r3c8 r2c8 up) (adjacent r3c8 r4c8 down)
    (adjacent r3c10 r2c10 up) (adjacent r3c10 r4c10 down)
    (adjacent r4c8 r3c8 up) (adjacent r4c8 r5c8 down)
    (adjacent r4c10 r3c10 up) (adjacent r4c10 r5c10 down)
    (adjacent r5c2 r6c2 down) (adjacent r5c2 r5c3 right)
    (adjacent r5c3 r5c2 left) (adjacent r5c3 r5c4 right)
    (adjacent r5c4 r6c4 down) (adjacent r5c4 r5c3 left) (adjacent r5c4 r5c5 right)
    (adjacent r5c5 r5c4 left) (adjacent r5c5 r5c6 right)
    (adjacent r5c6 r6c6 down) (adjacent r5c6 r5c5 left) (adjacent r5c6 r5c7 right)
    (adjacent r5c7 r5c6 left) (adjacent r5c7 r5c8 right)
    (adjacent r5c8 r4c8 up) (adjacent r5c8 r6c8 down) (adjacent r5c8 r5c7 left) (adjacent r5c8 r5c9 right)
    (adjacent r5c9 r5c8 left) (adjacent r5c9 r5c10 right)
    (adjacent r5c10 r4c10 up) (adjacent r5c10 r5c9 left)
    (adjacent r6c2 r5c2 up) (adjacent r6c2 r7c2 down)
    (adjacent r6c4 r5c4 up) (adjacent r6c4 r7c4 down)
    (adjacent r6c6 r5c6 up) (adjacent r6c6 r7c6 down)
    (adjacent r6c8 r5c8 up) (adjacent r6c8 r7c8 down)
    (adjacent r7c2 r6c2 up) (adjacent r7c2 r7c3 right)
    (adjacent r7c3 r7c2 left) (adjacent r7c3 r7c4 right)
    (adjacent r7c4 r6c4 up) (adjacent r7c4 r7c3 left) (adjacent r7c4 r7c5 right)
    (adjacent r7c5 r7c4 left) (adjacent r7c5 r7c6 right)
    (adjacent r7c6 r6c6 up) (adjacent r7c6 r7c5 left) (adjacent r7c6 r7c7 right)
    (adjacent r7c7 r7c6 left) (adjacent r7c7 r7c8 right)
    (adjacent r7c8 r6c8 up) (adjacent r7c8 r7c7 left)
  )
  (:goal (and (box r2c8) (box r3c8) (box r4c8))))
