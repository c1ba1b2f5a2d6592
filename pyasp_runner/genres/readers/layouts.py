"""A genre's grid of cells written as the grid puzzles are: without the plain text grid's
size line, in any layout `gridlayouts` reads (comma-, semicolon- or whitespace-separated
fields, bracketed cells, the bordered ASCII layout, a nested list, after an optional
size line like `9x9`), or compact: a character per cell, a row per line
(`53..7....`), or every row on one line when its length is a square (81 characters:
9 rows of 9).

For a genre whose text is one block of cells and whose parameters may all be left out:
the others need the size line to say where their blocks begin and what the numbers are.
Each field is a token of the cells block, read as there (`textgrid.read_cells`).
"""

from __future__ import annotations

import math
import re

from ...errors import InputError
from ...gridlayouts import LAYOUTS_READ, grid_rows, is_rule
from ..layers import Layers, Pos, empty
from ..statements import Header
from .textgrid import MAX_SIDE, Line, check_numbers, read_cells, size_line_fields

# The smallest square written on one line, a character per cell (16 for 4x4).
MIN_COMPACT_SIDE = 4
# A row written a character per cell: nothing that separates fields.
_COMPACT = re.compile(r"[^\s,;|\[\]+]{2,}")
_WHOLE = re.compile(r"[+-]?[0-9]+")
# Marks a file repeats to pad one cell (`__`, `--`, `XX`), never a row of cells.
_PADDED = frozenset("_-?*xX")
# Boxes drawn with `|` between cells separated by spaces: `| 5 3 . | . 7 . |`.
_SPACED_BOX = re.compile(r"\|\s*\S+(?:\s+\S+)+\s*\|")


def applies(header: Header, lines: list[Line]) -> bool:
    """Whether the input is a laid-out grid: the genre reads one (its text a cells block
    alone, every parameter with a default, no sums whose `D,R` holds a comma) and the
    first line is not the plain text grid's size line."""
    if [block.name for block in header.text] != ["cells"] or header.has("sums"):
        return False
    if len(header.defaults) != len(header.params) or header.param_list:
        return False
    if not lines:
        return False
    sized = size_line_fields(lines[0][1], header)
    if sized:
        return _a_row_after_all(lines, sized, header)
    if _compact_line(lines):
        return True
    # A first line of whole numbers, as many as no row below has: a size line written
    # wrong (`2 3 1 1`), which the plain text grid's reader names. Alone, it is a row.
    first = lines[0][1].split()
    return not (all(_WHOLE.fullmatch(word) for word in first)
                and len(lines) > 1 and len(lines[1][1].split()) != len(first))


def _a_row_after_all(lines: list[Line], sized: list[str], header: Header) -> bool:
    """Whether a first line that reads as a size line (`1 2`, its `sized` fields) is the
    grid's first row: it gives no grid (no line after it; a side of 0, where `0` is a
    cell's token), or the lines after it have as many fields as it and are more than its
    rows or not as wide as its columns."""
    width = len(lines[0][1].split())
    if any(_WHOLE.fullmatch(field) and int(field) < 1 for field in sized[:2]):
        return "0" in header.tokens
    if len(lines) == 1:
        return True
    if not all(len(line.split()) == width for _, line in lines[1:]):
        return False
    return len(lines) - 1 > int(sized[0]) or (len(sized) > 1 and int(sized[1]) != width)


def read(text: str, lines: list[Line], source: str, header: Header,
         stated: dict[str, int] | None = None) -> Layers:
    """The grid of `text`, whose content `lines` (`textgrid.content_lines`) are not the
    plain text grid's (`stated`: the parameters lines before them gave)."""
    if "#" in header.tokens and text.lstrip().startswith("#"):
        # Lines before the grid that begin with `#` are comments: with `#` a cell's token,
        # a first row that begins with one would be dropped as a comment.
        first = next(number for number, line in enumerate(text.splitlines(), 1) if line.strip())
        raise InputError(source, "a line beginning with '#' before the grid, which is read as "
                         "a comment, where '#' is also a cell's token: write the size line "
                         "'ROWS COLS' first", first)
    boxed = _boxed(lines)
    rows, fields = _compact_line(lines) or boxed or grid_rows(lines, source)
    if (boxed or all(len(row) == 1 for row in fields)) and _compact(fields):
        fields = [[char for field in row for char in field] for row in fields]
        for (number, _), row in zip(rows, fields, strict=True):
            if len(row) != len(fields[0]):
                raise InputError(source, f"expected {len(fields[0])} cells like the first "
                                 f"row, found {len(row)}", number)
    height, width = len(fields), len(fields[0])
    for side, what in ((height, "rows"), (width, "columns")):
        if side > MAX_SIDE:
            raise InputError(source, f"{side} {what}: a grid has 1 to {MAX_SIDE}",
                             rows[0][0])
    cells: dict[Pos, str] = {}
    line_of: dict[Pos, int] = {}
    for r, ((number, _), row) in enumerate(zip(rows, fields, strict=True), 1):
        for c, token in enumerate(row, 1):
            if not token:
                raise InputError(source, f"row {r}, column {c}: an empty field (write - for "
                                 f"an empty cell; formats read: {LAYOUTS_READ})", number)
            cells[(r, c)] = token
            line_of[(r, c)] = number
    try:
        read = read_cells(cells, empty(height, width)._replace(params=dict(stated or {})),
                          header, source, line_of)
    except InputError as error:
        if error.line != rows[0][0]:
            raise
        raise InputError(source, f"{error.problem}; the first line is neither the size line "
                         f"'ROWS COLS' nor a row of cells ({LAYOUTS_READ})", error.line
                         ) from None
    return check_numbers(read, header, source, line_of)


def _compact(fields: list[list[str]]) -> bool:
    """Whether the fields are characters run together, a character per cell: each row
    one field (`53..7....`), or boxes of them between `|` (`|53.|.7.|...|`), where some
    field is plainly no number (a field of digits alone is one number: `| 10 | 12 |`)."""
    if not all(_COMPACT.fullmatch(field) for row in fields for field in row):
        return False
    if all(len(row) == 1 for row in fields):
        # one line: a square's rows (`_compact_line`), or no grid. Fields that are each
        # one token (a number, a run of one character) are a column where their lengths
        # differ (`__` over `001`) or one is a run of a mark files pad a cell with (`__`
        # over `01`): digits alone of one length are compact rows (`530070000`)
        tokens = all(_WHOLE.fullmatch(row[0]) or len(set(row[0])) == 1 for row in fields)
        padded = any(set(row[0]) <= _PADDED for row in fields)
        return len(fields) > 1 and not (
            tokens and (padded or len({len(row[0]) for row in fields}) > 1))
    return any(not _WHOLE.fullmatch(field) and len(set(field)) > 1
               for row in fields for field in row)


def _boxed(lines: list[Line]) -> tuple[list[Line], list[list[str]]] | None:
    """A grid whose boxes are drawn with `|` and rule lines, as boxes of 3x3 cells often
    are: the cells of a box separated by spaces (`| 5 3 . | . 7 . |`) or run together
    (`|53.|.7.|...|`). The rule lines are dropped and each other line is a row: its cells
    split at spaces and bars, or its boxes for `_compact` to split."""
    body = [line for line in lines if not is_rule(line[1])]
    if not body or not any("|" in text for _, text in body):
        return None
    if any(not part.strip() for _, text in body if "|" in text
           for part in text.strip().strip("|").split("|")):
        return None  # a blank between bars: a bordered grid of a cell each (`grid_rows`)
    if any(_SPACED_BOX.search(text) for _, text in body):
        return body, [text.replace("|", " ").split() for _, text in body]
    boxes = [[box.strip() for box in text.strip().strip("|").split("|")] for _, text in body]
    return (body, boxes) if _compact(boxes) else None


def _compact_line(lines: list[Line]) -> tuple[list[Line], list[list[str]]] | None:
    """Every row on one line, a character per cell, when its length is a square
    (`53..7....6..195...` of 81 characters: 9 rows of 9)."""
    if len(lines) != 1 or not _COMPACT.fullmatch(lines[0][1]):
        return None
    text = lines[0][1]
    side = math.isqrt(len(text))
    if side * side != len(text) or side < MIN_COMPACT_SIDE:
        return None  # shorter, it is one cell's text (`0007`), not 2x2 or 3x3 cells
    return ([lines[0]] * side,
            [list(text[at:at + side]) for at in range(0, len(text), side)])
