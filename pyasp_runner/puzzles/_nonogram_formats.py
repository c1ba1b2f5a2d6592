"""Readers for the three nonogram formats: Tatham game IDs, a pair of lists, `.non` files.

Each reader returns a `Board`: the size, one clue per line (a list of run lengths, or None
for a line without a clue) and optional given cells. Nothing is evaluated: every format is
read with small regular expressions and a hand-written scanner.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from .. import escape
from ..errors import InputError
from ..numerals import MINUS_SIGNS, NATURAL, SIGNED, integer, is_integer, natural
from ..numerals import fields as split_fields
from ._pzpr import Address, address, decode_numbers, encode_numbers, read_address

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

Clue = list[int] | None  # None: this line has no clue (any pattern is allowed)

# Lines longer than this are refused before any grounding (Tatham's own limit is far lower).
MAX_SIDE = 1000
UNKNOWN = "?"


class Board(NamedTuple):
    """A nonogram as read from a file: columns then rows, as every format lists them."""

    width: int
    height: int
    columns: list[Clue]
    rows: list[Clue]
    givens: Mapping[tuple[int, int], bool] = MappingProxyType({})  # (r, c) -> black?
    goal: str | None = None  # the known solution, row-major '0'/'1', if the file gives one
    line: int = 1  # where the clues start, for messages
    clue_lines: Mapping[tuple[str, int], int] = MappingProxyType({})  # a clue's own line


def side(text: str, what: str, source: str, line: int | None) -> int:
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
    givens = _tatham_givens(grid.strip(), width, height, source, line) if comma else {}
    return Board(width, height, clues[:width], clues[width:], givens, line=line)


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


def _run(text: str, where: str, source: str, line: int | None) -> int:
    """A run length, read whole (leading zeros do not count, as everywhere; a sign is
    read, and a negative run refused by `check_fit`)."""
    digits = text.lstrip("+" + MINUS_SIGNS).lstrip("0")
    if len(digits) > 4:  # longer than any line can be: no 32-bit overflow in the encoding
        shown = escape.terminal(digits) if len(digits) <= 12 \
            else f"a number of {len(digits):,} digits"
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
    where a section is short by exactly that many). Without `width` and `height` lines
    the clues of the `columns` and `rows` sections are counted for them."""
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
    if not sizes and "rows" in sections and "columns" in sections:
        # No size lines at all (NonoGeek's `ROWS:`/`COLUMNS:` files): each section's clues
        # count its lines, a blank line being spacing there. (One size line without the
        # other is a line lost, and refused below.)
        for size, keyword in (("width", "columns"), ("height", "rows")):
            count = len(sections[keyword])
            sizes[size] = (side(str(count), size, source, headers[keyword]), headers[keyword])
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
    if goal is not None and len(goal) != width * height:
        goal = None
    clue_lines = {(kind, index): number
                  for keyword, kind in (("columns", "column"), ("rows", "row"))
                  for index, (number, _) in enumerate(sections[keyword], start=1)}
    return Board(width, height, [clue for _, clue in sections["columns"]],
                 [clue for _, clue in sections["rows"]], goal=goal, line=lines[0][0],
                 clue_lines=clue_lines)


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


# --- Plain numbers: .nin (Jakub Wilk), SPOJ JCROSS, a puzzlekit dataset record ------------

_PLAIN_CLUE = re.compile(r"[0-9\s,]*")


def read_nin(lines: list[tuple[int, str]], source: str, blank: set[int]) -> Board:
    """Jakub Wilk's `.nin`: `W H`, then the H row clues, then the W column clues."""
    number, first = lines[0]
    width, height = _two_sides(first, ("width", "height"), source, number)
    rows, columns = _clue_blocks(lines, blank, [(height, "row"), (width, "column")], source)
    return Board(width, height, columns, rows, line=number)


def read_mk(lines: list[tuple[int, str]], source: str, blank: set[int],
            separator: int) -> Board:
    """Olšák's `.mk` (as pbnsolve reads it): `H W` (rows first), the H row clues, a line
    `#` (line `separator`), then the W column clues; `0` or a blank line an empty clue."""
    number, first = lines[0]
    height, width = _two_sides(first, ("rows", "columns"), source, number)
    before = [line for line in lines if line[0] < separator]
    after = [line for line in lines if line[0] > separator]
    (rows,) = _clue_blocks(before, blank, [(height, "row")], source)
    (columns,) = _clue_blocks([(separator, "#"), *after], blank, [(width, "column")], source)
    return Board(width, height, columns, rows, line=number)


def read_cwd(raw: list[tuple[int, str]], source: str) -> Board:
    """Meshcheryakov's and Sukhoy's `.cwd` (as pbnsolve reads it): the number of rows H on
    a line, the number of columns W on the next, the H row clues (one a line, `0` or a
    blank line an empty clue), a blank line, then the W column clues. `raw` is every line
    after comments are left out, blank ones too, from the first size line on."""
    (number, first), (second_line, second) = raw[0], raw[1]
    height = side(first.strip(), "rows", source, number)
    width = side(second.strip(), "columns", source, second_line)
    body = raw[2:]
    if len(body) > height and body[height][1].strip():
        raise InputError(source, f"expected the blank line between the {height} row clues "
                         f"and the column clues, found {body[height][1].strip()!r}",
                         body[height][0])
    if len(body) < height + 1 + width:
        last = body[-1][0] if body else second_line
        raise InputError(source, f"too few lines: {height} row clues, a blank line and "
                         f"{width} column clues expected after the size lines", last)
    extra = [line for line in body[height + 1 + width:] if line[1].strip()]
    if extra:
        raise InputError(source, f"too many clue lines: {height} rows + {width} columns "
                         "expected", extra[0][0])
    clues = []
    for kind, part in (("row", body[:height]), ("column", body[height + 1:height + 1 + width])):
        found = []
        for index, (at, text) in enumerate(part, start=1):
            text = text.strip() or "0"
            if not _PLAIN_CLUE.fullmatch(text):
                raise InputError(source, f"{kind} {index}: expected run lengths like 3 1 2, "
                                 f"found {text!r}", at)
            found.append(_non_clue(text, source, at))
        clues.append(found)
    return Board(width, height, clues[1], clues[0], line=number)


def read_jcross(lines: list[tuple[int, str]], source: str, blank: set[int]) -> Board:
    """SPOJ JCROSS: the number of puzzles (1 here), `R C`, then the R row clues and the C
    column clues, each line ending with a 0."""
    number, count = lines[0]
    puzzles = integer(count.strip(), source, number, "the number of puzzles")
    if puzzles != 1:
        raise InputError(source, f"{puzzles} puzzles in one JCROSS input: give one "
                         "(the first line says how many)", number)
    if len(lines) < 2:
        raise InputError(source, "no `R C` line after the number of puzzles", number)
    size_line, size = lines[1]
    height, width = _two_sides(size, ("rows", "columns"), source, size_line)
    body = []
    for at, text in lines[2:]:
        fields = text.replace(",", " ").split()
        if not fields or not is_integer(fields[-1]) or integer(fields[-1], source, at, "end") != 0:
            raise InputError(source, "a JCROSS clue line ends with 0", at)
        body.append((at, " ".join(fields[:-1]) or "0"))
    rows, columns = _clue_blocks([(size_line, size), *body], set(),
                                 [(height, "row"), (width, "column")], source)
    return Board(width, height, columns, rows, line=size_line)


def read_puzzlekit(text: str, source: str, line: int) -> Board:
    """A record of the puzzlekit dataset: a JSON object whose `problem` is `R C`, the C
    column clues, then the R row clues (as puzzlekit's own parser reads it); its
    `solution` (rows of `x` and `-`) is kept as the known goal."""
    import json  # only here: most inputs are no JSON

    try:
        record = json.loads(text)
    except ValueError as error:
        raise InputError(source, f"not a JSON record: {error}", line) from None
    if not isinstance(record, dict) or not isinstance(record.get("problem"), str):
        where = "a dataset of several puzzles" if isinstance(record, dict) and "data" in record \
            else "a JSON value"
        raise InputError(source, f"{where} without a \"problem\" text: give one puzzlekit "
                         "record, {\"problem\": \"R C\\n...\"}", line)
    problem = [(line, text.strip()) for text in record["problem"].splitlines()]
    blank = {index for index, (_, text) in enumerate(problem) if not text}
    numbered = [(index + 1, text) for index, (_, text) in enumerate(problem)]
    height, width = _two_sides(numbered[0][1], ("rows", "columns"), source, line)
    columns, rows = _clue_blocks([entry for entry in numbered if entry[1]],
                                 {i + 1 for i in blank}, [(width, "column"), (height, "row")],
                                 source, at=line)
    goal = None
    solution = record.get("solution")
    if isinstance(solution, str):
        cells = "".join(solution.split("\n", 1)[1:]).split()
        if len(cells) == width * height and set(cells) <= {"x", "-"}:
            goal = "".join("1" if cell == "x" else "0" for cell in cells)
    return Board(width, height, columns, rows, goal=goal, line=line)


def _two_sides(text: str, names: tuple[str, str], source: str, line: int) -> tuple[int, int]:
    fields = text.replace(",", " ").split()
    if len(fields) != 2:
        raise InputError(source, f"expected a size line `{names[0].upper()[0]} "
                         f"{names[1].upper()[0]}` ({names[0]} and {names[1]}), found "
                         f"{text!r}", line)
    return (side(fields[0], names[0], source, line), side(fields[1], names[1], source, line))


def _clue_blocks(lines: list[tuple[int, str]], blank: set[int],
                 blocks: list[tuple[int, str]], source: str,
                 at: int | None = None) -> tuple[list[Clue], ...]:
    """The clue lines after the size line, cut into the given blocks (count, kind). A blank
    line counts as an empty clue when the clues are short by exactly the blank lines."""
    header = lines[0][0]
    found = [(number, text) for number, text in lines[1:]]
    needed = sum(count for count, _ in blocks)
    last = found[-1][0] if found else header
    inside = sorted(number for number in blank if header < number < last)
    if len(found) < needed and len(found) + len(inside) == needed:
        found = sorted(found + [(number, "0") for number in inside])
    if len(found) != needed:
        many = "many" if len(found) > needed else "few"
        where = found[needed][0] if len(found) > needed else last
        raise InputError(source, f"too {many} clue lines: {len(found)} given, "
                         + " + ".join(f"{count} {kind}s" for count, kind in blocks)
                         + " expected (write 0 for a line without black cells)",
                         at if at is not None else where)
    out, start = [], 0
    for count, kind in blocks:
        clues = []
        for index, (number, text) in enumerate(found[start:start + count], start=1):
            where = at if at is not None else number
            if not _PLAIN_CLUE.fullmatch(text):
                raise InputError(source, f"{kind} {index}: expected run lengths like 3 1 2, "
                                 f"found {text!r}", where)
            clues.append(_non_clue(text, source, where))
        out.append(clues)
        start += count
    return tuple(out)


# --- nonogrid's clue files: [clues] columns = ..., rows = ... -----------------------------

_SECTION = re.compile(r"\[\s*([A-Za-z_]\w*)\s*\]")
_ASSIGNMENT = re.compile(r"([A-Za-z_]\w*)\s*=\s*(.*)")
_COMMENT = re.compile(r"\s[#;].*|^[#;].*")


def read_nonogrid(text: str, source: str) -> Board:
    """tsionyx/nonogrid's clue file, the subset its own reader takes: a `[clues]` section
    with `columns` and `rows`, each a `\"\"\"` string, a quoted string or bare text going on
    over the following lines; clues separated by commas or line ends, a clue's runs by
    spaces, a clue in quotes (`'1 1'`) read alike; `#` and `;` start comments; `0` is an
    empty line. Colour sections with definitions and colour suffixes (`2r`) are refused."""
    section = None
    values: dict[str, tuple[int, list[str]]] = {}
    current: str | None = None
    in_string = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_string:
            assert current is not None  # a string is only opened after its key
            end = line.find('"""')
            values[current][1].append(line[:end] if end >= 0 else line)
            in_string = end < 0
            continue
        if not line or line[0] in "#;":
            continue
        header = _SECTION.fullmatch(line)
        if header:
            section, current = header.group(1).lower(), None
            continue
        assignment = _ASSIGNMENT.fullmatch(line)
        if assignment:
            key, value = assignment.group(1).lower(), assignment.group(2).strip()
            current = None
            if section == "colors":
                if key == "defs" and value not in ("[]", "[ ]"):
                    raise InputError(source, "a colour nonogram (colour definitions): only "
                                     "black-and-white nonograms are solved", number)
                continue
            if section != "clues" or key not in ("columns", "rows"):
                raise InputError(source, f"unknown key {key!r} in [{section}] (expected "
                                 "columns and rows in [clues])", number)
            if key in values:
                raise InputError(source, f"{key}: given twice", number)
            current = key
            values[key] = (number, [])
            if value.startswith('"""'):
                rest = value[3:]
                end = rest.find('"""')
                values[key][1].append(rest[:end] if end >= 0 else rest)
                in_string = end < 0
            else:
                values[key][1].append(value)
            continue
        if current is None:
            raise InputError(source, f"unknown line {line!r} (a nonogrid file has [clues] "
                             "with columns = ... and rows = ...)", number)
        values[current][1].append(line)
    for key in ("columns", "rows"):
        if key not in values:
            raise InputError(source, f"no {key} in the [clues] section")
    columns = _nonogrid_clues(*values["columns"], "column", source)
    rows = _nonogrid_clues(*values["rows"], "row", source)
    width = side(str(len(columns)), "columns", source, values["columns"][0])
    height = side(str(len(rows)), "rows", source, values["rows"][0])
    return Board(width, height, columns, rows, line=values["columns"][0])


def _nonogrid_clues(line: int, parts: list[str], kind: str, source: str) -> list[Clue]:
    clues: list[Clue] = []
    for part in parts:
        part = _COMMENT.sub("", part).strip()
        if part.startswith(('"', "'")) and len(part) > 1 and part[-1] == part[0] \
                and part.count(part[0]) == 2:
            part = part[1:-1]  # the whole description in quotes
        entries = part.split(",")
        for index, entry in enumerate(entries):
            entry = entry.strip().strip("'\"").strip()
            if not entry and index < len(entries) - 1:
                # Only a comma that ends a line may stand alone: `7,, 1` lost a clue.
                raise InputError(source, f"{kind} {len(clues) + 1}: an empty clue between "
                                 f"commas (write 0 for a line without black cells)", line)
            if not entry:
                continue
            if not re.fullmatch(r"[0-9\s]+", entry):
                problem = ("a colour clue: only black-and-white nonograms are solved"
                           if re.search(r"[0-9][A-Za-z]", entry) else "expected runs like 1 2")
                raise InputError(source, f"{kind} {len(clues) + 1}: {problem} ({entry!r})",
                                 line)
            clues.append(_non_clue(entry, source, line))
    if not clues:
        raise InputError(source, f"no {kind} clues", line)
    return clues


# --- webpbn's XML export: <puzzleset><puzzle><clues type="columns"><line><count>... ----

def read_webpbn(text: str, source: str) -> Board:
    """webpbn.com's XML export (pbn): the first `<puzzle>`'s `<clues type="columns">` and
    `<clues type="rows">`, each `<line>` of `<count>`s; a `<solution type="goal">` image is
    kept as the known goal. Only black-and-white puzzles are read. The XML is parsed with
    the standard library after refusing any entity declaration (`<!ENTITY`), so no entity
    can expand (no "billion laughs") and no external file is read."""
    import xml.etree.ElementTree as ElementTree  # only here: most inputs are no XML

    if "<!ENTITY" in text:
        raise InputError(source, "an XML entity declaration (<!ENTITY): refused, a puzzle "
                         "file needs none")
    try:
        root = ElementTree.fromstring(text.encode("utf-8"))
    except ElementTree.ParseError as error:
        raise InputError(source, f"not well-formed XML: {error}", error.position[0]) from None
    puzzle = root if root.tag == "puzzle" else root.find("puzzle")
    if puzzle is None:
        raise InputError(source, "no <puzzle> element (expected webpbn's <puzzleset>"
                         "<puzzle>...)")
    colours = [colour.get("name") for colour in puzzle.findall("color")]
    if len(set(colours) - {"white", "black"}) > 0 or puzzle.get("type", "grid") != "grid":
        raise InputError(source, "a colour or non-grid puzzle: only black-and-white "
                         "nonograms are solved")
    clues: dict[str, list[Clue]] = {}
    for block in puzzle.findall("clues"):
        kind = block.get("type")
        if kind not in ("columns", "rows") or kind in clues:
            raise InputError(source, f"unexpected <clues type={kind!r}> (one columns and "
                             "one rows block)")
        _only_children(block, "line", f"<clues type={kind!r}>", source)
        lines: list[Clue] = []
        for index, line in enumerate(block.findall("line"), start=1):
            _only_children(line, "count", f"{kind} {index}", source)
            runs = []
            for count in line.findall("count"):
                value = (count.text or "").strip()
                if count.get("color", "black") != "black":
                    raise InputError(source, f"{kind} {index}: a run of colour "
                                     f"{count.get('color')!r}: only black-and-white "
                                     "nonograms are solved")
                runs.append(_run(value, f"{kind} {index}", source, None))
            lines.append(runs)
        clues[kind] = lines
    for kind in ("columns", "rows"):
        if not clues.get(kind):
            raise InputError(source, f"no <clues type=\"{kind}\"> with lines")
    width = side(str(len(clues["columns"])), "columns", source, None)
    height = side(str(len(clues["rows"])), "rows", source, None)
    image = puzzle.findtext("solution[@type='goal']/image") or ""
    rows = [row.strip().strip("|") for row in image.split("\n") if row.strip()]
    goal = None
    if len(rows) == height and all(len(row) == width for row in rows):
        goal = "".join("0" if cell == "." else "1" for row in rows for cell in row)
    return Board(width, height, clues["columns"], clues["rows"], goal=goal)


def _only_children(element: Element, tag: str, where: str, source: str) -> None:
    """Refuse anything in a clue block but its `tag` elements: an element or text that
    is not a clue must not be skipped (a misspelt <line> would drop a line)."""
    text = (element.text or "").strip()
    if text:
        raise InputError(source, f"{where}: unexpected text {text[:20]!r}")
    for child in element:
        if child.tag != tag or (child.tail or "").strip():
            found = child.tag if child.tag != tag else (child.tail or "").strip()[:20]
            raise InputError(source, f"{where}: unexpected {found!r} (only <{tag}> here)")


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



def read_pzpr(text: str, source: str, line: int) -> Board:
    """A puzz.link address of pzprjs's `nonogram` (its variants `coral` and `cts` are not
    read): the clue numbers beside the grid (`decodeNumber16ExCell`), ceil(H/2) slots above
    each column and ceil(W/2) left of each row, the slot next to the grid first; a line
    whose slots are all empty has no black cell."""
    found = read_address(text, source, line, ("nonogram",))
    columns, rows = read_pzpr_clues(found, source, line)
    return Board(found.cols, found.rows, list(columns), list(rows), line=line)


# --- Gnonograms' .gno: [Dimensions] rows, columns; [Row clues]; [Column clues] ------------

# A first line that starts a .gno file; inside one, any `[Words]` line heads a section.
GNO_SECTION = re.compile(r"\[\s*(description|license|dimensions|row clues|column clues|"
                         r"solution|solution grid)\s*\]", re.IGNORECASE)
_GNO_CLUE = re.compile(r"[0-9]+(\s*,\s*[0-9]+)*")
_GNO_HEADER = re.compile(r"\[\s*([A-Za-z][A-Za-z ]*?)\s*\]")


def read_gno(text: str, source: str) -> Board:
    """Gnonograms' `.gno` file (its `data/games`): sections headed `[Description]`,
    `[License]`, `[Dimensions]` (the number of rows, then of columns, one a line),
    `[Row clues]` and `[Column clues]` (one clue a line, runs separated by commas, `0` a
    line without black cells), `[Solution]` or `[Solution grid]` (a row a line, `1` empty
    and `2` black, kept as the known solution; the clues are counted from it where the file
    has none); other sections (`[Working grid]`, `[State]`, `[Locked]`, `[History]`, ...:
    the player's progress) are skipped."""
    sections: dict[str, list[tuple[int, str]]] = {}
    headers: dict[str, int] = {}
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _GNO_HEADER.fullmatch(line)
        if header:
            current = " ".join(header.group(1).lower().split())
            current = "solution" if current == "solution grid" else current
            if current in sections:
                raise InputError(source, f"a second [{header.group(1)}] section", number)
            sections[current], headers[current] = [], number
        elif current is None:
            raise InputError(source, f"{line!r} before the first [section] of a .gno file",
                             number)
        else:
            sections[current].append((number, line))
    if "dimensions" not in sections:
        raise InputError(source, "no [Dimensions] section (the number of rows and of "
                         "columns, one a line)")
    size = sections["dimensions"]
    if len(size) != 2:
        raise InputError(source, f"[Dimensions] holds {len(size)} lines, expected 2 (the "
                         "number of rows, then of columns)", headers["dimensions"])
    height = side(size[0][1], "rows", source, size[0][0])
    width = side(size[1][1], "columns", source, size[1][0])
    goal = _gno_grid(sections.get("solution"), "[Solution]", width, height, source)
    _gno_grid(sections.get("working grid"), "[Working grid]", width, height, source)
    clues: dict[str, list[Clue]] = {}
    lines: dict[tuple[str, int], int] = {}
    for key, kind, count in (("row clues", "row", height), ("column clues", "column", width)):
        if key not in sections:
            if goal is None:
                raise InputError(source, f"no [{key.capitalize()}] section and no [Solution]")
            clues[kind] = [_runs_of(goal[i::width] if kind == "column" else
                                    goal[i * width:(i + 1) * width]) for i in range(count)]
            continue
        found = sections[key]
        if len(found) != count:
            raise InputError(source, f"{len(found)} {kind} clues, [Dimensions] says {count} "
                             f"{kind}s", found[-1][0] if found else headers[key])
        clues[kind] = []
        for index, (number, entry) in enumerate(found, start=1):
            if not _GNO_CLUE.fullmatch(entry):
                raise InputError(source, f"{kind} {index}: expected run lengths like 3,1,2, "
                                 f"found {entry!r}", number)
            clues[kind].append(_non_clue(entry, source, number))
        lines.update({(kind, index): number for index, (number, _)
                      in enumerate(found, start=1)})
    board = Board(width, height, clues["column"], clues["row"], goal=goal,
                  line=headers["dimensions"], clue_lines=lines)
    return board


def _gno_grid(found: list[tuple[int, str]] | None, name: str, width: int, height: int,
              source: str) -> str | None:
    """A grid section (`[Solution]`, or the player's `[Working grid]`, where 0 is a cell
    not yet decided) as '0'/'1' row-major (1 black), or None without one."""
    if not found:
        return None
    if len(found) != height:
        raise InputError(source, f"{name} has {len(found)} rows, [Dimensions] says "
                         f"{height}", found[-1][0])
    cells_read = ("1", "2") if name == "[Solution]" else ("0", "1", "2")
    bits = []
    for number, line in found:
        cells = [cell.lstrip("0") or "0" for cell in line.split()]  # 002 is 2
        if len(cells) != width or not set(cells) <= set(cells_read):
            undecided = "0 (undecided), " if "0" in cells_read else ""
            raise InputError(source, f"a {name} row is {width} cells, each {undecided}1 "
                             "(empty) or 2 (black)", number)
        bits += ["1" if cell == "2" else "0" for cell in cells]
    return "".join(bits)


def _runs_of(bits: str) -> list[int]:
    return [len(run) for run in bits.split("0") if run]


# --- Rosetta Code's letters: a line of row clues, a line of column clues, A=1 ... Z=26 ---

LETTER_CLUES = re.compile(r"[A-Z]+(?:[ \t]+[A-Z]+)*")


def read_letters(lines: list[tuple[int, str]], source: str) -> Board:
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
    return Board(width, height, columns, rows, line=row_line, clue_lines=lines_of)
