#!/usr/bin/env bash
# STRIPS throughput of this checkout against an older commit: the `search` and
# `successors` criterion benches of both, built side by side and run
# alternately (old, new, old, new, ...) in one script, so that both share the
# machine's noise. Prints criterion's `time:` lines prefixed by round and side.
#
#   bash benches/ab_strips.sh [OLD_COMMIT] [ROUNDS]      # default fd85b2d, 3
#
# The old commit is checked out with `git worktree` under /tmp/planbox-ab-OLD.
set -euo pipefail
cd "$(dirname "$0")/.."
old="${1:-fd85b2d}"
rounds="${2:-3}"
dir="/tmp/planbox-ab-$old"
[ -d "$dir" ] || git worktree add -q "$dir" "$old"
for side in "$dir" "$PWD"; do
    (cd "$side" && cargo bench --bench search --bench successors --no-run -q 2>/dev/null)
done
for round in $(seq 1 "$rounds"); do
    for side in before after; do
        if [ "$side" = before ]; then root="$dir"; else root="$PWD"; fi
        for bench in search successors; do
            exe=$(ls -t "$root"/target/release/deps/"$bench"-* | grep -v '\.d$' | head -1)
            (cd "$root" && "$exe" --bench --noplot 2>&1) | grep -E "time:" |
                sed "s/^/$round $side $bench /"
        done
    done
done
