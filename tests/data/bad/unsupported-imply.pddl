(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (and (imply (p ?x) (q ?x)))
    :effect (not (p ?x))))
