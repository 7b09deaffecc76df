(define (domain d)
  (:requirements :conditional-effects)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (when (p ?x) (q ?x))
    :effect (not (p ?x))))
