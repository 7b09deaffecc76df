#!/usr/bin/env bash
# The Downward Lab experiment end to end, on the tiny sample (about a minute).
#
#   benches/lab/test_lab.sh            # venv in $LAB_VENV (default /work/venv-lab)
#
# 1. a venv with Lab (requirements.txt; needs PyPI the first time), the
#    release binary, and Fast Downward's venv (benches/fd/setup.sh);
# 2. the tiny experiment run locally, all steps, then check_tiny.py on its
#    properties and reports;
# 3. the Slurm environment: the experiment submitted with --slurm to a fake
#    `sbatch` that records its arguments; the job files Lab wrote are checked,
#    and two of them are run here as Slurm would (the build step, then task 1
#    of the run array), to show that the options reach the cluster's jobs.
#
# Not in .ci/run: it needs PyPI for Lab and the up-fast-downward venv, which
# CI's fresh machine does not have.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="${LAB_VENV:-/work/venv-lab}"
work="$(mktemp -d /tmp/planbox-lab-test.XXXXXX)"
trap 'rm -rf "$work"' EXIT

if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet -r "$here/requirements.txt"
(cd "$repo" && cargo build --release --quiet)
python="$venv/bin/python"
bash "$repo/benches/fd/setup.sh" >/dev/null

echo "== the tiny experiment, locally"
(cd "$here" && nice "$python" experiment.py --tiny --path "$work/tiny" --all \
    >"$work/local.log" 2>&1) || { tail -30 "$work/local.log"; exit 1; }
"$python" "$here/check_tiny.py" "$work/tiny-eval"

echo "== the Slurm environment (a fake sbatch)"
mkdir -p "$work/bin"
cat >"$work/bin/sbatch" <<'EOF'
#!/usr/bin/env bash
# Records the call and the options variable it exports, answers as sbatch does.
n=$(( $(wc -l <"$SBATCH_LOG" 2>/dev/null || echo 0) + 1 ))
echo "$* | PLANBOX_LAB_OPTIONS=$PLANBOX_LAB_OPTIONS" >>"$SBATCH_LOG"
echo "Submitted batch job 100$n"
EOF
chmod +x "$work/bin/sbatch"
export SBATCH_LOG="$work/sbatch.log"
(cd "$here" && PATH="$work/bin:$PATH" "$python" experiment.py --tiny --slurm \
    --partition testpart --qos testqos --config astar-lmcut --path "$work/slurm" --all \
    >"$work/slurm.log" 2>&1) || { tail -30 "$work/slurm.log"; exit 1; }
steps="$work/slurm-grid-steps"
fail=0
check() { if ! eval "$1"; then echo "FAIL: $2"; fail=1; fi; }
runs=$(( 4 * 2 + 3 ))   # astar-lmcut on 4 tasks, both planners, and the stopped runs
start_job=$(ls "$steps"/*-start)
check "grep -q '^#SBATCH --partition=testpart$' '$start_job'" "partition"
check "grep -q '^#SBATCH --qos=testqos$' '$start_job'" "qos"
check "grep -q '^#SBATCH --array=1-$runs$' '$start_job'" "one array task per run ($runs)"
check "grep -q 'NUM_RUNS=$runs$' '$start_job'" "NUM_RUNS"
check "grep -q '^#SBATCH --mem-per-cpu=4096M$' '$start_job'" "memory per cpu"
check "[[ \$(wc -l <'$SBATCH_LOG') -eq \$(ls '$steps' | wc -l) ]]" "one sbatch call per job"
check "grep -q -- '--export PATH,PLANBOX_LAB_OPTIONS' '$SBATCH_LOG'" "the options are exported"
check "grep -q -- '-d afterany:1001' '$SBATCH_LOG'" "the steps depend on one another"
check "grep -q 'PLANBOX_LAB_OPTIONS=.*--tiny.*--slurm' '$SBATCH_LOG'" "the options travel"
check "! grep -q 'PLANBOX_LAB_OPTIONS=.*--all' '$SBATCH_LOG'" "the step names stay behind"
# Run the build job and the first array task here, as the cluster would.
options=$(head -1 "$SBATCH_LOG" | sed 's/.*| PLANBOX_LAB_OPTIONS=//')
PLANBOX_LAB_OPTIONS="$options" bash "$(ls "$steps"/*-build)" >/dev/null 2>&1 || true
check "[[ \$(ls -d '$work'/slurm/runs-*/* | wc -l) -eq $runs ]]" "the build job built $runs runs"
PLANBOX_LAB_OPTIONS="$options" SLURM_ARRAY_TASK_ID=1 bash "$start_job" >/dev/null 2>&1 || true
check "[[ \$(ls '$work'/slurm/runs-*/*/driver.log | wc -l) -eq 1 ]]" "task 1 ran one run"
check "grep -q 'planner exit code: ' '$work'/slurm/runs-*/*/driver.log" "its exit code logged"
if [[ $fail -ne 0 ]]; then
    echo "Slurm checks failed; job file:"; cat "$start_job" | head -40; exit 1
fi
echo "Slurm job files: ok ($(ls "$steps" | wc -l) jobs, $runs runs)"
echo "test_lab: all checks passed"
