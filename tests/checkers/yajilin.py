"""Yajilin rules: shaded cells never share a side; one loop through the centres of every
cell that is neither shaded nor a clue; a clue's number counts the shaded cells in its
arrow's direction. Reads janko.at's text grid (`2e`: two, pointing east; `x`, `@` or `?`
a grey cell without a clue) and pzprjs's
`yajilin` address (decodeArrowNumber16: qdir 1 up, 2 down, 3 left, 4 right)."""

from __future__ import annotations

from . import puzzlink_address, text_grid
from .slitherlink import loop_through

Pos = tuple[int, int]
STEP = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}
QDIR = {0: "", 1: "n", 2: "s", 3: "w", 4: "e"}


def _read(text: str) -> tuple[int, int, dict[Pos, tuple[int | None, str]]]:
    """(rows, cols, {clue cell: (number or None for `?`, arrow or "")}), cells 1-based."""
    link = puzzlink_address(text)
    clues: dict[Pos, tuple[int | None, str]] = {}
    if link is not None:
        parts = [p for p in link[1] if p and not (p.isalpha() and len(p) == 1)]  # drop a flag
        cols, rows, body = int(parts[0]), int(parts[1]), parts[2]
        place = i = 0
        while i < len(body) and place < rows * cols:
            char = body[i]
            pos = divmod(place, cols)
            cell = (pos[0] + 1, pos[1] + 1)
            if char in "01234":
                following = body[i + 1]
                clues[cell] = (None if following == "." else int(following, 16), QDIR[int(char)])
                i += 1
            elif char in "56789":
                clues[cell] = (int(body[i + 1:i + 3], 16), QDIR[int(char) - 5])
                i += 2
            elif char == "-":
                clues[cell] = (int(body[i + 2:i + 5], 16), QDIR[int(body[i + 1], 16)])
                i += 4
            else:
                place += int(char, 36) - 10
            place += 1
            i += 1
        return rows, cols, clues
    size, lines = text_grid(text)
    rows, cols = int(size[0]), int(size[1])
    for r, line in enumerate(lines[:rows], 1):
        for c, token in enumerate(line, 1):
            if token in ("-", "."):
                continue
            if token in ("?", "x", "@"):  # a grey cell without a clue
                clues[(r, c)] = (None, "")
            else:
                arrow = token[-1] if token[-1] in STEP else ""
                clues[(r, c)] = (int(token[:len(token) - len(arrow)]), arrow)
    return rows, cols, clues


def check(text: str, solution: dict) -> None:
    rows, cols, clues = _read(text)
    grid = solution["grid"]
    shaded = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
              if grid[r - 1][c - 1] == "#"}
    assert not shaded & set(clues), "a clue's cell is shaded"
    for r, c in shaded:
        assert (r + 1, c) not in shaded and (r, c + 1) not in shaded, (
            f"shaded cells touch at {(r, c)}")
    segments = {tuple(sorted((tuple(a), tuple(b)))) for a, b in solution["edges"]}
    loop_through(segments)  # type: ignore[arg-type]
    looped = {cell for segment in segments for cell in segment}
    free = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)} - set(clues)
    assert looped == free - shaded, (
        f"the loop misses {sorted(free - shaded - looped)} or passes "
        f"{sorted(looped - (free - shaded))}")
    for (r, c), (number, arrow) in clues.items():
        if number is None or not arrow:
            continue
        dr, dc = STEP[arrow]
        seen = 0
        k = 1
        while 1 <= r + k * dr <= rows and 1 <= c + k * dc <= cols:
            seen += (r + k * dr, c + k * dc) in shaded
            k += 1
        assert seen == number, f"the clue at {(r, c)} sees {seen} shaded cells, not {number}"
