; Sokoban level `6` (level 6 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
; ###### #####
; #    ###   #
; # $$     #@#
; # $ #...   #
; #   ########
; #####

(define (problem microban-006)
  (:domain sokoban)
  (:objects
    r2c2 r2c3 r2c4 r2c5 r2c9 r2c10 r2c11
    r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8 r3c9 r3c11
    r4c2 r4c3 r4c4 r4c6 r4c7 r4c8 r4c9 r4c10 r4c11
    r5c2 r5c3 r5c4
    - location)
  (:init
    (man r3c11)
    (box r3c3) (box r3c4) (box r4c3)
    (clear r2c2) (clear r2c3) (clear r2c4) (clear r2c5) (clear r2c9) (clear r2c10) (clear r2c11)
    (clear r3c2) (clear r3c5) (clear r3c6) (clear r3c7) (clear r3c8) (clear r3c9)
    (clear r4c2) (clear r4c4) (clear r4c6) (clear r4c7) (clear r4c8) (clear r4c9) (clear r4c10) (clear r4c11)
    (clear r5c2) (clear r5c3) (clear r5c4)
    (adjacent r2c2 r3c2 down) (adjacent r2c2 r2c3 right)
    (adjacent r2c3 r3c3 down) (adjacent r2c3 r2c2 left) (adjacent r2c3 r2c4 right)
    (adjacent r2c4 r3c4 down) (adjacent r2c4 r2c3 left) (adjacent r2c4 r2c5 right)
    (adjacent r2c5 r3c5 down) (adjacent r2c5 r2c4 left)
    (adjacent r2c9 r3c9 down) (adjacent r2c9 r2c10 right)
    (adjacent r2c10 r2c9 left) (adjacent r2c10 r2c11 right)
    (adjacent r2c11 r3c11 down) (adjacent r2c11 r2c10 left)
    (adjacent r3c2 r2c2 up) (adjacent r3c2 r4c2 down) (adjacent r3c2 r3c3 right)
    (adjacent r3c3 r2c3 up) (adjacent r3c3 r4c3 down) (adjacent r3c3 r3c2 left) (adjacent r3c3 r3c4 right)
    (adjacent r3c4 r2c4 up) (adjacent r3c4 r4c4 down) (adjacent r3c4 r3c3 left) (adjacent r3c4 r3c5 right)
    (adjacent r3c5 r2c5 up) (adjacent r3c5 r3c4 left) (adjacent r3c5 r3c6 right)
    (adjacent r3c6 r4c6 down) (adjacent r3c6 r3c5 left) (adjacent r3c6 r3c7 right)
    (adjacent r3c7 r4c7 down) (adjacent r3c7 r3c6 left) (adjacent r3c7 r3c8 right)
    (adjacent r3c8 r4c8 down) (adjacent r3c8 r3c7 left) (adjacent r3c8 r3c9 right)
    (adjacent r3c9 r2c9 up) (adjacent r3c9 r4c9 down) (adjacent r3c9 r3c8 left)
    (adjacent r3c11 r2c11 up) (adjacent r3c11 r4c11 down)
    (adjacent r4c2 r3c2 up) (adjacent r4c2 r5c2 down) (adjacent r4c2 r4c3 right)
    (adjacent r4c3 r3c3 up) (adjacent r4c3 r5c3 down) (adjacent r4c3 r4c2 left) (adjacent r4c3 r4c4 right)
    (adjacent r4c4 r3c4 up) (adjacent r4c4 r5c4 down) (adjacent r4c4 r4c3 left)
    (adjacent r4c6 r3c6 up) (adjacent r4c6 r4c7 right)
    (adjacent r4c7 r3c7 up) (adjacent r4c7 r4c6 left) (adjacent r4c7 r4c8 right)
    (adjacent r4c8 r3c8 up) (adjacent r4c8 r4c7 left) (adjacent r4c8 r4c9 right)
    (adjacent r4c9 r3c9 up) (adjacent r4c9 r4c8 left) (adjacent r4c9 r4c10 right)
    (adjacent r4c10 r4c9 left) (adjacent r4c10 r4c11 right)
    (adjacent r4c11 r3c11 up) (adjacent r4c11 r4c10 left)
    (adjacent r5c2 r4c2 up) (adjacent r5c2 r5c3 right)
    (adjacent r5c3 r4c3 up) (adjacent r5c3 r5c2 left) (adjacent r5c3 r5c4 right)
    (adjacent r5c4 r4c4 up) (adjacent r5c4 r5c3 left)
  )
  (:goal (and (box r4c6) (box r4c7) (box r4c8))))
