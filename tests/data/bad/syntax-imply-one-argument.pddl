(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (and (imply (p ?x)))
    :effect (not (p ?x))))
