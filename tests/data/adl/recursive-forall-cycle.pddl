; a -> b -> c -> c and no p: the least fixpoint derives no d (d(c) would
; need d(c) itself), so (win) never applies: unsolvable.
(define (problem rec-cycle)
  (:domain rec)
  (:objects b c)
  (:init (e a b) (e b c) (e c c))
  (:goal (g)))
