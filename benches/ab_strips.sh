#!/usr/bin/env bash
# Throughput of this checkout against an older commit: the `search`,
# `successors` and `solver` criterion benches of both, built side by side and
# run alternately (old, new, old, new, ...) in one script, so that both share
# the machine's noise. Prints criterion's `time:` lines prefixed by round and
# side, then per bench the geometric mean over its cases of new / old (the
# best of the rounds on each side), and the worst case.
#
#   bash benches/ab_strips.sh [OLD_COMMIT] [ROUNDS] [BENCH...]   # default fd85b2d, 3, search successors solver
#
# The old commit is checked out with `git worktree` under /tmp/planbox-ab-OLD.
set -euo pipefail
cd "$(dirname "$0")/.."
old="${1:-fd85b2d}"
rounds="${2:-3}"
shift $(( $# < 2 ? $# : 2 ))
benches=("$@")
[ "${#benches[@]}" -gt 0 ] || benches=(search successors solver)
dir="/tmp/planbox-ab-$old"
[ -d "$dir" ] || git worktree add -q "$dir" "$old"
bench_args=()
for bench in "${benches[@]}"; do bench_args+=(--bench "$bench"); done
for side in "$dir" "$PWD"; do
    # Since the benches became a package of their own (benches/Cargo.toml),
    # cargo is told which; older commits had them in planbox itself.
    package=()
    [ -f "$side/benches/Cargo.toml" ] && package=(-p planbox-benches)
    (cd "$side" && cargo bench "${package[@]}" "${bench_args[@]}" --no-run -q 2>/dev/null)
done
out=$(mktemp)
for round in $(seq 1 "$rounds"); do
    for side in before after; do
        if [ "$side" = before ]; then root="$dir"; else root="$PWD"; fi
        for bench in "${benches[@]}"; do
            exe=$(ls -t "$root"/target/release/deps/"$bench"-* | grep -v '\.d$' | head -1)
            # criterion prints the case's name on its own line when it is long.
            (cd "$root" && "$exe" --bench --noplot --warm-up-time 1 --measurement-time 3 2>&1) |
                awk -v p="$round $side $bench" '
                    /time:/ { if ($1 == "time:") print p, name, $0; else print p, $0; next }
                    NF { name = $1 }'
        done
    done
done | tee "$out"
# The median estimate is the middle one of criterion's three `time:` figures.
python3 - "$out" <<'PY'
import math, re, sys
unit = {"ps": 1e-12, "ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
best = {}
for line in open(sys.argv[1]):
    m = re.match(r"\d+ (before|after) (\S+) (\S+)\s+time:\s+\[(.*)\]", line)
    if not m:
        continue
    side, bench, case, figures = m.groups()
    values = figures.split()
    median = float(values[2]) * unit[values[3]]
    key = (bench, case)
    best.setdefault(key, {}).setdefault(side, median)
    best[key][side] = min(best[key][side], median)
by_bench = {}
for (bench, case), sides in best.items():
    if "before" in sides and "after" in sides:
        by_bench.setdefault(bench, []).append((sides["after"] / sides["before"], case))
for bench, ratios in by_bench.items():
    mean = math.exp(sum(math.log(r) for r, _ in ratios) / len(ratios))
    worst = max(ratios)
    print(f"{bench}: new/old {mean:.3f} (geometric mean of {len(ratios)} cases); "
          f"worst {worst[0]:.3f} ({worst[1]})")
PY
rm -f "$out"
