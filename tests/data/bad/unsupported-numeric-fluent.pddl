(define (domain d)
  (:requirements :numeric-fluents)
  (:predicates (p ?x))
  (:functions (fuel ?x)))
