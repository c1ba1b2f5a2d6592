"""The checkers' own reading of a genre's puzzle file: the plain text grid (a size line,
then blocks of space-separated tokens) or a puzz.link address, decoded as pzprjs's
`src/variety-common/Encode.js` describes (written from its description, sharing no code
with the package's readers).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

Pos = tuple[int, int]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def lines_of(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def address(text: str) -> tuple[str, int, int, str] | None:
    """(genre, rows, cols, body) of a puzz.link address, or None for a text grid."""
    lines = lines_of(text)
    if len(lines) != 1 or "?" not in lines[0]:
        return None
    name, cols, rows, *body = lines[0].split("?", 1)[1].split("/")
    return name, int(rows), int(cols), "/".join(body)


def blocks(text: str, names: Iterable[str]) -> tuple[list[int], dict[str, list[list[str]]]]:
    """The size line's numbers and each block's rows of tokens (a block of `cells` or
    `rooms` has a line per row, `top` or `left` one line); a block missing from the
    file (an optional one) is left out."""
    lines = lines_of(text)
    size = [int(field) for field in lines[0].split()]
    rows = size[0]
    heights = {"cells": rows, "rooms": rows, "top": 1, "left": 1}
    names = list(names)
    if len(lines) - 1 < sum(heights[name] for name in names):
        names = [name for name in names if name != "cells"]
    out, at = {}, 1
    for name in names:
        out[name] = [line.split() for line in lines[at:at + heights[name]]]
        at += heights[name]
    assert at == len(lines), "lines left over after the blocks"
    return size, out


def neighbours(pos: Pos, cells: Iterable[Pos] | dict) -> Iterator[Pos]:
    for dr, dc in STEPS:
        other = (pos[0] + dr, pos[1] + dc)
        if other in cells:
            yield other


def connected(cells: set[Pos]) -> bool:
    """Whether the cells form one area (sides shared)."""
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, deque([start])
    while todo:
        for other in neighbours(todo.popleft(), cells):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == cells


def rooms_of(labels: list[list[str]]) -> dict[Pos, str]:
    return {(r, c): label for r, row in enumerate(labels, 1) for c, label in enumerate(row, 1)}


# --- puzz.link bodies ----------------------------------------------------------------------

def number16(body: str, count: int) -> tuple[dict[int, int], str]:
    """Hex digits, `-xx` two hex digits, `+xxx` three, `=xxx` three plus 4096, `.` a `?`
    (-2), `g`..`z` skipping 1..20 places."""
    values, place, i = {}, 0, 0
    while i < len(body) and place < count:
        char = body[i]
        if char in "0123456789abcdef":
            values[place], i = int(char, 16), i + 1
        elif char == "-":
            values[place], i = int(body[i + 1:i + 3], 16), i + 3
        elif char == "+":
            values[place], i = int(body[i + 1:i + 4], 16), i + 4
        elif char == "=":
            values[place], i = int(body[i + 1:i + 4], 16) + 4096, i + 4
        elif char == ".":
            values[place], i = -2, i + 1
        elif "g" <= char <= "z":
            place += int(char, 36) - 15
            i += 1
            continue
        else:
            raise AssertionError(f"unexpected {char!r}")
        place += 1
    return values, body[i:]


def number36(body: str, count: int) -> tuple[dict[int, int], str]:
    """One base-36 digit a place, `-xx` two, `%`/`@` a `?`: a value in every place."""
    values, i = {}, 0
    for place in range(count):
        char = body[i]
        if char == "-":
            values[place], i = int(body[i + 1:i + 3], 36), i + 3
            continue
        values[place] = -2 if char in "%@" else int(char, 36)
        i += 1
    return values, body[i:]


def border_rooms(body: str, rows: int, cols: int) -> tuple[dict[Pos, int], str]:
    """Borders, five a base-32 digit: first between the cells of each row (cols-1 a row),
    then between each row and the next (cols a row); the rooms they enclose, numbered in
    reading order of their first cells (0, 1, ...)."""
    vertical, horizontal = (cols - 1) * rows, cols * (rows - 1)
    first, second = (vertical + 4) // 5, (horizontal + 4) // 5
    bits = "".join(f"{int(char, 32):05b}" for char in body[:first + second])
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
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if (r, c) in room:
                continue
            label, todo = len(set(room.values())), [(r, c)]
            room[(r, c)] = label
            while todo:
                here = todo.pop()
                for dr, dc in STEPS:
                    there = (here[0] + dr, here[1] + dc)
                    pair = (min(here, there), max(here, there))
                    if (1 <= there[0] <= rows and 1 <= there[1] <= cols
                            and there not in room and pair not in walls):
                        room[there] = label
                        todo.append(there)
    return room, body[first + second:]


def excell16(body: str, count: int) -> tuple[dict[int, int], str]:
    """The clues outside the grid: hex digits, `-xx`, `.`, `g`..`z` skipping 1..20."""
    values, place, i = {}, 0, 0
    while i < len(body) and place < count:
        char = body[i]
        if char == "-":
            values[place] = int(body[i + 1:i + 3], 16)
            i += 2
        elif char == ".":
            values[place] = -2
        elif "g" <= char <= "z":
            place += int(char, 36) - 16
        else:
            values[place] = int(char, 16)
        place += 1
        i += 1
    return values, body[i:]


def one_cell(body: str, count: int) -> tuple[set[int], str]:
    """The marked places: `0`..`h` marks a place and skips 0..17 after it, `i`..`z` skips
    0..17 places without a mark."""
    marked, place, i = set(), 0, 0
    while i < len(body) and place < count:
        value = int(body[i], 36)
        if value < 18:
            marked.add(place)
            place += value + 1
        else:
            place += value - 18 + 1
        i += 1
    return marked, body[i:]
