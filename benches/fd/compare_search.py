#!/usr/bin/env python3
"""Search speed: planbox against Fast Downward on the same configurations.

What is measured
----------------
For each configuration and problem (defaults below), each tool runs
``--runs`` times (default 1) with a per-run time limit and address-space limit:

Fast Downward
    its translator (``python -m fast_downward.translate DOMAIN PROBLEM
    --sas-file output.sas`` in a temporary directory), then its ``downward``
    search binary with ``--search CONFIG --internal-plan-file sas_plan``
    reading output.sas on stdin (what FD's driver does). From the search log:
    ``Expanded N state(s).``, ``Generated N state(s).``, ``Search time:``,
    ``Total time:`` (of the search binary), ``Peak memory:`` (of the search
    binary: the translator is a separate Python process, its own peak is kept
    in the JSON output as ``translate_peak_kb``), ``Plan cost:``. FD's total is
    the wall-clock time around the translator plus that around the search.
planbox
    ``planbox plan --json --search S --heuristic H DOMAIN PROBLEM --plan-file
    TMP``, one process for parse, grounding and search; the wall-clock time is
    measured around it (and its CPU time, from RUSAGE_CHILDREN) and the JSON keys ``expanded``, ``generated``,
    ``search_time_s``, ``total_time_s``, ``peak_memory_kb``, ``cost`` and
    ``outcome`` are read from its last stdout line.

``total s`` is wall-clock time around the subprocesses, ``cpu s`` their user +
system CPU time (both for translator + search, for FD). On a machine shared
with compilers the two differ: compare CPU times then, or rerun when it is
quiet. Expansions per second are ``expanded / search time``, each tool's own
search time; NOTE: FD 26.6's log times (``Search time:``, ``Total time:``) are
CPU time of the search process (checked: a search sharing its core with a
busy loop reports 0.71 s for 1.46 s of wall-clock time). Ratios are written so that above 1 means planbox is better:
``exp/s pb/FD``, ``mem FD/pb``, ``time FD/pb``. A problem that a tool fails on,
runs out of time or memory on, or that planbox does not support yet (e.g. an
unknown option: the error line is reported) stays in the table, marked in its
``cost`` cell, and the run goes on. For the optimal configurations, differing
plan costs are flagged (``cost!``); so is a problem that one tool solves and
the other proves unsolvable (``solvability!``).

Configurations (FD 26.6 syntax; planbox options)::

    astar-blind   astar(blind())                 --search astar --heuristic blind
    astar-lmcut   astar(lmcut())                 --search astar --heuristic lmcut
    astar-lmcut-scratch
                  astar(lmcut())                 --search astar --heuristic lmcut-scratch
                  (planbox's LM-cut without reusing the parent's landmarks,
                  Fast Downward's computation; not in the default set)
    gbfs-ff       eager_greedy([ff()])           --search gbfs  --heuristic hff --no-preferred
    gbfs-ff-pref  let(hff, ff(), eager_greedy([hff], preferred=[hff]))
                                                 --search gbfs  --heuristic hff
                  (not in the default set: FD's LAMA-style preferred operators)

Default problems: the two A* configurations on sokoban-opt08-strips p01-p05,
blocks probBLOCKS-6-0, -7-0, -8-0 and gripper prob02-prob04; gbfs-ff on
sokoban-sat08-strips p01-p10. FD alone needs about 2.5 minutes for them on
2 cores, most of it blind A* on sokoban-opt08-strips p05 (9.6 million
expansions, 640 MB).

With ``--tools fd`` (or ``planbox``) the table has that tool's columns only.

Usage (any Python 3.8+; the reference venv comes from setup.sh)::

    python3 benches/fd/compare_search.py                       # default set
    python3 benches/fd/compare_search.py --tools fd            # FD side only
    python3 benches/fd/compare_search.py --config astar-lmcut blocks/probBLOCKS-6-0.pddl
    python3 benches/fd/compare_search.py --json-out /tmp/search.json --timeout 120
"""

import argparse
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

import fdref

CONFIGS = {
    "astar-blind": ("astar(blind())", ["--search", "astar", "--heuristic", "blind"]),
    "astar-lmcut": ("astar(lmcut())", ["--search", "astar", "--heuristic", "lmcut"]),
    "astar-lmcut-scratch": ("astar(lmcut())",
                            ["--search", "astar", "--heuristic", "lmcut-scratch"]),
    "gbfs-ff": ("eager_greedy([ff()])",
                ["--search", "gbfs", "--heuristic", "hff", "--no-preferred"]),
    "gbfs-ff-pref": ("let(hff, ff(), eager_greedy([hff], preferred=[hff]))",
                     ["--search", "gbfs", "--heuristic", "hff"]),
    # FD 26.6's `--alias lama-first` (driver/aliases.py), spelled out since
    # the search binary is run without the driver.
    "lama-first": ("let(hlm, eval_modify_costs(landmark_sum(lm_factory="
                   "lm_reasonable_orders_hps(lm_rhw()),pref=false),cost_type=one),"
                   "let(hff, eval_modify_costs(ff(),cost_type=one),"
                   "lazy_greedy([hff,hlm],preferred=[hff,hlm],cost_type=one,"
                   "reopen_closed=false)))",
                   ["--alias", "lama-first"]),
}
# The same with the landmark heuristic's preferred operators (pref=true), the
# setting of FD's `seq-sat-lama-2011`.
CONFIGS["lama-first-lmpref"] = (CONFIGS["lama-first"][0].replace("pref=false", "pref=true"),
                                ["--alias", "lama-first", "--landmark-preferred"])


def lama_search(sas_text: str, max_time: float, pref: bool = False) -> str:
    """FD 26.6's `--alias lama` (driver/aliases.py), spelled out since the
    search binary runs without the driver: the driver's `--if-unit-cost`
    choice made here from the translated task, and `max_time` added so that
    the anytime search stops by itself and keeps its plans. With `pref`,
    `--alias seq-sat-lama-2011` (the landmark heuristic's preferred
    operators too)."""
    unit = all(int(c) == 1 for c in re.findall(r"\n(\d+)\nend_operator", sas_text))
    lm = f"landmark_sum(lm_reasonable_orders_hps(lm_rhw()),pref={str(pref).lower()})"
    if unit:
        phases = ["lazy_greedy([hff,hlm],preferred=[hff,hlm])"] + [
            f"lazy_wastar([hff,hlm],preferred=[hff,hlm],w={w})" for w in (5, 3, 2, 1)]
        return (f"let(hlm, {lm},let(hff, ff(),iterated([{','.join(phases)}],"
                f"repeat_last=true,max_time={max_time:.0f})))")
    phases = ["lazy_greedy([hff1,hlm1],preferred=[hff1,hlm1],cost_type=one,reopen_closed=false)",
              "lazy_greedy([hff2,hlm2],preferred=[hff2,hlm2],reopen_closed=false)"] + [
        f"lazy_wastar([hff2,hlm2],preferred=[hff2,hlm2],w={w})" for w in (5, 3, 2, 1)]
    return (f"let(hlm1, eval_modify_costs({lm},cost_type=one),"
            f"let(hff1, eval_modify_costs(ff(),cost_type=one),"
            f"let(hlm2, eval_modify_costs({lm},cost_type=plusone),"
            f"let(hff2, eval_modify_costs(ff(),cost_type=plusone),"
            f"iterated([{','.join(phases)}],repeat_last=true,max_time={max_time:.0f})))))")


CONFIGS["lama"] = (lama_search, ["--alias", "lama"])
CONFIGS["seq-sat-lama-2011"] = (lambda sas, t: lama_search(sas, t, pref=True),
                                ["--alias", "seq-sat-lama-2011"])


def fd_name(config: str) -> str:
    """FD's configuration as the tables print it."""
    search = CONFIGS[config][0]
    if callable(search):
        return f"--alias {config} (spelled out per task)"
    return search
# Anytime configurations: both planners get the time limit themselves, stop
# by it and report the best plan so far (the process's CPU limit is a margin
# later).
ANYTIME = {"lama", "seq-sat-lama-2011"}
ANYTIME_MARGIN_S = 30

# Where planbox cannot run FD's configuration exactly (printed under the table).
PLANBOX_NOTES: dict = {}
OPTIMAL = {"astar-blind", "astar-lmcut", "astar-lmcut-scratch"}

ASTAR_SET = ([f"sokoban-opt08-strips/p0{i}.pddl" for i in range(1, 6)]
             + [f"blocks/probBLOCKS-{n}-0.pddl" for n in (6, 7, 8)]
             + [f"gripper/prob0{i}.pddl" for i in (2, 3, 4)])
GBFS_SET = [f"sokoban-sat08-strips/p{i:02d}.pddl" for i in range(1, 11)]
DEFAULT_SET = ([("astar-blind", p) for p in ASTAR_SET]
               + [("astar-lmcut", p) for p in ASTAR_SET]
               + [("gbfs-ff", p) for p in GBFS_SET])

# FD's exit codes (driver/returncodes.py) that are not plain errors.
FD_CODES = {11: "unsolvable", 12: "no plan (incomplete)", 20: "translate OOM",
            21: "translate timeout", 22: "OOM", 23: "timeout"}

FD_PATTERNS = {
    "expanded": (r"\] Expanded (\d+) state\(s\)\.", int),
    "expanded_until_last_jump": (r"\] Expanded until last jump: (\d+) state\(s\)\.", int),
    "initial_h": (r"\] Initial heuristic value for [^:]+: (\d+)", int),
    "generated": (r"\] Generated (\d+) state\(s\)\.", int),
    "search_time_s": (r"\] Search time: ([\d.]+)s", float),
    "search_total_time_s": (r"\] Total time: ([\d.]+)s", float),
    "peak_memory_kb": (r"^Peak memory: (\d+) KB", int),
    "cost": (r"\] Plan cost: (\d+)", int),
    "plan_length": (r"\] Plan length: (\d+) step", int),
    "registered": (r"\] Number of registered states: (\d+)", int),
}


def parse_fd_log(text: str) -> dict:
    record = {}
    for key, (pattern, convert) in FD_PATTERNS.items():
        matches = re.findall(pattern, text, re.MULTILINE)
        if matches:
            record[key] = convert(matches[-1])
    return record


def run_fd(args, config, domain, problem, plan_out=None) -> dict:
    """Translate, then search; one record (outcome 'solved' or what went wrong).
    With `plan_out`, the plan found is copied there."""
    search = CONFIGS[config][0]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        translate = fdref.run_timed(
            [args.ref_python, "-m", fdref.TRANSLATOR_MODULE, domain, problem,
             "--sas-file", tmp / "output.sas"],
            cpu_limit_s=args.timeout, memory_limit_mb=args.memory_limit, cwd=tmp)
        record = {"translate_wall_s": translate.wall_s, "translate_cpu_s": translate.cpu_s}
        peak = re.search(r"Translator peak memory: (\d+) KB", translate.stdout)
        if peak:
            record["translate_peak_kb"] = int(peak.group(1))
        if translate.timed_out or translate.returncode != 0:
            record["outcome"] = outcome_of(translate, "translate ")
            record["error"] = translate.error_line()
            return record
        remaining = args.timeout - translate.cpu_s
        limit = max(remaining, 1)
        if callable(search):
            search = search((tmp / "output.sas").read_text(), limit)
            limit += ANYTIME_MARGIN_S
        with open(tmp / "output.sas") as sas:
            search_run = fdref.run_timed(
                [args.downward, "--search", search,
                 "--internal-plan-file", tmp / "sas_plan"],
                cpu_limit_s=limit, memory_limit_mb=args.memory_limit,
                stdin=sas, cwd=tmp)
        plans = sorted(tmp.glob("sas_plan*"), key=lambda p: (len(p.name), p.name))
        if plan_out is not None and plans:
            shutil.copyfile(plans[-1], plan_out)
    record["search_wall_s"] = search_run.wall_s
    record["total_wall_s"] = translate.wall_s + search_run.wall_s
    if search_run.cpu_s is not None:
        record["total_cpu_s"] = translate.cpu_s + search_run.cpu_s
    record.update(parse_fd_log(search_run.stdout))
    if config in ANYTIME and record.get("cost") is not None:
        record["outcome"] = "solved"
    elif search_run.timed_out or search_run.returncode != 0:
        record["outcome"] = outcome_of(search_run)
        record["error"] = search_run.error_line()
    else:
        record["outcome"] = "solved"
    return record


def outcome_of(run, prefix="") -> str:
    if run.timed_out:
        return prefix + "timeout"
    if run.returncode in FD_CODES:
        return FD_CODES[run.returncode]
    return f"{prefix}error {run.returncode}"


def run_planbox(args, config, domain, problem, plan_out=None) -> dict:
    """One planbox run; with `plan_out`, the plan found is copied there."""
    extra, limit = [], args.timeout
    if config in ANYTIME:
        extra, limit = ["--time-limit", f"{args.timeout:g}"], args.timeout + ANYTIME_MARGIN_S
    with tempfile.TemporaryDirectory() as tmp:
        run = fdref.run_timed(
            [args.planbox, "plan", "--json", *CONFIGS[config][1], *extra, domain, problem,
             "--plan-file", Path(tmp) / "plan"],
            cpu_limit_s=limit, memory_limit_mb=args.memory_limit, cwd=tmp)
        plans = sorted(Path(tmp).glob("plan*"), key=lambda p: (len(p.name), p.name))
        if plan_out is not None and plans:
            shutil.copyfile(plans[-1], plan_out)
    record = {"total_wall_s": run.wall_s, "total_cpu_s": run.cpu_s,
              "returncode": run.returncode}
    lines = run.stdout.strip().splitlines()
    try:
        record.update(json.loads(lines[-1]))
    except (ValueError, IndexError):
        pass
    if run.timed_out:
        record["outcome"] = "timeout"
    elif run.returncode == 0 and record.get("cost") is not None:
        record["planbox_outcome"] = record.get("outcome")
        record["outcome"] = "solved"
    elif run.returncode in FD_CODES and "expanded" in record:
        record["planbox_outcome"] = record.get("outcome")
        record["outcome"] = FD_CODES[run.returncode]
    else:
        # planbox failed before it could report a search (usage error, unknown
        # option, unsupported input, crash): keep its error line.
        record["planbox_outcome"] = record.get("outcome")
        record["outcome"] = f"error {run.returncode}"
        record["error"] = run.error_line()
    return record


def combine(records):
    """Several runs of one tool on one problem: the last record, median times."""
    if len(records) == 1:
        return records[0]
    combined = dict(records[-1])
    for key in ("total_wall_s", "total_cpu_s", "translate_wall_s", "search_wall_s",
                "search_time_s", "total_time_s", "search_total_time_s"):
        values = [r.get(key) for r in records if r.get(key) is not None]
        if values:
            combined[key] = fdref.median(values)
    return combined


def exp_per_s(record):
    expanded, seconds = record.get("expanded"), record.get("search_time_s")
    if expanded is None or seconds is None:
        return None
    return expanded / max(seconds, 1e-6)  # FD prints 0s for tiny searches


def stored_states(record):
    """States the search stored: FD's registered states; planbox's evaluated
    states (its best-first searches store exactly the states they evaluate)."""
    return record.get("registered", record.get("evaluated"))


def bytes_per_state(record):
    """Peak memory of the search process per stored state, in bytes."""
    kb, states = record.get("peak_memory_kb"), stored_states(record)
    if kb is None or not states:
        return None
    return kb * 1024 / states


def cost_cell(record):
    if record is None:
        return "not run"
    if record.get("outcome") == "solved":
        return fdref.fmt(record.get("cost"))
    return f"*{record.get('outcome')}*"


FINISHED = ("solved", "unsolvable")  # a search that ran to its end


def table_row(config, problem, fd, pb):
    fd, pb = fd or {}, pb or {}
    fd_cost, pb_cost = cost_cell(fd or None), cost_cell(pb or None)
    if (config in OPTIMAL and fd.get("outcome") == pb.get("outcome") == "solved"
            and fd.get("cost") != pb.get("cost")):
        pb_cost += " cost!"
    if {fd.get("outcome"), pb.get("outcome")} == {"solved", "unsolvable"}:
        pb_cost += " solvability!"
    fd_rate, pb_rate = exp_per_s(fd), exp_per_s(pb)
    # Times of a tool that did not finish its search compare nothing.
    fd_done, pb_done = fd.get("outcome") in FINISHED, pb.get("outcome") in FINISHED
    fd_time = fd.get("total_wall_s") if fd_done else None
    pb_time = pb.get("total_wall_s") if pb_done else None
    fd_cpu = fd.get("total_cpu_s") if fd_done else None
    pb_cpu = pb.get("total_cpu_s") if pb_done else None
    return [config, fdref.short_name(problem), fd_cost, pb_cost,
            fdref.fmt(fd.get("expanded")), fdref.fmt(pb.get("expanded")),
            fdref.fmt(fd_rate, 0), fdref.fmt(pb_rate, 0), fdref.ratio(pb_rate, fd_rate),
            fdref.fmt(fd.get("peak_memory_kb")), fdref.fmt(pb.get("peak_memory_kb")),
            fdref.ratio(fd.get("peak_memory_kb"), pb.get("peak_memory_kb")),
            fdref.fmt(stored_states(fd)), fdref.fmt(stored_states(pb)),
            fdref.fmt(bytes_per_state(fd), 0), fdref.fmt(bytes_per_state(pb), 0),
            fdref.fmt(fd_time), fdref.fmt(pb_time), fdref.ratio(fd_time, pb_time),
            fdref.fmt(fd_cpu), fdref.fmt(pb_cpu), fdref.ratio(fd_cpu, pb_cpu)]


def single_tool_row(config, problem, record):
    finished = record.get("outcome") in FINISHED
    return [config, fdref.short_name(problem), cost_cell(record),
            fdref.fmt(record.get("expanded")), fdref.fmt(record.get("generated")),
            fdref.fmt(exp_per_s(record), 0), fdref.fmt(record.get("search_time_s")),
            fdref.fmt(record.get("peak_memory_kb")),
            fdref.fmt(stored_states(record)), fdref.fmt(bytes_per_state(record), 0),
            fdref.fmt(record.get("total_wall_s") if finished else None),
            fdref.fmt(record.get("total_cpu_s") if finished else None)]


SINGLE_HEADER = ["config", "problem", "cost", "expanded", "generated", "exp/s",
                 "search s", "peak KB", "stored", "B/state", "total s", "cpu s"]

HEADER = ["config", "problem", "cost FD", "cost pb", "expanded FD", "expanded pb",
          "exp/s FD", "exp/s pb", "exp/s pb/FD", "peak KB FD", "peak KB pb",
          "mem FD/pb", "stored FD", "stored pb", "B/state FD", "B/state pb", "total s FD", "total s pb", "time FD/pb",
          "cpu s FD", "cpu s pb", "cpu FD/pb"]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("problems", nargs="*",
                        help="problem files (paths may be relative to problems/ipc/); "
                             "with --config: run that configuration on them")
    parser.add_argument("--config", action="append", choices=sorted(CONFIGS),
                        help="configuration(s) to run (default: the default set)")
    parser.add_argument("--tools", default="fd,planbox",
                        help="comma-separated subset of fd,planbox (default %(default)s)")
    parser.add_argument("--runs", type=int, default=1,
                        help="runs per tool and problem; times are medians (default 1)")
    parser.add_argument("--timeout", type=float, default=300,
                        help="CPU seconds per run of a tool (RLIMIT_CPU), "
                             "translate+search for FD (default %(default)s)")
    parser.add_argument("--memory-limit", type=int, default=4096, metavar="MB",
                        help="address-space limit per process (default %(default)s MB)")
    parser.add_argument("--planbox", default=str(fdref.REPO / "target/release/planbox"),
                        help="planbox binary (default target/release/planbox)")
    parser.add_argument("--ref-venv", default=fdref.default_ref_venv(),
                        help="reference venv (default $REF_VENV or %(default)s)")
    parser.add_argument("--json-out", metavar="FILE",
                        help="also write every record (all parsed figures) as JSON")
    args = parser.parse_args()

    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    if not set(tools) <= {"fd", "planbox"}:
        parser.error("--tools takes fd, planbox or both")
    if "fd" in tools:
        args.ref_python = fdref.ref_python(args.ref_venv)
        args.downward = fdref.downward_binary(args.ref_venv)

    if args.problems or args.config:
        configs = args.config or ["astar-blind"]
        problems = args.problems or ASTAR_SET
        jobs = [(c, p) for c in configs for p in problems]
    else:
        jobs = DEFAULT_SET

    rows, records = [], []
    for config, name in jobs:
        problem = fdref.resolve_problem(name)
        domain = fdref.find_domain(problem)
        result = {}
        for index in range(args.runs):
            # alternate which tool goes first, to share the machine's noise
            order = tools if index % 2 == 0 else tools[::-1]
            for tool in order:
                runner = run_fd if tool == "fd" else run_planbox
                result.setdefault(tool, []).append(
                    runner(args, config, str(domain), str(problem)))
        result = {tool: combine(runs) for tool, runs in result.items()}
        for tool, record in result.items():
            summary = record.get("outcome")
            if record.get("error"):
                summary += f": {record['error']}"
            print(f"{config} {fdref.short_name(problem)} {tool}: {summary}",
                  file=sys.stderr, flush=True)
        records.append({"config": config, "problem": str(problem), **result})
        if len(tools) == 1:
            rows.append(single_tool_row(config, problem, result[tools[0]]))
        else:
            rows.append(table_row(config, problem, result.get("fd"), result.get("planbox")))

    print(f"\nFD search: {', '.join(f'{c} = {fd_name(c)}' for c in sorted({c for c, _ in jobs}))}. "
          f"{args.runs} run(s) per tool, time limit {args.timeout:g} s, "
          f"memory limit {args.memory_limit} MB."
          + (" Ratios above 1: planbox is better." if len(tools) > 1 else "") + "\n")
    print(fdref.markdown_table(HEADER if len(tools) > 1 else SINGLE_HEADER, rows))
    notes = [c for c in sorted({c for c, _ in jobs}) if c in PLANBOX_NOTES]
    if notes and "planbox" in tools:
        print()
        for config in notes:
            print(f"Note on {config}: {PLANBOX_NOTES[config]}")
    errors = [(r["config"], r["problem"], tool, r[tool]["error"])
              for r in records for tool in ("fd", "planbox")
              if tool in r and r[tool].get("error")]
    if errors:
        print("\nErrors (last line of each tool's output):\n")
        for config, problem, tool, error in errors:
            print(f"- {config} {fdref.short_name(Path(problem))} {tool}: {error}")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(records, indent=1) + "\n")


if __name__ == "__main__":
    main()
