; Nothing ever adds (off): not even the relaxation reaches the goal.
(define (problem switch-unreachable)
  (:domain switch)
  (:init (on) (dark))
  (:goal (and (off))))
