"""Naming helpers for square grids with clues on their four edges (not a puzzle).

Sides are named as in the facts: "top" and "bottom" clues stand above and below the
columns (left to right), "left" and "right" clues beside the rows (top to bottom).
"""

from __future__ import annotations

SIDES = ("top", "bottom", "left", "right")
SIDE_PLACE = {"top": "above column", "bottom": "below column",
              "left": "left of row", "right": "right of row"}


def line_cells(side: str, line: int, size: int) -> list[tuple[int, int]]:
    """The 0-based (row, column) cells of a line in the order they are seen from `side`."""
    ahead = range(size) if side in ("top", "left") else range(size - 1, -1, -1)
    if side in ("top", "bottom"):
        return [(p, line - 1) for p in ahead]
    return [(line - 1, p) for p in ahead]


def describe_edge(side: str, line: int, value: object) -> str:
    return f"the {value} {SIDE_PLACE[side]} {line}"


