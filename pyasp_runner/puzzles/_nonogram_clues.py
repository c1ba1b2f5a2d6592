"""A nonogram's clues as every reader of its formats returns them (`NonogramClues`), and
the checks and readings of runs the readers share.

The readers are grouped by the shape of their format: `_nonogram_ids` (Tatham game IDs, a
pair of lists, puzz.link addresses, Rosetta Code's letters), `_nonogram_numbers` (files of
clue lines in plain numbers: .non, .nin, .mk, .cwd, SPOJ JCROSS, a puzzlekit record) and
`_nonogram_sections` (nonogrid's [clues], webpbn's XML, Gnonograms' .gno). Nothing is
evaluated: every format is read with small regular expressions and hand-written scanners.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from .. import escape
from ..errors import InputError
from ..numerals import MINUS_SIGNS, integer, natural
from ..numerals import fields as split_fields

Clue = list[int] | None  # None: this line has no clue (any pattern is allowed)

# Lines longer than this are refused before any grounding (Tatham's own limit is far lower).
MAX_SIDE = 1000
UNKNOWN = "?"


class NonogramClues(NamedTuple):
    """A nonogram as a reader found it: columns then rows, as every format lists them
    (the puzzle's module makes its `NonogramInput` and facts from it)."""

    width: int
    height: int
    columns: list[Clue]
    rows: list[Clue]
    givens: Mapping[tuple[int, int], bool] = MappingProxyType({})  # (r, c) -> black?
    goal: str | None = None  # the known solution, row-major '0'/'1', if the file gives one
    line: int = 1  # where the clues start, for messages
    clue_lines: Mapping[tuple[str, int], int] = MappingProxyType({})  # a clue's own line


def side(text: str, what: str, source: str, line: int | None) -> int:
    """A width or height: a whole number from 1 to MAX_SIDE."""
    return natural(text, source, line, what, 1, MAX_SIDE)


def check_fit(board: NonogramClues, source: str) -> None:
    """Tatham's checks, naming the line: clues positive and not more than will fit."""
    for kind, clues, length in (("column", board.columns, board.height),
                                ("row", board.rows, board.width)):
        for index, runs in enumerate(clues, start=1):
            line = board.clue_lines.get((kind, index), board.line)
            if runs is None:
                continue
            if any(n <= 0 for n in runs):
                raise InputError(source, f"{kind} {index}: all clues must be positive", line)
            need = sum(runs) + len(runs) - 1
            if need > length:
                text = ".".join(map(str, runs))
                raise InputError(source, f"{kind} {index} contains more numbers than will fit: "
                                 f"{text} needs {need} cells, the {kind} has {length}", line)


def run_length(text: str, where: str, source: str, line: int | None) -> int:
    """A run length, read whole (leading zeros do not count, as everywhere; a sign is
    read, and a negative run refused by `check_fit`)."""
    digits = text.lstrip("+" + MINUS_SIGNS).lstrip("0")
    if len(digits) > 4:  # longer than any line can be: no 32-bit overflow in the encoding
        shown = escape.terminal(digits) if len(digits) <= 12 \
            else f"a number of {len(digits):,} digits"
        raise InputError(source, f"{where}: at least one clue is grossly excessive ({shown})",
                         line)
    return integer(text, source, line, where)


def read_runs(text: str, source: str, line: int) -> Clue:
    """One line's clue written as numbers (`3,1,2`, `3 1 2`): its runs; `0` or nothing a
    line without black cells, `?` a line without a clue."""
    if text == UNKNOWN:
        return None
    fields = split_fields(text, source, line, "runs")
    runs = [run_length(f, "runs", source, line) for f in fields]
    if runs == [0] or not runs:
        return []
    if 0 in runs:
        raise InputError(source, "a run of length 0 next to other runs", line)
    return runs
