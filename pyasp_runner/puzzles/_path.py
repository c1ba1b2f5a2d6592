"""Helpers shared by the puzzles that number a path through the cells; not a puzzle."""

from __future__ import annotations

from ..puzzle import Answer
from ._grid import atom_grid

Grid = list[list[int | None]]

ARROWS: dict[tuple[int, int], str] = {
    (-1, 0): "↑", (-1, 1): "↗", (0, 1): "→", (1, 1): "↘",
    (1, 0): "↓", (1, -1): "↙", (0, -1): "←", (-1, -1): "↖",
}


def number_grid(answer: Answer, rows: int, cols: int, name: str = "number") -> Grid:
    """Numbers by row and column from the shown `name(R,C,V)` atoms; None where unknown."""
    return atom_grid(answer, name, rows, cols, int)


