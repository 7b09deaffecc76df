(define (domain d)
  (:predicates (p ?x))
  (:functions (fuel ?x) - number)
  (:action a :parameters (?x) :precondition (and (p ?x) (>= (fuel ?x) 1)) :effect (not (p ?x))))
