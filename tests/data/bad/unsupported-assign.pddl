(define (domain d)
  (:predicates (p ?x))
  (:functions (fuel) - number)
  (:action a :parameters (?x) :precondition (p ?x) :effect (and (not (p ?x)) (assign (fuel) 3))))
