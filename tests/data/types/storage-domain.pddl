; Crates stacked on surfaces, with the `:types` of IPC 2006 Storage: `area` is
; declared under `object`, then again under `surface`, so it has two parents
; (as Fast Downward reads it) and a `storearea` is a `surface` through the
; second. Unlike Storage, `lift` and `drop` take any `surface`: a store area
; or another crate, so a plan binds `?s` to objects of both kinds.
(define (domain storage-stacking)
  (:requirements :typing)
  (:types hoist surface place area - object
          container depot - place
          storearea transitarea - area
          area crate - surface)
  (:predicates (available ?h - hoist)
               (lifting ?h - hoist ?c - crate)
               (on ?c - crate ?s - surface)
               (clear ?s - surface)
               (in ?x - (either storearea crate) ?p - place))
  (:action lift
    :parameters (?h - hoist ?c - crate ?s - surface)
    :precondition (and (available ?h) (on ?c ?s) (clear ?c))
    :effect (and (not (available ?h)) (lifting ?h ?c)
                 (not (on ?c ?s)) (clear ?s)))
  (:action drop
    :parameters (?h - hoist ?c - crate ?s - surface)
    :precondition (and (lifting ?h ?c) (clear ?s))
    :effect (and (available ?h) (not (lifting ?h ?c))
                 (on ?c ?s) (not (clear ?s)))))
