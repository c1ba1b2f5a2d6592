"""Edge-clue Latin puzzles benchmark: Skyscrapers and Easy as ABC.

    python benchmarks/edge_clues.py [--time-limit SECONDS]

Runs `solve-asp PUZZLE FILE --json` (find one, look for a second) on the public instances
in instances/skyscrapers and instances/abc, and on random puzzles made at run time from
random Latin squares with every edge clue (fixed seeds, written to a temporary directory):
Skyscrapers of order 6..12, Easy as ABC of order 6..12 with N-2 letters. Each random
puzzle also runs with the shipped encoding's redundant propagation constraints removed
("no redundant"); Skyscrapers also with the one-way ladder of CLINGO-NOTES 3.8 ("notes
ladder": every height up to a tower's expanded, N^4 ground rules instead of N^3).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, baseline_seconds, machine, measure, print_table

COLUMNS = ("instance", "encoding", "status", "unique", "wall_s", "ground_s", "solve_s",
           "choices", "conflicts", "rules", "atoms", "peak_mb")
SIDES = ("top", "bottom", "left", "right")
# The encodings whose `% Redundant` block (constraints the rules above imply) is measured
# without it.
REDUNDANT = ("skyscrapers", "abc")


def latin_square(size: int, rng: random.Random) -> list[list[int]]:
    """A random Latin square of 1..size: a cyclic square with rows, columns, symbols shuffled,
    then randomised further by swapping along random intercalates (2x2 Latin subsquares)."""
    rows, columns, symbols = (rng.sample(range(size), size) for _ in range(3))
    grid = [[symbols[(rows[r] + columns[c]) % size] + 1 for c in range(size)]
            for r in range(size)]
    for _ in range(size ** 3):
        r1, r2, c1, c2 = rng.randrange(size), rng.randrange(size), rng.randrange(size), \
            rng.randrange(size)
        if r1 != r2 and c1 != c2 and grid[r1][c1] == grid[r2][c2] \
                and grid[r1][c2] == grid[r2][c1]:
            grid[r1][c1], grid[r1][c2] = grid[r1][c2], grid[r1][c1]
            grid[r2][c1], grid[r2][c2] = grid[r2][c2], grid[r2][c1]
    return grid


def _views(grid: list[list[int]]) -> list[list[int]]:
    """Every line as seen from its side, in the order top, bottom, left, right."""
    columns = [list(column) for column in zip(*grid, strict=True)]
    return columns + [c[::-1] for c in columns] + [list(r) for r in grid] + \
        [r[::-1] for r in grid]


def skyscrapers_id(size: int, seed: int) -> str:
    """A Tatham game ID with all 4N clues of a random Latin square."""
    grid = latin_square(size, random.Random(seed))
    clues = []
    for line in _views(grid):
        tallest, seen = 0, 0
        for height in line:
            if height > tallest:
                tallest, seen = height, seen + 1
        clues.append(str(seen))
    return f"# random, seed {seed}\n{size}:" + "/".join(clues) + "\n"


def abc_file(size: int, letters: int, seed: int) -> str:
    """An Easy as ABC file with every edge letter: the symbols 1..letters of a random
    Latin square become the letters, the others empty cells."""
    grid = latin_square(size, random.Random(seed))
    names = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    clue_lines = []
    for index, side in enumerate(SIDES):
        views = _views(grid)[index * size:(index + 1) * size]
        first = [next(names[v - 1] for v in line if v <= letters) for line in views]
        clue_lines.append(f"{side}: {''.join(first)}")
    return f"# random, seed {seed}\nsize: {size}\nletters: {names[:letters]}\n" + \
        "\n".join(clue_lines) + "\n"


def without_redundant(puzzle: str, folder: Path) -> Path:
    """A copy of the shipped encoding with its `% Redundant` block removed (up to the
    next comment block that opens a part, or `#program`)."""
    kept, dropping, blank = [], False, False
    for line in (ROOT / "asp" / f"{puzzle}.lp").read_text().splitlines():
        if line.startswith("% Redundant"):
            dropping = True
        elif dropping and (line.startswith("#program") or (line.startswith("% ") and blank)):
            dropping = False  # the next part: a comment block after a blank line
        blank = not line.strip()
        if not dropping:
            kept.append(line)
    assert len(kept) < len((ROOT / "asp" / f"{puzzle}.lp").read_text().splitlines())
    path = folder / f"{puzzle}-no-redundant.lp"
    path.write_text("\n".join(kept) + "\n")
    return path


ONE_WAY_LADDER = (
    "seen(Side, Line, P, H) :- clued(Side, Line), at(Side, Line, P, R, C), tower(R, C, H).",
    "seen(Side, Line, P, H-1) :- seen(Side, Line, P, H), H > 1.",
    "seen(Side, Line, P, H) :- clued(Side, Line), at(Side, Line, P, R, C), tower(R, C, Top), "
    "H = 1..Top.",
)


def notes_ladder(folder: Path) -> Path:
    """The shipped Skyscrapers encoding with the one-way ladder of CLINGO-NOTES 3.8."""
    text = (ROOT / "asp" / "skyscrapers.lp").read_text()
    two_way, down, one_way = ONE_WAY_LADDER
    assert two_way in text and down in text
    path = folder / "skyscrapers-notes-ladder.lp"
    path.write_text(text.replace(down + "\n", "").replace(two_way, one_way))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=120.0)
    args = parser.parse_args()
    limit = ("--time-limit", str(args.time_limit))
    print(machine())
    print(f"baseline (python -c 'import clingo, rich'): {baseline_seconds():.3f} s")
    for puzzle in ("skyscrapers", "abc"):
        rows = []
        for path in sorted((ROOT / "instances" / puzzle).glob("*.txt")):
            rows.append({**measure(puzzle, path, *limit), "encoding": "shipped"})
        print_table(rows, COLUMNS, title=f"{puzzle}: instances/{puzzle}")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        variants = {puzzle: {"no redundant": without_redundant(puzzle, folder)}
                    for puzzle in REDUNDANT}
        variants["skyscrapers"]["notes ladder"] = notes_ladder(folder)
        for puzzle in ("skyscrapers", "abc"):
            rows = []
            for size in (6, 9, 12, 16, 20, 25):
                seed = 100 + size
                path = folder / f"{puzzle}-random-{size}x{size}-seed{seed}.txt"
                path.write_text(skyscrapers_id(size, seed) if puzzle == "skyscrapers"
                                else abc_file(size, size - 2, seed))
                rows.append({**measure(puzzle, path, *limit), "encoding": "shipped"})
                for variant, encoding in variants[puzzle].items():
                    rows.append({**measure(puzzle, path, "--encoding", str(encoding), *limit),
                                 "encoding": variant})
            print_table(rows, COLUMNS, title=f"{puzzle}: random, every edge clue")


if __name__ == "__main__":
    main()
