(define (domain d)
  (:predicates (on ?x ?y) (clear ?x))
  (:action stack
    :parameters (?x ?y)
    :precondition (and (clear ?y) (on ?x ?y ?x))
    :effect (not (clear ?y))))
