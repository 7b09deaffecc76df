#!/usr/bin/env bash
# One planning run, two planbox binaries, run alternately (A, B, A, B, ...)
# so that both share the machine's noise; prints each side's search times
# and the best of them.
#
#   bash benches/ab_plan.sh OLD_BINARY NEW_BINARY DOMAIN PROBLEM [ROUNDS] [PLAN OPTIONS...]
#   bash benches/ab_plan.sh /tmp/planbox-old target/release/planbox \
#       ../shared/benchmarks/ipc/openstacks-opt11-strips/p06-domain.pddl \
#       ../shared/benchmarks/ipc/openstacks-opt11-strips/p06.pddl 5 --search astar --heuristic lmcut
#
# (Copy the old binary aside before rebuilding: `cp target/release/planbox /tmp/planbox-old`.)
set -euo pipefail
a="$1" b="$2" domain="$3" problem="$4" rounds="${5:-5}"
shift $(( $# < 5 ? $# : 5 ))
for _ in $(seq 1 "$rounds"); do
    for side in "$a" "$b"; do
        t=$("$side" plan "$domain" "$problem" --plan-file /dev/null "$@" 2>&1 |
            awk '/^Search time:/ {print $3}')
        echo "$side ${t%s}"
    done
done | awk '{ all[$1] = all[$1] " " $2; if (!($1 in best) || $2 + 0 < best[$1]) best[$1] = $2 + 0 }
            END { for (k in best) print k ": best", best[k], "s; all:" all[k] }'
