#!/usr/bin/env python3
"""Fast Downward's relaxed-reachable ground action counts (reference table).

What is measured
----------------
For each (domain, problem) pair this runs the first stages of Fast Downward's
translator, exactly as ``fast_downward.translate.main`` does before it builds
the SAS+ task:

    task = pddl_parser.open(domain, problem)   # parse
    normalize.normalize(task)                   # normalize
    instantiate.explore(task)                   # Datalog model + instantiation

and prints one TSV row with what ``explore`` returns:

``actions``
    ``len(actions)``: the ground actions FD instantiated from the relaxed
    reachability model. Each action atom of the model is instantiated with
    ``Action.instantiate``, which DROPS it when (a) a precondition literal on a
    static (non-fluent) atom is false, which for the STRIPS domains here only
    happens for negative preconditions, typically ``(not (= ?x ?y))`` with equal
    arguments (the relaxed exploration ignores negative literals), or (b) no
    effect is left (an action whose only effects touch unreachable/non-fluent
    atoms, and with ``--keep-no-ops`` off). Model atoms are a set, so there are
    no duplicate parameter tuples; names can repeat only if normalization split
    one action into several (not the case in these STRIPS domains: see the
    ``distinct_names`` column).
``fluent_atoms``
    ``len(atoms)``: the relaxed-reachable atoms (init included) whose predicate
    occurs in some action effect (or is derived). Static atoms, type atoms and
    FD's ``(= o o)`` atoms (one per object, added by the parser) are not
    counted. This is before FD's later stages (unreachable-fact filtering in
    the SAS+ encoding, mutex groups, unimportant variables, no-op removal), so
    it is NOT the number of facts in ``output.sas``.
``relaxed_reachable``
    whether the goal is relaxed reachable (FD's ``@goal-reachable`` atom).
``model_action_atoms``
    the action atoms of the Datalog model before instantiation (the sum of the
    lengths of ``reachable_action_params``); ``model_action_atoms - actions``
    is the number dropped by (a) or (b) above.
``distinct_names``
    the number of distinct ground action names among ``actions``.
``goal_literals``
    the fluent goal literals after instantiation (``impossible`` when a static
    goal is false).

Usage (with the Python of a venv that has ``up-fast-downward``, see
``benches/fd/README.md``)::

    /work/venv-ref/bin/python benches/fd/ground_counts.py            # reference set
    /work/venv-ref/bin/python benches/fd/ground_counts.py problems/ipc/gripper
    /work/venv-ref/bin/python benches/fd/ground_counts.py problems/ipc/blocks/probBLOCKS-10-0.pddl

Arguments are problem files or domain directories (all problems in them). The
domain file is found with FD's driver rules (``domain.pddl`` beside the problem,
``<stem>-domain.pddl``, ...). Each problem runs in its own subprocess with a
time limit (``--timeout``), so FD's module-level state never leaks between
problems and a slow problem is reported as ``timeout`` instead of hanging.
"""

import argparse
import contextlib
import os
import subprocess
import sys
from pathlib import Path

from fdref import IPC, find_domain

COLUMNS = ["domain_dir", "problem_file", "actions", "fluent_atoms",
           "relaxed_reachable", "model_action_atoms", "distinct_names",
           "goal_literals"]

# The reference set: at least one problem of every IPC domain in the repository,
# including the four whose counts planbox's tests rely on.
REFERENCE_SET = [
    "blocks/probBLOCKS-4-0.pddl",
    "blocks/probBLOCKS-10-0.pddl",
    "blocks/probBLOCKS-17-0.pddl",
    "childsnack-opt14-strips/child-snack_pfile01.pddl",
    "childsnack-opt14-strips/child-snack_pfile05.pddl",
    "depot/p01.pddl",
    "depot/p10.pddl",
    "driverlog/p01.pddl",
    "driverlog/p15.pddl",
    "elevators-opt08-strips/p01.pddl",
    "elevators-opt08-strips/p20.pddl",
    "gripper/prob01.pddl",
    "gripper/prob20.pddl",
    "logistics00/probLOGISTICS-4-0.pddl",
    "logistics00/probLOGISTICS-15-1.pddl",
    "miconic/s1-0.pddl",
    "miconic/s30-4.pddl",
    "movie/prob01.pddl",
    "satellite/p01-pfile1.pddl",
    "satellite/p20-pfile20.pddl",
    "sokoban-opt08-strips/p01.pddl",
    "sokoban-opt08-strips/p30.pddl",
    "sokoban-sat08-strips/p01.pddl",
    "sokoban-sat08-strips/p30.pddl",
    "sokoban-opt11-strips/p01.pddl",
    "sokoban-opt11-strips/p20.pddl",
    "sokoban-sat11-strips/p01.pddl",
    "sokoban-sat11-strips/p20.pddl",
    "visitall-opt11-strips/problem02-full.pddl",
    "visitall-opt11-strips/problem11-half.pddl",
]


def is_problem_file(path: Path) -> bool:
    return path.suffix == ".pddl" and "domain" not in path.name


def expand(args):
    """Problem files from the command line (files or domain directories)."""
    problems = []
    for arg in args:
        path = Path(arg)
        if not path.exists() and (IPC / arg).exists():
            path = IPC / arg
        if path.is_dir():
            problems += sorted(p for p in path.iterdir() if is_problem_file(p))
        else:
            problems.append(path)
    return problems


def count_one(domain: Path, problem: Path) -> dict:
    """Run FD's parse/normalize/explore in this process; return the counts."""
    from fast_downward.translate import instantiate, normalize, pddl_parser
    from fast_downward.translate.options import set_options

    # Action.instantiate reads get_options().keep_no_ops, so the translator's
    # options must be set (to their defaults) before exploring.
    set_options([str(domain), str(problem)])
    # FD's timers print progress to stdout: keep stdout for our TSV row.
    with contextlib.redirect_stdout(sys.stderr):
        task = pddl_parser.open(domain_filename=str(domain),
                                problem_filename=str(problem))
        normalize.normalize(task)
        (relaxed_reachable, atoms, actions, goals, _axioms,
         reachable_action_params) = instantiate.explore(task)
    return {
        "actions": len(actions),
        "fluent_atoms": len(atoms),
        "relaxed_reachable": relaxed_reachable,
        "model_action_atoms": sum(len(v) for v in reachable_action_params.values()),
        "distinct_names": len({a.name for a in actions}),
        "goal_literals": "impossible" if goals is None else len(goals),
    }


def label(problem: Path):
    return problem.parent.name, problem.name


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("problems", nargs="*",
                        help="problem files or domain directories "
                             "(default: the built-in reference set)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds per problem (default: %(default)s)")
    parser.add_argument("--one", nargs=2, metavar=("DOMAIN", "PROBLEM"),
                        help=argparse.SUPPRESS)  # worker mode
    args = parser.parse_args()

    if args.one:
        row = count_one(Path(args.one[0]), Path(args.one[1]))
        print("\t".join(str(row[c]) for c in COLUMNS[2:]))
        return

    try:
        import fast_downward.translate  # noqa: F401
    except ImportError:
        raise SystemExit("fast_downward.translate not importable: run this with "
                         "the Python of the reference venv (benches/fd/setup.sh)")

    problems = expand(args.problems or [IPC / p for p in REFERENCE_SET])
    print("\t".join(COLUMNS), flush=True)
    for problem in problems:
        domain = find_domain(problem)
        cmd = [sys.executable, os.path.abspath(__file__), "--one",
               str(domain), str(problem)]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=args.timeout)
            if proc.returncode == 0:
                fields = proc.stdout.strip().split("\t")
            else:
                last = (proc.stderr.strip().splitlines() or ["?"])[-1]
                fields = [f"error({proc.returncode}): {last}"]
        except subprocess.TimeoutExpired:
            fields = [f"timeout({args.timeout:g}s)"]
        fields += ["-"] * (len(COLUMNS) - 2 - len(fields))
        print("\t".join([*label(problem), *fields]), flush=True)


if __name__ == "__main__":
    main()
