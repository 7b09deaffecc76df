(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (and (p ?x) (forall ?y (q ?y)))
    :effect (not (p ?x))))
