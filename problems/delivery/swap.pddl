; Two packages swap places: p1 goes from a to b, p2 from b to a, and the
; one truck starts at a. The optimal plan drives there and back: 6 steps.
(define (problem swap)
  (:domain delivery)
  (:objects a b - place t - truck p1 p2 - package)
  (:init (at t a) (at p1 a) (at p2 b) (road a b) (road b a))
  (:goal (and (at p1 b) (at p2 a))))
