(define (domain d)
  (:requirements :action-costs)
  (:predicates (p))
  (:action a :parameters () :precondition () :effect (and (p) (increase (total-cost) 2))))
