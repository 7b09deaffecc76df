(define (domain d)
  (:predicates (at ?x ?y))
  (:action move
    :parameters (?who ?from)
    :precondition (at ?who ?from)
    :effect (and (at ?who ?to) (not (at ?who ?from)))))
