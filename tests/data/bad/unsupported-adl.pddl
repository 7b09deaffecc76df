(define (domain d)
  (:requirements :adl)
  (:predicates (p)))
