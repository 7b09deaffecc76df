(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck home - place)
  (:init (at t1 home))
  (:goal (att t1 depot)))
