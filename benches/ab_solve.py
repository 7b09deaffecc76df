#!/usr/bin/env python3
"""Two planbox binaries on whole Sokoban collections, run alternately.

    python3 benches/ab_solve.py OLD_BINARY NEW_BINARY [COLLECTION...] [--rounds 3] [--limit 10]

Runs `planbox solve COLLECTION --all --time-limit LIMIT --json` with each
binary in turn (old, new, old, new, ...; ROUNDS times), so that both share
the machine's noise, and keeps each level's smallest `total_time_s` over the
rounds. Prints per collection and binary the levels solved and the median
time of a solved level, then the median and geometric mean over the levels
both solve of new / old, and how many levels expand the same number of nodes
in both (a change that leaves the search alone should leave them all equal).
The collections default to Microban and Microban II, the issue's yardstick
for the solver's speed on small levels.

Example (copy the old binary aside before rebuilding):

    python3 benches/ab_solve.py /tmp/planbox-old target/release/planbox
"""
import argparse, json, statistics, subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = [ROOT / "problems/sokoban/microban.xsb", ROOT / "problems/sokoban/microban_ii.xsb"]


def run(binary, collection, limit):
    out = subprocess.run([binary, "solve", str(collection), "--all", "--time-limit", str(limit),
                          "--json"], capture_output=True, text=True).stdout
    return {r["level"]: r for r in map(json.loads, filter(lambda l: l.startswith("{"),
                                                           out.splitlines()))}


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("collections", nargs="*", type=Path, default=DEFAULT)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=float, default=10)
    args = ap.parse_args()
    sides = {"old": args.old, "new": args.new}
    print("| collection | binary | solved | median time of a solved level |")
    print("|---|---|---:|---:|")
    summary = []
    for collection in args.collections:
        best = {side: {} for side in sides}
        for _ in range(args.rounds):
            for side, binary in sides.items():
                for level, r in run(binary, collection, args.limit).items():
                    kept = best[side].get(level)
                    if kept is None or r["total_time_s"] < kept["total_time_s"]:
                        best[side][level] = r
        solved = {side: {l: r for l, r in recs.items() if r["outcome"] == "solved"}
                  for side, recs in best.items()}
        for side in sides:
            times = [r["total_time_s"] for r in solved[side].values()]
            median = f"{statistics.median(times) * 1000:.3f} ms" if times else "-"
            print(f"| {collection.name} | {side} | {len(times)} of {len(best[side])} | {median} |")
        both = sorted(set(solved["old"]) & set(solved["new"]))
        ratios = [solved["new"][l]["total_time_s"] / solved["old"][l]["total_time_s"]
                  for l in both]
        same = sum(solved["new"][l]["expanded"] == solved["old"][l]["expanded"] for l in both)
        if ratios:
            summary.append(f"{collection.name}: new / old over {len(both)} levels, median "
                           f"{statistics.median(ratios):.3f}, geometric mean "
                           f"{statistics.geometric_mean(ratios):.3f}; the same expansions on "
                           f"{same}")
    print()
    print("\n".join(summary))


if __name__ == "__main__":
    main()
