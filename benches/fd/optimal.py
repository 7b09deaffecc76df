#!/usr/bin/env python3
"""Optimal planning: planbox beside Scorpion, domain by domain, in one script.

For every domain directory of a suite (default ``../shared/benchmarks/ipc``)
the first ``--first`` problems (file-name order) run with

``scorpion``
    Scorpion's driver (``../shared/anchors``, unpacked into
    ``~/.cache/planbox-ref``; see its README) with ``--preprocess --alias
    scorpion``: h²-preprocessing, online saturated cost partitioning over
    Sys-SCP pattern databases and Cartesian abstractions, atom-centric
    stubborn sets;
``lmcut``
    ``planbox plan --search astar --heuristic lmcut``;
``optimal``
    ``planbox plan --alias optimal``,

each under ``--timeout`` CPU seconds (default 300) and ``--memory-limit`` MB
(default 4096), ``--jobs`` runs at a time (default 2). Scorpion's driver
enforces its own limits (``--overall-time-limit``, ``--overall-memory-limit``);
planbox's runs get them as ``RLIMIT_CPU`` and ``RLIMIT_AS``.

Every plan, Scorpion's included, is checked with ``planbox validate``; a plan
that fails counts as not solved. Optimal costs that differ are reported.

Reported per domain: problems, solved by each configuration; then over the
problems every configuration solves, the geometric mean of expansions until
the last f layer (plus 1) relative to Scorpion's, and the time before the
search starts (Scorpion: the log's time stamp at "Initial heuristic value";
planbox: total time less search time, plus the search's clock when the
initial state had its estimate, which covers building the heuristic), and
expansions per second; last, the problems that not every configuration
solves, grouped by the configurations that do.

Usage::

    cargo build --release
    python3 benches/fd/optimal.py --json-out opt.json --resume --interleave
    python3 benches/fd/optimal.py --from-json opt.json          # the tables again
    python3 benches/fd/optimal.py --domain gripper --first 3 --timeout 60

``--resume`` keeps the records already in ``--json-out`` and runs the rest
(the file is written after every run; a run stopped by the wall-clock guard,
``3 * --timeout + 60`` s, before its CPU time ran out is not kept); ``--interleave`` runs every domain's
first problem, then every second one, so that a partial run samples all
domains; ``--as-recorded scorpion`` runs only the problems Scorpion has a
record of (new planbox runs beside Scorpion's kept ones); ``--rerun
optimal`` forgets the recorded runs of ``optimal`` first (after a change to
planbox, ``--json-out`` a copy of the records)::

    cp benches/fd/optimal300.json /tmp/opt.json
    python3 benches/fd/optimal.py --json-out /tmp/opt.json --resume \
        --as-recorded scorpion --rerun optimal --config optimal
"""

import argparse
import json
import math
import re
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import fdref

SUITE = fdref.REPO.parent / "shared" / "benchmarks" / "ipc"
SCORPION = Path.home() / ".cache" / "planbox-ref" / "scorpion" / "fast-downward.py"
PLANBOX = {
    "lmcut": ["--search", "astar", "--heuristic", "lmcut"],
    "optimal": ["--alias", "optimal"],
}
CONFIGS = ["scorpion", *PLANBOX]

LOG = {
    "expanded": r"\] Expanded (\d+) state\(s\)\.",
    "expanded_until_last_jump": r"\] Expanded until last jump: (\d+) state\(s\)\.",
    "search_time_s": r"\] Search time: ([\d.]+)s",
    "cost": r"\] Plan cost: (\d+)",
    "setup_s": r"\[t=([\d.]+)s, \d+ KB\] Initial heuristic value",
}


def problems(suite: Path, first: int, only):
    for d in sorted(p for p in suite.iterdir() if p.is_dir()):
        if only and d.name not in only:
            continue
        files = sorted(p for p in d.glob("*.pddl") if "domain" not in p.name)
        for p in files[:first]:
            yield fdref.find_domain(p).resolve(), p.resolve()


def validate(args, domain, problem, plan: Path) -> bool:
    check = fdref.run_timed([args.planbox, "validate", domain, problem, plan], timeout=300)
    return check.returncode == 0


def run_scorpion(args, domain, problem, tmp: Path) -> dict:
    run = fdref.run_timed(
        [sys.executable, SCORPION, "--preprocess", "--alias", "scorpion",
         "--overall-time-limit", f"{math.ceil(args.timeout)}s",
         "--overall-memory-limit", f"{args.memory_limit}M",
         "--plan-file", tmp / "sas_plan", domain, problem],
        timeout=fdref.wall_guard(args.timeout), cwd=tmp)
    record = {"total_wall_s": run.wall_s, "returncode": run.returncode}
    for key, pattern in LOG.items():
        found = re.findall(pattern, run.stdout)
        if found:
            record[key] = float(found[-1]) if "." in found[-1] else int(found[-1])
    solved = run.returncode == 0 and (tmp / "sas_plan").exists()
    record["outcome"] = "solved" if solved else "wall guard" if run.timed_out else {
        12: "no plan", 22: "OOM", 23: "timeout", 11: "unsolvable"
    }.get(run.returncode, f"error {run.returncode}")
    return record


def run_planbox(args, config, domain, problem, tmp: Path) -> dict:
    run = fdref.run_timed(
        [args.planbox, "plan", "--json", *PLANBOX[config], domain, problem,
         "--plan-file", tmp / "sas_plan"],
        cpu_limit_s=args.timeout, memory_limit_mb=args.memory_limit, cwd=tmp)
    record = {"total_wall_s": run.wall_s, "returncode": run.returncode}
    try:
        out = json.loads(run.stdout.strip().splitlines()[-1])
        for key in ("expanded", "expanded_until_last_jump", "search_time_s", "cost"):
            record[key] = out.get(key)
        if out.get("total_time_s") is not None and out.get("search_time_s") is not None:
            # Parsing and grounding, then building the heuristic (the
            # search's clock when the start had its estimate).
            record["setup_s"] = (out["total_time_s"] - out["search_time_s"]
                                 + (out.get("initial_h_time_s") or 0))
            # The search's clock includes building the heuristic; Fast
            # Downward's search time does not.
            record["initial_h_time_s"] = out.get("initial_h_time_s")
    except (ValueError, IndexError):
        pass
    solved = run.returncode == 0 and record.get("cost") is not None
    record["outcome"] = "solved" if solved else (
        "wall guard" if run.timed_out else {22: "OOM", 23: "timeout", 11: "unsolvable"}.get(
            run.returncode, f"error {run.returncode}"))
    return record


def run_one(job):
    config, domain, problem, args = job
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if config == "scorpion":
            record = run_scorpion(args, domain, problem, tmp)
        else:
            record = run_planbox(args, config, domain, problem, tmp)
        if record["outcome"] == "solved" and not validate(args, domain, problem, tmp / "sas_plan"):
            record["outcome"] = "invalid plan"
    record.update(config=config, domain=problem.parent.name, problem=problem.name)
    return record


def key(r):
    return (r["config"], r["domain"], r["problem"])


def geo(values):
    values = [v for v in values if v is not None and v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def search_s(record):
    """Seconds of search after the initial estimate: Fast Downward's search
    time, planbox's less the heuristic's construction (older records without
    it count the construction too)."""
    return (record.get("search_time_s") or 0) - (record.get("initial_h_time_s") or 0)


def report(records, configs):
    by = {key(r): r for r in records}
    # Only the problems every configuration has run (a partial run).
    ran = {(r["domain"], r["problem"]) for r in records}
    ran = {dp for dp in ran if all((c, *dp) in by for c in configs)}
    records = [r for r in records if (r["domain"], r["problem"]) in ran]
    domains = sorted({r["domain"] for r in records})
    print("| domain | problems | " + " | ".join(configs) + " |")
    print("|---|---:|" + "---:|" * len(configs))
    totals = {c: 0 for c in configs}
    mismatches = []
    common = []
    for d in domains:
        names = sorted({r["problem"] for r in records if r["domain"] == d})
        row = []
        for c in configs:
            n = sum(by.get((c, d, p), {}).get("outcome") == "solved" for p in names)
            totals[c] += n
            row.append(str(n))
        for p in names:
            rs = [by.get((c, d, p), {}) for c in configs]
            if all(r.get("outcome") == "solved" for r in rs):
                common.append(rs)
                if len({r.get("cost") for r in rs}) > 1:
                    mismatches.append((d, p, [r.get("cost") for r in rs]))
        print(f"| {d} | {len(names)} | " + " | ".join(row) + " |")
    print(f"| **total** | {sum(1 for r in records if r['config'] == configs[0])} | "
          + " | ".join(f"**{totals[c]}**" for c in configs) + " |")
    print()
    print(f"Solved by all {len(common)}; costs differ on {len(mismatches)}: {mismatches}")
    for i, c in enumerate(configs):
        ex = geo([(rs[i].get("expanded_until_last_jump") or 0) + 1 for rs in common])
        setup = geo([max(rs[i].get("setup_s") or 0, 0.001) for rs in common])
        rate = geo([(rs[i].get("expanded") or 0) / max(search_s(rs[i]), 1e-3)
                    for rs in common if (rs[i].get("expanded") or 0) > 1000])
        print(f"- {c}: expansions until the last jump (geometric mean, +1) {ex and round(ex, 1)}, "
              f"time before the search {setup and round(setup, 3)} s, "
              f"expansions/s (searches of 1,000 or more) {rate and round(rate)}")
    # The problems that not every configuration solves, by who solves them
    # (what the prose beside the table names).
    split = {}
    for d, p in sorted(ran):
        solvers = tuple(c for c in configs if by[(c, d, p)].get("outcome") == "solved")
        if len(solvers) < len(configs):
            split.setdefault(solvers, []).append(f"{d} {p}")
    print()
    for solvers, names in sorted(split.items(), key=lambda kv: (len(kv[0]), kv[0])):
        print(f"Solved by {', '.join(solvers) or 'none'} ({len(names)}): {'; '.join(names)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", type=Path, default=SUITE)
    ap.add_argument("--first", type=int, default=10)
    ap.add_argument("--domain", action="append")
    ap.add_argument("--config", action="append", choices=CONFIGS)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--memory-limit", type=int, default=4096)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--planbox", default=str(fdref.REPO / "target" / "release" / "planbox"))
    ap.add_argument("--json-out", type=Path)
    ap.add_argument("--from-json", type=Path)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--interleave", action="store_true")
    ap.add_argument("--as-recorded", metavar="CONFIG",
                    help="run only the problems that CONFIG has a record of (with --resume)")
    ap.add_argument("--rerun", metavar="CONFIG", action="append", default=[],
                    help="forget CONFIG's records before resuming (a new planbox build)")
    args = ap.parse_args()
    configs = args.config or CONFIGS
    if args.from_json:
        report(json.loads(args.from_json.read_text()), configs)
        return
    records = []
    if args.resume and args.json_out and args.json_out.exists():
        records = [r for r in json.loads(args.json_out.read_text())
                   if r["config"] not in args.rerun]
    done = {key(r) for r in records}
    pairs = list(problems(args.suite, args.first, args.domain))
    if args.interleave:
        index = {}
        ranked = []
        for dom, p in pairs:
            index[p.parent] = index.get(p.parent, -1) + 1
            ranked.append((index[p.parent], dom, p))
        pairs = [(dom, p) for _, dom, p in sorted(ranked, key=lambda t: (t[0], str(t[2])))]
    if args.as_recorded:
        pairs = [(dom, p) for dom, p in pairs
                 if (args.as_recorded, p.parent.name, p.name) in done]
    jobs = [(c, dom, p, args) for dom, p in pairs for c in configs
            if (c, p.parent.name, p.name) not in done]
    with ProcessPoolExecutor(args.jobs) as pool:
        for record in pool.map(run_one, jobs):
            print(f"{record['config']:9} {record['domain']}/{record['problem']}: "
                  f"{record['outcome']} cost {record.get('cost')} "
                  f"exp {record.get('expanded_until_last_jump')} "
                  f"{record['total_wall_s']:.1f} s", flush=True)
            # Stopped by the wall-clock guard before its CPU time ran out (a
            # loaded machine): not an outcome of the planner; not kept, so
            # that --resume runs it again.
            if record["outcome"] == "wall guard":
                continue
            records.append(record)
            if args.json_out:
                args.json_out.write_text(json.dumps(records, indent=1))
    # Every configuration recorded, those kept from earlier runs too.
    report(records, [c for c in CONFIGS if any(r["config"] == c for r in records)])


if __name__ == "__main__":
    main()
