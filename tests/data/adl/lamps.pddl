; l1 is on the mains; l2 is wired to b1, which is flat; l3 to b2, charged.
; The electrician holds l3. He must light l2 and l3 (l1 needs nothing,
; `imply` lets it stay dark), drop l3 and leave. Optimal: charge b1, light l2,
; light l3, drop l3, leave: 5 steps (holding the hammer would be fine).
(define (problem evening)
  (:domain lamps)
  (:objects l1 l2 l3 - lamp b1 b2 - battery hammer - tool)
  (:init (mains l1) (wired b1 l2) (wired b2 l3) (charged b2) (holding l3))
  (:goal (gone)))
