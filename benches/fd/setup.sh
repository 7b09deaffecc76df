#!/usr/bin/env bash
# Create the reference venv used by benches/fd/*.py: pinned Fast Downward
# (the up-fast-downward wheel: a prebuilt `downward` search binary plus the
# translator package fast_downward.translate) and pyperplan.
#
#   bash benches/fd/setup.sh               # venv at $REF_VENV, default /work/venv-ref
#   REF_VENV=/tmp/ref bash benches/fd/setup.sh
#
# The venv lives OUTSIDE the repository on purpose (never commit it); the
# default is shared by all worktrees of the machine. Fast Downward is a
# benchmark reference only, never a dependency of planbox.
set -euo pipefail

REF_VENV="${REF_VENV:-/work/venv-ref}"
PYTHON="${PYTHON:-python3}"

# Pinned versions (the ones the reference figures in README.md were made with).
PINS=(
    "up-fast-downward==1.0.0"          # Fast Downward 26.6 search binary
    "fast-downward.translate==26.6.0"  # its translator (a dependency of the above)
    "pyperplan==2.1"
)

if [ ! -x "$REF_VENV/bin/python" ]; then
    echo "creating venv $REF_VENV"
    "$PYTHON" -m venv "$REF_VENV"
fi
"$REF_VENV/bin/pip" install --quiet --disable-pip-version-check "${PINS[@]}"

# Check that the pieces the scripts use are where they expect them.
"$REF_VENV/bin/python" - <<'EOF'
import importlib.metadata as md
import importlib.util
import pathlib
import fast_downward.translate.instantiate  # noqa: F401

# find_spec, not import: importing up_fast_downward needs unified_planning,
# which the benchmarks do not use.
package = importlib.util.find_spec("up_fast_downward").submodule_search_locations[0]
binary = pathlib.Path(package) / "downward/builds/release/bin/downward"
assert binary.is_file(), f"no search binary at {binary}"
for dist in ["up-fast-downward", "fast-downward.translate", "pyperplan"]:
    print(f"{dist}=={md.version(dist)}")
print(f"downward binary: {binary}")
EOF
echo "reference venv ready: $REF_VENV"
