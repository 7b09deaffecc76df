; Only l2 must change: one flip (cost 2) beats toggle-all and two flips back
; (cost 7).
(define (problem one)
  (:domain toggle)
  (:objects l1 l2 l3 - light)
  (:init (on l1) (= (total-cost) 0))
  (:goal (and (on l1) (on l2) (not (on l3))))
  (:metric minimize (total-cost)))
