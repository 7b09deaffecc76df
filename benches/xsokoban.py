#!/usr/bin/env python3
"""planbox solve on the 90 XSokoban levels, one level per process, a table per level.

    benches/xsokoban.py [--limit SECONDS] [--jobs 2] [--levels 1-90]
                        [--planbox BIN] [--json-out FILE [--resume]]
                        [--from-json FILE] [-- EXTRA SOLVE ARGUMENTS...]

Runs `planbox solve problems/sokoban/xsokoban/screen.N --time-limit LIMIT
--json EXTRA` for each level, JOBS at a time (two on the two-core machines
the figures in benches/README.md come from), replays every solution with
`planbox replay` (a solution that does not replay counts as unsolved and is
reported), checks that the push count of the record is the number of pushes
in the LURD, and prints one Markdown row per level (outcome, CPU time, the
phase of the schedule that solved it, pushes, moves, expansions) and a
summary (solved, by phase); for a run with `--optimize pushes` (or `moves`)
the row gives instead the search's CPU time, the pushes, the start's bound,
the highest f expanded (a lower bound on the optimum even where the time ran
out), the expansions and the peak memory. `--json-out` rewrites the file
after every level, so an interrupted run keeps what it finished; with
`--resume` the levels already in the file (at the same limit and arguments)
are not run again, so a run of many hours (600 s a level) can be done in
parts. `--from-json` prints the table of a saved run without solving
anything.

Examples:
    python3 benches/xsokoban.py --limit 60 --json-out xsokoban60.json
    python3 benches/xsokoban.py --limit 600 --json-out opt600.json --resume -- --optimize pushes
"""
import argparse, collections, json, subprocess, sys, threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "problems/sokoban/xsokoban"


def levels(spec):
    out = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def solve(planbox, level, limit, extra):
    screen = LEVELS / f"screen.{level}"
    cmd = [planbox, "solve", str(screen), "--time-limit", str(limit), "--json", *extra]
    run = subprocess.run(cmd, capture_output=True, text=True)
    lines = [l for l in run.stdout.splitlines() if l.startswith("{")]
    if not lines:
        return {"level": level, "outcome": "error", "exit_code": run.returncode,
                "error": run.stderr.strip()[-300:]}
    record = json.loads(lines[-1])
    record["level"] = level
    if record.get("outcome") == "solved":
        lurd = record["lurd"]
        check = subprocess.run([planbox, "replay", str(screen), lurd],
                               capture_output=True, text=True)
        pushes = sum(1 for c in lurd if c.isupper())
        if check.returncode != 0:
            record["outcome"] = "invalid_solution"
            record["error"] = check.stderr.strip()[-300:]
        elif pushes != record.get("pushes"):
            record["outcome"] = "wrong_push_count"
            record["error"] = f"the record says {record.get('pushes')}, the LURD has {pushes}"
    return record


def optimal(record):
    """Whether the record is of an optimal search (`--optimize pushes` or
    `moves`)."""
    extra = record.get("extra") or []
    return "--optimize" in extra and extra[extra.index("--optimize") + 1] != "none"


def optimal_table(records):
    """The push-optimal table: the start's bound and the highest f expanded
    (a lower bound on the optimum even when the time ran out), the search's
    CPU time and the peak memory."""
    rows = ["| level | outcome | CPU time (s) | pushes | start's bound | f reached "
            "| expanded | peak memory (GB) |",
            "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for r in sorted(records, key=lambda r: r["level"]):
        time = r.get("search_time_s")
        peak = r.get("peak_memory_kb")
        rows.append("| {} | {} | {} | {} | {} | {} | {} | {} |".format(
            r["level"], r["outcome"].replace("_", " "),
            f"{time:.1f}" if time is not None else "", r.get("pushes") or "",
            r.get("initial_h", ""), r.get("f_reached", ""),
            f"{r['expanded']:,}" if r.get("expanded") is not None else "",
            f"{peak / 1e6:.1f}" if peak is not None else ""))
    solved = [r for r in records if r["outcome"] == "solved"]
    rows.append("")
    rows.append(f"Solved {len(solved)} of {len(records)}: "
                + (", ".join(str(r["level"]) for r in solved) or "none") + ".")
    return "\n".join(rows)


def table(records):
    if records and all(optimal(r) for r in records):
        return optimal_table(records)
    rows = ["| level | outcome | time (s) | phase | pushes | moves | expanded |",
            "|---:|---|---:|---|---:|---:|---:|"]
    for r in sorted(records, key=lambda r: r["level"]):
        phase = r.get("phase") or ""
        if r.get("phases", 1) > 1 and phase:
            phase = f"{r['phase_number']}: {phase}"
        time = r.get("total_time_s")
        rows.append("| {} | {} | {} | {} | {} | {} | {} |".format(
            r["level"], r["outcome"], f"{time:.2f}" if time is not None else "",
            phase if r["outcome"] == "solved" else "",
            r.get("pushes") or "", r.get("moves") or "", r.get("expanded", "")))
    solved = [r for r in records if r["outcome"] == "solved"]
    by_phase = collections.Counter(r.get("phase") for r in solved)
    rows.append("")
    rows.append(f"Solved {len(solved)} of {len(records)}; by phase: " + ", ".join(
        f"{name} {n}" for name, n in by_phase.most_common()) + ".")
    missed = sorted(r["level"] for r in records if r["outcome"] != "solved")
    rows.append("Missed: " + (", ".join(map(str, missed)) or "none") + ".")
    bad = [r for r in records if r["outcome"] in ("invalid_solution", "wrong_push_count", "error")]
    for r in bad:
        rows.append(f"Level {r['level']}: {r['outcome']}: {r.get('error')}")
    return "\n".join(rows)


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--levels", default="1-90")
    ap.add_argument("--planbox", default=str(ROOT / "target/release/planbox"))
    ap.add_argument("--json-out")
    ap.add_argument("--resume", action="store_true",
                    help="keep the levels --json-out already holds for this limit and "
                         "these arguments, and run only the others")
    ap.add_argument("--from-json")
    args = ap.parse_args(argv)
    if args.resume and not args.json_out:
        ap.error("--resume needs --json-out")
    if args.from_json:
        records = json.loads(Path(args.from_json).read_text())
    else:
        if args.planbox == str(ROOT / "target/release/planbox"):
            subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
        limit = int(args.limit) if args.limit == int(args.limit) else args.limit
        wanted = levels(args.levels)
        done, others = {}, []
        out = Path(args.json_out) if args.json_out else None
        if args.resume and out.exists():
            for r in json.loads(out.read_text()):
                same = r.get("time_limit") == limit and r.get("extra") == extra
                if same and r["level"] in wanted:
                    done[r["level"]] = r
                else:
                    others.append(r)  # other limits or levels: kept in the file
        lock = threading.Lock()

        def run(n):
            record = solve(args.planbox, n, limit, extra)
            record["time_limit"], record["extra"] = limit, extra
            with lock:
                done[n] = record
                if out:
                    ordered = others + [done[k] for k in sorted(done)]
                    out.write_text(json.dumps(ordered) + "\n")
            return record

        todo = [n for n in wanted if n not in done]
        with ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(run, todo))
        records = [done[n] for n in wanted]
    print(table(records))
    bad = [r for r in records if r["outcome"] in ("invalid_solution", "wrong_push_count")]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
