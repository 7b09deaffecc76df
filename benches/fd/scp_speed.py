#!/usr/bin/env python3
"""Speed with the same heuristic: planbox's `scp` beside Scorpion's.

Both run A* with online saturated cost partitioning over the interesting
projections of up to two variables, one greedy order tried every 10,000
evaluations, on the task as each grounds it (no h² preprocessing, no
pruning):

    Scorpion  astar(scp_online([projections(systematic(2))], saturator=all,
                    orders=greedy_orders(), interval=10K))
    planbox   plan --search astar --heuristic scp-sys2

Reported per problem: initial h, expansions (all, and until the last f
layer), search time (each planner's own CPU clock), expansions per second,
peak memory and bytes per stored state (Scorpion: registered states; planbox:
evaluated states), and the ratios planbox/Scorpion. Every plan is validated.

Usage::

    cargo build --release
    python3 benches/fd/scp_speed.py                      # the default problems
    python3 benches/fd/scp_speed.py blocks/probBLOCKS-10-0.pddl depot/p04.pddl
"""

import json
import re
import sys
import tempfile
from pathlib import Path

import fdref
from optimal import SCORPION, SUITE, validate

SEARCH = ("astar(scp_online([projections(systematic(2))], saturator=all, "
          "orders=greedy_orders(), interval=10K))")
DEFAULT = ["blocks/probBLOCKS-10-0.pddl", "depot/p04.pddl", "gripper/prob05.pddl",
           "satellite/p05-pfile5.pddl", "barman-opt11-strips/pfile01-001.pddl",
           "elevators-opt08-strips/p05.pddl"]
LOG = {
    "initial_h": r"Initial heuristic value for [^:]+: (\d+)",
    "expanded": r"\] Expanded (\d+) state\(s\)\.",
    "expanded_until_last_jump": r"\] Expanded until last jump: (\d+) state\(s\)\.",
    "search_time_s": r"\] Search time: ([\d.]+)s",
    "peak_memory_kb": r"Peak memory: (\d+) KB",
    "stored": r"\] Number of registered states: (\d+)",
    "cost": r"\] Plan cost: (\d+)",
}


class Args:
    planbox = str(fdref.REPO / "target" / "release" / "planbox")


def scorpion(domain, problem, tmp):
    run = fdref.run_timed([sys.executable, SCORPION, "--overall-time-limit", "600s",
                           "--plan-file", tmp / "sas_plan", domain, problem,
                           "--search", SEARCH], timeout=1200, cwd=tmp)
    record = {}
    for key, pattern in LOG.items():
        found = re.findall(pattern, run.stdout)
        if found:
            record[key] = float(found[-1]) if "." in found[-1] else int(found[-1])
    return record


def planbox(domain, problem, tmp):
    run = fdref.run_timed([Args.planbox, "plan", "--json", "--search", "astar",
                           "--heuristic", "scp-sys2", "--plan-file", tmp / "sas_plan",
                           domain, problem], timeout=1200, cwd=tmp)
    out = json.loads(run.stdout.strip().splitlines()[-1])
    record = {k: out.get(k) for k in ("initial_h", "expanded", "expanded_until_last_jump",
                                       "search_time_s", "peak_memory_kb", "cost")}
    record["stored"] = out.get("evaluated")
    return record


def main():
    names = sys.argv[1:] or DEFAULT
    rows = []
    for name in names:
        problem = (SUITE / name).resolve()
        domain = fdref.find_domain(problem).resolve()
        result = {}
        for tool, run in (("scorpion", scorpion), ("planbox", planbox)):
            with tempfile.TemporaryDirectory() as tmp:
                tmp = Path(tmp)
                result[tool] = run(domain, problem, tmp)
                result[tool]["valid"] = (tmp / "sas_plan").exists() and validate(
                    Args, domain, problem, tmp / "sas_plan")
        rows.append((name, result))
        print(name, json.dumps(result), file=sys.stderr, flush=True)

    def rate(r):
        return r["expanded"] / max(r["search_time_s"], 1e-3)

    def per_state(r):
        return r["peak_memory_kb"] * 1024 / max(r["stored"], 1)

    print("| problem | h0 S/pb | until last jump S/pb | search s S/pb | exp/s pb/S | "
          "bytes/state S/pb | plans |")
    print("|---|---|---|---|---:|---|---|")
    for name, r in rows:
        s, p = r["scorpion"], r["planbox"]
        print(f"| {name} | {s['initial_h']}/{p['initial_h']} | "
              f"{s['expanded_until_last_jump']:,}/{p['expanded_until_last_jump']:,} | "
              f"{s['search_time_s']:.2f}/{p['search_time_s']:.2f} | "
              f"{rate(p) / rate(s):.2f} | {per_state(s):.0f}/{per_state(p):.0f} | "
              f"{'valid' if s['valid'] and p['valid'] else 'INVALID'}, "
              f"cost {s['cost']}/{p['cost']} |")


if __name__ == "__main__":
    main()
