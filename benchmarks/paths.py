"""Benchmark the path puzzles at scale: random Hidato and Signpost boards of growing size.

    python benchmarks/paths.py [--quick]

A generator walks a random Hamiltonian path (Warnsdorff's rule with random ties: king
moves for Hidato, queen moves for Signpost) with a fixed seed per size, keeps the first
and last number plus every fifth (Hidato) or third (Signpost) number as clues, and then,
while the solver still finds a second solution, adds the true number of one cell where
that solution differs, so every board is a proper puzzle with one solution. It writes
the puzzle in its input format to a temporary directory.
Each board is then solved by the real command with the
uniqueness check (`--json`, two models). Per size the table shows ground and solve time,
atoms, rules and peak memory, and atoms per cell x number (the unpruned domain), which
shows how much the pruning in the encodings keeps.
"""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import baseline_seconds, machine, measure, print_table

from pyasp_runner.puzzle import registry
from pyasp_runner.solve import Limits, solve

Cell = tuple[int, int]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
LETTERS = "abcdefgh"
QUEEN_STEPS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]

HIDATO_SIZES = [(10, 0.2), (15, 0.2), (20, 0.2), (25, 0.2), (30, 0.2)]
SIGNPOST_SIZES = [(5, 0.3), (7, 0.3), (8, 0.3), (10, 0.3), (12, 0.3)]


def king_moves(cell: Cell, side: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in KING if 0 <= r + dr < side and 0 <= c + dc < side]


def queen_moves(cell: Cell, side: int) -> list[Cell]:
    r, c = cell
    moves = []
    for dr, dc in QUEEN_STEPS:
        nr, nc = r + dr, c + dc
        while 0 <= nr < side and 0 <= nc < side:
            moves.append((nr, nc))
            nr, nc = nr + dr, nc + dc
    return moves


def random_path(side: int, moves, rng: random.Random) -> list[Cell]:
    """A Hamiltonian path by Warnsdorff's rule (fewest onward moves first, random ties)."""
    while True:
        path = [(rng.randrange(side), rng.randrange(side))]
        seen = {path[0]}
        while len(path) < side * side:
            options = [m for m in moves(path[-1], side) if m not in seen]
            if not options:
                break
            rng.shuffle(options)
            step = min(options, key=lambda m: sum(n not in seen for n in moves(m, side)))
            path.append(step)
            seen.add(step)
        if len(path) == side * side:
            return path


def spread_numbers(total: int, share: float, rng: random.Random) -> set[int]:
    """1, the last number, and every (1/share)-th number from a random offset."""
    step = max(1, round(1 / share))
    return {1, total, *range(1 + rng.randrange(step), total, step)}


def hidato_text(side: int, path: list[Cell], keep: set[int]) -> str:
    grid = [["__"] * side for _ in range(side)]
    for number, (r, c) in enumerate(path, start=1):
        if number in keep:
            grid[r][c] = str(number)
    return "".join(",".join(row) + "\n" for row in grid)


def signpost_text(side: int, path: list[Cell], keep: set[int]) -> str:
    number_of = {cell: n for n, cell in enumerate(path, start=1)}
    arrows = {}
    for here, there in itertools.pairwise(path):
        step = (sign(there[0] - here[0]), sign(there[1] - here[1]))
        arrows[here] = LETTERS[QUEEN_STEPS.index(step)]
    arrows[path[-1]] = "a"
    desc = "".join(f"{number_of[(r, c)] if number_of[(r, c)] in keep else ''}{arrows[(r, c)]}"
                   for r in range(side) for c in range(side))
    return f"{side}x{side}:{desc}\n"


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def unique_puzzle(puzzle: str, side: int, share: float, seed: int) -> tuple[str, int]:
    """A board with a unique solution: spread clues, then, while a second solution
    exists, the true number of one cell where it differs is added as a clue.

    The solver (the encoding) does the search; the generator only picks clues.
    """
    rng = random.Random(seed)
    path = random_path(side, king_moves if puzzle == "hidoku" else queen_moves, rng)
    make = hidato_text if puzzle == "hidoku" else signpost_text
    keep = spread_numbers(side * side, share, rng)
    number_of = {cell: n for n, cell in enumerate(path, start=1)}
    entry = registry()[puzzle]
    while True:
        text = make(side, path, keep)
        instance = entry.parse(text, f"{puzzle}-{side}")
        result = solve(entry.encoding, instance.facts, Limits(models=2))
        if result.count < 2:
            return text, len(keep)
        wrong = [number_of[(r, c)] for answer in result.answers
                 for grid in [entry.solution_json(instance, answer)["grid"]]
                 for r in range(side) for c in range(side) if grid[r][c] != number_of[(r, c)]]
        keep.add(rng.choice(wrong))


def make_all(folder: Path, quick: bool) -> None:
    """Write every board (run in a child process, so that the generator's own solving
    does not count in the peak memory of the measured runs)."""
    for puzzle, sizes in (("hidoku", HIDATO_SIZES), ("signpost", SIGNPOST_SIZES)):
        for side, share in sizes[:2] if quick else sizes:
            text, clues = unique_puzzle(puzzle, side, share, seed=side)
            (folder / f"{puzzle}-{side}.txt").write_text(text)
            (folder / f"{puzzle}-{side}.clues").write_text(str(clues))


def run(puzzle: str, sizes: list[tuple[int, float]], folder: Path) -> list[dict]:
    rows = []
    for side, _ in sizes:
        path = folder / f"{puzzle}-{side}.txt"
        if not path.exists():
            continue
        cells = side * side
        clues = int((folder / f"{puzzle}-{side}.clues").read_text())
        row = measure(puzzle, path, "--time-limit", "60",
                      name=f"{side}x{side}, {clues / cells:.0%} clues")
        row["atoms/(cells*K)"] = row.get("atoms", 0) / (cells * cells)
        rows.append(row)
    return rows


COLUMNS = ("instance", "status", "unique", "wall_s", "ground_s", "solve_s", "choices",
           "conflicts", "atoms", "rules", "atoms/(cells*K)", "peak_mb")


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    if argv[:1] == ["--make"]:
        make_all(Path(argv[1]), quick)
        return
    floor = baseline_seconds(3)
    print(f"machine: {machine()}")
    print(f"baseline `python -c \"import clingo, rich\"`: {floor:.3f} s")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        subprocess.run([sys.executable, __file__, "--make", tmp, *argv], check=True)
        print_table(run("hidoku", HIDATO_SIZES[:2] if quick else HIDATO_SIZES, folder),
                    COLUMNS, title="Hidato (hidoku), random king paths, seed = side")
        print_table(run("signpost", SIGNPOST_SIZES[:2] if quick else SIGNPOST_SIZES, folder),
                    COLUMNS, title="Signpost, random queen paths, seed = side")


if __name__ == "__main__":
    main(sys.argv[1:])
