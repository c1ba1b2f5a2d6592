"""Equation crossword benchmark: shipped instances and generated grids.

    python benchmarks/equation.py [--seeds N]

Runs `solve-asp equation FILE --json` (which looks for a second solution, so the solve
time includes the uniqueness proof) on every instance in `instances/equation/` and on
3x3 and 4x4 puzzles generated with fixed seeds into a temporary directory: random
operators, random cells in -9..99 (divisions kept exact), all cells unknown except a
few givens, results computed. Prints one table and the ratio of the reference run to
`python -c "import clingo, rich"`.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import ROOT, baseline_seconds, machine, measure, print_table

from pyasp_runner.puzzles.equation import evaluate

INSTANCES = ROOT / "instances" / "equation"
COLUMNS = ("instance", "status", "unique", "wall_s", "ground_s", "solve_s", "choices",
           "conflicts", "rules", "atoms", "peak_mb")


def generated(seed: int, size: int, givens: int) -> str:
    """A size x size puzzle whose every equation evaluates exactly (retries until it does)."""
    rng = random.Random(seed)
    while True:
        grid = [[rng.randint(-9, 99) for _ in range(size)] for _ in range(size)]
        row_ops = [[rng.choice("+-*/") for _ in range(size - 1)] for _ in range(size)]
        column_ops = [[rng.choice("+-*/") for _ in range(size)] for _ in range(size - 1)]
        rows = [evaluate(row, ops) for row, ops in zip(grid, row_ops, strict=True)]
        columns = [evaluate([grid[r][c] for r in range(size)], [ops[c] for ops in column_ops])
                   for c in range(size)]
        if None not in rows and None not in columns:
            break
    shown = set(rng.sample(range(size * size), givens))
    lines = []
    for r in range(size):
        cells = [str(grid[r][c]) if r * size + c in shown else "_" for c in range(size)]
        parts = [cells[0]]
        for c in range(1, size):
            parts += [row_ops[r][c - 1], cells[c]]
        lines.append(" ".join([*parts, "=", str(rows[r])]))
        if r < size - 1:
            lines.append("   ".join(column_ops[r]))
    lines += ["   ".join("=" * size), "   ".join(str(v) for v in columns)]
    return f"# generated: seed {seed}, {size}x{size}, {givens} givens\n" + "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="generated puzzles per size")
    args = parser.parse_args()
    rows = [measure("equation", path) for path in sorted(INSTANCES.glob("*.txt"))]
    with tempfile.TemporaryDirectory() as folder:
        for size, givens in ((3, 2), (4, 4)):
            for seed in range(1, args.seeds + 1):
                path = Path(folder) / f"gen-{size}x{size}-s{seed}.txt"
                path.write_text(generated(seed, size, givens))
                rows.append(measure("equation", path, "--time-limit", "10"))
    print(machine())
    print_table(rows, COLUMNS, title="equation: solve + uniqueness check")
    reference = next(row for row in rows if row["instance"] == "reference.txt")
    base = baseline_seconds()
    print(f"\nreference end to end {reference['wall_s']:.3f} s; python -c 'import clingo, rich' "
          f"{base:.3f} s; ratio {reference['wall_s'] / base:.1f}x")


if __name__ == "__main__":
    main()
