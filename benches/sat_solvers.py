#!/usr/bin/env python3
"""SAT solver crates (and MiniSat) on the CNFs of planbox's SAT engine.

Builds benches/satsolvers (batsat, cadical, splr and varisat behind one
command) in release mode, then runs every solver on every .cnf file of the
given directory, one process at a time, and prints a Markdown table of solve
times:

    benches/sat_solvers.py [--limit SECONDS] [--out FILE.csv]
                           [--solvers NAME,...] DIR

The CNFs come from `planbox plan --engine sat --horizon T --dump-cnf FILE`.
`minisat FILE` (Debian's minisat package) runs too when it is on PATH; its
time is the wall time of the whole process as seen from here, parsing
included, while the crates' times exclude parsing. A run that has not
answered within the limit is "unknown": batsat, CaDiCaL and splr stop
themselves, varisat cannot, so every process is also killed a few seconds
after the limit, and an answer given after the limit counts as unknown too.
A model that violates a clause is "wrong". Solvers that answer must agree on
sat or unsat; a disagreement is printed loudly and the exit status is 1.
"""
import argparse, csv, json, shutil, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATE = ROOT / "benches/satsolvers"
BINARY = CRATE / "target/release/satsolvers-reference"
CRATE_SOLVERS = ["batsat", "cadical", "splr", "varisat"]
# Seconds a process may run past the limit before it is killed.
GRACE = 5.0


def build():
    subprocess.run(["cargo", "build", "--release", "--manifest-path",
                    str(CRATE / "Cargo.toml")], check=True)


def run_crate(solver, cnf, limit):
    cmd = [str(BINARY), "--solver", solver, "--time-limit", str(limit), str(cnf)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + GRACE)
    except subprocess.TimeoutExpired:
        return "unknown", None
    lines = [l for l in out.stdout.splitlines() if l.startswith("{")]
    if out.returncode == 3:
        return "wrong", None
    if out.returncode != 0 or not lines:
        print(f"{solver} on {cnf.name} failed (exit {out.returncode}): {out.stderr.strip()}",
              file=sys.stderr)
        return "error", None
    record = json.loads(lines[-1])
    if "note" in record:
        print(f"{solver} on {cnf.name}: {record['note']}", file=sys.stderr)
    return record["answer"], record["time_s"]


def run_minisat(cnf, limit):
    start = time.perf_counter()
    try:
        out = subprocess.run(["minisat", str(cnf)], capture_output=True,
                             timeout=limit + GRACE)
    except subprocess.TimeoutExpired:
        return "unknown", None
    elapsed = time.perf_counter() - start
    answer = {10: "sat", 20: "unsat"}.get(out.returncode, "unknown")
    return answer, elapsed


def cell(answer, seconds):
    if answer in ("sat", "unsat"):
        return f"{seconds:.3f}"
    return answer


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path, help="directory of .cnf files")
    ap.add_argument("--limit", type=float, default=60.0,
                    help="seconds per run (default 60)")
    ap.add_argument("--out", type=Path, help="CSV file: file,solver,answer,time_s")
    ap.add_argument("--solvers", default=",".join(CRATE_SOLVERS + ["minisat"]),
                    help="comma-separated subset of %(default)s")
    args = ap.parse_args()

    solvers = [s for s in args.solvers.split(",") if s]
    unknown = set(solvers) - set(CRATE_SOLVERS) - {"minisat"}
    if unknown:
        ap.error(f"unknown solvers: {', '.join(sorted(unknown))}")
    if "minisat" in solvers and shutil.which("minisat") is None:
        print("minisat is not on PATH: left out", file=sys.stderr)
        solvers.remove("minisat")
    files = sorted(args.dir.glob("*.cnf"))
    if not files:
        sys.exit(f"no .cnf files in {args.dir}")

    build()
    rows = []  # (file, solver, answer, seconds or None)
    for cnf in files:
        for solver in solvers:
            if solver == "minisat":
                answer, seconds = run_minisat(cnf, args.limit)
            else:
                answer, seconds = run_crate(solver, cnf, args.limit)
            if seconds is not None and seconds > args.limit:
                answer = "unknown"
            rows.append((cnf.name, solver, answer, seconds))
            print(f"{cnf.name} {solver}: {cell(answer, seconds)}", file=sys.stderr, flush=True)

    if args.out:
        with open(args.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["file", "solver", "answer", "time_s"])
            for name, solver, answer, seconds in rows:
                w.writerow([name, solver, answer, "" if seconds is None else f"{seconds:.6f}"])

    results = {(name, solver): (answer, seconds) for name, solver, answer, seconds in rows}
    disagreements = []
    print(f"| file | answer | {' | '.join(solvers)} |")
    print(f"|---|---|{'---:|' * len(solvers)}")
    totals = dict.fromkeys(solvers, 0.0)
    all_answered = 0
    for cnf in files:
        answers = {results[cnf.name, s][0] for s in solvers} & {"sat", "unsat"}
        if len(answers) > 1:
            disagreements.append(cnf.name)
        agreed = "/".join(sorted(answers)) or "?"
        if len(answers) > 1:
            agreed = f"**DISAGREE: {agreed}**"
        cells = [cell(*results[cnf.name, s]) for s in solvers]
        print(f"| {cnf.name} | {agreed} | {' | '.join(cells)} |")
        if all(results[cnf.name, s][0] in ("sat", "unsat") for s in solvers):
            all_answered += 1
            for s in solvers:
                totals[s] += results[cnf.name, s][1]
    print(f"| total over the {all_answered} files all answered | | "
          f"{' | '.join(f'{totals[s]:.3f}' for s in solvers)} |")

    wrong = [(n, s) for n, s, a, _ in rows if a in ("wrong", "error")]
    for name, solver in wrong:
        print(f"!!! {solver} gave a wrong model or failed on {name}", file=sys.stderr)
    for name in disagreements:
        print(f"!!! SOLVERS DISAGREE on {name}: "
              + ", ".join(f"{s}={results[name, s][0]}" for s in solvers), file=sys.stderr)
    if disagreements or wrong:
        sys.exit(1)


if __name__ == "__main__":
    main()
