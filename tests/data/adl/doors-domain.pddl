; Derived predicates: rooms are connected through open doors (a recursive
; rule), and a room is cut off when it is connected to no room at all (a rule
; over the negation of the first, one stratum higher).
(define (domain doors)
  (:requirements :typing :derived-predicates :negative-preconditions)
  (:types room)
  (:predicates (door ?x ?y - room) (open ?x ?y - room)
               (connected ?x ?y - room) (cut-off ?x - room) (alarm))
  (:derived (connected ?x ?y - room)
    (or (open ?x ?y) (open ?y ?x)
        (exists (?z - room) (and (connected ?x ?z) (connected ?z ?y)))))
  (:derived (cut-off ?x - room)
    (not (exists (?y - room) (connected ?x ?y))))
  (:action open-door
    :parameters (?x ?y - room)
    :precondition (and (door ?x ?y) (not (open ?x ?y)))
    :effect (open ?x ?y))
  (:action close-door
    :parameters (?x ?y - room)
    :precondition (open ?x ?y)
    :effect (not (open ?x ?y)))
  (:action raise-alarm
    :parameters (?x - room)
    :precondition (cut-off ?x)
    :effect (alarm)))
