#!/usr/bin/env bash
# Optimal cost partitioning against the others over the same projections
# (the interesting patterns of up to two variables), one run at a time.
#
#   bash benches/ocp.sh BINARY [BENCHMARKS_DIR] > out.tsv
#   bash benches/ocp.sh target/release/planbox
#
# Per problem, a tab-separated line with the initial state's estimate by the
# best single projection, uniform cost partitioning, saturated cost
# partitioning in the greedy order and optimal cost partitioning (all four
# from `planbox abstractions --pattern-size 2 --optimal`, so over the same
# projections), then for A* with `scp-sys2` and with `ocp`: the initial
# estimate, the expansions until the last f-layer, the plan cost and the
# search's CPU seconds (`ocp` has 300 s). Every plan is checked by
# `planbox validate`; a line ends in `INVALID` if one fails.
set -euo pipefail
bin="$1" dir="${2:-../shared/benchmarks/ipc}"
problems="gripper/prob01 gripper/prob02 depot/p01 driverlog/p01 driverlog/p03
logistics00/probLOGISTICS-4-0 logistics00/probLOGISTICS-5-0 blocks/probBLOCKS-5-0
blocks/probBLOCKS-6-0 miconic/s3-0 satellite/p01-pfile1 elevators-opt08-strips/p01
visitall-opt11-strips/problem02-full woodworking-opt11-strips/p01"
plan=$(mktemp) json=$(mktemp)
printf 'problem\tmax\tucp\tscp-greedy\tocp\th0 scp-sys2/ocp\tuntil last jump scp-sys2/ocp\tcost scp-sys2/ocp\tsearch s scp-sys2/ocp\n'
for p in $problems; do
    domain="$dir/${p%/*}/domain.pddl"
    report=$("$bin" abstractions "$domain" "$dir/$p.pddl" --pattern-size 2 --rows 0 --optimal)
    line() { printf '%s\n' "$report" | grep "$1" | grep -o ': [0-9a-z .,()]*' | head -1 |
        sed 's/^: //; s/, in the greedy order//'; }
    row="$p\t$(line 'best single')\t$(line 'uniform cost')\t$(line 'saturated cost')"
    row="$row\t$(line 'optimal cost')"
    h0="" jump="" cost="" secs="" valid=""
    for h in scp-sys2 ocp; do
        "$bin" plan "$domain" "$dir/$p.pddl" --search astar --heuristic "$h" --time-limit 300 \
            --plan-file "$plan" --json > "$json" 2>/dev/null || true
        field() { grep -o "\"$1\":[0-9.a-z\"]*" "$json" | head -1 | cut -d: -f2; }
        h0="$h0/$(field initial_h)" jump="$jump/$(field expanded_until_last_jump)"
        cost="$cost/$(field cost)" secs="$secs/$(field search_time_s | cut -c1-5)"
        if [ "$(field outcome)" = '"plan"' ] &&
            ! "$bin" validate "$domain" "$dir/$p.pddl" "$plan" > /dev/null 2>&1; then
            valid="	INVALID"
        fi
    done
    printf "$row\t%s\t%s\t%s\t%s%s\n" "${h0#/}" "${jump#/}" "${cost#/}" "${secs#/}" "$valid"
done
rm -f "$plan" "$json"
