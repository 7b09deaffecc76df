"""planbox engines for the Unified Planning library (UP).

Importing this package registers three engines in UP's global environment:

    planbox       OneshotPlanner, satisficing (LAMA's first search by default),
                  and AnytimePlanner (LAMA 2011, each cheaper plan as it comes)
    planbox-opt   OneshotPlanner, cost-optimal (A* with LM-cut)
    planbox-val   PlanValidator (`planbox validate`)

UP 1.3 finds engines only in its own built-in table, a `up.ini` file or
`factory.add_engine`, not through package entry points, so one import does
the registering:

    import up_planbox
    from unified_planning.shortcuts import OneshotPlanner
    with OneshotPlanner(name="planbox") as planner:
        result = planner.solve(problem)

The engines run the `planbox` binary that the wheel installs beside the
Python interpreter (see `binary.py`).
"""

from unified_planning.environment import Environment, get_environment

from up_planbox.engine import PlanboxOptimalPlanner, PlanboxPlanner, planbox_kind
from up_planbox.validator import PlanboxValidator

ENGINES = {
    "planbox": "PlanboxPlanner",
    "planbox-opt": "PlanboxOptimalPlanner",
    "planbox-val": "PlanboxValidator",
}

__all__ = ["PlanboxPlanner", "PlanboxOptimalPlanner", "PlanboxValidator", "planbox_kind", "register"]


def register(environment: "Environment | None" = None) -> None:
    """Adds the planbox engines to `environment`'s factory (the global one by
    default), once."""
    factory = (environment or get_environment()).factory
    for name, class_name in ENGINES.items():
        if name not in factory.engines:
            factory.add_engine(name, __name__, class_name)


register()
