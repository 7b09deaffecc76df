(define (domain d)
  (:predicates (p ?x))
  (:action a
    :parameters (?x y)
    :precondition (p ?x)
    :effect (not (p ?x))))
