; A 3x3 room, the man in the corner, two boxes to push right:
;   @$.
;   .$.
;   ...
(define (problem sokoban-3x3)
  (:domain sokoban)
  (:objects c11 c12 c13 c21 c22 c23 c31 c32 c33 - location
             up down left right - direction)
  (:init (man c11)
         (box c12)
         (box c22)
         (clear c13)
         (clear c21)
         (clear c23)
         (clear c31)
         (clear c32)
         (clear c33)
         (adjacent c11 c21 down) (adjacent c11 c12 right) (adjacent c12 c22 down)
         (adjacent c12 c11 left) (adjacent c12 c13 right) (adjacent c13 c23 down)
         (adjacent c13 c12 left) (adjacent c21 c11 up) (adjacent c21 c31 down)
         (adjacent c21 c22 right) (adjacent c22 c12 up) (adjacent c22 c32 down)
         (adjacent c22 c21 left) (adjacent c22 c23 right) (adjacent c23 c13 up)
         (adjacent c23 c33 down) (adjacent c23 c22 left) (adjacent c31 c21 up)
         (adjacent c31 c32 right) (adjacent c32 c22 up) (adjacent c32 c31 left)
         (adjacent c32 c33 right) (adjacent c33 c23 up) (adjacent c33 c32 left))
  (:goal (and (box c13) (box c23))))
