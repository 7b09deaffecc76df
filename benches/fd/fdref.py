"""Shared helpers of the benches/fd scripts (stdlib only).

Where the reference tools are, how a domain file is found for a problem, and a
timed subprocess call. The reference venv (see setup.sh) is ``--ref-venv``,
else ``$REF_VENV``, else ``/work/venv-ref``.
"""

import os
import resource
import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
IPC = REPO / "problems" / "ipc"
DEFAULT_REF_VENV = "/work/venv-ref"
TRANSLATOR_MODULE = "fast_downward.translate"


def default_ref_venv() -> str:
    return os.environ.get("REF_VENV", DEFAULT_REF_VENV)


def ref_python(venv) -> Path:
    python = Path(venv) / "bin" / "python"
    if not python.exists():
        raise SystemExit(f"no reference venv at {venv}: run benches/fd/setup.sh "
                         "(or pass --ref-venv / set REF_VENV)")
    return python


def downward_binary(venv) -> Path:
    """FD's search binary inside the up-fast-downward wheel."""
    hits = sorted(Path(venv).glob("lib/python3*/site-packages/up_fast_downward/"
                                  "downward/builds/release/bin/downward"))
    if not hits:
        raise SystemExit(f"no downward binary under {venv}: run benches/fd/setup.sh")
    return hits[0]


def find_domain(problem: Path) -> Path:
    """The domain file of a problem, by FD's driver rules (driver/util.py)."""
    for name in ["domain.pddl",
                 problem.stem + "-domain" + problem.suffix,
                 problem.name[:3] + "-domain.pddl",
                 "domain_" + problem.name,
                 "domain-" + problem.name]:
        candidate = problem.parent / name
        if candidate.exists():
            return candidate
    raise SystemExit(f"no domain file found for {problem}")


def resolve_problem(arg: str) -> Path:
    """A problem path as given, or relative to problems/ipc/."""
    path = Path(arg)
    if not path.exists() and (IPC / arg).exists():
        path = IPC / arg
    if not path.is_file():
        raise SystemExit(f"no such problem file: {arg}")
    return path


def short_name(problem: Path) -> str:
    """``domain_dir/problem_file``, the label used in the tables."""
    return f"{problem.parent.name}/{problem.name}"


@dataclass
class Run:
    """One finished (or killed) subprocess."""
    wall_s: float
    returncode: int  # None when it timed out
    stdout: str
    stderr: str

    @property
    def timed_out(self) -> bool:
        return self.returncode is None

    def error_line(self) -> str:
        """The error to report: the first stderr (else stdout) line that starts
        with 'error' (clap, planbox), else the last non-empty line (a Python
        traceback's exception, FD's last log line)."""
        for text in (self.stderr, self.stdout):
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            for line in lines:
                if line.lower().startswith("error"):
                    return line[:160]
            if lines:
                return lines[-1][:160]
        return ""


def run_timed(cmd, timeout=None, memory_limit_mb=None, stdin=None, cwd=None) -> Run:
    """Run cmd; wall-clock time measured around the whole subprocess."""
    def limit_memory():
        if memory_limit_mb:
            limit = memory_limit_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    start = time.perf_counter()
    try:
        proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                              timeout=timeout, stdin=stdin, cwd=cwd,
                              preexec_fn=limit_memory)
    except OSError as e:  # e.g. the binary does not exist
        return Run(time.perf_counter() - start, 127, "", f"cannot run {cmd[0]}: {e}")
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        return Run(time.perf_counter() - start, None, out, err)
    return Run(time.perf_counter() - start, proc.returncode, proc.stdout, proc.stderr)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, digits=3) -> str:
    """A table cell: '-' for missing, integers as is, floats with `digits` decimals."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def ratio(numerator, denominator) -> str:
    if numerator is None or not denominator:
        return "-"
    return f"{numerator / denominator:.2f}"


def markdown_table(header, rows) -> str:
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
