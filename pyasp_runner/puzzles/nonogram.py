"""Nonogram (Tatham's Pattern, picross): black runs per row and column as the clues say.

Input, any of these formats (a `#` line is a comment); the first line tells which:
- a Tatham game ID `WxH:` then the W column clues and the H row clues, separated by `/`,
  runs within a clue by `.`, an empty clue for a line without black cells, optionally
  `,` and Tatham's clue squares (letters: a run of cells skipped, then one cell given
  white, or black for a capital); also as pasted from the puzzle's web page
  (`...pattern.html#WxH:...`), wrapped over lines, or as a Tatham save file;
- a pair of lists (or tuples), columns first: `([[2],[3,2],...],[[5,2],...])`;
- a `.non` file: `width`, `height` (or `columns N`, `rows N`), a `rows` and a `columns`
  section of one clue per line (`3,1,2` or `3 1 2`; `0`, or a blank line between the
  section's clues where it is short by exactly those blank lines, for an empty line; a
  blank line after a section's last clue is spacing) and other keyword
  lines (title, goal, ...) as metadata.
- a puzz.link (pzv.jp, pzprxs) address `https://puzz.link/p?nonogram/W/H/...` (see
  `_pzpr.py`; pzprjs's variants `coral` and `cts` are not read);
- Jakub Wilk's `.nin`: a first line `W H` (two numbers), then the H row clues, then the W
  column clues, one a line (`0`, or a blank line as in `.non`, for an empty line);
- Olšák's `.mk` (from his griddlers solver; the layout pbnsolve reads): a first line
  `H W` (rows first), the H row clues, a line `#` alone, then the W column clues. Its
  first line is that of a `.nin`: the `#` line alone between the clues decides (in a
  `.nin` a `#` line is a comment, and none stands between the clues);
- Meshcheryakov's and Sukhoy's `.cwd` (QNonograms; as pbnsolve reads it): the number of
  rows on the first line, the number of columns on the second, the row clues, a blank
  line, the column clues (a blank clue line is an empty line there too: the clues are
  counted). Its first line is that of JCROSS: a second line of one number decides;
- SPOJ JCROSS: a first line of one number (how many puzzles: 1), then `R C` (rows,
  columns), the R row clues and the C column clues, every line ending with `0`;
- a record of the puzzlekit dataset, a first line `{`: the JSON object whose `problem`
  is `R C`, the C column clues, then the R row clues (the order puzzlekit's parser reads;
  the bare problem text, with its first line `R C`, would be read as `.nin`, the puzzle
  transposed, so the record is what is read as puzzlekit's);
- nonogrid's clue file, a first line `[clues]` (or `[colors]`): `columns` and `rows`
  (see `read_nonogrid`);
- webpbn's XML export, a first line `<?xml` or `<puzzleset>` (black and white only);
- Gnonograms' `.gno`, a first line `[Description]`, `[License]`, `[Dimensions]` or another
  of its section headers: the number of rows and of columns, the row clues and the column
  clues (runs separated by commas), each under its header (see `read_gno`);
- Rosetta Code's letters: a line of row clues and a line of column clues, each clue a
  group of capital letters, a letter a run (A = 1, ..., Z = 26: `C BA CB ...`).
A `.non` file may leave out `width` and `height` (NonoGeek's `ROWS:`/`COLUMNS:` files):
the clues of its sections are counted for them.
A clue `?` (a Tatham entry or a `.non` line) means the line has no clue, as `generate`
writes when a line's clue is not needed.

Written (`--to`): `tatham` (the game ID, the default), `non`, `puzzlink`, `nin`, `mk`,
`cwd` (a line without a clue or a given cell has no form in the last four and is
refused).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from clingo import Symbol

from ..board import Board, Cell, Clue, Grid, Mark, Shape, Side
from ..errors import InputError
from ..player import AnswerError, PlayerAnswer
from ..puzzle import (
    Answer,
    Drawing,
    Generating,
    Instance,
    PuzzleSpec,
    Reasoning,
    Size,
    Value,
    Writing,
    fact,
    to_python,
)
from ..tatham import tatham_game_id
from ._answers import read_grid
from ._grid import cells_grid, content_lines, read_size
from ._nonogram_clues import MAX_SIDE, UNKNOWN, NonogramClues, check_fit
from ._nonogram_ids import LETTER_CLUES, read_letters, read_lists, read_pzpr, read_tatham
from ._nonogram_numbers import read_cwd, read_jcross, read_mk, read_nin, read_non, read_puzzlekit
from ._nonogram_sections import GNO_SECTION, read_gno, read_nonogrid, read_webpbn
from ._nonogram_writers import (
    clue_runs,
    clue_text,
    runs_of,
    write_cwd,
    write_mk,
    write_nin,
    write_non,
    write_puzzlink,
)
from ._pzpr import looks_like_address

FORMATS_READ = ("a Tatham game ID (WxH:...), a puzz.link address, a pair of lists, .non, "
                ".nin (W H), .mk (H W, rows, #, columns), .cwd (H and W on two lines), "
                "SPOJ JCROSS, a puzzlekit record ({\"problem\": ...}), nonogrid's "
                "[clues], webpbn XML, Gnonograms' .gno ([Dimensions], [Row clues], ...), "
                "Rosetta Code's letters (C BA CB)")

# The runner's size check (--max-size/--force): ground ladder atoms, sum of run x slack.
# Measured: 4-5 ground rules and about 1 KB per unit (200x200 of single runs: 120,000
# units, 481 k rules, 135 MB). The limit admits every 150x150 board: the largest, every
# line 38 runs of 1, has 888,900 units, 4.4 M rules, 0.9 GB, grounded in 9 s of CPU;
# the largest public puzzle here (tiger.non, 75x50) has 24,261.
MAX_SIZE = 900_000
# Search, not grounding, is what random-looking clues run into: where no line settles a
# cell by itself (no run longer than its line's slack, no empty line), propagation has
# no foothold. Random images, half black (benchmarks/nonogram_peers.py --random, jumpy):
# 50x50 1.3 s, 60x60 33 s, 75x75 and 100x100 not in 60 s; lines with a foothold: 3 of
# 100, 2 of 120, 2 of 150, none. Public boards of 30x35 to 75x50 have 5-57% of them.
FOOTHOLD_SHARE = 0.05
OPEN_CELLS = 60 * 60  # larger boards: the note
# clingo's preset for the hardest public puzzles (measured with the uniqueness check, one
# run each: webpbn #12548 Sierpinski 19.9 s -> 3.5 s, #18297 Thing 2.4 s -> 2.0 s,
# #22336 Gettys 22.0 s -> 21.3 s; the easy ones and random 30x30..60x60 images unchanged).
CONFIGURATION = "jumpy"
# Line solving by unit propagation leaves little for clingo's preprocessing to find: no
# equivalence reasoning (the ladder's atoms are not equivalent) and no SAT preprocessing,
# which jumpy turns on (see benchmarks/nonogram_peers.py --before-args).
CLINGO_OPTIONS = ("--eq=0", "--sat-prepro=0")
# How a Tatham game ID starts, however it was pasted (see `tatham_game_id`).
_GAME_ID = re.compile(r"(?:sgtpuzzles:)?pattern:|[0-9]+\s*x\s*[0-9]+\s*[:#]|SAVEFILE:"
                      r"|[a-z][\w+.-]*://", re.IGNORECASE)

_SECTION = re.compile(r"\[\s*(clues|colors)\s*\]", re.IGNORECASE)
_ONE_NUMBER = re.compile(r"[0-9]+")
_TWO_NUMBERS = re.compile(r"[0-9]+[\s,]+[0-9]+")
_NON_KEYWORD = re.compile(r"(width|height|rows|columns)\b", re.IGNORECASE)


class NonogramInput(NamedTuple):
    """What render needs besides the answer: the board's size and where clues came from."""

    width: int
    height: int
    goal: str | None = None  # the known solution of a `.non` file, '0'/'1' row-major


def parse(text: str, source: str) -> Instance[NonogramInput]:
    lines = content_lines(text, source)
    number, first = lines[0]
    blank = {n for n, raw in enumerate(text.splitlines(), start=1) if not raw.strip()}
    if looks_like_address("".join(line for _, line in lines)):
        board = read_pzpr("".join(line for _, line in lines), source, number)
    elif first.startswith("<"):
        board = read_webpbn(_without_comments(text), source)
    elif GNO_SECTION.fullmatch(first):
        board = read_gno(text, source)
    elif first.startswith("{"):
        board = read_puzzlekit(_without_comments(text), source, number)
    elif _SECTION.fullmatch(first):
        board = read_nonogrid(text, source)
    elif _ONE_NUMBER.fullmatch(first) and len(lines) > 1 and _ONE_NUMBER.fullmatch(
            lines[1][1]):
        board = read_cwd(_raw_lines(text, number), source)
    elif _ONE_NUMBER.fullmatch(first):
        board = read_jcross(lines, source, blank)
    elif _TWO_NUMBERS.fullmatch(first):
        separator = _mk_separator(text, number)
        board = read_mk(lines, source, blank, separator) if separator \
            else read_nin(lines, source, blank)
    elif _GAME_ID.match(first):
        number, game_id = tatham_game_id(lines, source, "10x10:2/3.2/...", "pattern")
        board = read_tatham(game_id, source, number)
    elif LETTER_CLUES.fullmatch(first) and all(
            LETTER_CLUES.fullmatch(line) for _, line in lines):
        board = read_letters(lines, source)
    elif first.startswith(("(", "[")):
        board = read_lists(" ".join(line for _, line in lines), source, number)
    elif any(_NON_KEYWORD.match(line) for _, line in lines):
        board = read_non(lines, source, blank)
    else:
        raise InputError(source, f"not a nonogram format that is read ({FORMATS_READ})",
                         number)
    check_fit(board, source)
    return instance_of(board, source)


def _raw_lines(text: str, first: int) -> list[tuple[int, str]]:
    """Every line from line `first` on, blank ones too, `#` comment lines left out."""
    return [(number, raw) for number, raw in enumerate(text.splitlines(), start=1)
            if number >= first and not raw.lstrip().startswith("#")]


def _mk_separator(text: str, first: int) -> int | None:
    """The line of a `.mk` file's `#` alone between the row and the column clues (after
    the size line on line `first` and before the last line), if there is one."""
    lines = text.splitlines()
    last = max((n for n, raw in enumerate(lines, start=1) if raw.strip()), default=0)
    return next((n for n, raw in enumerate(lines, start=1)
                 if first < n < last and raw.strip() == "#"), None)


def _without_comments(text: str) -> str:
    """The text with its `#` comment lines (before XML or JSON) left out."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def instance_of(board: NonogramClues, source: str) -> Instance[NonogramInput]:
    structure = (fact("width", board.width), fact("height", board.height))
    clues = [line_clue("col_clue", c, runs)
             for c, runs in enumerate(board.columns, start=1) if runs is not None]
    clues += [line_clue("row_clue", r, runs)
              for r, runs in enumerate(board.rows, start=1) if runs is not None]
    clues += [fact("given", r, c, int(black)) for (r, c), black in sorted(board.givens.items())]
    return Instance(source, structure, tuple(clues), NonogramInput(board.width, board.height,
                                                             board.goal))


def line_clue(name: str, index: int, runs: list[int]) -> Symbol:
    """`row_clue(R,Later,First)`: the first run's length, the later runs as a nested list
    (N2,(N3,(...,()))) that the encoding walks one run at a time; First = 0 for no run."""
    later: Value = ()
    for length in reversed(runs[1:]):
        later = (length, later)
    return fact(name, index, later, runs[0] if runs else 0)


def reach(instance: Instance[NonogramInput], generating: bool) -> str | None:
    """Random-looking clues on a large board: beyond what is known to finish (see
    FOOTHOLD_SHARE)."""
    drawing = instance.data
    if generating or drawing.width * drawing.height <= OPEN_CELLS:
        return None
    lines = footholds = 0
    for clue in instance.clues:
        if clue.name in ("row_clue", "col_clue"):
            runs = runs_of(clue)
            slack = (drawing.width if clue.name == "row_clue" else drawing.height) - (
                sum(runs) + len(runs) - 1)
            lines += 1
            footholds += not runs or max(runs) > slack
    if footholds >= FOOTHOLD_SHARE * lines:
        return None
    return (f"only {footholds} of its {lines} lines settle a cell by themselves (random-"
            f"looking clues); such boards larger than 60x60 are beyond what is known to "
            f"finish in a minute")


def size(instance: Instance[NonogramInput]) -> tuple[int, str]:
    """About the number of ground ladder atoms: each run's slack, summed, plus the cells."""
    drawing = instance.data
    total = drawing.width * drawing.height
    for clue in instance.clues:
        if clue.name in ("row_clue", "col_clue"):
            runs = runs_of(clue)
            length = drawing.width if clue.name == "row_clue" else drawing.height
            total += len(runs) * (length - sum(runs) - len(runs) + 2)
    return total, "ground run positions"


# --- Answers ------------------------------------------------------------------------------

def _cells(instance: Instance[NonogramInput], answer: Answer) -> list[list[bool | None]]:
    """True black, False white, None unknown (a partial answer)."""
    drawing = instance.data
    return cells_grid(drawing.height, drawing.width,
                      [*((r, c, True) for r, c in answer.atoms("black", 2)),
                       *((r, c, False) for r, c in answer.atoms("white", 2))])


def solution_json(instance: Instance[NonogramInput], answer: Answer) -> dict[str, Any]:
    """`#` black, `.` white, `?` a cell a partial answer (a hint) leaves open."""
    symbol = {True: "#", False: ".", None: "?"}
    return {"grid": ["".join(symbol[cell] for cell in row) for row in _cells(instance, answer)]}


def _clues(answer: Answer, name: str, count: int) -> list[list[int] | None]:
    clues: list[list[int] | None] = [None] * count
    for index, later, first in answer.atoms(name, 3):
        clues[index - 1] = clue_runs(first, later)
    return clues


def board(instance: Instance[NonogramInput], answer: Answer) -> Board:
    """Black and white cells, the runs of every line beside it (columns above, rows left)."""
    drawing = instance.data
    givens = {(r, c): bool(black) for r, c, black in answer.atoms("given", 3)}
    cells = tuple(tuple(_picture_cell(cell, (r, c) in givens, False)
                        for c, cell in enumerate(row, start=1))
                  for r, row in enumerate(_cells(instance, answer), start=1))
    top = _runs_side(_clues(answer, "col_clue", drawing.width), set())
    left = _runs_side(_clues(answer, "row_clue", drawing.height), set())
    return Board(Grid(cells, top=top, left=left), "numbers: the runs of black cells in "
                   "each line, in order")


def conflict_board(instance: Instance[NonogramInput], conflict: list[Symbol]) -> Board:
    """The clues of every line and the given cells, those in the conflict marked."""
    drawing = instance.data
    clues = Answer(instance.clues)
    lines = {(clue.name, clue.arguments[0].number) for clue in conflict if clue.name != "given"}
    givens = {(r, c): bool(black) for r, c, black in clues.atoms("given", 3)}
    wrong = {(r, c) for r, c, _ in Answer(tuple(conflict)).atoms("given", 3)}
    cells = tuple(tuple(_picture_cell(givens.get((r, c)), (r, c) in givens, (r, c) in wrong)
                        for c in range(1, drawing.width + 1))
                  for r in range(1, drawing.height + 1))
    top = _runs_side(_clues(clues, "col_clue", drawing.width),
                     {c for name, c in lines if name == "col_clue"})
    left = _runs_side(_clues(clues, "row_clue", drawing.height),
                      {r for name, r in lines if name == "row_clue"})
    return Board(Grid(cells, top=top, left=left), "numbers: the runs of black cells in "
                   "each line, in order")


def _picture_cell(black: bool | None, given: bool, in_conflict: bool) -> Cell:
    if black is None:
        return Cell(None, Mark.UNKNOWN)
    mark = Mark.CONFLICT if in_conflict else Mark.GIVEN if given else Mark.FILLED
    return Cell(None, mark, Shape.SOLID if black else Shape.BLANK)


def _runs_side(lines: list[list[int] | None], marked: set[int]) -> Side:
    """Each line's runs as clues (0 for a line without black cells, ? for no clue)."""
    def mark(index: int) -> Mark:
        return Mark.CONFLICT if index in marked else Mark.GIVEN

    return tuple((Clue(UNKNOWN, Mark.UNKNOWN),) if runs is None
                 else tuple(Clue(str(n), mark(i)) for n in runs) if runs
                 else (Clue("0", mark(i)),)
                 for i, runs in enumerate(lines, start=1))


GIVEN = {True: "▓▓", False: " x"}


# --- Clues: naming, writing, generating -----------------------------------------------------

def describe_clue(instance: Instance[NonogramInput], clue: Symbol) -> str:
    values = [to_python(arg) for arg in clue.arguments]
    if clue.name == "given":
        r, c, black = values
        return f"the {'black' if black else 'white'} cell given at ({r},{c})"
    kind = "row" if clue.name == "row_clue" else "column"
    return f"the {kind} {values[0]} clue {clue_text(runs_of(clue), '.')}"


def blank(size_text: str | None) -> Instance[NonogramInput]:
    """An empty board of a size like `10x10` (W x H) or `10`, no clue on any line."""
    width, height = read_size(size_text, "10x10", MAX_SIDE)
    return instance_of(NonogramClues(width, height, [None] * width, [None] * height), "--size")


def clues_of(instance: Instance[NonogramInput], answer: Answer) -> list[Symbol]:
    """The clue of every row and column that a full answer draws."""
    grid = _cells(instance, answer)
    columns = [[grid[r][c] for r in range(len(grid))] for c in range(len(grid[0]))]
    return ([line_clue("col_clue", c, _runs(line)) for c, line in enumerate(columns, start=1)]
            + [line_clue("row_clue", r, _runs(line)) for r, line in enumerate(grid, start=1)])


def random_answer(instance: Instance[NonogramInput], rng: random.Random,
                  deadline: float | None = None) -> Answer:
    """A random picture as Tatham's Pattern makes one: uniform noise, each cell replaced by
    the mean of its 3x3 neighbourhood (thick areas of black and white, some fine detail),
    black above the median. Uniform noise alone (clingo's random signs) makes pictures
    whose clues hardly ever have one solution beyond 15x15. Made at once: no `deadline`."""
    drawing = instance.data
    width, height = drawing.width, drawing.height
    noise = [[rng.random() for _ in range(width)] for _ in range(height)]

    def mean(row: int, col: int) -> float:
        near = [noise[r][c] for r in range(max(row - 1, 0), min(row + 2, height))
                for c in range(max(col - 1, 0), min(col + 2, width))]
        return sum(near) / len(near)
    smooth = [[mean(row, col) for col in range(width)] for row in range(height)]
    median = sorted(value for line in smooth for value in line)[width * height // 2]
    return Answer(tuple(fact("black" if smooth[row][col] >= median else "white", row + 1,
                             col + 1) for row in range(height) for col in range(width)))


def _runs(line: list[bool | None]) -> list[int]:
    runs, length = [], 0
    for cell in [*line, False]:
        if cell:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    return runs


def write(instance: Instance[NonogramInput], clues: list[Symbol]) -> str:
    """A Tatham game ID; a line whose clue is not among `clues` is written `?`."""
    drawing = instance.data
    columns: list[str] = [UNKNOWN] * drawing.width
    rows: list[str] = [UNKNOWN] * drawing.height
    givens: dict[int, bool] = {}
    for clue in clues:
        values: list[Any] = [to_python(arg) for arg in clue.arguments]
        if clue.name == "given":
            givens[(values[0] - 1) * drawing.width + values[1] - 1] = bool(values[2])
            continue
        entries = rows if clue.name == "row_clue" else columns
        entries[values[0] - 1] = ".".join(map(str, runs_of(clue)))
    text = f"{drawing.width}x{drawing.height}:" + "/".join(columns + rows)
    if givens:
        text += "," + _tatham_squares(givens, drawing.width * drawing.height)
    return text + "\n"


def _tatham_squares(givens: dict[int, bool], cells: int) -> str:
    out, previous = [], 0
    for index in sorted(givens):
        skip = index - previous
        while skip >= 25:
            out.append("z")
            skip -= 25
        letter = chr(ord("a") + skip)
        out.append(letter.upper() if givens[index] else letter)
        previous = index + 1
    skip = cells - previous
    while skip > 0:
        step = min(skip, 25)
        out.append(chr(ord("a") + step) if step < 25 else "z")
        skip -= step
    return "".join(out)



def read_answer(instance: Instance[NonogramInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's picture, `{"grid": ["#..#", ...]}`: `#` black, `.` white, `?` a cell
    left open (1 and 0 for black and white too)."""
    drawing = instance.data

    def atoms(r: int, c: int, value: Any) -> list[Symbol]:
        if value in ("#", 1):
            return [fact("black", r, c)]
        if value in (".", 0):
            return [fact("white", r, c)]
        raise AnswerError(f"grid[{r - 1}][{c - 1}]", f"expected # (black), . (white) or ? "
                          f"(open), found {value!r:.40}")

    return read_grid(solution, drawing.height, drawing.width, ("black", "white"), atoms)


PUZZLE: PuzzleSpec[NonogramInput] = PuzzleSpec(
    name="nonogram", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_clue, refuses_hint=None, refuses_explain=None),
    writing=Writing(
        writers={"tatham": write, "non": write_non, "puzzlink": write_puzzlink,
                 "nin": write_nin, "mk": write_mk, "cwd": write_cwd},
        # These state every line's clue: `generate` keeps them all for them.
        complete_formats=("puzzlink", "nin", "mk", "cwd")),
    generating=Generating(blank=blank, clues_of=clues_of, random_answer=random_answer,
                          clue_atom=None),
    judging=None,
    size=Size(measure=size, limit=MAX_SIZE, reach=reach),
    options=None,
    configuration=CONFIGURATION, clingo_options=CLINGO_OPTIONS, inline=True,
    read_answer=read_answer,
)
