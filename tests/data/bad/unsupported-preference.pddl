(define (domain d)
  (:requirements :preferences)
  (:predicates (p ?x) (q ?x))
  (:action a :parameters (?x) :precondition (preference pq (q ?x)) :effect (not (p ?x))))
