; A numeric condition, as Unified Planning's PDDL writer emits it for a
; problem with an integer fluent: the grammar has no numeric comparisons, so
; the declared requirement is what planbox names (exit 34, not a syntax error).
(define (domain basic_numeric-domain)
 (:requirements :strips :equality :numeric-fluents)
 (:functions
             (value)
 )
 (:action task
  :parameters ()
  :precondition (and (= (value) 1))
  :effect (and (assign (value) 2)))
)
