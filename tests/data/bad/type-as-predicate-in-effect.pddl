(define (domain d)
  (:requirements :strips :typing)
  (:types truck car - vehicle)
  (:predicates (painted ?v - vehicle))
  (:action paint
    :parameters (?v - car)
    :effect (and (painted ?v) (truck ?v))))
