(define (domain d)
  (:requirements :typing :existential-preconditions)
  (:types block)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x - block)
    :precondition (exists (?y - blok) (q ?y))
    :effect (p ?x)))
