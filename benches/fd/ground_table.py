#!/usr/bin/env python3
"""Ground operators and reachable facts: planbox beside Fast Downward's translator.

For the first N problems (default 3, sorted by name) of every domain under the
given benchmark directories (default: ``../shared/benchmarks/ipc-adl`` and
``../shared/benchmarks/ipc``), this runs

    planbox ground --json [DOMAIN] PROBLEM          (operators, facts)
    ground_counts.py PROBLEM ...                     (FD: actions, fluent_atoms)

and prints a Markdown table with both pairs of counts and their ratios. A
row whose operators or facts differ by more than 10 % is marked, with the
reason this script knows for the domain (each found by comparing the two
groundings action by action; see benches/fd/README.md). A planbox error
(exit 34 on a construct it refuses, a time-out) is a row of its own.

FD's counts are its relaxed-reachability model after instantiation (see
ground_counts.py): ``actions`` are comparable to planbox's ``operators``, and
``fluent_atoms`` (derived atoms included) to planbox's ``facts``.

Usage::

    python3 benches/fd/ground_table.py                       # both sets, 3 each
    python3 benches/fd/ground_table.py --per-domain 1 --sets ../shared/benchmarks/ipc-adl
    python3 benches/fd/ground_table.py --tsv-out /tmp/counts.tsv

It needs the reference venv (benches/fd/setup.sh) for FD and a release build
of planbox (``--planbox``, default target/release/planbox).
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
from fdref import default_ref_venv, find_domain, ref_python  # noqa: E402

DEFAULT_SETS = [REPO.parent / "shared" / "benchmarks" / "ipc-adl",
                REPO.parent / "shared" / "benchmarks" / "ipc"]

# Why the counts differ where they do, found by diffing the ground actions
# and atoms of the two translators on the first problems.
REASONS = {
    "assembly": (
        "the operators and the basic facts agree (prob01: 84 and 84); "
        "planbox has fewer derived atoms, because a universal condition "
        "written in several actions becomes one derived predicate for all of "
        "them, where FD makes one per occurrence (prob01: FD's `new-axiom@2` "
        "and `new-axiom@4`, the same condition of `assemble` and `remove`, "
        "hold 114 atoms each)."),
    "caldera-opt18-adl": (
        "FD's reachability rules give the variables of a `forall` effect no "
        "type atoms, so `(forall (?h - observedhost) (when (PROP_DOMAIN ?h ?d) "
        "...))` also binds domain users and makes ill-typed atoms such as "
        "`(mem_hosts adomain cdomainuser)` reachable, and more actions with "
        "them. planbox binds them by type only: a subset of FD's actions."),
    "caldera-split-opt18-adl": (
        "as caldera-opt18-adl: FD's untyped `forall` effect variables."),
    "organic-synthesis-split-opt18-strips": (
        "FD's reachability model ignores negative preconditions, "
        "`(not (= ?c1 ?c2))` included, and drops such instances only when it "
        "instantiates them; their effects stay reachable: `(bond c1 c1)`, "
        "then every action that needs it. planbox tests equalities in the "
        "join, so it never reaches them: a subset of FD's actions."),
}


def problems(sets, per_domain):
    for base in sets:
        for d in sorted(p for p in Path(base).iterdir() if p.is_dir()):
            files = sorted(f for f in d.glob("*.pddl") if "domain" not in f.name)
            yield from files[:per_domain]


def planbox_counts(planbox, problem, timeout):
    domain = find_domain(problem)
    try:
        proc = subprocess.run([planbox, "ground", "--json", str(domain), str(problem)],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"timeout ({timeout:g} s)"
    if proc.returncode != 0:
        first = (proc.stderr.strip().splitlines() or ["?"])[0]
        return None, f"exit {proc.returncode}: {first}"
    record = json.loads(proc.stdout)
    return (record["operators"], record["facts"]), None


def fd_counts(venv, files, timeout):
    cmd = [str(ref_python(venv)), str(HERE / "ground_counts.py"),
           "--timeout", str(timeout), *map(str, files)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True)
    rows = {}
    for line in proc.stdout.splitlines()[1:]:
        fields = line.split("\t")
        try:
            rows[(fields[0], fields[1])] = (int(fields[2]), int(fields[3]))
        except (IndexError, ValueError):
            rows[(fields[0], fields[1])] = None
    return rows


def ratio(a, b):
    return a / b if b else float("inf") if a else 1.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="*", type=Path, default=DEFAULT_SETS)
    parser.add_argument("--per-domain", type=int, default=3)
    parser.add_argument("--planbox", default=str(REPO / "target" / "release" / "planbox"))
    parser.add_argument("--ref-venv", default=default_ref_venv())
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--tsv-out", type=Path)
    args = parser.parse_args()

    files = list(problems(args.sets, args.per_domain))
    fd = fd_counts(args.ref_venv, files, args.timeout)
    rows = []
    for problem in files:
        ours, error = planbox_counts(args.planbox, problem, args.timeout)
        rows.append((problem, ours, error, fd.get((problem.parent.name, problem.name))))

    print("| domain | problem | operators planbox | FD | facts planbox | FD | note |")
    print("|---|---|---:|---:|---:|---:|---|")
    refused = differ = 0
    marked = set()
    for problem, ours, error, theirs in rows:
        domain = problem.parent.name
        if error:
            refused += 1
            print(f"| {domain} | {problem.name} | {error} | | | | |")
            continue
        t = theirs or ("?", "?")
        note = ""
        if theirs and any(abs(ratio(o, f) - 1) > 0.10 for o, f in zip(ours, theirs)):
            differ += 1
            note = "differs by more than 10 %"
            if domain in REASONS:
                note += " (see below)"
                marked.add(domain)
        print(f"| {domain} | {problem.name} | {ours[0]:,} | {t[0]:,} | {ours[1]:,} | "
              f"{t[1]:,} | {note} |".replace("| ?, |", "| ? |"))
    print()
    print(f"{len(rows)} problems, {refused} not grounded by planbox, "
          f"{differ} differing by more than 10 %.")
    for domain in sorted(marked):
        print(f"\n- **{domain}**: {REASONS[domain]}")
    if args.tsv_out:
        with args.tsv_out.open("w") as out:
            out.write("domain\tproblem\tplanbox_operators\tplanbox_facts\tfd_actions\tfd_atoms\n")
            for problem, ours, error, theirs in rows:
                o = ours or (error, "")
                t = theirs or ("", "")
                out.write(f"{problem.parent.name}\t{problem.name}\t{o[0]}\t{o[1]}\t{t[0]}\t{t[1]}\n")


if __name__ == "__main__":
    main()
