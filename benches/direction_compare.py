#!/usr/bin/env python3
"""planbox solve forward (pushes) against backward (pulls), and bidirectional.

Runs `planbox solve --all --json` on each XSB collection in both directions,
for `--optimize none` (greedy) and `--optimize pushes` (A*), with the same
time limit per level, one run after the other, and prints a Markdown table:

    benches/direction_compare.py [--limit SECONDS] [--out DIR] FILE.xsb ...

Columns: levels solved in each direction, the levels only one direction
solves, and over the levels both solve the summed expansions and search
times with their ratio (backward / forward), the median per-level ratio of
expansions, and the summed push counts. A second table sets the three
push-optimal searches side by side: A* forward, A* backward (both with the
matching bound) and the bidirectional search (uniform-cost, no bound), with
their expansions summed over the levels all three solve. Every solution is replayed by
`planbox solve` before it is printed; this script replays each again with
`planbox replay`. The per-level records go to DIR/<collection>-<dir>-<opt>.json.
"""
import argparse, json, statistics, subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLANBOX = ROOT / "target/release/planbox"


def solve(xsb, direction, optimize, limit):
    out = subprocess.run([str(PLANBOX), "solve", str(xsb), "--all", "--json",
                          "--direction", direction, "--optimize", optimize,
                          "--time-limit", str(limit)], capture_output=True, text=True)
    records = [json.loads(line) for line in out.stdout.splitlines()]
    for r in records:
        if r["outcome"] == "solved":
            check = subprocess.run([str(PLANBOX), "replay", str(xsb), "--level",
                                    str(r["level"]), r["lurd"]], capture_output=True)
            if check.returncode != 0:
                r["outcome"] = "replay_failed"
    return {r["level"]: r for r in records}


def row(runs, names):
    solved = {d: {l for l, r in runs[d].items() if r["outcome"] == "solved"} for d in names}
    return solved, sorted(set.intersection(*solved.values()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=1.0)
    ap.add_argument("--out", default="target/direction_compare")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    optimal = []
    print("| collection | `--optimize` | solved forward | solved backward | only forward | "
          "only backward | expanded fwd / bwd (both solve) | ratio | median ratio | "
          "search s fwd / bwd | ratio | pushes fwd / bwd |")
    print("|---|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|")
    for xsb in map(Path, args.files):
        for optimize in ["none", "pushes"]:
            runs = {}
            directions = ["forward", "backward"] + (["bidirectional"] if optimize == "pushes" else [])
            for direction in directions:
                runs[direction] = solve(xsb, direction, optimize, args.limit)
                path = out / f"{xsb.stem}-{direction}-{optimize}.json"
                path.write_text("".join(json.dumps(r) + "\n" for r in runs[direction].values()))
            fwd, bwd = runs["forward"], runs["backward"]
            solved = {d: {l for l, r in runs[d].items() if r["outcome"] == "solved"}
                      for d in runs}
            both = sorted(solved["forward"] & solved["backward"])
            total = lambda rs, key: sum(rs[l][key] for l in both)
            ef, eb = total(fwd, "expanded"), total(bwd, "expanded")
            tf, tb = total(fwd, "search_time_s"), total(bwd, "search_time_s")
            median = statistics.median(bwd[l]["expanded"] / max(1, fwd[l]["expanded"])
                                       for l in both)
            only = lambda a, b: ", ".join(map(str, sorted(solved[a] - solved[b]))) or "-"
            print(f"| {xsb.stem} ({len(fwd)}) | {optimize} | {len(solved['forward'])} | "
                  f"{len(solved['backward'])} | {only('forward', 'backward')} | "
                  f"{only('backward', 'forward')} | {ef:,} / {eb:,} | {eb / ef:.2f} | "
                  f"{median:.2f} | {tf:.2f} / {tb:.2f} | {tb / tf:.2f} | "
                  f"{total(fwd, 'pushes'):,} / {total(bwd, 'pushes'):,} |", flush=True)
            if optimize == "pushes":
                optimal.append((xsb, runs))
    print()
    print("| collection | solved A* forward / A* backward / bidirectional | "
          "expanded (all three solve) | search s |")
    print("|---|---|---|---|")
    for xsb, runs in optimal:
        names = ["forward", "backward", "bidirectional"]
        solved, common = row(runs, names)
        cell = lambda key, fmt: " / ".join(
            fmt.format(sum(runs[d][l][key] for l in common)) for d in names)
        counts = " / ".join(str(len(solved[d])) for d in names)
        print(f"| {xsb.stem} ({len(runs['forward'])}) | {counts} | "
              f"{cell('expanded', '{:,}')} ({len(common)} levels) | "
              f"{cell('search_time_s', '{:.2f}')} |")


if __name__ == "__main__":
    main()
