"""Nonogram formats written in a line or two: Tatham game IDs, a pair of lists (columns
first), puzz.link addresses (read and written) and Rosetta Code's letters.
"""

from __future__ import annotations

import re

from ..errors import InputError
from ..numerals import NATURAL, SIGNED, is_integer
from ._nonogram_clues import UNKNOWN, Clue, NonogramClues, run_length, side
from ._pzpr import Address, address, decode_numbers, encode_numbers, read_address

# --- Tatham game ID: WxH:c1/c2/.../r1/...[,givens] --------------------------------------

_TATHAM = re.compile(rf"\s*({NATURAL})\s*x\s*({NATURAL})\s*:(.*)", re.DOTALL)


def read_tatham(text: str, source: str, line: int) -> NonogramClues:
    match = _TATHAM.fullmatch(text)
    if not match:
        raise InputError(source, "expected a game ID WxH:clues", line)
    width = side(match.group(1), "width", source, line)
    height = side(match.group(2), "height", source, line)
    description, comma, grid = match.group(3).strip().partition(",")
    entries = description.split("/")
    if len(entries) < width + height:
        raise InputError(source, f"too few row/column specifications: {len(entries)} given, "
                         f"{width} columns + {height} rows expected", line)
    if len(entries) > width + height:
        raise InputError(source, f"too many row/column specifications: {len(entries)} given, "
                         f"{width} columns + {height} rows expected", line)
    clues = [_tatham_clue(entry, index, width, source, line)
             for index, entry in enumerate(entries)]
    givens = _tatham_givens(grid.strip(), width, height, source, line) if comma else {}
    return NonogramClues(width, height, clues[:width], clues[width:], givens, line=line)


def _tatham_clue(entry: str, index: int, width: int, source: str, line: int) -> Clue:
    entry = entry.strip()
    where = f"column {index + 1}" if index < width else f"row {index - width + 1}"
    if entry == UNKNOWN:
        return None
    if not entry:
        return []
    runs = []
    for number in entry.split("."):
        if not is_integer(number):
            raise InputError(source, f"{where}: unrecognised character in game specification "
                             f"({entry!r}; runs are written like 3.1.2)", line)
        runs.append(run_length(number, where, source, line))
    return runs


def _tatham_givens(grid: str, width: int, height: int, source: str,
                   line: int) -> dict[tuple[int, int], bool]:
    """Tatham's clue squares: a letter skips (its distance from a) cells, then marks one
    cell black (upper case) or white (lower case); z skips 25 cells and marks none."""
    givens: dict[tuple[int, int], bool] = {}
    index = 0
    for char in grid:
        if index >= width * height or not ("a" <= char.lower() <= "z" and char.isascii()):
            raise InputError(source, f"unrecognised character in clue squares: {char!r}"
                             if index < width * height else "too much data in clue squares",
                             line)
        skip = ord(char.lower()) - ord("a")
        index += skip
        if skip < 25 and index < width * height:
            givens[divmod(index, width)] = char.isupper()
            index += 1
    if index < width * height:
        raise InputError(source, "too little data in clue squares", line)
    return {(r + 1, c + 1): black for (r, c), black in givens.items()}


# --- A pair of lists: ([[2],[3,2],...],[[5,2],...]), columns first ------------------------

TOKEN = re.compile(rf"\s*(?:({SIGNED})|([\[\](),])|(\S))")


def read_lists(text: str, source: str, line: int) -> NonogramClues:
    tokens = _tokens(text, source, line)
    position = 0

    def peek() -> str:
        return tokens[position] if position < len(tokens) else "end of input"

    def expect(symbol: str) -> None:
        nonlocal position
        if peek() != symbol:
            wanted = {"[": "'[' or '('", "]": "']' or ')'"}.get(symbol, repr(symbol))
            raise InputError(source, f"expected {wanted}, found {peek()!r} "
                             f"(format: ([[runs], ...], [[runs], ...]), columns first)", line)
        position += 1

    def numbers() -> list[int]:
        nonlocal position
        expect("[")
        runs: list[int] = []
        while peek() != "]":
            if runs:
                expect(",")
                if peek() == "]":  # a trailing comma, as in the tuple (4,)
                    break
            if not is_integer(peek()):
                raise InputError(source, f"expected a run length, found {peek()!r}", line)
            runs.append(run_length(peek(), "list", source, line))
            position += 1
        expect("]")
        return [] if runs == [0] else runs

    def clue_list() -> list[Clue]:
        nonlocal position
        expect("[")
        clues: list[Clue] = []
        while peek() != "]":
            if clues:
                expect(",")
                if peek() == "]":  # a trailing comma
                    break
            clues.append(numbers())
        expect("]")
        return clues

    # An outer bracket: a third level of brackets around the two lists.
    outer = tokens[:3] == ["[", "[", "["]
    if outer:
        position += 1
    columns = clue_list()
    expect(",")
    rows = clue_list()
    if peek() == ",":
        position += 1
    if outer:
        expect("]")
    if position != len(tokens):
        raise InputError(source, f"unexpected {peek()!r} after the two lists", line)
    if not columns or not rows:
        raise InputError(source, "each list needs at least one clue", line)
    width = side(str(len(columns)), "columns", source, line)
    height = side(str(len(rows)), "rows", source, line)
    return NonogramClues(width, height, list(columns), list(rows), line=line)


def _tokens(text: str, source: str, line: int) -> list[str]:
    """Numbers and punctuation; tuples, as Python solvers write clues, read as lists."""
    tokens = []
    for match in TOKEN.finditer(text):
        if match.group(3):
            raise InputError(source, f"unknown character {match.group(3)!r} in the lists", line)
        token = match.group(1) or match.group(2)
        tokens.append({"(": "[", ")": "]"}.get(token, token))
    return tokens


# --- puzz.link: pzprjs's encoding of the clues ---------------------------------------------

def nonogram_slots(cols: int, rows: int) -> tuple[int, int]:
    """Clue slots above each column and left of each row (pzprjs's excellRows/Cols)."""
    return (rows + 1) // 2, (cols + 1) // 2


def read_pzpr_clues(found: Address, source: str,
                  line: int) -> tuple[list[list[int]], list[list[int]]]:
    """The column clues and the row clues (run lengths, first run first)."""
    above, beside = nonogram_slots(found.cols, found.rows)
    count = found.cols * above + found.rows * beside
    values, rest = decode_numbers(found.body, count, source, line, "nonogram clues")
    if rest:
        raise InputError(source, f"unexpected {rest[:20]!r} after the clues", line)
    columns = [_runs(values[c * above:(c + 1) * above], f"column {c + 1}", source, line)
               for c in range(found.cols)]
    start = found.cols * above
    rows = [_runs(values[start + r * beside:start + (r + 1) * beside], f"row {r + 1}",
                  source, line) for r in range(found.rows)]
    return columns, rows


def _runs(slots: list[int | None], where: str, source: str, line: int) -> list[int]:
    """A line's runs: its slots from the farthest to the one next to the grid."""
    runs = [value for value in reversed(slots) if value is not None]
    if 0 in runs:
        raise InputError(source, f"{where}: a clue 0 (pzprjs's nonogram has runs of 1 or "
                         "more; an empty line has no clue)", line)
    return runs


def write_pzpr(cols: int, rows: int, columns: list[list[int]],
                   row_clues: list[list[int]]) -> str:
    """The address of these clues, flushed to the grid as pzprjs writes them."""
    above, beside = nonogram_slots(cols, rows)
    values: list[int | None] = []
    for runs, slots in [(runs, above) for runs in columns] + [(runs, beside)
                                                             for runs in row_clues]:
        values += list(reversed(runs)) + [None] * (slots - len(runs))
    return address("nonogram", cols, rows, encode_numbers(values))


def read_pzpr(text: str, source: str, line: int) -> NonogramClues:
    """A puzz.link address of pzprjs's `nonogram` (its variants `coral` and `cts` are not
    read): the clue numbers beside the grid (`decodeNumber16ExCell`), ceil(H/2) slots above
    each column and ceil(W/2) left of each row, the slot next to the grid first; a line
    whose slots are all empty has no black cell."""
    found = read_address(text, source, line, ("nonogram",))
    columns, rows = read_pzpr_clues(found, source, line)
    return NonogramClues(found.cols, found.rows, list(columns), list(rows), line=line)


# --- Rosetta Code's letters: a line of row clues, a line of column clues, A=1 ... Z=26 ---

LETTER_CLUES = re.compile(r"[A-Z]+(?:[ \t]+[A-Z]+)*")


def read_letters(lines: list[tuple[int, str]], source: str) -> NonogramClues:
    """Rosetta Code's "Nonogram solver" layout: one line of row clues and one of column
    clues, a clue a group of letters, each letter a run (A = 1, ..., Z = 26): `C BA CB`
    is the rows 3, 2 1 and 3 2. Its task file holds several puzzles, a blank line between
    them; one puzzle a file is read."""
    if len(lines) != 2:
        raise InputError(source, f"{len(lines)} lines of letter clues: a puzzle is two (the "
                         "rows, then the columns); put each puzzle in its own file",
                         lines[min(2, len(lines) - 1)][0])
    (row_line, rows_text), (column_line, columns_text) = lines
    rows: list[Clue] = [[ord(letter) - ord("A") + 1 for letter in clue]
                        for clue in rows_text.split()]
    columns: list[Clue] = [[ord(letter) - ord("A") + 1 for letter in clue]
                           for clue in columns_text.split()]
    width = side(str(len(columns)), "columns", source, column_line)
    height = side(str(len(rows)), "rows", source, row_line)
    lines_of = {("row", r): row_line for r in range(1, height + 1)}
    lines_of.update({("column", c): column_line for c in range(1, width + 1)})
    return NonogramClues(width, height, columns, rows, line=row_line, clue_lines=lines_of)
