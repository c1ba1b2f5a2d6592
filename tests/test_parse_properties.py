"""Property tests of every puzzle's parser: no silent wrong puzzle (issue 21).

For random valid puzzles of each input format:
- written with any padding, spacing, case and line-end variant the format allows, the
  facts are those of the plain writing;
- two different puzzles never give the same facts;
- a one-character change that is not such a variant (a digit changed, deleted or
  inserted, a separator deleted or doubled, a letter replaced) is refused or gives other
  facts, never the same facts: nothing in the text is ignored, cut or read in part.

Each format below is a generator of puzzle data (a canonical description: two
different data are two different puzzles) and a writer that draws its variants from a
`Style` (the plain style always takes the first, canonical choice).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pyasp_runner.errors import InputError
from pyasp_runner.puzzles import module_names, registry

DECIMAL = "0123456789"
HEX = "0123456789abcdefABCDEF"


class Style:
    """The writer's choices: canonical without `data`, random variants with it."""

    def __init__(self, data: Any = None) -> None:
        self.data = data

    def pick(self, options: list[str]) -> str:
        return options[0] if self.data is None else self.data.draw(st.sampled_from(options))

    def zeros(self) -> str:
        return "" if self.data is None else "0" * self.data.draw(st.integers(0, 3))

    def num(self, value: int) -> str:
        """A number with optional leading zeros (and `+` before a positive one)."""
        sign = "-" if value < 0 else self.pick(["", "", "+"])
        return sign + self.zeros() + str(abs(value))

    def sp(self) -> str:
        return self.pick(["", " ", "  ", "\t"])

    def gap(self) -> str:
        """At least one space."""
        return self.pick([" ", "  ", "\t", " \t "])

    def case(self, text: str) -> str:
        return self.pick([text, text.lower(), text.upper(), text.title()])

    def lines(self, lines: list[str]) -> str:
        """Lines with CRLF or LF, blank and comment lines between, indentation."""
        end = self.pick(["\n", "\r\n"])
        out = []
        for line in lines:
            out.append(self.pick(["", "", "# a comment" + end, end]) + self.sp() + line
                       + self.sp())
        return end.join(out) + self.pick([end, ""])


@dataclass
class Format:
    puzzle: str
    data: st.SearchStrategy
    write: Callable[[Any, Style], str]
    digits: str = DECIMAL  # the characters numbers are written with
    leading_zeros: bool = True  # `007` is 7 (flower's 0/1 are symbols, not numbers)
    separators: str = ",/.:"
    lines_free: bool = True  # blank and comment lines may stand between lines


# --- Generators and writers ----------------------------------------------------------------

@st.composite
def abc_data(draw):
    size = draw(st.integers(1, 6))
    count = draw(st.integers(1, min(size, 5)))
    letters = "ABCDE"[:count]
    clue = st.sampled_from("." + letters)
    sides = {side: draw(st.one_of(st.none(), st.lists(clue, min_size=size, max_size=size)))
             for side in ("top", "bottom", "left", "right")}
    grid = draw(st.one_of(st.none(), st.lists(
        st.lists(st.sampled_from(".-" + letters), min_size=size, max_size=size),
        min_size=size, max_size=size)))
    diagonals = draw(st.booleans())
    # Canonical: a side or a grid without any clue is the same as none.
    sides = {k: None if v is None or set(v) == {"."} else tuple(v) for k, v in sides.items()}
    if grid is not None and {c for row in grid for c in row} == {"."}:
        grid = None
    return size, count, tuple(sides.items()), grid and tuple(map(tuple, grid)), diagonals


def abc_write(data, s: Style) -> str:
    size, count, sides, grid, diagonals = data
    letters = "ABCDE"[:count]
    key = lambda name: s.case(name) + s.sp() + ":" + s.sp()  # noqa: E731
    lines = [key("size") + s.num(size),
             key("letters") + s.pick([s.num(count), letters, letters.lower(),
                                      " ".join(letters)])]
    if diagonals:
        lines.append(key("diagonals") + s.pick(["yes", "YES", "true", "1", "01"]))
    for side, clues in sides:
        if clues is not None:
            chars = [c if c != "." else s.pick([".", "-", "_"]) for c in clues]
            lines.append(key(side) + s.pick(["", " "]).join(s.case(c) for c in chars))
    if grid is not None:
        lines.append(key("grid"))
        lines += [s.pick(["", " "]).join(s.case(c) for c in row) for row in grid]
    return s.lines(lines)


@st.composite
def skyscrapers_data(draw):
    size = draw(st.integers(1, 6))
    clues = tuple(draw(st.lists(st.one_of(st.none(), st.integers(1, size)),
                                min_size=4 * size, max_size=4 * size)))
    grid = draw(st.one_of(st.none(), st.lists(st.one_of(st.none(), st.integers(1, size)),
                                              min_size=size * size, max_size=size * size)))
    if grid is not None and set(grid) == {None}:
        grid = None  # canonical: a grid part without a given is the same as none
    return size, clues, grid and tuple(grid)


def skyscrapers_write(data, s: Style) -> str:
    size, clues, grid = data
    text = s.pick(["", "towers:"]) + s.num(size).lstrip("+") + ":" + "/".join(
        "" if c is None else s.sp() + s.num(c) + s.sp() for c in clues)
    if grid is not None:
        parts, run = [], 0
        for value in [*grid, 0]:
            if value is None:
                run += 1
                continue
            while run:
                step = min(run, 26)
                parts.append(chr(ord("a") + step - 1))
                run -= step
            if value:
                if parts and parts[-1][-1] in DECIMAL:
                    parts.append("_")
                elif parts and parts[-1][-1] != "_":
                    parts.append(s.pick(["", "_"]))
                parts.append(s.num(value).lstrip("+"))
        text += "," + "".join(parts)
    return s.lines([text])


@st.composite
def runs_for(draw, length: int, unknown: bool = True):
    """A nonogram line clue that fits `length` cells (None: no clue)."""
    if unknown and draw(st.booleans()) and draw(st.booleans()):
        return None
    runs: list[int] = []
    left = length
    while left > 0 and draw(st.booleans()):
        run = draw(st.integers(1, left))
        runs.append(run)
        left -= run + 1
    return tuple(runs)


@st.composite
def nonogram_data(draw, unknown: bool = True):
    width, height = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    columns = tuple(draw(runs_for(height, unknown)) for _ in range(width))
    rows = tuple(draw(runs_for(width, unknown)) for _ in range(height))
    return width, height, columns, rows


def tatham_write(data, s: Style) -> str:
    width, height, columns, rows = data

    def clue(runs):
        if runs is None:
            return "?"
        return ".".join(s.num(n) for n in runs)

    text = (s.pick(["", "pattern:"]) + s.num(width).lstrip("+") + "x"
            + s.num(height).lstrip("+") + ":" + "/".join(clue(r) for r in (*columns, *rows)))
    return s.lines([text])


def lists_write(data, s: Style) -> str:
    _, _, columns, rows = data
    open_, close = s.pick([("[", "]"), ("(", ")")])

    def one(runs):
        inner = ("," + s.sp()).join(s.num(n) for n in runs) if runs else s.num(0)
        return "[" + inner + "]"

    def many(clues):
        return open_ + ("," + s.sp()).join(one(r) for r in clues) + close

    return s.lines([open_ + many(columns) + "," + s.sp() + many(rows) + close])


def non_write(data, s: Style) -> str:
    width, height, columns, rows = data

    def clue(runs):
        if runs is None:
            return "?"
        return s.pick([",", " ", ", "]).join(s.num(n) for n in runs) if runs else s.num(0)

    lines = [s.case("width") + s.pick([" ", ": ", "\t"]) + s.num(width).lstrip("+"),
             s.case("height") + s.pick([" ", ": "]) + s.num(height).lstrip("+"),
             "rows", *(clue(r) for r in rows), "columns", *(clue(c) for c in columns)]
    return "\n".join(lines) + "\n"  # blank lines carry meaning in a .non file


@st.composite
def hidoku_data(draw):
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    kinds = draw(st.lists(st.sampled_from(["X", "_", "n"]), min_size=rows * cols,
                          max_size=rows * cols))
    assume(any(k != "X" for k in kinds))
    playable = sum(k != "X" for k in kinds)
    numbers = iter(draw(st.permutations(range(1, playable + 1))))
    cells = ["X" if k == "X" else None if k == "_" else next(numbers) for k in kinds]
    # Canonical: blocked cells in the last rows or columns are no part of the board.
    grid = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    while all(v == "X" for v in grid[-1]):
        grid.pop()
    while all(row[-1] == "X" for row in grid):
        grid = [row[:-1] for row in grid]
    # A first row `R 2` over R rows of two (or fewer: a row missing) is the plain text
    # grid's size line, and a column of fields of one length is compact rows (`01` over
    # `02`: 2x2, as `530070000` is a row of nine), as every genre reads them.
    assume(not (len(grid[0]) == 2 and grid[0][1] == 2 and isinstance(grid[0][0], int)
                and grid[0][0] >= len(grid) - 1))
    assume(len(grid[0]) > 1 or len(grid) == 1)
    return len(grid), len(grid[0]), tuple(v for row in grid for v in row)


def hidoku_write(data, s: Style) -> str:
    rows, cols, cells = data
    separator = s.pick([",", ", ", " ,", "  "])
    # Dots block a cell only in a file that writes its empty cells another way.
    blocked = ["X", "x", "XX"] + ["."] * any(value is None for value in cells)

    def cell(value):
        if value == "X":  # `1 x 2` between spaces would read as a size line `WxH`
            return s.pick(blocked if "," in separator else ["XX", *blocked[3:]])
        if value is None:
            return s.pick(["_", "__", "0", "?"])
        return s.num(value)

    return s.lines([separator.join(cell(cells[r * cols + c]) for c in range(cols))
                    for r in range(rows)])


@st.composite
def jodici_data(draw):
    return tuple(draw(st.lists(st.one_of(st.none(), st.integers(1, 9)), min_size=18,
                               max_size=18)))


def jodici_write(data, s: Style) -> str:
    return s.lines([("," + s.sp()).join(s.pick(["_", "__"]) if v is None else s.num(v)
                                         for v in data[r * 6:(r + 1) * 6]) for r in range(3)])


@st.composite
def magic_data(draw):
    n = draw(st.integers(1, 4))
    low = draw(st.one_of(st.none(), st.integers(-20, 20).filter(lambda n: n != 1)))
    start = 1 if low is None else low
    values = draw(st.permutations(range(start, start + n * n)))
    shown = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    return n, low, tuple(v if keep else None for v, keep in zip(values, shown, strict=True))


def magic_write(data, s: Style) -> str:
    n, low, cells = data
    lines = []
    if low is not None:
        lines.append(s.case("range") + s.sp() + ":" + s.sp() + s.num(low) + s.sp() + ".."
                     + s.sp() + s.num(low + n * n - 1))
    lines += [("," + s.sp()).join(s.pick(["_", "__"]) if v is None else s.num(v)
                                  for v in cells[r * n:(r + 1) * n]) for r in range(n)]
    return s.lines(lines)


@st.composite
def countdown_data(draw):
    numbers = tuple(draw(st.lists(st.integers(1, 75), min_size=1, max_size=4)))
    target = draw(st.one_of(st.integers(1, 999), st.tuples(st.integers(1, 500),
                                                            st.integers(500, 999))))
    return numbers, target


def countdown_write(data, s: Style) -> str:
    numbers, target = data
    joined = s.pick([" ", ",", ", ", " , "]).join(s.num(n) for n in numbers)
    wanted = (s.num(target) if isinstance(target, int)
              else s.num(target[0]) + s.sp() + ".." + s.sp() + s.num(target[1]))
    if s.pick(["arrow", "keys"]) == "arrow":
        return s.lines([joined + s.sp() + "->" + s.sp() + wanted])
    return s.lines([s.case("numbers") + ":" + s.sp() + joined,
                    s.case("target") + ":" + s.sp() + wanted])


OPS = {"+": ["+"], "-": ["-", "\u2212"], "*": ["*", "x", "X", "\u00d7", "\u00b7"],
       "/": ["/", ":", "\u00f7"]}


@st.composite
def equation_data(draw):
    # Small enough for the 32-bit bound of every equation (the default range is -9..99).
    ranged = draw(st.one_of(st.none(), st.tuples(st.integers(-9, 0), st.integers(1, 20))))
    side = 2 if ranged is None else 3
    rows, cols = draw(st.integers(1, side)), draw(st.integers(1, side))
    value = st.one_of(st.none(), st.integers(-9, 20))
    cells = tuple(draw(st.lists(value, min_size=rows * cols, max_size=rows * cols)))
    row_ops = tuple(draw(st.lists(st.sampled_from("+-*/"), min_size=rows * (cols - 1),
                                  max_size=rows * (cols - 1))))
    col_ops = tuple(draw(st.lists(st.sampled_from("+-*/"), min_size=(rows - 1) * cols,
                                  max_size=(rows - 1) * cols)))
    results = tuple(draw(st.lists(st.one_of(st.none(), st.integers(-300, 300)),
                                  min_size=rows + cols, max_size=rows + cols)))
    return rows, cols, cells, row_ops, col_ops, results, ranged


def equation_write(data, s: Style) -> str:
    rows, cols, cells, row_ops, col_ops, results, ranged = data

    def cell(v):
        return s.pick(["_", "__"]) if v is None else s.num(v).lstrip("+")

    def op(o):
        return s.pick(OPS[o])

    lines = []
    if ranged:
        lines.append("range:" + s.sp() + s.num(ranged[0]) + ".." + s.num(ranged[1]))
    for r in range(rows):
        parts = [cell(cells[r * cols])]
        for c in range(1, cols):
            parts += [op(row_ops[r * (cols - 1) + c - 1]), cell(cells[r * cols + c])]
        lines.append(s.gap().join([*parts, "=", cell(results[r])]))
        if r < rows - 1:
            lines.append(s.gap().join(op(col_ops[r * cols + c]) for c in range(cols)))
    lines.append(s.gap().join(["="] * cols))
    lines.append(s.gap().join(cell(results[rows + c]) for c in range(cols)))
    return s.lines(lines)


@st.composite
def flower_data(draw):
    positions = draw(st.integers(1, 8))
    disks = draw(st.lists(st.lists(st.integers(0, 1), min_size=positions,
                                   max_size=positions), min_size=1, max_size=4))
    return tuple(map(tuple, disks))


def flower_write(data, s: Style) -> str:
    def disk(values):
        text = s.pick([",", ", ", " ", " , "]).join(map(str, values))
        if len(values) >= 2 and s.pick(["", "run"]):
            text = "".join(map(str, values))
        return s.pick(["{}", "[{}]", "[{}],"]).format(text)

    return s.lines([disk(d) for d in data])


@st.composite
def rc4_data(draw):
    width = draw(st.integers(1, 6))
    parts = draw(st.lists(st.lists(st.integers(0, 255), min_size=width, max_size=width),
                          min_size=1, max_size=3))
    last = draw(st.integers(1, width))
    parts[-1] = parts[-1][:last]
    alphabet = draw(st.sampled_from([None, "[a-z]", "[A-Z0-9 ,.]"]))  # None: [A-Za-z ]
    return alphabet, tuple(map(tuple, parts))


def rc4_write(data, s: Style) -> str:
    alphabet, parts = data

    def byte(b):
        digits = s.pick([f"{b:02x}", f"{b:x}", f"{b:02X}", "0" + f"{b:02x}"])
        return s.pick(["0x", "0X", ""]) + digits

    lines = [] if alphabet is None else [s.case("alphabet") + ":" + s.sp() + alphabet]
    lines += [s.pick([", ", ",", " "]).join(byte(b) for b in part) for part in parts]
    return s.lines(lines)


@st.composite
def signpost_data(draw):
    cols, rows = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cells = rows * cols
    arrows = tuple(draw(st.lists(st.sampled_from("abcdefgh"), min_size=cells,
                                 max_size=cells)))
    numbers = list(draw(st.permutations(range(1, cells + 1))))
    shown = draw(st.lists(st.booleans(), min_size=cells, max_size=cells))
    givens = tuple(n if keep else 0 for n, keep in zip(numbers, shown, strict=True))
    return cols, rows, draw(st.booleans()), arrows, givens


def signpost_write(data, s: Style) -> str:
    cols, rows, corners, arrows, givens = data
    size = s.num(cols).lstrip("+")
    if cols != rows or s.pick(["square", ""]) == "":
        size += "x" + s.num(rows).lstrip("+")
    desc = "".join((s.num(g).lstrip("+") if g else "") + a
                   for g, a in zip(givens, arrows, strict=True))
    return s.lines([s.pick(["", "signpost:"]) + size + "c" * corners + ":" + desc])


@st.composite
def checkerboard_data(draw):
    cols, rows = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    free = {(r, c) for r in range(rows) for c in range(cols)}
    stones = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in free:
                continue
            free.discard((r, c))
            stone = [(r, c)]
            for neighbour in ((r, c + 1), (r + 1, c)):
                if neighbour in free and draw(st.booleans()):
                    free.discard(neighbour)
                    stone.append(neighbour)
                    break
            stones.append(tuple(stone))
    corner = draw(st.sampled_from("BW"))
    return cols, rows, corner, tuple(stones)


def checkerboard_write(data, s: Style) -> str:
    cols, rows, corner, stones = data
    other = {"B": "W", "W": "B"}

    def colour(r, c):
        return corner if (r + c) % 2 == 0 else other[corner]

    lines = [s.case("board") + ":" + s.sp() + s.num(cols).lstrip("+")
             + s.pick(["x", "X", " x ", "\u00d7"]) + s.num(rows).lstrip("+")]
    if corner == "W" or s.pick(["", "say"]):
        lines.append(s.case("corner") + ":" + s.sp() + s.case(corner))
    for index, stone in enumerate(stones):
        if index:
            lines.append(s.pick(["=", "==="]))
        top, left = min(r for r, _ in stone), min(c for _, c in stone)
        height = max(r for r, _ in stone) - top + 1
        width = max(c for _, c in stone) - left + 1
        for r in range(height):
            lines.append(("," + s.sp()).join(
                s.case(colour(top + r, left + c)) if (top + r, left + c) in stone
                else s.pick(["_", "__"]) for c in range(width)))
    return s.lines(lines)


FORMATS = {
    "abc": Format("abc", abc_data(), abc_write),
    "skyscrapers": Format("skyscrapers", skyscrapers_data(), skyscrapers_write),
    "nonogram-tatham": Format("nonogram", nonogram_data(), tatham_write),
    "nonogram-lists": Format("nonogram", nonogram_data(unknown=False), lists_write,
                             separators=",[]()"),
    "nonogram-non": Format("nonogram", nonogram_data(), non_write, lines_free=False),
    "hidoku": Format("hidoku", hidoku_data(), hidoku_write, separators=","),  # `.+` blocks
    "jodici": Format("jodici", jodici_data(), jodici_write),
    "magic": Format("magic", magic_data(), magic_write, separators=",:."),
    "countdown": Format("countdown", countdown_data(), countdown_write, separators=",.>"),
    "equation": Format("equation", equation_data(), equation_write, separators="=.:"),
    "flower": Format("flower", flower_data(), flower_write, leading_zeros=False,
                     separators=","),
    # Without its x, 0xd9 is 0d9: the same byte, read with a leading zero.
    "rc4": Format("rc4", rc4_data(), rc4_write, digits=HEX, separators=","),
    "signpost": Format("signpost", signpost_data(), signpost_write, separators=":x"),
    "checkerboard": Format("checkerboard", checkerboard_data(), checkerboard_write,
                           separators=":x"),  # `=+` separates stones; `B,W` may be `BW`
}
NAMES = sorted(FORMATS)
# In CI the examples are the same on every run (a red CI names a bug, not bad luck); run
# locally, each run explores new ones.
PROPERTY = settings(max_examples=60, deadline=None, derandomize=bool(os.environ.get("CI")),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def facts(puzzle: str, text: str) -> frozenset:
    instance = registry()[puzzle].parse(text, "property.txt")
    return frozenset(instance.facts)


def test_every_puzzle_has_a_format_here():
    # (a genre's plain text grid: tests/test_genre_readers.py; a genre's Tatham game ID
    # is here too)
    assert set(module_names()) <= {f.puzzle for f in FORMATS.values()} <= set(registry())


@pytest.mark.parametrize("name", NAMES)
@PROPERTY
@given(data=st.data())
def test_allowed_variants_give_the_same_facts(name, data):
    form = FORMATS[name]
    puzzle = data.draw(form.data, label="puzzle")
    plain = form.write(puzzle, Style())
    varied = form.write(puzzle, Style(data))
    assert facts(form.puzzle, varied) == facts(form.puzzle, plain), (plain, varied)


@pytest.mark.parametrize("name", NAMES)
@PROPERTY
@given(data=st.data())
def test_different_puzzles_give_different_facts(name, data):
    form = FORMATS[name]
    first = data.draw(form.data, label="first")
    second = data.draw(form.data, label="second")
    assume(first != second)
    assert facts(form.puzzle, form.write(first, Style(data))) != \
        facts(form.puzzle, form.write(second, Style(data)))


def _harmless(form: Format, text: str, position: int, kind: str, char: str) -> bool:
    """Whether a one-character edit is a variant the format allows."""
    if kind == "delete" and char == "," and (text[position - 1:position].isspace()
                                            or text[position + 1:position + 2].isspace()):
        return True  # `1, 2` -> `1 2`: a comma or spaces separate values
    if kind == "delete" and char == "," and not text[position + 1:].split("\n")[0].strip():
        return True  # a comma after a line's last value: `[0, 1],` as in a list literal
    if kind == "delete" and char == "," and form.puzzle == "flower":
        line = _apply(text, kind, position, char)[:position + 1].split("\n")[-1] + \
            text[position + 1:].split("\n")[0]
        if re.fullmatch(r"\[?[01]+\]?,?", line.strip()):
            return True  # `0,1` -> `01`: a disk may be one run of 0s and 1s
    if kind == "delete" and not form.lines_free:
        line = text[:position].split("\n")[-1] + text[position + 1:].split("\n")[0]
        if not line.strip():
            return True  # .non: a blank line between a section's clues is an empty line
    if kind == "delete" and char == ":" and text[position + 1:position + 2].isspace():
        return True  # `.non` keywords: `height: 4` or `height 4`
    if kind == "delete" and text[position - 1:position + 2] in ("[0]", "(0)"):
        return True  # nonogram lists: `[0]` and `[]` are both an empty line
    line_start = text.rfind("\n", 0, position) + 1
    if (not form.lines_free and kind == "delete"
            and text[line_start:].split("\n", 1)[0] == "0"):
        return True  # where blank lines count (`.non`): `0` and an empty line are one
    if not form.leading_zeros or char != "0" or kind not in ("insert", "delete"):
        return False
    # A zero added to or taken from a number that keeps its value: `05` -> `005`, `00` -> `0`.
    changed = _apply(text, kind, position, char)
    return _number_at(text, position, form.digits) == _number_at(changed, position, form.digits)


def _number_at(text: str, position: int, digits: str) -> int | None:
    """The value of the run of `digits` at or just before `position`, if any."""
    start = position if position < len(text) and text[position] in digits else position - 1
    if start < 0 or start >= len(text) or text[start] not in digits:
        return None
    end = start
    while start > 0 and text[start - 1] in digits:
        start -= 1
    while end < len(text) and text[end] in digits:
        end += 1
    return int(text[start:end], 16 if digits == HEX else 10)


def _edits(form: Format, text: str) -> list[tuple[str, int, str]]:
    """Every (kind, position, character) one-character edit of the data in `text`."""
    edits = []
    comments = set()  # positions on comment lines: free text
    start = 0
    for line in text.split("\n"):
        # Comments are free text; rc4's alphabet is a set (`[A-Z70-9]` is `[A-Z0-9]`).
        if line.strip().startswith("#") or line.strip().lower().startswith("alphabet"):
            comments.update(range(start, start + len(line)))
        start += len(line) + 1
    for position, char in enumerate(text):
        if position in comments:
            continue
        if char in form.digits:
            edits.append(("delete", position, char))
            edits += [("replace", position, other) for other in "019" if other != char]
            edits += [("insert", position, digit) for digit in "07"]
        elif char in form.separators:
            edits += [("delete", position, char), ("insert", position, char)]
        elif char.isalpha() and char.isascii():
            edits.append(("replace", position, "Q" if char.upper() != "Q" else "J"))
    return edits


def _apply(text: str, kind: str, position: int, char: str) -> str:
    if kind == "delete":
        return text[:position] + text[position + 1:]
    if kind == "insert":
        return text[:position] + char + text[position:]
    return text[:position] + char + text[position + 1:]


@pytest.mark.parametrize("name", NAMES)
@PROPERTY
@given(data=st.data())
def test_any_other_one_character_change_is_refused_or_another_puzzle(name, data):
    form = FORMATS[name]
    puzzle = data.draw(form.data, label="puzzle")
    text = form.write(puzzle, Style(data))
    original = facts(form.puzzle, text)
    edits = _edits(form, text)
    assume(edits)
    kind, position, char = data.draw(st.sampled_from(edits), label="edit")
    if _harmless(form, text, position, kind, char if kind != "delete" else text[position]):
        return
    changed = _apply(text, kind, position, char)
    try:
        result = facts(form.puzzle, changed)
    except InputError:
        return
    assert result != original, (text, changed)
