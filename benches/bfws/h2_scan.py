#!/usr/bin/env python3
"""`--alias dual-bfws` with and without the h² preprocessing, side by side.

Usage: benches/bfws/h2_scan.py [--time-limit 20] [--jobs 2] [--json-out FILE]
       DOMAIN_DIR:PROBLEM ... > table.md
       benches/bfws/h2_scan.py --from-json FILE

Runs `planbox plan --alias dual-bfws --h2-preprocess none|both --json` on each
problem (a CPU-time limit of `--time-limit` seconds and 4 GiB of address space
per run, `--jobs` at a time; PLANBOX names the binary, default
target/release/planbox) and prints per domain: the problems each mode solved,
the most time the preprocessing took, and over the problems both solved the
geometric means of the ratio with/without of the planner's total time and of
the plan cost. `--json-out` keeps one record per run; `--from-json` prints the
table of a saved run.
"""
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from compare import last_record, problem_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLANBOX = os.environ.get("PLANBOX", os.path.join(ROOT, "target", "release", "planbox"))
MODES = ["none", "both"]


def one(job, limit):
    name, domain, problem, mode = job

    def limits():
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
        resource.setrlimit(resource.RLIMIT_AS, (4096 << 20, 4096 << 20))

    with tempfile.TemporaryDirectory() as d:
        out = subprocess.run([PLANBOX, "plan", domain, problem, "--alias", "dual-bfws",
                              "--h2-preprocess", mode, "--json", "--plan-file",
                              os.path.join(d, "plan")],
                             capture_output=True, text=True, preexec_fn=limits).stdout
    r = last_record(out)
    return dict(problem=name, mode=mode, solved=r.get("outcome") == "plan", cost=r.get("cost"),
                total=r.get("total_time_s"), h2_time=r.get("h2_preprocess_time_s"),
                removed=(r.get("h2_removed_operators_forward") or 0)
                + (r.get("h2_removed_operators_backward") or 0))


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def table(records):
    by = {(r["problem"], r["mode"]): r for r in records}
    domains = sorted({r["problem"].split("/")[0] for r in records})
    print("| domain | solved without | solved with | most h² time (s) "
          "| time with/without | cost with/without |")
    print("|---|---:|---:|---:|---:|---:|")
    for dom in domains + ["all"]:
        names = sorted({r["problem"] for r in records
                        if dom == "all" or r["problem"].split("/")[0] == dom})
        solved = {m: sum(by[(n, m)]["solved"] for n in names) for m in MODES}
        both = [n for n in names if all(by[(n, m)]["solved"] for m in MODES)]
        h2 = max((by[(n, "both")]["h2_time"] or 0 for n in names), default=0)

        def ratio(key):
            return geomean([max(by[(n, "both")][key], 1e-3) / max(by[(n, "none")][key], 1e-3)
                            for n in both])

        fmt = lambda x: f"{x:.2f}" if x is not None else "-"
        print(f"| {dom} | {solved['none']}/{len(names)} | {solved['both']}/{len(names)} | "
              f"{h2:.2f} | {fmt(ratio('total'))} | {fmt(ratio('cost'))} |")


def main():
    args, limit, jobs, json_out, from_json = sys.argv[1:], 20, 2, None, None
    while args[:1] and args[0].startswith("--"):
        flag, value, args = args[0], args[1], args[2:]
        if flag == "--time-limit":
            limit = int(value)
        elif flag == "--jobs":
            jobs = int(value)
        elif flag == "--json-out":
            json_out = value
        elif flag == "--from-json":
            from_json = value
        else:
            sys.exit(f"unknown option {flag}")
    if from_json:
        with open(from_json) as f:
            table([json.loads(line) for line in f])
        return
    runs = []
    for spec in args:
        name, domain, problem = problem_of(spec)
        runs += [(name, domain, problem, mode) for mode in MODES]
    with ThreadPoolExecutor(jobs) as pool:
        records = list(pool.map(lambda job: one(job, limit), runs))
    if json_out:
        with open(json_out, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in records)
    table(records)


if __name__ == "__main__":
    main()
