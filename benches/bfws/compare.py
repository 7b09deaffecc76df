#!/usr/bin/env python3
"""planbox's Dual-BFWS and lama-first beside LAPKT's Dual-BFWS, one run at a time.

Usage: benches/bfws/compare.py [--time-limit 60] [--f5] DOMAIN_DIR:PROBLEM ... > table.md

With --f5 it runs BFWS(f5) alone in both planners (planbox `--alias bfws`,
LAPKT `--search_type BFWS-f5`), the same search in both, to compare their
speed: every generated state has its novelty and goal count evaluated in
both, so planbox's evaluations and LAPKT's generations count the same work.

LAPKT comes from PyPI (`pip install lapkt clingo` in a venv: set LAPKT to its
`lapkt_cmd.py`, run with that venv's python via LAPKT_PYTHON). Every plan is
checked with `planbox validate`. Prints one Markdown row per (problem, planner):
solved, plan cost, search time, expansions and evaluations (generations for
LAPKT, which counts no evaluations) per second.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLANBOX = os.environ.get("PLANBOX", os.path.join(ROOT, "target", "release", "planbox"))
LAPKT = os.environ.get("LAPKT", os.path.join(ROOT, ".venv", "bin", "lapkt_cmd.py"))
LAPKT_PYTHON = os.environ.get("LAPKT_PYTHON", os.path.join(ROOT, ".venv", "bin", "python"))


def validate(domain, problem, plan):
    out = subprocess.run([PLANBOX, "validate", domain, problem, plan],
                         capture_output=True, text=True)
    m = re.search(r"Plan cost: (\d+)", out.stdout)
    return out.returncode == 0, int(m.group(1)) if m else None


def planbox(domain, problem, alias, limit):
    with tempfile.TemporaryDirectory() as d:
        plan = os.path.join(d, "plan")
        start = time.time()
        try:
            out = subprocess.run([PLANBOX, "plan", domain, problem, "--alias", alias, "--json",
                                  "--time-limit", str(limit), "--plan-file", plan],
                                 capture_output=True, text=True, timeout=limit + 30)
        except subprocess.TimeoutExpired:
            return dict(solved=False, wall=time.time() - start)
        wall = time.time() - start
        try:
            r = json.loads(out.stdout)
        except json.JSONDecodeError:
            return dict(solved=False, wall=wall)
        row = dict(solved=r.get("outcome") == "plan", wall=wall,
                   time=r.get("search_time_s"), expanded=r.get("expanded"),
                   evaluated=r.get("evaluated"))
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


def lapkt(domain, problem, limit, search="DUAL-BFWS"):
    with tempfile.TemporaryDirectory() as d:
        start = time.time()
        try:
            out = subprocess.run([LAPKT_PYTHON, LAPKT, "BFWS", "-d", domain, "-p", problem,
                                  "--search_type", search],
                                 capture_output=True, text=True, timeout=limit, cwd=d)
            text = out.stdout + out.stderr
        except subprocess.TimeoutExpired:
            return dict(solved=False, wall=time.time() - start)
        wall = time.time() - start
        times = [float(t) for t in re.findall(r"Total time: ([\d.e+-]+)", text)]
        gen = [int(g) for g in re.findall(r"Nodes generated during search: (\d+)", text)]
        exp = [int(e) for e in re.findall(r"Nodes expanded during search: (\d+)", text)]
        solved = "Plan found with cost: NOTFOUND" not in text.split("Plan found with cost:")[-1][:12] \
            and re.search(r"Plan found with cost: [\d.]+", text) is not None
        plan = os.path.join(d, "plan.ipc")
        row = dict(solved=solved and os.path.exists(plan), wall=wall, time=sum(times),
                   expanded=sum(exp), evaluated=sum(gen))
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


def rate(n, t):
    return f"{n / t:,.0f}" if n and t else "-"


def main():
    args = sys.argv[1:]
    limit = 60
    if args[:1] == ["--time-limit"]:
        limit, args = int(args[1]), args[2:]
    f5 = args[:1] == ["--f5"]
    if f5:
        args = args[1:]
    print("| problem | planner | solved | valid | cost | search s | wall s | expanded | exp/s | evaluated (LAPKT: generated) | eval/s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for spec in args:
        dom_dir, prob = spec.split(":")
        own = os.path.join(dom_dir, prob.replace(".pddl", "-domain.pddl"))
        domain = own if os.path.exists(own) else os.path.join(dom_dir, "domain.pddl")
        problem = os.path.join(dom_dir, prob)
        name = os.path.basename(dom_dir).replace("-sat11-strips", "") + "/" + prob
        if f5:
            planners = [("planbox bfws", lambda: planbox(domain, problem, "bfws", limit)),
                        ("LAPKT BFWS-f5", lambda: lapkt(domain, problem, limit, "BFWS-f5"))]
        else:
            planners = [("planbox dual-bfws", lambda: planbox(domain, problem, "dual-bfws", limit)),
                        ("LAPKT DUAL-BFWS", lambda: lapkt(domain, problem, limit)),
                        ("planbox lama-first", lambda: planbox(domain, problem, "lama-first", limit))]
        for planner, run in planners:
            r = run()
            t = r.get("time")
            print(f"| {name} | {planner} | {'yes' if r['solved'] else 'no'} | "
                  f"{'yes' if r.get('valid') else '-'} | {r.get('cost', '-')} | "
                  f"{t:.2f} | {r['wall']:.2f} | {r.get('expanded', '-')} | {rate(r.get('expanded'), t)} | "
                  f"{r.get('evaluated', '-')} | {rate(r.get('evaluated'), t)} |" if t is not None else
                  f"| {name} | {planner} | {'yes' if r['solved'] else 'no'} | - | - | - | {r['wall']:.2f} | - | - | - | - |",
                  flush=True)


if __name__ == "__main__":
    main()
