"""Benchmark every instance under instances/ (or the puzzles named): one table row each.

    python benchmarks/run.py [PUZZLE ...]

Per instance: wall time of the whole `solve-asp ... --json` command, ground and solve
time (solve includes the uniqueness check), choices, conflicts, ground rules and atoms,
peak memory, and the ratio of the wall time to `python -c "import clingo, rich"`
measured in the same run (the floor any run pays).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench import ROOT, baseline_seconds, machine, measure, print_table


def instance_files(puzzles: list[str]) -> list[Path]:
    folders = [ROOT / "instances" / p for p in puzzles] if puzzles else sorted(
        path for path in (ROOT / "instances").iterdir() if path.is_dir())
    return sorted(
        path for folder in folders for path in folder.iterdir()
        if path.is_file() and not path.name.endswith(".expected.json")
        and path.name != "README.md"
    )


def main(puzzles: list[str]) -> None:
    floor = baseline_seconds()
    rows = []
    for path in instance_files(puzzles):
        row = measure(path.parent.name, path, name=f"{path.parent.name}/{path.name}")
        row["x_import"] = row["wall_s"] / floor
        rows.append(row)
    print(f"machine: {machine()}")
    print(f"baseline `python -c \"import clingo, rich\"`: {floor:.3f} s")
    print_table(rows, ("instance", "status", "unique", "wall_s", "x_import", "ground_s", "solve_s",
                       "choices", "conflicts", "rules", "atoms", "peak_mb"))


if __name__ == "__main__":
    main(sys.argv[1:])
