(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:derived (q ?x) (p ?x))
  (:action a :parameters (?x) :precondition (q ?x) :effect (not (p ?x))))
