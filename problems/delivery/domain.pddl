; A truck carries packages between places: the small task of the
; abstraction heuristics' walkthrough in docs/teaching.md.
(define (domain delivery)
  (:requirements :strips :typing)
  (:types place locatable - object
          truck package - locatable)
  (:predicates (at ?x - locatable ?p - place)
               (in ?p - package ?t - truck)
               (road ?from ?to - place))
  (:action drive
    :parameters (?t - truck ?from ?to - place)
    :precondition (and (at ?t ?from) (road ?from ?to))
    :effect (and (not (at ?t ?from)) (at ?t ?to)))
  (:action load
    :parameters (?p - package ?t - truck ?l - place)
    :precondition (and (at ?t ?l) (at ?p ?l))
    :effect (and (not (at ?p ?l)) (in ?p ?t)))
  (:action unload
    :parameters (?p - package ?t - truck ?l - place)
    :precondition (and (at ?t ?l) (in ?p ?t))
    :effect (and (not (in ?p ?t)) (at ?p ?l))))
