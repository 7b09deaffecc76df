(define (domain d)
  (:requirements :conditional-effects)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (p ?x)
    :effect (forall (?y) (when (q ?y) (not (q ?z))))))
