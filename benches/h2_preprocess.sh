#!/bin/sh
# planbox --alias optimal with each --h2-preprocess mode, then Scorpion's translator + --preprocess counts.
#   sh benches/h2_preprocess.sh              # the table of benches/README.md
#   sh benches/h2_preprocess.sh regression   # regression's A* with LM-cut without and with `both`
cd "$(dirname "$0")/.."
if [ "${1:-}" = regression ]; then
  # ../shared/benchmarks/ipc: the domains where h² removes operators, and some where it removes none.
  S=../shared/benchmarks/ipc
  plan=$(mktemp)
  for f in woodworking-opt11-strips/p01 woodworking-opt11-strips/p02 woodworking-opt11-strips/p03 woodworking-opt11-strips/p04 parcprinter-opt11-strips/p01 parcprinter-opt11-strips/p02 parcprinter-opt11-strips/p03 elevators-opt08-strips/p01 elevators-opt08-strips/p02 sokoban-opt08-strips/p01 sokoban-opt08-strips/p02 transport-opt11-strips/p01 transport-opt11-strips/p02 nomystery-opt11-strips/p01 nomystery-opt11-strips/p02 floortile-opt11-strips/opt-p01-001 floortile-opt11-strips/opt-p01-002; do
    for m in none both; do
      rm -f "$plan"
      ./target/release/planbox plan --engine regression --search astar --heuristic lmcut --h2-preprocess $m --time-limit 60 --json --plan-file "$plan" $S/$f.pddl 2>/dev/null | tail -1 > "$plan.json"
      python3 - "$f" "$m" "$plan" "$plan.json" <<'PY'
import json, subprocess, sys
f, m, plan, record = sys.argv[1:]
r = json.load(open(record))
valid = "-"
if r["outcome"] == "plan":
    check = subprocess.run(["./target/release/planbox", "validate", r["domain_file"], r["problem_file"], plan],
                           capture_output=True)
    valid = "valid" if check.returncode == 0 else "INVALID"
print(f, m, r["outcome"], valid, "cost", r["cost"], "removed", r["h2_removed_operators_forward"],
      r["h2_removed_operators_backward"], "exp", r["expanded"], "time %.2f" % r["total_time_s"])
PY
    done
  done
  rm -f "$plan" "$plan.json"
  exit 0
fi
for f in woodworking-opt11-strips/p01.pddl woodworking-opt11-strips/p02.pddl logistics00/probLOGISTICS-6-0.pddl satellite/p03-pfile3.pddl blocks/probBLOCKS-6-0.pddl visitall-opt11-strips/problem04-full.pddl; do
  for m in none forward both; do
    timeout 120 ./target/release/planbox plan --alias optimal --h2-preprocess $m --time-limit 60 --plan-file - --json problems/ipc/$f 2>/dev/null | python3 -c "import json,sys; r=json.load(sys.stdin); print('$f $m', 'cost', r['cost'], 'ops-removed', r['h2_removed_operators_forward'], r['h2_removed_operators_backward'], 'facts', r['h2_unreachable_facts'], r['h2_irrelevant_facts'], 'exp', r['expanded'], 'time %.2f' % r['total_time_s'], 'pre %s' % r['h2_preprocess_time_s'])"
  done
  d=$(dirname problems/ipc/$f)
  (cd "${TMPDIR:-/tmp}" && timeout 120 python3 ~/.cache/planbox-ref/scorpion/fast-downward.py --translate --preprocess "$OLDPWD/$d/domain.pddl" "$OLDPWD/problems/ipc/$f" 2>&1 | grep -E "^Translator operators|^Translator facts|^Preprocessor operators|^Preprocessor facts" | tr '\n' ' '; echo)
done
