; A goal that is not a conjunction: every lamp lit or on the mains, and the
; electrician gone or some battery charged. Optimal: light l2 is impossible
; before charging b1, so: charge b1, light l2, light l3: 3 steps (the
; disjunct `charged b1` then holds too).
(define (problem quantified-goal)
  (:domain lamps)
  (:objects l1 l2 l3 - lamp b1 b2 - battery hammer - tool)
  (:init (mains l1) (wired b1 l2) (wired b2 l3) (charged b2) (free-hands))
  (:goal (and (forall (?l - lamp) (or (mains ?l) (lit ?l)))
              (or (gone) (exists (?b - battery) (and (charged ?b) (wired ?b l2)))))))
