(define (domain depot-mini)
  (:predicates (p)))
