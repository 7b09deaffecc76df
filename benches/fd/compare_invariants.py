"""Compare `planbox invariants` with Fast Downward's invariant synthesis.

For each problem, runs FD's translator modules (parse, normalize, relaxed
exploration, `invariant_finder.find_invariants` with the reachable action
parameters, as `translate.py` does) in the reference venv, and `planbox
invariants --json`, and compares the two sets of invariants, each part written
as `pred(0,*)` and parameters renumbered canonically.

    python3 benches/fd/compare_invariants.py [--per-domain N] [PROBLEM ...]

Without problems, takes the first N (default 2) problems of every folder in
problems/ipc/. Prints one line per problem and exits 1 on any difference.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fdref  # noqa: E402

FD_SCRIPT = r"""
import sys
from fast_downward.translate.options import set_options
sys.argv = ["translate", sys.argv[1], sys.argv[2]]
set_options()
from fast_downward.translate import pddl_parser, normalize, instantiate, invariant_finder
task = pddl_parser.open()
normalize.normalize(task)
_, _, _, _, _, params = instantiate.explore(task)
for inv in invariant_finder.find_invariants(task, params):
    print("INV", ";".join("%s(%s)" % (p.predicate, ",".join("*" if a == -1 else str(a) for a in p.args))
                          for p in inv.parts))
"""


def canonical(parts):
    """Sort parts by predicate and renumber parameters by first appearance."""
    parsed = []
    for part in parts:
        name, args = part[:-1].split("(", 1)
        parsed.append((name, args.split(",") if args else []))
    parsed.sort()
    mapping = {}
    out = []
    for name, args in parsed:
        new = []
        for a in args:
            if a != "*":
                a = mapping.setdefault(a, str(len(mapping)))
            new.append(a)
        out.append("%s(%s)" % (name, ",".join(new)))
    return " ".join(out)


def fd_invariants(python, domain, problem):
    out = subprocess.run([str(python), "-c", FD_SCRIPT, str(domain), str(problem)],
                         capture_output=True, text=True, check=True).stdout
    return {canonical(line[4:].split(";")) for line in out.splitlines() if line.startswith("INV ")}


def planbox_invariants(binary, domain, problem):
    out = subprocess.run([str(binary), "invariants", "--mutex", "none", "--json",
                          str(domain), str(problem)], capture_output=True, text=True, check=True)
    record = json.loads(out.stdout)
    return {canonical(inv["parts"]) for inv in record["invariants"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("problems", nargs="*")
    ap.add_argument("--per-domain", type=int, default=2)
    ap.add_argument("--ref-venv", default=fdref.default_ref_venv())
    ap.add_argument("--planbox", default=str(fdref.REPO / "target" / "release" / "planbox"))
    args = ap.parse_args()
    python = fdref.ref_python(args.ref_venv)
    if args.problems:
        problems = [fdref.resolve_problem(p) for p in args.problems]
    else:
        problems = []
        for folder in sorted(p for p in fdref.IPC.iterdir() if p.is_dir()):
            files = sorted(p for p in folder.glob("*.pddl") if "domain" not in p.name)
            problems.extend(files[:args.per_domain])
    differ = 0
    for problem in problems:
        domain = fdref.find_domain(problem)
        fd = fd_invariants(python, domain, problem)
        ours = planbox_invariants(args.planbox, domain, problem)
        rel = problem.relative_to(fdref.IPC) if problem.is_relative_to(fdref.IPC) else problem
        if fd == ours:
            print(f"same  {rel}: {len(ours)} invariants")
        else:
            differ += 1
            print(f"DIFF  {rel}: FD {len(fd)}, planbox {len(ours)}")
            for x in sorted(fd - ours):
                print(f"      only FD:      {x}")
            for x in sorted(ours - fd):
                print(f"      only planbox: {x}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
