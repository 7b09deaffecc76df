(define (domain d)
  (:requirements :typing)
  (:types a - b
          b - c
          c - a)
  (:predicates (p ?x - a)))
