(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (not (and (p ?x) (q ?x)))
    :effect (p ?x)))
