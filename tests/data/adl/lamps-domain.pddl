; Disjunctive, existential and universal preconditions, imply, either types.
; A lamp lights when it is wired to the mains or to some charged battery; the
; electrician may leave only when no lamp he holds is still in his hands.
(define (domain lamps)
  (:requirements :typing :adl)
  (:types lamp battery tool - object)
  (:predicates (mains ?l - lamp) (wired ?b - battery ?l - lamp)
               (charged ?b - battery) (lit ?l - lamp)
               (holding ?x - (either lamp tool)) (free-hands) (gone))
  (:action charge
    :parameters (?b - battery)
    :precondition (not (charged ?b))
    :effect (charged ?b))
  (:action light
    :parameters (?l - lamp)
    :precondition (or (mains ?l)
                      (exists (?b - battery) (and (charged ?b) (wired ?b ?l))))
    :effect (lit ?l))
  (:action pick
    :parameters (?x - (either lamp tool))
    :precondition (free-hands)
    :effect (and (holding ?x) (not (free-hands))))
  (:action drop
    :parameters (?x - (either lamp tool))
    :precondition (holding ?x)
    :effect (and (not (holding ?x)) (free-hands)))
  (:action leave
    :parameters ()
    :precondition (and (forall (?l - lamp) (imply (not (mains ?l)) (lit ?l)))
                       (not (exists (?x - lamp) (holding ?x))))
    :effect (gone)))
