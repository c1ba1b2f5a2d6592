"""Checkerboard benchmark: find one, count all, count up to symmetry.

    python benchmarks/checkerboard.py [--time-limit SECONDS]

Runs `solve-asp checkerboard FILE --json` on the reference 12-stone 8x8 set (find one
and tell uniqueness; count all tilings; count up to the board's colour-preserving
symmetries; count with clingo's default preset instead of checkerboard's `crafty`) and
on boards cut at random into stones of 4..6 squares (fixed seeds, written to a
temporary directory at run time).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, baseline_seconds, machine, measure, print_table

REFERENCE = ROOT / "instances" / "checkerboard" / "reference.txt"
COLUMNS = ("instance", "mode", "status", "count", "complete", "wall_s", "ground_s", "solve_s",
           "choices", "conflicts", "rules", "atoms", "peak_mb")


def dissection(side: int, seed: int) -> str:
    """A side x side board cut into connected stones of 4..6 squares, in the input format."""
    rng = random.Random(seed)
    free = {(r, c) for r in range(side) for c in range(side)}
    stones: list[set[tuple[int, int]]] = []
    while free:
        start = min(free)
        stone = {start}
        target = rng.randint(4, 6)
        while len(stone) < target:
            options = [(r + dr, c + dc) for r, c in stone
                       for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if (r + dr, c + dc) in free and (r + dr, c + dc) not in stone]
            if not options:
                break
            cell = rng.choice(options)
            stone.add(cell)
        free -= stone
        if len(stone) < 3 and stones:  # glue a scrap to a neighbouring stone
            host = next((s for s in stones if any(
                (r + dr, c + dc) in s for r, c in stone
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))), None)
            if host is not None:
                host |= stone
                continue
        stones.append(stone)
    rng.shuffle(stones)
    blocks = []
    for stone in stones:
        top, left = min(r for r, _ in stone), min(c for _, c in stone)
        bottom, right = max(r for r, _ in stone), max(c for _, c in stone)
        rows = [",".join(("B" if (r + c) % 2 == 0 else "W") if (r, c) in stone else "_"
                         for c in range(left, right + 1)) for r in range(top, bottom + 1)]
        blocks.append("\n".join(rows))
    return f"# random dissection, seed {seed}\n" + "\n====\n".join(blocks) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=300.0)
    args = parser.parse_args()
    limit = ("--time-limit", str(args.time_limit))
    print(machine())
    print(f"baseline (python -c 'import clingo, rich'): {baseline_seconds():.3f} s")
    rows = []
    runs = [
        ("find one + uniqueness", ()),
        ("count all", ("--count", "--cap", "0")),
        ("count up to symmetry", ("--count", "--cap", "0", "--up-to-symmetry")),
        ("count all, auto preset", ("--count", "--cap", "0", "--configuration", "auto")),
    ]
    for mode, extra in runs:
        rows.append({**measure("checkerboard", REFERENCE, *extra, *limit), "mode": mode})
    with tempfile.TemporaryDirectory() as folder:
        for side, seed in ((8, 1), (10, 2), (12, 3), (14, 4)):
            path = Path(folder) / f"random-{side}x{side}-seed{seed}.txt"
            path.write_text(dissection(side, seed))
            rows.append({**measure("checkerboard", path, "-n", "1", *limit),
                         "mode": "find one"})
    print_table(rows, COLUMNS)


if __name__ == "__main__":
    main()
