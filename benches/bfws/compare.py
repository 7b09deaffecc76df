#!/usr/bin/env python3
"""planbox's satisficing aliases beside LAPKT's Dual-BFWS and Scorpion's NOLAN, one run at a time.

Usage: benches/bfws/compare.py [--time-limit 60] [--planners P,P,...] [--f5] [--summary]
       DOMAIN_DIR:PROBLEM ... > table.md

Planners: `lapkt` (LAPKT's DUAL-BFWS), `lapkt-f5` (LAPKT's BFWS-f5),
`scorpion-nolan` (Scorpion's `--alias nolan` with `--preprocess`), and any
planbox alias by name (`lama-first`, `dual-bfws`, `nolan`, `sat`, ...). The
default is `dual-bfws,lapkt,lama-first`. `--f5` stands for `--planners
bfws,lapkt-f5`: BFWS(f5) alone in both planners, the same search, to compare
their speed (every generated state has its novelty and goal count evaluated
in both, so planbox's evaluations and LAPKT's generations count the same work).

LAPKT comes from PyPI (`pip install lapkt clingo` in a venv: set LAPKT to its
`lapkt_cmd.py`, run with that venv's python via LAPKT_PYTHON). Scorpion's driver is
SCORPION (default ~/.cache/planbox-ref/scorpion/fast-downward.py, see
../shared/anchors/README.md). Every plan is checked with `planbox validate`. Prints
one Markdown row per (problem, planner): solved, plan cost, time to the first plan,
search time, expansions and evaluations (generations for LAPKT, which counts no
evaluations) per second. The time to the first plan is the CPU time of the run
(user and system, of the process and its children: reading, grounding or translating
included; CPU rather than wall-clock time, since the machine may be shared), or, for an
anytime alias, the CPU time since its start when it wrote its first plan. With `--summary`, a table per domain
follows: problems solved by each planner, and the geometric mean of the time to the
first plan over the problems all planners solved.
"""
import json
import math
import resource
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
SCORPION = os.environ.get("SCORPION", os.path.expanduser(
    "~/.cache/planbox-ref/scorpion/fast-downward.py"))


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def validate(domain, problem, plan):
    out = subprocess.run([PLANBOX, "validate", domain, problem, plan],
                         capture_output=True, text=True)
    m = re.search(r"Plan cost: (\d+)", out.stdout)
    return out.returncode == 0, int(m.group(1)) if m else None


def planbox(domain, problem, alias, limit):
    with tempfile.TemporaryDirectory() as d:
        plan = os.path.join(d, "plan")
        start, cpu = time.time(), child_cpu()
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
        row = dict(solved=r.get("outcome") == "plan", wall=wall, first=child_cpu() - cpu,
                   time=r.get("search_time_s"), expanded=r.get("expanded"),
                   evaluated=r.get("evaluated"))
        if r.get("plan_times_s"):
            # Anytime: the best plan is the last file written.
            row["first"] = r["plan_times_s"][0]
            plan = r.get("plan_file") or plan
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


def lapkt(domain, problem, limit, search="DUAL-BFWS"):
    with tempfile.TemporaryDirectory() as d:
        start, cpu = time.time(), child_cpu()
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
        row = dict(solved=solved and os.path.exists(plan), wall=wall, first=child_cpu() - cpu, time=sum(times),
                   expanded=sum(exp), evaluated=sum(gen))
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


def scorpion_nolan(domain, problem, limit):
    with tempfile.TemporaryDirectory() as d:
        plan = os.path.join(d, "sas_plan")
        start, cpu = time.time(), child_cpu()
        try:
            out = subprocess.run([sys.executable, SCORPION, "--overall-time-limit", f"{limit}s",
                                  "--plan-file", plan, "--preprocess", "--alias", "nolan",
                                  domain, problem],
                                 capture_output=True, text=True, timeout=limit + 30, cwd=d)
            text = out.stdout
        except subprocess.TimeoutExpired:
            return dict(solved=False, wall=time.time() - start)
        wall = time.time() - start
        num = lambda pattern: (lambda m: float(m.group(1)) if m else None)(re.search(pattern, text))
        exp, ev = num(r"Expanded (\d+) state"), num(r"Evaluated (\d+) state")
        row = dict(solved=os.path.exists(plan), wall=wall, first=child_cpu() - cpu,
                   time=num(r"Search time: ([\d.]+)s"),
                   expanded=int(exp) if exp is not None else None,
                   evaluated=int(ev) if ev is not None else None)
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


def geomean(xs):
    xs = [max(x, 0.01) for x in xs]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def summary(results, planners):
    """Per domain: solved (with a valid plan), and the geometric mean of the
    time to the first plan over the problems every planner solved."""
    domains = sorted({name.split("/")[0] for name, _ in results})
    print()
    print("| domain | " + " | ".join(f"{p} solved" for p in planners) + " | common | "
          + " | ".join(f"{p} first s" for p in planners) + " |")
    print("|---|" + "---|" * (2 * len(planners) + 1))
    totals = {p: 0 for p in planners}
    all_common = {p: [] for p in planners}
    for dom in domains + ["all"]:
        names = sorted({n for n, _ in results if dom == "all" or n.split("/")[0] == dom})
        ok = lambda n, p: results[(n, p)]["solved"] and results[(n, p)].get("valid")
        solved = {p: sum(ok(n, p) for n in names) for p in planners}
        common = [n for n in names if all(ok(n, p) for p in planners)]
        firsts = {p: geomean([results[(n, p)]["first"] for n in common]) for p in planners}
        fmt = lambda x: f"{x:.2f}" if x is not None else "-"
        print(f"| {dom} | " + " | ".join(f"{solved[p]}/{len(names)}" for p in planners)
              + f" | {len(common)} | " + " | ".join(fmt(firsts[p]) for p in planners) + " |")


def rate(n, t):
    return f"{n / t:,.0f}" if n and t else "-"


def main():
    args = sys.argv[1:]
    limit = 60
    planners = ["dual-bfws", "lapkt", "lama-first"]
    want_summary = False
    while args[:1] and args[0].startswith("--"):
        if args[0] == "--time-limit":
            limit, args = int(args[1]), args[2:]
        elif args[0] == "--planners":
            planners, args = args[1].split(","), args[2:]
        elif args[0] == "--f5":
            planners, args = ["bfws", "lapkt-f5"], args[1:]
        elif args[0] == "--summary":
            want_summary, args = True, args[1:]
        else:
            sys.exit(f"unknown option {args[0]}")
    print("| problem | planner | solved | valid | cost | first plan s | search s | wall s | expanded | exp/s | evaluated (LAPKT: generated) | eval/s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    results = {}
    for spec in args:
        dom_dir, prob = spec.split(":")
        own = os.path.join(dom_dir, prob.replace(".pddl", "-domain.pddl"))
        domain = own if os.path.exists(own) else os.path.join(dom_dir, "domain.pddl")
        problem = os.path.join(dom_dir, prob)
        name = os.path.basename(dom_dir).replace("-sat11-strips", "") + "/" + prob
        for planner in planners:
            if planner == "lapkt":
                label, r = "LAPKT DUAL-BFWS", lapkt(domain, problem, limit)
            elif planner == "lapkt-f5":
                label, r = "LAPKT BFWS-f5", lapkt(domain, problem, limit, "BFWS-f5")
            elif planner == "scorpion-nolan":
                label, r = "Scorpion nolan", scorpion_nolan(domain, problem, limit)
            else:
                label, r = f"planbox {planner}", planbox(domain, problem, planner, limit)
            results[(name, planner)] = r
            t = r.get("time")
            first = f"{r['first']:.2f}" if r["solved"] and r.get("first") is not None else "-"
            print(f"| {name} | {label} | {'yes' if r['solved'] else 'no'} | "
                  f"{'yes' if r.get('valid') else '-'} | {r.get('cost', '-')} | {first} | "
                  f"{t:.2f} | {r['wall']:.2f} | {r.get('expanded', '-')} | {rate(r.get('expanded'), t)} | "
                  f"{r.get('evaluated', '-')} | {rate(r.get('evaluated'), t)} |" if t is not None else
                  f"| {name} | {label} | {'yes' if r['solved'] else 'no'} | - | - | - | - | {r['wall']:.2f} | - | - | - | - |",
                  flush=True)
    if want_summary:
        summary(results, planners)


if __name__ == "__main__":
    main()
