#!/usr/bin/env bash
# A* with one heuristic on a fixed set of IPC problems, one run at a time:
# prints a tab-separated line per problem with the initial estimate, the
# plan cost, the expansions until the last f-layer, the CPU seconds
# (user + system, so that other jobs on the machine count less) and the
# seconds to the first search step (the heuristic built; wall clock).
#
#   bash benches/abstractions.sh BINARY HEURISTIC [BENCHMARKS_DIR] > out.tsv
#   bash benches/abstractions.sh target/release/planbox scp
#   PROBLEMS="blocks/probBLOCKS-7-0 depot/p01" bash benches/abstractions.sh ...
#
# The set: two or three problems each of blocks, logistics, depot, gripper,
# satellite, elevators, miconic, visitall and woodworking, small ones and
# ones that take A* a second or more; 60 s each.
set -euo pipefail
bin="$1" heuristic="$2" dir="${3:-../shared/benchmarks/ipc}"
problems="${PROBLEMS:-blocks/probBLOCKS-7-0 blocks/probBLOCKS-8-0 blocks/probBLOCKS-9-0
logistics00/probLOGISTICS-6-0 logistics00/probLOGISTICS-7-0 logistics00/probLOGISTICS-9-0
depot/p01 depot/p02 depot/p03 gripper/prob03 gripper/prob04
satellite/p02-pfile2 satellite/p03-pfile3
elevators-opt08-strips/p01 elevators-opt08-strips/p02 miconic/s5-0 miconic/s6-0
visitall-opt11-strips/problem04-full visitall-opt11-strips/problem05-full
woodworking-opt11-strips/p01 woodworking-opt11-strips/p02
blocks/probBLOCKS-10-0 blocks/probBLOCKS-11-0
logistics00/probLOGISTICS-10-0 logistics00/probLOGISTICS-11-0 depot/p04
gripper/prob05 gripper/prob06 satellite/p04-pfile4 satellite/p05-pfile5
elevators-opt08-strips/p03 elevators-opt08-strips/p04 miconic/s9-0 miconic/s10-0
visitall-opt11-strips/problem06-full visitall-opt11-strips/problem07-half
woodworking-opt11-strips/p03 woodworking-opt11-strips/p04}"
log=$(mktemp)
for p in $problems; do
    domain="$dir/${p%/*}/domain.pddl"
    /usr/bin/time -f "cpu %U %S" timeout 70 "$bin" plan "$domain" "$dir/$p.pddl" \
        --search astar --heuristic "$heuristic" --time-limit 60 --plan-file /dev/null --json \
        > "$log" 2>&1 || true
    field() { grep -o "\"$1\":[0-9.e-]*" "$log" | grep -o '[0-9.e-]*$' | head -1 || true; }
    cpu=$(grep -o 'cpu [0-9.]* [0-9.]*' "$log" | awk '{print $2 + $3}')
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$p" "$(field initial_h)" "$(field cost)" \
        "$(field expanded_until_last_jump)" "$cpu" "$(field initial_h_time_s)"
done
rm -f "$log"
