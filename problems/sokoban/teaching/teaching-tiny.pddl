; Sokoban level `tiny` (level 8 of teaching.xsb)
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
; ####
; #.##
; #$@#
; #  #
; ####

(define (problem teaching-tiny)
  (:domain sokoban)
  (:objects
    r2c2
    r3c2 r3c3
    r4c2 r4c3
    - location)
  (:init
    (man r3c3)
    (box r3c2)
    (clear r2c2)
    (clear r4c2) (clear r4c3)
    (adjacent r2c2 r3c2 down)
    (adjacent r3c2 r2c2 up) (adjacent r3c2 r4c2 down) (adjacent r3c2 r3c3 right)
    (adjacent r3c3 r4c3 down) (adjacent r3c3 r3c2 left)
    (adjacent r4c2 r3c2 up) (adjacent r4c2 r4c3 right)
    (adjacent r4c3 r3c3 up) (adjacent r4c3 r4c2 left)
  )
  (:goal (and (box r2c2))))
