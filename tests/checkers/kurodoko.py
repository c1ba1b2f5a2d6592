"""Kurodoko rules: a number counts the unshaded cells it sees along its row and column,
itself included, up to a shaded cell or the edge; numbered cells (and `?`) stay unshaded;
shaded cells never share a side; the unshaded cells form one area.

Reads the plain text grid (`R C`, rows of numbers, `?` and `-`) or a puzz.link address
(pzprjs's decodeNumber16) with grid_input.
"""

from .grid_input import STEPS, address, blocks, connected, neighbours, number16


def clues_of(text: str) -> tuple[int, int, dict[tuple[int, int], int]]:
    """Rows, columns and the clues (-2 for a `?`)."""
    link = address(text)
    if link:
        _, rows, cols, body = link
        values, _ = number16(body, rows * cols)
        return rows, cols, {(p // cols + 1, p % cols + 1): v for p, v in values.items()}
    size, grid = blocks(text, ["cells"])
    clues = {(r, c): (-2 if token == "?" else int(token))
             for r, row in enumerate(grid["cells"], 1) for c, token in enumerate(row, 1)
             if token not in "-."}
    return size[0], size[1], clues


def check(text: str, solution: dict) -> None:
    rows, cols, clues = clues_of(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "the grid's size"
    cells = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)}
    shaded = {(r, c) for r, c in cells if grid[r - 1][c - 1] == "#"}
    for pos, value in clues.items():
        assert pos not in shaded, f"the clue at {pos} is shaded"
        if value < 0:
            continue
        seen = 1
        for dr, dc in STEPS:
            r, c = pos[0] + dr, pos[1] + dc
            while (r, c) in cells and (r, c) not in shaded:
                seen, r, c = seen + 1, r + dr, c + dc
        assert seen == value, f"the {value} at {pos} sees {seen}"
    for pos in shaded:
        assert not any(n in shaded for n in neighbours(pos, cells)), f"shaded cells touch at {pos}"
    assert connected(cells - shaded), "the unshaded cells are not one area"
