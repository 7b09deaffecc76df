; Pednault's briefcase world: moving the briefcase moves everything in it.
; Conditional effects under a universal quantifier (forall + when).
(define (domain briefcase)
  (:requirements :typing :conditional-effects)
  (:types location portable)
  (:predicates (at ?o - portable ?l - location)
               (is-at ?l - location)
               (in ?o - portable))
  (:action move
    :parameters (?from ?to - location)
    :precondition (is-at ?from)
    :effect (and (is-at ?to) (not (is-at ?from))
                 (forall (?o - portable)
                   (when (in ?o)
                     (and (at ?o ?to) (not (at ?o ?from)))))))
  (:action put-in
    :parameters (?o - portable ?l - location)
    :precondition (and (at ?o ?l) (is-at ?l) (not (in ?o)))
    :effect (in ?o))
  (:action take-out
    :parameters (?o - portable)
    :precondition (in ?o)
    :effect (not (in ?o))))
