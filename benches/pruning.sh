#!/bin/bash
# A* with and without `--pruning stubborn-sets` on bundled IPC problems: for
# each run the plan cost, the expansions, the search time, the share of
# applicable operators pruned and the expansion after which the pruning went
# off. Usage: bash benches/pruning.sh [HEURISTIC...] (default: lmcut blind),
# after `cargo build --release`; TIME_LIMIT seconds per run (default 60).
set -u
cd "$(dirname "$0")/.."
planbox=target/release/planbox
limit=${TIME_LIMIT:-60}
problems=(
    woodworking-opt11-strips/p01 woodworking-opt11-strips/p03 woodworking-opt11-strips/p05
    movie/prob10 satellite/p03-pfile3 driverlog/p02 elevators-opt08-strips/p01
    elevators-opt08-strips/p03 logistics00/probLOGISTICS-6-0 depot/p01 gripper/prob04
    blocks/probBLOCKS-7-0 miconic/s6-0 sokoban-opt08-strips/p03
    childsnack-opt14-strips/child-snack_pfile01
)
run() { # heuristic problem [options]
    local h=$1 p=$2
    shift 2
    local out
    out=$("$planbox" plan --search astar --heuristic "$h" "$@" --time-limit "$limit" \
        --plan-file - "problems/ipc/$p.pddl" 2>&1)
    local cost expanded time ratio off
    cost=$(grep -oP 'Plan cost: \K\d+' <<<"$out" || echo '-')
    expanded=$(grep -oP '^Expanded \K\d+' <<<"$out")
    time=$(grep -oP 'Search time: \K[0-9.]+' <<<"$out")
    ratio=$(grep -oP 'state\(s\) \(\K[0-9.]+(?=%\))' <<<"$out" || echo '')
    off=$(grep -oP 'switched off after \K\d+' <<<"$out" || echo '')
    printf '| %s | %s | %ss ' "$cost" "$expanded" "$time"
    [ $# -gt 0 ] && printf '| %s%% | %s ' "$ratio" "${off:--}"
}
echo '| heuristic | problem | cost | expanded | time | cost, pruning | expanded | time | pruned | off after |'
echo '|---|---|---|---|---|---|---|---|---|---|'
heuristics=("$@")
[ ${#heuristics[@]} -eq 0 ] && heuristics=(lmcut blind)
for h in "${heuristics[@]}"; do
    for p in "${problems[@]}"; do
        printf '| %s | %s ' "$h" "$p"
        run "$h" "$p"
        run "$h" "$p" --pruning stubborn-sets
        echo '|'
    done
done
