; A derived predicate defined through a universal quantifier over itself:
; (d x) holds when (p x) does, or when d holds at every successor of x.
; PDDL reads it as the least fixpoint (d occurs positively in its own body,
; so the rule is stratified); a node is d when every path from it reaches
; a p node, and a cycle of nodes without p stays false.
(define (domain rec)
  (:requirements :adl :derived-predicates)
  (:constants a)
  (:predicates (p ?x) (e ?x ?y) (d ?x) (g))
  (:derived (d ?x) (or (p ?x) (forall (?y) (imply (e ?x ?y) (d ?y)))))
  (:action win :parameters () :precondition (d a) :effect (g)))
