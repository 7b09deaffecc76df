#!/usr/bin/env bash
# Do two planbox binaries print the same plans and statistics? A fixed set of
# runs over the bundled problems (every engine, the main searches and
# heuristics, the LAMA aliases, the Sokoban solver, the grounder's counts),
# each run with `--json` by both binaries; times and memory are left out of
# the comparison, everything else (plan, cost, expansions, pruning counters,
# outcome, exit code) must match byte for byte. For refactorings that must not
# change behaviour.
#
#   bash benches/same_output.sh OLD_BINARY NEW_BINARY
#
# (Copy the old binary aside before rebuilding: `cp target/release/planbox /tmp/planbox-old`.)
# Prints one line per run that differs and a summary; exits 1 if any differs.
set -euo pipefail
cd "$(dirname "$0")/.."
old="$1" new="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Keys whose values depend on the machine, not on the search; and where a
# time limit stopped a search (the last phase of an anytime run), how far it
# got (its counters), which depends on the machine's speed too.
strip='import json, re, sys
STOPPED = ("out_of_time", "out_of_memory")
def stopped(v):
    # `phases` is a list of records in a plan schedule, a count in a solve.
    phases = v.get("phases") if isinstance(v, dict) else None
    return isinstance(v, dict) and (v.get("outcome") in STOPPED
        or any(stopped(p) for p in (phases if isinstance(phases, list) else [])))
def clean(v):
    if isinstance(v, dict):
        cut = stopped(v)
        return {k: clean(x) for k, x in v.items()
                if not re.search(r"(_s|_kb|time|memory|elapsed)$", k)
                and not (cut and isinstance(x, int) and not isinstance(x, bool)
                         and k not in ("exit_code", "cost", "length", "level"))}
    if isinstance(v, list):
        return [clean(x) for x in v]
    return v
for line in sys.stdin:
    line = line.strip()
    if line.startswith("{"):
        print(json.dumps(clean(json.loads(line)), sort_keys=True))
    elif line:
        print(line)'

runs=()
ipc=problems/ipc
for p in blocks/probBLOCKS-6-0 blocks/probBLOCKS-9-0 gripper/prob03 depot/p01 depot/p02 \
         driverlog/p03 logistics00/probLOGISTICS-6-0 miconic/s6-0 satellite/p01-pfile1 movie/prob10 \
         elevators-opt08-strips/p02 visitall-opt11-strips/problem03-full woodworking-opt11-strips/p01 \
         sokoban-opt08-strips/p02; do
    d="$ipc/${p%/*}/domain.pddl"
    [ -f "$d" ] || d="$ipc/$p-domain.pddl"
    f="$ipc/$p.pddl"
    [ -f "$f" ] || { echo "missing $f" >&2; exit 2; }
    runs+=("plan $d $f --search astar --heuristic lmcut"
           "plan $d $f --search astar --heuristic hmax"
           "plan $d $f --search gbfs --heuristic hff"
           "plan $d $f --alias lama-first"
           "plan $d $f --engine regression --search astar --heuristic hmax"
           "plan $d $f --engine regression --search gbfs"
           "plan $d $f --engine bidirectional"
           "plan $d $f --engine sat"
           "ground $d $f --json")
done
# The anytime schedule runs until its time limit where it cannot prove its
# last plan optimal: on three small problems only.
for p in blocks/probBLOCKS-6-0 gripper/prob03 depot/p01; do
    runs+=("plan $ipc/${p%/*}/domain.pddl $ipc/$p.pddl --alias seq-sat-lama-2011 --time-limit 5")
done
for p in airport-adl/p01-airport1-p1 assembly/prob01 miconic-simpleadl/s1-0 psr-middle/p01-s17-n2-l2-f30 optical-telegraphs/p01-opt2; do
    d="problems/ipc-adl/${p%/*}/domain.pddl"
    [ -f "$d" ] || d="problems/ipc-adl/$p-domain.pddl"
    f="problems/ipc-adl/$p.pddl"
    [ -f "$f" ] || { echo "missing $f" >&2; exit 2; }
    runs+=("plan $d $f --search astar --heuristic blind"
           "plan $d $f --alias lama-first")
done
runs+=("solve problems/sokoban/microban.xsb --level 1-40"
       "solve problems/sokoban/microban.xsb --level 1-15 --optimize pushes"
       "solve problems/sokoban/microban.xsb --level 1-8 --optimize moves"
       "solve problems/sokoban/microban.xsb --level 1-10 --search bfs --direction forward"
       "solve problems/sokoban/microban_ii.xsb --level 1-20")

differ=0 same=0
for i in "${!runs[@]}"; do
    read -r -a args <<<"${runs[$i]}"
    extra=(--json)
    # Every plan run is bounded; one that hits a bound is compared by its
    # outcome only (see above).
    if [ "${args[0]}" = plan ]; then
        extra+=(--plan-file - --memory-limit 3000)
        [[ " ${args[*]} " == *" --time-limit "* ]] || extra+=(--time-limit 20)
    fi
    for side in old new; do
        bin=$old
        [ "$side" = new ] && bin=$new
        # --plan-file - prints the plan in the record; exit codes kept in it.
        "$bin" "${args[@]}" "${extra[@]}" 2>/dev/null | python3 -c "$strip" >"$work/$i.$side" || true
    done
    if cmp -s "$work/$i.old" "$work/$i.new"; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        echo "DIFFERS: planbox ${runs[$i]}"
        diff "$work/$i.old" "$work/$i.new" | head -5
    fi
done
echo "$same of $((same + differ)) runs print the same; $differ differ"
[ "$differ" = 0 ]
