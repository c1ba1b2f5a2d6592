"""Hidoku, imperatively: depth-first search with branch cutting and fewest-fields-first.

Follows the original Python solver. The state is the board, the numbers still to place
and, for every such number, the fields it may still take: a number k may stand on an
empty field only if every number m already placed is within king distance |k - m|.
The possibilities are built once and afterwards only filtered. In every state:

- simplification: a number with a single field left is placed without branching;
- validity check (branch cutting): every number left still has a field, every empty
  field can still take a number, every filled field has its predecessor and successor
  next to it or enough empty neighbours for the missing ones, and an empty field whose
  neighbours are all filled can take a number whose predecessor and successor are
  among those neighbours;
- successors: the number with the fewest fields left, one successor per field.
"""

from __future__ import annotations

from functools import partial

from ..puzzles import registry
from ._common import Enough, Result, Watch

Cell = tuple[int, int]


def read(text: str) -> list[list[int | None]]:
    """The board as rows: a given number, 0 for an empty field, None for a blocked one
    (read by the package's parser, which knows every layout the command reads)."""
    instance = registry()["hidoku"].parse(text, "hidoku")
    board = instance.data
    rows: list[list[int | None]] = [
        [None if (r, c) in board.blocked else 0 for c in range(1, board.cols + 1)]
        for r in range(1, board.rows + 1)]
    for clue in instance.clues:
        r, c, value = (arg.number for arg in clue.arguments)
        rows[r - 1][c - 1] = value
    return rows


def distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Hidoku:
    def __init__(self, board: list[list[int | None]], result: Result) -> None:
        self.board = board
        self.result = result
        self.cells = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row)
                      if v is not None]
        self.last = len(self.cells)
        playable = set(self.cells)
        self.neighbours = {
            (r, c): [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and (r + dr, c + dc) in playable]
            for r, c in self.cells}

    def start(self) -> tuple[dict[Cell, int], dict[int, Cell], dict[int, set[Cell]]] | None:
        """The givens and the possibilities of the other numbers, or None if clues clash."""
        value = {cell: self.board[cell[0]][cell[1]] or 0 for cell in self.cells}
        where: dict[int, Cell] = {}
        for cell, k in value.items():
            if k and (k in where or not 1 <= k <= self.last):
                return None
            if k:
                where[k] = cell
        if any(distance(where[a], where[b]) > abs(a - b) for a in where for b in where):
            return None
        empty = [cell for cell in self.cells if not value[cell]]
        possible = {
            k: {cell for cell in empty
                if all(distance(cell, where[m]) <= abs(k - m) for m in where)}
            for k in range(1, self.last + 1) if k not in where}
        return value, where, possible

    @staticmethod
    def place(value: dict[Cell, int], where: dict[int, Cell], possible: dict[int, set[Cell]],
              k: int, cell: Cell) -> None:
        """Put k on cell and filter the other numbers' fields (in place)."""
        value[cell] = k
        where[k] = cell
        del possible[k]
        for j, fields in possible.items():
            reach = abs(j - k)
            possible[j] = {f for f in fields if f != cell and distance(f, cell) <= reach}

    def valid(self, value: dict[Cell, int], where: dict[int, Cell],
              possible: dict[int, set[Cell]]) -> bool:
        if any(not fields for fields in possible.values()):
            return False
        empty = [cell for cell in self.cells if not value[cell]]
        coverable = set().union(*possible.values()) if possible else set()
        if any(cell not in coverable for cell in empty):
            return False
        for cell in self.cells:
            k = value[cell]
            free = sum(1 for n in self.neighbours[cell] if not value[n])
            if k:
                missing = sum(1 for m in (k - 1, k + 1) if 1 <= m <= self.last
                              and m not in where)
                if missing > free:
                    return False
            elif free == 0:
                around = {value[n] for n in self.neighbours[cell]}
                if not any(cell in possible.get(j, ()) and (j == 1 or j - 1 in around)
                           and (j == self.last or j + 1 in around) for j in possible):
                    return False
        return True

    def grid(self, value: dict[Cell, int]) -> list[list[int | None]]:
        """The board's rows: numbers placed, None for empty and blocked fields."""
        return [[None if v is None else value[(r, c)] or None for c, v in enumerate(row)]
                for r, row in enumerate(self.board)]

    def search(self, value: dict[Cell, int], where: dict[int, Cell],
               possible: dict[int, set[Cell]]) -> None:
        self.result.nodes += 1
        while True:
            forced = next((k for k, fields in possible.items() if len(fields) == 1), None)
            if forced is None:
                break
            cell = next(iter(possible[forced]))
            self.place(value, where, possible, forced, cell)
            self.result.saw("forced", partial(self.grid, value), cell)
        if not self.valid(value, where, possible):
            self.result.saw("cut", partial(self.grid, value))
            return
        if not possible:
            self.result.saw("solution", partial(self.grid, value))
            self.result.found({"grid": self.grid(value)})
            return
        k = min(possible, key=lambda j: (len(possible[j]), j))
        for cell in sorted(possible[k]):
            self.result.tried += 1
            child = {j: set(fields) for j, fields in possible.items()}
            child_value, child_where = dict(value), dict(where)
            self.place(child_value, child_where, child, k, cell)
            self.result.saw("try", partial(self.grid, child_value), cell)
            self.search(child_value, child_where, child)


# The encoding's shown atom for a value (the studio draws a search with the board).
SHOWN_VALUE = "value"


def solve(text: str, limit: int = 2, watch: Watch | None = None) -> Result:
    result = Result(limit=limit, watch=watch)
    hidoku = Hidoku(read(text), result)
    state = hidoku.start()
    try:
        if state is None:
            result.nodes = 1  # the root, cut at once: the givens clash
        else:
            result.saw("start", partial(hidoku.grid, state[0]))
            hidoku.search(*state)
        result.complete = True
    except Enough:
        pass
    return result
