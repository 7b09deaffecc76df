(define (domain d)
  (:constants home)
  (:predicates (at ?x))
  (:action go :parameters () :precondition (at home) :effect (and (at work) (not (at home)))))
