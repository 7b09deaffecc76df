#! /usr/bin/env python3
"""Checks the tiny Lab experiment's parsed properties and reports.

    python check_tiny.py EVAL_DIR

What must hold (each failure is printed; the exit code is the number of them):
- every planbox run of a configuration was parsed by Lab's stock parsers
  without an unexplained error, and so was every Fast Downward run;
- a solved run has coverage, cost, plan length, expansions, search time and
  memory (an anytime run: coverage, cost and memory); the unsolvable task is
  search-unsolvable in both planners (Scorpion's NOLAN says incomplete);
- both planners solve the same tasks, and the optimal configurations find the
  same costs;
- the runs Lab stopped are recorded as such (search-out-of-time,
  search-out-of-memory, and the killed one as exitcode--15) while every other
  run completed;
- the reports exist: the tables name both planners, the scatter plots are PNGs.
"""

import json
import sys
from pathlib import Path

OPTIMAL = {"astar-blind", "astar-lmcut", "optimal"}
SOLVED_KEYS = ["coverage", "cost", "plan_length", "expansions", "search_time", "memory"]
# Lab's anytime-search parser reads the cheapest plan's cost and the memory.
ANYTIME = {"sat"}
ANYTIME_KEYS = ["coverage", "cost", "memory"]
# Scorpion's NOLAN calls its search incomplete (its novelty evaluator's dead
# ends are not reliable), so an exhausted search is not a proof there.
INCOMPLETE = {"fd-nolan"}
STOPPED = {
    "planbox-lab-cpu-limit": "search-out-of-time",
    "planbox-lab-memory-limit": "search-out-of-memory",
    "planbox-lab-killed": "exitcode--15",
}


def main():
    eval_dir = Path(sys.argv[1])
    runs = json.loads((eval_dir / "properties").read_text()).values()
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    by_algo = {}
    for run in runs:
        by_algo.setdefault(run["algorithm"], {})[(run["domain"], run["problem"])] = run
    configs = sorted(a[len("planbox-"):] for a in by_algo
                     if a.startswith("planbox-") and a not in STOPPED)
    check(len(configs) >= 4, f"configurations run: {configs}")
    for config in configs:
        pb, fd = by_algo[f"planbox-{config}"], by_algo.get(f"fd-{config}", {})
        check(set(pb) == set(fd), f"{config}: tasks differ: {set(pb) ^ set(fd)}")
        for task, run in sorted(pb.items()):
            name = f"planbox-{config} {task}"
            check(not run.get("unexplained_errors"),
                  f"{name}: unexplained errors {run.get('unexplained_errors')}")
            check(not fd[task].get("unexplained_errors"),
                  f"fd-{config} {task}: unexplained errors "
                  f"{fd[task].get('unexplained_errors')}")
            if task[0] == "unsolvable":
                for tool, r in (("planbox", run), ("fd", fd[task])):
                    if f"{tool}-{config}" in INCOMPLETE:
                        check(r.get("error") == "search-unsolved-incomplete",
                              f"{tool}-{config} {task}: {r.get('error')}, not incomplete")
                        continue
                    check(r.get("error") == "search-unsolvable" and r.get("unsolvable") == 1,
                          f"{tool}-{config} {task}: {r.get('error')}, not unsolvable")
                continue
            check(run.get("error") == "success", f"{name}: error {run.get('error')}")
            for key in ANYTIME_KEYS if config in ANYTIME else SOLVED_KEYS:
                check(run.get(key) is not None, f"{name}: no {key}")
            check(run.get("coverage") == fd[task].get("coverage"),
                  f"{name}: coverage {run.get('coverage')}, FD {fd[task].get('coverage')}")
            if config in OPTIMAL:
                check(run.get("cost") == fd[task].get("cost"),
                      f"{name}: cost {run.get('cost')}, FD {fd[task].get('cost')}")
    for algorithm, error in STOPPED.items():
        stopped = list(by_algo.get(algorithm, {}).values())
        check(len(stopped) == 1, f"{algorithm}: {len(stopped)} runs")
        for run in stopped:
            check(run.get("error") == error, f"{algorithm}: error {run.get('error')}")
            check(run.get("coverage") == 0 and "cost" not in run, f"{algorithm}: solved?")
            killed = error.startswith("exitcode")
            check(bool(run.get("unexplained_errors")) == killed,
                  f"{algorithm}: unexplained errors {run.get('unexplained_errors')}")
    table = next(eval_dir.glob("*.html"), None)
    check(table is not None, "no HTML report")
    if table:
        html = table.read_text()
        for word in ["coverage", "expansions", "search_time", "memory",
                     "planbox-astar-lmcut", "fd-astar-lmcut"]:
            check(word in html, f"{table.name} lacks {word}")
    coverage = eval_dir / "coverage.md"
    check(coverage.exists() and "planbox-astar-lmcut" in coverage.read_text(),
          "no Markdown coverage table")
    for config in (c for c in configs if c not in ANYTIME):
        for attribute in ("expansions", "search_time"):
            png = eval_dir / f"scatter-{attribute}-{config}.png"
            check(png.exists() and png.read_bytes()[:4] == b"\x89PNG", f"{png.name} missing")

    for failure in failures:
        print("FAIL:", failure)
    total = sum(len(v) for v in by_algo.values())
    print(f"{total} runs checked, {len(configs)} configurations, {len(failures)} failure(s)")
    return min(len(failures), 100)


if __name__ == "__main__":
    sys.exit(main())
