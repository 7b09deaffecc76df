#! /usr/bin/env python3
"""planbox beside Fast Downward, run and reported by Downward Lab.

Each configuration runs in both planners on every task, one Lab run each:

    planbox   target/release/planbox plan --time-limit T --memory-limit M OPTIONS DOMAIN PROBLEM
    FD        fast-downward.py --overall-time-limit T --overall-memory-limit M DOMAIN PROBLEM SEARCH
              (the driver from the up-fast-downward wheel: its translator, then its search;
              for `nolan`, which stock Fast Downward lacks, Scorpion's driver, a Fast
              Downward fork, with `--preprocess --alias nolan`: see --scorpion)

Both planners stop at their own limits (exit 23 or 22, which Lab reports as
search-out-of-time and search-out-of-memory); Lab's own limits (a few seconds
and 25 % above) are a backstop that kills a run that overruns them, and the
experiment goes on. Lab's stock `downward` parsers read both planners' logs:
the exit code parser, the single-search parser (the anytime-search parser for
the anytime configurations, ANYTIME) and the planner parser.

Steps: build, start, parse, fetch, then the reports in <exp>-eval/: an
absolute table (coverage, error, cost, expansions, search time, memory, ...),
the coverage table alone in Markdown (coverage.md) and, per configuration,
scatter plots of expansions and search time, planbox against FD.

    python experiment.py --all                 # the bundled IPC Sokoban sets, both cores
    python experiment.py --tiny --all          # 4 tiny tasks (TINY), plus three runs
                                               # stopped by Lab's limits (STOPPED)
    python experiment.py --slurm --partition P --qos Q --all    # on a Slurm cluster

Options are passed to the cluster's step jobs (which call this script with a
step name only) through the environment variable PLANBOX_LAB_OPTIONS.
"""

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

from downward.experiment import FastDownwardExperiment
from downward.reports.absolute import AbsoluteReport
from downward.reports.scatter import ScatterPlotReport
from lab.environments import LocalEnvironment, SlurmEnvironment
from lab.experiment import Experiment
from lab.parser import Parser

REPO = Path(__file__).resolve().parents[2]
IPC = REPO / "problems" / "ipc"
SOKOBAN = ["sokoban-opt08-strips", "sokoban-opt11-strips",
           "sokoban-sat08-strips", "sokoban-sat11-strips"]

# name: (planbox's options, Fast Downward's driver options, its search options)
# The `fd-` side of the configurations in SCORPION_CONFIGS runs Scorpion's driver.
CONFIGS = {
    "astar-blind": (["--search", "astar", "--heuristic", "blind"],
                    [], ["--search", "astar(blind())"]),
    "astar-lmcut": (["--search", "astar", "--heuristic", "lmcut"],
                    [], ["--search", "astar(lmcut())"]),
    "gbfs-ff": (["--search", "gbfs", "--heuristic", "hff", "--no-preferred"],
                [], ["--search", "eager_greedy([ff()])"]),
    "lama-first": (["--alias", "lama-first"], ["--alias", "lama-first"], []),
    # NOLAN: lama-first with a novelty tie-break (Scorpion's alias of that name).
    "nolan": (["--alias", "nolan"], ["--preprocess", "--alias", "nolan"], []),
    # The satisficing alias to reach for first (anytime: Dual-BFWS, then
    # LAMA's searches bounded by the best plan) beside Fast Downward's
    # anytime LAMA 2011.
    "sat": (["--alias", "sat"], ["--alias", "lama"], []),
    # planbox's best optimal configuration; stock Fast Downward has no
    # saturated cost partitioning, so its side is the canonical heuristic over
    # the same patterns (Scorpion itself is in benches/fd/optimal.py).
    "optimal": (["--alias", "optimal"], [], ["--search", "astar(cpdbs(systematic(2)))"]),
}

SCORPION_CONFIGS = {"nolan"}

# The configurations that write a plan each time they find a cheaper one: Lab
# reads them with its anytime-search parser (cost: the cheapest plan), which
# has no expansions or search time, so they get no scatter plots.
ANYTIME = {"sat"}

# The tiny sample: solved in milliseconds by both planners, one unsolvable.
TINY = [
    ("sokoban-opt08-strips", IPC / "sokoban-opt08-strips/domain.pddl",
     IPC / "sokoban-opt08-strips/p01.pddl"),
    ("gripper", IPC / "gripper/domain.pddl", IPC / "gripper/prob01.pddl"),
    ("blocks", IPC / "blocks/domain.pddl", IPC / "blocks/probBLOCKS-4-0.pddl"),
    ("unsolvable", IPC / "blocks/domain.pddl", REPO / "tests/data/solve/blocks-cycle.pddl"),
]
# Three runs the tiny sample adds on a task that takes minutes (FD's blind A*
# expands 9.6 million states on it), to show what becomes of a run that Lab
# stops: planbox without limits of its own, under Lab's CPU-time limit
# (SIGXCPU: planbox stops as at its own time limit, search-out-of-time), under
# Lab's address-space limit (planbox stops as at its own memory limit,
# search-out-of-memory), and under Lab's wall-clock limit, which kills the
# process (SIGTERM, no word from planbox: recorded as exitcode--15, an
# unexplained error). The other runs go on.
HARD = ("sokoban-opt08-strips", IPC / "sokoban-opt08-strips/domain.pddl",
        IPC / "sokoban-opt08-strips/p05.pddl")
STOPPED = {
    "planbox-lab-cpu-limit": {"time_limit": 2},
    "planbox-lab-memory-limit": {"memory_limit": 48},
    "planbox-lab-killed": {"wall_time_limit": 2},
}

ENV_OPTIONS = "PLANBOX_LAB_OPTIONS"


class ClusterSlurmEnvironment(SlurmEnvironment):
    """A Slurm cluster given by partition and QOS (Lab's own subclasses are
    for named clusters)."""

    MAX_TASKS = 1000
    DEFAULT_TIME_LIMIT_PER_TASK = "24:00:00"
    DEFAULT_MEMORY_PER_CPU = "4G"

    @classmethod
    def is_present(cls):
        return True


def options():
    """This script's options; Lab's own (step names, --all) stay in sys.argv."""
    parser = argparse.ArgumentParser(
        description="planbox beside Fast Downward in Downward Lab", add_help=False)
    add = parser.add_argument
    add("--tiny", action="store_true", help="the tiny sample (TINY) instead of the suites")
    add("--domain", action="append", help="domain directory under problems/ipc "
        "(repeatable; default: the four IPC Sokoban sets)")
    add("--first", type=int, help="only the first N problems of each domain")
    add("--config", action="append", choices=sorted(CONFIGS),
        help="configuration (repeatable; default: all)")
    add("--time-limit", type=int, default=60, metavar="S",
        help="each planner's own time limit per run (default 60)")
    add("--memory-limit", type=int, default=2048, metavar="MB",
        help="each planner's own memory limit per run (default 2048)")
    add("--processes", type=int, default=2, help="runs at a time here (default 2)")
    add("--slurm", action="store_true", help="submit the runs to Slurm")
    add("--partition", help="Slurm partition")
    add("--qos", help="Slurm quality of service")
    add("--email", help="Slurm mails this address when the last step ends")
    add("--path", help="experiment directory (default: data/tiny or data/sokoban "
        "beside this script)")
    add("--planbox", default=str(REPO / "target/release/planbox"))
    add("--fd-venv", default=os.environ.get("REF_VENV", "/work/venv-ref"),
        help="venv with up-fast-downward (benches/fd/setup.sh)")
    add("--scorpion", default=str(Path.home() / ".cache/planbox-ref/scorpion/fast-downward.py"),
        help="Scorpion's driver, the reference of " + ", ".join(sorted(SCORPION_CONFIGS))
        + " (../shared/anchors/README.md; without it, the default leaves them out)")
    if {"-h", "--help"} & set(sys.argv[1:]):
        parser.print_help()
        print()
    # On a cluster, Lab runs each later step as `experiment.py STEP`: the
    # options come back from the environment (the command line's win).
    saved = shlex.split(os.environ.get(ENV_OPTIONS, ""))
    args, lab_args = parser.parse_known_args(saved + sys.argv[1:])
    mine = saved + sys.argv[1:]
    for arg in reversed(lab_args):
        del mine[len(mine) - 1 - mine[::-1].index(arg)]
    os.environ[ENV_OPTIONS] = shlex.join(mine)
    sys.argv[1:] = lab_args
    return args


class SearchParser(Parser):
    """Lab's single-search parser, or its anytime-search parser for a run of
    an ANYTIME configuration (the single-search one refuses a log with several
    plans)."""

    def parse(self, run_dir, props):
        algorithm = json.loads((Path(run_dir) / "static-properties").read_text())["algorithm"]
        anytime = algorithm.split("-", 1)[-1] in ANYTIME
        parser = (FastDownwardExperiment.ANYTIME_SEARCH_PARSER if anytime
                  else FastDownwardExperiment.SINGLE_SEARCH_PARSER)
        parser.parse(run_dir, props)


def fd_driver(venv):
    hits = sorted(Path(venv).glob(
        "lib/python3*/site-packages/up_fast_downward/downward/fast-downward.py"))
    if not hits:
        sys.exit(f"no Fast Downward driver under {venv}: run benches/fd/setup.sh")
    return hits[0]


def tasks(args):
    if args.tiny:
        return TINY
    found = []
    for name in args.domain or SOKOBAN:
        problems = sorted(p for p in (IPC / name).glob("*.pddl") if "domain" not in p.name)
        found += [(name, IPC / name / "domain.pddl", p) for p in problems[:args.first]]
    return found


def add_run(exp, algorithm, task, command, **limits):
    domain_name, domain, problem = task
    run = exp.add_run()
    run.add_resource("domain", domain, "domain.pddl", symlink=True)
    run.add_resource("problem", problem, "problem.pddl", symlink=True)
    run.add_command("planner", command, **limits)
    run.set_property("algorithm", algorithm)
    run.set_property("domain", domain_name)
    run.set_property("problem", problem.name)
    run.set_property("id", [algorithm, domain_name, problem.name])


def main():
    args = options()
    name = "tiny" if args.tiny else "sokoban"
    if args.slurm:
        env = ClusterSlurmEnvironment(partition=args.partition, qos=args.qos,
                                      email=args.email, export=["PATH", ENV_OPTIONS],
                                      memory_per_cpu=f"{args.memory_limit * 2}M")
    else:
        env = LocalEnvironment(processes=args.processes)
    path = args.path or Path(__file__).resolve().parent / "data" / name
    exp = Experiment(path=str(path), environment=env)
    for parser in (FastDownwardExperiment.EXITCODE_PARSER, SearchParser(),
                   FastDownwardExperiment.PLANNER_PARSER):
        exp.add_parser(parser)

    t, m = args.time_limit, args.memory_limit
    # Lab's limits: a backstop above the planners' own.
    backstop = {"time_limit": t + 10, "memory_limit": int(m * 1.25) + 256}
    planbox = [args.planbox, "plan", "--time-limit", str(t), "--memory-limit", str(m)]
    fd = [str(Path(args.fd_venv) / "bin" / "python"), str(fd_driver(args.fd_venv)),
          "--overall-time-limit", f"{t}s", "--overall-memory-limit", f"{m}M"]
    # Lab refuses a bare `python3` (it may not be the same interpreter on
    # a cluster's nodes); Scorpion's driver needs only the standard library.
    scorpion = [sys.executable, args.scorpion,
                "--overall-time-limit", f"{t}s", "--overall-memory-limit", f"{m}M"]
    have_scorpion = Path(args.scorpion).exists()
    configs = args.config or [c for c in CONFIGS
                              if c not in SCORPION_CONFIGS or have_scorpion]
    if not have_scorpion and SCORPION_CONFIGS & set(configs):
        sys.exit(f"no Scorpion driver at {args.scorpion}: see --scorpion")
    for task in tasks(args):
        for config in configs:
            pb_options, fd_driver_options, fd_search = CONFIGS[config]
            reference = scorpion if config in SCORPION_CONFIGS else fd
            add_run(exp, f"planbox-{config}", task,
                    planbox + pb_options + ["{domain}", "{problem}"], **backstop)
            add_run(exp, f"fd-{config}", task,
                    reference + fd_driver_options + ["{domain}", "{problem}"] + fd_search,
                    **backstop)
    if args.tiny:
        for algorithm, limit in STOPPED.items():
            add_run(exp, algorithm, HARD,
                    [args.planbox, "plan", *CONFIGS["astar-blind"][0],
                     "{domain}", "{problem}"], **limit)

    exp.add_step("build", exp.build)
    exp.add_step("start", exp.start_runs)
    exp.add_step("parse", exp.parse)
    exp.add_fetcher(name="fetch")

    attributes = ["coverage", "error", "cost", "plan_length", "expansions",
                  "expansions_until_last_jump", "generated", "search_time",
                  "total_time", "planner_wall_clock_time", "memory", "unsolvable"]
    algorithms = [f"{tool}-{c}" for c in configs for tool in ("planbox", "fd")]
    if args.tiny:
        algorithms += list(STOPPED)
    exp.add_report(AbsoluteReport(attributes=attributes, filter_algorithm=algorithms),
                   name="report", outfile=f"{exp.name}.html")
    # The coverage table in Markdown, for benches/README.md.
    exp.add_report(AbsoluteReport(attributes=["coverage"], filter_algorithm=algorithms,
                                  format="md"), name="coverage-md", outfile="coverage.md")
    for config in (c for c in configs if c not in ANYTIME):
        for attribute in ("expansions", "search_time"):
            exp.add_report(
                ScatterPlotReport(attributes=[attribute],
                                  filter_algorithm=[f"fd-{config}", f"planbox-{config}"],
                                  get_category=lambda run1, run2: run1["domain"],
                                  format="png"),
                name=f"scatter-{attribute}-{config}",
                outfile=f"scatter-{attribute}-{config}.png")
    exp.run_steps()


if __name__ == "__main__":
    main()
