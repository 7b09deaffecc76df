(define (domain d)
  (:predicates (road ?x ?y))
  (:action a :parameters (?x ?y ?x) :precondition (road ?x ?y) :effect (not (road ?x ?y))))
