;; A byte-order mark before the first line: positions stay an editor's.
(define (domain d)
  (:predicates (on ?x))
  (:action a :parameters (?x) :precondition (onn ?x) :effect (not (on ?x))))
