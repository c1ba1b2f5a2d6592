"""Hitori rules: no number twice among the unshaded cells of a row or column; shaded
cells never share a side; the unshaded cells form one area; unshaded cells keep their
numbers.

Reads the plain text grid (`R C`, then rows of numbers) or a puzz.link address (pzprjs's
decodeHitori: a base-36 digit a cell) with grid_input.
"""

from .grid_input import address, blocks, connected, neighbours, number36


def numbers_of(text: str) -> dict[tuple[int, int], int]:
    link = address(text)
    if link:
        _, rows, cols, body = link
        values, _ = number36(body, rows * cols)
        return {(p // cols + 1, p % cols + 1): v for p, v in values.items()}
    _, grid = blocks(text, ["cells"])
    return {(r, c): int(token) for r, row in enumerate(grid["cells"], 1)
            for c, token in enumerate(row, 1)}


def check(text: str, solution: dict) -> None:
    numbers = numbers_of(text)
    grid = solution["grid"]
    shaded = {(r, c) for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1) if v == "#"}
    cells = {(r, c) for r, row in enumerate(grid, 1) for c, _ in enumerate(row, 1)}
    assert cells == set(numbers), "the grid's size"
    white = cells - shaded
    for pos in white:
        assert grid[pos[0] - 1][pos[1] - 1] == str(numbers[pos]), f"number at {pos} changed"
    for a in white:
        for b in white:
            if a < b and (a[0] == b[0] or a[1] == b[1]):
                assert numbers[a] != numbers[b], f"{numbers[a]} twice: {a} and {b}"
    for pos in shaded:
        assert not any(n in shaded for n in neighbours(pos, cells)), f"shaded cells touch at {pos}"
    assert connected(white), "the unshaded cells are not one area"
