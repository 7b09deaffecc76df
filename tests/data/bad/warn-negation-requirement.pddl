(define (domain d)
  (:requirements :strips :negation)
  (:predicates (p) (q))
  (:action a :parameters () :precondition (not (p)) :effect (p)))
