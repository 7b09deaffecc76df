(define (problem pu) (:domain depot-mini)
  (:objects t1 - truck p1 - package home shop - place)
  (:init (at t1 home) (at p1 shop))
  (:goal (forall (?x - package) (at ?x ?where))))
