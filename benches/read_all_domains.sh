#!/usr/bin/env bash
# Does planbox read every benchmark domain?  For each domain folder given
# (default: the bundled problems/ipc/* and problems/ipc-adl/*; or, say, every
# folder of a checkout of Fast Downward's benchmark collection) and each
# distinct domain file in it, takes the first problem that uses that domain
# and runs
#   planbox check DOMAIN PROBLEM      (parse and check: reading)
#   planbox ground DOMAIN PROBLEM     (normalise and ground), under `timeout`
# and prints one line per pair: `ok`, `TIMEOUT` (grounding too slow: not a
# reading failure), or the exit code and the first line of the error.
#   benches/read_all_domains.sh [FOLDER...]
# Environment: PLANBOX (binary, default target/release/planbox), LIMIT
# (seconds per ground, default 30), MEM (ulimit -v in KiB, default 4000000).
set -uo pipefail
folders=()
for f in "$@"; do folders+=("$(realpath "$f")"); done
cd "$(dirname "$0")/.."
planbox=${PLANBOX:-target/release/planbox}
limit=${LIMIT:-30}
mem=${MEM:-4000000}
if [ ${#folders[@]} -eq 0 ]; then
  folders=(problems/ipc/*/ problems/ipc-adl/*/)
fi

# The domain file of problem $1 (a path), or nothing.
domain_of() {
  local dir base stem
  dir=$(dirname "$1")
  base=$(basename "$1" .pddl)
  for stem in "$base-domain" "domain-$base" "domain_$base" "domain"; do
    if [ -f "$dir/$stem.pddl" ]; then
      echo "$dir/$stem.pddl"
      return
    fi
  done
}

read_ok=0
failed=0
for folder in "${folders[@]}"; do
  folder=${folder%/}
  declare -A seen=()
  for problem in $(ls "$folder"/*.pddl | grep -v -i domain | sort); do
    domain=$(domain_of "$problem")
    [ -n "$domain" ] || continue
    sum=$(md5sum <"$domain" | cut -c1-32)
    [ -z "${seen[$sum]:-}" ] || continue
    seen[$sum]=1
    name="$(basename "$(dirname "$folder")")/$(basename "$folder")/$(basename "$problem")"
    err=$("$planbox" check "$domain" "$problem" 2>&1 >/dev/null)
    rc=$?
    if [ $rc -eq 0 ]; then
      err=$( (ulimit -v "$mem"; timeout "$limit" "$planbox" ground "$domain" "$problem") 2>&1 >/dev/null)
      rc=$?
    fi
    case $rc in
      0) status=ok ;;
      124) status=TIMEOUT ;;
      22) status="OUT OF MEMORY" ;;
      *) status="exit $rc: $(echo "$err" | grep -v '^ *$' | head -1)" ;;
    esac
    case $rc in
      0 | 124 | 22) read_ok=$((read_ok + 1)) ;;
      *) failed=$((failed + 1)) ;;
    esac
    printf '%-60s %s\n' "$name" "$status"
  done
  unset seen
done
echo "read: $read_ok, failed: $failed"
