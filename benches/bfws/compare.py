#!/usr/bin/env python3
"""planbox's satisficing aliases beside LAPKT's Dual-BFWS and Scorpion's NOLAN.

Usage: benches/bfws/compare.py [--time-limit 60] [--planners P,P,...] [--f5] [--summary]
       [--jobs 1] [--memory-limit 4096] [--json-out FILE [--resume]]
       DOMAIN_DIR:PROBLEM ... > table.md
       benches/bfws/compare.py --from-json FILE [--planners P,...] [--summary]

Planners: `lapkt` (LAPKT's DUAL-BFWS), `lapkt-f5` (LAPKT's BFWS-f5),
`scorpion-nolan` (Scorpion's `--alias nolan` with `--preprocess`), `scorpion-lama-first`
(its `--alias lama-first`, also with `--preprocess`), `fd-lama-first` (the same
without `--preprocess`: Fast Downward's own alias), `scorpion-nolan-anytime` (see
NOLAN_ANYTIME below), and any planbox alias by name (`lama-first`, `dual-bfws`,
`nolan`, `sat`, ...; `ALIAS+h2` adds `--h2-preprocess both`). The
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
anytime alias, the CPU time since its start when it wrote its first plan; the cost is
the last (best) plan's. With `--summary`, a table per domain follows: problems solved
by each planner, and over the problems all planners solved the geometric means of the
time to the first plan and of the cost.

Each run gets a CPU-time limit of `--time-limit` seconds and `--memory-limit` MB of
address space (default 4096), `--jobs` runs at a time (default 1; use 1 when measuring
speed). `--json-out FILE` appends one JSON record per run as it ends; with `--resume`,
runs already recorded there at the same time limit are not run again, so a long run
can be stopped and picked up. `--from-json FILE` prints the tables of a saved run.
"""
import json
import math
import resource
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLANBOX = os.environ.get("PLANBOX", os.path.join(ROOT, "target", "release", "planbox"))
LAPKT = os.environ.get("LAPKT", os.path.join(ROOT, ".venv", "bin", "lapkt_cmd.py"))
LAPKT_PYTHON = os.environ.get("LAPKT_PYTHON", os.path.join(ROOT, ".venv", "bin", "python"))
SCORPION = os.environ.get("SCORPION", os.path.expanduser(
    "~/.cache/planbox-ref/scorpion/fast-downward.py"))


MEMORY_MB = 4096


def run(cmd, limit, cwd=None):
    """Runs `cmd` under a CPU-time limit of `limit` seconds (and a little more,
    for the planners that stop themselves) and MEMORY_MB of address space.
    Returns (output, wall seconds, CPU seconds of it and its children, timed
    out). The CPU time is this process's own (wait4), so runs side by side do
    not count each other's time; the wall-clock guard is generous, since a
    shared machine may give a run less than a core."""
    def limits():
        os.setsid()
        cpu = int(limit) + 5
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        memory = MEMORY_MB << 20
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    with tempfile.TemporaryFile("w+") as out:
        start = time.time()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=cwd,
                                preexec_fn=limits, text=True)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.time() - start > 4 * limit + 120:
                os.killpg(proc.pid, 9)
                timed_out = True
            time.sleep(0.05)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.time() - start
        cpu = usage.ru_utime + usage.ru_stime
        timed_out = timed_out or cpu >= limit
        out.seek(0)
        return out.read(), wall, cpu, timed_out


def validate(domain, problem, plan):
    out = subprocess.run([PLANBOX, "validate", domain, problem, plan],
                         capture_output=True, text=True)
    m = re.search(r"Plan cost: (\d+)", out.stdout)
    return out.returncode == 0, int(m.group(1)) if m else None


def problem_of(spec):
    """`DOMAIN_DIR:PROBLEM.pddl` as (name, domain file, problem file): the
    problem's own `-domain.pddl` where the domain has one, else `domain.pddl`."""
    dom_dir, prob = spec.split(":")
    own = os.path.join(dom_dir, prob.replace(".pddl", "-domain.pddl"))
    domain = own if os.path.exists(own) else os.path.join(dom_dir, "domain.pddl")
    name = os.path.basename(dom_dir).replace("-sat11-strips", "") + "/" + prob
    return name, domain, os.path.join(dom_dir, prob)


def last_record(text):
    """planbox's `--json` record: the last line of its output that parses
    (the output ends with it); empty if none does."""
    for line in reversed(text.splitlines()):
        try:
            return json.loads(line)
        except json.JSONDecodeError:
            continue
    return {}


def planbox(domain, problem, alias, limit):
    extra = []
    if alias.endswith("+h2"):
        alias, extra = alias.removesuffix("+h2"), ["--h2-preprocess", "both"]
    with tempfile.TemporaryDirectory() as d:
        plan = os.path.join(d, "plan")
        text, wall, cpu, _ = run([PLANBOX, "plan", domain, problem, "--alias", alias, *extra, "--json",
                                  "--time-limit", str(limit), "--memory-limit", str(MEMORY_MB - 64),
                                  "--plan-file", plan], limit, cwd=d)
        r = last_record(text)
        row = dict(solved=r.get("outcome") == "plan", wall=wall, first=cpu,
                   time=r.get("search_time_s"), expanded=r.get("expanded"),
                   evaluated=r.get("evaluated"), outcome=r.get("outcome"))
        if r.get("plan_times_s"):
            # Anytime: the first plan's time; the best plan is the last file written.
            row["first"] = r["plan_times_s"][0]
            row["plans"] = len(r["plan_times_s"])
            plan = r.get("plan_file") or plan
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


def lapkt(domain, problem, limit, search="DUAL-BFWS"):
    with tempfile.TemporaryDirectory() as d:
        text, wall, cpu, timed_out = run([LAPKT_PYTHON, LAPKT, "BFWS", "-d", domain, "-p", problem,
                                          "--search_type", search], limit, cwd=d)
        if timed_out:
            return dict(solved=False, wall=wall, outcome="out_of_time")
        times = [float(t) for t in re.findall(r"Total time: ([\d.e+-]+)", text)]
        gen = [int(g) for g in re.findall(r"Nodes generated during search: (\d+)", text)]
        exp = [int(e) for e in re.findall(r"Nodes expanded during search: (\d+)", text)]
        solved = "Plan found with cost: NOTFOUND" not in text.split("Plan found with cost:")[-1][:12] \
            and re.search(r"Plan found with cost: [\d.]+", text) is not None
        plan = os.path.join(d, "plan.ipc")
        row = dict(solved=solved and os.path.exists(plan), wall=wall, first=cpu, time=sum(times),
                   expanded=sum(exp), evaluated=sum(gen))
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


def scorpion_alias(domain, problem, limit, alias, preprocess=True):
    """Scorpion's driver with `--alias ALIAS` (`nolan`, `lama-first`), with
    its `--preprocess` unless told otherwise."""
    with tempfile.TemporaryDirectory() as d:
        plan = os.path.join(d, "sas_plan")
        text, wall, cpu, _ = run([sys.executable, SCORPION, "--overall-time-limit", f"{limit}s",
                                  "--overall-memory-limit", f"{MEMORY_MB}M", "--plan-file", plan,
                                  *(["--preprocess"] if preprocess else []), "--alias", alias,
                                  domain, problem], limit + 30, cwd=d)
        num = lambda pattern: (lambda m: float(m.group(1)) if m else None)(re.search(pattern, text))
        exp, ev = num(r"Expanded (\d+) state"), num(r"Evaluated (\d+) state")
        row = dict(solved=os.path.exists(plan), wall=wall, first=cpu,
                   time=num(r"Search time: ([\d.]+)s"),
                   expanded=int(exp) if exp is not None else None,
                   evaluated=int(ev) if ev is not None else None)
        if row["solved"]:
            row["valid"], row["cost"] = validate(domain, problem, plan)
        return row


# NOLAN in LAMA 2011's anytime schedule, for Scorpion: NOLAN's lazy search
# (Scorpion's `--alias nolan`) in place of LAMA's first greedy search, then
# LAMA's searches with real costs, each bounded by the best plan so far
# (Scorpion's `--alias lama` on a task with action costs). Scorpion has no
# anytime alias with NOLAN; planbox's `nolan-anytime` is this schedule.
NOLAN_ANYTIME = [
    "--evaluator", "hlm1=landmark_sum(lm_factory=lm_reasonable_orders_hps(lm_rhw()),"
    "transform=adapt_costs(one),pref=false)",
    "--evaluator", "hff1=ff(transform=adapt_costs(one))",
    "--evaluator", "hlm2=landmark_sum(lm_factory=lm_reasonable_orders_hps(lm_rhw()),"
    "transform=adapt_costs(plusone),pref=false)",
    "--evaluator", "hff2=ff(transform=adapt_costs(plusone))",
    "--search", "iterated(["
    "lazy(alt([single(hff1),single(hff1,pref_only=true),single(hlm1,pref_only=true),"
    "tiebreaking([novelty(width=2,evals=[hlm1]),hlm1,g()])],boost=1000),"
    "preferred=[hff1,hlm1],cost_type=one,reopen_closed=false),"
    "lazy_greedy([hff2,hlm2],preferred=[hff2,hlm2],reopen_closed=false),"
    "lazy_wastar([hff2,hlm2],preferred=[hff2,hlm2],w=5),"
    "lazy_wastar([hff2,hlm2],preferred=[hff2,hlm2],w=3),"
    "lazy_wastar([hff2,hlm2],preferred=[hff2,hlm2],w=2),"
    "lazy_wastar([hff2,hlm2],preferred=[hff2,hlm2],w=1)"
    "],repeat_last=true,continue_on_fail=true)"]


def scorpion_nolan_anytime(domain, problem, limit):
    """Scorpion with `--preprocess` and NOLAN_ANYTIME; every plan it writes
    (sas_plan.1, .2, ...) is validated, the cost is the last one's. The time
    to the first plan is the search component's clock when it reported its
    first solution, plus the CPU time of the translation and preprocessing
    that the log reports."""
    with tempfile.TemporaryDirectory() as d:
        plan = os.path.join(d, "sas_plan")
        text, wall, cpu, _ = run([sys.executable, SCORPION, "--overall-time-limit", f"{limit}s",
                                  "--overall-memory-limit", f"{MEMORY_MB}M",
                                  "--plan-file", plan, "--preprocess", domain, problem,
                                  *NOLAN_ANYTIME], limit + 30, cwd=d)
        plans = sorted((f for f in os.listdir(d) if re.fullmatch(r"sas_plan\.\d+", f)),
                       key=lambda f: int(f.split(".")[1]))
        first = re.search(r"\[t=([\d.]+)s[^\]]*\] Solution found", text)
        before = sum(float(translate or preprocess) for translate, preprocess in re.findall(
            r"^(?:Done! \[([\d.]+)s CPU|Preprocessor time: ([\d.]+)s)", text, re.M))
        row = dict(solved=bool(plans), wall=wall, outcome=None if plans else "unsolved",
                   first=float(first.group(1)) + before if first else cpu, plans=len(plans),
                   time=cpu, expanded=None, evaluated=None)
        if plans:
            checks = [validate(domain, problem, os.path.join(d, f)) for f in plans]
            row["valid"] = all(ok for ok, _ in checks)
            row["cost"] = checks[-1][1]
        return row


def geomean(xs):
    xs = [max(x, 0.01) for x in xs]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def summary(results, planners):
    """Per domain: solved (with a valid plan); over the problems every planner
    solved, the geometric mean of the time to the first plan and of the cost of
    the last (best) plan. A problem some planner has no record of yet (a run
    still going) is left out of its domain."""
    domains = sorted({name.split("/")[0] for name, _ in results})
    print()
    print("| domain | " + " | ".join(f"{p} solved" for p in planners) + " | common | "
          + " | ".join(f"{p} first s" for p in planners) + " | "
          + " | ".join(f"{p} cost" for p in planners) + " |")
    print("|---|" + "---|" * (3 * len(planners) + 1))
    for dom in domains + ["all"]:
        names = sorted({n for n, _ in results if dom == "all" or n.split("/")[0] == dom})
        names = [n for n in names if all((n, p) in results for p in planners)]
        ok = lambda n, p: results[(n, p)]["solved"] and results[(n, p)].get("valid")
        solved = {p: sum(ok(n, p) for n in names) for p in planners}
        common = [n for n in names if all(ok(n, p) for p in planners)]
        firsts = {p: geomean([results[(n, p)]["first"] for n in common]) for p in planners}
        costs = {p: geomean([results[(n, p)]["cost"] for n in common]) for p in planners}
        fmt = lambda x: f"{x:.2f}" if x is not None else "-"
        print(f"| {dom} | " + " | ".join(f"{solved[p]}/{len(names)}" for p in planners)
              + f" | {len(common)} | " + " | ".join(fmt(firsts[p]) for p in planners)
              + " | " + " | ".join(fmt(costs[p]) for p in planners) + " |")


def rate(n, t):
    return f"{n / t:,.0f}" if n and t else "-"


LABELS = {"lapkt": "LAPKT DUAL-BFWS", "lapkt-f5": "LAPKT BFWS-f5",
          "scorpion-nolan": "Scorpion nolan", "scorpion-lama-first": "Scorpion lama-first",
          "scorpion-nolan-anytime": "Scorpion NOLAN anytime",
          "fd-lama-first": "Fast Downward lama-first"}


def run_one(planner, domain, problem, limit):
    if planner == "lapkt":
        return lapkt(domain, problem, limit)
    if planner == "lapkt-f5":
        return lapkt(domain, problem, limit, "BFWS-f5")
    if planner in ("scorpion-nolan", "scorpion-lama-first"):
        return scorpion_alias(domain, problem, limit, planner.removeprefix("scorpion-"))
    if planner == "fd-lama-first":
        return scorpion_alias(domain, problem, limit, "lama-first", preprocess=False)
    if planner == "scorpion-nolan-anytime":
        return scorpion_nolan_anytime(domain, problem, limit)
    return planbox(domain, problem, planner, limit)


def print_row(name, planner, r):
    label = LABELS.get(planner, f"planbox {planner}")
    t = r.get("time")
    first = f"{r['first']:.2f}" if r["solved"] and r.get("first") is not None else "-"
    if t is not None:
        print(f"| {name} | {label} | {'yes' if r['solved'] else 'no'} | "
              f"{'yes' if r.get('valid') else '-'} | {r.get('cost', '-')} | {first} | "
              f"{t:.2f} | {r['wall']:.2f} | {r.get('expanded', '-')} | {rate(r.get('expanded'), t)} | "
              f"{r.get('evaluated', '-')} | {rate(r.get('evaluated'), t)} |", flush=True)
    else:
        print(f"| {name} | {label} | {'yes' if r['solved'] else 'no'} | - | - | - | - | "
              f"{r['wall']:.2f} | - | - | - | - |", flush=True)


def main():
    global MEMORY_MB
    args = sys.argv[1:]
    limit = 60
    planners = ["dual-bfws", "lapkt", "lama-first"]
    want_summary = False
    jobs, json_out, resume, from_json = 1, None, False, None
    while args[:1] and args[0].startswith("--"):
        if args[0] == "--time-limit":
            limit, args = int(args[1]), args[2:]
        elif args[0] == "--planners":
            planners, args = args[1].split(","), args[2:]
        elif args[0] == "--f5":
            planners, args = ["bfws", "lapkt-f5"], args[1:]
        elif args[0] == "--summary":
            want_summary, args = True, args[1:]
        elif args[0] == "--jobs":
            jobs, args = int(args[1]), args[2:]
        elif args[0] == "--memory-limit":
            MEMORY_MB, args = int(args[1]), args[2:]
        elif args[0] == "--json-out":
            json_out, args = args[1], args[2:]
        elif args[0] == "--resume":
            resume, args = True, args[1:]
        elif args[0] == "--from-json":
            from_json, args = args[1], args[2:]
        else:
            sys.exit(f"unknown option {args[0]}")
    if from_json:
        results = {}
        with open(from_json) as f:
            for line in f:
                r = json.loads(line)
                results[(r["problem"], r["planner"])] = r
        problems = sorted({n for n, _ in results})
        planners = [p for p in planners if any(k[1] == p for k in results)]
        print_table(results, problems, planners)
        if want_summary:
            summary(results, planners)
        return
    runs = []
    for spec in args:
        name, domain, problem = problem_of(spec)
        runs.extend((name, planner, domain, problem) for planner in planners)
    results = {}
    if resume and json_out and os.path.exists(json_out):
        with open(json_out) as f:
            for line in f:
                r = json.loads(line)
                if r.get("time_limit") == limit:
                    results[(r["problem"], r["planner"])] = r
    pending = [run for run in runs if (run[0], run[1]) not in results]
    lock = threading.Lock()

    def work(run):
        name, planner, domain, problem = run
        r = run_one(planner, domain, problem, limit)
        r.update(problem=name, planner=planner, time_limit=limit)
        with lock:
            results[(name, planner)] = r
            if json_out:
                with open(json_out, "a") as f:
                    f.write(json.dumps(r) + "\n")
            print(f"[{len(results)}/{len(runs)}] {name} {planner}: "
                  f"{'solved' if r['solved'] else r.get('outcome') or 'unsolved'}",
                  file=sys.stderr, flush=True)

    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(work, pending))
    problems = list(dict.fromkeys(run[0] for run in runs))
    print_table(results, problems, planners)
    if want_summary:
        summary(results, planners)


def print_table(results, problems, planners):
    print("| problem | planner | solved | valid | cost | first plan s | search s | wall s | expanded | exp/s | evaluated (LAPKT: generated) | eval/s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name in problems:
        for planner in planners:
            if (name, planner) in results:
                print_row(name, planner, results[(name, planner)])


if __name__ == "__main__":
    main()
