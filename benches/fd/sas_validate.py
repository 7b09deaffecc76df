#!/usr/bin/env python3
"""Validates a plan on Fast Downward's translation of the task (its output.sas).

    python3 benches/fd/sas_validate.py DOMAIN PROBLEM PLAN [--ref-venv DIR]

A second validator independent of planbox, for the ADL domains that the
Unified Planning library cannot read (derived predicates, some action-cost
domains): FD's translator (from the reference venv, with
``--keep-unimportant-variables`` and ``--keep-no-ops`` so that no operator of a
valid plan is dropped) writes the finite-domain task, and this script
simulates the plan on it: each step's operator by name, its prevail and
effect conditions read in the state before the step, then the axioms
evaluated layer by layer from their default values (FD's semantics), and the
goal checked at the end. Prints ``valid`` or ``invalid: REASON`` and exits 0
or 1 (2 when the translator fails).
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fdref  # noqa: E402


def read_sas(path):
    lines = iter(Path(path).read_text().splitlines())
    nxt = lambda: next(lines)  # noqa: E731
    task = {"vars": [], "ops": {}, "axioms": []}
    while True:
        try:
            line = nxt()
        except StopIteration:
            return task
        if line == "begin_variable":
            name, layer, size = nxt(), int(nxt()), int(nxt())
            values = [nxt() for _ in range(size)]
            nxt()
            task["vars"].append((name, layer, values))
        elif line == "begin_state":
            task["init"] = [int(nxt()) for _ in task["vars"]]
        elif line == "begin_goal":
            task["goal"] = [tuple(map(int, nxt().split())) for _ in range(int(nxt()))]
        elif line == "begin_operator":
            name = nxt().strip()
            prevail = [tuple(map(int, nxt().split())) for _ in range(int(nxt()))]
            effects = []
            for _ in range(int(nxt())):
                f = list(map(int, nxt().split()))
                k = f[0]
                conds = [(f[1 + 2 * i], f[2 + 2 * i]) for i in range(k)]
                var, pre, post = f[1 + 2 * k:4 + 2 * k]
                effects.append((conds, var, pre, post))
            cost = int(nxt())
            nxt()
            task["ops"].setdefault(name, []).append((prevail, effects, cost))
        elif line == "begin_rule":
            conds = [tuple(map(int, nxt().split())) for _ in range(int(nxt()))]
            var, old, new = map(int, nxt().split())
            nxt()
            task["axioms"].append((conds, var, old, new))


def evaluate_axioms(task, state):
    derived = [v for v, (_, layer, _) in enumerate(task["vars"]) if layer >= 0]
    for v in derived:
        state[v] = task["init"][v]  # the default value
    layers = sorted({task["vars"][var][1] for _, var, _, _ in task["axioms"]})
    for layer in layers:
        rules = [r for r in task["axioms"] if task["vars"][r[1]][1] == layer]
        changed = True
        while changed:
            changed = False
            for conds, var, _old, new in rules:
                if state[var] != new and all(state[v] == x for v, x in conds):
                    state[var] = new
                    changed = True


def simulate(task, steps):
    state = list(task["init"])
    evaluate_axioms(task, state)
    for i, step in enumerate(steps, 1):
        candidates = task["ops"].get(step)
        if not candidates:
            return f"step {i} ({step}): no such operator in FD's translation"
        for prevail, effects, _cost in candidates:
            if not all(state[v] == x for v, x in prevail):
                continue
            if not all(pre == -1 or state[var] == pre for _, var, pre, _ in effects):
                continue
            old = list(state)
            for conds, var, _pre, post in effects:
                if all(old[v] == x for v, x in conds):
                    state[var] = post
            evaluate_axioms(task, state)
            break
        else:
            return f"step {i} ({step}): not applicable"
    unmet = [task["vars"][v][2][x] for v, x in task["goal"] if state[v] != x]
    return f"goal not reached: {', '.join(unmet)}" if unmet else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("domain")
    parser.add_argument("problem")
    parser.add_argument("plan")
    parser.add_argument("--ref-venv", default=fdref.default_ref_venv())
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sas = Path(tmp) / "output.sas"
        run = subprocess.run([str(fdref.ref_python(args.ref_venv)), "-m", fdref.TRANSLATOR_MODULE,
                              str(Path(args.domain).resolve()), str(Path(args.problem).resolve()),
                              "--sas-file", str(sas),
                              "--keep-unimportant-variables", "--keep-no-ops"],
                             capture_output=True, text=True, cwd=tmp)
        if run.returncode != 0 or not sas.exists():
            print(f"unreadable: the translator exited {run.returncode}")
            sys.exit(2)
        task = read_sas(sas)
    steps = [line.strip()[1:-1].strip().lower() for line in Path(args.plan).read_text().splitlines()
             if line.strip() and not line.strip().startswith(";")]
    failure = simulate(task, steps)
    if failure:
        print(f"invalid: {failure}")
        sys.exit(1)
    print("valid")


if __name__ == "__main__":
    main()
