(define (domain d)
  (:predicates (p ?x))
  (:action a
    :parameters (?x)
    :precondition (p ?x)
    :effect (not (p ?x)))
