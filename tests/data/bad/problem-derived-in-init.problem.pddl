(define (problem pd) (:domain depot-mini)
  (:objects t1 - truck p1 - package home shop - place)
  (:init (at t1 home) (at p1 shop) (linked home shop))
  (:goal (at p1 home)))
