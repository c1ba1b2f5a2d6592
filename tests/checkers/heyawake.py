"""Heyawake rules: a room's number counts its shaded cells; shaded cells never share a
side; the unshaded cells form one area; no straight line of unshaded cells crosses two
room borders.

Reads the plain text grid (`R C`, a block of numbers and `-`, then the rooms' labels) or a
puzz.link address (pzprjs's decodeBorder, then decodeRoomNumber16: a number per room, for
the room's first cell in reading order) with grid_input.
"""

from itertools import pairwise

from .grid_input import address, blocks, border_rooms, connected, neighbours, number16, rooms_of

Pos = tuple[int, int]


def puzzle(text: str) -> tuple[dict[Pos, object], dict[Pos, int]]:
    """Each cell's room, and the numbers."""
    link = address(text)
    if link:
        _, rows, cols, body = link
        room, rest = border_rooms(body, rows, cols)
        labels = sorted(set(room.values()))
        values, _ = number16(rest, len(labels))
        first = {label: min(pos for pos in room if room[pos] == label) for label in labels}
        return dict(room), {first[labels[i]]: v for i, v in values.items() if v >= 0}
    _, grid = blocks(text, ["cells", "rooms"])
    numbers = {(r, c): int(t) for r, row in enumerate(grid["cells"], 1)
               for c, t in enumerate(row, 1) if t not in "-.?"}
    return dict(rooms_of(grid["rooms"])), numbers


def check(text: str, solution: dict) -> None:
    room, numbers = puzzle(text)
    grid = solution["grid"]
    cells = {(r, c) for r, row in enumerate(grid, 1) for c, _ in enumerate(row, 1)}
    assert cells == set(room), "the grid's size"
    shaded = {pos for pos in cells if grid[pos[0] - 1][pos[1] - 1] == "#"}
    for pos, value in numbers.items():
        count = sum(1 for p in shaded if room[p] == room[pos])
        assert count == value, f"the room of {pos} has {count} shaded cells, not {value}"
    for pos in shaded:
        assert not any(n in shaded for n in neighbours(pos, cells)), f"shaded cells touch at {pos}"
    assert connected(cells - shaded), "the unshaded cells are not one area"
    rows, cols = len(grid), len(grid[0])
    lines = [[(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)] + \
            [[(r, c) for r in range(1, rows + 1)] for c in range(1, cols + 1)]
    for line in lines:
        crossed = 0
        for before, after in pairwise(line):
            if before in shaded or after in shaded:
                crossed = 0
            elif room[before] != room[after]:
                crossed += 1
                assert crossed < 2, f"an unshaded line crosses two borders at {after}"
