; a -> b -> c -> c, and (p c): d(c) from (p c), then d(b), then d(a).
; Optimal: (win), 1 step.
(define (problem rec1)
  (:domain rec)
  (:objects b c)
  (:init (p c) (e a b) (e b c) (e c c))
  (:goal (g)))
