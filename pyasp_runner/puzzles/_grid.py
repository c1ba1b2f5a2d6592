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


# --- One reader for grids of numbers however they are written ---------------------------------

# Compiled on first use, as above, except the two that every field is matched against.
# A row of bracketed cells, `[XX][29][??]`, as some collections write them.
_BRACKETED = r"(\[[^\[\]]*\]\s*)+"
_BRACKETED_CELL = r"\[([^\[\]]*)\]"
# A rule line of a bordered ASCII grid: `+--+--+`, `+==+`, `|--|`, `-----`.
_RULE = r"[+|]?[-=]+(?:[+|][-=]+)*[+|]?"
# A size line: `7x7`, `10 10`, `size 7`, `size: 7x7`, or words ending in one
# (`... with size 5`, the first line of the TU Dresden competition's files).
_SIZE_LINE = (r"(?i)(?:(?:[A-Za-z]+\s+)*size\s*:?\s*)?([0-9]+)"
              r"(?:\s*(?:[xX\u00d7]|\s)\s*([0-9]+))?")
# A grid as a nested list, as Python and JSON write one: `[[2, 7, 6], [9, 5, 0], ...]`.
_NESTED = r"\[\s*\[[^\[\]]*\](?:\s*,?\s*\[[^\[\]]*\])*\s*,?\s*\]"
_INNER = r"\[([^\[\]]*)\]"
EMPTY_MARKS = re.compile(r"_+|\?+|-+|0+")  # each an empty cell, as public files write one
DOTS = re.compile(r"\.+")


def grid_rows(lines: Sequence[Line], source: str) -> tuple[list[Line], list[list[str]]]:
    """The rows of a grid and their fields, however the grid is written:

    - comma-separated fields (`_,33,35`), semicolon-separated ones (`00;22;20`, as a
      spreadsheet writes CSV where the decimal mark is a comma), bracketed fields
      (`[XX][29][??]`), or fields separated by whitespace (`__ 33 35`);
    - the bordered ASCII layout: rule lines (`+--+--+`, `-----`) are skipped, `|`
      separates the fields, a field of spaces only is an empty cell (`| 1|  | 3|`); where
      rule lines stand between the rows, a cell may be several text lines tall (the TU
      Dresden competition's `|    |` / `| 15 |` / `|    |`): the lines between two rules
      are one row, each cell the one text written in it;
    - a nested list, as Python and JSON write one (`[[2, 7, 6], [9, 5, 0], [4, 3, 8]]`,
      over one line or several; quotes around a field are dropped): each inner list a row;
    - a size line before the grid: `7x7` (W x H), `10 10`, `size 7`, or words ending in
      one (`... with size 5`). The first line decides: it is a size line when the rows
      after it make a grid of that size (and are not two fields wide, where `A B` is
      their first row), or when it says `x` or `size`, and is checked.

    Every row must have as many fields as the first. The fields are stripped (a blank
    bordered cell becomes `_`); what they mean is the puzzle's to say.
    """
    nested = _nested(lines)
    if nested is not None:
        return _same_width(*nested, source)
    size = re.fullmatch(_SIZE_LINE, lines[0][1]) if len(lines) > 1 else None
    said = size is not None and bool(re.search(r"[xX\u00d7]|size", lines[0][1], re.I))
    if size and not (said or size.group(2)):
        size = None  # one bare number is a row of one cell, not a size line
    body = lines[1:] if size else lines
    rows, fields = _rows(body, source) if body else ([], [])
    if size and "," not in lines[0][1]:
        a = int(size.group(1)[-6:])
        b = int(size.group(2)[-6:]) if size.group(2) else a
        shape = (len(fields), len(fields[0]) if fields else 0)
        # A bare `A B` over rows two fields wide fits the grid as its first row too
        # (`1 2` over `XX _`): it is read as that row, not as a size line.
        fits_as_row = not said and shape[1] == 2
        if (shape in ((b, a), (a, b)) and not fits_as_row) or said:
            if shape not in ((b, a), (a, b)):
                raise InputError(source, f"the size line says {a}x{b}, the grid below it has "
                                 f"{shape[1]} columns and {shape[0]} rows", lines[0][0])
            return rows, fields
    rows, fields = _rows(lines, source)
    return rows, fields


def _nested(lines: Sequence[Line]) -> tuple[list[Line], list[list[str]]] | None:
    """The rows of a grid written as a nested list, or None when it is not one."""
    text = "\n".join(line for _, line in lines)
    if not re.fullmatch(_NESTED, text.strip()):
        return None
    rows: list[Line] = []
    fields: list[list[str]] = []
    for match in re.finditer(_INNER, text):
        number = lines[text.count("\n", 0, match.start())][0]
        rows.append((number, match.group(0)))
        fields.append([field.strip().strip("'\"") for field in match.group(1).split(",")])
    return rows, fields


def _rows(lines: Sequence[Line], source: str) -> tuple[list[Line], list[list[str]]]:
    """The rows and fields of a grid without a size line (see `grid_rows`)."""
    rules = [_is_rule(text) for _, text in lines]
    if all(rules):
        raise InputError(source, "no grid rows, only rule lines", lines[0][0])
    first = rules.index(False)
    last = len(rules) - 1 - rules[::-1].index(False)
    tall = any(rules[first:last]) and all("|" in text for (_, text), rule
                                          in zip(lines, rules, strict=True) if not rule)
    groups: list[list[Line]] = []
    for line, rule in zip(lines, rules, strict=True):
        if rule:
            if tall and groups and groups[-1]:
                groups.append([])
        elif tall:
            groups[-1:] = [(groups[-1] if groups else []) + [line]]
        else:
            groups.append([line])
    groups = [group for group in groups if group]
    rows = [_cell_row(group, source) for group in groups]
    return _same_width([line for line, _ in rows], [row for _, row in rows], source)


def _same_width(rows: list[Line], fields: list[list[str]], source: str,
                ) -> tuple[list[Line], list[list[str]]]:
    """The rows, once every one is checked to have as many fields as the first."""
    width = len(fields[0])
    for (number, _), row in zip(rows, fields, strict=True):
        if len(row) != width:
            raise InputError(source, f"expected {width} fields like the first row, found "
                             f"{len(row)}", number)
    return rows, fields


def _cell_row(group: Sequence[Line], source: str) -> tuple[Line, list[str]]:
    """One row of the grid from its text lines (one, or several for tall bordered cells):
    the line that holds the row's text, and its fields."""
    if len(group) == 1:
        return group[0], _fields(group[0][1])
    split = [_fields(text, blank="") for _, text in group]
    width = len(split[0])
    for (number, _), fields in zip(group, split, strict=True):
        if len(fields) != width:
            raise InputError(source, f"expected {width} fields like the line above, found "
                             f"{len(fields)}", number)
    row = []
    for column in range(width):
        texts = [fields[column] for fields in split if fields[column]]
        if len(texts) > 1:
            number = [n for (n, _), fields in zip(group, split, strict=True)
                      if fields[column]][1]
            raise InputError(source, f"column {column + 1}: a cell holds {texts[0]!r} and "
                             f"{texts[1]!r} on two lines", number)
        row.append(texts[0] if texts else "_")
    holder = next((line for line, fields in zip(group, split, strict=True) if any(fields)),
                  group[0])
    return holder, row


def _is_rule(text: str) -> bool:
    return bool(re.fullmatch(_RULE, text)) and ("+" in text or "|" in text or len(text) >= 3)


def _fields(text: str, blank: str = "_") -> list[str]:
    if re.fullmatch(_BRACKETED, text):
        return [field.strip() for field in re.findall(_BRACKETED_CELL, text)]
    if "|" in text:
        inner = text.strip()
        inner = inner[1:] if inner.startswith("|") else inner
        inner = inner[:-1] if inner.endswith("|") else inner
        return [field.strip() or blank for field in inner.split("|")]  # blank: empty cell
    if "," in text:
        return [field.strip() for field in text.split(",")]
    if ";" in text:  # a spreadsheet's CSV where the decimal mark is a comma
        return [field.strip() for field in text.split(";")]
    return text.split()


# Named in a message when the first row of a grid is not one.
LAYOUTS_READ = ("grid rows of comma-, semicolon- or whitespace-separated fields, [..] cells "
                "or bordered +--+ rows, after an optional size line, or a nested list [[..], [..]]")


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
