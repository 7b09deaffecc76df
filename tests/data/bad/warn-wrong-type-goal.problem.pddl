(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck p1 - package home shop - place)
  (:init (at t1 home) (at p1 shop) (road home shop))
  (:goal (and (at p1 home) (in p1 p1))))
