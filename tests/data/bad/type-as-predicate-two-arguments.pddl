(define (domain d)
  (:requirements :strips :typing)
  (:types truck place)
  (:predicates (at ?v - truck ?p - place))
  (:action park
    :parameters (?v - truck ?p - place)
    :precondition (truck ?v ?p)
    :effect (at ?v ?p)))
