"""Boards as SVG pictures: one document, its title, one board or several in a grid, and
one legend for all of them.

Built with the standard library's ElementTree, which escapes every text and attribute it
writes, so user text (a file name in a title, a letter of a puzzle) can never become
markup; the document is written as ASCII with character references, so it reads the same
whatever the output's encoding.

Every value is one element with a stable class and position, for tests and the web page:
cell values are `class="cell <mark>"` (plus `solid`, `blank` or `blocked` for cells drawn
as shapes) with `data-row` and `data-col` (for rings: ring and sector; for lines: row and
position); edge clues are `class="clue <mark>"` with `data-side`, `data-line` and
`data-index`; each board is a `<g class="board" data-board="N">`, the legend one
`class="legend"` text per line. Marks are told apart without colour: a given is bold, a
filled-in value regular, a forced value italic in a dashed frame, a clue in a conflict
bold, circled and over hatching, an ambiguous value over dotted hatching, an unknown cell
shows a small dot.

The picture is as wide as every text it holds, by widths measured on the safe side
(`measure`): the title wraps at the boards' width (at least `TITLE_WIDTH`) and the legend
at the picture's (at least `TEXT_WIDTH`), so nothing is clipped and a small board does
not make a long legend one long line. Several
boards stand in a grid whose number of columns brings the picture nearest `ASPECT`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import NamedTuple

from . import Board, Grid, Lines, Mark, Rings, Shape
from .measure import text_width, wrap
from .svg_canvas import grid as canvas_drawing
from .svg_canvas import key_parts as canvas_key
from .svg_elements import (
    ASPECT,
    PICTURE_CLASS,
    STYLE,
    SVG_NS,
    add_defs,
    clean,
    draw_text,
    num,
)
from .svg_grid import grid_drawing
from .svg_lines import lines_drawing
from .svg_rings import rings_drawing

MARGIN = 16
GAP = 28          # between the boards of a grid
TEXT_WIDTH = 360  # the legend wraps at the picture's width, but not narrower
TITLE_WIDTH = 560  # the title wraps at the boards' width, but not narrower
OWN_TEXT_WIDTH = 240  # a board's own notes wrap at its width, but not narrower
TITLE, CAPTION, SMALL = 15, 14, 12  # font sizes (px): title, caption, legend and notes
LINE = 16         # the height of a line of the legend or a note


def svg(boards: Board | Sequence[Board], title: str = "", captions: Sequence[str] = (),
        declaration: bool = True) -> str:
    """One SVG document: the title, the boards (each under its caption, if given) in a
    grid, the legend under them all. Without `declaration`, no `<?xml?>` line: the
    document as it is written inside an HTML page."""
    boards = [boards] if isinstance(boards, Board) else list(boards)
    root = ET.Element("svg", {"xmlns": SVG_NS, "version": "1.1", "class": PICTURE_CLASS})
    if title:
        ET.SubElement(root, "title").text = clean(title)
    ET.SubElement(root, "style").text = STYLE
    add_defs(root)
    ET.SubElement(root, "rect", {"width": "100%", "height": "100%", "fill": "#fff"})
    shared, own = _legends(boards)
    parts = [_part(board, index, captions[index - 1] if index <= len(captions) else "",
                   own[index - 1])
             for index, board in enumerate(boards, start=1)]
    grid_width, grid_height, places = _grid([(p.width, p.height) for p in parts])
    titles = wrap(title, max(grid_width, TITLE_WIDTH), TITLE, bold=True) if title else []
    widest_title = max([text_width(line, TITLE, bold=True) for line in titles] + [0])
    legend = wrap(shared, max(grid_width, widest_title, TEXT_WIDTH), SMALL) if shared else []
    y = float(MARGIN)
    for line in titles:
        draw_text(root, MARGIN, y + 12, line, "title", anchor="start")
        y += 19
    if titles:
        y += 7
    for part, (x, top) in zip(parts, places, strict=True):
        part.place(root, MARGIN + x, y + top)
    y += grid_height
    if legend:
        y += 6
    for line in legend:
        y += LINE
        draw_text(root, MARGIN, y, line, "legend", anchor="start")
    widest = max([grid_width, widest_title] + [text_width(line, SMALL) for line in legend])
    width, height = max(widest, 1.0) + 2 * MARGIN, y + MARGIN
    root.set("width", num(width))
    root.set("height", num(height))
    root.set("viewBox", f"0 0 {num(width)} {num(height)}")
    ET.indent(root, space=" ")
    document: bytes = ET.tostring(root, encoding="us-ascii", xml_declaration=declaration)
    return document.decode("ascii") + "\n"


class _Part(NamedTuple):
    """A board drawn (with its own notes) under its caption, placed once the grid is
    known."""

    caption: str
    group: ET.Element
    caption_height: float
    width: float
    height: float

    def place(self, root: ET.Element, x: float, y: float) -> None:
        if self.caption:
            draw_text(root, x, y + 12, self.caption, "caption", anchor="start")
        self.group.set("transform", f"translate({num(x)} {num(y + self.caption_height)})")
        root.append(self.group)


def _part(board: Board, index: int, caption: str, own: Sequence[str]) -> _Part:
    group = ET.Element("g", {"class": "board", "data-board": str(index)})
    width, height = draw(group, board, own)
    caption_height = 22.0 if caption else 0.0
    width = max(width, text_width(caption, CAPTION, bold=True))
    return _Part(caption, group, caption_height, width, caption_height + height)


def _grid(sizes: list[tuple[float, float]]) -> tuple[float, float, list[tuple[float, float]]]:
    """Boards of these sizes in rows of equal count, as many columns as bring the whole
    nearest `ASPECT`; returns its width, its height and each board's place."""
    def laid(columns: int) -> tuple[float, float, list[float], list[float]]:
        widths = [max(w for w, _ in sizes[c::columns]) for c in range(columns)]
        heights = [max(h for _, h in sizes[r:r + columns])
                   for r in range(0, len(sizes), columns)]
        return (sum(widths) + GAP * (columns - 1), sum(heights) + GAP * (len(heights) - 1),
                widths, heights)

    if not sizes:
        return 0.0, 0.0, []
    # One candidate per number of rows: the fewest columns that fill them.
    candidates = sorted({math.ceil(len(sizes) / rows) for rows in range(1, len(sizes) + 1)})

    def distance(columns: int) -> float:
        width, height, _, _ = laid(columns)
        return abs(math.log(max(width, 1.0) / max(height, 1.0) / ASPECT))

    columns = min(candidates, key=distance)
    width, height, widths, heights = laid(columns)
    places = []
    for index in range(len(sizes)):
        row, column = divmod(index, columns)
        places.append((sum(widths[:column]) + GAP * column, sum(heights[:row]) + GAP * row))
    return width, height, places


def draw(group: ET.Element, board: Board, texts: Sequence[str] = ()) -> tuple[float, float]:
    """Draw `board` into `group` from (0, 0), then `texts` (its own notes) under it;
    returns the width and height used."""
    layout = board.layout
    if isinstance(layout, Grid) and layout.canvas:  # what lies between cells drawn too
        width, height = canvas_drawing(group, layout)
    elif isinstance(layout, Grid):
        width, height = grid_drawing(group, layout)
    elif isinstance(layout, Rings):
        width, height = rings_drawing(group, layout)
    else:
        width, height = lines_drawing(group, layout)
    lines = [line for text in texts for line in wrap(text, max(width, OWN_TEXT_WIDTH), SMALL)]
    y = height + (6 if lines else 0)
    for line in lines:
        y += LINE
        draw_text(group, 0, y, line, "note", anchor="start")
        width = max(width, text_width(line, SMALL))
    return max(width, 1.0), y


def _legends(boards: Sequence[Board]) -> tuple[str, list[list[str]]]:
    """The legend all boards share (how to read their marks, and their legend if it is
    the same for all), and each board's own texts (its notes; its legend where they
    differ, as a count of the numbers a way uses)."""
    parts: list[str] = []
    for board in boards:
        parts += [part for part in key_parts(board) if part not in parts]
    legends = {board.legend for board in boards}
    common = len(legends) == 1
    if common and boards[0].legend:
        parts.append(boards[0].legend)
    own = [[*board.notes, *([board.legend] if not common and board.legend else [])]
           for board in boards]
    return "; ".join(parts), own


KEY = {
    Mark.GIVEN: "bold: given by the puzzle",
    Mark.FILLED: "regular: filled in by the solver",
    Mark.FORCED: "italic in a dashed frame: forced (the same in every solution)",
    Mark.CONFLICT: "circled over hatching: in a conflict (a clue that cannot hold, or a "
                   "place of a broken rule)",
    Mark.AMBIGUOUS: "underlined with dots over dots: other values were possible",
    Mark.UNKNOWN: "a small dot: not known",
}
SHAPE_KEY = {
    Shape.SOLID: "black: filled (a dot on it: given)",
    Shape.BLANK: "white: empty (a cross: given)",
    Shape.BLOCKED: "grey: not part of the board",
}


def key_parts(board: Board) -> list[str]:
    """How to read the marks this board shows, a phrase each."""
    if isinstance(board.layout, Grid) and board.layout.canvas:
        return canvas_key(board.layout)
    marks, shapes = marks_and_shapes(board)
    parts = [KEY[m] for m in KEY if m in marks]
    if isinstance(board.layout, Rings):  # shapes on disks: wood and holes
        if Shape.SOLID in shapes or Shape.BLANK in shapes:
            parts.append("brown: solid, a white circle: a hole")
        return parts
    parts += [SHAPE_KEY[s] for s in SHAPE_KEY if s in shapes]
    if isinstance(board.layout, Grid) and board.layout.path:
        parts.append("the line runs through the numbers in order, from the ringed one")
    if isinstance(board.layout, Grid) and any(cell.region is not None and cell.field
                                              for row in board.layout.cells for cell in row):
        parts.append("each piece in its own colour, dark on dark fields, light on light ones")
    return parts


def marks_and_shapes(board: Board) -> tuple[set[Mark], set[Shape]]:
    """The marks and shapes of every value on the board (cells and clues)."""
    layout = board.layout
    if isinstance(layout, Lines):
        cells = [cell for row in layout.rows for cell in row.cells]
    else:
        cells = [cell for row in layout.cells for cell in row]
    marks = {Mark.UNKNOWN if not cell.known else cell.mark for cell in cells
             if cell.shape == Shape.VALUE or not cell.known
             or cell.mark not in (Mark.GIVEN, Mark.FILLED)}
    if isinstance(layout, Grid):  # clues are the author's: only their other marks count
        marks |= {clue.mark for side in ("top", "bottom", "left", "right")
                  for line in layout.side(side) for clue in line} - {Mark.GIVEN}
    return marks, {cell.shape for cell in cells}
