; Light, break, light again, sound the alarm: 4 steps, and 4 forall-steps,
; since sounding the alarm disables lighting (a negative precondition); 3
; exists-steps, whose order lights first.
(define (problem switch-alarm)
  (:domain switch)
  (:init (off) (dark))
  (:goal (and (broken) (lit) (alarm))))
