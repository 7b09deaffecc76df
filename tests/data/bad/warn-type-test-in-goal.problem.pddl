(define (problem p1) (:domain depot-mini)
  (:objects t1 - truck p1 - package home - place)
  (:init (at t1 home) (road home depot))
  (:goal (and (at t1 depot) (truck t1) (not (locatable home)))))
