; A switch that goes on (by hand, or tripped by a broken lamp) but never off
; again; a lamp that can be lit only while the switch is off and no alarm
; sounds, and that breaks (goes dark) once lit; an alarm that a broken lamp
; sets off. Small tasks whose operators disable each other in every way the
; parallel encodings must handle: turn-on needs and deletes (off), trip
; deletes it without needing it, light needs it; sound adds (alarm), which
; light needs false.
(define (domain switch)
  (:requirements :strips :negative-preconditions)
  (:predicates (off) (on) (lit) (dark) (broken) (alarm))
  (:action turn-on
    :precondition (and (off))
    :effect (and (on) (not (off))))
  (:action trip
    :precondition (and (broken))
    :effect (and (on) (not (off))))
  (:action light
    :precondition (and (off) (dark) (not (alarm)))
    :effect (and (lit) (not (dark))))
  (:action break
    :precondition (and (lit))
    :effect (and (broken) (dark) (not (lit))))
  (:action sound
    :precondition (and (broken))
    :effect (and (alarm))))
