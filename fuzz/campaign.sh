#!/usr/bin/env bash
# Runs every fuzz target in turn for SECONDS (default 900) of CPU each, on one
# core, going on past crashes, timeouts and out-of-memory inputs (they are
# collected in fuzz/artifacts/<target>/). Logs go to fuzz/logs/<target>.log.
#   fuzz/campaign.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-900}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(pddl plan xsb replay ground)
[ -d corpus ] || ./seed.sh
mkdir -p logs
# Build first, then run the binaries: the sources may change while a long
# campaign runs.
[ -n "${SKIP_BUILD:-}" ] || for t in "${targets[@]}"; do cargo +nightly fuzz build -O "$t"; done
bin=target/x86_64-unknown-linux-gnu/release
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  /usr/bin/time -f "cpu seconds: %U user, %S system; wall %e s" -a -o "logs/$t.time" \
    "$bin/$t" "corpus/$t" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -artifact_prefix="artifacts/$t/" -print_final_stats=1 \
    >> "logs/$t.log" 2>&1 || echo "$t: libFuzzer exited with $?" >> "logs/$t.log"
done
