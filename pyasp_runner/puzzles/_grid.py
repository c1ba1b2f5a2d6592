"""Shared reading and drawing helpers for grid puzzles (not a puzzle itself)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from clingo import Symbol

from ..errors import InputError
from ..numerals import SIGNED, integer, is_integer, natural
from ..puzzle import Answer, Instance, fact, to_python

Line = tuple[int, str]  # (1-based line number in the file, text without its newline)
T = TypeVar("T")

_EMPTY = re.compile(r"_+")
_GRID_ROW_COMMENT = re.compile(r"#\s*,")
# Patterns that only some inputs meet are kept as text and compiled by `re` on first use
# (it caches them): compiling every format's patterns at import slowed every start.
_RANGE = rf"\s*({SIGNED})\s*\.\.\s*({SIGNED})\s*"
# Input numbers stay far from clingo's 32-bit limit; each puzzle may bound them further.
MAX_MAGNITUDE = 1_000_000


def content_lines(text: str, source: str) -> list[Line]:
    """Numbered non-blank lines, without `#` comment lines; an error if nothing is left.

    A line starting with `#,` is refused rather than dropped: it is a row of a grid that
    marks a cell with `#`, and dropping it would solve another puzzle.
    """
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if _GRID_ROW_COMMENT.match(line):
            raise InputError(source, "a row starting with '#', which begins a comment line "
                             "(write X or _ for the cell, as the puzzle's format says)", number)
        if line and not line.startswith("#"):
            lines.append((number, line))
    if not lines:
        raise InputError(source, "empty file: no puzzle in it")
    return lines


def take_header(lines: list[Line], key: str) -> tuple[Line | None, list[Line]]:
    """The leading `key: value` line, if the input starts with one, and the remaining lines."""
    number, text = lines[0]
    name, colon, value = text.partition(":")
    if colon and name.strip().lower() == key:
        return (number, value.strip()), lines[1:]
    return None, lines


def parse_int(text: str, source: str, line: int, what: str) -> int:
    """An integer within ±MAX_MAGNITUDE (the rule of `numerals`), or an error naming the
    field."""
    value = integer(text.strip(), source, line, what)
    if abs(value) > MAX_MAGNITUDE:
        raise InputError(source, f"{what}: {value} is too large (limit ±{MAX_MAGNITUDE})", line)
    return value


def parse_range(header: Line, source: str) -> tuple[int, int]:
    """`LO..HI` of a `range:` header."""
    number, value = header
    match = re.fullmatch(_RANGE, value)
    if not match:
        raise InputError(source, f"range: expected LO..HI, found {value!r}", number)
    low = parse_int(match.group(1), source, number, "range")
    high = parse_int(match.group(2), source, number, "range")
    if low > high:
        raise InputError(source, f"range: {low}..{high} is empty", number)
    return low, high


def split_row(line: Line, source: str, width: int | None = None) -> list[str]:
    """The comma-separated fields of a row, checked against the expected width."""
    number, text = line
    fields = [field.strip() for field in text.split(",")]
    if width is not None and len(fields) != width:
        problem = f"expected {width} comma-separated fields, found {len(fields)}"
        raise InputError(source, problem, number)
    return fields


def parse_cell(field: str, source: str, line: int, column: int) -> int | None:
    """An empty cell (`_`, `__`, ...) as None, else its integer."""
    if _EMPTY.fullmatch(field):
        return None
    if not is_integer(field):
        raise InputError(
            source, f"column {column}: unknown entry {field!r} (a number or _ for empty)", line
        )
    return parse_int(field, source, line, f"column {column}")


def read_number_grid(
    lines: Sequence[Line], source: str, width: int | None = None
) -> list[list[int | None]]:
    """A rectangular CSV grid of numbers and empty cells, every row as wide as the first."""
    expected = width if width is not None else len(split_row(lines[0], source))
    return [
        [
            parse_cell(field, source, line[0], column)
            for column, field in enumerate(split_row(line, source, expected), start=1)
        ]
        for line in lines
    ]


# What a field of a grid means here (`grid_rows` says where the fields are).
EMPTY_MARKS = re.compile(r"_+|\?+|-+|0+")  # each an empty cell, as public files write one
DOTS = re.compile(r"\.+")



def has_empty_marks(fields: Sequence[Sequence[str]], zero: bool = True) -> bool:
    """True when some field is an empty-cell mark other than dots (`_`, `?`, `-`, `0`);
    `zero`: whether `0` counts as one."""
    return any(EMPTY_MARKS.fullmatch(field) and (zero or set(field) != {"0"})
               for row in fields for field in row)


def check_value(value: int, low: int, high: int, source: str, line: int, where: str) -> None:
    if not low <= value <= high:
        raise InputError(source, f"{where}: {value} is out of range {low}..{high}", line)


def cells_grid(rows: int, cols: int,
               cells: Iterable[tuple[Any, Any, T]]) -> list[list[T | None]]:
    """Rows of cells holding the value of each (row, column, value), 1-based; None where
    none is given (a partial answer: a hint). A position off the board raises IndexError
    (an edited encoding's atoms, reported as such)."""
    grid: list[list[T | None]] = [[None] * cols for _ in range(rows)]
    for row, col, value in cells:
        grid[_index(row, rows)][_index(col, cols)] = value
    return grid


def atom_grid(answer: Answer, name: str, rows: int, cols: int,
              value: Callable[[Any], T]) -> list[list[T | None]]:
    """The grid of the shown atoms `name(Row, Col, Value)`, each value read by `value`."""
    return cells_grid(rows, cols, ((r, c, value(v)) for r, c, v in answer.atoms(name, 3)))


def _index(position: Any, size: int) -> int:
    if not isinstance(position, int) or not 1 <= position <= size:
        raise IndexError(f"position {position!r} is off the board (1..{size})")
    return position - 1


def read_size(text: str | None, default: str, most: int) -> tuple[int, int]:
    """A `--size` of NxM (or N alone, for NxN): the two numbers in the order written,
    each 1..most; which is the width is the puzzle's to say."""
    written = (default if text is None else text).strip().lower()
    first, times, second = written.partition("x")
    one = natural(first.strip(), "--size", None, "size", 1, most)
    return one, natural(second.strip(), "--size", None, "size", 1, most) if times else one


def read_square_size(text: str | None, default: str, most: int) -> int:
    """A `--size` of a square board: N or NxN, 1..most."""
    one, other = read_size(text, default, most)
    if one != other:
        raise InputError("--size", f"the board is square: N or NxN, found {text!r}")
    return one


def describe_given(instance: Instance[Any], clue: Symbol) -> str:
    """A clue `given(Row, Col, Value)` for a person: "the 5 at (2,3)"."""
    row, col, value = clue.arguments
    return f"the {to_python(value)} at ({row.number},{col.number})"


def givens_of(answer: Answer, name: str) -> list[Symbol]:
    """Every cell of a full answer, `name(Row, Col, Value)`, as a clue `given(Row, Col, Value)`
    (what generate starts from)."""
    return [fact("given", *cell) for cell in answer.atoms(name, 3)]


def given_rows(rows: int, cols: int, clues: Iterable[Symbol], empty: str = "_",
               ) -> list[list[str]]:
    """Rows of cell texts for writing a puzzle: the value of each `given(Row, Col, Value)`
    clue, `empty` elsewhere."""
    return [[empty if value is None else str(value) for value in row]
            for row in cells_grid(rows, cols, ((r.number, c.number, to_python(v))
                                               for r, c, v in (clue.arguments for clue in clues
                                                               if clue.name == "given")))]


def csv_text(rows: Sequence[Sequence[str]]) -> str:
    """Comma-separated rows, every field right-aligned to the widest, as the grid
    puzzles read them."""
    width = max((len(field) for row in rows for field in row), default=0)
    return "".join(",".join(field.rjust(width) for field in row) + "\n" for row in rows)
