(define (problem all-three)
  (:domain three-lamps)
  (:init)
  (:goal (and (a) (b) (c))))
