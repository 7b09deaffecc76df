; Sokoban with one man and typed cells: the toolkit's classroom domain
; (a copy used as a test fixture for `planbox invariants`).
(define (domain sokoban)
  (:requirements :strips :typing)
  (:types location direction)
  (:predicates (man ?l - location)
               (box ?l - location)
               (clear ?l - location)
               (adjacent ?from ?to - location ?d - direction))

  (:action move
    :parameters (?from ?to - location ?d - direction)
    :precondition (and (man ?from) (clear ?to) (adjacent ?from ?to ?d))
    :effect (and (man ?to) (not (man ?from)) (clear ?from) (not (clear ?to))))

  (:action push
    :parameters (?from ?box ?to - location ?d - direction)
    :precondition (and (man ?from) (box ?box) (clear ?to)
                       (adjacent ?from ?box ?d) (adjacent ?box ?to ?d))
    :effect (and (man ?box) (not (man ?from))
                 (box ?to) (not (box ?box))
                 (clear ?from) (not (clear ?to)))))
