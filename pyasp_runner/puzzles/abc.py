"""Easy as ABC: each row and column holds each letter once; edge letters name the first one seen.

Input: `key: value` lines (a `#` line is a comment):

    size: 5
    letters: ABC
    top:    CBABA        one character per column, `.` (or `-`) for no clue; may be
    bottom: BABCC        separated by spaces; a side may be left out
    left:   CCCAB        one character per row
    right:  AAABC
    diagonals: yes       optional: each main diagonal holds each letter once too
    grid:                optional: N rows of given cells below it, a letter, `-` for a
    .....                cell given empty, `.` for unknown

`size` may be left out when a clue line shows it; `letters` may be a count (`3` = ABC)
or a range (`A-F`).

Also read: the puzzle data of janko.at's Abc-End-View pages (`begin` ... `end`: `size`,
`depth` letters, `clabels` top and bottom rows, `rlabels` left and right rows, optional
`problem` grid and `options diagonal` or `diagonals 1`; `-` for no clue, letters in
either case or as numbers 1..26; `solution`, `moves` and other sections are skipped).

Also read: the layout of puzzlekit's Abc-End-View data, taken from janko.at: a first line
`R C k` (rows, columns, the last letter, e.g. `8 8 f`), the top, bottom, left and right
clue lines and the grid rows, fields separated by spaces, `-` for no clue or an open cell.

Also read: a puzz.link (pzv.jp, pzprxs) address `https://puzz.link/p?easyasabc/N/N/K/...`
(pzprjs's `easyasabc`: K letters A.., see `_pzpr.py`); pzprjs has no diagonal variant
and no cell given empty.

Written (`--to`): `text` (this format, the default) and `puzzlink` (letters A.. only, no
diagonals, no cell given empty).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from clingo import Symbol

from ..board import Board, Grid, clue_grid_of, grid_of
from ..errors import InputError
from ..numerals import integer, is_digits, is_integer, natural
from ..player import AnswerError, PlayerAnswer
from ..puzzle import Answer, Drawing, Generating, Instance, PuzzleSpec, Reasoning, Writing, fact
from ._answers import read_grid
from ._drawing import answer_sides, conflict_sides, given_cells, given_values
from ._edges import SIDES, describe_edge, line_cells
from ._grid import (
    Line,
    cells_grid,
    content_lines,
    describe_given,
    given_rows,
    read_square_size,
)
from ._pzpr import looks_like_address, read_address, read_sides, write_sides

MAX_N = 40
EMPTY_GIVEN = "-"
_NO_CLUE = "."
_NO_EDGE_CLUE = (".", "-", "_")  # in clue lines; in grid rows `-` is a cell given empty
_YES = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
_KEYS = (*SIDES, "size", "letters", "diagonals", "grid")


class AbcInput(NamedTuple):
    """What render and write need besides the answer."""

    size: int
    letters: str
    diagonals: bool


FORMATS_READ = ("key lines `size:`, `letters:`, `top:`/`bottom:`/`left:`/`right:`, "
                "`grid:`; a janko.at block `begin` ... `end`; puzzlekit's `R C letter` "
                "layout; a puzz.link easyasabc address")


def parse(text: str, source: str) -> Instance[AbcInput]:
    lines = content_lines(text, source)
    joined = "".join(line for _, line in lines)
    if looks_like_address(joined):
        lines = _from_puzzlink(joined, source, lines[0][0])
    elif lines[0][1].lower() == "begin":
        lines = _from_janko(lines, source)
    elif _PUZZLEKIT_HEADER.fullmatch(lines[0][1]):
        lines = _from_puzzlekit(lines, source)
    fields: dict[str, Line] = {}
    grid_rows: list[Line] = []
    index = 0
    while index < len(lines):
        number, line = lines[index]
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in _KEYS:
            if index == 0:
                raise InputError(source, f"not an abc format that is read: {line!r} ("
                                 f"{FORMATS_READ})", number)
            raise InputError(source, f"unknown line {line!r} (expected one of "
                             f"{', '.join(_KEYS)} followed by ':')", number)
        if key in fields:
            raise InputError(source, f"{key}: given twice", number)
        fields[key] = (number, value.strip())
        index += 1
        if key == "grid":
            if value.strip():
                raise InputError(source, "grid: its rows go on the lines below it", number)
            grid_rows = lines[index:]
            break
    size = _size(fields, source)
    letters = _letters(fields, size, source)
    diagonals = _diagonals(fields, source)
    clues = []
    for side in SIDES:
        if side in fields:
            for position, char in enumerate(_chars(fields[side], side, size, source), 1):
                if char not in _NO_EDGE_CLUE:
                    _check_letter(char, letters, source, fields[side][0], f"{side} {position}")
                    clues.append(fact("clue", side, position, char))
    if "grid" in fields:
        clues += _givens(grid_rows, fields["grid"][0], size, letters, source)
    structure = [fact("size", size), *(fact("letter", a) for a in letters)]
    if diagonals:
        structure.append(fact("diagonals"))
    return Instance(source, tuple(structure), tuple(clues), AbcInput(size, letters, diagonals))


def _from_puzzlink(text: str, source: str, line: int) -> list[Line]:
    """A puzz.link address restated as this format's `key: value` lines."""
    found = read_address(text, source, line, ("easyasabc",))
    count, slash, body = found.body.partition("/")
    if not slash or not is_digits(count):
        raise InputError(source, f"expected the number of letters and '/' after the size, "
                         f"found {found.body[:20]!r}", line)
    count = str(natural(count, source, line, "letters", 1, 26))  # read whole: 0003 is 3
    sides, cells = read_sides(found, source, line, body)
    size = found.cols

    def letter(value: int | None) -> str:
        if value is None:
            return _NO_CLUE
        if not 1 <= value <= 26:
            raise InputError(source, f"a letter number {value} (1 = A ... 26 = Z)", line)
        return chr(ord("A") + value - 1)

    out = [(line, f"size: {size}"), (line, f"letters: {int(count)}")]
    out += [(line, f"{side}: {''.join(letter(v) for v in sides[i * size:(i + 1) * size])}")
            for i, side in enumerate(SIDES)]
    if any(value is not None for value in cells):
        out.append((line, "grid:"))
        out += [(line, "".join(letter(v) for v in cells[r * size:(r + 1) * size]))
                for r in range(size)]
    return out


_PUZZLEKIT_HEADER = re.compile(r"([0-9]+)\s+([0-9]+)\s+([A-Za-z])")


def _from_puzzlekit(lines: list[Line], source: str) -> list[Line]:
    """The layout of puzzlekit's Abc-End-View data (from janko.at's puzzles): `R C k` (rows,
    columns, the last letter), the top, bottom, left and right clues (`-` no clue), then
    the R rows of the grid (`-` an open cell), fields separated by spaces."""
    number, header = lines[0]
    found = _PUZZLEKIT_HEADER.fullmatch(header)
    assert found is not None
    rows, cols, last = found.group(1), found.group(2), found.group(3).upper()
    if rows != cols:
        raise InputError(source, f"a {rows}x{cols} grid: the grid is square", number)
    if len(lines) < 5:
        raise InputError(source, "expected four clue lines (top, bottom, left, right) after "
                         f"`{header}`", lines[-1][0])
    out = [(number, f"size: {rows}"), (number, f"letters: A-{last}")]
    for side, (at, text) in zip(SIDES, lines[1:5], strict=True):
        out.append((at, f"{side}: {_puzzlekit_row(text, _NO_CLUE)}"))
    if lines[5:]:
        out.append((lines[5][0], "grid:"))
        out += [(at, _puzzlekit_row(text, _NO_CLUE)) for at, text in lines[5:]]
    return out


def _puzzlekit_row(text: str, none: str) -> str:
    return "".join(none if token == "-" else token for token in text.split())


def write_puzzlink(instance: Instance[AbcInput], clues: list[Symbol]) -> str:
    """A puzz.link address: the number of letters, the side letters, the given letters."""
    board = instance.data
    if board.letters != "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:len(board.letters)]:
        raise InputError(instance.source, f"the letters {board.letters} cannot be written in a "
                         "puzz.link address (there, letters are A, B, C, ... in order)")
    if board.diagonals:
        raise InputError(instance.source, "the diagonal variant cannot be written in a "
                         "puzz.link address (pzprjs has none)")
    size = board.size
    sides: list[int | None] = [None] * (4 * size)
    cells: list[int | None] = [None] * (size * size)
    for clue in clues:
        if clue.name == "clue":
            side, line, letter = clue.arguments
            sides[SIDES.index(side.string) * size + line.number - 1] = _number(letter.string)
        else:
            row, column = (arg.number for arg in clue.arguments[:2])
            if clue.arguments[2].string == EMPTY_GIVEN:
                raise InputError(instance.source, f"the cell ({row},{column}) given empty "
                                 "cannot be written in a puzz.link address")
            cells[(row - 1) * size + column - 1] = _number(clue.arguments[2].string)
    return write_sides("easyasabc", size, sides, cells, f"{len(board.letters)}/") + "\n"


def _number(letter: str) -> int:
    return ord(letter) - ord("A") + 1


_JANKO_SECTIONS = {"clabels": ("top", "bottom"), "rlabels": ("left", "right")}


def _from_janko(lines: list[Line], source: str) -> list[Line]:
    """janko.at's `begin` ... `end` block restated as this format's `key: value` lines."""
    out: list[Line] = []
    grid: list[Line] = []
    size, index = 0, 1
    while index < len(lines):
        number, line = lines[index]
        key, value = [*line.split(None, 1), ""][:2]
        key = key.lower()
        # Every key is a word; unknown words are metadata (author, ...). A single letter
        # is no key but a data row out of place (a grid or clue row too many).
        if not key.isalpha() or len(key) == 1:
            raise InputError(source, f"unknown line {line!r} in a janko.at block (expected "
                             "a key such as size, depth, clabels or rlabels)", number)
        index += 1
        if key == "end":
            return out + grid
        if key in ("size", "depth"):
            out.append((number, f"{'size' if key == 'size' else 'letters'}: {value}"))
            if key == "size":  # read now: it says how many rows `problem` has
                size = _size_value(value.strip(), source, number)
        elif key == "options" and any(word in ("diagonal", "diagonals")
                                      for word in value.lower().split()):
            out.append((number, "diagonals: yes"))
        elif key in ("diagonal", "diagonals"):  # a value: 1, yes, or the letters' count
            flag = value.strip().lower()
            if is_integer(flag):
                flag = str(integer(flag, source, number, key))
            if flag not in ("", "0", "no", "false", "-"):
                out.append((number, "diagonals: yes"))
        elif key in _JANKO_SECTIONS:
            for side, (row, text) in zip(_JANKO_SECTIONS[key], lines[index:index + 2],
                                         strict=False):
                out.append((row, f"{side}: {_janko_row(text, row, source)}"))
            index += 2
        elif key == "problem":
            if not size:
                raise InputError(source, "problem: comes before the size line", number)
            grid = [(number, "grid:")]
            grid += [(row, _janko_row(text, row, source)) for row, text in
                     lines[index:index + size]]
            index += size
        elif key in ("solution", "moves"):
            skip = size if key == "solution" else len(lines)
            while skip and index < len(lines) and lines[index][1].lower() != "end":
                index, skip = index + 1, skip - 1
    raise InputError(source, "begin without end", lines[0][0])


def _janko_row(text: str, number: int, source: str) -> str:
    """A janko row: `-` nothing, letters in either case, or numbers 1..26 for letters."""
    chars = []
    for token in text.split():
        if token == "-":
            chars.append(_NO_CLUE)
        elif is_integer(token):
            chars.append(chr(ord("A") + integer(token, source, number, "letter", 1, 26) - 1))
        elif len(token) == 1 and token.isascii() and token.isalpha():
            chars.append(token.upper())
        else:
            raise InputError(source, f"unknown entry {token!r} (a letter, a number or -)",
                             number)
    return "".join(chars)


def _size(fields: dict[str, Line], source: str) -> int:
    if "size" in fields:
        number, value = fields["size"]
        return _size_value(value, source, number)
    for side in SIDES:
        if side in fields:
            return len(_chars(fields[side], side, None, source))
    raise InputError(source, "no size line and no clue line to tell the size")


def _size_value(value: str, source: str, number: int) -> int:
    if not is_integer(value):
        raise InputError(source, f"size: expected a whole number, found {value!r}", number)
    return integer(value, source, number, "size", 1, MAX_N)


def _letters(fields: dict[str, Line], size: int, source: str) -> str:
    if "letters" not in fields:
        raise InputError(source, "no letters line (e.g. `letters: ABC`, in a janko.at block "
                         "`depth 3`)")
    number, value = fields["letters"]
    if is_integer(value):  # a count, read whole: `1 2` is no count
        count = integer(value, source, number, "letters", 1, min(size, 26))
        return "".join(chr(ord("A") + i) for i in range(count))
    value = value.replace(" ", "").replace("\t", "").upper()
    span = _LETTER_RANGE.fullmatch(value)
    if span:  # a range, A-F
        first, last = span.group(1), span.group(2)
        if first > last:
            raise InputError(source, f"letters: the range {first}-{last} is empty", number)
        value = "".join(chr(code) for code in range(ord(first), ord(last) + 1))
    if not value or not all("A" <= char <= "Z" for char in value):
        raise InputError(source, f"letters: expected letters A-Z (e.g. ABC), found {value!r}",
                         number)
    if len(set(value)) != len(value):
        raise InputError(source, f"letters: {value!r} repeats a letter", number)
    if len(value) > size:
        raise InputError(source, f"letters: {len(value)} letters do not fit in a row of "
                         f"{size} cells", number)
    return value


_LETTER_RANGE = re.compile("([A-Z])[-\u2013]([A-Z])")


def _diagonals(fields: dict[str, Line], source: str) -> bool:
    if "diagonals" not in fields:
        return False
    number, value = fields["diagonals"]
    if is_integer(value):  # 1 or 0, read as every number is (01 is 1)
        value = str(integer(value, source, number, "diagonals", 0, 1))
    if value.lower() not in _YES:
        raise InputError(source, f"diagonals: expected yes or no, found {value!r}", number)
    return _YES[value.lower()]


def _chars(line: Line, what: str, size: int | None, source: str) -> str:
    """A clue or grid string, one character per cell, spaces between them allowed."""
    number, value = line
    chars = value.replace(" ", "").replace("\t", "").upper()
    if size is not None and len(chars) != size:
        unit = "row" if what in ("left", "right") else "column"
        raise InputError(source, f"{what}: expected {size} characters (one per {unit}), "
                         f"found {len(chars)}", number)
    if not chars:
        raise InputError(source, f"{what}: no clues in it", number)
    return chars


def _check_letter(char: str, letters: str, source: str, number: int, where: str) -> None:
    if char not in letters:
        raise InputError(source, f"{where}: {char!r} is not one of the letters {letters} "
                         f"(or {_NO_CLUE} for no clue)", number)


def _givens(rows: list[Line], header: int, size: int, letters: str,
            source: str) -> list[Symbol]:
    if len(rows) != size:
        where = rows[size][0] if len(rows) > size else header
        raise InputError(source, f"grid: expected {size} rows below `grid:`, found "
                         f"{len(rows)}", where)
    givens = []
    for row, line in enumerate(rows, start=1):
        for column, char in enumerate(_chars(line, f"grid row {row}", size, source), 1):
            if char == EMPTY_GIVEN:
                givens.append(fact("given", row, column, EMPTY_GIVEN))
            elif char != _NO_CLUE:
                _check_letter(char, letters, source, line[0], f"grid row {row}, column {column}")
                givens.append(fact("given", row, column, char))
    return givens


def _cells(size: int, answer: Answer) -> list[list[str | None]]:
    """Letters by row and column, "" for empty, None where a partial answer leaves it open."""
    letters = [(r, c, str(letter)) for r, c, letter in answer.atoms("cell", 3)]
    return cells_grid(size, size, letters + [(r, c, "") for r, c in answer.atoms("empty", 2)])


def board(instance: Instance[AbcInput], answer: Answer) -> Board:
    """The letters (- for an empty cell), the edge letters outside."""
    data = instance.data
    grid = [[None if v is None else v or EMPTY_GIVEN for v in row]
            for row in _cells(data.size, answer)]
    givens = given_cells(answer.symbols)
    cells = grid_of(grid, givens)
    return Board(Grid(cells, *answer_sides(data.size, answer, instance.clues)),
                   _legend(data))


def conflict_board(instance: Instance[AbcInput], conflict: list[Symbol]) -> Board:
    """The edge letters and given cells alone, those that cannot hold together marked."""
    data = instance.data
    marked = set(conflict)
    cells = clue_grid_of(data.size, data.size, given_values(instance.clues),
                         given_cells(marked))
    return Board(Grid(cells, *conflict_sides(data.size, instance.clues, marked)),
                   _legend(data))


def _legend(board: AbcInput) -> str:
    legend = f"letters {board.letters}, - empty; letters outside: the first one seen from there"
    if board.diagonals:
        legend += "; each diagonal holds every letter too"
    return legend


def solution_json(instance: Instance[AbcInput], answer: Answer) -> dict[str, Any]:
    """Rows as strings, `.` empty; `?` marks a cell a partial answer (a hint) leaves open."""
    grid = _cells(instance.data.size, answer)
    return {"grid": ["".join("?" if v is None else v or "." for v in row) for row in grid]}


def describe_clue(instance: Instance[AbcInput], clue: Symbol) -> str:
    if clue.name == "given" and clue.arguments[2].string == EMPTY_GIVEN:
        row, column = (arg.number for arg in clue.arguments[:2])
        return f"the empty cell at ({row},{column})"
    if clue.name == "given":
        return describe_given(instance, clue)
    side, line, edge_letter = clue.arguments
    return describe_edge(side.string, line.number, edge_letter.string)


def blank(size: str | None) -> Instance[AbcInput]:
    """An empty grid of a size like "5", "5x5" or "5x5:3" (N and the number of letters)."""
    shape, colon, count = (size or "5").partition(":")
    side = read_square_size(shape, "5", MAX_N)
    letters = natural(count.strip(), "--size", None, "letters", 1, side) if colon else max(
        1, side - 2)
    return parse(f"size: {side}\nletters: {letters}\n", "--size")


def clues_of(instance: Instance[AbcInput], answer: Answer) -> list[Symbol]:
    """Every edge letter and every cell (letter or empty) the full answer implies."""
    size = instance.data.size
    grid = _cells(size, answer)
    clues = []
    for side in SIDES:
        for line in range(1, size + 1):
            seen = [grid[r][c] for r, c in line_cells(side, line, size) if grid[r][c]]
            if seen:
                clues.append(fact("clue", side, line, str(seen[0])))
    clues += [fact("given", r + 1, c + 1, grid[r][c] or EMPTY_GIVEN)
              for r in range(size) for c in range(size)]
    return clues


def write(instance: Instance[AbcInput], clues: list[Symbol]) -> str:
    board = instance.data
    sides = {side: [_NO_CLUE] * board.size for side in SIDES}
    grid = given_rows(board.size, board.size, clues, _NO_CLUE)
    for clue in clues:
        if clue.name == "clue":
            side, line, letter = clue.arguments
            sides[side.string][line.number - 1] = letter.string
    lines = [f"size: {board.size}", f"letters: {board.letters}"]
    if board.diagonals:
        lines.append("diagonals: yes")
    lines += [f"{side}:{' ' * (7 - len(side))}{''.join(sides[side])}" for side in SIDES]
    if any(char != _NO_CLUE for row in grid for char in row):
        lines += ["grid:", *("".join(row) for row in grid)]
    return "\n".join(lines) + "\n"


def read_answer(instance: Instance[AbcInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's letters, `{"grid": ["AB.C", ...]}`: a letter, `.` (or `-`) empty, `?`
    a cell left open."""
    data = instance.data

    def atoms(r: int, c: int, value: Any) -> list[Symbol]:
        if value in (".", EMPTY_GIVEN):
            return [fact("empty", r, c)]
        if isinstance(value, str) and len(value) == 1 and value.isalpha():
            return [fact("cell", r, c, value.upper())]
        raise AnswerError(f"grid[{r - 1}][{c - 1}]", f"expected a letter, . (empty) or ? "
                          f"(open), found {value!r:.40}")

    return read_grid(solution, data.size, data.size, ("cell", "empty"), atoms)


PUZZLE: PuzzleSpec[AbcInput] = PuzzleSpec(
    name="abc", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_clue, refuses_hint=None, refuses_explain=None),
    writing=Writing(writers={"text": write, "puzzlink": write_puzzlink}, complete_formats=()),
    generating=Generating(blank=blank, clues_of=clues_of, random_answer=None, clue_atom=None),
    judging=None, size=None, options=None,
    inline=True,
    read_answer=read_answer,
)
