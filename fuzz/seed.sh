#!/usr/bin/env bash
# Builds the seed corpus of each fuzz target from the bundled files:
# fuzz/corpus/<target>/, from problems/ and tests/data/bad/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=fuzz/corpus
mkdir -p "$out"/{pddl,ground,plan,xsb,replay}
n=0
# pddl, ground: a domain, a NUL, a problem. Small problems only: the fuzzer
# mutates them byte by byte, and short inputs run faster.
for dir in problems/ipc/*/; do
  domain="$dir/domain.pddl"
  [ -f "$domain" ] || continue
  for p in $(ls "$dir"*.pddl | grep -v domain | head -3); do
    [ "$(stat -c %s "$p")" -lt 6000 ] || continue
    n=$((n + 1))
    { cat "$domain"; printf '\0'; cat "$p"; } > "$out/pddl/ipc-$n"
    cp "$out/pddl/ipc-$n" "$out/ground/ipc-$n"
  done
done
for f in tests/data/bad/*.pddl; do
  name=$(basename "$f" .pddl)
  if [[ "$name" == *.problem ]]; then
    { cat tests/data/bad/domain.pddl; printf '\0'; cat "$f"; } > "$out/pddl/bad-$name"
  else
    { cat "$f"; printf '\0'; cat tests/data/mutation-seed-problem.pddl; } > "$out/pddl/bad-$name"
  fi
done
{ cat tests/data/bad/domain.pddl; printf '\0'; cat tests/data/mutation-seed-problem.pddl; } > "$out/ground/seed"
# plan: a byte choosing the task (0 gripper, 1 IPC Sokoban, 2 the test domain), then a plan.
gripper="(pick ball4 rooma left)
(pick ball3 rooma right)
(move rooma roomb)
(drop ball4 roomb left)
(drop ball3 roomb right)
; cost = 5 (unit cost)"
printf '\0%s\n' "$gripper" > "$out/plan/gripper"
printf '\0%s\n' "0: (pick ball4 rooma left) [1]
1: (move rooma roomb) [1]" > "$out/plan/gripper-val"
printf '\1%s\n' "(move player-01 pos-06-05 pos-06-04 dir-up)
(push-to-goal player-01 stone-01 pos-06-04 pos-06-03 pos-06-02 dir-up)" > "$out/plan/sokoban"
printf '\2%s\n' "(pick a b)" > "$out/plan/seed"
for f in tests/data/*.plan tests/data/solve/*; do
  [ -f "$f" ] && { printf '\0'; cat "$f"; } > "$out/plan/$(basename "$f")" || true
done
# xsb: the first dozen levels of Microban (paragraphs with a board), the
# teaching levels and the bad level files.
awk -v out="$out/xsb" 'BEGIN{RS=""} /#/ && n < 12 {n++; f = out "/microban-" n; print > f; close(f)}' \
  problems/sokoban/microban.xsb
for f in problems/sokoban/teaching.xsb tests/data/bad/*.xsb; do cp "$f" "$out/xsb/"; done
# replay: a level, a NUL, a LURD solution. Solutions come from planbox itself
# (A* on the toolkit's own encoding) when it is built; a few hand-made walks
# (plain and run-length encoded) otherwise.
for n in 1 2 3 4 5 6 7 8; do
  level="$out/xsb/microban-$n"
  printf '%s\0%s' "$(cat "$level")" "3r2(ul)D" > "$out/replay/walk-$n"
done
printf '%s\0%s' "$(awk 'BEGIN{RS=""} /#/ {print; exit}' problems/sokoban/teaching.xsb)" "rrdLU ; comment" \
  > "$out/replay/teaching"
# plan: real plans found by planbox itself.
planbox=target/release/planbox
if [ -x "$planbox" ]; then
  "$planbox" plan problems/ipc/gripper/domain.pddl problems/ipc/gripper/prob01.pddl --plan-file - 2>/dev/null \
    | { printf '\0'; cat; } > "$out/plan/gripper-full"
  "$planbox" plan problems/ipc/sokoban-opt08-strips/domain.pddl problems/ipc/sokoban-opt08-strips/p01.pddl \
    --search astar --plan-file - 2>/dev/null | { printf '\1'; cat; } > "$out/plan/sokoban-full"
  tmp=$(mktemp -d)
  for n in 1 2 3 4 5 6 7 8; do
    "$planbox" xsb2pddl problems/sokoban/microban.xsb --level "$n" > "$tmp/level.pddl"
    lurd=$("$planbox" plan --search astar --heuristic hmax --lurd --plan-file "$tmp/plan" \
      domains/sokoban.pddl "$tmp/level.pddl" 2>/dev/null) || continue
    printf '%s\0%s' "$(cat "$out/xsb/microban-$n")" "$lurd" > "$out/replay/solved-$n"
  done
  rm -rf "$tmp"
fi
echo "seeded $(ls "$out"/* | wc -l) files in $out"
