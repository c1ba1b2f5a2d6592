"""Ripple Effect rules: a room of N cells holds 1..N, each once; two equal numbers K in a
row or a column have at least K cells between them; every given number stays.

Reads the plain text grid (`R C`, R rows of clues, `-` empty, then R rows of room ids) or
a puzz.link address (pzprjs's decodeBorder, decodeNumber16, decodeEmpty) with _textlink.
"""

from ._textlink import address, text_blocks
from .grid_input import border_rooms, number16

Pos = tuple[int, int]


def puzzle(text: str) -> tuple[dict[Pos, int], dict[Pos, object]]:
    """The given numbers, and each cell's room."""
    link = address(text)
    if link:
        rows, cols, body = link
        rooms, body = border_rooms(body, rows, cols)
        values, body = number16(body, rows * cols)
        assert not body, "cells off the board are not expected here"
        return {(p // cols + 1, p % cols + 1): v for p, v in values.items()}, dict(rooms)
    _, _, (clues, ids) = text_blocks(text, 2)
    givens = {(r, c): int(t) for r, row in enumerate(clues, 1)
              for c, t in enumerate(row, 1) if t.isdigit()}
    return givens, {(r, c): t for r, row in enumerate(ids, 1) for c, t in enumerate(row, 1)}


def check(text: str, solution: dict) -> None:
    givens, rooms = puzzle(text)
    value = {(r, c): int(v) for r, row in enumerate(solution["grid"], 1)
             for c, v in enumerate(row, 1)}
    assert set(value) == set(rooms), "the grid's size"
    for pos, given in givens.items():
        assert value[pos] == given, f"the given {given} at {pos} changed"
    members: dict[object, list[int]] = {}
    for pos, room in rooms.items():
        members.setdefault(room, []).append(value[pos])
    for room, numbers in members.items():
        assert sorted(numbers) == list(range(1, len(numbers) + 1)), f"room {room}: {numbers}"
    for (r, c), k in value.items():
        for d in range(1, k + 1):
            assert value.get((r, c + d)) != k, f"two {k}s too close in row {r}"
            assert value.get((r + d, c)) != k, f"two {k}s too close in column {c}"
