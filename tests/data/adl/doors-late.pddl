; As corridor, but every door starts open: before the alarm can be raised a
; room must be cut off again (close a-b), then a-d needs a-b open again.
; Optimal: close a-b, raise-alarm a, open a-b: 3 steps.
(define (problem corridor-open)
  (:domain doors)
  (:objects a b c d - room)
  (:init (door a b) (door b c) (door c d) (open a b) (open b c) (open c d))
  (:goal (and (connected a d) (alarm))))
