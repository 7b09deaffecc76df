(define (problem p1) (:domain depot)
  (:objects t1 - truck)
  (:init (at t1 depot))
  (:goal (at t1 depot)))
