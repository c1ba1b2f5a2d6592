"""Boards drawn with rich at the console's real width, from the board description.

`terminal(board)` is a rich renderable: when it is printed it reads the width it may
use (`options.max_width`) and whether the output can show box drawing
(`options.ascii_only`), and picks the first form that fits:

- grids: boxed (a rule between every two cells), then compact (no rules, one space
  between cells), then bands of columns, each headed by its column numbers, that
  together hold every value; a grid of black and white cells is drawn two characters
  a cell, then in half or quadrant blocks; a grid with operators between its cells as
  the crossword it is, or, too wide for that, one line per row and column;
- rings: one row per ring, a table when the sectors hold values;
- lines: a row of values after its label, continued on the next line when long.

No value is ever cut: a value wider than the console is folded over lines. Marks read
without colour: a given `[5]`, a filled-in value ` 5 `, a clue in a conflict `>5<`, an
unknown `·`; colour (which rich leaves out for NO_COLOR and for files) only repeats them.

Here: the renderable and the key of the marks; each layout is drawn by its own module
(`terminal_grid`, `terminal_rings`, `terminal_lines`, a canvas grid by `canvas`), from the
texts and glyphs of `terminal_text`.
"""

from __future__ import annotations

import io

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from .. import escape
from . import Board, Grid, Lines, Mark, Rings, Shape
from .terminal_grid import CLUES_OMITTED, draw_grid
from .terminal_lines import draw_lines
from .terminal_rings import draw_rings
from .terminal_text import ASCII, UNICODE, Glyphs


def terminal(board: Board, legend: bool = True) -> Drawing:
    """`board` as a rich renderable that fits the console it is printed on; without its
    legend (and key) when `legend` is false, as for all but one of several boards."""
    return Drawing(board, legend)


def _ascii_only(console: Console, options: ConsoleOptions) -> bool:
    encoding = (options.encoding or console.encoding or "utf-8").lower()
    try:
        "┼·●".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


class Drawing:
    """A board, drawn when rich prints it (the width known only then)."""

    def __init__(self, board: Board, legend: bool = True) -> None:
        self.board = board
        self.legend = legend

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        glyphs = ASCII if _ascii_only(console, options) else UNICODE
        width = max(options.max_width, 8)
        layout = self.board.layout
        if isinstance(layout, Grid):
            lines = draw_grid(layout, width, glyphs)
            if lines and lines[-1].plain.endswith(CLUES_OMITTED):  # its caption says it all
                yield from lines
                return
        elif isinstance(layout, Rings):
            lines = draw_rings(layout, width, glyphs)
        else:
            lines = draw_lines(layout, width, glyphs)
        for line in lines:
            line.no_wrap = True
            line.overflow = "fold"  # never reached: every line is made to fit
            yield line
        for note in self.board.notes:
            yield Text(escape.terminal(note), style="dim")
        legend = "; ".join(filter(None, (key(self.board, glyphs), self.board.legend)))
        if legend and self.legend:
            yield Text(legend, style="dim")


# --- The key ----------------------------------------------------------------------------


def key(board: Board, glyphs: Glyphs = UNICODE) -> str:
    """How to read the marks this board shows, in the glyphs drawn."""
    layout = board.layout
    if isinstance(layout, Grid) and layout.canvas:
        from .canvas import Glyphs as CanvasGlyphs
        from .canvas import key as canvas_key

        return canvas_key(layout, CanvasGlyphs(glyphs is ASCII))
    if isinstance(layout, Lines):
        cells = [cell for row in layout.rows for cell in row.cells]
    else:
        cells = [cell for row in layout.cells for cell in row]
    marks = {cell.mark if cell.known else Mark.UNKNOWN for cell in cells
             if cell.shape != Shape.BLOCKED}
    shapes = {cell.shape for cell in cells if cell.known}
    clues: set[Mark] = set()
    if isinstance(layout, Grid):
        clues = {clue.mark for side in (layout.top, layout.bottom, layout.left, layout.right)
                 for line in side for clue in line}
    parts: list[str] = []
    if isinstance(layout, Rings) and (Shape.SOLID in shapes or Shape.BLANK in shapes):
        parts.append(f"{glyphs.wood} solid, {glyphs.hole} hole")
        if layout.open_sectors:
            parts.append(f"{glyphs.open} open through every disk")
    elif Shape.SOLID in shapes or Shape.BLANK in shapes:
        parts.append(f"{glyphs.solid} black, blank white")
        if Mark.GIVEN in marks:
            parts.append(f"{glyphs.given_solid} black and x white given by the puzzle")
    elif isinstance(layout, Lines):
        if Mark.AMBIGUOUS in marks:
            parts.append("^ under a value where others were possible")
    elif any(cell.region is not None for cell in cells):
        pass  # the region's letters and colours: the puzzle's legend says how to read them
    else:
        if Mark.GIVEN in marks:
            parts.append("[n] given by the puzzle")
        if Mark.FILLED in marks:
            parts.append("n filled in by the solver")
        if Mark.FORCED in marks:
            parts.append("n forced (the same in every solution)")
    if Mark.CONFLICT in marks | clues:
        parts.append(">n< in a conflict (a clue that cannot hold, or a place of a broken rule)")
    if Mark.UNKNOWN in marks | clues:
        parts.append(f"{glyphs.unknown} not known")
    if Shape.BLOCKED in {cell.shape for cell in cells}:
        parts.append(f"{glyphs.blocked[:2]} not part of the board")
    if isinstance(layout, Grid) and layout.path:
        parts.append("arrows point to the next number")
    return ", ".join(parts)


def lines_of(board: Board, width: int) -> list[str]:
    """The drawing as plain lines for a console `width` wide (for tests and tools)."""
    console = Console(width=width, color_system=None, record=True, file=io.StringIO())
    console.print(terminal(board))
    return console.export_text().splitlines()
