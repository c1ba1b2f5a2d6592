"""The puzzle file as the checkers of Fillomino, Ripple Effect, Killer Sudoku and
Numberlink read it: the plain text grid (`R C`, then blocks of R rows of tokens) or a
puzz.link address, its body decoded as pzprjs's `src/variety-common/Encode.js` describes
(decodeNumber16, decodeBorder, decodeEmpty), written apart from the package's readers.
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


def border_rooms(body: str, rows: int, cols: int) -> tuple[dict[Pos, int], str]:
    """Borders five to a base-32 digit, those between the cells of each row first, then
    those below each row; the rooms they enclose, numbered from 1 by first cell."""
    vertical, horizontal = (cols - 1) * rows, cols * (rows - 1)
    first, second = (vertical + 4) // 5, (horizontal + 4) // 5
    bits = "".join(f"{int(char, 32):05b}" for char in body[:first]).ljust(first * 5, "0")
    bits += "".join(f"{int(char, 32):05b}" for char in body[first:first + second])
    walls = set()
    for k in range(vertical):
        if bits[k] == "1":
            r, c = divmod(k, cols - 1)
            walls.add(((r + 1, c + 1), (r + 1, c + 2)))
    for k in range(horizontal):
        if bits[first * 5 + k] == "1":
            r, c = divmod(k, cols)
            walls.add(((r + 1, c + 1), (r + 2, c + 1)))
    room: dict[Pos, int] = {}
    for start in ((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)):
        if start in room:
            continue
        label = len(set(room.values())) + 1
        room[start], todo = label, [start]
        while todo:
            here = todo.pop()
            for there in neighbours(here):
                pair = (min(here, there), max(here, there))
                if (1 <= there[0] <= rows and 1 <= there[1] <= cols and there not in room
                        and pair not in walls):
                    room[there] = label
                    todo.append(there)
    return room, body[first + second:]


def neighbours(pos: Pos) -> list[Pos]:
    r, c = pos
    return [(r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)]


def components(cells: set[Pos], joined) -> list[set[Pos]]:  # type: ignore[no-untyped-def]
    """The classes of `cells` under `joined(a, b)` between neighbours."""
    left, out = set(cells), []
    while left:
        start = left.pop()
        part, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for there in neighbours(here):
                if there in left and joined(here, there):
                    left.discard(there)
                    part.add(there)
                    todo.append(there)
        out.append(part)
    return out
