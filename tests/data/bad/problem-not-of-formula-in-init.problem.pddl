(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck home - place)
  (:init (at t1 home) (not (and (at t1 depot))))
  (:goal (at t1 depot)))
