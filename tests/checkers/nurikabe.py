"""Nurikabe rules: the shaded cells connected with no 2x2 block of them, every unshaded
area holding exactly one number, which counts its cells (any count for a `?`)."""

from __future__ import annotations

from . import numbered_cells

Pos = tuple[int, int]


def _areas(cells: set[Pos]) -> list[set[Pos]]:
    """The cells split into areas connected through their sides."""
    left, areas = set(cells), []
    while left:
        start = left.pop()
        area, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in left:
                    left.remove(near)
                    area.add(near)
                    todo.append(near)
        areas.append(area)
    return areas


def check(text: str, solution: dict) -> None:
    rows, cols, clues = numbered_cells(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "grid shape"
    shaded = {(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "#"}
    for (r, c), clue in clues.items():
        assert grid[r][c] == str(clue), f"the clue at {(r, c)} is not shown unshaded"
    for r in range(rows):
        for c in range(cols):
            assert (r, c) in clues or grid[r][c] in ("#", "."), f"cell {(r, c)}"
    assert len(_areas(shaded)) <= 1, "the shaded cells are not connected"
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)}
            assert not block <= shaded, f"a 2x2 block of shaded cells at {(r, c)}"
    unshaded = {(r, c) for r in range(rows) for c in range(cols)} - shaded
    for area in _areas(unshaded):
        numbers = [clues[pos] for pos in area if pos in clues]
        assert len(numbers) == 1, f"an island with {len(numbers)} numbers: {sorted(area)[:3]}"
        assert numbers[0] == "?" or numbers[0] == len(area), (
            f"an island of {len(area)} cells holds the number {numbers[0]}")
