; l1 on, l2 and l3 off; the goal inverts them all. Optimal: toggle-all
; (cost 3), cheaper than three flips (cost 6).
(define (problem invert)
  (:domain toggle)
  (:objects l1 l2 l3 - light)
  (:init (on l1) (= (total-cost) 0))
  (:goal (and (not (on l1)) (on l2) (on l3)))
  (:metric minimize (total-cost)))
