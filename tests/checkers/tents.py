"""Tents rules: each tree has its own tent on a side (trees and tents pair up one to one);
tents stand on free cells and never touch, not even at a corner; the numbers over the
columns and left of the rows count their tents.

Reads the plain text grid (`R C`, the column counts, the row counts, then rows with `x`
for a tree) or a puzz.link address (pzprjs's decodeNumber16ExCell over the columns then
the rows, decode1Cell for the trees) with grid_input.
"""

from .grid_input import address, blocks, excell16, neighbours, one_cell

Pos = tuple[int, int]


def puzzle(text: str) -> tuple[int, int, set[Pos], dict[int, int], dict[int, int]]:
    """Rows, columns, trees, the counts by column and by row."""
    link = address(text)
    if link:
        _, rows, cols, body = link
        around, rest = excell16(body, cols + rows)
        trees, _ = one_cell(rest, rows * cols)
        return (rows, cols, {(p // cols + 1, p % cols + 1) for p in trees},
                {i + 1: v for i, v in around.items() if i < cols and v >= 0},
                {i - cols + 1: v for i, v in around.items() if i >= cols and v >= 0})
    size, grid = blocks(text, ["top", "left", "cells"])
    counts = [{i: int(t) for i, t in enumerate(grid[side][0], 1) if t not in "-."}
              for side in ("top", "left")]
    trees = {(r, c) for r, row in enumerate(grid["cells"], 1)
             for c, t in enumerate(row, 1) if t == "x"}
    return size[0], size[1], trees, counts[0], counts[1]


def pairs_up(trees: set[Pos], tents: set[Pos]) -> bool:
    """Whether each tree can have a tent of its own beside it, using every tent."""
    mate: dict[Pos, Pos] = {}

    def place(tree: Pos, seen: set[Pos]) -> bool:
        for tent in neighbours(tree, tents):
            if tent not in seen:
                seen.add(tent)
                if tent not in mate or place(mate[tent], seen):
                    mate[tent] = tree
                    return True
        return False

    return len(trees) == len(tents) and all(place(tree, set()) for tree in trees)


def check(text: str, solution: dict) -> None:
    rows, cols, trees, by_column, by_row = puzzle(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "the grid's size"
    tents = {(r, c) for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1) if v == "^"}
    assert not tents & trees, "a tent on a tree"
    for r, c in tents:
        near = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {(r, c)}
        assert not near & tents, f"tents touch at {(r, c)}"
    for c, n in by_column.items():
        assert sum(1 for t in tents if t[1] == c) == n, f"column {c} has not {n} tents"
    for r, n in by_row.items():
        assert sum(1 for t in tents if t[0] == r) == n, f"row {r} has not {n} tents"
    assert pairs_up(trees, tents), "trees and tents do not pair up"
