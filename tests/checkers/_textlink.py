"""The puzzle file as the checkers of Ripple Effect, Killer Sudoku, Hashiwokakero and
Gokigen Naname read it: the plain text grid (`R C`, then blocks of R rows of tokens) or a
puzz.link address, written apart from the package's readers (its numbers and rooms are
decoded by grid_input.number16 and grid_input.border_rooms).
"""

from __future__ import annotations

Pos = tuple[int, int]


def content(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def address(text: str) -> tuple[int, int, str] | None:
    """(rows, cols, body) of a puzz.link address, or None for a text grid."""
    lines = content(text)
    if len(lines) != 1 or "?" not in lines[0]:
        return None
    parts = lines[0].split("?", 1)[1].split("/")
    while not parts[1].isdigit():  # a flag segment after the genre's name
        del parts[1]
    return int(parts[2]), int(parts[1]), "/".join(parts[3:])


def text_blocks(text: str, count: int) -> tuple[int, int, list[list[list[str]]]]:
    """(rows, cols, [block, ...]): `count` blocks of R rows after the size line."""
    lines = content(text)
    rows, cols = (int(field) for field in lines[0].split()[:2])
    body = [line.split() for line in lines[1:]]
    assert len(body) == rows * count, "lines of the text grid"
    assert all(len(row) == cols for row in body), "tokens a row"
    return rows, cols, [body[k * rows:(k + 1) * rows] for k in range(count)]
