"""Start-up: `solve-asp --list` and a small solve against the import floor.

    python benchmarks/startup.py [--rounds N]

Runs, alternated round by round (default 21 rounds, so that a shared machine's load
falls on all of them alike), `python -c "import clingo, rich"` (the floor any run
pays), `solve-asp --list`, `solve-asp jodici instances/jodici/1.csv` and the same
with `--json`, each as its own process, and prints each one's median wall time and
CPU time (user + system, what a loaded machine's waiting does not inflate) and their
ratios to the floor's medians. The goal is 1.3x. `python -X importtime -m pyasp_runner
...` shows what a run imports.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import COMMAND, ROOT, alternated, machine, print_table, run_peer

JODICI = str(ROOT / "instances" / "jodici" / "1.csv")
COMMANDS = {
    'python -c "import clingo, rich"': [sys.executable, "-c", "import clingo, rich"],
    "solve-asp --list": [*COMMAND, "--list"],
    "solve-asp jodici 1.csv": [*COMMAND, "jodici", JODICI],
    "solve-asp jodici 1.csv --json": [*COMMAND, "jodici", JODICI, "--json"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    for argv in COMMANDS.values():  # compile every module once, as a user's first run does
        run_peer(argv)
    result = alternated({label: (lambda a=argv: run_peer(a)) for label, argv in
                         COMMANDS.items()}, args.rounds)
    floor = result['python -c "import clingo, rich"']
    rows = [{"command": label, "status": row["status"], "median_s": row["wall_s"],
             "x_floor": row["wall_s"] / floor["wall_s"], "cpu_s": row["cpu_s"],
             "cpu_x_floor": row["cpu_s"] / floor["cpu_s"], "peak_mb": row["peak_mb"]}
            for label, row in result.items()]
    print(f"# start-up · {machine()} · {args.rounds} rounds, medians")
    print_table(rows, ("command", "status", "median_s", "x_floor", "cpu_s", "cpu_x_floor",
                       "peak_mb"))


if __name__ == "__main__":
    main()
