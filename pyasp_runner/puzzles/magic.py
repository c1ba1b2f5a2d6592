"""Magic board: N x N consecutive numbers, every row, column and diagonal the same sum.

Input: a grid read by the shared grid reader (`gridlayouts.grid_rows`): rows of
comma-, semicolon- or whitespace-separated fields, bracketed fields, a nested list
(`[[2, 7, 6], [9, 5, 0], [4, 3, 8]]`, as Python and JSON write one) or the bordered ASCII
layout, optionally after a size line (`4x4`); optionally after a first line
`range: LO..HI` (default 1..N*N; HI - LO + 1 must be N*N). An empty cell is `_`, `?`,
`-`, `.` (any run) or `0`, where 0 is not in the range (with `range: 0..8`, `0` is a
number).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from clingo import Symbol

from ..board import Board, Grid, clue_grid_of, grid_of
from ..errors import InputError
from ..gridlayouts import LAYOUTS_READ, grid_rows
from ..numerals import is_integer
from ..player import PlayerAnswer
from ..puzzle import (
    Answer,
    Drawing,
    Generating,
    Instance,
    PuzzleSpec,
    Reasoning,
    Size,
    Writing,
    fact,
)
from ._answers import read_numbers
from ._drawing import given_cells, given_values
from ._grid import (
    DOTS,
    EMPTY_MARKS,
    atom_grid,
    content_lines,
    csv_text,
    describe_given,
    given_rows,
    givens_of,
    parse_int,
    parse_range,
    read_square_size,
    take_header,
)

# N*N*N and N*LO are computed by the encoding: N <= 100 and |LO| <= 10^6 stay in 32 bits.
MAX_N = 100
# The runner's size check (--max-size/--force): cells; a 20 x 20 board grounds 160,000
# value atoms, and the search in the sums is what gets hard long before that.
MAX_SIZE = 400
# generate: each clue dropped is a uniqueness check, a search that grows hard fast (CPU
# seconds): 5x5 7 s, 6x6 93 s, 8x8 nothing in 300 s.
GENERATED_SIDE = 5


class MagicInput(NamedTuple):
    n: int
    low: int

    @property
    def high(self) -> int:
        return self.low + self.n * self.n - 1

    @property
    def line_sum(self) -> int:
        return self.n * self.low + (self.n * self.n - 1) * self.n // 2


def parse(text: str, source: str) -> Instance[MagicInput]:
    header, lines = take_header(content_lines(text, source), "range")
    if not lines:
        raise InputError(source, "no grid after the range line", header[0] if header else None)
    if len(lines) > MAX_N:
        raise InputError(source, f"{len(lines)} rows is too many (limit {MAX_N})",
                         lines[MAX_N][0])
    lines, fields = grid_rows(lines, source)
    n = len(fields)
    if len(fields[0]) != n:
        raise InputError(source, f"the board must be square: {n} rows of {len(fields[0])} "
                         f"fields", lines[0][0])
    low, high = parse_range(header, source) if header else (1, n * n)
    grid = [[_cell(field, low <= 0 <= high, source, line, column, first=line == lines[0][0])
             for column, field in enumerate(row, start=1)]
            for (line, _), row in zip(lines, fields, strict=True)]
    if header and high - low + 1 != n * n:
        raise InputError(source, f"range: {low}..{high} holds {high - low + 1} numbers, a "
                         f"{n}x{n} board needs {n * n}", header[0])
    board = MagicInput(n, low)
    clues = []
    seen: dict[int, tuple[int, int]] = {}
    for (line, _), row, cells in zip(lines, range(1, n + 1), grid, strict=True):
        for column, value in enumerate(cells, start=1):
            if value is None:
                continue
            if not low <= value <= high:
                raise InputError(source, f"column {column}: {value} is out of range "
                                 f"{low}..{high}", line)
            if value in seen:
                raise InputError(source, f"column {column}: duplicate given {value}, "
                                 f"already at {seen[value]}", line)
            seen[value] = (row, column)
            clues.append(fact("given", row, column, value))
    return Instance(source, _structure(board), tuple(clues), board)


def _cell(field: str, zero_is_number: bool, source: str, line: int, column: int,
          first: bool = False) -> int | None:
    """An empty cell as None, else its number (`first`: on the grid's first row, where an
    unknown entry may mean the file is in no layout that is read)."""
    if DOTS.fullmatch(field) or (EMPTY_MARKS.fullmatch(field)
                                 and not (zero_is_number and set(field) == {"0"})):
        return None
    if not is_integer(field):
        layouts = f"; formats read: {LAYOUTS_READ}" if first else ""
        raise InputError(source, f"column {column}: unknown entry {field!r} (a number, or _ "
                         f"for an empty cell{layouts})", line)
    return parse_int(field, source, line, f"column {column}")


def _structure(board: MagicInput) -> tuple[Symbol, ...]:
    return (fact("size", board.n), fact("low", board.low))


def reach(instance: Instance[MagicInput], generating: bool) -> str | None:
    """Generating beyond GENERATED_SIDE: beyond what is known to finish in a minute."""
    board = instance.data
    if not generating or board.n <= GENERATED_SIDE:
        return None
    return (f"making a magic puzzle of {board.n}x{board.n} is beyond what is known to finish "
            f"in a minute (a 6x6 takes about a minute and a half, an 8x8 gave nothing in "
            f"5 minutes)")


def size(instance: Instance[MagicInput]) -> tuple[int, str]:
    board = instance.data
    return board.n * board.n, "cells"


def _grid(instance: Instance[MagicInput], answer: Answer) -> list[list[int | None]]:
    board = instance.data
    return atom_grid(answer, "value", board.n, board.n, int)


def solution_json(instance: Instance[MagicInput], answer: Answer) -> dict[str, Any]:
    return {"grid": _grid(instance, answer)}


def _legend(board: MagicInput, base: str) -> str:
    return f"{base}; numbers {board.low}..{board.high}, every line sums to {board.line_sum}"


def board(instance: Instance[MagicInput], answer: Answer) -> Board:
    data = instance.data
    cells = grid_of(_grid(instance, answer), given_cells(answer.symbols))
    return Board(Grid(cells), _legend(data, "").lstrip("; "))


def conflict_board(instance: Instance[MagicInput], conflict: list[Symbol]) -> Board:
    """The clues alone, those that cannot hold together marked."""
    data = instance.data
    cells = clue_grid_of(data.n, data.n, given_values(instance.clues), given_cells(conflict))
    return Board(Grid(cells), _legend(data, "").lstrip("; "))


def blank(size: str | None) -> Instance[MagicInput]:
    """An empty board of a size like "5" or "5x5" (numbers 1..N*N); default 4x4."""
    board = MagicInput(read_square_size(size, "4", MAX_N), 1)
    return Instance("--size", _structure(board), (), board)


def clues_of(instance: Instance[MagicInput], answer: Answer) -> list[Symbol]:
    return givens_of(answer, "value")


def write(instance: Instance[MagicInput], clues: list[Symbol]) -> str:
    board = instance.data
    header = "" if board.low == 1 else f"range: {board.low}..{board.high}\n"
    return header + csv_text(given_rows(board.n, board.n, clues))


def read_answer(instance: Instance[MagicInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's numbers, `{"grid": [[n, ...], ...]}` (null: left open)."""
    board = instance.data
    return read_numbers(solution, "value", board.n, board.n)


PUZZLE: PuzzleSpec[MagicInput] = PuzzleSpec(
    name="magic", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_given, refuses_hint=None, refuses_explain=None),
    writing=Writing(writers={"text": write}, complete_formats=()),
    generating=Generating(blank=blank, clues_of=clues_of, random_answer=None, clue_atom=None),
    judging=None,
    size=Size(measure=size, limit=MAX_SIZE, reach=reach),
    options=None,
    read_answer=read_answer,
)
