"""Norinori rules: two shaded cells in every region; every shaded cell shares a side with
exactly one other shaded cell.

Reads the plain text grid (`R C`, an optional block of empty cells, the rooms' labels) or
a puzz.link address (pzprjs's decodeBorder) with grid_input.
"""

from .grid_input import address, blocks, border_rooms, neighbours, rooms_of


def rooms(text: str) -> dict[tuple[int, int], object]:
    link = address(text)
    if link:
        _, rows, cols, body = link
        return dict(border_rooms(body, rows, cols)[0])
    _, grid = blocks(text, ["cells", "rooms"])
    return dict(rooms_of(grid["rooms"]))


def check(text: str, solution: dict) -> None:
    room = rooms(text)
    grid = solution["grid"]
    shaded = {(r, c) for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1) if v == "#"}
    assert {(r, c) for r, row in enumerate(grid, 1) for c, _ in enumerate(row, 1)} == set(room)
    for label in set(room.values()):
        count = sum(1 for pos in shaded if room[pos] == label)
        assert count == 2, f"room {label} has {count} shaded cells"
    for pos in shaded:
        touching = sum(1 for n in neighbours(pos, room) if n in shaded)
        assert touching == 1, f"the shaded cell {pos} touches {touching} shaded cells"
