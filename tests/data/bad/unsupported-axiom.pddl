(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:axiom :vars (?x) :context (p ?x) :implies (q ?x))
  (:action a :parameters (?x) :precondition (q ?x) :effect (not (p ?x))))
