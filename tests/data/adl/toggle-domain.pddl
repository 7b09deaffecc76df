; Conditional effects read the state before the action: `toggle-all` swaps
; every light at once (applied one after the other, the two `when`s would
; undo each other). Action costs make the cheapest plan differ from the
; shortest in other problems.
(define (domain toggle)
  (:requirements :typing :conditional-effects :negative-preconditions :action-costs)
  (:types light)
  (:predicates (on ?l - light))
  (:functions (total-cost) - number)
  (:action toggle-all
    :parameters ()
    :precondition (and)
    :effect (and (forall (?l - light)
                   (and (when (on ?l) (not (on ?l)))
                        (when (not (on ?l)) (on ?l))))
                 (increase (total-cost) 3)))
  (:action flip
    :parameters (?l - light)
    :precondition (and)
    :effect (and (when (on ?l) (not (on ?l)))
                 (when (not (on ?l)) (on ?l))
                 (increase (total-cost) 2))))
