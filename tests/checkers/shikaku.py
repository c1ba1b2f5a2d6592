"""Shikaku rules: the grid divided into rectangles, each holding exactly one number, which
is its count of cells (any count for a `?`)."""

from __future__ import annotations

from . import numbered_cells

Pos = tuple[int, int]


def check(text: str, solution: dict) -> None:
    rows, cols, clues = numbered_cells(text)
    grid, regions = solution["grid"], solution["regions"]
    assert len(regions) == rows and all(len(row) == cols for row in regions), "regions shape"
    for r in range(rows):
        for c in range(cols):
            want = str(clues[(r, c)]) if (r, c) in clues else "."
            assert grid[r][c] == want, f"cell {(r, c)} shows {grid[r][c]!r}"
    cells: dict[object, list[Pos]] = {}
    for r in range(rows):
        for c in range(cols):
            assert regions[r][c] is not None, f"cell {(r, c)} is in no rectangle"
            cells.setdefault(regions[r][c], []).append((r, c))
    for label, area in cells.items():
        top, bottom = min(r for r, _ in area), max(r for r, _ in area)
        left, right = min(c for _, c in area), max(c for _, c in area)
        assert len(area) == (bottom - top + 1) * (right - left + 1), f"{label} is no rectangle"
        numbers = [clues[pos] for pos in area if pos in clues]
        assert len(numbers) == 1, f"rectangle {label} holds {len(numbers)} numbers"
        assert numbers[0] in ("?", len(area)), f"rectangle {label}: {len(area)} cells"
