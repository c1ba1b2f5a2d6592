"""Gokigen Naname rules: every cell holds a diagonal, `/` or `\\`; a number on a grid point
counts the diagonals that touch that point; the diagonals form no loop.

Reads the plain text grid (`R C`, then R + 1 rows of C + 1 tokens, the numbers on the
grid's points, `-` none) or a puzz.link address (pzprjs's decode4Cross).
"""

from ._textlink import address

Pos = tuple[int, int]


def points(text: str) -> tuple[int, int, dict[Pos, int]]:
    """The grid's size and its numbers by 0-based grid point."""
    link = address(text)
    if link:
        rows, cols, body = link
        found: dict[int, int] = {}
        place = 0
        for char in body:  # decode4Cross: 0-4 a number; 5-9, a-e with one, two skipped
            if char in "01234":
                found[place] = int(char)
            elif char in "56789":
                found[place], place = int(char) - 5, place + 1
            elif char in "abcde":
                found[place], place = int(char, 16) - 10, place + 2
            elif "g" <= char <= "z":
                place += int(char, 36) - 16
            place += 1
            if place >= (rows + 1) * (cols + 1):
                break
        return rows, cols, {(p // (cols + 1), p % (cols + 1)): n for p, n in found.items()}
    lines = [line.split() for line in text.splitlines()
             if line.strip() and not line.strip().startswith("#")]
    rows, cols = int(lines[0][0]), int(lines[0][1])
    grid = lines[1:]
    assert len(grid) == rows + 1 and all(len(row) == cols + 1 for row in grid), "the points"
    return rows, cols, {(r, c): int(t) for r, row in enumerate(grid)
                        for c, t in enumerate(row) if t.isdigit()}


def check(text: str, solution: dict) -> None:
    rows, cols, numbers = points(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "the grid's size"
    parent: dict[Pos, Pos] = {}

    def root(p: Pos) -> Pos:
        while parent.get(p, p) != p:
            p = parent[p]
        return p

    touching: dict[Pos, int] = {}
    for r, row in enumerate(grid):
        for c, mark in enumerate(row):
            assert mark in ("/", "\\"), f"cell ({r + 1},{c + 1}) holds {mark!r}"
            a, b = ((r, c), (r + 1, c + 1)) if mark == "\\" else ((r + 1, c), (r, c + 1))
            for end in (a, b):
                touching[end] = touching.get(end, 0) + 1
            ra, rb = root(a), root(b)
            assert ra != rb, f"the diagonal of ({r + 1},{c + 1}) closes a loop"
            parent[ra] = rb
    for point, number in numbers.items():
        assert touching.get(point, 0) == number, \
            f"the {number} at point {point} touches {touching.get(point, 0)} diagonals"
