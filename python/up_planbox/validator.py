"""`planbox validate` as a Unified Planning `PlanValidator` (engine `planbox-val`).

The problem is written as PDDL with UP's `PDDLWriter`, the plan in the IPC
format with the same writer (so the names match the written domain), and
planbox replays the plan on the lifted task, as VAL does:

    planbox validate DOMAIN PROBLEM PLAN
    exit 0  "Plan valid", then "Plan length: N step(s)." and "Plan cost: C"  -> VALID
    exit 1  "Plan invalid: step N ..." (the first step that cannot be applied)
            or "Plan invalid: goal not satisfied: ..."                         -> INVALID
    other   planbox could not judge (unsupported PDDL, ...)                  -> UNKNOWN

On a valid plan the result carries the value of the problem's metric: the
cost planbox printed for `MinimizeActionCosts`, the length for
`MinimizeSequentialPlanLength`.
"""

import os
import re
import subprocess
import tempfile
from typing import Dict, List, Optional, Union

import unified_planning as up
from fractions import Fraction
from unified_planning.engines import Engine, ValidationResult, ValidationResultStatus
from unified_planning.engines.mixins import PlanValidatorMixin
from unified_planning.engines.results import FailedValidationReason, LogLevel, LogMessage
from unified_planning.io import PDDLWriter
from unified_planning.model import ProblemKind
from unified_planning.model.metrics import MinimizeActionCosts, MinimizeSequentialPlanLength
from unified_planning.plans import PlanKind

from up_planbox import binary
from up_planbox.engine import planbox_kind

_LENGTH = re.compile(r"^Plan length: (\d+) step", re.MULTILINE)
_COST = re.compile(r"^Plan cost: (\d+)", re.MULTILINE)
_FAILED_STEP = re.compile(r"^Plan invalid: step (\d+) ", re.MULTILINE)
_UNMET_GOAL = "Plan invalid: goal not satisfied"


class PlanboxValidator(Engine, PlanValidatorMixin):
    """Validates sequential plans with `planbox validate`."""

    def __init__(self, **options):
        Engine.__init__(self)
        PlanValidatorMixin.__init__(self)

    @property
    def name(self) -> str:
        return "planbox-val"

    @staticmethod
    def supports_plan(plan_kind: PlanKind) -> bool:
        return plan_kind == PlanKind.SEQUENTIAL_PLAN

    @staticmethod
    def supported_kind() -> ProblemKind:
        return planbox_kind()

    @staticmethod
    def supports(problem_kind: ProblemKind) -> bool:
        return problem_kind <= planbox_kind()

    def _validate(self, problem: "up.model.AbstractProblem", plan: "up.plans.Plan") -> ValidationResult:
        assert isinstance(problem, up.model.Problem)
        assert isinstance(plan, up.plans.SequentialPlan)
        writer = PDDLWriter(problem, needs_requirements=True, rewrite_bool_assignments=True)
        with tempfile.TemporaryDirectory() as tempdir:
            files = [os.path.join(tempdir, f) for f in ("domain.pddl", "problem.pddl", "plan")]
            writer.write_domain(files[0])
            writer.write_problem(files[1])
            writer.write_plan(plan, files[2])
            run = subprocess.run(
                [binary.find_binary(), "validate", *files],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        logs = [LogMessage(LogLevel.INFO, run.stdout)]
        if run.stderr:
            logs.append(LogMessage(LogLevel.ERROR, run.stderr))
        if run.returncode == binary.PLAN_FOUND:
            return ValidationResult(
                ValidationResultStatus.VALID,
                self.name,
                logs,
                metric_evaluations=_metric_values(problem, run.stdout),
            )
        if run.returncode == binary.INVALID_PLAN:
            step = _FAILED_STEP.search(run.stdout)
            if step and 1 <= int(step.group(1)) <= len(plan.actions):
                return ValidationResult(
                    ValidationResultStatus.INVALID,
                    self.name,
                    logs,
                    reason=FailedValidationReason.INAPPLICABLE_ACTION,
                    inapplicable_action=plan.actions[int(step.group(1)) - 1],
                )
            reason = FailedValidationReason.UNSATISFIED_GOALS if _UNMET_GOAL in run.stdout else None
            return ValidationResult(ValidationResultStatus.INVALID, self.name, logs, reason=reason)
        return ValidationResult(ValidationResultStatus.UNKNOWN, self.name, logs)


def _metric_values(
    problem: "up.model.Problem", report: str
) -> Optional[Dict["up.model.PlanQualityMetric", Union[int, Fraction]]]:
    """The problem's metric as planbox measured it on a valid plan."""
    values: Dict["up.model.PlanQualityMetric", Union[int, Fraction]] = {}
    for metric in problem.quality_metrics:
        pattern = (
            _COST if isinstance(metric, MinimizeActionCosts)
            else _LENGTH if isinstance(metric, MinimizeSequentialPlanLength)
            else None
        )
        found = pattern.search(report) if pattern else None
        if found:
            values[metric] = int(found.group(1))
    return values or None
