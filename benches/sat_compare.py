#!/usr/bin/env python3
"""Coverage of planbox's SAT engine against its progression GBFS and pyperplan's SAT planner.

For each IPC domain of a benchmark folder (default ../shared/benchmarks/ipc), the
first N problems (by name, numbers as numbers, `--per-domain`, after
`--skip K`) are run with each configuration, two
processes at a time, the same time limit for all (`--limit`, default 60 s):

  sat-sequential   planbox plan --engine sat --encoding sequential
  sat-forall       planbox plan --engine sat --encoding forall-step
  sat-exists       planbox plan --engine sat --encoding exists-step
  sat-exists-interleaved   the same with --schedule interleaved (Madagascar's algorithm B)
  gbfs             planbox plan (progression, gbfs with h_FF and preferred operators)
  pyperplan-sat    pyperplan -s sat (its own encoding, solved by minisat on PATH)

planbox checks every plan before it writes it; every plan, planbox's and
pyperplan's, is checked again here with `planbox validate`. Problems are copied
to a scratch folder first (pyperplan writes its `.soln` beside the problem).

Writes one CSV row per run (`--out DIR/sat_compare.csv`) and prints a Markdown
table of the problems solved per domain and configuration, with the total.

Needs: `cargo build --release`; `pip install pyperplan`; `apt install minisat`.
"""

import argparse
import csv
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLANBOX = ROOT / "target" / "release" / "planbox"

CONFIGS = {
    "sat-sequential": ["--engine", "sat", "--encoding", "sequential"],
    "sat-forall": ["--engine", "sat", "--encoding", "forall-step"],
    "sat-exists": ["--engine", "sat", "--encoding", "exists-step"],
    "sat-exists-interleaved": ["--engine", "sat", "--encoding", "exists-step", "--schedule", "interleaved"],
    "gbfs": [],
}
PYPERPLAN = "pyperplan-sat"
ORDER = list(CONFIGS) + [PYPERPLAN]


def domain_file(problem: Path) -> Path:
    """The domain beside a problem, looked for as planbox and Fast Downward do."""
    d = problem.parent
    stem = problem.stem
    for name in ["domain.pddl", f"{stem}-domain.pddl", f"domain_{stem}.pddl", f"domain-{stem}.pddl",
                 f"{stem[:3]}-domain.pddl"]:
        if (d / name).exists():
            return d / name
    raise FileNotFoundError(f"no domain for {problem}")


def natural(path: Path):
    """`p2` before `p10`: digits compared as numbers."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path.name)]


def problems(bench: Path, per_domain: int, only, skip=0):
    for d in sorted(p for p in bench.iterdir() if p.is_dir()):
        if only and d.name not in only:
            continue
        files = sorted((f for f in d.glob("*.pddl") if "domain" not in f.name), key=natural)
        for f in files[skip:skip + per_domain]:
            yield d.name, f


def validate(domain: Path, problem: Path, plan: Path) -> bool:
    out = subprocess.run([str(PLANBOX), "validate", str(domain), str(problem), str(plan)],
                         capture_output=True, text=True)
    return out.returncode == 0


def run_planbox(config, domain, problem, scratch, limit):
    plan = scratch / f"{config}.plan"
    cmd = [str(PLANBOX), "plan", str(domain), str(problem), "--json", "--plan-file", str(plan),
           "--time-limit", str(limit)] + CONFIGS[config]
    start = time.monotonic()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 30)
    except subprocess.TimeoutExpired:
        return "out_of_time", None, time.monotonic() - start
    elapsed = time.monotonic() - start
    try:
        record = json.loads(out.stdout)
    except json.JSONDecodeError:
        return f"error {out.returncode}", None, elapsed
    outcome = record["outcome"]
    if outcome == "plan" and not validate(domain, problem, plan):
        outcome = "INVALID"
    return outcome, record.get("length"), elapsed


def tokens(text):
    text = re.sub(r";[^\n]*", " ", text)
    return re.findall(r"\(|\)|[^\s()]+", text)


def parse(tokens):
    """Nested lists from PDDL tokens."""
    stack = [[]]
    for t in tokens:
        if t == "(":
            stack.append([])
        elif t == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(t)
    return stack[0]


def show(x):
    return "(" + " ".join(show(y) for y in x) + ")" if isinstance(x, list) else x


def without_costs(x):
    """The expression without action costs: no `:functions` section, no
    `(increase (total-cost) ...)` effect, no `(= (f ...) N)` initial value, no
    metric, no `:action-costs` requirement. Plans are unchanged; only their
    cost is forgotten (pyperplan reads no costs)."""
    if not isinstance(x, list):
        return x
    out = []
    for y in x:
        if isinstance(y, list) and y and isinstance(y[0], str):
            head = y[0].lower()
            if head in (":functions", ":metric", "increase") or (head == "=" and isinstance(y[1], list)):
                continue
        if y == ":action-costs":
            continue
        out.append(without_costs(y))
    return out


def run_pyperplan(domain, problem, scratch, limit):
    local = scratch / problem.name
    original = domain
    domain_text = domain.read_text(errors="replace")
    if ":functions" in domain_text.lower():
        # pyperplan refuses `:functions`; it plans on the unit-cost version.
        stripped = scratch / "domain-unit-cost.pddl"
        stripped.write_text("\n".join(show(e) for e in without_costs(parse(tokens(domain_text)))))
        local.write_text("\n".join(show(e) for e in without_costs(parse(tokens(problem.read_text())))))
        domain = stripped
    else:
        shutil.copy(problem, local)
    start = time.monotonic()
    try:
        # In the scratch folder: pyperplan's SAT search writes minisat's input
        # and output files into the working directory under fixed names.
        out = subprocess.run(["pyperplan", "-s", "sat", str(domain), str(local)],
                             capture_output=True, text=True, timeout=limit, cwd=scratch)
    except subprocess.TimeoutExpired:
        return "out_of_time", None, time.monotonic() - start
    elapsed = time.monotonic() - start
    soln = Path(str(local) + ".soln")
    if not soln.exists():
        if out.returncode != 0:
            print(f"pyperplan on {problem}: {out.stderr.strip()[-400:]}", file=sys.stderr)
        return ("no_plan" if out.returncode == 0 else f"error {out.returncode}"), None, elapsed
    if not validate(original, problem, soln):
        return "INVALID", None, elapsed
    length = sum(1 for line in soln.read_text().splitlines() if line.strip().startswith("("))
    return "plan", length, elapsed


def one(job, limit):
    domain_name, problem, config = job
    domain = domain_file(problem)
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        if config == PYPERPLAN:
            outcome, length, elapsed = run_pyperplan(domain, problem, scratch, limit)
        else:
            outcome, length, elapsed = run_planbox(config, domain, problem, scratch, limit)
    return {"domain": domain_name, "problem": problem.name, "config": config,
            "outcome": outcome, "length": length, "time_s": round(elapsed, 3)}


def main():
    global PLANBOX
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", type=Path, default=ROOT.parent / "shared" / "benchmarks" / "ipc")
    ap.add_argument("--per-domain", type=int, default=3)
    ap.add_argument("--skip", type=int, default=0, help="leave out the first K problems of each domain")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--domains", nargs="*", help="only these domains")
    ap.add_argument("--configs", nargs="*", default=ORDER, choices=ORDER)
    ap.add_argument("--out", type=Path, default=Path("bench-results"))
    ap.add_argument("--planbox", type=Path, default=PLANBOX,
                    help="the binary to run (a copy, so that a rebuild does not change it mid-run)")
    args = ap.parse_args()
    PLANBOX = args.planbox.resolve()
    if not PLANBOX.exists():
        sys.exit("build planbox first: cargo build --release")
    if PYPERPLAN in args.configs and (shutil.which("pyperplan") is None or shutil.which("minisat") is None):
        sys.exit("pyperplan-sat needs `pip install pyperplan` and minisat on PATH (`apt install minisat`)")
    jobs = [(d, p, c) for d, p in problems(args.bench, args.per_domain, args.domains, args.skip) for c in args.configs]
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "sat_compare.csv"
    rows = []
    with open(path, "w", newline="") as f, ThreadPoolExecutor(args.jobs) as pool:
        writer = csv.DictWriter(f, fieldnames=["domain", "problem", "config", "outcome", "length", "time_s"])
        writer.writeheader()
        for row in pool.map(lambda j: one(j, args.limit), jobs):
            rows.append(row)
            writer.writerow(row)
            f.flush()
            print(f"{row['domain']}/{row['problem']} {row['config']}: {row['outcome']} "
                  f"{row['length'] or ''} {row['time_s']}s", file=sys.stderr)
    print(table(rows, args.configs))
    bad = [r for r in rows if r["outcome"] == "INVALID"]
    if bad:
        print(f"INVALID PLANS: {bad}", file=sys.stderr)
        sys.exit(1)


def table(rows, configs):
    domains = sorted({r["domain"] for r in rows})
    solved = {(r["domain"], r["config"]): 0 for r in rows}
    count = {}
    for r in rows:
        count[(r["domain"], r["problem"])] = 1
        if r["outcome"] == "plan":
            solved[(r["domain"], r["config"])] += 1
    lines = ["| domain (problems) | " + " | ".join(configs) + " |",
             "|---|" + "---:|" * len(configs)]
    totals = {c: 0 for c in configs}
    for d in domains:
        n = sum(1 for (dd, _) in count if dd == d)
        cells = []
        for c in configs:
            k = solved.get((d, c), 0)
            totals[c] += k
            cells.append(str(k))
        lines.append(f"| {d} ({n}) | " + " | ".join(cells) + " |")
    lines.append(f"| **total** ({len(count)}) | " + " | ".join(f"**{totals[c]}**" for c in configs) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
