"""How our grade agrees with Simon Tatham's levels: Towers and Pattern puzzles of known level.

    python benchmarks/grade_agreement.py [FILE]

Grades every puzzle of FILE (default benchmarks/data/tatham-levels.txt: lines
`GAME LEVEL GAME-ID`, made by the games' own generators, see the file's header) with
`pyasp_runner.api.grade` (Towers as skyscrapers, Pattern as nonogram) and prints, per game
and size, the table of Tatham's level against our grade (easy, medium, hard, or `none`
for a puzzle without exactly one solution), the median choices and conflicts of our
search per level, and the share of puzzles where the two agree on "needs no more than
Tatham's easiest level" (Tatham easy or line-solvable <-> our easy or medium; Tatham's
harder levels <-> our hard). Grading is deterministic, so one run is the measurement.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path
from statistics import median

from pyasp_runner import api
from pyasp_runner.reasoning import LEVELS, MEDIUM_CONFLICTS

DATA = Path(__file__).resolve().parent / "data" / "tatham-levels.txt"
GAMES = {"towers": "skyscrapers", "pattern": "nonogram"}
TATHAM_ORDER = ["easy", "hard", "extreme", "unreasonable", "line-solvable"]
EASIEST = {"easy", "line-solvable"}  # Tatham's levels our easy or medium should match


def read(path: Path) -> list[tuple[str, str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            game, level, game_id = line.split(maxsplit=2)
            rows.append((game, level, game_id))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DATA)
    args = parser.parse_args(argv)
    table: dict[tuple[str, str], Counter[tuple[str, str]]] = defaultdict(Counter)
    counts: dict[tuple[str, str, str], list[tuple[int, int]]] = defaultdict(list)
    agree = total = 0
    for game, level, game_id in read(args.file):
        graded = api.grade(GAMES[game], game_id)
        ours = graded.level or "none"
        size = game_id.split(":", 1)[0]
        table[(game, size)][(level, ours)] += 1
        counts[(game, size, level)].append((graded.grade["choices"],
                                            graded.grade["conflicts"]))
        total += 1
        agree += (level in EASIEST) == (ours in ("easy", "medium"))
    grades = [*LEVELS, "none"]
    print(f"Our grade against Tatham's level ({args.file.name}); medium: at most "
          f"{MEDIUM_CONFLICTS} conflicts. Cells: puzzles; median choices/conflicts of our "
          f"search at the right.")
    for (game, size), cells in sorted(table.items()):
        print(f"\n{game} {size}")
        print(f"  {'Tatham level':<14}" + "".join(f"{g:>8}" for g in grades)
              + "   choices/conflicts")
        for level in TATHAM_ORDER:
            if not any(cells[(level, g)] for g in grades):
                continue
            search = counts[(game, size, level)]
            medians = (f"{median(c for c, _ in search):.0f}/"
                       f"{median(k for _, k in search):.0f}")
            print(f"  {level:<14}" + "".join(f"{cells[(level, g)]:>8}" for g in grades)
                  + f"   {medians:>17}")
    print(f"\nAgreement on 'Tatham's easiest level' vs 'our easy or medium': {agree} of "
          f"{total} ({100 * agree / total:.0f}%)")


if __name__ == "__main__":
    main()
