(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (p ?x)
    :effect (and (not (p ?x)) (when (q ?x) (not (q ?x))))))
