(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck)
  (:goal (at t1 depot)))
