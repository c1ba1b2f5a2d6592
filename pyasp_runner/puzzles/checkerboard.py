"""Checkerboard: put stones cut from a chequered board back together, colours matching.

Input: each stone as rows of `B` (black), `W` (white), `_` (not part of it), cells
separated by commas; stones separated by a line of `=`. Also read, when no stone row
has a comma and some row has two or more squares (the file decides): rows of `B`/`W`
without commas, a space (or `_`, `.`) where the stone has no square, a blank line
between stones (or `=` lines, where the file has them; then blank lines are spacing).
Also read, when the first stone line is one: a stone per line as its first square's colour and the
squares' rows and columns, `b,0,0,1,0,2,0` (negative offsets too; the other squares'
colours follow the chequering), as tseaquist's CheckerBoardPuzzle files write them.
Optional header lines before
the stones: `board: WxH` (columns x rows; default the square the stones' area fills)
and `corner: B` or `corner: W` (the colour of the top-left field; default black).
Stones may be rotated and mirrored. Identical stones are interchangeable, so swapping
them is not another solution; `--up-to-symmetry` also counts mirror and rotated
copies of a solution on the board as one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..board import Board, Grid, Mark
from ..board import Cell as Square
from ..errors import InputError
from ..numerals import NATURAL, SIGNED, integer, natural
from ..player import PlayerAnswer
from ..puzzle import (
    Answer,
    Drawing,
    Instance,
    Option,
    Options,
    OptionValues,
    PuzzleSpec,
    Size,
    fact,
)
from ._answers import read_numbers
from ._grid import Line, atom_grid, content_lines

MAX_SIDE = 40
# Ground placements grow with stones' area x 8 orientations x fields, order checks with
# pairs of identical stones x fields^2 (see size).
MAX_SIZE = 2_000_000
# clingo's preset for exact-cover search (measured on the reference: first solution and
# uniqueness 1.10 s -> 0.72 s, counting all 104 tilings 26.7 s -> 16.8 s).
CONFIGURATION = "crafty"
# The encoding's #heuristic (the first uncovered field next) needs the domain heuristic;
# enumerating under projection by recording each answer (instead of backtracking over
# the shown atoms, which decides those first) keeps that order while counting.
CLINGO_OPTIONS = ("--heuristic=Domain", "--enum-mode=record")
# Only counting (--count): the encoding counts a tiling with the pivot stone on the first
# placement of its orbit under the board's symmetries for the orbit's size (copy/1).
COUNTING_OPTIONS = ("--const=counting=1",)

_SEPARATOR = re.compile(r"=+")
# A stone row without commas: B and W squares, holes as spaces, `_` or `.`.
_COMPACT_ROW = re.compile(r"[BWbw_. ]*[BWbw][BWbw_. ]*|=+")
# A stone as its first square's colour and each square's row and column (tseaquist's
# CheckerBoardPuzzle files): `b,0,0,1,0,2,0`.
_COORDINATES = re.compile(rf"[BbWw]\s*(?:,\s*{SIGNED}\s*,\s*{SIGNED}\s*)+,?")
_BOARD = re.compile(rf"({NATURAL})\s*[xX\N{{MULTIPLICATION SIGN}}]\s*({NATURAL})")
_EMPTY = re.compile(r"_+")
_COLOURS = {"B": "b", "W": "w"}
_CORNER = {"b": "b", "black": "b", "w": "w", "white": "w"}

Cell = tuple[int, int, str]  # row offset, column offset, colour "b"/"w"


class CheckerboardInput(NamedTuple):
    """The board's size and corner colour, and the stones as cells (offsets from 0)."""

    rows: int
    cols: int
    corner: str
    stones: tuple[tuple[Cell, ...], ...]
    symmetry: bool = False

    def colour(self, row: int, col: int) -> str:
        if (row + col) % 2 == 0:
            return self.corner
        return "w" if self.corner == "b" else "b"


def parse(text: str, source: str) -> Instance[CheckerboardInput]:
    board, where = read_board(text, source)
    _check_colours(board, source, where)
    return Instance(source, _structure(board), (), board)


def read_board(text: str, source: str) -> tuple[CheckerboardInput, int | None]:
    """The board and the stones as the file gives them, and the line of its `board:`
    header; the stones' colours are not yet compared with the board's fields."""
    lines = content_lines(text, source)
    headers, lines = _headers(lines, source)
    if lines and _COORDINATES.fullmatch(lines[0][1]):
        groups = [_coordinate_stone(line, source) for line in lines]
    elif (lines and all(_COMPACT_ROW.fullmatch(text) for _, text in lines)
            and any(len(text.strip()) > 1 and not _SEPARATOR.fullmatch(text)
                    for _, text in lines)):
        groups = _compact_groups(text, lines[0][0], source)
    else:
        groups = _stone_groups(lines, source)
    if not groups:
        raise InputError(source, "no stones in the file", lines[0][0] if lines else None)
    stones = tuple(_stone(group, index, source) for index, group in enumerate(groups))
    area = sum(len(stone) for stone in stones)
    corner = "b"
    if "corner" in headers:
        number, value = headers["corner"]
        if value.lower() not in _CORNER:
            raise InputError(source, f"corner: expected B or W, found {value!r}", number)
        corner = _CORNER[value.lower()]
    if "board" in headers:
        rows, cols = _board_size(headers["board"], source)
        where = headers["board"][0]
    else:
        side = math.isqrt(area)
        if side * side != area:
            raise InputError(source, f"the stones cover {area} fields, not a square number: "
                             "give the board's size with a line `board: WxH`")
        if side > MAX_SIDE:
            raise InputError(source, f"a {side}x{side} board is too large "
                             f"(limit {MAX_SIDE} per side)")
        rows = cols = side
        where = None
    if area != rows * cols:
        raise InputError(source, f"the stones cover {area} fields but the {cols}x{rows} "
                         f"board has {rows * cols}", where)
    return CheckerboardInput(rows, cols, corner, stones), where


def _headers(lines: list[Line], source: str) -> tuple[dict[str, Line], list[Line]]:
    """The leading `board:` and `corner:` lines, and the stone lines after them."""
    headers: dict[str, Line] = {}
    while lines:
        number, text = lines[0]
        name, colon, value = text.partition(":")
        key = name.strip().lower()
        if not colon:
            break
        if key not in ("board", "corner"):
            raise InputError(source, f"unknown setting {name.strip()!r} "
                             "(known: board, corner)", number)
        if key in headers:
            raise InputError(source, f"{key}: given twice", number)
        headers[key] = (number, value.strip())
        lines = lines[1:]
    return headers, lines


def _board_size(header: Line, source: str) -> tuple[int, int]:
    number, value = header
    match = _BOARD.fullmatch(value)
    if not match:
        raise InputError(source, f"board: expected WxH (e.g. 8x8), found {value!r}", number)
    cols = natural(match.group(1), source, number, "board")
    rows = natural(match.group(2), source, number, "board")
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InputError(source, f"board: {cols}x{rows} is out of range "
                         f"(1..{MAX_SIDE} per side)", number)
    return rows, cols


def _compact_groups(text: str, start: int, source: str) -> list[list[Line]]:
    """Stones written without commas: a character per square (`B`, `W`; a space, `_` or
    `.` where the stone has none), a blank line or a `=` line between stones. Restated
    as comma rows, so that one reader checks every stone. Where the file has `=` lines,
    they separate the stones and blank lines are only spacing."""
    equals = any(_SEPARATOR.fullmatch(raw.strip()) for raw in text.splitlines()[start - 1:])
    groups: list[list[Line]] = [[]]
    for number, raw in enumerate(text.splitlines()[start - 1:], start=start):
        line = raw.rstrip()
        if line.lstrip().startswith("#"):
            continue
        if _SEPARATOR.fullmatch(line.strip()) or (not line.strip() and not equals):
            groups.append([])
        elif not line.strip():
            continue
        elif ":" in line:
            raise InputError(source, f"setting {line.strip()!r} after the stones "
                             "(settings come first)", number)
        else:
            groups[-1].append((number, line))
    stones = []
    for group in filter(None, groups):
        width = max(len(row) for _, row in group)
        stones.append([(number, ",".join(char if char in "BWbw" else "_"
                                         for char in row.ljust(width)))
                       for number, row in group])
    return stones


def _coordinate_stone(line: Line, source: str) -> list[Line]:
    """A stone written as `colour,row,col,row,col,...` (the colour is its first square's;
    the others follow the chequering), restated as comma rows for the one stone reader."""
    number, text = line
    if not _COORDINATES.fullmatch(text):
        raise InputError(source, "expected a stone as its first square's colour and the "
                         "squares' rows and columns, like b,0,0,1,0 (as every stone line "
                         "of this file)", number)
    fields = [field.strip() for field in text.rstrip(", ").split(",")]
    squares = []
    for at in range(1, len(fields), 2):
        row = integer(fields[at], source, number, "row")
        col = integer(fields[at + 1], source, number, "column")
        if max(abs(row), abs(col)) > MAX_SIDE:
            raise InputError(source, f"square ({row},{col}) is off any board (limit "
                             f"{MAX_SIDE} per side)", number)
        if (row, col) in squares:
            raise InputError(source, f"square ({row},{col}) is given twice", number)
        squares.append((row, col))
    first_row, first_col = squares[0]
    first = fields[0].upper()
    other = "W" if first == "B" else "B"
    top = min(r for r, _ in squares)
    left = min(c for _, c in squares)
    height = max(r for r, _ in squares) - top + 1
    width = max(c for _, c in squares) - left + 1
    grid = [["_"] * width for _ in range(height)]
    for row, col in squares:
        same = (row + col - first_row - first_col) % 2 == 0
        grid[row - top][col - left] = first if same else other
    return [(number, ",".join(cells)) for cells in grid]


def _stone_groups(lines: list[Line], source: str) -> list[list[Line]]:
    """The stones' rows, split at separator lines (`===`); empty groups are skipped."""
    groups: list[list[Line]] = [[]]
    for number, text in lines:
        if _SEPARATOR.fullmatch(text):
            groups.append([])
        elif ":" in text:
            raise InputError(source, f"setting {text!r} after the stones "
                             "(settings come first)", number)
        else:
            groups[-1].append((number, text))
    return [group for group in groups if group]


def _stone(group: list[Line], index: int, source: str) -> tuple[Cell, ...]:
    """One stone's cells (offsets from its top-left corner), checked to be one chequered piece."""
    first_line = group[0][0]
    width = None
    cells: list[Cell] = []
    for row, (number, text) in enumerate(group):
        fields = [field.strip() for field in text.split(",")]
        if width is None:
            width = len(fields)
        elif len(fields) != width:
            raise InputError(source, f"stone {index}: row has {len(fields)} fields, "
                             f"its first row has {width}", number)
        for col, field in enumerate(fields):
            if _EMPTY.fullmatch(field):
                continue
            if field.upper() not in _COLOURS:
                raise InputError(source, f"stone {index}, column {col + 1}: unknown entry "
                                 f"{field!r} (B, W or _, separated by commas; or rows of B and "
                                 "W without commas, a space where the stone has no square)",
                                 number)
            cells.append((row, col, _COLOURS[field.upper()]))
    if not cells:
        raise InputError(source, f"stone {index} has no squares (only _)", first_line)
    top = min(r for r, _, _ in cells)
    left = min(c for _, c, _ in cells)
    cells = [(r - top, c - left, k) for r, c, k in cells]
    colour = {(r, c): k for r, c, k in cells}
    for (r, c), k in colour.items():
        for neighbour in ((r, c + 1), (r + 1, c)):
            if colour.get(neighbour) == k:
                raise InputError(source, f"stone {index}: neighbouring squares at "
                                 f"({r + top + 1},{c + left + 1}) and "
                                 f"({neighbour[0] + top + 1},{neighbour[1] + left + 1}) have "
                                 "the same colour (a stone is cut from a chequered board)",
                                 first_line)
    if not _connected(set(colour)):
        raise InputError(source, f"stone {index} is not connected (its squares must join "
                         "edge to edge)", first_line)
    return tuple(sorted(cells))


def _connected(squares: set[tuple[int, int]]) -> bool:
    start = next(iter(squares))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for neighbour in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if neighbour in squares and neighbour not in seen:
                seen.add(neighbour)
                todo.append(neighbour)
    return len(seen) == len(squares)


def _check_colours(board: CheckerboardInput, source: str, line: int | None) -> None:
    stone_black = sum(k == "b" for stone in board.stones for _, _, k in stone)
    board_black = sum(board.colour(r, c) == "b" for r in range(1, board.rows + 1)
                      for c in range(1, board.cols + 1))
    if stone_black != board_black:
        fields = board.rows * board.cols
        raise InputError(source, f"the stones have {stone_black} black and "
                         f"{fields - stone_black} white squares, the board has {board_black} "
                         f"black and {fields - board_black} white fields", line)


def _structure(board: CheckerboardInput) -> tuple[Any, ...]:
    facts = [fact("field", r, c, board.colour(r, c)) for r in range(1, board.rows + 1)
             for c in range(1, board.cols + 1)]
    for index, stone in enumerate(board.stones):
        facts.append(fact("stone", index))
        facts += [fact("stone_cell", index, r, c, k) for r, c, k in stone]
    if board.symmetry:
        facts.append(fact("up_to_symmetry"))
    return tuple(facts)


def size(instance: Instance[CheckerboardInput]) -> tuple[int, str]:
    """Ground placements and order checks: every square of every stone in 8 orientations
    on every field, and for each pair of identical stones (kept in reading order by
    asp/checkerboard.lp) a check per pair of fields their anchors may take."""
    board = instance.data
    fields = board.rows * board.cols
    kinds: dict[tuple[Cell, ...], int] = {}
    for stone in board.stones:
        shape = _canonical(stone)
        kinds[shape] = kinds.get(shape, 0) + 1
    pairs = sum(n * (n - 1) // 2 for n in kinds.values())
    return fields * 8 * fields + pairs * fields * fields, "placements and order checks"


def _canonical(stone: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """The same tuple for a stone and each of its rotations and mirror images."""
    forms = []
    for a, b, c, d in ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0),
                       (1, 0, 0, -1), (0, -1, -1, 0), (-1, 0, 0, 1), (0, 1, 1, 0)):
        cells = [(a * x + b * y, c * x + d * y, k) for x, y, k in stone]
        low_x, low_y = min(x for x, _, _ in cells), min(y for _, y, _ in cells)
        forms.append(tuple(sorted((x - low_x, y - low_y, k) for x, y, k in cells)))
    return min(forms)


OPTIONS = (
    Option("--up-to-symmetry", "count a solution and its mirrored or rotated copies on the "
           "board as one (only symmetries that keep the fields' colours)"),
)


def configure(instance: Instance[CheckerboardInput], options: OptionValues
              ) -> Instance[CheckerboardInput]:
    if options["up_to_symmetry"]:
        board = instance.data._replace(symmetry=True)
        return instance.replace(structure=_structure(board), data=board)
    return instance


def _grid(instance: Instance[CheckerboardInput], answer: Answer) -> list[list[int | None]]:
    """The stone covering each field; None where the answer is partial (a hint)."""
    board = instance.data
    return atom_grid(answer, "cover", board.rows, board.cols, int)


def stone_label(index: int) -> str:
    """A, B, ... Z, then AA, AB, ...: the letters that name stone `index` (0-based)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def board(instance: Instance[CheckerboardInput], answer: Answer) -> Board:
    """Each stone as one piece in its own colour over the dark and light fields, named by
    its letter: upper case on dark fields, lower case on light ones."""
    data = instance.data
    cells = tuple(
        tuple(Square(None, Mark.UNKNOWN, field=_field(data, r, c)) if stone is None
              else Square(_stone_letters(data, stone, r, c), region=stone,
                        field=_field(data, r, c))
              for c, stone in enumerate(row, start=1))
        for r, row in enumerate(_grid(instance, answer), start=1))
    return Board(Grid(cells), "letters name the stones in file order (A = the first); "
                   "upper case on dark fields, lower case on light ones")


def _field(data: CheckerboardInput, row: int, col: int) -> str:
    return "dark" if data.colour(row, col) == "b" else "light"


def _stone_letters(data: CheckerboardInput, stone: int, row: int, col: int) -> str:
    label = stone_label(stone)
    return label if data.colour(row, col) == "b" else label.lower()


def solution_json(instance: Instance[CheckerboardInput], answer: Answer) -> dict[str, Any]:
    return {"grid": _grid(instance, answer)}


def read_answer(instance: Instance[CheckerboardInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's tiling, `{"grid": [[stone, ...], ...]}`: the stone (0, 1, ... in the
    file's order) covering each field (null: left open)."""
    board = instance.data
    return read_numbers(solution, "cover", board.rows, board.cols, what="a stone number")


PUZZLE: PuzzleSpec[CheckerboardInput] = PuzzleSpec(
    name="checkerboard", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=None,
                    listing=None),
    reasoning=None, writing=None, generating=None, judging=None,
    size=Size(measure=size, limit=MAX_SIZE),
    options=Options(flags=OPTIONS, configure=configure),
    configuration=CONFIGURATION, clingo_options=CLINGO_OPTIONS,
    counting_options=COUNTING_OPTIONS,
    read_answer=read_answer,
    unsolvable="the stones cannot tile the board (every field covered once, the colours "
    "matching the board's)",
    unsolvable_alone="the stones cannot tile this board",
)
