#!/usr/bin/env python3
"""Coverage and search effort: planbox beside Fast Downward on whole IPC suites.

For every domain directory of a suite (default ``../shared/benchmarks/ipc``)
the first ``--first`` problems (default 10, in file-name order) run with each
configuration pair (default ``astar-lmcut``: FD's ``astar(lmcut())`` beside
``planbox plan --search astar --heuristic lmcut``), both tools under the same
per-run limits (``--timeout`` CPU seconds, default 60, as ``RLIMIT_CPU``, and
``--memory-limit`` MB of address space, default 4096, as ``RLIMIT_AS``: the
limits of the IPC and Downward Lab, so that a busy machine slows a run down
but does not cut it short), ``--jobs`` runs at a
time (default 2, one per core). The runs themselves are those of
``compare_search.py`` (FD: its translator, then its search binary; planbox:
one ``plan --json`` process).

Every plan planbox finds is checked with ``planbox validate`` (a plan that
fails is reported and counts as not solved).

Reported per configuration and domain: problems run, solved by FD, solved by
planbox; and over the problems both solve with an optimal configuration, the
ratio of planbox's expansions until the last f layer to FD's ("Expanded until
last jump", both plus 1 so that a perfect heuristic's 0 stays a ratio): the
geometric mean per domain and overall, and the worst problem; with a
satisficing one, the ratios of plan costs and of expansions. Both also give
the ratio of run times on the problems both solve (CPU seconds of the whole
run: FD's translator and search, planbox's one process). Differing
optimal costs are flagged. ``--json-out`` writes every record, ``--csv-out``
one row per (config, problem).

Usage::

    cargo build --release
    python3 benches/fd/coverage.py --json-out cov.json --csv-out cov.csv
    python3 benches/fd/coverage.py --domain visitall-opt11-strips --first 6 --timeout 20
    python3 benches/fd/coverage.py --from-json cov.json      # the tables again
    python3 benches/fd/coverage.py --fd-from cov.json --json-out new.json  # planbox only
    python3 benches/fd/coverage.py --config lama --timeout 300 --interleave \
        --resume --json-out lama300.json           # a long run, in several sittings

``--fd-from`` takes Fast Downward's records from an earlier run's JSON
instead of running it again (FD does not change between planbox commits):
the run then takes half the time. Use it only with the same suite, limits
and machine as that run; the tables say which file FD's side came from.

``--resume`` keeps the records already in ``--json-out`` and runs only the
missing ones (a problem whose Fast Downward run is recorded runs planbox
only; the file is written after every run), so that a run of many hours (``lama`` at 300 s
uses the whole limit on the larger problems) can be stopped and continued.
``--interleave`` runs every domain's first problem, then every second one,
and so on, so that a partial run samples all domains.
"""

import argparse
import csv
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import compare_search
import fdref

DEFAULT_SUITE = fdref.REPO.parent / "shared" / "benchmarks" / "ipc"
OPTIMAL = compare_search.OPTIMAL


def problems_of(domain_dir: Path, first: int):
    """The first problems of a domain directory, with their domain files."""
    files = sorted(p for p in domain_dir.glob("*.pddl") if "domain" not in p.name)
    return [(fdref.find_domain(p), p) for p in files[:first]]


def run_one(job):
    tool, config, domain, problem, args = job
    if tool == "fd":
        return compare_search.run_fd(args, config, domain, problem)
    plan = Path(args.plan_dir) / f"{config}-{problem.parent.name}-{problem.stem}.plan"
    record = compare_search.run_planbox(args, config, domain, problem, plan_out=plan)
    if record.get("outcome") == "solved":
        check = fdref.run_timed([args.planbox, "validate", domain, problem, plan],
                                timeout=600)
        record["valid"] = check.returncode == 0
        if not record["valid"]:
            record["outcome"] = "invalid plan"
            record["error"] = check.error_line()
    return record


def until_last_jump(record):
    value = record.get("expanded_until_last_jump")
    return None if value is None else int(value)


def run_time(record):
    """The CPU seconds of a whole run (FD: translator and search), else its
    wall-clock seconds; at least 0.01, so that ratios of instant runs stay sane."""
    value = record.get("total_cpu_s")
    if value is None:
        value = record.get("total_wall_s")
    return max(float(value), 0.01) if value is not None else None


def time_ratios(rows):
    """planbox's time over FD's on the problems both solve."""
    ratios = []
    for r in rows:
        a, b = r["planbox"], r["fd"]
        if a.get("outcome") == "solved" and b.get("outcome") == "solved":
            ta, tb = run_time(a), run_time(b)
            if ta is not None and tb is not None:
                ratios.append(ta / tb)
    return ratios


def geomean(values):
    values = list(values)
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def report(records, out=sys.stdout):
    by_config = {}
    for r in records:
        by_config.setdefault(r["config"], []).append(r)
    for config, rows in by_config.items():
        print(f"\n## {config}\n", file=out)
        optimal = config in OPTIMAL
        head = "| domain | run | FD solved | planbox solved |"
        rule = "|---|---:|---:|---:|"
        if optimal:
            head += " both | until last jump pb/FD (geo. mean) | time pb/FD | worst |"
            rule += "---:|---:|---:|---|"
        else:
            head += (" both | cost pb/FD (geo. mean) | expanded pb/FD (geo. mean) |"
                     " time pb/FD |")
            rule += "---:|---:|---:|---:|"
        print(head, file=out)
        print(rule, file=out)
        domains = {}
        for r in rows:
            domains.setdefault(r["domain"], []).append(r)
        all_ratios, worst, totals = [], None, [0, 0, 0]
        all_costs, all_exps, all_times = [], [], []
        for domain in sorted(domains):
            drows = [r for r in domains[domain] if "fd" in r and "planbox" in r]
            fd = sum(r["fd"].get("outcome") == "solved" for r in drows)
            pb = sum(r["planbox"].get("outcome") == "solved" for r in drows)
            totals[0] += len(drows)
            totals[1] += fd
            totals[2] += pb
            line = f"| {domain} | {len(drows)} | {fd} | {pb}{' **-**' if pb < fd else ''} |"
            times = time_ratios(drows)
            all_times += times
            if optimal:
                ratios = []
                for r in drows:
                    a, b = r["planbox"], r["fd"]
                    if a.get("outcome") != "solved" or b.get("outcome") != "solved":
                        continue
                    ja, jb = until_last_jump(a), until_last_jump(b)
                    if ja is None or jb is None:
                        continue
                    ratio = (ja + 1) / (jb + 1)
                    ratios.append(ratio)
                    if a.get("cost") != b.get("cost"):
                        print(f"cost! {r['problem']}: planbox {a.get('cost')}, "
                              f"FD {b.get('cost')}", file=sys.stderr)
                    if worst is None or ratio > worst[0]:
                        worst = (ratio, r["problem"], ja, jb)
                all_ratios += ratios
                g = geomean(ratios)
                dworst = max(ratios, default=None)
                line += (f" {len(ratios)} | {fdref.fmt(g, 2)} | {fdref.fmt(geomean(times), 2)} |"
                         f" {fdref.fmt(dworst, 2)} |")
            if not optimal:
                both = [r for r in drows if r["fd"].get("outcome") == "solved"
                        and r["planbox"].get("outcome") == "solved"]
                costs = [max(r["planbox"]["cost"], 1) / max(r["fd"]["cost"], 1) for r in both]
                exps = [(r["planbox"]["expanded"] + 1) / (r["fd"]["expanded"] + 1)
                        for r in both]
                all_costs += costs
                all_exps += exps
                line += (f" {len(both)} | {fdref.fmt(geomean(costs), 3)} |"
                         f" {fdref.fmt(geomean(exps), 2)} | {fdref.fmt(geomean(times), 2)} |")
            print(line, file=out)
        line = f"| **all** | {totals[0]} | {totals[1]} | {totals[2]} |"
        if not optimal:
            line += (f" {len(all_costs)} | {fdref.fmt(geomean(all_costs), 3)} |"
                     f" {fdref.fmt(geomean(all_exps), 2)} | {fdref.fmt(geomean(all_times), 2)} |")
        if optimal:
            line += (f" {len(all_ratios)} | {fdref.fmt(geomean(all_ratios), 2)} |"
                     f" {fdref.fmt(geomean(all_times), 2)} |")
            if worst:
                line += f" {worst[0]:.2f} ({worst[1]}: {worst[2]} vs {worst[3]}) |"
            else:
                line += " - |"
        print(line, file=out)


def write_csv(records, path):
    keys = ["outcome", "cost", "expanded", "expanded_until_last_jump", "initial_h",
            "search_time_s", "total_wall_s", "peak_memory_kb"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["config", "domain", "problem"]
                   + [f"{tool}_{k}" for tool in ("fd", "planbox") for k in keys])
        for r in records:
            w.writerow([r["config"], r["domain"], r["problem"]]
                       + [r[tool].get(k) for tool in ("fd", "planbox") for k in keys])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", default=str(DEFAULT_SUITE))
    parser.add_argument("--domain", action="append",
                        help="only these domain directories (repeatable)")
    parser.add_argument("--first", type=int, default=10)
    parser.add_argument("--config", action="append",
                        choices=sorted(compare_search.CONFIGS))
    parser.add_argument("--timeout", type=float, default=60,
                        help="CPU seconds per run (RLIMIT_CPU; FD: translator and "
                             "search together; default %(default)s)")
    parser.add_argument("--memory-limit", type=int, default=4096, metavar="MB",
                        help="address space per process (RLIMIT_AS; default %(default)s)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--planbox", default=str(fdref.REPO / "target/release/planbox"))
    parser.add_argument("--ref-venv", default=fdref.default_ref_venv())
    parser.add_argument("--plan-dir", default="/tmp/planbox-coverage-plans")
    parser.add_argument("--json-out")
    parser.add_argument("--csv-out")
    parser.add_argument("--from-json", help="print the tables of an earlier run")
    parser.add_argument("--fd-from", metavar="JSON",
                        help="Fast Downward's records from an earlier run (planbox runs only)")
    parser.add_argument("--resume", action="store_true",
                        help="keep the records already in --json-out, run the missing ones")
    parser.add_argument("--interleave", action="store_true",
                        help="every domain's first problem, then every second one, ...")
    args = parser.parse_args()
    if args.from_json:
        report(json.loads(Path(args.from_json).read_text()))
        return
    args.ref_python = fdref.ref_python(args.ref_venv)
    args.downward = fdref.downward_binary(args.ref_venv)
    Path(args.plan_dir).mkdir(parents=True, exist_ok=True)
    configs = args.config or ["astar-lmcut"]
    suite = Path(args.suite)
    domains = sorted(d for d in suite.iterdir() if d.is_dir()
                     and (not args.domain or d.name in args.domain))
    earlier = {}
    if args.fd_from:
        for r in json.loads(Path(args.fd_from).read_text()):
            earlier[(r["config"], r["problem"])] = r["fd"]
        print(f"Fast Downward's records: {args.fd_from}", file=sys.stderr)
    done = {}
    if args.resume:
        if not args.json_out:
            sys.exit("--resume needs --json-out (the file to continue)")
        if Path(args.json_out).exists():
            for r in json.loads(Path(args.json_out).read_text()):
                done[(r["config"], r["problem"])] = r
        print(f"resuming {args.json_out}: {len(done)} records kept", file=sys.stderr)
    runs = [(d, domain, problem, index) for d in domains
            for index, (domain, problem) in enumerate(problems_of(d, args.first))]
    if args.interleave:
        runs.sort(key=lambda run: run[3])  # stable: domains stay in order
    jobs, keys, records = [], [], {}
    # With --resume, the records of problems this run does not select (other
    # domains, configurations or problems) stay in the file as they are.
    selected = {(config, f"{d.name}/{problem.name}")
                for config in configs for d, _, problem, _ in runs}
    others = [r for key, r in done.items() if key not in selected]
    for config in configs:
        for d, domain, problem, _ in runs:
            name = f"{d.name}/{problem.name}"
            kept = done.get((config, name), {})
            if "fd" in kept and "planbox" in kept:
                records[(config, d.name, problem.name)] = kept
                continue
            if "fd" in kept:
                # A run stopped between the two tools keeps Fast Downward's record.
                records[(config, d.name, problem.name)] = kept
            if args.fd_from:
                if (config, name) not in earlier:
                    sys.exit(f"{args.fd_from} has no {config} record for {name}")
                records[(config, d.name, problem.name)] = {
                    "config": config, "domain": d.name, "problem": name,
                    "fd": earlier[(config, name)]}
            only_planbox = args.fd_from or "fd" in kept
            for tool in ("planbox",) if only_planbox else ("fd", "planbox"):
                jobs.append((tool, config, domain, problem, args))
                keys.append((config, d.name, problem.name, tool))
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for n, ((config, domain, problem, tool), rec) in enumerate(
                zip(keys, pool.map(run_one, jobs)), 1):
            entry = records.setdefault((config, domain, problem), {
                "config": config, "domain": domain, "problem": f"{domain}/{problem}"})
            entry[tool] = rec
            print(f"[{n}/{len(jobs)}] {config} {domain}/{problem} {tool}: "
                  f"{rec.get('outcome')} expanded {rec.get('expanded')}",
                  file=sys.stderr, flush=True)
            if args.json_out:
                # Written as the runs finish, so that a long run can be read
                # (--from-json) before it ends, and --resume loses no record.
                Path(args.json_out).write_text(
                    json.dumps(others + list(records.values()), indent=1))
    rows = list(records.values())
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(others + rows, indent=1))
    if args.csv_out:
        write_csv(rows, args.csv_out)
    report(rows)


if __name__ == "__main__":
    main()
