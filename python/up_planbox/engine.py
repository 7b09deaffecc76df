"""planbox as a Unified Planning `OneshotPlanner`, the way UP runs Fast Downward.

UP's `PDDLPlanner` does the plumbing: it writes the problem as a PDDL domain
and problem (renaming what PDDL cannot spell, and reading the names back),
runs a command, kills it at the timeout, and parses the plan file. What is
planbox's own is here:

- the command: `planbox plan --plan-file PLAN [configuration] --time-limit T
  DOMAIN PROBLEM`, so planbox stops itself at the timeout (exit 23) and says so;
- `supported_kind`: the fragment of UP's problems whose PDDL planbox reads
  (README, "Supported PDDL") and plans for with every configuration;
- the result status, read from the exit code (see `binary.py`).

Two engines, as for Fast Downward:

    planbox       satisficing; LAMA's first search (`--alias lama-first`) unless
                  `search`/`heuristic`/`alias` say otherwise
    planbox-opt   A* with LM-cut (h^max where the task has conditional effects
                  or axioms, which LM-cut refuses): optimal plans, and a search
                  that ends without one has proved the problem unsolvable

    OneshotPlanner(name="planbox", params={"search": "astar", "heuristic": "hmax"})

A problem without a quality metric gets SOLVED_SATISFICING whatever the engine
(UP's convention: there is nothing to be optimal about); with one,
`planbox-opt` reports SOLVED_OPTIMALLY.
"""

from typing import IO, Callable, List, Optional, Sequence, Tuple, Union

import unified_planning as up
from unified_planning.engines import OptimalityGuarantee
from unified_planning.engines import PlanGenerationResultStatus as Status
from unified_planning.engines import PDDLPlanner
from unified_planning.engines.results import LogMessage
from unified_planning.model import ProblemKind

from up_planbox import binary


def planbox_kind() -> ProblemKind:
    """UP's problem features that planbox handles, from README "Supported PDDL".

    Classical action-based problems with flat or hierarchical types; negative,
    disjunctive, existential and universal conditions and equality anywhere a
    condition goes; conditional and `forall` effects (a boolean fluent assigned
    another fluent's value is written as conditional effects, see
    `rewrite_bool_assignments` below); integer action costs, constant or from
    static functions, and the plan-length metric. Not declared: numeric fluents
    other than the costs, real-valued costs (planbox's costs are whole
    numbers), object fluents, durative actions, oversubscription goals,
    undefined initial values and state invariants: planbox reads none of them.
    """
    kind = ProblemKind(version=2)
    kind.set_problem_class("ACTION_BASED")
    kind.set_typing("FLAT_TYPING")
    kind.set_typing("HIERARCHICAL_TYPING")
    for feature in (
        "NEGATIVE_CONDITIONS",
        "DISJUNCTIVE_CONDITIONS",
        "EXISTENTIAL_CONDITIONS",
        "UNIVERSAL_CONDITIONS",
        "EQUALITIES",
    ):
        kind.set_conditions_kind(feature)
    for feature in (
        "CONDITIONAL_EFFECTS",
        "FORALL_EFFECTS",
        "STATIC_FLUENTS_IN_BOOLEAN_ASSIGNMENTS",
        "FLUENTS_IN_BOOLEAN_ASSIGNMENTS",
    ):
        kind.set_effects_kind(feature)
    kind.set_quality_metrics("ACTIONS_COST")
    kind.set_quality_metrics("PLAN_LENGTH")
    kind.set_actions_cost_kind("INT_NUMBERS_IN_ACTIONS_COST")
    kind.set_actions_cost_kind("STATIC_FLUENTS_IN_ACTIONS_COST")
    return kind


class PlanboxPlanner(PDDLPlanner):
    """planbox's progression search behind UP's `OneshotPlanner`.

    Options (`params=` of `OneshotPlanner`), each passed to `planbox plan`:
    `alias` (`lama-first`, the default, or `lama`), `search` (`gbfs`,
    `astar`, `lazy-gbfs`, ...), `heuristic` (`hff`, `lmcut`, `hff,lmcount`,
    ...), `weight`, `memory_limit` (MB), and `extra_args`, a list of further
    arguments for the command line.
    """

    def __init__(
        self,
        alias: Optional[str] = None,
        search: Optional[str] = None,
        heuristic: Optional[str] = None,
        weight: Optional[int] = None,
        memory_limit: Optional[int] = None,
        extra_args: Sequence[str] = (),
    ):
        # Boolean fluents assigned other fluents' values become conditional
        # effects, which planbox supports; PDDL has no such assignment.
        PDDLPlanner.__init__(self, needs_requirements=True, rewrite_bool_assignments=True)
        if alias is not None and (search is not None or heuristic is not None or weight is not None):
            raise up.exceptions.UPUsageError(
                "planbox: `alias` sets the search and heuristic; give either it or `search`/`heuristic`/`weight`"
            )
        if alias is None and search is None and heuristic is None:
            alias = "lama-first"
        self._config: List[str] = []
        for flag, value in (("--alias", alias), ("--search", search), ("--heuristic", heuristic), ("--weight", weight)):
            if value is not None:
                self._config += [flag, str(value)]
        if memory_limit is not None:
            self._config += ["--memory-limit", str(int(memory_limit))]
        self._config += [str(arg) for arg in extra_args]
        self._timeout: Optional[float] = None

    @property
    def name(self) -> str:
        return "planbox"

    @staticmethod
    def supported_kind() -> ProblemKind:
        return planbox_kind()

    @staticmethod
    def supports(problem_kind: ProblemKind) -> bool:
        return problem_kind <= planbox_kind()

    @staticmethod
    def satisfies(optimality_guarantee: OptimalityGuarantee) -> bool:
        return optimality_guarantee == OptimalityGuarantee.SATISFICING

    def _solve(
        self,
        problem: "up.model.AbstractProblem",
        heuristic: Optional[Callable[["up.model.state.State"], Optional[float]]] = None,
        timeout: Optional[float] = None,
        output_stream: Optional[Union[Tuple[IO[str], IO[str]], IO[str]]] = None,
    ) -> "up.engines.results.PlanGenerationResult":
        # `_get_cmd` does not receive the timeout; keep it for the command line.
        self._timeout = timeout
        return super()._solve(problem, heuristic, timeout, output_stream)

    def _get_cmd(self, domain_filename: str, problem_filename: str, plan_filename: str) -> List[str]:
        cmd = [binary.find_binary(), "plan", "--plan-file", plan_filename, *self._config]
        if self._timeout is not None:
            cmd += ["--time-limit", repr(max(float(self._timeout), 0.0))]
        return cmd + [domain_filename, problem_filename]

    def _result_status(
        self,
        problem: "up.model.Problem",
        plan: Optional["up.plans.Plan"],
        retval: int,
        log_messages: Optional[List[LogMessage]] = None,
    ) -> Status:
        if retval == binary.PLAN_FOUND:
            if plan is None:
                # planbox writes the plan before exiting 0: the file went missing.
                return Status.INTERNAL_ERROR
            if self.satisfies(OptimalityGuarantee.SOLVED_OPTIMALLY) and problem.quality_metrics:
                return Status.SOLVED_OPTIMALLY
            return Status.SOLVED_SATISFICING
        return binary.status_of(retval)


class PlanboxOptimalPlanner(PlanboxPlanner):
    """planbox's A* (LM-cut, or h^max for conditional effects and axioms):
    cost-optimal plans, and exit 11 (UNSOLVABLE_PROVEN) when none exists.
    Options: `memory_limit` (MB)."""

    def __init__(self, memory_limit: Optional[int] = None):
        PlanboxPlanner.__init__(self, search="astar", memory_limit=memory_limit)

    @property
    def name(self) -> str:
        return "planbox-opt"

    @staticmethod
    def satisfies(optimality_guarantee: OptimalityGuarantee) -> bool:
        return True
