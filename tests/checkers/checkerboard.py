"""Checkerboard rules: every stone placed once (rotated or mirrored), the board covered
exactly once, every square on a field of its colour; plus an independent tiling counter.

The counter (`tilings`) is a plain backtracking search over the first empty field, with
its own reading of the file, so the encoding's counts can be checked against it on small
boards: tilings are compared as sets of (shape, fields) pieces, so identical stones never
count twice, and orbits under the board's colour-preserving symmetries are counted by
taking the smallest image of each tiling.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from . import content_lines

Cells = frozenset[tuple[int, int, str]]


def read(text: str) -> tuple[int, int, str, list[Cells]]:
    """Rows, columns, top-left colour and the stones (cells with colours, from 0)."""
    lines = content_lines(text)
    rows = cols = 0
    corner = "B"
    while lines and ":" in lines[0]:
        key, value = (part.strip() for part in lines.pop(0).split(":", 1))
        if key.lower() == "board":
            cols, rows = (int(v) for v in value.lower().split("x"))
        elif key.lower() == "corner":
            corner = value[0].upper()
    stones: list[Cells] = []
    current: list[str] = []
    if lines and re.fullmatch(r"[bBwW](,\s*-?\d+\s*,\s*-?\d+\s*)+", lines[0]):
        # one stone a line: the first square's colour, then each square's row and column
        for line in lines:
            colour, *numbers = (part.strip() for part in line.split(","))
            squares = list(zip(map(int, numbers[::2]), map(int, numbers[1::2]), strict=True))
            r0, c0 = squares[0]
            other = {"B": "W", "W": "B"}[colour.upper()]
            stones.append(frozenset((r, c, colour.upper() if (r + c - r0 - c0) % 2 == 0
                                     else other) for r, c in squares))
        lines = []
    if lines and not any("," in line for line in lines):
        stones += [frozenset(cells) for cells in _comma_free_stones(text)]
        lines = []
    for line in [*lines, "="]:
        if set(line) == {"="}:
            if current:
                stones.append(frozenset(
                    (r, c, v.strip().upper())
                    for r, row in enumerate(current) for c, v in enumerate(row.split(","))
                    if v.strip().strip("_")))
            current = []
        else:
            current.append(line)
    if not rows:
        rows = cols = round(sum(len(s) for s in stones) ** 0.5)
    return rows, cols, corner, [normal(s) for s in stones]


def _comma_free_stones(text: str) -> list[set[tuple[int, int, str]]]:
    """Stones written as rows of B/W without commas, any other character (a space) a hole;
    stones separated by `=` lines where the file has them, else by blank lines. Read from
    the raw lines, since a row's leading spaces place its squares."""
    raw = [line.rstrip() for line in text.splitlines()
           if not line.strip().startswith("#") and ":" not in line]
    split_on_equals = any(line.strip() and set(line.strip()) == {"="} for line in raw)
    stones: list[set[tuple[int, int, str]]] = []
    current: list[str] = []
    for line in [*raw, ""] if not split_on_equals else [*raw, "="]:
        ends = (set(line.strip()) == {"="}) if split_on_equals else not line.strip()
        if ends:
            if current:
                stones.append({(r, c, ch.upper()) for r, row in enumerate(current)
                               for c, ch in enumerate(row) if ch.upper() in "BW"})
            current = []
        elif line.strip():
            current.append(line)
    return stones


def normal(cells: Cells) -> Cells:
    top = min(r for r, _, _ in cells)
    left = min(c for _, c, _ in cells)
    return frozenset((r - top, c - left, v) for r, c, v in cells)


def orientations(cells: Cells) -> set[Cells]:
    found = set()
    for a, b, c, d in ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                       (1, 0, 0, -1), (0, -1, -1, 0), (-1, 0, 0, 1), (0, 1, 1, 0)):
        found.add(normal(frozenset((a * r + b * q, c * r + d * q, v) for r, q, v in cells)))
    return found


def colour(corner: str, r: int, c: int) -> str:
    return corner if (r + c) % 2 == 0 else {"B": "W", "W": "B"}[corner]


def check(text: str, solution: dict) -> None:
    rows, cols, corner, stones = read(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid)
    assert all(isinstance(s, int) and 0 <= s < len(stones) for row in grid for s in row)
    assert Counter(s for row in grid for s in row) == Counter(
        {i: len(stone) for i, stone in enumerate(stones)}), "every stone covers its area"
    for index, stone in enumerate(stones):
        placed = frozenset((r, c, colour(corner, r + 1, c + 1))
                           for r, row in enumerate(grid) for c, s in enumerate(row)
                           if s == index)
        assert normal(placed) in orientations(stone), \
            f"stone {index} is not placed as one of its orientations on matching colours"


Tiling = frozenset[tuple[Cells, frozenset[tuple[int, int]]]]


def tilings(text: str) -> set[Tiling]:
    """Every tiling, as a set of pieces (the stone's shape class, the fields it covers)."""
    rows, cols, corner, stones = read(text)
    shapes = [min(orientations(s), key=sorted) for s in stones]
    options = [sorted(orientations(s), key=sorted) for s in stones]
    board = {(r, c): colour(corner, r + 1, c + 1) for r in range(rows) for c in range(cols)}
    taken: dict[tuple[int, int], int] = {}
    used = [False] * len(stones)
    found: set[Tiling] = set()

    def place(start: int) -> None:
        empty = next((i for i in range(start, rows * cols) if divmod(i, cols) not in taken),
                     None)
        if empty is None:
            pieces = {}
            for field, stone in taken.items():
                pieces.setdefault(stone, set()).add(field)
            found.add(frozenset((shapes[s], frozenset(f)) for s, f in pieces.items()))
            return
        r0, c0 = divmod(empty, cols)
        tried: set[Cells] = set()  # identical stones: only the first unused one is tried
        for index, orients in enumerate(options):
            if used[index] or shapes[index] in tried:
                continue
            tried.add(shapes[index])
            for cells in orients:
                dr, dc = min((r, c) for r, c, _ in cells)
                fields = [((r - dr + r0, c - dc + c0), v) for r, c, v in cells]
                if all(board.get(f) == v and f not in taken for f, v in fields):
                    used[index] = True
                    for f, _ in fields:
                        taken[f] = index
                    place(empty + 1)
                    for f, _ in fields:
                        del taken[f]
                    used[index] = False
    place(0)
    return found


def orbits(text: str, found: set[Tiling]) -> int:
    """How many tilings remain when colour-preserving board symmetries are identified."""
    rows, cols, corner, _ = read(text)
    maps = [lambda r, c: (r, c), lambda r, c: (rows - 1 - r, cols - 1 - c),
            lambda r, c: (r, cols - 1 - c), lambda r, c: (rows - 1 - r, c)]
    if rows == cols:
        n = rows - 1
        maps += [lambda r, c: (c, r), lambda r, c: (n - c, n - r),
                 lambda r, c: (c, n - r), lambda r, c: (n - c, r)]
    fields = [(r, c) for r in range(rows) for c in range(cols)]
    keep = [m for m in maps
            if all(colour(corner, *m(r, c)) == colour(corner, r, c) for r, c in fields)]

    def key(tiling: Tiling) -> tuple:
        return tuple(sorted((tuple(sorted(shape)), tuple(sorted(f))) for shape, f in tiling))

    def image(tiling: Tiling, m: Callable[[int, int], tuple[int, int]]) -> Tiling:
        return frozenset((shape, frozenset(m(*f) for f in fs)) for shape, fs in tiling)

    return len({min(key(image(t, m)) for m in keep) for t in found})
