; A small valid domain for the problem-file error cases.
(define (domain depot-mini)
  (:requirements :strips :typing :negative-preconditions :equality :action-costs :derived-predicates)
  (:types truck package - locatable
          locatable place - object)
  (:constants depot - place)
  (:predicates (at ?x - locatable ?p - place)
               (in ?p - package ?t - truck)
               (road ?from ?to - place) (linked ?from ?to - place))
  (:functions (total-cost) - number
              (distance ?from ?to - place) - number)
  (:action drive
    :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (road ?from ?to) (not (= ?from ?to)))
    :effect (and (not (at ?t ?from)) (at ?t ?to)
                 (increase (total-cost) (distance ?from ?to))))
  (:action load
    :parameters (?p - package ?t - truck ?l - place)
    :precondition (and (at ?p ?l) (at ?t ?l) (not (in ?p ?t)))
    :effect (and (not (at ?p ?l)) (in ?p ?t) (increase (total-cost) 1)))
  (:derived (linked ?from ?to - place) (or (road ?from ?to) (road ?to ?from))))
