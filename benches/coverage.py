#!/usr/bin/env python3
"""Coverage of regression against progression on the bundled IPC sets.

Each problem is solved twice with the same algorithm and heuristic (default:
A* with h_max, admissible in both directions), once per engine, each with the
same time and memory limit, by running the real binary:

    planbox plan --engine {progression,regression} --search astar
                 --heuristic hmax --time-limit 60 --memory-limit 3000 --json

The report is a Markdown table per domain: problems tried, solved by each
engine, solved by both, and the median expansions and search time of each
engine over the problems both solved. A plan's cost is compared between the
engines (both are optimal with h_max, so they must agree).

Usage::

    python3 benches/coverage.py                       # 5 problems of each set
    python3 benches/coverage.py --per-domain 0        # every problem (hours)
    python3 benches/coverage.py --time-limit 10 --json-out /tmp/cov.json
    python3 benches/coverage.py --per-domain 0 --skip-after 5   # all sets, with a cut-off

With `--engines regression --reuse OLD.json`, only regression runs and each
row takes its progression record from the earlier run (for a change that
touches one engine only).

With `--fill OLD.json`, nothing is run but the records `OLD.json` marks as
skipped (for the engines and sets asked for), and all rows are written out
again: a second pass that completes the sets where the cut-off stopped too
early.

With `--skip-after N`, once an engine has failed on N problems of a set in a
row (problems are taken from the smallest file to the largest), it is not run
on the rest of that set: those problems count as unsolved and the table says
how many were skipped. This makes a sweep of all 531 problems take about an
hour on two jobs instead of most of a day; it can only under-count coverage.
"""

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IPC = ROOT / "problems" / "ipc"


def problems(per_domain, sets=None):
    """Every problem, or `per_domain` of each set spread evenly over the set
    sorted by file size (so from the smallest to the largest)."""
    for d in sorted(p for p in IPC.iterdir() if p.is_dir()):
        if sets and d.name not in sets:
            continue
        files = sorted((f for f in d.glob("*.pddl") if f.name != "domain.pddl"),
                       key=lambda f: (f.stat().st_size, f.name))
        if per_domain and len(files) > per_domain:
            step = (len(files) - 1) / (per_domain - 1) if per_domain > 1 else 0
            files = [files[round(i * step)] for i in range(per_domain)]
        yield from files


def run(planbox, engine, problem, args):
    cmd = [planbox, "plan", "--engine", engine, "--search", args.search,
           "--time-limit", str(args.time_limit), "--memory-limit", str(args.memory_limit),
           "--json", "--plan-file", "-"]
    if args.heuristic:
        cmd += ["--heuristic", args.heuristic]
    cmd.append(str(problem))
    try:
        out = subprocess.run(cmd, capture_output=True, text=True,
                             timeout=args.time_limit * 3 + 30)
    except subprocess.TimeoutExpired:
        return {"outcome": "error", "error": "did not stop within 3 times its time limit"}
    try:
        return json.loads(out.stdout)
    except json.JSONDecodeError:
        line = (out.stderr.strip().splitlines() or ["no output"])[0]
        return {"outcome": "error", "error": line}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--planbox", default=str(ROOT / "target/release/planbox"))
    ap.add_argument("--search", default="astar")
    ap.add_argument("--heuristic", default="hmax")
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--memory-limit", type=int, default=3000)
    ap.add_argument("--per-domain", type=int, default=5,
                    help="N problems of each set, spread from the smallest to the "
                         "largest file; 0 for all")
    ap.add_argument("--skip-after", type=int, default=0, metavar="N",
                    help="stop running an engine on a set after N failures in a row "
                         "(0: never)")
    ap.add_argument("--json-out")
    ap.add_argument("--sets", help="comma-separated folder names (default: all)")
    ap.add_argument("--engines", default="progression,regression",
                    help="comma-separated engines to run (default: both)")
    ap.add_argument("--reuse", metavar="JSON",
                    help="take the records of engines not run from this earlier --json-out")
    ap.add_argument("--fill", metavar="JSON",
                    help="run only the records this earlier --json-out marks as skipped")
    ap.add_argument("--merge", nargs="+", metavar="JSON",
                    help="print the table of earlier --json-out files instead of running")
    args = ap.parse_args()

    if args.merge:
        rows = [r for f in args.merge for r in json.loads(Path(f).read_text())]
        rows.sort(key=lambda r: r["problem"])
        table(rows, args)
        return

    rows = []
    sets = set(args.sets.split(",")) if args.sets else None
    engines = args.engines.split(",")
    if args.fill:
        fill(args, sets, engines)
        return
    reused = {}
    if args.reuse:
        reused = {r["problem"]: r for r in json.loads(Path(args.reuse).read_text())}
    failures = {}  # (set, engine) -> failures in a row
    for problem in problems(args.per_domain, sets):
        rel = problem.relative_to(IPC)
        record = {"problem": str(rel)}
        for engine in ("progression", "regression"):
            key = (rel.parts[0], engine)
            if engine not in engines:
                old = reused.get(str(rel))
                record[engine] = old[engine] if old else {"outcome": "skipped"}
                continue
            if args.skip_after and failures.get(key, 0) >= args.skip_after:
                r = {"outcome": "skipped"}
            else:
                r = run(args.planbox, engine, problem, args)
                failures[key] = 0 if r.get("outcome") == "plan" else failures.get(key, 0) + 1
            record[engine] = {k: r.get(k) for k in
                              ("outcome", "cost", "expanded", "search_time_s",
                               "peak_memory_kb", "error")}
        p, r = record["progression"], record["regression"]
        print(f"{rel}: progression {p['outcome']} ({p['expanded']}), "
              f"regression {r['outcome']} ({r['expanded']})", file=sys.stderr)
        if p["outcome"] == r["outcome"] == "plan" and p["cost"] != r["cost"]:
            print(f"  COST DIFFERS: {p['cost']} vs {r['cost']}", file=sys.stderr)
        rows.append(record)
        if args.json_out:  # after every problem, so an interrupted run keeps its rows
            Path(args.json_out).write_text(json.dumps(rows, indent=1))

    if args.json_out:
        Path(args.json_out).write_text(json.dumps(rows, indent=1))
    table(rows, args)


def fill(args, sets, engines):
    rows = json.loads(Path(args.fill).read_text())
    for row in rows:
        name = row["problem"]
        if sets and name.split("/")[0] not in sets:
            continue
        for engine in engines:
            if row[engine]["outcome"] != "skipped":
                continue
            r = run(args.planbox, engine, IPC / name, args)
            row[engine] = {k: r.get(k) for k in
                           ("outcome", "cost", "expanded", "search_time_s",
                            "peak_memory_kb", "error")}
            print(f"{name}: {engine} {r.get('outcome')} ({r.get('expanded')})",
                  file=sys.stderr)
            if args.json_out:
                Path(args.json_out).write_text(json.dumps(rows, indent=1))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(rows, indent=1))
    table(rows, args)


def table(rows, args):
    by_domain = {}
    for row in rows:
        by_domain.setdefault(row["problem"].split("/")[0], []).append(row)
    print(f"Coverage, {args.search} {args.heuristic}, {args.time_limit:g} s and "
          f"{args.memory_limit} MB per run\n")
    print("| set | problems | progression | regression | both | skipped (prog / regr) |"
          " median expanded (prog / regr) | median search s (prog / regr) |")
    print("|---|---|---|---|---|---|---|---|")
    totals = [0] * 6
    for domain, rs in by_domain.items():
        solved = [(x["progression"]["outcome"] == "plan", x["regression"]["outcome"] == "plan")
                  for x in rs]
        both = [x for x, (a, b) in zip(rs, solved) if a and b]
        med = lambda e, k: statistics.median(x[e][k] for x in both) if both else None
        fmt = lambda v, f: "-" if v is None else format(v, f)
        skipped = lambda e: sum(x[e]["outcome"] == "skipped" for x in rs)
        cells = [len(rs), sum(a for a, _ in solved), sum(b for _, b in solved), len(both),
                 skipped("progression"), skipped("regression")]
        totals = [t + c for t, c in zip(totals, cells)]
        print(f"| {domain} | {cells[0]} | {cells[1]} | {cells[2]} | {cells[3]} | "
              f"{cells[4]} / {cells[5]} | "
              f"{fmt(med('progression', 'expanded'), '.0f')} / "
              f"{fmt(med('regression', 'expanded'), '.0f')} | "
              f"{fmt(med('progression', 'search_time_s'), '.3f')} / "
              f"{fmt(med('regression', 'search_time_s'), '.3f')} |")
    print(f"| **total** | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} | "
          f"{totals[4]} / {totals[5]} | | |")
    disagree = [x["problem"] for x in rows
                if x["progression"]["outcome"] == x["regression"]["outcome"] == "plan"
                and x["progression"]["cost"] != x["regression"]["cost"]]
    if disagree:
        print("\nOptimal costs differ on: " + ", ".join(disagree))


if __name__ == "__main__":
    main()
