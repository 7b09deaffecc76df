#!/usr/bin/env python3
"""Validates a plan with the Unified Planning library's own validator.

    python3 benches/fd/up_validate.py DOMAIN PROBLEM PLAN

UP's PDDL reader parses the (ADL) domain and problem and the plan file (lines
such as ``(move a b)``; ``;`` comments are skipped), and its
``SequentialPlanValidator`` simulates the plan with its own semantics of
quantifiers, conditional effects and derived predicates. It prints ``valid``
or ``invalid: REASON`` and exits 0 or 1; 2 when UP cannot read the input.
When UP declines the problem's kind (some action-cost domains: "cannot
establish whether sequential_plan_validator can validate this problem"), its
simulation is run directly. It is independent of planbox and of Fast Downward: the ADL coverage bench runs
it on every plan either planner finds. Needs ``pip install unified-planning``.
"""

import sys
import warnings


def main():
    domain, problem, plan_file = sys.argv[1:4]
    warnings.filterwarnings("ignore")
    try:
        from unified_planning.io import PDDLReader
        from unified_planning.engines import ValidationResultStatus
        from unified_planning.engines.plan_validator import SequentialPlanValidator
        import unified_planning.shortcuts as up
        up.get_environment().credits_stream = None
        reader = PDDLReader()
        task = reader.parse_problem(domain, problem)
        lines = [l for l in open(plan_file) if l.strip() and not l.lstrip().startswith(";")]
        plan = reader.parse_plan_string(task, "".join(lines))
    except Exception as e:  # noqa: BLE001 - any failure to read is reported
        print(f"unreadable: {type(e).__name__}: {e}".splitlines()[0])
        sys.exit(2)
    validator = SequentialPlanValidator()
    try:
        result = validator.validate(task, plan)
    except Exception as e:  # noqa: BLE001
        # UP refuses problem kinds it has not declared (some action-cost
        # domains); its simulation itself still applies, so run it directly.
        if "cannot establish" not in str(e):
            print(f"unreadable: {type(e).__name__}: {e}".splitlines()[0])
            sys.exit(2)
        try:
            result = validator._validate(task, plan)
        except Exception as e2:  # noqa: BLE001
            print(f"unreadable: {type(e2).__name__}: {e2}".splitlines()[0])
            sys.exit(2)
    if result.status == ValidationResultStatus.VALID:
        print("valid")
        sys.exit(0)
    print(f"invalid: {result.reason} {result.inapplicable_action or ''}".strip())
    sys.exit(1)


if __name__ == "__main__":
    main()
