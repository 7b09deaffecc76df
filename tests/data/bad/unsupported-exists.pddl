(define (domain d)
  (:predicates (p ?x) (q ?x))
  (:action a
    :parameters (?x)
    :precondition (exists (?y) (q ?y))
    :effect (p ?x)))
