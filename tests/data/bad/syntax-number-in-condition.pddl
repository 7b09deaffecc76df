(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (and (p ?x) 3)
    :effect (q ?x)))
