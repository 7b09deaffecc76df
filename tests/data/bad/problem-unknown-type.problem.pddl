(define (problem p1) (:domain depot-mini)
  (:objects t1 - lorry home - place)
  (:init (at t1 home))
  (:goal (at t1 home)))
