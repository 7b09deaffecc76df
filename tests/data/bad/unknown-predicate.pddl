(define (domain d)
  (:predicates (holding ?x) (clear ?x))
  (:action pick
    :parameters (?x)
    :precondition (clear ?x)
    :effect (and (holdng ?x) (not (clear ?x)))))
