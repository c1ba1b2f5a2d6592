"""Hidoku (Hidato): number the cells 1..K so that consecutive numbers touch (king moves).

Input: a grid of cells, read by the shared grid reader (`gridlayouts.grid_rows`):
rows of comma-separated fields, semicolon-separated fields (as on the enjoysudoku forum),
whitespace-separated fields (as on Rosetta Code),
bracketed fields (`[XX][29][??]`), a nested list (`[[0, 33, 35], ...]`, as Python and
JSON write one) or the bordered ASCII layout (`+--+--+` or `-----` rule
lines, `|` between the cells, a cell one or several text lines tall as in the TU Dresden
competition's files); optionally after a size line (`7x7`, `10 10`, `size 7`,
`hidoku with size 5`) that the grid is checked against. Also read, the first line or a
`problem` line deciding: janko.at's data block (`begin`, `size N`, other `key value`
lines, `problem` and its rows, `solution` and other sections skipped, `end`; brackets
around the keys, `[begin]`, are fine) and the same sections without `begin`/`end` after a
size line (`7x7`, `[Problem]`, `[Solution]`).
A number is a given; `_`, `?`, `-`, `0` (any run) or a blank bordered cell is an empty
cell; `X` or `*` (any run) is a blocked cell, not part of the board. Dots (`.`, any run)
are decided per file: a blocked cell where the file writes its empty cells another way
(Rosetta Code's `__` and `..`), else an empty cell (a grid of numbers and dots).
1 and K need not be given.
Option `--path` draws an arrow from every number towards the next one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from itertools import pairwise
from typing import Any, NamedTuple

from clingo import Function, Symbol

from ..board import Board, Grid, clue_grid_of, grid_of
from ..errors import InputError
from ..gridlayouts import LAYOUTS_READ, grid_rows
from ..numerals import SIGNED
from ..player import PlayerAnswer
from ..puzzle import (
    Answer,
    Drawing,
    Generating,
    Instance,
    Option,
    Options,
    OptionValues,
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
    Line,
    content_lines,
    csv_text,
    describe_given,
    given_rows,
    givens_of,
    has_empty_marks,
    parse_int,
    read_size,
)
from ._path import number_grid

# The runner's size check (--max-size/--force): candidate cell-number pairs (see size).
# A pair grounds in 130-150 us and 6.5 KB (empty boards, CPU seconds of grounding alone:
# 24x24, 331,776 pairs, 44 s and 2.2 GB; 27x27, 531,441 pairs, 82 s and 3.6 GB).
MAX_SIZE = 300_000
# Search, not grounding, is what a board with few numbers runs into: boards whose
# numbers leave 10-25 candidate numbers per cell are answered (benchmarks/data/
# hidoku-sparse, 20x20 and 30x30, spread at 10-15%), those with 80 and more are not
# (5% spread, 10% random, the empty 19x19: no answer in a minute); the public ones
# leave 3-9.
OPEN_PER_CELL = 40
OPEN_CELLS = 200  # smaller boards search little even when open
MAX_SIDE = 200
# generate: the time grows about with the square of the cells (a uniqueness check per
# clue dropped, each a solve of the board; CPU seconds): 30x30 28 s, 40x40 78 s.
GENERATED_CELLS = 30 * 30

_BLOCKED = re.compile(r"[xX]+|\*+")
# A key of a janko.at block: a word (a run of x is a row of blocked cells).
_JANKO_KEY = re.compile(r"(?![xX]+$)[A-Za-z]{2,}")
_NUMBER = re.compile(SIGNED)
_JANKO_SIZE = re.compile(r"([0-9]+)\s*(?:[xX\u00d7]\s*([0-9]+))?")


class HidokuInput(NamedTuple):
    """What render needs besides the answer: the shape, the blocked cells, the options."""

    rows: int
    cols: int
    blocked: frozenset[tuple[int, int]]
    path: bool = False

    @property
    def cells(self) -> int:
        return self.rows * self.cols - len(self.blocked)


def parse(text: str, source: str) -> Instance[HidokuInput]:
    lines = content_lines(text, source)
    if _is_section(lines[0], "begin") or any(_is_section(line, "problem") for line in lines):
        lines = _from_janko(lines, source)
    lines, fields = grid_rows(lines, source)
    width = len(fields[0])
    dots_blocked = has_empty_marks(fields)
    if len(lines) > MAX_SIDE or width > MAX_SIDE:
        raise InputError(source, f"a board of {len(lines)} x {width} cells is too large "
                         f"(limit {MAX_SIDE} per side)", lines[min(len(lines), MAX_SIDE) - 1][0])
    blocked: set[tuple[int, int]] = set()
    givens: dict[int, tuple[int, int, int]] = {}
    for r, ((number, _), row) in enumerate(zip(lines, fields, strict=True), start=1):
        for c, field in enumerate(row, start=1):
            dots = DOTS.fullmatch(field)
            if _BLOCKED.fullmatch(field) or (dots and dots_blocked):
                blocked.add((r, c))
            elif not (EMPTY_MARKS.fullmatch(field) or dots):
                if not _NUMBER.fullmatch(field):
                    layouts = f"; formats read: {LAYOUTS_READ}, or a janko.at block" \
                        if r == 1 else ""
                    raise InputError(source, f"column {c}: unknown entry {field!r} (a number, "
                                     f"_ for empty or X for blocked{layouts})", number)
                value = parse_int(field, source, number, f"column {c}")
                if value < 1:
                    raise InputError(source, f"column {c}: {value} is not a Hidato number "
                                     "(X marks a blocked cell, _ or 0 an empty one)", number)
                if value in givens:
                    at_row, at_col, at_line = givens[value]
                    raise InputError(source, f"column {c}: {value} is given twice, also at "
                                     f"({at_row},{at_col}) on line {at_line}", number)
                givens[value] = (r, c, number)
    board = HidokuInput(len(lines), width, frozenset(blocked))
    if board.cells == 0:
        raise InputError(source, "every cell is blocked: no board to number", lines[0][0])
    for value, (_, c, number) in givens.items():
        if not 1 <= value <= board.cells:
            raise InputError(source, f"column {c}: {value} is out of range 1..{board.cells} "
                             f"(the board has {board.cells} playable "
                             f"cell{'s' * (board.cells != 1)})", number)
    clues = tuple(fact("given", r, c, v) for v, (r, c, _) in sorted(givens.items()))
    return Instance(source, _structure(board), clues, board)


def _is_section(line: Line, name: str) -> bool:
    return line[1].strip().strip("[]").strip().lower() == name


def _from_janko(lines: list[Line], source: str) -> list[Line]:
    """The `problem` rows of a sectioned file: janko.at's block (`begin`, `size N`, other
    `key value` lines, `problem` and its rows, `solution` ..., `end`) or the same sections
    without `begin`/`end` after a size line (`7x7`, `[Problem]`, `[Solution]`, as
    collections copied from janko.at write them); checked against the size given."""
    size: tuple[int, int] | None = None
    problem: list[Line] = []
    begun = _is_section(lines[0], "begin")
    index = 1 if begun else 0
    ended = not begun
    while index < len(lines):
        number, line = lines[index]
        key, _, value = line.strip().partition(" ")
        key = key.strip("[]").lower()
        index += 1
        if key == "end":
            ended = True
            break
        if key == "size" or (index == 1 and _JANKO_SIZE.fullmatch(line.strip())):
            written = value.strip() if key == "size" else line.strip()
            found = _JANKO_SIZE.fullmatch(written)
            if not found:
                raise InputError(source, f"size: expected N or WxH, found {written!r}", number)
            width = int(found.group(1)[-6:])
            size = (width, int((found.group(2) or found.group(1))[-6:]))
        elif key in ("problem", "solution", "moves"):
            start = index
            while index < len(lines) and not _JANKO_KEY.fullmatch(
                    lines[index][1].split()[0].strip("[]")):
                index += 1
            if key == "problem" and not problem:
                problem = lines[start:index]
            elif key == "moves":  # the site's replay (`Z1;aa,82;...`): its numbers checked
                for at, row in lines[start:index]:
                    for found in re.finditer(r"\d+", row):
                        parse_int(found.group(), source, at, f"moves column {found.start() + 1}")
            else:  # not used, but its numbers are read as any number is
                for at, row in lines[start:index]:
                    for column, field in enumerate(row.split(), start=1):
                        if _NUMBER.fullmatch(field):
                            parse_int(field, source, at, f"{key} column {column}")
        elif not _JANKO_KEY.fullmatch(key.strip(":")) and not problem:
            raise InputError(source, f"expected a 'key value' line or a section before the "
                             f"problem, found {line.strip()!r}", number)
    if not ended:
        raise InputError(source, "begin without end", lines[0][0])
    if not problem:
        raise InputError(source, "a janko.at block without a problem section", lines[0][0])
    if size is not None and (len(problem), len(problem[0][1].split())) != (size[1], size[0]):
        raise InputError(source, f"the problem has {len(problem)} rows of "
                         f"{len(problem[0][1].split())}, its size line says "
                         f"{size[0]}x{size[1]}", problem[0][0])
    return problem


def _structure(board: HidokuInput) -> tuple[Symbol, ...]:
    return tuple(fact("cell", r, c) for r in range(1, board.rows + 1)
                 for c in range(1, board.cols + 1) if (r, c) not in board.blocked)


def reach(instance: Instance[HidokuInput], generating: bool) -> str | None:
    """Few numbers for the board (see OPEN_PER_CELL), or a board too large to generate
    in a minute (see GENERATED_CELLS)."""
    board = instance.data
    if generating:
        if board.cells <= GENERATED_CELLS:
            return None
        return (f"making a puzzle of {board.cells:,} cells is beyond what is known to "
                f"finish in a minute (a 30x30 takes half a minute, a 40x40 a minute and a "
                f"quarter)")
    count, _ = size(instance)
    if board.cells < OPEN_CELLS or count <= OPEN_PER_CELL * board.cells:
        return None
    return (f"its numbers leave {count // board.cells} candidate numbers per cell; boards "
            f"this open (over {OPEN_PER_CELL} per cell) are beyond what is known to finish "
            f"in a minute")


def size(instance: Instance[HidokuInput]) -> tuple[int, str]:
    """The cell-number pairs the encoding grounds as candidates: a number V stands within
    king distance |V-W| of the nearest given W below and above it (asp/hidoku.lp's
    pruning), so an empty board has cells x numbers of them and clues cut that down."""
    board = instance.data
    givens = sorted((clue.arguments[2].number, clue.arguments[0].number,
                     clue.arguments[1].number) for clue in instance.clues)
    if not givens:
        return board.cells ** 2, "candidate cell-number pairs"
    count = _CellCounter(board)
    total = len(givens)
    Given = tuple[int, int, int]  # value, row, column
    boxes: list[tuple[int, int, Given | None, Given | None]] = [
        (1, givens[0][0] - 1, None, givens[0])]  # before the first clue
    boxes += [(low[0] + 1, high[0] - 1, low, high) for low, high in pairwise(givens)]
    boxes.append((givens[-1][0] + 1, board.cells, givens[-1], None))
    for first, last, below, above in boxes:
        for value in range(first, last + 1):
            top, left, bottom, right = 1, 1, board.rows, board.cols
            for clue, reach in ((below, value - below[0] if below else 0),
                                (above, above[0] - value if above else 0)):
                if clue is not None:
                    top, bottom = max(top, clue[1] - reach), min(bottom, clue[1] + reach)
                    left, right = max(left, clue[2] - reach), min(right, clue[2] + reach)
            total += count(top, left, bottom, right)
    return total, "candidate cell-number pairs"


class _CellCounter:
    """The playable cells in a rectangle of the board, by summed-area table."""

    def __init__(self, board: HidokuInput) -> None:
        width = board.cols + 1
        table = [0] * ((board.rows + 1) * width)
        for r in range(1, board.rows + 1):
            for c in range(1, board.cols + 1):
                table[r * width + c] = ((r, c) not in board.blocked) + table[(r - 1) * width + c] \
                    + table[r * width + c - 1] - table[(r - 1) * width + c - 1]
        self.table, self.width = table, width

    def __call__(self, top: int, left: int, bottom: int, right: int) -> int:
        if top > bottom or left > right:
            return 0
        t, w = self.table, self.width
        return (t[bottom * w + right] - t[(top - 1) * w + right] - t[bottom * w + left - 1]
                + t[(top - 1) * w + left - 1])


OPTIONS = (Option("--path", "draw an arrow from every number towards the next one"),)


def configure(instance: Instance[HidokuInput], options: OptionValues
              ) -> Instance[HidokuInput]:
    if options["path"]:
        return instance.replace(data=instance.data._replace(path=True))
    return instance


def board(instance: Instance[HidokuInput], answer: Answer) -> Board:
    """The numbers, givens marked, blocked cells; with --path, the path from 1 to the
    last number drawn through the cells (when every number is known)."""
    data = instance.data
    grid = number_grid(answer, data.rows, data.cols)
    cells = grid_of(grid, given_cells(answer.symbols), data.blocked)
    where = {value: (r, c) for r, row in enumerate(grid, start=1)
             for c, value in enumerate(row, start=1) if value is not None}
    path = tuple(where[v] for v in sorted(where)) if data.path and len(where) == data.cells \
        else ()
    return Board(Grid(cells, path=path))


def conflict_board(instance: Instance[HidokuInput], conflict: list[Symbol]) -> Board:
    """The board with the givens alone, those that cannot hold together marked."""
    data = instance.data
    cells = clue_grid_of(data.rows, data.cols, given_values(instance.clues),
                         given_cells(conflict), data.blocked)
    return Board(Grid(cells))


def solution_json(instance: Instance[HidokuInput], answer: Answer) -> dict[str, Any]:
    board = instance.data
    return {"grid": number_grid(answer, board.rows, board.cols)}


def blank(size_text: str | None) -> Instance[HidokuInput]:
    """An empty rectangular board of a size like `7x7` (W x H) or `7`, no number given."""
    width, height = read_size(size_text, "7x7", MAX_SIDE)
    board = HidokuInput(height, width, frozenset())
    return Instance("--size", _structure(board), (), board)


def clues_of(instance: Instance[HidokuInput], answer: Answer) -> list[Symbol]:
    return givens_of(answer, "number")


def random_answer(instance: Instance[HidokuInput], rng: random.Random,
                  deadline: float | None = None) -> Answer | None:
    """A random numbering of the board along a king's tour: Warnsdorff's rule (step to the
    free neighbour with the fewest free neighbours of its own), ties broken at random. A
    walk that gets stuck starts again from another cell; None after `TOUR_WALKS` walks.
    (Finding a tour with the encoding on an empty board grounds every number on every
    cell: 160,000 candidates for 20x20.)"""
    board = instance.data
    cells = [(row, col) for row in range(1, board.rows + 1) for col in range(1, board.cols + 1)
             if (row, col) not in board.blocked]
    on_board = set(cells)
    neighbours = {(row, col): [(row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                               if (dr, dc) != (0, 0) and (row + dr, col + dc) in on_board]
                  for row, col in cells}
    for _ in range(TOUR_WALKS):
        path = [rng.choice(cells)]
        free = on_board - {path[0]}
        while free:
            steps = [cell for cell in neighbours[path[-1]] if cell in free]
            if not steps:
                break
            onward = {cell: sum(n in free for n in neighbours[cell]) for cell in steps}
            fewest = min(onward.values())
            path.append(rng.choice([cell for cell in steps if onward[cell] == fewest]))
            free.discard(path[-1])
        if not free:
            return Answer(tuple(fact("number", row, col, number)
                                for number, (row, col) in enumerate(path, start=1)))
    return None


TOUR_WALKS = 50


def clue_atom(clue: Symbol) -> Symbol:
    """A given number is the number on its cell in the answer."""
    return Function("number", clue.arguments)


def write(instance: Instance[HidokuInput], clues: list[Symbol]) -> str:
    board = instance.data
    grid = given_rows(board.rows, board.cols, clues)
    for row, col in board.blocked:
        grid[row - 1][col - 1] = "X"
    return csv_text(grid)


def read_answer(instance: Instance[HidokuInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's numbers, `{"grid": [[n, ...], ...]}` (null: blocked, or left open)."""
    board = instance.data
    return read_numbers(solution, "number", board.rows, board.cols, board.blocked)


PUZZLE: PuzzleSpec[HidokuInput] = PuzzleSpec(
    name="hidoku", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_given, refuses_hint=None, refuses_explain=None),
    writing=Writing(writers={"text": write}, complete_formats=()),
    generating=Generating(blank=blank, clues_of=clues_of, random_answer=random_answer,
                          clue_atom=clue_atom),
    judging=None,
    size=Size(measure=size, limit=MAX_SIZE, reach=reach),
    options=Options(flags=OPTIONS, configure=configure),
    read_answer=read_answer,
)
