"""Where the `planbox` binary is, and what its exit codes mean to UP.

The wheel ships the binary as a *script*: pip installs it into the scripts
directory of the environment it installs into (`<venv>/bin/planbox`, or
`~/.local/bin/planbox` after `pip install --user`). So the engines look there,
for the interpreter that runs them, and never need cargo. `PLANBOX_BINARY`
overrides the search (say, a `target/release/planbox` under development); the
`PATH` is the last resort.

planbox exits with Fast Downward's codes (docs/exit-codes.md), which UP's
Fast Downward integration already reads; `STATUS` is the same reading:

    0 plan found             -> SOLVED_SATISFICING, or SOLVED_OPTIMALLY (see engine.py)
    11 proven unsolvable     -> UNSOLVABLE_PROVEN
    12 incomplete, no plan   -> UNSOLVABLE_INCOMPLETELY
    22 out of memory         -> MEMOUT
    23 out of time           -> TIMEOUT
    34 unsupported feature   -> UNSUPPORTED_PROBLEM
    anything else (31 input planbox rejects, 2 usage, a signal) -> INTERNAL_ERROR
"""

import os
import shutil
import sysconfig
from typing import Iterator, Optional

from unified_planning.engines import PlanGenerationResultStatus as Status

ENV_VAR = "PLANBOX_BINARY"

PLAN_FOUND = 0
INVALID_PLAN = 1
UNSOLVABLE = 11
SEARCH_INCOMPLETE = 12
OUT_OF_MEMORY = 22
OUT_OF_TIME = 23
UNSUPPORTED = 34

STATUS = {
    UNSOLVABLE: Status.UNSOLVABLE_PROVEN,
    SEARCH_INCOMPLETE: Status.UNSOLVABLE_INCOMPLETELY,
    OUT_OF_MEMORY: Status.MEMOUT,
    OUT_OF_TIME: Status.TIMEOUT,
    UNSUPPORTED: Status.UNSUPPORTED_PROBLEM,
}


def _candidates() -> Iterator[str]:
    """The places the wheel's installation may have put the binary, in order."""
    name = "planbox.exe" if os.name == "nt" else "planbox"
    seen = set()
    schemes = [None]  # the interpreter's own scheme (a venv's bin/)
    user = sysconfig.get_preferred_scheme("user") if hasattr(sysconfig, "get_preferred_scheme") else None
    if user is None:
        user = "nt_user" if os.name == "nt" else "posix_user"
    schemes.append(user)
    for scheme in schemes:
        try:
            scripts = sysconfig.get_path("scripts", scheme) if scheme else sysconfig.get_path("scripts")
        except KeyError:
            continue
        if scripts and scripts not in seen:
            seen.add(scripts)
            yield os.path.join(scripts, name)


def find_binary() -> str:
    """The path of the `planbox` binary, or FileNotFoundError saying where we looked."""
    override: Optional[str] = os.environ.get(ENV_VAR)
    if override:
        if os.path.isfile(override) and os.access(override, os.X_OK):
            return override
        raise FileNotFoundError(f"{ENV_VAR}={override} is not an executable file")
    looked = []
    for path in _candidates():
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        looked.append(path)
    on_path = shutil.which("planbox")
    if on_path:
        return on_path
    raise FileNotFoundError(
        "cannot find the planbox binary (looked at "
        + ", ".join(looked)
        + f" and on PATH); install the up-planbox wheel or set {ENV_VAR}"
    )


def status_of(exit_code: int) -> Status:
    """The UP status of a planbox run that ended without a plan."""
    return STATUS.get(exit_code, Status.INTERNAL_ERROR)
