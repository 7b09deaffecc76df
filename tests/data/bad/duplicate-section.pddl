(define (domain d)
  (:predicates (p ?x))
  (:predicates (q ?x)))
