; Sokoban, the planbox home domain (in the spirit of a classroom notebook).
;
; The board is a set of `location`s linked by the static relation
; (adjacent ?from ?to ?dir): stepping from ?from in direction ?dir reaches ?to.
; Three fluents describe a state: (man ?l), (box ?l), and (clear ?l), which
; holds exactly when ?l holds neither the man nor a box.
;
;   move:  the man steps into a clear neighbour.
;   push:  the man at ?from pushes the box at ?box, next to him in direction
;          ?dir, one step further, into the clear cell ?to; he takes the box's
;          place and ?from becomes clear.
;
; The goal of a level is (box g) for every goal cell g. There is no metric:
; every action costs 1, so the plan length is moves plus pushes.
; Problems come from `planbox xsb2pddl LEVELS.xsb`; cells are named rRcC
; (row R, column C, counted from 1 at the top left of the level).

(define (domain sokoban)
  (:requirements :strips :typing)
  (:types location direction)
  (:constants up down left right - direction)
  (:predicates
    (man ?l - location)
    (box ?l - location)
    (clear ?l - location)
    (adjacent ?from ?to - location ?dir - direction))

  (:action move
    :parameters (?from ?to - location ?dir - direction)
    :precondition (and (man ?from) (clear ?to) (adjacent ?from ?to ?dir))
    :effect (and (man ?to) (clear ?from) (not (man ?from)) (not (clear ?to))))

  (:action push
    :parameters (?from ?box ?to - location ?dir - direction)
    :precondition (and (man ?from) (box ?box) (clear ?to)
                       (adjacent ?from ?box ?dir) (adjacent ?box ?to ?dir))
    :effect (and (man ?box) (box ?to) (clear ?from)
                 (not (man ?from)) (not (box ?box)) (not (clear ?to)))))
