; Sokoban level `11` (level 11 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
;   ######
;   #    #
;   # ##@##
; ### # $ #
; # ..# $ #
; #       #
; #  ######
; ####

(define (problem microban-011)
  (:domain sokoban)
  (:objects
    r2c4 r2c5 r2c6 r2c7
    r3c4 r3c7
    r4c4 r4c6 r4c7 r4c8
    r5c2 r5c3 r5c4 r5c6 r5c7 r5c8
    r6c2 r6c3 r6c4 r6c5 r6c6 r6c7 r6c8
    r7c2 r7c3
    - location)
  (:init
    (man r3c7)
    (box r4c7) (box r5c7)
    (clear r2c4) (clear r2c5) (clear r2c6) (clear r2c7)
    (clear r3c4)
    (clear r4c4) (clear r4c6) (clear r4c8)
    (clear r5c2) (clear r5c3) (clear r5c4) (clear r5c6) (clear r5c8)
    (clear r6c2) (clear r6c3) (clear r6c4) (clear r6c5) (clear r6c6) (clear r6c7) (clear r6c8)
    (clear r7c2) (clear r7c3)
    (adjacent r2c4 r3c4 down) (adjacent r2c4 r2c5 right)
    (adjacent r2c5 r2c4 left) (adjacent r2c5 r2c6 right)
    (adjacent r2c6 r2c5 left) (adjacent r2c6 r2c7 right)
    (adjacent r2c7 r3c7 down) (adjacent r2c7 r2c6 left)
    (adjacent r3c4 r2c4 up) (adjacent r3c4 r4c4 down)
    (adjacent r3c7 r2c7 up) (adjacent r3c7 r4c7 down)
    (adjacent r4c4 r3c4 up) (adjacent r4c4 r5c4 down)
    (adjacent r4c6 r5c6 down) (adjacent r4c6 r4c7 right)
    (adjacent r4c7 r3c7 up) (adjacent r4c7 r5c7 down) (adjacent r4c7 r4c6 left) (adjacent r4c7 r4c8 right)
    (adjacent r4c8 r5c8 down) (adjacent r4c8 r4c7 left)
    (adjacent r5c2 r6c2 down) (adjacent r5c2 r5c3 right)
    (adjacent r5c3 r6c3 down) (adjacent r5c3 r5c2 left) (adjacent r5c3 r5c4 right)
    (adjacent r5c4 r4c4 up) (adjacent r5c4 r6c4 down) (adjacent r5c4 r5c3 left)
    (adjacent r5c6 r4c6 up) (adjacent r5c6 r6c6 down) (adjacent r5c6 r5c7 right)
    (adjacent r5c7 r4c7 up) (adjacent r5c7 r6c7 down) (adjacent r5c7 r5c6 left) (adjacent r5c7 r5c8 right)
    (adjacent r5c8 r4c8 up) (adjacent r5c8 r6c8 down) (adjacent r5c8 r5c7 left)
    (adjacent r6c2 r5c2 up) (adjacent r6c2 r7c2 down) (adjacent r6c2 r6c3 right)
    (adjacent r6c3 r5c3 up) (adjacent r6c3 r7c3 down) (adjacent r6c3 r6c2 left) (adjacent r6c3 r6c4 right)
    (adjacent r6c4 r5c4 up) (adjacent r6c4 r6c3 left) (adjacent r6c4 r6c5 right)
    (adjacent r6c5 r6c4 left) (adjacent r6c5 r6c6 right)
    (adjacent r6c6 r5c6 up) (adjacent r6c6 r6c5 left) (adjacent r6c6 r6c7 right)
    (adjacent r6c7 r5c7 up) (adjacent r6c7 r6c6 left) (adjacent r6c7 r6c8 right)
    (adjacent r6c8 r5c8 up) (adjacent r6c8 r6c7 left)
    (adjacent r7c2 r6c2 up) (adjacent r7c2 r7c3 right)
    (adjacent r7c3 r6c3 up) (adjacent r7c3 r7c2 left)
  )
  (:goal (and (box r5c3) (box r5c4))))
