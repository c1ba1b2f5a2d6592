"""Magic board, imperatively: best-first filling of the fullest line, sums checked early.

Follows the original Python solver. The groups are the rows, the columns and both
diagonals; every group must reach the magic sum. In every state the search fills an
empty field of the group with the most filled fields (that is not full yet), trying
each number still unused. Branch cutting: a full group must have the magic sum, and a
group with one or two empty fields must be completable by one or two unused numbers
(the original checked "some permutation of the remaining numbers" for groups with at
least 3 of 5 fields filled). The original also kept a closed list of visited states;
since every state here chooses its field deterministically, no state is reached twice
and the list is not needed.
"""

from __future__ import annotations

from ..puzzles import registry
from ._common import Enough, Result, Watch


def read(text: str) -> tuple[list[list[int | None]], int]:
    """The grid (None where empty) and the lowest number, read by the package's reader,
    which knows every layout the command reads (CSV, whitespace rows, `0` or `.` blanks,
    a `range: LO..HI` line, ...)."""
    board = registry()["magic"].parse(text, "magic").data
    grid: list[list[int | None]] = [[None] * board.cols for _ in range(board.rows)]
    for (r, c), value in board.numbers.items():
        grid[r - 1][c - 1] = value
    low = board.params.get("low", 1)
    return grid, low if isinstance(low, int) else 1


# The encoding's shown atom for a value (the studio draws a search with the board).
SHOWN_VALUE = "value"


def solve(text: str, limit: int = 2, watch: Watch | None = None) -> Result:
    rows, low = read(text)
    n = len(rows)
    result = Result(limit=limit, watch=watch)
    numbers = range(low, low + n * n)
    target = sum(numbers) // n
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    groups += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    grid = [v for row in rows for v in row]
    givens = [v for v in grid if v is not None]
    unused = set(numbers) - set(givens)
    if len(set(givens)) != len(givens) or any(v not in numbers for v in givens):
        result.nodes, result.complete = 1, True  # the root, cut at once
        return result

    def completable(group: list[int]) -> bool:
        values = [grid[i] for i in group]
        empty = values.count(None)
        need = target - sum(v for v in values if v is not None)
        if empty == 0:
            return need == 0
        if empty == 1:
            return need in unused
        if empty == 2:
            return any(need - a in unused and need - a != a for a in unused)
        return True

    def snapshot() -> list[list[int | None]]:
        return [grid[r * n:(r + 1) * n] for r in range(n)]

    def search() -> None:
        result.nodes += 1
        if not all(completable(group) for group in groups):
            result.saw("cut", snapshot)
            return
        if not unused:
            result.saw("solution", snapshot)
            result.found({"grid": [grid[r * n:(r + 1) * n] for r in range(n)]})
            return
        open_groups = [g for g in groups if None in (grid[i] for i in g)]
        if open_groups:
            group = max(open_groups, key=lambda g: sum(grid[i] is not None for i in g))
            field = next(i for i in group if grid[i] is None)
        else:
            field = grid.index(None)
        for value in sorted(unused):
            result.tried += 1
            grid[field] = value
            unused.remove(value)
            result.saw("try", snapshot, divmod(field, n))
            search()
            unused.add(value)
        grid[field] = None

    try:
        result.saw("start", snapshot)
        search()
        result.complete = True
    except Enough:
        pass
    return result
