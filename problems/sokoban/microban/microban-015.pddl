; Sokoban level `15` (level 15 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
;      ###
; ######@##
; #    .* #
; #   #   #
; #####$# #
;     #   #
;     #####

(define (problem microban-015)
  (:domain sokoban)
  (:objects
    r2c7
    r3c2 r3c3 r3c4 r3c5 r3c6 r3c7 r3c8
    r4c2 r4c3 r4c4 r4c6 r4c7 r4c8
    r5c6 r5c8
    r6c6 r6c7 r6c8
    - location)
  (:init
    (man r2c7)
    (box r3c7) (box r5c6)
    (clear r3c2) (clear r3c3) (clear r3c4) (clear r3c5) (clear r3c6) (clear r3c8)
    (clear r4c2) (clear r4c3) (clear r4c4) (clear r4c6) (clear r4c7) (clear r4c8)
    (clear r5c8)
    (clear r6c6) (clear r6c7) (clear r6c8)
    (adjacent r2c7 r3c7 down)
    (adjacent r3c2 r4c2 down) (adjacent r3c2 r3c3 right)
    (adjacent r3c3 r4c3 down) (adjacent r3c3 r3c2 left) (adjacent r3c3 r3c4 right)
    (adjacent r3c4 r4c4 down) (adjacent r3c4 r3c3 left) (adjacent r3c4 r3c5 right)
    (adjacent r3c5 r3c4 left) (adjacent r3c5 r3c6 right)
    (adjacent r3c6 r4c6 down) (adjacent r3c6 r3c5 left) (adjacent r3c6 r3c7 right)
    (adjacent r3c7 r2c7 up) (adjacent r3c7 r4c7 down) (adjacent r3c7 r3c6 left) (adjacent r3c7 r3c8 right)
    (adjacent r3c8 r4c8 down) (adjacent r3c8 r3c7 left)
    (adjacent r4c2 r3c2 up) (adjacent r4c2 r4c3 right)
    (adjacent r4c3 r3c3 up) (adjacent r4c3 r4c2 left) (adjacent r4c3 r4c4 right)
    (adjacent r4c4 r3c4 up) (adjacent r4c4 r4c3 left)
    (adjacent r4c6 r3c6 up) (adjacent r4c6 r5c6 down) (adjacent r4c6 r4c7 right)
    (adjacent r4c7 r3c7 up) (adjacent r4c7 r4c6 left) (adjacent r4c7 r4c8 right)
    (adjacent r4c8 r3c8 up) (adjacent r4c8 r5c8 down) (adjacent r4c8 r4c7 left)
    (adjacent r5c6 r4c6 up) (adjacent r5c6 r6c6 down)
    (adjacent r5c8 r4c8 up) (adjacent r5c8 r6c8 down)
    (adjacent r6c6 r5c6 up) (adjacent r6c6 r6c7 right)
    (adjacent r6c7 r6c6 left) (adjacent r6c7 r6c8 right)
    (adjacent r6c8 r5c8 up) (adjacent r6c8 r6c7 left)
  )
  (:goal (and (box r3c6) (box r3c7))))
