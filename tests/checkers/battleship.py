"""Battleship rules: the ships are straight lines of cells that never touch, not even
diagonally; the numbers above and left of the grid count the ship cells of their column
and row; the fleet (`R C N1 N2 ...`: N_L ships of L cells) is placed exactly; a given ship
part (`n` `e` `s` `w` an end pointing that way, `m` a middle, `o` a submarine) and given
water (`x`) stay. Reads janko.at's text grid (the size line with the fleet, the column
counts, the row counts, the cells) and pzprjs's `battleship` address (the counts around
the grid, the cells' marks as numbers 0 water, 1 to 6 north, south, west, east end, middle,
submarine; then the fleet, `//c` `//d` `//e` pzprjs's presets or its pieces)."""

from __future__ import annotations

from . import puzzlink_address, pzpr_number16, text_grid

Pos = tuple[int, int]
PARTS = {"n": "n", "e": "e", "s": "s", "w": "w", "m": "m", "o": "O"}  # text -> --json
QNUM = {0: "x", 1: "n", 2: "s", 3: "w", 4: "e", 5: "m", 6: "O"}
PRESETS = {"c": [3, 2, 1], "d": [4, 3, 2, 1], "e": [5, 4, 3, 2, 1]}


def _fleet_of(rest: str) -> list[int]:
    if rest.startswith("//"):
        return PRESETS[rest[2]]
    count, *pieces = rest.strip("/").split("/")
    fleet: dict[int, int] = {}
    for piece in pieces[:int(count)]:
        length = int(piece[0], 36) * int(piece[1], 36)
        fleet[length] = fleet.get(length, 0) + 1
    return [fleet.get(length, 0) for length in range(1, max(fleet) + 1)]


def _read(text: str) -> tuple[int, int, list[int], dict[int, int], dict[int, int],
                              dict[Pos, str]]:
    """(rows, cols, fleet by length from 1, column counts, row counts, given marks)."""
    link = puzzlink_address(text)
    if link is not None:
        cols, rows = int(link[1][0]), int(link[1][1])
        body = "/".join(link[1][2:])
        around = pzpr_number16(body, cols + rows)  # above the columns, then left of the rows
        used = _consumed(body, cols + rows)
        column = {c + 1: v for c, v in enumerate(around[:cols]) if isinstance(v, int)}
        row = {r + 1: v for r, v in enumerate(around[cols:cols + rows]) if isinstance(v, int)}
        body = body[used:]
        cells_used = _consumed(body, rows * cols)
        values = pzpr_number16(body, rows * cols)
        given = {(i // cols + 1, i % cols + 1): QNUM[v] for i, v in enumerate(values)
                 if isinstance(v, int)}
        return rows, cols, _fleet_of(body[cells_used:]), column, row, given
    size, lines = text_grid(text)
    rows, cols = int(size[0]), int(size[1])
    fleet = [int(n) for n in size[2:]]
    column = {c + 1: int(t) for c, t in enumerate(lines[0]) if t.isdigit()}
    row = {r + 1: int(t) for r, t in enumerate(lines[1]) if t.isdigit()}
    given = {(r + 1, c + 1): PARTS.get(t, t) for r, line in enumerate(lines[2:2 + rows])
             for c, t in enumerate(line) if t not in ("-", ".")}
    return rows, cols, fleet, column, row, given


def _consumed(body: str, count: int) -> int:
    """How many characters of `body` pzprjs's decodeNumber16 reads for `count` places."""
    place = i = 0
    widths = {"-": 3, "+": 4, "=": 4, "@": 4, "*": 5, "$": 6}
    while i < len(body) and place < count:
        char = body[i]
        if char in widths:
            i += widths[char]
            place += 1
        elif char.isdigit() or char in "abcdef" or char == ".":
            i += 1
            place += 1
        else:
            place += int(char, 36) - 15
            i += 1
    return i


def check(text: str, solution: dict) -> None:
    rows, cols, fleet, column, row, given = _read(text)
    grid = solution["grid"]
    ship = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)
            if grid[r - 1][c - 1] in PARTS.values()}
    for (r, c) in ship:
        for dc in (-1, 1):
            assert (r + 1, c + dc) not in ship, f"ships touch at {(r, c)}"
    for c, n in column.items():
        assert sum((r, c) in ship for r in range(1, rows + 1)) == n, f"column {c}"
    for r, n in row.items():
        assert sum((r, c) in ship for c in range(1, cols + 1)) == n, f"row {r}"
    seen: set[Pos] = set()
    lengths: dict[int, int] = {}
    for start in sorted(ship):
        if start in seen:
            continue
        cells = [start]
        for step in ((0, 1), (1, 0)):
            nxt = (start[0] + step[0], start[1] + step[1])
            while nxt in ship:
                cells.append(nxt)
                nxt = (nxt[0] + step[0], nxt[1] + step[1])
        seen.update(cells)
        lengths[len(cells)] = lengths.get(len(cells), 0) + 1
        for index, (r, c) in enumerate(cells):
            if len(cells) == 1:
                part = "O"
            elif index in (0, len(cells) - 1):
                down = cells[1][0] > cells[0][0]
                part = ("n" if index == 0 else "s") if down else ("w" if index == 0 else "e")
            else:
                part = "m"
            assert grid[r - 1][c - 1] == part, f"cell {(r, c)} shows {grid[r - 1][c - 1]!r}"
    wanted = {length: n for length, n in enumerate(fleet, 1) if n}
    assert lengths == wanted, f"the fleet placed is {lengths}, not {wanted}"
    for pos, mark in given.items():
        if mark == "x":
            assert pos not in ship, f"given water at {pos} holds a ship"
        else:
            assert grid[pos[0] - 1][pos[1] - 1] == mark, f"the given part at {pos} changed"
