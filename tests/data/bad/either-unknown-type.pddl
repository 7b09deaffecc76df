(define (domain d)
  (:requirements :typing)
  (:types truck plane - object)
  (:predicates (at ?v - (either truck ship))))
