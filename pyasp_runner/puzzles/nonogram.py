"""Nonogram (Tatham's Pattern, picross): black runs per row and column as the clues say.

Input, any of three formats (a `#` line is a comment):
- a Tatham game ID `WxH:` then the W column clues and the H row clues, separated by `/`,
  runs within a clue by `.`, an empty clue for a line without black cells, optionally
  `,` and Tatham's clue squares (letters: a run of cells skipped, then one cell given
  white, or black for a capital);
- a pair of lists, columns first: `([[2],[3,2],...],[[5,2],...])`;
- a `.non` file: `width`, `height`, a `rows` and a `columns` section of one clue per line
  (`3,1,2`; `0` for an empty line) and other keyword lines (title, goal, ...) as metadata.
A clue `?` (a Tatham entry or a `.non` line) means the line has no clue, as `generate`
writes when a line's clue is not needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clingo import Symbol
from rich.console import Group, RenderableType
from rich.text import Text

from ..puzzle import Answer, Instance, Value, fact, to_python
from ._grid import content_lines
from ._nonogram_formats import (
    TATHAM,
    UNKNOWN,
    Board,
    check_fit,
    read_lists,
    read_non,
    read_tatham,
    side,
)

INLINE = True
# The runner's size check (--max-size/--force): ground ladder atoms, sum of run x slack.
MAX_SIZE = 5_000_000
TERMINAL_WIDTH = 80


@dataclass(frozen=True)
class Drawing:
    """What render needs besides the answer: the board's size and where clues came from."""

    width: int
    height: int
    goal: str | None = None  # the known solution of a `.non` file, '0'/'1' row-major


def parse(text: str, source: str) -> Instance:
    lines = content_lines(text, source)
    number, first = lines[0]
    if TATHAM.fullmatch(first) and len(lines) == 1:
        board = read_tatham(first, source, number)
    elif first.startswith(("(", "[")):
        board = read_lists(" ".join(line for _, line in lines), source, number)
    else:
        board = read_non(lines, source)
    check_fit(board, source)
    return instance_of(board, source)


def instance_of(board: Board, source: str) -> Instance:
    structure = (fact("width", board.width), fact("height", board.height))
    clues = [line_clue("col_clue", c, runs)
             for c, runs in enumerate(board.columns, start=1) if runs is not None]
    clues += [line_clue("row_clue", r, runs)
              for r, runs in enumerate(board.rows, start=1) if runs is not None]
    clues += [fact("given", r, c, int(black)) for (r, c), black in sorted(board.givens.items())]
    return Instance(source, structure, tuple(clues), Drawing(board.width, board.height,
                                                             board.goal))


def line_clue(name: str, index: int, runs: list[int]) -> Symbol:
    """`row_clue(R,Later,First)`: the first run's length, the later runs as a nested list
    (N2,(N3,(...,()))) that the encoding walks one run at a time; First = 0 for no run."""
    later: Value = ()
    for length in reversed(runs[1:]):
        later = (length, later)
    return fact(name, index, later, runs[0] if runs else 0)


def runs_of(clue: Symbol) -> list[int]:
    """The run lengths of a line clue."""
    first = to_python(clue.arguments[2])
    if not isinstance(first, int):
        raise ValueError(f"not a run length: {first!r}")
    if first <= 0:
        return []
    runs, term = [first], to_python(clue.arguments[1])
    while term != ():
        if not isinstance(term, tuple) or len(term) != 2 or not isinstance(term[0], int):
            raise ValueError(f"not a list of runs: {term!r}")
        runs.append(term[0])
        term = term[1]
    return runs


def size(instance: Instance) -> tuple[int, str]:
    """About the number of ground ladder atoms: each run's slack, summed, plus the cells."""
    drawing: Drawing = instance.data
    total = drawing.width * drawing.height
    for clue in instance.clues:
        if clue.name in ("row_clue", "col_clue"):
            runs = runs_of(clue)
            length = drawing.width if clue.name == "row_clue" else drawing.height
            total += len(runs) * (length - sum(runs) - len(runs) + 2)
    return total, "ground run positions"


# --- Answers ------------------------------------------------------------------------------

def _cells(instance: Instance, answer: Answer) -> list[list[bool | None]]:
    """True black, False white, None unknown (a partial answer)."""
    drawing: Drawing = instance.data
    grid: list[list[bool | None]] = [[None] * drawing.width for _ in range(drawing.height)]
    for r, c in answer.atoms("black", 2):
        grid[r - 1][c - 1] = True
    for r, c in answer.atoms("white", 2):
        grid[r - 1][c - 1] = False
    return grid


def solution_json(instance: Instance, answer: Answer) -> dict[str, Any]:
    """`#` black, `.` white, `?` a cell a partial answer (a hint) leaves open."""
    symbol = {True: "#", False: ".", None: "?"}
    return {"grid": ["".join(symbol[cell] for cell in row) for row in _cells(instance, answer)]}


def _clues(answer: Answer, name: str, count: int) -> list[list[int] | None]:
    clues: list[list[int] | None] = [None] * count
    for symbol in answer.symbols:
        if symbol.name == name and len(symbol.arguments) == 3:
            clues[symbol.arguments[0].number - 1] = runs_of(symbol)
    return clues


def render(instance: Instance, answer: Answer) -> RenderableType:
    drawing: Drawing = instance.data
    grid = _cells(instance, answer)
    givens = {(r, c): bool(black) for r, c, black in answer.atoms("given", 3)}
    rows = _clues(answer, "row_clue", drawing.height)
    columns = _clues(answer, "col_clue", drawing.width)
    row_texts = [_clue_text(runs, " ") for runs in rows]
    left = max(len(t) for t in row_texts)
    if left + 1 + 2 * drawing.width + 2 <= TERMINAL_WIDTH and _fits_two_digits(columns):
        return _full(grid, givens, row_texts, columns)
    return _compact(grid, drawing)


def _clue_text(runs: list[int] | None, separator: str) -> str:
    if runs is None:
        return UNKNOWN
    return separator.join(map(str, runs)) if runs else "0"


def _fits_two_digits(columns: list[list[int] | None]) -> bool:
    return all(n < 100 for runs in columns if runs for n in runs)


FULL = {True: "██", False: "  ", None: " ·"}
GIVEN = {True: "▓▓", False: " x"}
LEGEND = "██ black, blank white"
GIVEN_LEGEND = "; ▓▓ black and x white given by the puzzle"


def _full(grid: list[list[bool | None]], givens: dict[tuple[int, int], bool],
          row_texts: list[str], columns: list[list[int] | None]) -> RenderableType:
    """Two characters per cell, column clues stacked above, row clues on the left."""
    left = max(len(t) for t in row_texts)
    stacked = [[UNKNOWN] if runs is None else (runs or [0]) for runs in columns]
    depth = max(len(s) for s in stacked)
    lines = []
    for level in range(depth):
        cells = [f"{s[level - depth + len(s)]:>2}" if level >= depth - len(s) else "  "
                 for s in stacked]
        lines.append(Text(" " * (left + 1) + "".join(cells), style="dim"))
    width = len(grid[0])
    lines.append(Text(" " * left + "┌" + "─" * (2 * width) + "┐"))
    for r, row in enumerate(grid, start=1):
        line = Text(f"{row_texts[r - 1]:>{left}}", style="dim")
        line.append("│")
        for c, cell in enumerate(row, start=1):
            given = givens.get((r, c))
            line.append(GIVEN[given] if given is not None else FULL[cell],
                        style="bold" if given is not None else "")
        line.append("│")
        lines.append(line)
    lines.append(Text(" " * left + "└" + "─" * (2 * width) + "┘"))
    unknown = any(cell is None for row in grid for cell in row)
    legend = LEGEND + (", · unknown" if unknown else "") + (GIVEN_LEGEND if givens else "")
    return Group(*lines, Text(legend, style="dim"))


# Quadrant glyphs: bit 1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right.
QUADRANTS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"


def _compact(grid: list[list[bool | None]], drawing: Drawing) -> RenderableType:
    """One character per 1x2 cells (half blocks), or per 2x2 cells when the board is wide;
    a block with an unknown cell is `·`, or `░` if another of its cells is black."""
    across = 1 if drawing.width + 2 <= TERMINAL_WIDTH else 2
    bits = ((1, 4), (2, 8)) if across == 2 else ((1 | 2, 4 | 8),)
    lines = [Text("┌" + "─" * -(-drawing.width // across) + "┐")]
    for top in range(0, drawing.height, 2):
        line = Text("│")
        for left in range(0, drawing.width, across):
            block = [(grid[r][c], bit)
                     for dc, (upper, lower) in enumerate(bits)
                     for r, bit in ((top, upper), (top + 1, lower))
                     if r < drawing.height and (c := left + dc) < drawing.width]
            if any(cell is None for cell, _ in block):
                line.append("░" if any(cell for cell, _ in block) else "·", style="dim")
            else:
                line.append(QUADRANTS[sum(bit for cell, bit in block if cell)])
        line.append("│")
        lines.append(line)
    lines.append(Text("└" + "─" * -(-drawing.width // across) + "┘"))
    scale = "half blocks, 1x2 cells" if across == 1 else "quadrant blocks, 2x2 cells"
    caption = f"{drawing.width}x{drawing.height}, {scale} a character; clues omitted"
    return Group(*lines, Text(caption, style="dim"))


# --- Clues: naming, writing, generating -----------------------------------------------------

def describe_clue(instance: Instance, clue: Symbol) -> str:
    values = [to_python(arg) for arg in clue.arguments]
    if clue.name == "given":
        r, c, black = values
        return f"the {'black' if black else 'white'} cell given at ({r},{c})"
    kind = "row" if clue.name == "row_clue" else "column"
    return f"the {kind} {values[0]} clue {_clue_text(runs_of(clue), '.')}"


def blank(size_text: str | None) -> Instance:
    """An empty board of a size like `10x10` (W x H) or `10`, no clue on any line."""
    text = (size_text or "10x10").strip()
    width_text, _, height_text = text.partition("x")
    width = side(width_text.strip(), "width", "--size", 1)
    height = side((height_text or width_text).strip(), "height", "--size", 1)
    return instance_of(Board(width, height, [None] * width, [None] * height), "<blank>")


def clues_of(instance: Instance, answer: Answer) -> list[Symbol]:
    """The clue of every row and column that a full answer draws."""
    grid = _cells(instance, answer)
    columns = [[grid[r][c] for r in range(len(grid))] for c in range(len(grid[0]))]
    return ([line_clue("col_clue", c, _runs(line)) for c, line in enumerate(columns, start=1)]
            + [line_clue("row_clue", r, _runs(line)) for r, line in enumerate(grid, start=1)])


def _runs(line: list[bool | None]) -> list[int]:
    runs, length = [], 0
    for cell in [*line, False]:
        if cell:
            length += 1
        elif length:
            runs.append(length)
            length = 0
    return runs


def write(instance: Instance, clues: list[Symbol]) -> str:
    """A Tatham game ID; a line whose clue is not among `clues` is written `?`."""
    drawing: Drawing = instance.data
    columns: list[str] = [UNKNOWN] * drawing.width
    rows: list[str] = [UNKNOWN] * drawing.height
    givens: dict[int, bool] = {}
    for clue in clues:
        values = [to_python(arg) for arg in clue.arguments]
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

