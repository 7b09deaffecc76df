(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck p1 - package home - place)
  (:init (at t1 home) (truck p1))
  (:goal (at p1 depot)))
