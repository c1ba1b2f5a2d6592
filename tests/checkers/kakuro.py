"""Kakuro rules: a digit 1..9 in every white cell, each run across or down adding up to
the sum its block gives and holding no digit twice."""

from __future__ import annotations

from . import puzzlink_address, text_grid

Pos = tuple[int, int]


def _decval(char: str) -> int:
    """pzprjs kakuro's digit of a sum: 0-9, a-j for 10-19, A-Z for 20-45."""
    return int(char, 36) + (10 if char.isupper() else 0)


def _from_address(cols: int, rows: int, body: str) -> tuple[int, int, dict[Pos, tuple]]:
    """pzprjs's decodeKakuro: the board with a row of column sums above it and a column
    of row sums to its left, as one grid: {block: (down, right)}, 0 for none."""
    blocks: dict[Pos, tuple] = {(0, 0): (0, 0)}
    cell = i = 0
    while cell < rows * cols:
        char = body[i]
        if "k" <= char <= "z":
            cell += int(char, 36) - 19
        else:
            down = right = 0
            if char != ".":
                down, right = _decval(char), _decval(body[i + 1])
                i += 1
            r, c = divmod(cell, cols)
            blocks[(r + 1, c + 1)] = (down, right)
            cell += 1
        i += 1
    for c in range(cols):
        blocks[(0, c + 1)] = (0, 0)
        if (1, c + 1) not in blocks:
            blocks[(0, c + 1)] = (_decval(body[i]), 0)
            i += 1
    for r in range(rows):
        blocks[(r + 1, 0)] = (0, 0)
        if (r + 1, 1) not in blocks:
            blocks[(r + 1, 0)] = (0, _decval(body[i]))
            i += 1
    return rows + 1, cols + 1, blocks


def _read(text: str) -> tuple[int, int, dict[Pos, tuple]]:
    """(rows, cols, {block: (down sum, right sum)}); the other cells are white."""
    link = puzzlink_address(text)
    if link is not None:
        return _from_address(int(link[1][0]), int(link[1][1]), link[1][2])
    size, lines = text_grid(text)
    rows, cols = int(size[0]), int(size[1])
    blocks: dict[Pos, tuple] = {}
    for r, line in enumerate(lines[:rows]):
        for c, token in enumerate(line):
            if token == "-":
                blocks[(r, c)] = (0, 0)
            elif "," in token:
                down, right = token.split(",")
                blocks[(r, c)] = (int(down or 0), int(right or 0))
            else:
                assert token == "0", f"token {token!r}"
    return rows, cols, blocks


def check(text: str, solution: dict) -> None:
    rows, cols, blocks = _read(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "grid shape"
    for r in range(rows):
        for c in range(cols):
            if (r, c) in blocks:
                assert grid[r][c] == "#", f"block {(r, c)} shows {grid[r][c]!r}"
            else:
                assert grid[r][c] in list("123456789"), f"cell {(r, c)} shows {grid[r][c]!r}"
    for (r, c), (down, right) in blocks.items():
        for total, (dr, dc) in ((down, (1, 0)), (right, (0, 1))):
            run, rr, cc = [], r + dr, c + dc
            while rr < rows and cc < cols and (rr, cc) not in blocks:
                run.append(int(grid[rr][cc]))
                rr, cc = rr + dr, cc + dc
            assert len(set(run)) == len(run), f"a digit twice in the run from {(r, c)}"
            if total:
                assert sum(run) == total, f"the run from {(r, c)} adds up to {sum(run)}"
