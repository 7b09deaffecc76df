(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck home - place)
  (:init (at t1 home) (at 10 (road home depot)))
  (:goal (at t1 home)))
