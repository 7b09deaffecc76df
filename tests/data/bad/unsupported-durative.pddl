(define (domain d)
  (:requirements :strips)
  (:predicates (p ?x))
  (:durative-action a
    :parameters (?x)
    :duration (= ?duration 2)
    :condition (at start (p ?x))
    :effect (at end (not (p ?x)))))
