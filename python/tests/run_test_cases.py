"""Runs UP's own engine test cases on the planbox engines and counts the results.

unified-planning ships its engine test cases as the top-level package
`up_test_cases` (`report.py` is the harness engine authors run:
`python up_test_cases/report.py ENGINE`). This script takes the same cases
and the same judge, `report.check_result`: a plan must be valid by UP's own
`sequential_plan_validator`, an optimal engine must say SOLVED_OPTIMALLY
and reach the case's known optimum, an unsolvable case must not be "solved",
and so on. It adds what the report leaves out:

- it collects the cases package by package, so that the packages whose PDDL
  files are missing from the PyPI distribution of unified-planning (the
  depots and tpp domains, among others) are listed as not loadable instead of
  stopping the whole run;
- it adds `bundled_cases`: planbox's bundled IPC problems read with UP's
  PDDL reader and written back by its writer, real domains beside the toys;
- it counts cases run, passed, invalid plans and unsolved, per kind (the set
  of UP features the case uses);
- a solvable case of a declared kind must be solved within the timeout (the
  report accepts TIMEOUT and UNSUPPORTED_PROBLEM there, which would hide a
  kind declared wrongly);
- every plan planbox returns is also checked by `planbox-val`, which must
  agree with UP's validator, and `planbox-val` must accept each case's valid
  plans and reject its invalid ones;
- an engine that is also an `AnytimePlanner` runs each case in that mode
  too (tallied as `ENGINE-any`), with report.py's anytime judge and more:
  every plan yielded valid by both validators, each strictly cheaper than
  the one before (planbox writes a plan only when it is cheaper; the plan
  length where the problem has no metric), the final result carries the
  last of them, and a `OneshotPlanner` given the same anytime alias answers
  with a plan of the same cost (the runs are deterministic). At least one
  case must yield more than one plan, or the improvement went unchecked.

A case runs on an engine when the engine supports its kind, exactly as in
the report. The exit code is 1 if any check fails or if no case ran at all.

    python run_test_cases.py [--timeout SECONDS] [ENGINE ...]
"""

import argparse
import importlib
import os
import pkgutil
import sys
import time
import warnings
from collections import defaultdict
from typing import Dict, List, Tuple

import up_test_cases

# report.py imports its helpers as the top-level modules `utils` and `builtin`.
sys.path.insert(0, os.path.dirname(up_test_cases.__file__))

import up_planbox  # noqa: E402  (registers the engines before report.py reads the factory)
import report  # noqa: E402
import utils  # noqa: E402
from unified_planning.engines import PlanGenerationResultStatus as Status  # noqa: E402
from unified_planning.engines import ValidationResultStatus  # noqa: E402
from unified_planning.environment import get_environment  # noqa: E402
from unified_planning.shortcuts import AnytimePlanner, OneshotPlanner, PlanValidator  # noqa: E402
from unified_planning.test import TestCase  # noqa: E402

# report.py's default packages, then planbox's bundled problems (bundled_cases.py).
PACKAGES = ["builtin", "unified_planning.test", "bundled_cases"]


def collect(package: str, skipped: List[Tuple[str, str]]) -> Dict[str, TestCase]:
    """The test cases of `package` and its subpackages, as report.py names
    them; a module whose cases cannot be built goes to `skipped`."""
    module = importlib.import_module(package)
    own = getattr(module, "get_test_cases", None)
    subpackages = list(pkgutil.iter_modules(getattr(module, "__path__", [])))
    # A folder's get_test_cases walks its children: walk them here one by
    # one instead. A leaf (a module, or a folder of PDDL files) builds its own.
    if own is not None and (not subpackages or package == "unified_planning.test"):
        try:
            return {f"{package}:{name}": case for name, case in own().items()}
        except Exception as error:  # a missing PDDL file, an API the cases expect
            skipped.append((package, f"{type(error).__name__}: {error}"))
            return {}
    cases: Dict[str, TestCase] = {}
    for _, name, _ in subpackages:
        cases.update(collect(f"{package}.{name}", skipped))
    return cases


def kind_label(case: TestCase) -> str:
    features = sorted(set(case.problem.kind.features) - {"ACTION_BASED"})
    return " ".join(features) or "STRIPS"


class Tally:
    """Counts per kind: cases run, passed, invalid plans, unsolved."""

    def __init__(self):
        self.rows: Dict[Tuple[str, str], Dict[str, int]] = defaultdict(
            lambda: {"run": 0, "passed": 0, "invalid": 0, "unsolved": 0}
        )

    def add(self, engine: str, kind: str, passed: bool, invalid: bool, unsolved: bool):
        row = self.rows[(engine, kind)]
        row["run"] += 1
        row["passed"] += passed
        row["invalid"] += invalid
        row["unsolved"] += unsolved

    def total(self, key: str) -> int:
        return sum(row[key] for row in self.rows.values())

    def print(self):
        print(f"\n{'engine':<12} {'run':>4} {'passed':>6} {'invalid':>7} {'unsolved':>8}  kind")
        for (engine, kind), row in sorted(self.rows.items()):
            print(
                f"{engine:<12} {row['run']:>4} {row['passed']:>6} {row['invalid']:>7} {row['unsolved']:>8}  {kind}"
            )
        print(
            f"{'total':<12} {self.total('run'):>4} {self.total('passed'):>6} "
            f"{self.total('invalid'):>7} {self.total('unsolved'):>8}"
        )


def validate_twice(case: TestCase, plan):
    """Whether UP's validator finds `plan` invalid, and `planbox-val`'s
    agreement with it (an Err where they differ)."""
    by_up, _ = report.validate_plan(plan, case.problem)
    invalid = isinstance(by_up, utils.Err)
    with PlanValidator(name="planbox-val") as validator:
        by_planbox = validator.validate(case.problem, plan).status
    if by_planbox != (ValidationResultStatus.INVALID if invalid else ValidationResultStatus.VALID):
        return invalid, utils.Err(f"planbox-val says {by_planbox.name}, UP's validator disagrees")
    return invalid, utils.Void()


def run_planner(engine: str, name: str, case: TestCase, timeout: float, tally: Tally, errors: List[str]):
    planner = OneshotPlanner(name=engine)
    start = time.time()
    result = planner.solve(case.problem, timeout=timeout)
    elapsed = time.time() - start
    outcome, metric_values = report.check_result(case, result, planner)
    invalid = False
    if result.plan is not None:
        invalid, agreed = validate_twice(case, result.plan)
        outcome += agreed
    if result.status == Status.SOLVED_OPTIMALLY and metric_values and case.optimum is not None:
        (value,) = metric_values.values()
        outcome += report.verify(value == case.optimum, f"optimum {case.optimum}, plan {value}")
    unsolved = case.solvable and result.plan is None
    if unsolved:
        # report.py lets a solvable case pass with TIMEOUT or UNSUPPORTED_PROBLEM;
        # here a case of a declared kind must be solved.
        outcome += utils.Err(f"solvable, but no plan ({result.status.name})")
    tally.add(engine, kind_label(case), outcome.ok(), invalid, unsolved)
    print(f"  {engine:<12} {result.status.name:<25} {elapsed:6.2f}s {outcome}")
    if not outcome.ok():
        errors.append(f"{engine}: {name}")


def plan_value(result, metric_values):
    """The quality of `result`'s plan: the metric's value, or the plan length
    where the problem has no metric (planbox then counts every action as 1)."""
    if metric_values:
        (value,) = metric_values.values()
        return value
    return len(result.plan.actions)


def run_anytime(engine: str, name: str, case: TestCase, timeout: float, tally: Tally, errors: List[str]) -> int:
    """`engine` as an AnytimePlanner on `case`; returns how many plans it yielded."""
    label = f"{engine}-any"
    planner = AnytimePlanner(name=engine)
    start = time.time()
    results = list(planner.get_solutions(case.problem, timeout=timeout))
    elapsed = time.time() - start
    outcome = utils.Ok()
    *intermediate, final = results
    values = []
    any_invalid = False
    for result in results:
        judged, metric_values = report.check_result(case, result, planner)
        outcome += judged
        if result.plan is None:
            continue
        invalid, agreed = validate_twice(case, result.plan)
        any_invalid |= invalid
        outcome += agreed
        if result.status == Status.INTERMEDIATE:
            values.append(plan_value(result, metric_values))
    if any(r.status != Status.INTERMEDIATE for r in intermediate) or final.status == Status.INTERMEDIATE:
        outcome += utils.Err(f"statuses {[r.status.name for r in results]}: INTERMEDIATE ones, then one final")
    if any(later >= earlier for earlier, later in zip(values, values[1:])):
        outcome += utils.Err(f"plan values {values} do not fall strictly")
    if intermediate and final.plan is not intermediate[-1].plan:
        outcome += utils.Err("the final result does not carry the last plan yielded")
    if case.solvable and not intermediate:
        outcome += utils.Err(f"solvable, but no plan ({final.status.name})")
    if intermediate:
        # The same alias behind OneshotPlanner answers with its last plan.
        alias = planner.anytime_alias
        oneshot = OneshotPlanner(name=engine, params={"alias": alias}).solve(case.problem, timeout=timeout)
        _, metric_values = report.check_result(case, oneshot, planner)
        value = plan_value(oneshot, metric_values) if oneshot.plan is not None else None
        if oneshot.status != Status.SOLVED_SATISFICING or value != values[-1]:
            outcome += utils.Err(
                f"OneshotPlanner with alias {alias}: {oneshot.status.name}, {value}; anytime's last {values[-1]}"
            )
    unsolved = case.solvable and final.plan is None
    tally.add(label, kind_label(case), outcome.ok(), any_invalid, unsolved)
    print(f"  {label:<12} {final.status.name:<25} {elapsed:6.2f}s plans {values} {outcome}")
    if not outcome.ok():
        errors.append(f"{label}: {name}")
    return len(intermediate)


def run_validator(name: str, case: TestCase, tally: Tally, errors: List[str]):
    validator = PlanValidator(name="planbox-val")
    for expected, plans in (
        (ValidationResultStatus.VALID, case.valid_plans),
        (ValidationResultStatus.INVALID, case.invalid_plans),
    ):
        for plan in plans:
            status = validator.validate(case.problem, plan).status
            ok = status == expected
            tally.add("planbox-val", kind_label(case), ok, False, False)
            print(f"  planbox-val  {expected.name:<8} plan judged {status.name}")
            if not ok:
                errors.append(f"planbox-val: {name} ({expected.name} plan judged {status.name})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engines", nargs="*", default=["planbox", "planbox-opt", "planbox-val"])
    parser.add_argument("--timeout", type=float, default=utils.DEFAULT_TIMEOUT,
                        help=f"per case and planner (report.py's default: {utils.DEFAULT_TIMEOUT} s)")
    args = parser.parse_args()
    get_environment().credits_stream = None
    if not sys.stdout.isatty():  # no colour codes in logs
        for attr in [a for a in vars(utils.bcolors) if a.isupper()]:
            setattr(utils.bcolors, attr, "")
    skipped: List[Tuple[str, str]] = []
    cases: Dict[str, TestCase] = {}
    for package in PACKAGES:
        cases.update(collect(package, skipped))
    factory = get_environment().factory
    tally, errors = Tally(), []
    supported = 0
    improved = 0  # anytime runs that yielded more than one plan
    for name, case in cases.items():
        engines = [e for e in args.engines if factory.engine(e).supports(case.problem.kind)]
        if not engines:
            continue
        supported += 1
        print(f"{name}  [{kind_label(case)}]")
        for engine in engines:
            try:
                if factory.engine(engine).is_oneshot_planner():
                    run_planner(engine, name, case, args.timeout, tally, errors)
                if factory.engine(engine).is_anytime_planner():
                    improved += run_anytime(engine, name, case, args.timeout, tally, errors) > 1
                if factory.engine(engine).is_plan_validator():
                    run_validator(name, case, tally, errors)
            except Exception as error:  # as report.py: a crash fails the case
                print(f"  {engine:<12} CRASH {type(error).__name__}: {error}")
                tally.add(engine, kind_label(case), False, False, False)
                errors.append(f"{engine}: {name} (crash)")
    tally.print()
    print(f"\nengines from {os.path.dirname(up_planbox.__file__)}, binary {up_planbox.binary.find_binary()}")
    print(f"\n{len(cases)} test cases collected, {supported} of a kind planbox declares.")
    anytime = [e for e in args.engines if factory.engine(e).is_anytime_planner()]
    if anytime:
        print(f"anytime runs that improved on their first plan: {improved}")
        if improved == 0:
            errors.append(f"{', '.join(anytime)}: no anytime run yielded a second plan, so none was checked")
    for package, reason in skipped:
        print(f"not loadable: {package} ({reason[:90]})")
    if errors:
        print("\nFAILED:\n  " + "\n  ".join(errors))
        return 1
    if tally.total("run") == 0:
        print("\nFAILED: no test case ran")
        return 1
    print("\nall test cases passed")
    return 0


if __name__ == "__main__":
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sys.exit(main())
