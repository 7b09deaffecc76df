#!/usr/bin/env bash
# Time before the search of `--alias optimal`: parse, ground, h² and build
# the heuristic, on the tenth problem (file-name order) of each domain of a
# suite, one run at a time. The search itself is cut off at 15 CPU seconds.
#
#   cargo build --release
#   sh benches/fd/setup_time.sh [BINARY] [SUITE]
#
# BINARY defaults to target/release/planbox, SUITE to
# ../shared/benchmarks/ipc. Prints per problem the initial estimate and the
# CPU seconds before the search (total time less search time, plus the
# search's clock when the initial state had its estimate, as optimal.py
# counts them).
set -eu

BIN="${1:-target/release/planbox}"
SUITE="${2:-../shared/benchmarks/ipc}"
for dir in "$SUITE"/*/; do
    problem=$(ls "$dir"*.pddl | grep -v domain | sort | sed -n 10p)
    [ -n "$problem" ] || continue
    json=$("$BIN" plan --json --alias optimal "$problem" --time-limit 15 \
        --plan-file /dev/null 2>/dev/null | tail -n 1)
    printf '%s ' "$(basename "$dir")/$(basename "$problem")"
    printf '%s' "$json" | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except ValueError:
    print("no result")
    sys.exit()
setup = d["total_time_s"] - d["search_time_s"] + (d.get("initial_h_time_s") or 0)
h0 = d.get("initial_h")
print(f"h0 {h0} before the search {setup:.2f} s")
'
done
