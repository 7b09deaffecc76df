#!/usr/bin/env python3
"""Grounding speed: planbox against Fast Downward's translator.

What is measured
----------------
For each (domain, problem) pair, N timed runs (default 10, after one untimed
warm-up run of each tool) of three commands, interleaved run by run in a
rotating order so that the tools share the machine's noise:

(a) ``planbox ground --json DOMAIN PROBLEM``: wall-clock time around the
    subprocess; the JSON's ``operators`` and ``time_s`` (planbox's own
    parse+ground time, reported for information) are read from stdout.
(b) FD's full translator, ``python -m fast_downward.translate DOMAIN PROBLEM
    --sas-file TMP`` with the reference venv's Python: wall-clock time around
    the subprocess (so it includes Python start-up and the imports, as FD's
    driver does). ``Translator operators:`` is read from its log.
(c) FD's translator stages up to relaxed reachability only: parse
    (``pddl_parser.open``), ``normalize.normalize`` and ``instantiate.explore``,
    timed in-process with ``time.perf_counter`` in a fresh subprocess per run
    (so no start-up, no imports, no SAS+ stages); its action count is the one
    planbox's ``operators`` must equal.

The report is a Markdown table with the medians, the ratios of medians
FD / planbox (above 1: planbox is faster: wall against wall for (b), in-process
against planbox's in-process ``time_s`` for (c)) and the operator counts side by
side.
``ops (c)`` is FD's relaxed-reachable action count (see ground_counts.py);
``ops (b)`` is what is left in output.sas after FD's later stages remove
no-op operators (e.g. Gripper's ``(move rooma rooma)``) and so may be smaller;
``agree`` compares planbox with ``ops (c)``. A tool that fails is reported with
its error line, and the other tools still run.

Usage (any Python 3.8+; the reference venv comes from setup.sh)::

    python3 benches/fd/compare_translate.py                 # default pairs
    python3 benches/fd/compare_translate.py --runs 5 satellite/p30-HC-pfile10.pddl
    python3 benches/fd/compare_translate.py --pair DOMAIN PROBLEM --planbox PATH

The default pairs are the largest IPC Sokoban problem by file size among
problems/ipc/sokoban-* and the satellite problem p27-HC-pfile7 (58,401 ground
actions, FD's translator takes about 4 s here; the largest, p33-HC-pfile13 with
about a million actions, takes minutes per run and is left to an explicit run).
"""

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import fdref

DEFAULT_NON_SOKOBAN = "satellite/p27-HC-pfile7.pddl"
TOOLS = ["planbox", "fd-translate", "fd-explore"]


def largest_sokoban() -> Path:
    problems = [p for p in fdref.IPC.glob("sokoban-*/*.pddl") if "domain" not in p.name]
    # The same level is in several sets (opt08 p20 = opt11 p12 = sat08 p10 =
    # sat11 p09): take the first path among the largest.
    return min(problems, key=lambda p: (-p.stat().st_size, str(p)))


# --- the in-process measurement (c), run by the reference venv's Python ---

def explore_worker(domain: str, problem: str):
    """Time parse + normalize + explore in this process; print one JSON line."""
    import contextlib
    import io

    from fast_downward.translate import instantiate, normalize, pddl_parser
    from fast_downward.translate.options import set_options

    set_options([domain, problem])  # Action.instantiate reads the options
    with contextlib.redirect_stdout(io.StringIO()):  # FD's timers print
        start = time.perf_counter()
        task = pddl_parser.open(domain_filename=domain, problem_filename=problem)
        normalize.normalize(task)
        relaxed_reachable, atoms, actions, _, _, _ = instantiate.explore(task)
        elapsed = time.perf_counter() - start
    print(json.dumps({"time_s": elapsed, "operators": len(actions),
                      "fluent_atoms": len(atoms),
                      "relaxed_reachable": relaxed_reachable}))


# --- one run of each tool: (wall seconds, operators, extra) or an error ---

class Failure(Exception):
    pass


def run_planbox(args, domain, problem):
    run = fdref.run_timed([args.planbox, "ground", "--json", domain, problem],
                          timeout=args.timeout)
    if run.timed_out:
        raise Failure(f"timeout ({args.timeout:g} s)")
    if run.returncode != 0:
        raise Failure(f"exit {run.returncode}: {run.error_line()}")
    try:
        record = json.loads(run.stdout.strip().splitlines()[-1])
        return run.wall_s, record["operators"], record.get("time_s")
    except (ValueError, IndexError, KeyError) as e:
        raise Failure(f"unreadable JSON ({e}): {run.stdout.strip()[:120]}")


def run_fd_translate(args, domain, problem):
    with tempfile.TemporaryDirectory() as tmp:
        run = fdref.run_timed([args.ref_python, "-m", fdref.TRANSLATOR_MODULE,
                               domain, problem, "--sas-file", Path(tmp) / "output.sas"],
                              timeout=args.timeout, cwd=tmp)
    if run.timed_out:
        raise Failure(f"timeout ({args.timeout:g} s)")
    if run.returncode != 0:
        raise Failure(f"exit {run.returncode}: {run.error_line()}")
    operators = None
    for line in run.stdout.splitlines():
        if line.startswith("Translator operators:"):
            operators = int(line.split(":")[1])
    return run.wall_s, operators, None


def run_fd_explore(args, domain, problem):
    run = fdref.run_timed([args.ref_python, Path(__file__).resolve(),
                           "--explore-worker", domain, problem], timeout=args.timeout)
    if run.timed_out:
        raise Failure(f"timeout ({args.timeout:g} s)")
    if run.returncode != 0:
        raise Failure(f"exit {run.returncode}: {run.error_line()}")
    record = json.loads(run.stdout.strip().splitlines()[-1])
    return record["time_s"], record["operators"], run.wall_s


RUNNERS = {"planbox": run_planbox, "fd-translate": run_fd_translate,
           "fd-explore": run_fd_explore}


def measure(args, domain, problem):
    """Warm-up plus args.runs interleaved runs; per tool: times, ops, extras, error."""
    results = {tool: {"times": [], "ops": None, "extra": [], "error": None}
               for tool in TOOLS}
    for index in range(-args.warmup, args.runs):
        shift = index % len(TOOLS)
        for tool in TOOLS[shift:] + TOOLS[:shift]:
            result = results[tool]
            if result["error"]:
                continue  # a tool that failed once is not run again
            try:
                seconds, ops, extra = RUNNERS[tool](args, str(domain), str(problem))
            except Failure as e:
                result["error"] = str(e)
                continue
            if index >= 0:  # not a warm-up run
                result["times"].append(seconds)
                result["extra"].append(extra)
                result["ops"] = ops
        print(f"  {fdref.short_name(problem)}: run {index + 1}/{args.runs} done"
              if index >= 0 else f"  {fdref.short_name(problem)}: warm-up done",
              file=sys.stderr, flush=True)
    return results


def report(rows, errors, args):
    header = ["problem", "planbox s", "planbox time_s", "FD translate s",
              "FD explore s", "FD translate / planbox", "FD explore / planbox time_s",
              "ops planbox", "ops FD (c)", "ops FD (b)", "agree"]
    print(f"\nMedians of {args.runs} runs (wall s; 'FD explore s' and 'planbox time_s' "
          "are in-process times). Ratios of medians, above 1: planbox is faster.\n")
    print(fdref.markdown_table(header, rows))
    if errors:
        print("\nFailures:\n")
        for line in errors:
            print(f"- {line}")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("problems", nargs="*",
                        help="problem files (domain found as FD does); paths may "
                             "be relative to problems/ipc/")
    parser.add_argument("--pair", nargs=2, action="append", default=[],
                        metavar=("DOMAIN", "PROBLEM"), help="an explicit pair")
    parser.add_argument("--runs", type=int, default=10,
                        help="timed runs per tool and pair (default %(default)s)")
    parser.add_argument("--warmup", type=int, default=1,
                        help="untimed runs first (default %(default)s)")
    parser.add_argument("--planbox", default=str(fdref.REPO / "target/release/planbox"),
                        help="planbox binary (default target/release/planbox)")
    parser.add_argument("--ref-venv", default=fdref.default_ref_venv(),
                        help="reference venv (default $REF_VENV or %(default)s)")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds per run (default %(default)s)")
    parser.add_argument("--explore-worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.explore_worker:
        explore_worker(*args.explore_worker)
        return

    args.ref_python = fdref.ref_python(args.ref_venv)
    pairs = [(Path(d), Path(p)) for d, p in args.pair]
    for arg in args.problems:
        problem = fdref.resolve_problem(arg)
        pairs.append((fdref.find_domain(problem), problem))
    if not pairs:
        for problem in [largest_sokoban(), fdref.resolve_problem(DEFAULT_NON_SOKOBAN)]:
            pairs.append((fdref.find_domain(problem), problem))

    rows, errors = [], []
    for domain, problem in pairs:
        print(f"{fdref.short_name(problem)} (domain {domain})", file=sys.stderr, flush=True)
        res = measure(args, domain, problem)
        med = {tool: fdref.median(res[tool]["times"]) for tool in TOOLS}
        for tool in TOOLS:
            if res[tool]["error"]:
                errors.append(f"{fdref.short_name(problem)}: {tool}: {res[tool]['error']}")
        pb_ops, c_ops = res["planbox"]["ops"], res["fd-explore"]["ops"]
        agree = "-" if pb_ops is None or c_ops is None else (
            "yes" if pb_ops == c_ops else "**NO**")
        rows.append([
            fdref.short_name(problem),
            fdref.fmt(med["planbox"]) if not res["planbox"]["error"] else "failed",
            fdref.fmt(fdref.median(res["planbox"]["extra"])),
            fdref.fmt(med["fd-translate"]) if not res["fd-translate"]["error"] else "failed",
            fdref.fmt(med["fd-explore"]) if not res["fd-explore"]["error"] else "failed",
            fdref.ratio(med["fd-translate"], med["planbox"]),
            fdref.ratio(med["fd-explore"], fdref.median(res["planbox"]["extra"])),
            fdref.fmt(pb_ops), fdref.fmt(c_ops), fdref.fmt(res["fd-translate"]["ops"]),
            agree,
        ])
    report(rows, errors, args)


if __name__ == "__main__":
    main()
