#!/usr/bin/env python3
"""planbox solve against the soukoban crate's solver and planbox's PDDL planner.

Runs each solver on every level of the given XSB collections with the same
time limit per level, one after the other in this script, and writes one CSV
row per (collection, solver) and every per-level record as JSON:

    benches/solve_compare.py [--limit SECONDS] [--out DIR] [--skip-pddl]
                             [--solvers NAME,...] FILE.xsb|DIR ...

A directory stands for the XSB files in it (XSokoban's screen.N files).
Solvers:
  planbox-solve  planbox solve --json (the default greedy solver), every
                 solution replayed again by planbox replay
  soukoban       benches/soukoban (the `soukoban` crate, A*, quick strategy),
                 built with cargo on first use
  planbox-pddl   planbox xsb2pddl, then plan --search gbfs --heuristic hff --lurd
                 on domains/sokoban.pddl, every LURD replayed
Columns: solved, total, median time of solved levels, expansions per second
and bytes per evaluated node (planbox only: peak memory over evaluated nodes).
"""
import argparse, csv, json, os, statistics, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLANBOX = ROOT / "target/release/planbox"
SOUKOBAN = ROOT / "benches/soukoban/target/release/soukoban-reference"


def files(arg):
    p = Path(arg)
    if p.is_dir():
        def key(f):
            tail = f.name.rsplit(".", 1)[-1]
            return (int(tail) if tail.isdigit() else 0, f.name)
        return sorted((f for f in p.iterdir() if f.is_file()), key=key)
    return [p]


def run_json(cmd, timeout):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def planbox_solve(xsb, limit):
    records = run_json([str(PLANBOX), "solve", str(xsb), "--all", "--json",
                        "--time-limit", str(limit)], None)
    # planbox replays every solution before printing it; replay it again
    # with `planbox replay`, as the issue asks, and count only those.
    for r in records:
        if r.get("outcome") == "solved":
            check = subprocess.run([str(PLANBOX), "replay", str(xsb), "--level",
                                    str(r["level"]), r["lurd"]], capture_output=True, text=True)
            if check.returncode != 0:
                r["outcome"] = "invalid_solution"
    return records


def soukoban(xsb, limit):
    return run_json([str(SOUKOBAN), str(xsb), str(limit)], None)


def planbox_pddl(xsb, limit):
    records = []
    n = sum(1 for r in planbox_solve_levels(xsb))
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(1, n + 1):
            problem = Path(tmp) / "level.pddl"
            subprocess.run([str(PLANBOX), "xsb2pddl", str(xsb), "--level", str(i)],
                           stdout=open(problem, "w"), stderr=subprocess.DEVNULL)
            out = subprocess.run([str(PLANBOX), "plan", "--json", "--lurd", "--search", "gbfs",
                                  "--heuristic", "hff", "--time-limit", str(limit),
                                  "--plan-file", str(Path(tmp) / "plan"),
                                  str(ROOT / "domains/sokoban.pddl"), str(problem)],
                                 capture_output=True, text=True)
            try:
                r = json.loads(out.stdout)
            except json.JSONDecodeError:
                records.append({"level": i, "outcome": "error"})
                continue
            solved = r.get("outcome") == "plan"
            if solved:
                check = subprocess.run([str(PLANBOX), "replay", str(xsb), "--level", str(i),
                                        r["lurd"]], capture_output=True, text=True)
                solved = check.returncode == 0
            records.append({"level": i, "outcome": "solved" if solved else r.get("outcome"),
                            "expanded": r.get("expanded"), "evaluated": r.get("evaluated"),
                            "total_time_s": r.get("total_time_s"),
                            "search_time_s": r.get("search_time_s"),
                            "peak_memory_kb": r.get("peak_memory_kb")})
    return records


def planbox_solve_levels(xsb):
    out = subprocess.run([str(PLANBOX), "xsb2pddl", str(xsb), "--all", "--out-dir",
                          tempfile.mkdtemp()], capture_output=True, text=True)
    return [l for l in out.stdout.splitlines() if l.startswith("level ")]


def summary(records):
    solved = [r for r in records if r.get("outcome") == "solved"]
    times = [r["total_time_s"] for r in solved if r.get("total_time_s") is not None]
    expanded = sum(r.get("expanded") or 0 for r in records)
    search = sum(r.get("search_time_s") or 0 for r in records)
    per_node = [r["peak_memory_kb"] * 1024 / r["evaluated"] for r in records
                if r.get("peak_memory_kb") and (r.get("evaluated") or 0) > 10000]
    return {
        "solved": len(solved),
        "total": len(records),
        "median_time_s": round(statistics.median(times), 4) if times else None,
        "expansions_per_s": round(expanded / search) if search > 0 and expanded else None,
        "bytes_per_node": round(statistics.median(per_node)) if per_node else None,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("collections", nargs="+")
    ap.add_argument("--limit", type=float, default=10)
    ap.add_argument("--out", default="bench-results")
    ap.add_argument("--skip-pddl", action="store_true", help="all solvers but planbox-pddl")
    ap.add_argument("--solvers", default="planbox-solve,soukoban,planbox-pddl",
                    help="which solvers, comma-separated (default: all three)")
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT / "benches/soukoban", check=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows, everything = [], {}
    known = {"planbox-solve": planbox_solve, "soukoban": soukoban, "planbox-pddl": planbox_pddl}
    chosen = args.solvers.split(",")
    unknown = [name for name in chosen if name not in known]
    if unknown:
        ap.error(f"unknown solver {', '.join(unknown)}; choose from {', '.join(known)}")
    solvers = [(name, known[name]) for name in chosen
               if not (args.skip_pddl and name == "planbox-pddl")]
    for arg in args.collections:
        name = Path(arg).stem if Path(arg).is_file() else Path(arg).name
        for solver, run in solvers:
            records = []
            for f in files(arg):
                recs = run(f, args.limit)
                for r in recs:
                    r["file"] = f.name
                records.extend(recs)
            s = summary(records)
            rows.append({"collection": name, "solver": solver, **s})
            everything[f"{name}/{solver}"] = records
            print(f"{name:14} {solver:14} {s}", file=sys.stderr)
    with open(out / "solve_compare.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    (out / "solve_compare.json").write_text(json.dumps(everything, indent=1))


if __name__ == "__main__":
    main()
