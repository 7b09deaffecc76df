; Sokoban level `12` (level 12 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
; #####
; #   ##
; # $  #
; ## $ ####
;  ###@.  #
;   #  .# #
;   #     #
;   #######

(define (problem microban-012)
  (:domain sokoban)
  (:objects
    r2c2 r2c3 r2c4
    r3c2 r3c3 r3c4 r3c5
    r4c3 r4c4 r4c5
    r5c5 r5c6 r5c7 r5c8
    r6c4 r6c5 r6c6 r6c8
    r7c4 r7c5 r7c6 r7c7 r7c8
    - location)
  (:init
    (man r5c5)
    (box r3c3) (box r4c4)
    (clear r2c2) (clear r2c3) (clear r2c4)
    (clear r3c2) (clear r3c4) (clear r3c5)
    (clear r4c3) (clear r4c5)
    (clear r5c6) (clear r5c7) (clear r5c8)
    (clear r6c4) (clear r6c5) (clear r6c6) (clear r6c8)
    (clear r7c4) (clear r7c5) (clear r7c6) (clear r7c7) (clear r7c8)
    (adjacent r2c2 r3c2 down) (adjacent r2c2 r2c3 right)
    (adjacent r2c3 r3c3 down) (adjacent r2c3 r2c2 left) (adjacent r2c3 r2c4 right)
    (adjacent r2c4 r3c4 down) (adjacent r2c4 r2c3 left)
    (adjacent r3c2 r2c2 up) (adjacent r3c2 r3c3 right)
    (adjacent r3c3 r2c3 up) (adjacent r3c3 r4c3 down) (adjacent r3c3 r3c2 left) (adjacent r3c3 r3c4 right)
    (adjacent r3c4 r2c4 up) (adjacent r3c4 r4c4 down) (adjacent r3c4 r3c3 left) (adjacent r3c4 r3c5 right)
    (adjacent r3c5 r4c5 down) (adjacent r3c5 r3c4 left)
    (adjacent r4c3 r3c3 up) (adjacent r4c3 r4c4 right)
    (adjacent r4c4 r3c4 up) (adjacent r4c4 r4c3 left) (adjacent r4c4 r4c5 right)
    (adjacent r4c5 r3c5 up) (adjacent r4c5 r5c5 down) (adjacent r4c5 r4c4 left)
    (adjacent r5c5 r4c5 up) (adjacent r5c5 r6c5 down) (adjacent r5c5 r5c6 right)
    (adjacent r5c6 r6c6 down) (adjacent r5c6 r5c5 left) (adjacent r5c6 r5c7 right)
    (adjacent r5c7 r5c6 left) (adjacent r5c7 r5c8 right)
    (adjacent r5c8 r6c8 down) (adjacent r5c8 r5c7 left)
    (adjacent r6c4 r7c4 down) (adjacent r6c4 r6c5 right)
    (adjacent r6c5 r5c5 up) (adjacent r6c5 r7c5 down) (adjacent r6c5 r6c4 left) (adjacent r6c5 r6c6 right)
    (adjacent r6c6 r5c6 up) (adjacent r6c6 r7c6 down) (adjacent r6c6 r6c5 left)
    (adjacent r6c8 r5c8 up) (adjacent r6c8 r7c8 down)
    (adjacent r7c4 r6c4 up) (adjacent r7c4 r7c5 right)
    (adjacent r7c5 r6c5 up) (adjacent r7c5 r7c4 left) (adjacent r7c5 r7c6 right)
    (adjacent r7c6 r6c6 up) (adjacent r7c6 r7c5 left) (adjacent r7c6 r7c7 right)
    (adjacent r7c7 r7c6 left) (adjacent r7c7 r7c8 right)
    (adjacent r7c8 r6c8 up) (adjacent r7c8 r7c7 left)
  )
  (:goal (and (box r5c6) (box r6c6))))
