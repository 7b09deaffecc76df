(define (domain d)
  (:requirements :strips :typng)
  (:predicates (p)))
