(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck home - place)
  (:init (at ?t home))
  (:goal (at t1 home)))
