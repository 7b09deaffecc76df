(define (domain d)
  (:requirements :strips :typing)
  (:types truck car - vehicle place)
  (:predicates (at ?v - vehicle ?p - place))
  (:action drive
    :parameters (?v - vehicle ?from ?to - place)
    :precondition (and (at ?v ?from) (truck ?v) (not (truck ?v)))
    :effect (and (not (at ?v ?from)) (at ?v ?to))))
