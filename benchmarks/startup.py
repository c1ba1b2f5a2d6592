"""Start-up: `solve-asp --version`, `--list` and a small solve against the import floor.

    python benchmarks/startup.py [--rounds N] [--before REV]

Runs, alternated round by round (default 21 rounds, so that a shared machine's load
falls on all of them alike), `python -c "import clingo, rich"` (the floor any run
pays), `solve-asp --version`, `solve-asp --list`, `solve-asp jodici
instances/jodici/1.csv` and the same with `--json`, each as its own process, and prints
each one's median wall time and CPU time (user + system, what a loaded machine's
waiting does not inflate) and their ratios to the floor's medians. The goal is 1.3x.
Two more rows say what a solve cannot do without: benchmarks/peers/minimal_jodici.py,
the same solve in a script of a few lines (argparse, clingo, json; rich to draw), with
and without `--json`.

With `--before REV`, the `solve-asp` commands also run as they were at git revision REV
(its files extracted to a temporary folder, run there with `python -m pyasp_runner`),
alternated with the rest: a before/after table of one run, whose `x_before` and
`cpu_x_before` columns are each command's median over its median at REV (below 1:
faster now). Issue 28's split of the command line is measured with `--before 49442c2`
(the one-module cli.py the issue describes).
`python -X importtime -m pyasp_runner ...` shows what a run imports.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import COMMAND, ROOT, alternated, machine, print_table, run_peer, tree_at

JODICI = str(ROOT / "instances" / "jodici" / "1.csv")
MINIMAL = str(Path(__file__).resolve().parent / "peers" / "minimal_jodici.py")
FLOOR = 'python -c "import clingo, rich"'
SOLVES = {
    "solve-asp --version": ["--version"],
    "solve-asp --list": ["--list"],
    "solve-asp jodici 1.csv": ["jodici", JODICI],
    "solve-asp jodici 1.csv --json": ["jodici", JODICI, "--json"],
}
PEERS = {
    "minimal script, drawn": [sys.executable, MINIMAL, JODICI],
    "minimal script, --json": [sys.executable, MINIMAL, JODICI, "--json"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--before", metavar="REV",
                        help="also run the solve-asp commands as they were at this revision")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        commands: dict[str, tuple[list[str], Path]] = {
            FLOOR: ([sys.executable, "-c", "import clingo, rich"], ROOT)}
        for label, argv in SOLVES.items():
            commands[label] = ([*COMMAND, *argv], ROOT)
            if args.before:
                commands[f"{label} ({args.before})"] = ([*COMMAND, *argv], Path(tmp))
        commands |= {label: (argv, ROOT) for label, argv in PEERS.items()}
        if args.before:
            tree_at(args.before, Path(tmp))
        for argv, cwd in commands.values():  # compile every module once, as a first run does
            run_peer(argv, cwd)
        result = alternated({label: (lambda a=argv, c=cwd: run_peer(a, c))
                             for label, (argv, cwd) in commands.items()}, args.rounds)
    floor = result[FLOOR]
    rows = [{"command": label, "status": row["status"], "median_s": row["wall_s"],
             "x_floor": row["wall_s"] / floor["wall_s"], "cpu_s": row["cpu_s"],
             "cpu_x_floor": row["cpu_s"] / floor["cpu_s"], "peak_mb": row["peak_mb"]}
            for label, row in result.items()]
    columns = ["command", "status", "median_s", "x_floor", "cpu_s", "cpu_x_floor", "peak_mb"]
    if args.before:
        columns[4:4] = ["x_before"]
        columns.append("cpu_x_before")
        for row in rows:
            before = result.get(f"{row['command']} ({args.before})")
            row["x_before"] = row["median_s"] / before["wall_s"] if before else None
            row["cpu_x_before"] = row["cpu_s"] / before["cpu_s"] if before else None
    print(f"# start-up · {machine()} · {args.rounds} rounds, medians")
    print_table(rows, columns)


if __name__ == "__main__":
    main()
