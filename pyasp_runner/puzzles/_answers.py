"""Reading a player's answer to a grid puzzle: its `--json` solution object (the `grid`
rows the solver writes) into the answer atoms it states (`player.PlayerAnswer`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from clingo import Number, Symbol

from ..player import AnswerError, Key, PlayerAnswer, player_answer
from ..puzzle import fact

Pos = tuple[int, int]
OPEN = (None, "?")  # a cell the answer leaves open: null, or `?` in a row of characters


def grid_cells(solution: Mapping[str, Any], rows: int, cols: int, key: str = "grid",
               ) -> list[tuple[int, int, Any]]:
    """(row, column, value) of each cell of `solution[key]`: rows of values, or rows of
    characters (a string per row); 1-based; the value None or `?` where open."""
    grid = solution.get(key) if isinstance(solution, Mapping) else None
    if not isinstance(grid, list):
        raise AnswerError(key, f"expected a list of {rows} rows")
    if len(grid) != rows:
        raise AnswerError(key, f"expected {rows} rows, found {len(grid)}")
    cells = []
    for r, row in enumerate(grid, start=1):
        where = f"{key}[{r - 1}]"
        if not isinstance(row, (list, str)):
            raise AnswerError(where, "expected a row (a list, or a string of characters)")
        if len(row) != cols:
            raise AnswerError(where, f"expected {cols} cells, found {len(row)}")
        cells += [(r, c, value) for c, value in enumerate(row, start=1)]
    return cells


def read_grid(solution: Mapping[str, Any], rows: int, cols: int, names: Sequence[str],
              atoms: Callable[[int, int, Any], list[Symbol]],
              blocked: Collection[Pos] = (), key: str = "grid") -> PlayerAnswer:
    """A grid answer: `atoms(row, column, value)` says what a filled cell states (it
    raises AnswerError for a value of the wrong kind); a filled cell decides every atom
    `name(row, column, ...)` of `names`; a blocked cell must be left empty (null)."""
    stated: list[Symbol] = []
    decided: list[Key] = []
    open_cells = 0
    for r, c, value in grid_cells(solution, rows, cols, key):
        if (r, c) in blocked:
            if value not in OPEN:
                raise AnswerError(f"{key}[{r - 1}][{c - 1}]",
                                  f"({r},{c}) is not part of the board: expected null")
            continue
        if value in OPEN:
            open_cells += 1
            continue
        stated += atoms(r, c, value)
        decided += [(name, (Number(r), Number(c))) for name in names]
    return player_answer(stated, decided, open_cells, rows * cols - len(blocked))


# clingo's numbers are 32-bit: a value beyond them is no value of any puzzle.
LARGEST = 2**31 - 1


def whole_number(r: int, c: int, value: Any, what: str = "a whole number") -> int:
    """A cell's value that must be a whole number (within clingo's 32 bits)."""
    where = f"grid[{r - 1}][{c - 1}]"
    if isinstance(value, int) and not isinstance(value, bool):
        if -LARGEST <= value <= LARGEST:
            return value
        raise AnswerError(where, f"{value} is far out of range")
    raise AnswerError(where, f"expected {what} or null, found {value!r:.40}")


def read_numbers(solution: Mapping[str, Any], name: str, rows: int, cols: int,
                 blocked: Collection[Pos] = (), what: str = "a whole number") -> PlayerAnswer:
    """A grid of numbers, each cell's `name(row, column, number)`."""
    def atoms(r: int, c: int, value: Any) -> list[Symbol]:
        return [fact(name, r, c, whole_number(r, c, value, what))]

    return read_grid(solution, rows, cols, (name,), atoms, blocked)
