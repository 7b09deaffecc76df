(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck)
  (:init (at t1 depot)))
