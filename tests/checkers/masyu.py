"""Masyu rules: one loop through cell centres that never branches, through every circle;
straight through a white circle with a turn just before or after it, a turn at a black
circle with straight lines through both cells after it."""

from __future__ import annotations

from . import puzzlink_address, text_grid
from .slitherlink import loop_through

Pos = tuple[int, int]
TOKENS = {"w": "white", "1": "white", "b": "black", "2": "black"}


def _read(text: str) -> tuple[int, int, dict[Pos, str]]:
    """(rows, cols, {cell: white or black}), cells 1-based."""
    link = puzzlink_address(text)
    if link is not None:
        parts = [p for p in link[1] if not p.isalpha() or len(p) > 1]  # drop a flag ("f")
        cols, rows, body = int(parts[0]), int(parts[1]), parts[2]
        circles = {}
        for i, char in enumerate(body[:-(-rows * cols // 3)]):
            value = int(char, 27)
            for w, weight in enumerate((9, 3, 1)):
                kind = value // weight % 3
                if kind and 3 * i + w < rows * cols:
                    r, c = divmod(3 * i + w, cols)
                    circles[(r + 1, c + 1)] = ("white", "black")[kind - 1]
        return rows, cols, circles
    size, lines = text_grid(text)
    rows, cols = int(size[0]), int(size[1])
    return rows, cols, {(r + 1, c + 1): TOKENS[token] for r, line in enumerate(lines[:rows])
                        for c, token in enumerate(line) if token not in ("-", ".")}


def check(text: str, solution: dict) -> None:
    rows, cols, circles = _read(text)
    grid = solution["grid"]
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            want = {"white": "o", "black": "x"}.get(circles.get((r, c), ""), ".")
            assert grid[r - 1][c - 1] == want, f"cell {(r, c)} shows {grid[r - 1][c - 1]!r}"
    segments = {tuple(sorted((tuple(a), tuple(b)))) for a, b in solution["edges"]}
    loop_through(segments)  # type: ignore[arg-type]
    nears: dict[Pos, set[Pos]] = {}
    for a, b in segments:
        for r, c in (a, b):
            assert 1 <= r <= rows and 1 <= c <= cols, f"cell {(r, c)} outside the grid"
        nears.setdefault(a, set()).add(b)
        nears.setdefault(b, set()).add(a)

    def straight(cell: Pos) -> bool:
        (r1, c1), (r2, c2) = sorted(nears[cell])
        return r1 == r2 or c1 == c2

    for cell, kind in circles.items():
        assert cell in nears, f"the loop misses the circle at {cell}"
        if kind == "white":
            assert straight(cell), f"the loop turns on the white circle at {cell}"
            assert not all(straight(near) for near in nears[cell]), (
                f"no turn beside the white circle at {cell}")
        else:
            assert not straight(cell), f"the loop goes straight on the black circle at {cell}"
            for near in nears[cell]:
                assert straight(near), f"a turn right after the black circle at {cell}"
