"""The puzzle file as the checkers of Ripple Effect, Killer Sudoku, Hashiwokakero and
Gokigen Naname read it: the plain text grid (`R C`, then blocks of R rows of tokens) or a
puzz.link address with its numbers decoded as pzprjs's `src/variety-common/Encode.js`
describes (decodeNumber16), written apart from the package's readers (rooms from borders:
grid_input.border_rooms).
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


def number16(body: str, count: int) -> tuple[dict[int, int], str]:
    """Places 0..count-1: a hex digit; `-` two hex digits; `+` three; `.` a `?` (-2);
    `g`..`z` skip 1..20 places."""
    values: dict[int, int] = {}
    place = i = 0
    while i < len(body) and place < count:
        char = body[i]
        if char in "0123456789abcdef":
            values[place], i = int(char, 16), i + 1
        elif char == "-":
            values[place], i = int(body[i + 1:i + 3], 16), i + 3
        elif char == "+":
            values[place], i = int(body[i + 1:i + 4], 16), i + 4
        elif char == ".":
            values[place], i = -2, i + 1
        else:
            place += int(char, 36) - 16
            i += 1
        place += 1
    return values, body[i:]
