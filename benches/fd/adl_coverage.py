#!/usr/bin/env python3
"""ADL coverage: planbox's GBFS with h_FF beside Fast Downward's eager_greedy([ff()]).

For the first N problems (default 5, sorted by name) of every domain in
``../shared/benchmarks/ipc-adl``, each planner runs with the same limits
(default 60 s wall-clock and 4 GB of address space per run, one run at a time
per core, ``--jobs`` runs at once):

    Fast Downward   translate, then  downward --search "eager_greedy([ff()])"
    planbox         planbox plan --search gbfs --heuristic hff --no-preferred

(the runners of compare_search.py, configuration ``gbfs-ff``). Every plan
either planner finds is then checked twice: by ``planbox validate`` and by the
Unified Planning library's validator (up_validate.py), which is independent of
both planners; where UP cannot read the task, by simulating the plan on Fast
Downward's translation of it instead (sas_validate.py). The report is a Markdown table per domain (solved by each, plans
checked, median total time over the problems both solved) and a line per
problem that a planner missed or a validator refused. A plan that a validator
rejects is a failure of the bench (exit 1).

Usage::

    python3 benches/fd/adl_coverage.py                 # 19 domains x 5, 60 s
    python3 benches/fd/adl_coverage.py --per-domain 1 --timeout 10 --jobs 2
    python3 benches/fd/adl_coverage.py --json-out /tmp/adl.json

Needs the reference venv (benches/fd/setup.sh), ``pip install unified-planning``
for the system ``python3``, and a release build of planbox.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
import compare_search  # noqa: E402
import fdref  # noqa: E402

DEFAULT_SET = REPO.parent / "shared" / "benchmarks" / "ipc-adl"
CONFIG = "gbfs-ff"


def problems(base, per_domain, domains):
    for d in sorted(p for p in Path(base).iterdir() if p.is_dir()):
        if domains and d.name not in domains:
            continue
        files = sorted(f for f in d.glob("*.pddl") if "domain" not in f.name)
        yield from files[:per_domain]


def check(args, domain, problem, plan):
    """(planbox validate verdict, UP verdict) of a plan file."""
    pb = subprocess.run([args.planbox, "validate", str(domain), str(problem), str(plan)],
                        capture_output=True, text=True)
    pb_verdict = "valid" if pb.returncode == 0 else (
        (pb.stdout + pb.stderr).strip().splitlines() or ["?"])[0]
    try:
        up = subprocess.run([sys.executable, str(HERE / "up_validate.py"), str(domain),
                             str(problem), str(plan)], capture_output=True, text=True,
                            timeout=600)
        up_verdict = (up.stdout.strip().splitlines() or [f"exit {up.returncode}"])[-1]
    except subprocess.TimeoutExpired:
        up_verdict = "unreadable: timeout"
    if up_verdict.startswith("unreadable"):
        # UP cannot read the task: simulate the plan on FD's translation instead.
        sas = subprocess.run([sys.executable, str(HERE / "sas_validate.py"), str(domain),
                              str(problem), str(plan), "--ref-venv", args.ref_venv],
                             capture_output=True, text=True)
        verdict = (sas.stdout.strip().splitlines() or [f"exit {sas.returncode}"])[-1]
        up_verdict = f"{up_verdict}; FD's translation: {verdict}"
    return pb_verdict, up_verdict


def run_one(args, tool, problem, workdir):
    domain = fdref.find_domain(problem)
    plan = workdir / f"{problem.parent.name}-{problem.stem}.{tool}.plan"
    runner = compare_search.run_fd if tool == "fd" else compare_search.run_planbox
    record = runner(args, CONFIG, domain, problem, plan_out=plan)
    record["tool"], record["domain"], record["problem"] = tool, problem.parent.name, problem.name
    if record.get("outcome") == "solved" and plan.exists():
        record["planbox_validate"], record["up_validate"] = check(args, domain, problem, plan)
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    parser.add_argument("--set", type=Path, default=DEFAULT_SET)
    parser.add_argument("--domains", nargs="*", help="only these domains")
    parser.add_argument("--per-domain", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--memory-limit", type=int, default=4096, metavar="MB")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--planbox", default=str(REPO / "target" / "release" / "planbox"))
    parser.add_argument("--ref-venv", default=fdref.default_ref_venv())
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()
    args.ref_python = fdref.ref_python(args.ref_venv)
    args.downward = fdref.downward_binary(args.ref_venv)

    files = list(problems(args.set, args.per_domain, args.domains))
    jobs = [(tool, p) for p in files for tool in ("fd", "planbox")]
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        records = list(pool.map(lambda job: run_one(args, job[0], job[1], Path(tmp)), jobs))
    if args.json_out:
        args.json_out.write_text(json.dumps(records, indent=1))

    by = {(r["tool"], r["domain"], r["problem"]): r for r in records}
    domains = sorted({r["domain"] for r in records})
    print(f"| domain | problems | FD solved | planbox solved | plans valid (planbox validate) "
          f"| plans valid (UP) | median s FD | median s planbox |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    totals = [0, 0, 0, 0, 0, 0]
    notes, rejected = [], 0
    for d in domains:
        names = sorted(p for (_, dd, p) in by if dd == d)
        names = sorted(set(names))
        solved = {t: [n for n in names if by[(t, d, n)].get("outcome") == "solved"]
                  for t in ("fd", "planbox")}
        plans = [by[(t, d, n)] for t in ("fd", "planbox") for n in solved[t]]
        pb_ok = sum(r.get("planbox_validate") == "valid" for r in plans)
        up_ok = sum(r.get("up_validate") == "valid" for r in plans)
        up_unreadable = sum(str(r.get("up_validate", "")).startswith("unreadable") for r in plans)
        sas_ok = sum(str(r.get("up_validate", "")).endswith("FD's translation: valid")
                     for r in plans)
        both = [n for n in solved["fd"] if n in solved["planbox"]]
        med = {t: statistics.median(by[(t, d, n)]["total_wall_s"] for n in both) if both
               else None for t in ("fd", "planbox")}
        up_cell = f"{up_ok}/{len(plans)}" + (
            f" ({up_unreadable} unreadable by UP; on FD's translation: {sas_ok} valid)"
            if up_unreadable else "")
        print(f"| {d} | {len(names)} | {len(solved['fd'])} | {len(solved['planbox'])} | "
              f"{pb_ok}/{len(plans)} | {up_cell} | {fdref.fmt(med['fd'], 2)} | "
              f"{fdref.fmt(med['planbox'], 2)} |")
        for i, v in enumerate([len(names), len(solved["fd"]), len(solved["planbox"]),
                               pb_ok, up_ok, len(plans)]):
            totals[i] += v
        for n in names:
            for t in ("fd", "planbox"):
                r = by[(t, d, n)]
                if r.get("outcome") != "solved":
                    notes.append(f"- {d} {n}: {t} {r.get('outcome')}")
                for key in ("planbox_validate", "up_validate"):
                    verdict = r.get(key)
                    rejected_by_sas = bool(verdict) and "FD's translation: invalid" in verdict
                    if verdict and verdict != "valid" and (
                            not verdict.startswith("unreadable") or rejected_by_sas):
                        rejected += 1
                        notes.append(f"- {d} {n}: **{t}'s plan rejected by {key}: {verdict}**")
    print(f"| **total** | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]}/{totals[5]} | "
          f"{totals[4]}/{totals[5]} | | |")
    print()
    print("\n".join(notes))
    sys.exit(1 if rejected else 0)


if __name__ == "__main__":
    main()
