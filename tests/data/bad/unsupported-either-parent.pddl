(define (domain d)
  (:requirements :typing)
  (:types truck plane - object
          seaplane - (either plane ship))
  (:predicates (at ?v - truck)))
