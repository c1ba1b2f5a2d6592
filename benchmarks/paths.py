"""Benchmark the path puzzles at scale: random Hidato and Signpost boards of growing size.

    python benchmarks/paths.py [--quick]

A generator walks a random Hamiltonian path (Warnsdorff's rule with random ties: king
moves for Hidato, queen moves for Signpost) with a fixed seed per size, starts from every
number as a clue and drops clues in random batches while the solver still proves the
solution unique, down to 20% (Hidato) or 30% (Signpost) of the cells, so every board is a
proper puzzle with one solution. Random paths rarely allow 20%: the deletion stops at an
inclusion-minimal clue set (measured 26% at 10x10 to 35-38% at 25x25 and 30x30), and
making the boards takes about 11 minutes (each deletion is a uniqueness proof). A second
Hidato family gives exactly every fifth number (20%), which leaves several solutions:
its rows time the search for a solution and a second one. It writes the puzzles in their
input format to a temporary directory.
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

from pyasp_runner.puzzles import registry
from pyasp_runner.runner import Limits, solve

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
    """A board with a unique solution and about `share` of its cells as clues.

    From the full numbering, clues are dropped in random batches while the solver still
    proves the solution unique; a batch that makes it ambiguous is halved and tried
    again, down to single clues, until only `share` of the cells stay clues (or no
    single clue can go). 1 and the last number stay. The solver (the encoding) does
    every search; the generator only picks clues.
    """
    rng = random.Random(seed)
    path = random_path(side, king_moves if puzzle == "hidoku" else queen_moves, rng)
    make = hidato_text if puzzle == "hidoku" else signpost_text
    total = side * side
    keep = set(range(1, total + 1))
    entry = registry()[puzzle]

    def unique(numbers: set[int]) -> bool:
        instance = entry.parse(make(side, path, numbers), f"{puzzle}-{side}")
        return solve(entry.encoding, instance.facts, Limits(models=2)).count == 1

    target = round(share * total)
    candidates = list(range(2, total))
    rng.shuffle(candidates)
    batch = max(1, (len(keep) - target) // 8)
    while candidates and len(keep) > target:
        size = min(batch, len(keep) - target, len(candidates))
        tried, candidates = candidates[:size], candidates[size:]
        if unique(keep - set(tried)):
            keep -= set(tried)
        elif size > 1:  # too many at once: halve the batch, retry these later
            batch = max(1, size // 2)
            candidates += tried
    return make(side, path, keep), len(keep)


def spread_puzzle(side: int, share: float, seed: int) -> tuple[str, int]:
    """A Hidato board with 1, the last number and every (1/share)-th number as clues:
    exactly `share` of the cells, usually with more than one solution."""
    rng = random.Random(seed)
    path = random_path(side, king_moves, rng)
    step = round(1 / share)
    keep = {1, side * side, *range(1 + rng.randrange(step), side * side, step)}
    return hidato_text(side, path, keep), len(keep)


def make_all(folder: Path, quick: bool) -> None:
    """Write every board (run in a child process, so that the generator's own solving
    does not count in the peak memory of the measured runs)."""
    for puzzle, sizes in (("hidoku", HIDATO_SIZES), ("signpost", SIGNPOST_SIZES)):
        for side, share in sizes[:2] if quick else sizes:
            text, clues = unique_puzzle(puzzle, side, share, seed=side)
            (folder / f"{puzzle}-{side}.txt").write_text(text)
            (folder / f"{puzzle}-{side}.clues").write_text(str(clues))
    for side, share in HIDATO_SIZES[:2] if quick else HIDATO_SIZES:
        text, clues = spread_puzzle(side, share, seed=side)
        (folder / f"spread-{side}.txt").write_text(text)
        (folder / f"spread-{side}.clues").write_text(str(clues))


def run(puzzle: str, sizes: list[tuple[int, float]], folder: Path,
        prefix: str | None = None) -> list[dict]:
    rows = []
    for side, _ in sizes:
        path = folder / f"{prefix or puzzle}-{side}.txt"
        if not path.exists():
            continue
        cells = side * side
        clues = int((folder / f"{prefix or puzzle}-{side}.clues").read_text())
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
        print_table(run("hidoku", HIDATO_SIZES[:2] if quick else HIDATO_SIZES, folder,
                        "spread"),
                    COLUMNS, title="Hidato, every fifth number given (not a proper puzzle: "
                    "the solve finds a second solution)")
        print_table(run("signpost", SIGNPOST_SIZES[:2] if quick else SIGNPOST_SIZES, folder),
                    COLUMNS, title="Signpost, random queen paths, seed = side")


if __name__ == "__main__":
    main(sys.argv[1:])
