#!/bin/sh
# planbox --alias optimal with each --h2-preprocess mode, then Scorpion's translator + --preprocess counts.
cd "$(dirname "$0")/.."
for f in woodworking-opt11-strips/p01.pddl woodworking-opt11-strips/p02.pddl logistics00/probLOGISTICS-6-0.pddl satellite/p03-pfile3.pddl blocks/probBLOCKS-6-0.pddl visitall-opt11-strips/problem04-full.pddl; do
  for m in none forward both; do
    timeout 120 ./target/release/planbox plan --alias optimal --h2-preprocess $m --time-limit 60 --plan-file - --json problems/ipc/$f 2>/dev/null | python3 -c "import json,sys; r=json.load(sys.stdin); print('$f $m', 'cost', r['cost'], 'ops-removed', r['h2_removed_operators_forward'], r['h2_removed_operators_backward'], 'facts', r['h2_unreachable_facts'], r['h2_irrelevant_facts'], 'exp', r['expanded'], 'time %.2f' % r['total_time_s'], 'pre %s' % r['h2_preprocess_time_s'])"
  done
  d=$(dirname problems/ipc/$f)
  (cd "${TMPDIR:-/tmp}" && timeout 120 python3 ~/.cache/planbox-ref/scorpion/fast-downward.py --translate --preprocess "$OLDPWD/$d/domain.pddl" "$OLDPWD/problems/ipc/$f" 2>&1 | grep -E "^Translator operators|^Translator facts|^Preprocessor operators|^Preprocessor facts" | tr '\n' ' '; echo)
done
