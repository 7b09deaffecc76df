; Light the lamp, break it, light it again, then turn the switch on (or let
; it trip): 4 steps. Lighting and switching on may not share a forall-step
; step (either order must work, and switching first leaves the lamp
; unlightable); the exists-step encoding orders light first and takes both
; in one step: makespan 3.
(define (problem switch-solvable)
  (:domain switch)
  (:init (off) (dark))
  (:goal (and (on) (broken) (lit))))
