#!/usr/bin/env python3
"""Isomorphic copies of PDDL problems: the same task under other names and
in another order, to tell a planner's strength from its tie-breaking luck.

Usage: benches/isomorphic.py --out DIR [--seeds 1,2,3] DOMAIN_DIR:PROBLEM ...

For every problem and seed, writes `DIR/<domain dir>-iso/<problem>-s<seed>.pddl`
(beside a copy of the domain file, or of the problem's own `-domain.pddl`) in
which

* the objects of each type are renamed by a random permutation of their
  names (`car_03` may become `car_17`, and `car_17` something else), so a
  planner that sorts objects or facts by name meets them in another order;
* the object list and the initial atoms are shuffled, so a planner that
  numbers them in file order meets them in another order too.

Nothing else changes: each copy is the same task up to the names of its
objects, with the same plans (renamed) and the same optimal cost. The
specs of the copies (`DIR/<domain dir>-iso:<problem>-s<seed>.pddl`) are
printed one per line, for `benches/bfws/compare.py` and the other scripts
that take `DOMAIN_DIR:PROBLEM` arguments.

Handles problems whose objects are declared in `(:objects ...)` (typed or
not) and whose names are plain PDDL names; constants of the domain are
left alone.
"""
import argparse
import os
import random
import re
import shutil
import sys


def block(text, head):
    """The span of the parenthesised block that starts with `head`."""
    start = text.index(head)
    depth = 0
    for end in range(start, len(text)):
        if text[end] == "(":
            depth += 1
        elif text[end] == ")":
            depth -= 1
            if depth == 0:
                return start, end
    raise ValueError(f"unbalanced {head}")


def typed_groups(tokens):
    """`a b - t c - u d` as [([a, b], t), ([c], u), ([d], None)]."""
    groups, names, k = [], [], 0
    while k < len(tokens):
        if tokens[k] == "-":
            groups.append((names, tokens[k + 1]))
            names, k = [], k + 2
        else:
            names.append(tokens[k])
            k += 1
    if names:
        groups.append((names, None))
    return groups


def variant(text, seed):
    """The problem `text` with its objects renamed within each type and its
    objects and initial atoms shuffled, by `seed`."""
    rnd = random.Random(seed)
    start, end = block(text, "(:objects")
    groups = typed_groups(text[start + len("(:objects"):end].split())
    rename = {}
    by_type = {}
    for names, typ in groups:
        by_type.setdefault(typ, []).extend(names)
    for names in by_type.values():
        shuffled = names[:]
        rnd.shuffle(shuffled)
        rename.update(zip(names, shuffled))
    lines = []
    for names, typ in groups:
        names = names[:]
        rnd.shuffle(names)
        lines.append(" ".join(names) + (f" - {typ}" if typ else ""))
    rnd.shuffle(lines)
    text = text[:start] + "(:objects\n    " + "\n    ".join(lines) + "\n  " + text[end:]
    start, end = block(text, "(:init")
    atoms = re.findall(r"\(\s*=\s*\([^()]*\)\s*[^()\s]+\s*\)|\([^()]*\)",
                       text[start + len("(:init"):end])
    rnd.shuffle(atoms)
    text = text[:start] + "(:init\n    " + "\n    ".join(atoms) + "\n  " + text[end:]
    # Every name in one pass, so that a renamed name is not renamed again.
    word = re.compile(r"(?<![\w-])[A-Za-z][\w-]*(?![\w-])")
    lower = {k.lower(): v for k, v in rename.items()}
    return word.sub(lambda m: lower.get(m.group(0).lower(), m.group(0)), text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("specs", nargs="+", metavar="DOMAIN_DIR:PROBLEM")
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    for spec in args.specs:
        dom_dir, prob = spec.split(":")
        own = os.path.join(dom_dir, prob.replace(".pddl", "-domain.pddl"))
        out_dir = os.path.join(args.out, os.path.basename(os.path.normpath(dom_dir)) + "-iso")
        os.makedirs(out_dir, exist_ok=True)
        text = open(os.path.join(dom_dir, prob)).read()
        for seed in seeds:
            name = prob.replace(".pddl", f"-s{seed}.pddl")
            with open(os.path.join(out_dir, name), "w") as f:
                f.write(variant(text, seed))
            if os.path.exists(own):
                shutil.copy(own, os.path.join(out_dir, name.replace(".pddl", "-domain.pddl")))
            print(f"{out_dir}:{name}")
        if not os.path.exists(own):
            shutil.copy(os.path.join(dom_dir, "domain.pddl"), os.path.join(out_dir, "domain.pddl"))


if __name__ == "__main__":
    sys.exit(main())
