"""Readers for the three nonogram formats: Tatham game IDs, a pair of lists, `.non` files.

Each reader returns a `Board`: the size, one clue per line (a list of run lengths, or None
for a line without a clue) and optional given cells. Nothing is evaluated: every format is
read with small regular expressions and a hand-written scanner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import InputError
from ..numerals import MINUS_SIGNS, NATURAL, SIGNED, integer, is_integer, natural
from ..numerals import fields as split_fields

Clue = list[int] | None  # None: this line has no clue (any pattern is allowed)

# Lines longer than this are refused before any grounding (Tatham's own limit is far lower).
MAX_SIDE = 1000
UNKNOWN = "?"


@dataclass
class Board:
    """A nonogram as read from a file: columns then rows, as every format lists them."""

    width: int
    height: int
    columns: list[Clue]
    rows: list[Clue]
    givens: dict[tuple[int, int], bool] = field(default_factory=dict)  # (r, c) -> black?
    goal: str | None = None  # the known solution, row-major '0'/'1', if the file gives one
    line: int = 1  # where the clues start, for messages
    clue_lines: dict[tuple[str, int], int] = field(default_factory=dict)  # its own line


def side(text: str, what: str, source: str, line: int) -> int:
    return natural(text, source, line, what, 1, MAX_SIDE)


def check_fit(board: Board, source: str) -> None:
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


# --- Tatham game ID: WxH:c1/c2/.../r1/...[,givens] --------------------------------------

_TATHAM = re.compile(rf"\s*({NATURAL})\s*x\s*({NATURAL})\s*:(.*)", re.DOTALL)


def read_tatham(text: str, source: str, line: int) -> Board:
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
    board = Board(width, height, clues[:width], clues[width:], line=line)
    if comma:
        board.givens = _tatham_givens(grid.strip(), width, height, source, line)
    return board


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
        runs.append(_run(number, where, source, line))
    return runs


def _run(text: str, where: str, source: str, line: int) -> int:
    """A run length, read whole (leading zeros do not count, as everywhere; a sign is
    read, and a negative run refused by `check_fit`)."""
    digits = text.lstrip("+" + MINUS_SIGNS).lstrip("0")
    if len(digits) > 4:  # longer than any line can be: no 32-bit overflow in the encoding
        shown = digits if len(digits) <= 12 else f"a number of {len(digits):,} digits"
        raise InputError(source, f"{where}: at least one clue is grossly excessive ({shown})",
                         line)
    return integer(text, source, line, where)


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


def read_lists(text: str, source: str, line: int) -> Board:
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
            runs.append(_run(peek(), "list", source, line))
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
    return Board(width, height, list(columns), list(rows), line=line)


def _tokens(text: str, source: str, line: int) -> list[str]:
    """Numbers and punctuation; tuples, as Python solvers write clues, read as lists."""
    tokens = []
    for match in TOKEN.finditer(text):
        if match.group(3):
            raise InputError(source, f"unknown character {match.group(3)!r} in the lists", line)
        token = match.group(1) or match.group(2)
        tokens.append({"(": "[", ")": "]"}.get(token, token))
    return tokens


# --- .non files: keyword lines, `rows` and `columns` sections of comma-separated runs -----

NON_CLUE = re.compile(r"[0-9\s,+\-\u2212]*|\?")
KEYWORD = re.compile(r"([A-Za-z_][\w-]*)\s*(.*)")


def read_non(lines: list[tuple[int, str]], source: str, blank: set[int]) -> Board:
    """A `.non` file from its content `lines`; `blank` are the numbers of its blank lines,
    which some collections use for a line without black cells (they count as such only
    where a section is short by exactly that many)."""
    sizes: dict[str, tuple[int, int]] = {}
    sections: dict[str, list[tuple[int, Clue]]] = {}
    headers: dict[str, int] = {}
    goal: str | None = None
    current: str | None = None
    for number, text in lines:
        if NON_CLUE.fullmatch(text):
            if current is None:
                raise InputError(source, f"clue {text!r} outside a rows or columns section",
                                 number)
            sections[current].append((number, _non_clue(text, source, number)))
            continue
        match = KEYWORD.fullmatch(text)
        if not match:
            raise InputError(source, f"unknown line {text!r} (expected a keyword or runs like "
                             f"3,1,2)", number)
        keyword, value = match.group(1).lower(), match.group(2).strip().removeprefix(":").strip()
        current = None
        if keyword in ("width", "height") or (keyword in ("rows", "columns") and value):
            # `columns 10` and `rows 11` are another way to write width and height.
            size = {"rows": "height", "columns": "width"}.get(keyword, keyword)
            sizes[size] = (side(value, size, source, number), number)
        elif keyword in ("rows", "columns"):
            if keyword in sections:
                raise InputError(source, f"a second {keyword} section", number)
            current = keyword
            sections[keyword] = []
            headers[keyword] = number
        elif keyword == "goal":
            bits = value.strip('"')
            goal = bits if bits and set(bits) <= {"0", "1"} else None
        # Other keywords (catalogue, title, by, copyright, license, ...) are metadata.
    for keyword in ("width", "height", "rows", "columns"):
        if keyword not in (sizes if keyword in ("width", "height") else sections):
            raise InputError(source, f"no {keyword} line: a .non file needs width, height, "
                             f"rows and columns", lines[-1][0])
    width, height = sizes["width"][0], sizes["height"][0]
    for keyword, count, kind in (("columns", width, "column"), ("rows", height, "row")):
        found = _with_blank_lines(sections[keyword], headers[keyword], blank, count)
        sections[keyword] = found
        if len(found) != count:
            at = found[min(len(found), count)][0] if len(found) > count else (
                found[-1][0] if found else sizes["width" if kind == "column" else "height"][1])
            many = "many" if len(found) > count else "few"
            hint = f" (write 0 for a {kind} without black cells)" if many == "few" else ""
            raise InputError(source, f"too {many} {kind} specifications: {len(found)} given, "
                             f"{'width' if kind == 'column' else 'height'} is {count}{hint}",
                             at)
    board = Board(width, height, [clue for _, clue in sections["columns"]],
                  [clue for _, clue in sections["rows"]], goal=goal)
    board.line = lines[0][0]
    if goal is not None and len(goal) != width * height:
        board.goal = None
    for keyword, kind in (("columns", "column"), ("rows", "row")):
        for index, (number, _) in enumerate(sections[keyword], start=1):
            board.clue_lines[kind, index] = number
    return board


def _with_blank_lines(found: list[tuple[int, Clue]], header: int, blank: set[int],
                      count: int) -> list[tuple[int, Clue]]:
    """The clues of a section, with the blank lines between its header and its last clue
    as empty clues when the section is short by exactly their number. Blank lines after
    its last clue are spacing: a section short of a line there is short of a line (a
    deleted clue line must not turn the blank line after it into an empty line)."""
    last = found[-1][0] if found else header
    inside = [number for number in blank if header < number < last]
    if len(found) < count and len(found) + len(inside) == count:
        return sorted(found + [(number, []) for number in inside])
    return found


def _non_clue(text: str, source: str, line: int) -> Clue:
    if text == UNKNOWN:
        return None
    fields = split_fields(text, source, line, "runs")
    runs = [_run(f, "runs", source, line) for f in fields]
    if runs == [0] or not runs:
        return []
    if 0 in runs:
        raise InputError(source, "a run of length 0 next to other runs", line)
    return runs
