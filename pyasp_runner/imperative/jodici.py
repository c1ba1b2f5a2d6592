"""Jodici, imperatively: fill the empty fields in a fixed order, digits 9..1, check sums.

The disc has 3 rings x 6 sectors. After every digit placed the search checks what the
original Python solver checked: no digit more than twice, each sector's sum below 15
(exactly 15 once its 3 fields are full), each ring's sum below 30 (exactly 30 when
full). A failed check cuts the branch; nothing else guides the search.
"""

from __future__ import annotations

from collections import Counter

from ._common import Enough, Result, Watch, content_lines, is_empty

RINGS, SECTORS = 3, 6
SECTOR_SUM, RING_SUM = 15, 30


def read(text: str) -> list[list[int | None]]:
    """Three rows (rings) of six comma-separated fields; `_` is empty."""
    grid: list[list[int | None]] = []
    for line in content_lines(text):
        fields = line.split(",")
        if len(fields) != SECTORS:
            raise ValueError(f"a ring has {SECTORS} fields: {line!r}")
        grid.append([None if is_empty(f) else int(f) for f in fields])
    if len(grid) != RINGS:
        raise ValueError(f"a disc has {RINGS} rings")
    return grid


def _valid(grid: list[list[int | None]], ring: int, sector: int) -> bool:
    """The checks after a digit is placed at (ring, sector)."""
    digit = grid[ring][sector]
    if sum(row.count(digit) for row in grid) > 2:
        return False
    column = [grid[r][sector] for r in range(RINGS)]
    total = sum(d for d in column if d is not None)
    if total > SECTOR_SUM or (None not in column and total != SECTOR_SUM):
        return False
    row = grid[ring]
    total = sum(d for d in row if d is not None)
    return total <= RING_SUM and (None in row or total == RING_SUM)


# The encoding's shown atom for a value (the studio draws a search with the board).
SHOWN_VALUE = "value"


def solve(text: str, limit: int = 2, watch: Watch | None = None) -> Result:
    grid = read(text)
    result = Result(limit=limit, watch=watch)

    def snapshot() -> list[list[int | None]]:
        return [list(row) for row in grid]

    givens = Counter(d for row in grid for d in row if d is not None)
    if any(n > 2 for n in givens.values()):
        result.nodes, result.complete = 1, True  # the root, cut at once
        return result
    empty = [(r, s) for r in range(RINGS) for s in range(SECTORS) if grid[r][s] is None]

    def search(index: int) -> None:
        result.nodes += 1
        if index == len(empty):
            result.saw("solution", snapshot)
            result.found({"grid": [list(row) for row in grid]})
            return
        ring, sector = empty[index]
        for digit in range(9, 0, -1):
            result.tried += 1
            grid[ring][sector] = digit
            result.saw("try", snapshot, (ring, sector))
            if _valid(grid, ring, sector):
                search(index + 1)
            else:
                result.saw("cut", snapshot, (ring, sector))
        grid[ring][sector] = None

    try:
        # A disc with all 18 givens is still checked once as a whole.
        if all(_valid(grid, r, s) for r in range(RINGS) for s in range(SECTORS)
               if grid[r][s] is not None):
            result.saw("start", snapshot)
            search(0)
        else:
            result.nodes = 1  # the root, cut at once
        result.complete = True
    except Enough:
        pass
    return result
