"""Helpers shared by the puzzles that number a path through the cells; not a puzzle."""

from __future__ import annotations

from ..puzzle import Answer

Grid = list[list[int | None]]

ARROWS: dict[tuple[int, int], str] = {
    (-1, 0): "↑", (-1, 1): "↗", (0, 1): "→", (1, 1): "↘",
    (1, 0): "↓", (1, -1): "↙", (0, -1): "←", (-1, -1): "↖",
}


def number_grid(answer: Answer, rows: int, cols: int, name: str = "number") -> Grid:
    """Numbers by row and column from the shown `name(R,C,V)` atoms; None where unknown."""
    grid: Grid = [[None] * cols for _ in range(rows)]
    for row, col, value in answer.atoms(name, 3):
        grid[row - 1][col - 1] = value
    return grid


