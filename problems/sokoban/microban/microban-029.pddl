; Sokoban level `29` (level 29 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
;      #####
;      #   ##
;      #    #
;  ######   #
; ##     #. #
; # $ $ @  ##
; # ######.#
; #        #
; ##########

(define (problem microban-029)
  (:domain sokoban)
  (:objects
    r2c7 r2c8 r2c9
    r3c7 r3c8 r3c9 r3c10
    r4c8 r4c9 r4c10
    r5c3 r5c4 r5c5 r5c6 r5c7 r5c9 r5c10
    r6c2 r6c3 r6c4 r6c5 r6c6 r6c7 r6c8 r6c9
    r7c2 r7c9
    r8c2 r8c3 r8c4 r8c5 r8c6 r8c7 r8c8 r8c9
    - location)
  (:init
    (man r6c7)
    (box r6c3) (box r6c5)
    (clear r2c7) (clear r2c8) (clear r2c9)
    (clear r3c7) (clear r3c8) (clear r3c9) (clear r3c10)
    (clear r4c8) (clear r4c9) (clear r4c10)
    (clear r5c3) (clear r5c4) (clear r5c5) (clear r5c6) (clear r5c7) (clear r5c9) (clear r5c10)
    (clear r6c2) (clear r6c4) (clear r6c6) (clear r6c8) (clear r6c9)
    (clear r7c2) (clear r7c9)
    (clear r8c2) (clear r8c3) (clear r8c4) (clear r8c5) (clear r8c6) (clear r8c7) (clear r8c8) (clear r8c9)
    (adjacent r2c7 r3c7 down) (adjacent r2c7 r2c8 right)
    (adjacent r2c8 r3c8 down) (adjacent r2c8 r2c7 left) (adjacent r2c8 r2c9 right)
    (adjacent r2c9 r3c9 down) (adjacent r2c9 r2c8 left)
    (adjacent r3c7 r2c7 up) (adjacent r3c7 r3c8 right)
    (adjacent r3c8 r2c8 up) (adjacent r3c8 r4c8 down) (adjacent r3c8 r3c7 left) (adjacent r3c8 r3c9 right)
    (adjacent r3c9 r2c9 up) (adjacent r3c9 r4c9 down) (adjacent r3c9 r3c8 left) (adjacent r3c9 r3c10 right)
    (adjacent r3c10 r4c10 down) (adjacent r3c10 r3c9 left)
    (adjacent r4c8 r3c8 up) (adjacent r4c8 r4c9 right)
    (adjacent r4c9 r3c9 up) (adjacent r4c9 r5c9 down) (adjacent r4c9 r4c8 left) (adjacent r4c9 r4c10 right)
    (adjacent r4c10 r3c10 up) (adjacent r4c10 r5c10 down) (adjacent r4c10 r4c9 left)
    (adjacent r5c3 r6c3 down) (adjacent r5c3 r5c4 right)
    (adjacent r5c4 r6c4 down) (adjacent r5c4 r5c3 left) (adjacent r5c4 r5c5 right)
    (adjacent r5c5 r6c5 down) (adjacent r5c5 r5c4 left) (adjacent r5c5 r5c6 right)
    (adjacent r5c6 r6c6 down) (adjacent r5c6 r5c5 left) (adjacent r5c6 r5c7 right)
    (adjacent r5c7 r6c7 down) (adjacent r5c7 r5c6 left)
    (adjacent r5c9 r4c9 up) (adjacent r5c9 r6c9 down) (adjacent r5c9 r5c10 right)
    (adjacent r5c10 r4c10 up) (adjacent r5c10 r5c9 left)
    (adjacent r6c2 r7c2 down) (adjacent r6c2 r6c3 right)
    (adjacent r6c3 r5c3 up) (adjacent r6c3 r6c2 left) (adjacent r6c3 r6c4 right)
    (adjacent r6c4 r5c4 up) (adjacent r6c4 r6c3 left) (adjacent r6c4 r6c5 right)
    (adjacent r6c5 r5c5 up) (adjacent r6c5 r6c4 left) (adjacent r6c5 r6c6 right)
    (adjacent r6c6 r5c6 up) (adjacent r6c6 r6c5 left) (adjacent r6c6 r6c7 right)
    (adjacent r6c7 r5c7 up) (adjacent r6c7 r6c6 left) (adjacent r6c7 r6c8 right)
    (adjacent r6c8 r6c7 left) (adjacent r6c8 r6c9 right)
    (adjacent r6c9 r5c9 up) (adjacent r6c9 r7c9 down) (adjacent r6c9 r6c8 left)
    (adjacent r7c2 r6c2 up) (adjacent r7c2 r8c2 down)
    (adjacent r7c9 r6c9 up) (adjacent r7c9 r8c9 down)
    (adjacent r8c2 r7c2 up) (adjacent r8c2 r8c3 right)
    (adjacent r8c3 r8c2 left) (adjacent r8c3 r8c4 right)
    (adjacent r8c4 r8c3 left) (adjacent r8c4 r8c5 right)
    (adjacent r8c5 r8c4 left) (adjacent r8c5 r8c6 right)
    (adjacent r8c6 r8c5 left) (adjacent r8c6 r8c7 right)
    (adjacent r8c7 r8c6 left) (adjacent r8c7 r8c8 right)
    (adjacent r8c8 r8c7 left) (adjacent r8c8 r8c9 right)
    (adjacent r8c9 r7c9 up) (adjacent r8c9 r8c8 left)
  )
  (:goal (and (box r5c9) (box r7c9))))
