; A corridor a - b - c - d with doors between neighbours, all closed; the
; b-c door is open. Goal: a connected to d, and the alarm raised (some room
; must be cut off when it is raised). Optimal: raise-alarm a (a is cut off
; at the start), open a-b, open c-d: 3 steps.
(define (problem corridor)
  (:domain doors)
  (:objects a b c d - room)
  (:init (door a b) (door b c) (door c d) (open b c))
  (:goal (and (connected a d) (alarm))))
