#!/usr/bin/env bash
# Testing the tests: applies, one at a time, mutations that a weak test suite
# once let through, runs the tests that must catch each, and reports whether
# they did. Each mutation is reverted (git checkout) before the next. Not part
# of `.ci/run`: it rebuilds the crate once per mutation (several minutes in all).
#   .ci/mutants.sh            # all mutations
set -uo pipefail
cd "$(dirname "$0")/.."
if ! git diff --quiet -- src; then
  echo "src/ has uncommitted changes; commit or stash them first" >&2
  exit 2
fi

# name | file | python expression turning the text s into the mutant | tests
# (no `|` inside a field: write it chr(124) in the expression)
mutations=(
  "drop one ground operator per task|src/ground/instantiate.rs|s.replace('        operators,\n        init: init.into(),', '        operators: { let mut o = operators; o.pop(); o },\n        init: init.into(),', 1)|--test planning ground::"
  "add a bogus fact to every task|src/ground/instantiate.rs|s.replace('    Ok(Task {\n', '    facts.insert(Atom { predicate: \"bogus\".into(), args: Vec::new() });\n    Ok(Task {\n', 1)|--test planning ground::"
  "an IDDFS that never deepens|src/search/iddfs.rs|s.replace('if bound >= max_bound =>', 'if bound >= 0 =>', 1)|--lib regression::tests"
  "a memory fallback of 0|src/search/stats.rs|s.replace('measured_kb.unwrap_or(tracked_bytes / 1024)', 'measured_kb.unwrap_or(0)', 1)|--lib stats"
  "state_bound counts a group's size in values, not size + 1|src/sat/mod.rs|s.replace('bound.checked_mul(free + 1)', 'bound.checked_mul(free)', 1)|--lib sat::tests"
  "the solve harness drops the last level's record|src/cli/solve.rs|s.replace('        emit(args, &collection, &solved, several)?;\n', '        if !(several && k + 1 == chosen.len()) {\n            emit(args, &collection, &solved, several)?;\n        }\n', 1)|--test planning sokoban_solver::optimize_pushes_finds_the_known_optimum"
  "the freeze rule's dead-neighbour test with or for and|src/sokoban/solver/deadlock.rs|s.replace('if !board.live[a as usize] && !board.live[b as usize] {', 'if !board.live[a as usize] ' + chr(124) * 2 + ' !board.live[b as usize] {', 1)|--test planning deadlock_rules::no_rule_prunes_a_node_of_an_optimal_solution"
  "negation not pushed through and/or (De Morgan dropped)|src/lifted/normalize/nnf.rs|s.replace('let conjunctive = matches!(c, Condition::And(..)) == positive;', 'let conjunctive = matches!(c, Condition::And(..));', 1)|--test planning adl::"
  "negation lost under imply|src/lifted/normalize/nnf.rs|s.replace('let a = self.nnf(a, !positive, env, span)?;\n                let b = self.nnf(b, positive, env, span)?;\n                if positive {', 'let a = self.nnf(a, false, env, span)?;\n                let b = self.nnf(b, true, env, span)?;\n                if true {', 1)|--test planning adl::"
  "negation lost under forall and exists|src/lifted/normalize/nnf.rs|s.replace('let universal = matches!(c, Condition::Forall(..)) == positive;', 'let positive = true;\n                let universal = matches!(c, Condition::Forall(..)) == positive;', 1)|--test planning adl::"
  "a when condition's negation dropped|src/lifted/normalize/mod.rs|s.replace('parts.push(self.nnf(condition, true, &mut env, c.span)?);', 'let condition = match condition { Condition::Not(inner, _) => &**inner, c => c };\n                parts.push(self.nnf(condition, true, &mut env, c.span)?);', 1)|--test planning adl::"
  "the lmcount dead-end test reading reached for achieved|src/heuristics/lmcount.rs|s.replace('bits::contains(reached, self.achieved_bit[l])', 'bits::contains(reached, l)', 1)|--lib heuristics::properties::landmark_based::landmark_heuristics_are_sound_along_random_walks"
  "a projection leaves out every other operator|src/heuristics/abstraction/projection.rs|s.replace('            if !op.possible {', '            if !op.possible \x7c\x7c o % 2 == 1 {', 1)|--lib heuristics::properties::abstractions::pattern_databases_equal_the_distances_of_the_induced_abstraction"
  "saturation leaves half the saturated costs to the next abstraction|src/heuristics/abstraction/cost_partitioning.rs|s.replace('                *l -= s;', '                *l -= s / 2;', 1)|--lib heuristics::properties::abstractions::cost_partitionings_never_exceed_h_star"
  "general costs leave half the saturated costs to the next abstraction|src/heuristics/abstraction/cost_partitioning.rs|s.replace('(l, s) => (i64::from(l) - s)', '(l, s) => (i64::from(l) - s / 2)', 1)|--lib heuristics::properties::abstractions::cost_partitionings_never_exceed_h_star"
  "a Cartesian split loses the transitions between its halves|src/heuristics/abstraction/cartesian/refinement.rs|s.replace('                        } else {\n                            self.add(x, o, y);', '                        } else if o % 2 == 0 {\n                            self.add(x, o, y);', 1)|--lib heuristics::properties::abstractions::cartesian_abstractions_are_the_abstractions_they_induce_and_below_h_star"
  "stubborn sets forget the operators an applicable one disables|src/search/stubborn.rs|s.replace('            self.enqueue_consumers(l ^ 1);\n', '', 1)|--lib search::stubborn::tests"
  "h2 preprocessing removes operators that empty an open group|src/invariants/prune.rs|s.replace('.any(\x7c&g\x7c !open[g] && !needs_one(&op.add, g))', '.any(\x7c&g\x7c !needs_one(&op.add, g))', 1)|--lib invariants::prune::tests::removed_operators_and_facts_are_on_no_plan_of_random_tasks"
)

caught=0
for m in "${mutations[@]}"; do
  IFS='|' read -r name file expr tests <<< "$m"
  python3 - "$file" "$expr" <<'PY'
import sys
path, expr = sys.argv[1], sys.argv[2]
s = open(path).read()
t = eval(expr, {"s": s})
if t == s:
    sys.exit(f"the mutation does not apply to {path}")
open(path, "w").write(t)
PY
  if [ $? -ne 0 ]; then echo "ERROR  $name: did not apply"; git checkout -q -- "$file"; continue; fi
  # shellcheck disable=SC2086
  out=$(cargo test --release $tests 2>&1)
  if echo "$out" | grep -q "test result: FAILED\|error\[E"; then
    failed=$(echo "$out" | grep -E "^    [a-z0-9_:]+$" | sort -u | tr '\n' ' ')
    echo "CAUGHT $name: $failed"
    caught=$((caught + 1))
  else
    echo "MISSED $name"
  fi
  git checkout -q -- "$file"
done
echo "$caught of ${#mutations[@]} mutations caught"
[ "$caught" -eq "${#mutations[@]}" ]
