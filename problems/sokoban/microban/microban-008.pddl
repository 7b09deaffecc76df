; Sokoban level `8` (level 8 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
;   ######
;   # ..@#
;   # $$ #
;   ## ###
;    # #
;    # #
; #### #
; #    ##
; # #   #
; #   # #
; ###   #
;   #####

(define (problem microban-008)
  (:domain sokoban)
  (:objects
    r2c4 r2c5 r2c6 r2c7
    r3c4 r3c5 r3c6 r3c7
    r4c5
    r5c5
    r6c5
    r7c5
    r8c2 r8c3 r8c4 r8c5
    r9c2 r9c4 r9c5 r9c6
    r10c2 r10c3 r10c4 r10c6
    r11c4 r11c5 r11c6
    - location)
  (:init
    (man r2c7)
    (box r3c5) (box r3c6)
    (clear r2c4) (clear r2c5) (clear r2c6)
    (clear r3c4) (clear r3c7)
    (clear r4c5)
    (clear r5c5)
    (clear r6c5)
    (clear r7c5)
    (clear r8c2) (clear r8c3) (clear r8c4) (clear r8c5)
    (clear r9c2) (clear r9c4) (clear r9c5) (clear r9c6)
    (clear r10c2) (clear r10c3) (clear r10c4) (clear r10c6)
    (clear r11c4) (clear r11c5) (clear r11c6)
    (adjacent r2c4 r3c4 down) (adjacent r2c4 r2c5 right)
    (adjacent r2c5 r3c5 down) (adjacent r2c5 r2c4 left) (adjacent r2c5 r2c6 right)
    (adjacent r2c6 r3c6 down) (adjacent r2c6 r2c5 left) (adjacent r2c6 r2c7 right)
    (adjacent r2c7 r3c7 down) (adjacent r2c7 r2c6 left)
    (adjacent r3c4 r2c4 up) (adjacent r3c4 r3c5 right)
    (adjacent r3c5 r2c5 up) (adjacent r3c5 r4c5 down) (adjacent r3c5 r3c4 left) (adjacent r3c5 r3c6 right)
    (adjacent r3c6 r2c6 up) (adjacent r3c6 r3c5 left) (adjacent r3c6 r3c7 right)
    (adjacent r3c7 r2c7 up) (adjacent r3c7 r3c6 left)
    (adjacent r4c5 r3c5 up) (adjacent r4c5 r5c5 down)
    (adjacent r5c5 r4c5 up) (adjacent r5c5 r6c5 down)
    (adjacent r6c5 r5c5 up) (adjacent r6c5 r7c5 down)
    (adjacent r7c5 r6c5 up) (adjacent r7c5 r8c5 down)
    (adjacent r8c2 r9c2 down) (adjacent r8c2 r8c3 right)
    (adjacent r8c3 r8c2 left) (adjacent r8c3 r8c4 right)
    (adjacent r8c4 r9c4 down) (adjacent r8c4 r8c3 left) (adjacent r8c4 r8c5 right)
    (adjacent r8c5 r7c5 up) (adjacent r8c5 r9c5 down) (adjacent r8c5 r8c4 left)
    (adjacent r9c2 r8c2 up) (adjacent r9c2 r10c2 down)
    (adjacent r9c4 r8c4 up) (adjacent r9c4 r10c4 down) (adjacent r9c4 r9c5 right)
    (adjacent r9c5 r8c5 up) (adjacent r9c5 r9c4 left) (adjacent r9c5 r9c6 right)
    (adjacent r9c6 r10c6 down) (adjacent r9c6 r9c5 left)
    (adjacent r10c2 r9c2 up) (adjacent r10c2 r10c3 right)
    (adjacent r10c3 r10c2 left) (adjacent r10c3 r10c4 right)
    (adjacent r10c4 r9c4 up) (adjacent r10c4 r11c4 down) (adjacent r10c4 r10c3 left)
    (adjacent r10c6 r9c6 up) (adjacent r10c6 r11c6 down)
    (adjacent r11c4 r10c4 up) (adjacent r11c4 r11c5 right)
    (adjacent r11c5 r11c4 left) (adjacent r11c5 r11c6 right)
    (adjacent r11c6 r10c6 up) (adjacent r11c6 r11c5 left)
  )
  (:goal (and (box r2c5) (box r2c6))))
