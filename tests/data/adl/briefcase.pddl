; Swap: the dictionary goes to the office, the paycheck comes home.
; Optimal: put-in dict, move home office, take-out dict, put-in paycheck,
; move office home: 5 steps (the paycheck need not be taken out).
(define (problem swap)
  (:domain briefcase)
  (:objects home office - location dict paycheck - portable)
  (:init (is-at home) (at dict home) (at paycheck office))
  (:goal (and (at dict office) (at paycheck home))))
