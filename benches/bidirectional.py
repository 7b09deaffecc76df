#!/usr/bin/env python3
"""Bidirectional search against progression and regression, all breadth-first.

Each problem is solved by the three engines with `--search bfs` (the one
algorithm bidirectional search runs), by running the real binary:

    planbox plan --engine {progression,regression,bidirectional} --search bfs
                 --time-limit 60 --json --plan-file -

and the report is a Markdown table: the plan cost of each engine (all three
are optimal with unit costs, so they must agree where every action costs 1),
the nodes each expanded (bidirectional: forward + backward; in IPC Sokoban,
where moves cost 0, breadth-first progression and regression find the fewest
steps and bidirectional search the fewest pushes, so the costs may differ), the ratios of
expansions (progression / bidirectional, regression / bidirectional), and the
search times. Expansion counts are deterministic; times move with the load.

Usage::

    cargo build --release && python3 benches/bidirectional.py
    python3 benches/bidirectional.py --time-limit 10 --json-out /tmp/bidi.json
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ["progression", "regression", "bidirectional"]
PROBLEMS = [
    "problems/sokoban/teaching/teaching-lvl9.pddl",
    "problems/sokoban/microban/microban-005.pddl",
    "problems/sokoban/microban/microban-007.pddl",
    "problems/ipc/blocks/probBLOCKS-6-2.pddl",
    "problems/ipc/blocks/probBLOCKS-7-0.pddl",
    "problems/ipc/gripper/prob02.pddl",
    "problems/ipc/logistics00/probLOGISTICS-4-0.pddl",
    "problems/ipc/logistics00/probLOGISTICS-5-0.pddl",
    "problems/ipc/driverlog/p02.pddl",
    "problems/ipc/sokoban-opt08-strips/p04.pddl",
    "problems/ipc/sokoban-opt08-strips/p07.pddl",
]


def run(exe, engine, problem, time_limit):
    cmd = [exe, "plan", "--engine", engine, "--search", "bfs", "--json",
           "--plan-file", "-", "--time-limit", str(time_limit), problem]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    try:
        return json.loads(out.stdout)
    except json.JSONDecodeError:
        sys.exit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr}")


def ratio(a, b):
    return f"{a / b:.1f}" if a and b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--exe", default=str(ROOT / "target/release/planbox"))
    ap.add_argument("--json-out")
    args = ap.parse_args()
    records = {}
    print("| problem | cost | expanded prog. | expanded regr. | expanded bidir. "
          "(fwd + bwd) | prog. / bidir. | regr. / bidir. | time prog. / regr. / bidir. (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for problem in PROBLEMS:
        r = {e: run(args.exe, e, problem, args.time_limit) for e in ENGINES}
        records[problem] = r
        p, g, b = (r[e] for e in ENGINES)
        solved = [r[e] for e in ENGINES if r[e]["outcome"] == "plan"]
        costs = sorted({x["cost"] for x in solved})
        cost = "/".join(map(str, costs)) if costs else "-"
        exp = {e: r[e]["expanded"] if r[e]["outcome"] == "plan" else None for e in ENGINES}
        times = " / ".join(f"{r[e]['search_time_s']:.3f}" for e in ENGINES)
        print(f"| {Path(problem).parent.name}/{Path(problem).name} | {cost} "
              f"| {exp['progression'] or r['progression']['outcome']} "
              f"| {exp['regression'] or r['regression']['outcome']} "
              f"| {exp['bidirectional'] or b['outcome']} "
              f"({b['forward_expanded']} + {b['backward_expanded']}) "
              f"| {ratio(exp['progression'], exp['bidirectional'])} "
              f"| {ratio(exp['regression'], exp['bidirectional'])} | {times} |")
        del p, g
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(records, indent=1))


if __name__ == "__main__":
    main()
