; Sokoban level `30` (level 30 of microban.xsb)
; Copyright: David W. Skinner
; Translated by `planbox xsb2pddl` for domains/sokoban.pddl. Cells are
; named rRcC: row R, column C, counted from 1 at the top left.
;
; ####
; #  ###
; # $$ #
; #... #
; # @$ #
; #   ##
; #####

(define (problem microban-030)
  (:domain sokoban)
  (:objects
    r2c2 r2c3
    r3c2 r3c3 r3c4 r3c5
    r4c2 r4c3 r4c4 r4c5
    r5c2 r5c3 r5c4 r5c5
    r6c2 r6c3 r6c4
    - location)
  (:init
    (man r5c3)
    (box r3c3) (box r3c4) (box r5c4)
    (clear r2c2) (clear r2c3)
    (clear r3c2) (clear r3c5)
    (clear r4c2) (clear r4c3) (clear r4c4) (clear r4c5)
    (clear r5c2) (clear r5c5)
    (clear r6c2) (clear r6c3) (clear r6c4)
    (adjacent r2c2 r3c2 down) (adjacent r2c2 r2c3 right)
    (adjacent r2c3 r3c3 down) (adjacent r2c3 r2c2 left)
    (adjacent r3c2 r2c2 up) (adjacent r3c2 r4c2 down) (adjacent r3c2 r3c3 right)
    (adjacent r3c3 r2c3 up) (adjacent r3c3 r4c3 down) (adjacent r3c3 r3c2 left) (adjacent r3c3 r3c4 right)
    (adjacent r3c4 r4c4 down) (adjacent r3c4 r3c3 left) (adjacent r3c4 r3c5 right)
    (adjacent r3c5 r4c5 down) (adjacent r3c5 r3c4 left)
    (adjacent r4c2 r3c2 up) (adjacent r4c2 r5c2 down) (adjacent r4c2 r4c3 right)
    (adjacent r4c3 r3c3 up) (adjacent r4c3 r5c3 down) (adjacent r4c3 r4c2 left) (adjacent r4c3 r4c4 right)
    (adjacent r4c4 r3c4 up) (adjacent r4c4 r5c4 down) (adjacent r4c4 r4c3 left) (adjacent r4c4 r4c5 right)
    (adjacent r4c5 r3c5 up) (adjacent r4c5 r5c5 down) (adjacent r4c5 r4c4 left)
    (adjacent r5c2 r4c2 up) (adjacent r5c2 r6c2 down) (adjacent r5c2 r5c3 right)
    (adjacent r5c3 r4c3 up) (adjacent r5c3 r6c3 down) (adjacent r5c3 r5c2 left) (adjacent r5c3 r5c4 right)
    (adjacent r5c4 r4c4 up) (adjacent r5c4 r6c4 down) (adjacent r5c4 r5c3 left) (adjacent r5c4 r5c5 right)
    (adjacent r5c5 r4c5 up) (adjacent r5c5 r5c4 left)
    (adjacent r6c2 r5c2 up) (adjacent r6c2 r6c3 right)
    (adjacent r6c3 r5c3 up) (adjacent r6c3 r6c2 left) (adjacent r6c3 r6c4 right)
    (adjacent r6c4 r5c4 up) (adjacent r6c4 r6c3 left)
  )
  (:goal (and (box r4c2) (box r4c3) (box r4c4))))
