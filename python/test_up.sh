#!/usr/bin/env bash
# The Python package end to end, as a user gets it: build the wheel with
# maturin, install it into a FRESH virtual environment whose PATH has no cargo
# (so the engines can only run the binary the wheel carries), run
# docs/python.md's UP script, then UP's own engine test cases (python/tests/run_test_cases.py).
#
#   python/test_up.sh            # about 2 minutes; needs PyPI (maturin, unified-planning)
#
# Scratch files go to target/up-test/ (the build venv is kept between runs, the
# install venv is made anew each time). Exit status 0 only if every step passed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/up-test
python=${PYTHON:-python3}
up_version=1.3.0  # the unified-planning whose up_test_cases run_test_cases.py reads
mkdir -p "$work"

echo "== build the wheel (maturin from PyPI, in $work/build-venv)"
[ -x "$work/build-venv/bin/maturin" ] || {
  "$python" -m venv "$work/build-venv"
  "$work/build-venv/bin/pip" install --quiet --upgrade pip maturin
}
rm -rf "$work/wheels"
(cd python && "$work/build-venv/bin/maturin" build --release --out "$work/wheels")
wheel=$(ls "$work"/wheels/up_planbox-*.whl)
echo "-- $wheel holds:"
"$work/build-venv/bin/python" - "$wheel" <<'EOF'
# The wheel must carry the binary and the Python package, nothing less.
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
for name in names:
    print("  ", name)
need = ["up_planbox/__init__.py", "up_planbox/engine.py", "up_planbox/validator.py"]
missing = [n for n in need if n not in names]
if not any(n.endswith(".data/scripts/planbox") for n in names):
    missing.append("*.data/scripts/planbox")
sys.exit(f"missing from the wheel: {missing}" if missing else 0)
EOF

echo "== a fresh venv, PATH without cargo, pip install the wheel"
rm -rf "$work/venv"
"$python" -m venv "$work/venv"
# Only the venv and the system's directories: no ~/.cargo/bin, no target/.
clean_path=$work/venv/bin:/usr/local/bin:/usr/bin:/bin
in_venv() { env -u PLANBOX_BINARY -u VIRTUAL_ENV PATH="$clean_path" "$@"; }
if in_venv bash -c 'command -v cargo'; then
  echo "cargo is still on the clean PATH: $clean_path" >&2
  exit 1
fi
in_venv pip install --quiet "$wheel" "unified-planning==$up_version"
in_venv python -c 'import up_planbox.binary as b; print("engines run", b.find_binary())'
case "$(in_venv python -c 'import up_planbox.binary as b; print(b.find_binary())')" in
  "$work/venv/"*) ;;
  *) echo "the engines do not run the binary the wheel installed" >&2; exit 1 ;;
esac

echo "== docs/python.md's UP script (run from the repository's root)"
script=$work/readme_example.py
# docs/python.md's only ```python block.
awk '/^```python$/ {inside=1; next} /^```$/ {inside=0} inside' docs/python.md > "$script"
[ -s "$script" ] || { echo "docs/python.md has no \`\`\`python block" >&2; exit 1; }
output=$(in_venv python "$script")
echo "$output"
grep -q "^SOLVED_SATISFICING: 11 actions" <<<"$output"
grep -q "^planbox-val: VALID" <<<"$output"

echo "== UP's engine test cases (up_test_cases) for the declared kinds"
# From a folder outside the repository, so Python imports the installed package.
# 20 s per case and engine, not report.py's 3 s: every case takes about a
# second at most, and the machine may be busy; a timeout still fails the run.
(cd "$work" && in_venv python "$root/python/tests/run_test_cases.py" --timeout 20 "$@")
