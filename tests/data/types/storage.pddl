; c2 stands on c1 on store area sa1; c1 must go to sa2. Optimal: 4 steps,
; lift c2 off c1 and put it down on sa3 (or on c2 itself, which `drop`
; allows), then lift c1 off sa1 (a store area as the `surface`) and drop it
; on sa2.
(define (problem two-crates)
  (:domain storage-stacking)
  (:objects h1 - hoist
            sa1 sa2 sa3 - storearea
            c1 c2 - crate
            d1 - depot)
  (:init (available h1)
         (on c1 sa1) (on c2 c1) (clear c2) (clear sa2) (clear sa3)
         (in sa1 d1) (in sa2 d1) (in sa3 d1) (in c1 d1) (in c2 d1))
  (:goal (on c1 sa2)))
