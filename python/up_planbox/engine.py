"""planbox as Unified Planning engines, the way UP runs Fast Downward.

UP's `PDDLPlanner` does the plumbing: it writes the problem as a PDDL domain
and problem (renaming what PDDL cannot spell, and reading the names back),
runs a command, kills it at the timeout, and parses the plan file. What is
planbox's own is here:

- the command: `planbox plan --plan-file PLAN [configuration] --time-limit T
  DOMAIN PROBLEM`, so planbox stops itself at the timeout (exit 23) and says so;
- `supported_kind`: the fragment of UP's problems whose PDDL planbox reads
  (docs/pddl.md) and plans for with every configuration;
- the result status, read from the exit code (see `binary.py`).

Two engines, as for Fast Downward:

    planbox       satisficing; LAMA's first search (`--alias lama-first`) unless
                  `search`/`heuristic`/`alias` say otherwise. Also an
                  `AnytimePlanner`: LAMA 2011 (`--alias seq-sat-lama-2011`,
                  what UP's Fast Downward engine runs there), each cheaper plan
                  yielded as planbox writes it
    planbox-opt   A* with LM-cut (h^max where the task has conditional effects
                  or axioms, which LM-cut refuses): optimal plans, and a search
                  that ends without one has proved the problem unsolvable

    OneshotPlanner(name="planbox", params={"search": "astar", "heuristic": "hmax"})

A problem without a quality metric gets SOLVED_SATISFICING whatever the engine
(UP's convention: there is nothing to be optimal about); with one,
`planbox-opt` reports SOLVED_OPTIMALLY.

An anytime search writes no `PLAN_FILE`, only `PLAN_FILE.1`, `PLAN_FILE.2`,
..., each cheaper than the one before, and says `Plan written to PATH` as it
writes one. The engine reads each such file while the run goes on (UP deletes
its temporary folder when the run ends): as an INTERMEDIATE result in the
anytime mode, and as the final plan of a `OneshotPlanner` given an anytime
alias (`lama`), which returns the cheapest plan found.
"""

from typing import IO, Callable, List, Optional, Sequence, Tuple, Union

import unified_planning as up
from unified_planning.engines import AnytimeGuarantee, OptimalityGuarantee
from unified_planning.engines import PDDLAnytimePlanner, PDDLPlanner
from unified_planning.engines import PlanGenerationResultStatus as Status
from unified_planning.engines.engine import OperationMode
from unified_planning.engines.mixins import AnytimePlannerMixin
from unified_planning.engines.results import LogMessage, PlanGenerationResult
from unified_planning.model import ProblemKind

from up_planbox import binary

# planbox's aliases that search on after the first plan (docs/plan.md, `--alias`).
ANYTIME_ALIASES = ("lama", "seq-sat-lama-2011")
# The line planbox prints after writing each plan file.
PLAN_WRITTEN = "Plan written to "


def planbox_kind() -> ProblemKind:
    """UP's problem features that planbox handles, from docs/pddl.md.

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


class _PlanboxEngine(PDDLPlanner):
    """What both engines share: the command line, the problem kinds, the exit
    codes, and the plan files of an anytime alias."""

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
        self._alias = alias
        # The configuration (alias, or search and heuristic), then the rest.
        self._config: List[str] = []
        for flag, value in (("--alias", alias), ("--search", search), ("--heuristic", heuristic), ("--weight", weight)):
            if value is not None:
                self._config += [flag, str(value)]
        self._rest: List[str] = []
        if memory_limit is not None:
            self._rest += ["--memory-limit", str(int(memory_limit))]
        self._rest += [str(arg) for arg in extra_args]
        self._timeout: Optional[float] = None
        # The cheapest plan an anytime run has written so far (see `_plan_written`).
        self._last_written: Optional["up.plans.Plan"] = None

    @staticmethod
    def supported_kind() -> ProblemKind:
        return planbox_kind()

    @staticmethod
    def supports(problem_kind: ProblemKind) -> bool:
        return problem_kind <= planbox_kind()

    def _command(self, config: List[str], domain_filename: str, problem_filename: str, plan_filename: str):
        cmd = [binary.find_binary(), "plan", "--plan-file", plan_filename, *config, *self._rest]
        if self._timeout is not None:
            cmd += ["--time-limit", repr(max(float(self._timeout), 0.0))]
        return cmd + [domain_filename, problem_filename]

    def _get_cmd(self, domain_filename: str, problem_filename: str, plan_filename: str) -> List[str]:
        return self._command(self._config, domain_filename, problem_filename, plan_filename)

    def _plan_written(self, problem: "up.model.Problem", output: str) -> List["up.plans.Plan"]:
        """The plans of the `Plan written to PATH` lines in `output`, read from
        their files now, while they exist; the last one is kept as the run's."""
        plans = []
        for line in output.splitlines():
            if line.startswith(PLAN_WRITTEN):
                path = line[len(PLAN_WRITTEN) :].strip()
                plans.append(self._plan_from_file(problem, path, self._writer.get_item_named))
        if plans:
            self._last_written = plans[-1]
        return plans

    def _solve(
        self,
        problem: "up.model.AbstractProblem",
        heuristic: Optional[Callable[["up.model.state.State"], Optional[float]]] = None,
        timeout: Optional[float] = None,
        output_stream: Optional[Union[Tuple[IO[str], IO[str]], IO[str]]] = None,
        anytime: bool = False,
    ) -> "up.engines.results.PlanGenerationResult":
        # `_get_cmd` does not receive the timeout; keep it for the command line.
        self._timeout = timeout
        self._last_written = None
        if anytime:
            return PDDLAnytimePlanner._solve(self, problem, heuristic, timeout, output_stream, anytime=True)
        self._mode_running = OperationMode.ONESHOT_PLANNER
        if self._alias not in ANYTIME_ALIASES:
            return PDDLPlanner._solve(self, problem, heuristic, timeout, output_stream)
        # An anytime alias behind OneshotPlanner: stream the output through
        # `_plan_written`, and answer with the last plan it read.
        watcher = _PlanWatcher(self, problem, output_stream)
        result = PDDLPlanner._solve(self, problem, heuristic, timeout, watcher)
        if result.plan is not None or self._last_written is None:
            return result
        # Exit 0 (`_result_status` knows the plan came), or a timeout of UP's.
        return PlanGenerationResult(
            result.status, self._last_written, result.engine_name, result.metrics, result.log_messages
        )

    def _result_status(
        self,
        problem: "up.model.Problem",
        plan: Optional["up.plans.Plan"],
        retval: int,
        log_messages: Optional[List[LogMessage]] = None,
    ) -> Status:
        if retval == binary.PLAN_FOUND:
            if plan is None:
                if self._last_written is not None:
                    # An anytime run: its plans came as `PLAN_FILE.N`.
                    return Status.SOLVED_SATISFICING
                # planbox writes the plan before exiting 0: the file went missing.
                return Status.INTERNAL_ERROR
            if self.satisfies(OptimalityGuarantee.SOLVED_OPTIMALLY) and problem.quality_metrics:
                return Status.SOLVED_OPTIMALLY
            return Status.SOLVED_SATISFICING
        return binary.status_of(retval)


class _PlanWatcher:
    """An output stream for UP's `run_command` that passes planbox's output
    on (to the caller's stream, if any) and reads each plan file it names."""

    def __init__(self, engine: _PlanboxEngine, problem, output_stream):
        self._engine = engine
        self._problem = problem
        # UP writes both of planbox's streams here; a caller's pair gets them in its first.
        self._out = output_stream[0] if isinstance(output_stream, tuple) else output_stream

    def write(self, text: str):
        if self._out is not None:
            self._out.write(text)
        self._engine._plan_written(self._problem, text)


class PlanboxPlanner(_PlanboxEngine, PDDLAnytimePlanner):
    """planbox's progression search behind UP's `OneshotPlanner` and
    `AnytimePlanner`.

    Options (`params=`), each passed to `planbox plan`: `alias` (`lama-first`,
    the default, or `lama`, whose last plan is the answer), `search` (`gbfs`,
    `astar`, `lazy-gbfs`, ...), `heuristic` (`hff`, `lmcut`, `hff,lmcount`,
    ...), `weight`, `memory_limit` (MB), and `extra_args`, a list of further
    arguments for the command line. As an `AnytimePlanner` it runs
    `anytime_alias` (`seq-sat-lama-2011`, the default, or `lama`) with the
    memory limit and the extra arguments, and yields every plan it finds,
    each cheaper than the one before.
    """

    def __init__(self, *args, anytime_alias: str = "seq-sat-lama-2011", **kwargs):
        # The other options are `_PlanboxEngine`'s, whose signature rejects
        # a misspelt one.
        _PlanboxEngine.__init__(self, *args, **kwargs)
        AnytimePlannerMixin.__init__(self)  # what PDDLAnytimePlanner adds to PDDLPlanner
        if anytime_alias not in ANYTIME_ALIASES:
            raise up.exceptions.UPUsageError(
                f"planbox: `anytime_alias` is one of {', '.join(ANYTIME_ALIASES)}, not {anytime_alias!r}"
            )
        self._anytime_alias = anytime_alias

    @property
    def name(self) -> str:
        return "planbox"

    @property
    def anytime_alias(self) -> str:
        """The alias the `AnytimePlanner` mode runs."""
        return self._anytime_alias

    @staticmethod
    def satisfies(optimality_guarantee: OptimalityGuarantee) -> bool:
        return optimality_guarantee == OptimalityGuarantee.SATISFICING

    @staticmethod
    def ensures(anytime_guarantee: AnytimeGuarantee) -> bool:
        # planbox writes a plan only when it is cheaper than the last.
        return anytime_guarantee == AnytimeGuarantee.INCREASING_QUALITY

    def _get_anytime_cmd(self, domain_filename: str, problem_filename: str, plan_filename: str) -> List[str]:
        return self._command(["--alias", self._anytime_alias], domain_filename, problem_filename, plan_filename)

    def _parse_planner_output(self, writer, planner_output: str):
        for plan in self._plan_written(writer.problem, planner_output):
            writer.last_plan_found = plan
            writer.res_queue.put(PlanGenerationResult(Status.INTERMEDIATE, plan=plan, engine_name=self.name))


class PlanboxOptimalPlanner(_PlanboxEngine):
    """planbox's A* (LM-cut, or h^max for conditional effects and axioms):
    cost-optimal plans, and exit 11 (UNSOLVABLE_PROVEN) when none exists.
    Options: `memory_limit` (MB)."""

    def __init__(self, memory_limit: Optional[int] = None):
        _PlanboxEngine.__init__(self, search="astar", memory_limit=memory_limit)

    @property
    def name(self) -> str:
        return "planbox-opt"

    @staticmethod
    def satisfies(optimality_guarantee: OptimalityGuarantee) -> bool:
        return True
