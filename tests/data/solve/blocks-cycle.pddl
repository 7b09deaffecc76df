; Unsolvable, though every goal atom is reachable on its own: a cannot be on b
; while b is on a. Search has to explore the whole state space to prove it.
(define (problem blocks-cycle)
  (:domain blocks)
  (:objects a b c)
  (:init (clear a) (clear b) (clear c) (ontable a) (ontable b) (ontable c) (handempty))
  (:goal (and (on a b) (on b a))))
