(define (domain d)
  (:predicates (p ?x))
  (:functions (fuel ?x) - number)
  (:action a :parameters (?x) :precondition (p ?x) :effect (increase (fuel ?x) 1)))
