"""Akari rules: lamps in white cells only, every white cell lit, no lamp lighting another,
each numbered wall with that many lamps beside it."""

from __future__ import annotations

from . import puzzlink_address, pzpr_4cell, text_grid

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _read(text: str) -> tuple[int, int, dict[tuple[int, int], int | None]]:
    """(rows, cols, {wall: its number or None})."""
    link = puzzlink_address(text)
    if link is not None:
        cols, rows, body = int(link[1][0]), int(link[1][1]), link[1][2]
        values = pzpr_4cell(body, rows * cols)
        return rows, cols, {divmod(i, cols): (None if v == "?" else v)
                            for i, v in enumerate(values) if v is not None}
    size, lines = text_grid(text)
    rows, cols = int(size[0]), int(size[1])
    walls: dict[tuple[int, int], int | None] = {}
    for r, line in enumerate(lines[:rows]):
        for c, token in enumerate(line):
            if token == "x":
                walls[(r, c)] = None
            elif token.isdigit():
                walls[(r, c)] = int(token)
            else:
                assert token in ("-", "."), f"token {token!r}"
    return rows, cols, walls


def check(text: str, solution: dict) -> None:
    rows, cols, walls = _read(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "grid shape"
    lamps = set()
    for r in range(rows):
        for c in range(cols):
            shown = grid[r][c]
            if (r, c) in walls:
                number = walls[(r, c)]
                assert shown == ("#" if number is None else str(number)), f"wall {(r, c)}"
            elif shown == "@":
                lamps.add((r, c))
            else:
                assert shown == ".", f"cell {(r, c)} shows {shown!r}"
    lit = set(lamps)
    for r, c in lamps:
        for dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in walls:
                assert (rr, cc) not in lamps, f"the lamps at {(r, c)} and {(rr, cc)} see each other"
                lit.add((rr, cc))
                rr, cc = rr + dr, cc + dc
    dark = [(r, c) for r in range(rows) for c in range(cols)
            if (r, c) not in walls and (r, c) not in lit]
    assert not dark, f"cells left dark: {dark[:5]}"
    for (r, c), number in walls.items():
        if number is not None:
            beside = sum((r + dr, c + dc) in lamps for dr, dc in STEPS)
            assert beside == number, f"the {number} at {(r, c)} has {beside} lamps beside it"
