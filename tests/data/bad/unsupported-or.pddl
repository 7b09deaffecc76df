(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (or (p ?x) (q ?x))
    :effect (not (p ?x))))
