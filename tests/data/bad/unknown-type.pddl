(define (domain d)
  (:requirements :typing)
  (:types truck place)
  (:predicates (at ?t - truck ?p - place))
  (:action drive
    :parameters (?t - truk ?from ?to - place)
    :precondition (at ?t ?from)
    :effect (and (at ?t ?to) (not (at ?t ?from)))))
