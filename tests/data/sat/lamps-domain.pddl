; Three lamps, any two of which can be lit together but never all three:
; each action lights two and puts out the third. Every pair of facts is
; reachable together, so neither relaxed reachability nor h2 refutes a goal
; of all three; no invariant says "at most one" of them either. Only the
; bound on the number of states (2^3 = 8) proves the task unsolvable.
(define (domain three-lamps)
  (:requirements :strips)
  (:predicates (a) (b) (c))
  (:action light-ab :precondition (and) :effect (and (a) (b) (not (c))))
  (:action light-bc :precondition (and) :effect (and (b) (c) (not (a))))
  (:action light-ac :precondition (and) :effect (and (a) (c) (not (b)))))
