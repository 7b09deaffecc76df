"""Shared helpers of the benches/fd scripts (stdlib only).

Where the reference tools are, how a domain file is found for a problem, and a
timed subprocess call. The reference venv (see setup.sh) is ``--ref-venv``,
else ``$REF_VENV``, else ``/work/venv-ref``.
"""

import math
import os
import resource
import signal
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
    """One finished (or stopped) subprocess."""
    wall_s: float
    returncode: int  # None when the wall-clock guard stopped it
    stdout: str
    stderr: str
    cpu_s: float = None  # user + system CPU seconds of the child (and its children)
    cpu_limit_s: float = None  # the RLIMIT_CPU it ran under, if any

    @property
    def timed_out(self) -> bool:
        """Stopped by a time limit: the wall-clock guard, or the kernel's
        SIGXCPU (or its SIGKILL at the hard limit) for a process that does not
        handle SIGXCPU itself, as FD's translator does not. (planbox and FD's
        search binary end cleanly on SIGXCPU, with their own exit code 23.)"""
        if self.returncode is None:
            return True
        killed = self.returncode in (-signal.SIGXCPU, -signal.SIGKILL)
        return (killed and self.cpu_limit_s is not None and self.cpu_s is not None
                and self.cpu_s >= self.cpu_limit_s - 0.5)

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


# Seconds between RLIMIT_CPU's soft limit (SIGXCPU) and its hard one (SIGKILL),
# the grace a process has to write its statistics; Downward Lab gives 5.
CPU_GRACE_S = 5


def wall_guard(cpu_limit_s: float) -> float:
    """The wall-clock time after which a run under a CPU-time limit is stopped
    anyway (a process that sleeps or waits uses no CPU): room for a machine
    loaded three times over."""
    return 3 * cpu_limit_s + 60


def run_timed(cmd, timeout=None, memory_limit_mb=None, stdin=None, cwd=None,
              cpu_limit_s=None) -> Run:
    """Run cmd; wall-clock time measured around the whole subprocess, CPU time
    from the growth of RUSAGE_CHILDREN (each worker runs one child at a time,
    so it is this child's). With `cpu_limit_s` the child runs under that
    RLIMIT_CPU, as the IPC and Downward Lab limit time (so a loaded machine
    does not shorten a run), and `timeout` (wall-clock seconds) defaults to
    `wall_guard` of it; without it `timeout` is the only limit."""
    def limit_child():
        if memory_limit_mb:
            limit = memory_limit_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if cpu_limit_s is not None:
            soft = max(1, math.ceil(cpu_limit_s))
            resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + CPU_GRACE_S))

    def children_cpu():
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    if cpu_limit_s is not None and timeout is None:
        timeout = wall_guard(cpu_limit_s)
    cpu_start = children_cpu()
    start = time.perf_counter()
    try:
        proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                              timeout=timeout, stdin=stdin, cwd=cwd,
                              preexec_fn=limit_child)
    except OSError as e:  # e.g. the binary does not exist
        return Run(time.perf_counter() - start, 127, "", f"cannot run {cmd[0]}: {e}")
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        return Run(time.perf_counter() - start, None, out, err)
    return Run(time.perf_counter() - start, proc.returncode, proc.stdout, proc.stderr,
               children_cpu() - cpu_start, cpu_limit_s)


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
