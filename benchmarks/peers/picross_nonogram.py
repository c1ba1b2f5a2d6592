"""Peer for benchmarks/nonogram_peers.py: picross-solver (PyPI, `bench` extra) on one puzzle.

    python benchmarks/peers/picross_nonogram.py FILE

Reads the puzzle with solve-asp's own parser (so both sides read the same clues), solves
it with `picross_solver.solve` (line solving by pushing runs, then guessing the first
unknown cell and recursing; it finds one solution and proves nothing about uniqueness),
checks the grid against every clue and prints it. Exit 0 solved and checked, 1 no
solution or a wrong one.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from picross_solver.picross_solver import solve

from pyasp_runner.puzzles._grid import content_lines
from pyasp_runner.puzzles._nonogram_numbers import read_non


def runs(line) -> list[int]:
    lengths, count = [], 0
    for value in [*line, 0]:
        if value == 1:
            count += 1
        elif count:
            lengths.append(count)
            count = 0
    return lengths


def main(path: str) -> int:
    text = Path(path).read_text()
    blank = {n for n, raw in enumerate(text.splitlines(), start=1) if not raw.strip()}
    board = read_non(content_lines(text, path), path, blank)
    rows = [row or [0] for row in board.rows]
    columns = [column or [0] for column in board.columns]
    grid = np.full((board.height, board.width), -1)
    if not solve(rows, columns, grid):
        print("no solution")
        return 1
    right = all(runs(grid[r, :]) == (board.rows[r] or []) for r in range(board.height)) and \
        all(runs(grid[:, c]) == (board.columns[c] or []) for c in range(board.width))
    for row in grid:
        print("".join("#" if value == 1 else "." for value in row))
    return 0 if right else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
