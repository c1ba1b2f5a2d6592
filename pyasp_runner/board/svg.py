"""Boards as SVG pictures, built with the standard library's ElementTree.

ElementTree escapes every text and attribute it writes, so user text (a file name in a
title, a letter of a puzzle) can never become markup; the document is written as ASCII
with character references, so it reads the same whatever the output's encoding.

Every value is one element with a stable class and position, for tests and the web page:
cell values are `class="cell <mark>"` (plus `solid`, `blank` or `blocked` for cells drawn
as shapes) with `data-row` and `data-col` (for rings: ring and sector; for lines: row and
position); edge clues are `class="clue <mark>"` with `data-side`, `data-line` and
`data-index`; each board is a `<g class="board" data-board="N">`. Marks are told apart
without colour: a given is bold, a filled-in value regular, a forced value italic in a
dashed frame, a clue in a conflict bold, circled and over hatching, an ambiguous value
over dotted hatching, an unknown cell shows a small dot.
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from itertools import pairwise

from . import Board, Cell, Clue, Grid, Lines, Mark, Rings, Shape

SVG_NS = "http://www.w3.org/2000/svg"
MARGIN = 16
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
# Colours only repeat what shapes and weights already say (a printed page reads right).
PALETTE = ("#e6550d", "#3182bd", "#31a354", "#f0c419", "#9e5fc1", "#17becf", "#e377c2",
           "#8c6d31", "#a1d99b", "#fdae6b", "#9ecae1", "#bcbd22", "#d6616b", "#7b9fd6")
STYLE = f"""
text {{ font-family: {FONT}; }}
.title {{ font-size: 15px; font-weight: bold; }}
.caption {{ font-size: 14px; font-weight: bold; }}
.legend, .note {{ font-size: 12px; fill: #333; }}
text.cell {{ paint-order: stroke; stroke: #fff; stroke-width: 2px; stroke-linejoin: round; }}
text.given {{ font-weight: bold; fill: #000; }}
text.filled {{ fill: #1d4f91; }}
text.forced {{ font-style: italic; fill: #1b6e36; }}
text.conflict {{ font-weight: bold; fill: #b3001b; }}
text.ambiguous {{ fill: #8a5300; }}
text.unknown {{ fill: #999; }}
.operator {{ fill: #000; }}
.lines text {{ font-family: {MONO}; }}
.lines .label {{ text-anchor: start; fill: #333; }}
"""


def svg(boards: Board | Sequence[Board], title: str = "",
        captions: Sequence[str] = ()) -> str:
    """One SVG document: the title, then each board (under its caption, if given) below
    the one before."""
    boards = [boards] if isinstance(boards, Board) else list(boards)
    root = ET.Element("svg", {"xmlns": SVG_NS, "version": "1.1"})
    if title:
        ET.SubElement(root, "title").text = _clean(title)
    ET.SubElement(root, "style").text = STYLE
    _defs(root)
    y, width = float(MARGIN), 0.0
    if title:
        _text(root, MARGIN, y + 12, title, "title", anchor="start")
        y += 26
    for index, board in enumerate(boards, start=1):
        if index <= len(captions) and captions[index - 1]:
            _text(root, MARGIN, y + 12, captions[index - 1], "caption", anchor="start")
            y += 22
        group = ET.SubElement(root, "g", {"class": "board", "data-board": str(index),
                                          "transform": f"translate({MARGIN} {_n(y)})"})
        w, h = draw(group, board)
        width, y = max(width, w), y + h + 20
    width = max(width + 2 * MARGIN, 200, len(title) * 9.5 + 2 * MARGIN)
    height = y - 20 + MARGIN
    root.set("width", _n(width))
    root.set("height", _n(height))
    root.set("viewBox", f"0 0 {_n(width)} {_n(height)}")
    background = ET.Element("rect", {"width": "100%", "height": "100%", "fill": "#fff"})
    root.insert(3 if title else 2, background)  # after the title, style and defs: under all
    ET.indent(root, space=" ")
    document: bytes = ET.tostring(root, encoding="us-ascii", xml_declaration=True)
    return document.decode("ascii") + "\n"


def draw(group: ET.Element, board: Board) -> tuple[float, float]:
    """Draw `board` into `group` from (0, 0); returns its width and height."""
    layout = board.layout
    if isinstance(layout, Grid):
        width, height = _grid(group, layout)
    elif isinstance(layout, Rings):
        width, height = _rings(group, layout)
    else:
        width, height = _lines(group, layout)
    texts = [(line, "note") for note in board.notes for line in _wrapped(note, width)]
    legend = "; ".join(filter(None, (key(board), board.legend)))
    texts += [(line, "legend") for line in _wrapped(legend, width)]
    y = height + 6
    for line, kind in texts:
        y += 16
        _text(group, 0, y, line, kind, anchor="start")
    return max(width, 1.0), y


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


def key(board: Board) -> str:
    """How to read the marks this board shows."""
    marks, shapes = marks_and_shapes(board)
    parts = [KEY[m] for m in KEY if m in marks]
    if isinstance(board.layout, Rings):  # shapes on disks: wood and holes
        if Shape.SOLID in shapes or Shape.BLANK in shapes:
            parts.append("brown: solid, a white circle: a hole")
        return "; ".join(parts)
    parts += [SHAPE_KEY[s] for s in SHAPE_KEY if s in shapes]
    if isinstance(board.layout, Grid) and board.layout.path:
        parts.append("the line runs through the numbers in order, from the dot")
    return "; ".join(parts)


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


# --- Grids -----------------------------------------------------------------------------

CLUE_HEIGHT = 20


def _clue_width(clue: Clue) -> float:
    return 10 * len(clue.text) + 10


def _grid(group: ET.Element, grid: Grid) -> tuple[float, float]:
    longest = max([len(c.value or "") for row in grid.cells for c in row] + [1])
    arrows = any(c.arrow for row in grid.cells for c in row)
    size = max(40.0, 11.0 * longest + 16 + (10 if arrows else 0))
    gap = size * 0.7 if grid.operators else 0.0
    step = size + gap
    top = max([len(line) for line in grid.top] + [0]) * CLUE_HEIGHT
    bottom = max([len(line) for line in grid.bottom] + [0]) * CLUE_HEIGHT
    left = max([sum(map(_clue_width, line)) for line in grid.left] + [0])
    right = max([sum(map(_clue_width, line)) for line in grid.right] + [0])
    x0 = left + (gap if left and gap else 6 if left else 0)
    y0 = top + (gap if top and gap else 6 if top else 0)
    inner_w = grid.cols * step - gap
    inner_h = grid.rows * step - gap
    after = gap if gap else 6

    def corner(r: int, c: int) -> tuple[float, float]:
        return x0 + (c - 1) * step, y0 + (r - 1) * step

    regions = any(cell.region is not None for row in grid.cells for cell in row)
    if regions:
        _pieces(group, grid, corner, size)
    for r, row in enumerate(grid.cells, start=1):
        for c, cell in enumerate(row, start=1):
            x, y = corner(r, c)
            _grid_cell(group, cell, r, c, x, y, size, boxed=not regions,
                       stroke="#000" if gap else "#999", width=1.5 if gap else 1)
    if not gap and grid.cells:
        _rect(group, x0, y0, inner_w, inner_h, "border", fill="none", stroke="#000",
              width=3)
    if grid.path:
        _path(group, grid, corner, size)
    for r, row in enumerate(grid.cells, start=1):
        for c, cell in enumerate(row, start=1):
            x, y = corner(r, c)
            _cell_value(group, cell, r, c, x, y, size)
    for op in grid.operators:
        x, y = corner(op.row, op.col)
        if op.direction == "right":
            cx, cy = x + size + gap / 2, y + size / 2
        else:
            cx, cy = x + size / 2, y + size + gap / 2
        _text(group, cx, cy + 7, op.text, "operator", size=20)
    # Clues: top and bottom stacked per column, left and right side by side per row.
    for c, line in enumerate(grid.top, start=1):
        cx = corner(1, c)[0] + size / 2
        for index, clue in enumerate(line):
            cy = y0 - (gap if gap else 6) - (len(line) - index - 1) * CLUE_HEIGHT - 5
            _clue(group, clue, "top", c, index, cx, cy)
    for c, line in enumerate(grid.bottom, start=1):
        cx = corner(1, c)[0] + size / 2
        for index, clue in enumerate(line):
            cy = y0 + inner_h + after + index * CLUE_HEIGHT + 15
            _clue(group, clue, "bottom", c, index, cx, cy)
    for r, line in enumerate(grid.left, start=1):
        cy = corner(r, 1)[1] + size / 2 + 6
        x = x0 - (gap if gap else 6)
        for index, clue in reversed(list(enumerate(line))):
            width = _clue_width(clue)
            _clue(group, clue, "left", r, index, x - width / 2, cy)
            x -= width
    for r, line in enumerate(grid.right, start=1):
        cy = corner(r, 1)[1] + size / 2 + 6
        x = x0 + inner_w + after
        for index, clue in enumerate(line):
            width = _clue_width(clue)
            _clue(group, clue, "right", r, index, x + width / 2, cy)
            x += width
    width = x0 + inner_w + (after + right if right else 0)
    height = y0 + inner_h + (after + bottom if bottom else 0)
    return width, height


def _grid_cell(group: ET.Element, cell: Cell, r: int, c: int, x: float, y: float,
               size: float, boxed: bool, stroke: str, width: float) -> None:
    """The cell's square: its background (or its shape), its frame."""
    fill = "#fff"
    if cell.shape == Shape.BLOCKED:
        fill = "#555"
    elif cell.mark == Mark.CONFLICT:
        fill = "url(#hatch)"
    elif cell.mark == Mark.AMBIGUOUS:
        fill = "url(#dots)"
    if boxed:
        _rect(group, x, y, size, size, "box", fill=fill, stroke=stroke, width=width)
    if cell.shape == Shape.BLOCKED:
        _rect(group, x, y, size, size, "cell blocked", fill="#555", stroke="none", width=0,
              data=(r, c))
    if cell.mark == Mark.FORCED:
        inset = size * 0.1
        _rect(group, x + inset, y + inset, size - 2 * inset, size - 2 * inset, "frame",
              fill="none", stroke="#1b6e36", width=1.5, dash="4 3")


def _cell_value(group: ET.Element, cell: Cell, r: int, c: int, x: float, y: float,
                size: float) -> None:
    """The cell's value: text, a black or white square, or a dot where not known."""
    cx, cy = x + size / 2, y + size / 2
    classes = f"cell {cell.mark.value}"
    if cell.shape == Shape.SOLID:
        inset = 1
        _rect(group, x + inset, y + inset, size - 2 * inset, size - 2 * inset,
              f"{classes} solid", fill="#111", stroke="none", width=0, data=(r, c))
        if cell.mark in (Mark.GIVEN, Mark.CONFLICT):  # a given black cell: a white dot on it
            _circle(group, cx, cy, size * 0.12, "given-mark", fill="#fff")
        return
    if cell.shape == Shape.BLANK:
        _rect(group, x + 1, y + 1, size - 2, size - 2, f"{classes} blank", fill="none",
              stroke="none", width=0, data=(r, c))
        if cell.mark in (Mark.GIVEN, Mark.CONFLICT):  # a given white cell: a cross
            d = size * 0.15
            for sx in (-1, 1):
                _line(group, cx - d, cy - sx * d, cx + d, cy + sx * d, "given-mark", "#000", 2)
        return
    if cell.shape == Shape.BLOCKED:
        return
    if cell.arrow is not None:
        _arrow(group, cx, cy, cell.arrow, size)
    if cell.value is None or cell.mark == Mark.UNKNOWN:
        _circle(group, cx, cy + (size * 0.2 if cell.arrow else 0), 2.5,
                "cell unknown", fill="#999", data=(r, c))
        return
    font = 18 if len(cell.value) < 4 else 14
    if cell.arrow is not None:  # the number in the corner, the arrow across the cell
        _text(group, x + 4, y + 16, cell.value, classes, size=15, anchor="start",
              data=(r, c))
    else:
        _text(group, cx, cy + font * 0.36, cell.value, classes, size=font, data=(r, c))
    if cell.mark == Mark.CONFLICT:
        _circle(group, cx, cy, size * 0.42, "conflict-ring", fill="none", stroke="#b3001b",
                width=2.5)


def _pieces(group: ET.Element, grid: Grid, corner, size: float) -> None:  # type: ignore[no-untyped-def]
    """Fields (dark or light) under the cells, and each region as one piece in its own
    colour, drawn inset so the fields show around it, joined across its cells."""
    inset = size * 0.16
    for r, row in enumerate(grid.cells, start=1):
        for c, cell in enumerate(row, start=1):
            x, y = corner(r, c)
            fill = {"dark": "#1a1a1a", "light": "#fff"}.get(cell.field or "", "#fff")
            _rect(group, x, y, size, size, f"field {cell.field or ''}".strip(), fill=fill,
                  stroke="#999", width=1)
    shapes: list[tuple[int, tuple[float, float, float, float]]] = []
    for r, row in enumerate(grid.cells, start=1):
        for c, cell in enumerate(row, start=1):
            if cell.region is None:
                continue
            x, y = corner(r, c)
            shapes.append((cell.region, (x + inset, y + inset, size - 2 * inset,
                                         size - 2 * inset)))
            right = c < grid.cols and row[c].region == cell.region
            below = r < grid.rows and grid.cells[r][c - 1].region == cell.region
            if right:  # a bridge to the next cell of the piece (overlapping both a little)
                shapes.append((cell.region, (x + size - inset - 1, y + inset, 2 * inset + 2,
                                             size - 2 * inset)))
            if below:
                shapes.append((cell.region, (x + inset, y + size - inset - 1,
                                             size - 2 * inset, 2 * inset + 2)))
            if right and below and grid.cells[r][c].region == cell.region \
                    and grid.cells[r][c - 1].region == cell.region:  # a 2x2 block: its middle
                shapes.append((cell.region, (x + size - inset - 1, y + size - inset - 1,
                                             2 * inset + 2, 2 * inset + 2)))
    for _, (x, y, w, h) in shapes:  # outlines first, fills over them: one outline per piece
        _rect(group, x, y, w, h, "piece-edge", fill="#000", stroke="#000", width=2)
    for region, (x, y, w, h) in shapes:
        rect = _rect(group, x, y, w, h, "piece", fill=PALETTE[region % len(PALETTE)],
                     stroke="none", width=0)
        rect.set("data-region", str(region))


def _path(group: ET.Element, grid: Grid, corner, size: float) -> None:  # type: ignore[no-untyped-def]
    """A line through the path's cells in order, an arrowhead half-way along each step."""
    points = [(corner(r, c)[0] + size / 2, corner(r, c)[1] + size / 2) for r, c in grid.path]
    ET.SubElement(group, "polyline", {
        "class": "path", "points": " ".join(f"{_n(x)},{_n(y)}" for x, y in points),
        "fill": "none", "stroke": "#7fa7dd", "stroke-width": _n(size * 0.14),
        "stroke-linecap": "round", "stroke-linejoin": "round"})
    for (ax, ay), (bx, by) in pairwise(points):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        _line(group, ax + (mx - ax) * 0.6, ay + (my - ay) * 0.6, mx + (bx - mx) * 0.15,
              my + (by - my) * 0.15, "path-step", "#2b5ea8", 1.5, marker=True)
    if points:
        _circle(group, *points[0], size * 0.16, "path-start", fill="#2b5ea8")


def _arrow(group: ET.Element, cx: float, cy: float, step: tuple[int, int],
           size: float) -> None:
    dr, dc = step
    length = math.hypot(dr, dc) or 1
    ux, uy = dc / length, dr / length
    half = size * 0.26
    cx, cy = cx + size * 0.08, cy + size * 0.1
    _line(group, cx - ux * half, cy - uy * half, cx + ux * half, cy + uy * half, "arrow",
          "#444", 2, marker=True).set("data-step", f"{dr},{dc}")


def _clue(group: ET.Element, clue: Clue, side: str, line: int, index: int, x: float,
          y: float) -> None:
    element = _text(group, x, y, clue.text, f"clue {clue.mark.value}", size=16)
    element.set("data-side", side)
    element.set("data-line", str(line))
    element.set("data-index", str(index))
    if clue.mark == Mark.CONFLICT:
        ET.SubElement(group, "ellipse", {
            "class": "conflict-ring", "cx": _n(x), "cy": _n(y - 6),
            "rx": _n(5 * len(clue.text) + 7), "ry": "12", "fill": "none",
            "stroke": "#b3001b", "stroke-width": "2.5"})


# --- Rings -----------------------------------------------------------------------------


def _rings(group: ET.Element, rings: Rings) -> tuple[float, float]:
    sectors = max(rings.sectors, 1)
    shapes = all(cell.shape != Shape.VALUE for row in rings.cells for cell in row)
    width = 28.0 if shapes else 46.0
    hub = max(36.0, 18 * sectors / (2 * math.pi) * (1 if shapes else 2))
    outer = hub + rings.rings * width
    label = 26.0 if rings.sector_notes or rings.open_sectors else 8.0
    cx = cy = outer + label
    for ring, row in enumerate(rings.cells, start=1):
        r_in, r_out = hub + (ring - 1) * width, hub + ring * width
        for sector, cell in enumerate(row, start=1):
            a0, a1 = (sector - 1) / sectors * 360, sector / sectors * 360
            fill = "#fff"
            if cell.mark == Mark.CONFLICT:
                fill = "url(#hatch)"
            elif cell.shape in (Shape.SOLID, Shape.BLANK):
                fill = "#c8a26b"  # wood
            sector_path = ET.SubElement(group, "path", {
                "d": _annular(cx, cy, r_in, r_out, a0, a1), "fill": fill, "stroke": "#333",
                "stroke-width": "1.2", "class": "box"})
            mid = math.radians((a0 + a1) / 2)
            middle = (r_in + r_out) / 2
            px, py = cx + middle * math.sin(mid), cy - middle * math.cos(mid)
            classes = f"cell {cell.mark.value}"
            if cell.shape == Shape.SOLID:
                sector_path.set("class", f"{classes} solid")
                sector_path.set("data-row", str(ring))
                sector_path.set("data-col", str(sector))
            elif cell.shape == Shape.BLANK:  # a hole through the disk
                arc = (r_in + r_out) / 2 * math.radians(a1 - a0)
                _circle(group, px, py, min(width, arc) * 0.3, f"{classes} blank", fill="#fff",
                        stroke="#333", width=1.2, data=(ring, sector))
            elif cell.value is None or cell.mark == Mark.UNKNOWN:
                _circle(group, px, py, 2.5, "cell unknown", fill="#999", data=(ring, sector))
            else:
                _text(group, px, py + 7, cell.value, classes, size=19, data=(ring, sector))
                if cell.mark == Mark.FORCED:
                    _circle(group, px, py, 15, "frame", fill="none", stroke="#1b6e36",
                            width=1.5, dash="4 3")
                if cell.mark == Mark.CONFLICT:
                    _circle(group, px, py, 16, "conflict-ring", fill="none",
                            stroke="#b3001b", width=2.5)
    _circle(group, cx, cy, outer, "border", fill="none", stroke="#000", width=3)
    _circle(group, cx, cy, hub, "border", fill="none", stroke="#000", width=2)
    for sector, note in enumerate(rings.sector_notes, start=1):
        mid = math.radians((sector - 0.5) / sectors * 360)
        note_r = outer + 14
        element = _text(group, cx + note_r * math.sin(mid), cy - note_r * math.cos(mid) + 5,
                        note, "note", size=13, anchor="middle")
        element.set("data-col", str(sector))
    for sector in sorted(rings.open_sectors):
        a0, a1 = (sector - 1) / sectors * 360, sector / sectors * 360
        ET.SubElement(group, "path", {
            "d": _annular(cx, cy, hub, outer, a0, a1), "fill": "none", "stroke": "#b3001b",
            "stroke-width": "3", "stroke-dasharray": "6 3", "class": "open",
            "data-col": str(sector)})
        mid = math.radians((a0 + a1) / 2)
        _text(group, cx + (outer + 14) * math.sin(mid), cy - (outer + 14) * math.cos(mid) + 5,
              "open", "note", size=12)
    size = 2 * (outer + label)
    # Each ring's name and note beside the picture, inner ring first.
    x, y = size + 16, 18.0
    texts = [" ".join(filter(None, (
        rings.ring_labels[i] if i < len(rings.ring_labels) else f"ring {i + 1}",
        rings.ring_notes[i] if i < len(rings.ring_notes) else "")))
        for i in range(rings.rings)]
    longest = 0
    for index, text in enumerate(texts):
        element = _text(group, x, y, text, "note", size=13, anchor="start")
        element.set("data-row", str(index + 1))
        longest = max(longest, len(text))
        y += 18
    return size + 16 + longest * 7.5, max(size, y)


def _annular(cx: float, cy: float, r_in: float, r_out: float, a0: float, a1: float) -> str:
    """The path of the ring sector between radii r_in..r_out and angles a0..a1 (degrees,
    clockwise from the top)."""
    def point(r: float, a: float) -> str:
        rad = math.radians(a)
        return f"{_n(cx + r * math.sin(rad))} {_n(cy - r * math.cos(rad))}"

    large = 1 if a1 - a0 > 180 else 0
    if a1 - a0 >= 360:  # a whole ring: two half arcs each way
        return (f"M {point(r_out, 0)} A {_n(r_out)} {_n(r_out)} 0 1 1 {point(r_out, 180)} "
                f"A {_n(r_out)} {_n(r_out)} 0 1 1 {point(r_out, 0)} M {point(r_in, 0)} "
                f"A {_n(r_in)} {_n(r_in)} 0 1 0 {point(r_in, 180)} "
                f"A {_n(r_in)} {_n(r_in)} 0 1 0 {point(r_in, 0)} Z")
    return (f"M {point(r_out, a0)} A {_n(r_out)} {_n(r_out)} 0 {large} 1 {point(r_out, a1)} "
            f"L {point(r_in, a1)} A {_n(r_in)} {_n(r_in)} 0 {large} 0 {point(r_in, a0)} Z")


# --- Lines -----------------------------------------------------------------------------

CHAR = 9.6  # the advance of one monospace character at 16px
BOXES_PER_LINE = 48


def _lines(group: ET.Element, lines: Lines) -> tuple[float, float]:
    holder = ET.SubElement(group, "g", {"class": "lines"})
    label_width = max([len(row.label) for row in lines.rows] + [0]) * CHAR
    x0 = label_width + (10 if label_width else 0)
    y, width = 0.0, x0
    for r, row in enumerate(lines.rows, start=1):
        if row.label:
            _text(holder, 0, y + 21, row.label, "label", size=16, anchor="start")
        if row.boxed:
            box = max([len(c.value or "") for c in row.cells] + [1]) * CHAR + 10
            for index, cell in enumerate(row.cells):
                band, column = divmod(index, BOXES_PER_LINE)
                x, top = x0 + column * box, y + band * (box + 6)
                fill = {"conflict": "url(#hatch)", "ambiguous": "url(#dots)"}.get(
                    cell.mark.value, "#fff")
                _rect(holder, x, top, box, 30, "box", fill=fill, stroke="#999", width=1)
                _line_value(holder, cell, r, index + 1, x + box / 2, top + 21, "middle")
                width = max(width, x + box)
            bands = -(-len(row.cells) // BOXES_PER_LINE) if row.cells else 1
            y += bands * (30 + 6) + 4
        else:
            x = x0
            for index, cell in enumerate(row.cells):
                text = cell.value if cell.value is not None else "\u00b7"
                _line_value(holder, cell, r, index + 1, x, y + 21, "start")
                x += (len(text) + len(row.separator)) * CHAR
            width = max(width, x)
            y += 30
    return width, y


def _line_value(group: ET.Element, cell: Cell, row: int, position: int, x: float, y: float,
                anchor: str) -> None:
    text = cell.value if cell.value is not None else "\u00b7"
    mark = Mark.UNKNOWN if cell.value is None else cell.mark
    element = _text(group, x, y, text, f"cell {mark.value}", size=16, anchor=anchor,
                    data=(row, position))
    element.set("xml:space", "preserve")
    if mark == Mark.AMBIGUOUS:  # a dotted line under it, so it reads without colour
        width = len(text) * CHAR
        left = x - width / 2 if anchor == "middle" else x
        _line(group, left, y + 4, left + width, y + 4, "ambiguous-mark", "#8a5300", 2,
              dash="2 2")


# --- Elements --------------------------------------------------------------------------


def _defs(root: ET.Element) -> None:
    defs = ET.SubElement(root, "defs")
    hatch = ET.SubElement(defs, "pattern", {"id": "hatch", "width": "8", "height": "8",
                                            "patternUnits": "userSpaceOnUse",
                                            "patternTransform": "rotate(45)"})
    ET.SubElement(hatch, "rect", {"width": "8", "height": "8", "fill": "#fff"})
    ET.SubElement(hatch, "line", {"x1": "0", "y1": "0", "x2": "0", "y2": "8",
                                  "stroke": "#e39aa4", "stroke-width": "3"})
    dots = ET.SubElement(defs, "pattern", {"id": "dots", "width": "6", "height": "6",
                                           "patternUnits": "userSpaceOnUse"})
    ET.SubElement(dots, "rect", {"width": "6", "height": "6", "fill": "#fff"})
    ET.SubElement(dots, "circle", {"cx": "3", "cy": "3", "r": "1.1", "fill": "#d9b36c"})
    marker = ET.SubElement(defs, "marker", {"id": "head", "viewBox": "0 0 10 10",
                                            "refX": "8", "refY": "5", "markerWidth": "5",
                                            "markerHeight": "5", "orient": "auto"})
    ET.SubElement(marker, "path", {"d": "M 0 0 L 10 5 L 0 10 z", "fill": "#333"})


def _text(parent: ET.Element, x: float, y: float, text: str, classes: str,
          size: float | None = None, anchor: str = "middle",
          data: tuple[int, int] | None = None) -> ET.Element:
    attributes = {"x": _n(x), "y": _n(y), "class": classes}
    attributes["text-anchor"] = anchor
    if size is not None:
        attributes["font-size"] = _n(size)
    if data is not None:
        attributes["data-row"], attributes["data-col"] = str(data[0]), str(data[1])
    element = ET.SubElement(parent, "text", attributes)
    element.text = _clean(text)
    return element


def _rect(parent: ET.Element, x: float, y: float, w: float, h: float, classes: str,
          fill: str, stroke: str, width: float, dash: str = "",
          data: tuple[int, int] | None = None) -> ET.Element:
    return _shape(parent, "rect", {"x": _n(x), "y": _n(y), "width": _n(w), "height": _n(h)},
                  classes, fill, stroke, width, dash, data)


def _circle(parent: ET.Element, cx: float, cy: float, r: float, classes: str, fill: str,
            stroke: str = "none", width: float = 0, dash: str = "",
            data: tuple[int, int] | None = None) -> ET.Element:
    return _shape(parent, "circle", {"cx": _n(cx), "cy": _n(cy), "r": _n(r)}, classes, fill,
                  stroke, width, dash, data)


def _shape(parent: ET.Element, tag: str, geometry: dict[str, str], classes: str, fill: str,
           stroke: str, width: float, dash: str, data: tuple[int, int] | None) -> ET.Element:
    attributes = {**geometry, "class": classes, "fill": fill, "stroke": stroke,
                  "stroke-width": _n(width)}
    if dash:
        attributes["stroke-dasharray"] = dash
    if data is not None:
        attributes["data-row"], attributes["data-col"] = str(data[0]), str(data[1])
    return ET.SubElement(parent, tag, attributes)


def _line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float, classes: str,
          stroke: str, width: float, marker: bool = False, dash: str = "") -> ET.Element:
    attributes = {"x1": _n(x1), "y1": _n(y1), "x2": _n(x2), "y2": _n(y2), "class": classes,
                  "stroke": stroke, "stroke-width": _n(width)}
    if marker:
        attributes["marker-end"] = "url(#head)"
    if dash:
        attributes["stroke-dasharray"] = dash
    return ET.SubElement(parent, "line", attributes)


def _wrapped(text: str, width: float) -> list[str]:
    return textwrap.wrap(text, width=max(40, int(width / 6.6))) or [""]


def _clean(text: str) -> str:
    """Text XML 1.0 can hold: control characters (which no escaping can write) replaced."""
    return "".join(ch if ch in "\t\n\r" or (ch >= " " and not "\ud800" <= ch <= "\udfff"
                                            and ch not in "\ufffe\uffff") else "\ufffd"
                   for ch in text)


def _n(value: float) -> str:
    """A coordinate, without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
