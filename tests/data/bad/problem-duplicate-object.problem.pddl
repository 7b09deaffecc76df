(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck p1 - package home shop - place
            t1 - truck)
  (:init (at t1 home))
  (:goal (at p1 home)))
