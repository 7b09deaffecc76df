(define (domain d)
  (:requirements :conditional-effects :action-costs)
  (:predicates (p ?x) (q ?x))
  (:functions (total-cost) - number)
  (:action a
    :parameters (?x)
    :precondition (p ?x)
    :effect (and (not (p ?x)) (when (q ?x) (increase (total-cost) 1)))))
