(domain d
  (:predicates (p ?x)))
