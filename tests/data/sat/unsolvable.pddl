; The switch both on and off. Ignoring deletes, both are reached (off at the
; start, on after one step), so relaxed reachability cannot refute it. h2
; finds the two mutex; without mutexes, the bound on the number of states
; (2^6) refutes it after 64 horizons.
(define (problem switch-unsolvable)
  (:domain switch)
  (:init (off) (dark))
  (:goal (and (on) (off))))
