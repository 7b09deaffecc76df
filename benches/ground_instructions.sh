#!/usr/bin/env bash
# Grounding cost of this checkout against a reference revision, counted in
# instructions by callgrind (repeatable on a shared, noisy machine):
#   benches/ground_instructions.sh REV
# builds REV in a temporary worktree, grounds the same problems with both
# binaries, and prints the instruction counts and their ratio (new / old).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: benches/ground_instructions.sh REV}
ref=$(mktemp -d)
trap 'git worktree remove --force "$ref/tree" >/dev/null 2>&1 || true; rm -rf "$ref"' EXIT
git worktree add -q "$ref/tree" "$rev"
(cd "$ref/tree" && CARGO_TARGET_DIR="$ref/target" cargo build --release -q)
cargo build --release -q
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
    | sed -n 's/.*I *refs: *//p' | tr -d ,
}
printf '%-44s %15s %15s %7s\n' problem "$rev" HEAD ratio
for p in satellite/p33-HC-pfile13.pddl depot/p22.pddl sokoban-opt08-strips/p30.pddl; do
  d=problems/ipc/$(dirname "$p")/domain.pddl
  old=$(count "$ref/target/release/planbox" ground "$d" "problems/ipc/$p")
  new=$(count target/release/planbox ground "$d" "problems/ipc/$p")
  printf '%-44s %15s %15s %7.3f\n' "$p" "$old" "$new" "$(echo "$new / $old" | bc -l)"
done
