(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a :parameters (?x) :precondition (p ?x) :effect (q ?x))
  (:action A :parameters (?x) :precondition (q ?x) :effect (p ?x)))
