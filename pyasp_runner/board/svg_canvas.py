"""A canvas grid (`Grid.canvas`) as SVG: cells with what lies between them.

Drawn in layers: the cells (white, shaded, blocked with their sums), the thin grid (or,
for a grid with `edges`, only its points), thick borders (the frame, `borders`, and
between cells of different regions), `edges` along the grid's lines, `lines` through cell
centres and `bridges`, then each cell's symbol, diagonal or value, the clues on grid
points, and the clues around the grid. Every part is one element with a stable class:
`line`, `edge`, `border`, `bridge` (with `data-from`, `data-to`), `symbol <name>`,
`diagonal`, `sum`, `point`, and cells as in `svg.py` (`cell <mark>`, `data-row`,
`data-col`).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable

from . import Cell, Grid, Mark, Shape
from .svg_elements import draw_circle, draw_line, draw_rect, draw_text, num
from .svg_grid import CLUE_HEIGHT, clue_width, draw_arrow, draw_clue

Pos = tuple[int, int]
Corner = Callable[[float, float], tuple[float, float]]
INK = "#111"
LINE = "#1d4f91"
CONFLICT_INK = "#b3001b"
SYMBOL_FILL = {"lamp": "#f0c419", "tree": "#31a354", "tent": "#e6550d", "star": "#111"}
SHIP = "#555"  # a ship's parts


def grid(group: ET.Element, board: Grid) -> tuple[float, float]:
    """Draw `board` into `group`; returns its width and height."""
    longest = max([len(_label(cell)) for row in board.cells for cell in row] + [1])
    size = max(40.0, 11.0 * longest + 16)
    top = max([len(line) for line in board.top] + [0]) * CLUE_HEIGHT
    bottom = max([len(line) for line in board.bottom] + [0]) * CLUE_HEIGHT
    left = max([sum(map(clue_width, line)) for line in board.left] + [0])
    right = max([sum(map(clue_width, line)) for line in board.right] + [0])
    x0, y0 = left + (6 if left else 0) + 4, top + (6 if top else 0) + 4
    width, height = board.cols * size, board.rows * size

    def corner(r: float, c: float) -> tuple[float, float]:
        """The top-left corner of cell (r, c), or grid point (r-1, c-1)."""
        return x0 + (c - 1) * size, y0 + (r - 1) * size

    def centre(pos: Pos) -> tuple[float, float]:
        x, y = corner(*pos)
        return x + size / 2, y + size / 2

    for r, row in enumerate(board.cells, 1):
        for c, cell in enumerate(row, 1):
            _background(group, cell, r, c, *corner(r, c), size)
    _grid_lines(group, board, corner, size)
    for segment in board.edges:
        (r1, c1), (r2, c2) = segment.a, segment.b
        _segment(draw_line(group, *corner(r1 + 1, c1 + 1), *corner(r2 + 1, c2 + 1), "edge", INK,
                       5), segment.a, segment.b).set("stroke-linecap", "round")
    for segment in board.lines:
        _segment(draw_line(group, *centre(segment.a), *centre(segment.b), "line", LINE,
                       size * 0.12), segment.a, segment.b).set("stroke-linecap", "round")
    for segment in board.bridges:
        _bridge(group, centre(segment.a), centre(segment.b), segment.strands, size,
                segment.a, segment.b)
    for r, row in enumerate(board.cells, 1):
        for c, cell in enumerate(row, 1):
            _foreground(group, cell, r, c, *corner(r, c), size)
    for operator in board.operators:  # a clue between two cells, on the edge between
        x, y = corner(operator.row, operator.col)
        if operator.direction == "right":
            x, y = x + size, y + size / 2
        else:
            x, y = x + size / 2, y + size
        wrong = operator.mark == Mark.CONFLICT  # in a conflict: red, in a red ring
        draw_circle(group, x, y, 12 if wrong else 10, "between-plate conflict-ring" if wrong
                    else "between-plate", fill="#fff", stroke=CONFLICT_INK if wrong else "#999",
                    width=2.5 if wrong else 1)
        clue = draw_text(group, x, y + 5, operator.text, "between conflict" if wrong
                         else "between", size=15)
        clue.set("data-row", str(operator.row))
        clue.set("data-col", str(operator.col))
        clue.set("data-direction", operator.direction)
    for point in board.points:
        x, y = corner(point.row + 1, point.col + 1)
        ring = draw_circle(group, x, y, 9, "point", fill="#fff", stroke=INK, width=1.5)
        ring.set("data-row", str(point.row))
        ring.set("data-col", str(point.col))
        draw_text(group, x, y + 4.5, point.text, f"point-value {point.mark.value}", size=12)
    _outside(group, board, x0, y0, width, height, size)
    return x0 + width + (6 + right if right else 4), y0 + height + (6 + bottom if bottom else 4)


def _label(cell: Cell) -> str:
    if cell.sums is not None:
        return "".join(str(value or "") for value in cell.sums)
    return cell.value or ""


def _segment(element: ET.Element, a: Pos, b: Pos) -> ET.Element:
    element.set("data-from", f"{a[0]},{a[1]}")
    element.set("data-to", f"{b[0]},{b[1]}")
    return element


def _background(group: ET.Element, cell: Cell, r: int, c: int, x: float, y: float,
                size: float) -> None:
    fill = {Shape.BLOCKED: "#555", Shape.SOLID: INK}.get(cell.shape, "#fff")
    if cell.mark == Mark.CONFLICT and cell.shape == Shape.VALUE:
        fill = "url(#hatch)"
    classes = "box"
    if cell.shape == Shape.SOLID and cell.value is not None:
        classes = "shade"  # the value drawn on it is the cell's element
    elif cell.shape == Shape.SOLID:
        classes = f"cell {cell.mark.value} solid"
    elif cell.shape == Shape.BLOCKED:
        classes = "cell blocked"
    draw_rect(group, x, y, size, size, classes, fill=fill, stroke="none", width=0,
          data=(r, c) if cell.shape != Shape.VALUE else None)
    if cell.sums is not None:
        draw_line(group, x, y, x + size, y + size, "sum-diagonal", "#fff", 1.5)
        places = ((x + size * 0.3, y + size * 0.85), (x + size * 0.7, y + size * 0.4))
        for value, wrong, (tx, ty) in zip(cell.sums, cell.wrong_sums, places, strict=True):
            if value is not None:  # a sum in a conflict: red on a white patch
                if wrong:
                    draw_rect(group, tx - size * 0.2, ty - size * 0.3, size * 0.4, size * 0.4,
                              "sum-conflict", fill="#fff", stroke=CONFLICT_INK, width=1.5)
                draw_text(group, tx, ty, str(value), "sum conflict" if wrong else "sum",
                          size=13, data=(r, c)).set("fill", CONFLICT_INK if wrong else "#fff")


def _grid_lines(group: ET.Element, board: Grid, corner: Corner, size: float) -> None:
    """The thin grid (points only when the grid has edges), then the thick borders."""
    rows, cols = board.rows, board.cols
    if board.edges:
        for r in range(rows + 1):
            for c in range(cols + 1):
                x, y = corner(r + 1, c + 1)
                draw_circle(group, x, y, 2.5, "grid-point", fill=INK)
    else:
        for r in range(1, rows):
            (x1, y1), (x2, y2) = corner(r + 1, 1), corner(r + 1, cols + 1)
            draw_line(group, x1, y1, x2, y2, "grid", "#999", 1)
        for c in range(1, cols):
            (x1, y1), (x2, y2) = corner(1, c + 1), corner(rows + 1, c + 1)
            draw_line(group, x1, y1, x2, y2, "grid", "#999", 1)
        x, y = corner(1, 1)
        draw_rect(group, x, y, cols * size, rows * size, "frame", fill="none", stroke=INK,
              width=3)
    region = {(r, c): cell.region for r, row in enumerate(board.cells, 1)
              for c, cell in enumerate(row, 1)}
    walls: set[tuple[Pos, Pos]] = {(s.a, s.b) for s in board.borders}
    for (r, c), room in region.items():
        for other in ((r, c + 1), (r + 1, c)):
            if room is not None and other in region and region[other] != room:
                walls.add(((r, c), other))
    for (r1, c1), (r2, c2) in sorted(walls):
        if r1 == r2:  # a vertical wall right of (r1, min column)
            c = max(c1, c2)
            start, end = corner(r1, c), corner(r1 + 1, c)
        else:
            r = max(r1, r2)
            start, end = corner(r, c1), corner(r, c1 + 1)
        _segment(draw_line(group, start[0], start[1], end[0], end[1], "border", INK, 3.5),
                 (r1, c1), (r2, c2)).set("stroke-linecap", "square")


def _bridge(group: ET.Element, a: tuple[float, float], b: tuple[float, float], strands: int,
            size: float, start: Pos, end: Pos) -> None:
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay) or 1
    ux, uy = (bx - ax) / length, (by - ay) / length
    inset = size * 0.32
    for index in range(strands):
        offset = (index - (strands - 1) / 2) * 6
        ox, oy = -uy * offset, ux * offset
        element = draw_line(group, ax + ux * inset + ox, ay + uy * inset + oy,
                        bx - ux * inset + ox, by - uy * inset + oy, "bridge", LINE, 2.5)
        _segment(element, start, end).set("data-strands", str(strands))


def _foreground(group: ET.Element, cell: Cell, r: int, c: int, x: float, y: float,
                size: float) -> None:
    cx, cy = x + size / 2, y + size / 2
    classes = f"cell {cell.mark.value}"
    if cell.shape == Shape.BLOCKED:
        return
    if cell.shape == Shape.SOLID and cell.value is None and cell.mark == Mark.GIVEN:
        draw_circle(group, cx, cy, size * 0.12, "given-mark", fill="#fff")
    if cell.mark == Mark.FORCED:
        inset = size * 0.1
        draw_rect(group, x + inset, y + inset, size - 2 * inset, size - 2 * inset, "frame",
              fill="none", stroke="#1b6e36", width=1.5, dash="4 3")
    if cell.diagonal is not None:
        ends = (x + 4, y + size - 4, x + size - 4, y + 4) if cell.diagonal == "/" else \
            (x + 4, y + 4, x + size - 4, y + size - 4)
        element = draw_line(group, *ends, "cell diagonal", INK, 3)  # the cell's answer
        element.set("data-row", str(r))
        element.set("data-col", str(c))
        element.set("data-diagonal", cell.diagonal)
    if cell.symbol is not None:
        _symbol(group, cell, r, c, cx, cy, size)
    elif cell.value is not None and cell.mark != Mark.UNKNOWN:
        font = 18 if len(cell.value) < 4 else 14
        shaded = " shaded" if cell.shape == Shape.SOLID else ""
        if cell.arrow is not None:  # the number in the corner, the arrow across the cell
            draw_arrow(group, cx, cy, cell.arrow, size)
            text = draw_text(group, x + 4, y + 16, cell.value, classes + shaded, size=15,
                             anchor="start", data=(r, c))
        else:
            text = draw_text(group, cx, cy + font * 0.36, cell.value, classes + shaded,
                             size=font, data=(r, c))
        if shaded:  # white on black (a style: the mark's class would colour it)
            text.set("style", f"fill: #fff; stroke: {INK}")
    elif cell.shape == Shape.BLANK:
        draw_circle(group, cx, cy, 3, "cell unshaded", fill="#888", data=(r, c))
    elif cell.mark == Mark.UNKNOWN:
        draw_circle(group, cx, cy, 2.5, "cell unknown", fill="#999", data=(r, c))
    if cell.mark == Mark.CONFLICT:
        draw_circle(group, cx, cy, size * 0.42, "conflict-ring", fill="none", stroke=CONFLICT_INK,
                width=2.5)


def _symbol(group: ET.Element, cell: Cell, r: int, c: int, cx: float, cy: float,
            size: float) -> None:
    name = cell.symbol or ""
    classes = f"symbol {name} cell {cell.mark.value}"
    radius = size * 0.32
    weight = 2.5 if cell.mark == Mark.GIVEN else 1.5
    fill = SYMBOL_FILL.get(name, INK)
    if name in ("white", "black", "lamp", "dot"):
        scale = 0.35 if name == "dot" else 1.0
        element = draw_circle(group, cx, cy, radius * scale, classes,
                          fill="#fff" if name == "white" else fill, stroke=INK, width=weight)
    elif name == "star":
        points = [(cx + radius * math.sin(k * math.pi / 5) * (1 if k % 2 == 0 else 0.45),
                   cy - radius * math.cos(k * math.pi / 5) * (1 if k % 2 == 0 else 0.45))
                  for k in range(10)]
        element = _polygon(group, points, classes, fill)
    elif name == "tent":
        element = _polygon(group, [(cx, cy - radius), (cx + radius, cy + radius * 0.8),
                                   (cx - radius, cy + radius * 0.8)], classes, fill)
    elif name in _SHIP_ENDS or name in ("middle", "submarine"):
        element = _ship_part(group, name, cx, cy, size * 0.4, classes, weight)
    elif name == "tree":
        draw_rect(group, cx - 2.5, cy, 5, radius, "trunk", fill="#8c6d31", stroke="none", width=0)
        element = draw_circle(group, cx, cy - radius * 0.25, radius * 0.75, classes, fill=fill,
                          stroke=INK, width=weight)
    else:  # a cross
        d = radius * 0.7
        draw_line(group, cx - d, cy - d, cx + d, cy + d, "cross", INK, 3)
        element = draw_line(group, cx - d, cy + d, cx + d, cy - d, classes, INK, 3)
    element.set("data-row", str(r))
    element.set("data-col", str(c))


# A ship's end: the way it points, as a (row, column) step.
_SHIP_ENDS = {"north_end": (-1, 0), "east_end": (0, 1), "south_end": (1, 0),
              "west_end": (0, -1)}


def _ship_part(group: ET.Element, name: str, cx: float, cy: float, half: float,
               classes: str, weight: float) -> ET.Element:
    """A ship's part, dark grey: a submarine a disc, a middle a square, an end a square
    rounded off on the side it points to (a half disc there)."""
    if name == "submarine":
        return draw_circle(group, cx, cy, half, classes, fill=SHIP, stroke=INK, width=weight)
    if name == "middle":
        return draw_rect(group, cx - half, cy - half, 2 * half, 2 * half, classes, fill=SHIP,
                         stroke=INK, width=weight)
    dr, dc = _SHIP_ENDS[name]
    # (x, y) = (column, row): the back corners, then a half disc from one side through the
    # point to the other (clockwise in SVG's y-down frame, whichever way it points)
    (bx, by), (px, py) = (cx - dc * half, cy - dr * half), (-dr * half, dc * half)
    path = (f"M {num(bx + px)} {num(by + py)} L {num(bx - px)} {num(by - py)} "
            f"L {num(cx - px)} {num(cy - py)} A {num(half)} {num(half)} 0 0 1 "
            f"{num(cx + px)} {num(cy + py)} Z")
    return ET.SubElement(group, "path", {"class": classes, "d": path, "fill": SHIP,
                                         "stroke": INK, "stroke-width": num(weight)})


def _polygon(group: ET.Element, points: list[tuple[float, float]], classes: str,
             fill: str) -> ET.Element:
    return ET.SubElement(group, "polygon", {
        "points": " ".join(f"{num(x)},{num(y)}" for x, y in points), "class": classes,
        "fill": fill, "stroke": INK, "stroke-width": "1.5", "stroke-linejoin": "round"})


def _outside(group: ET.Element, board: Grid, x0: float, y0: float, width: float,
             height: float, size: float) -> None:
    for c, line in enumerate(board.top, 1):
        for index, clue in enumerate(line):
            y = y0 - 6 - (len(line) - index - 1) * CLUE_HEIGHT - 5
            draw_clue(group, clue, "top", c, index, x0 + (c - 0.5) * size, y)
    for c, line in enumerate(board.bottom, 1):
        for index, clue in enumerate(line):
            draw_clue(group, clue, "bottom", c, index, x0 + (c - 0.5) * size,
                  y0 + height + 6 + index * CLUE_HEIGHT + 15)
    for r, line in enumerate(board.left, 1):
        x = x0 - 6
        for index, clue in reversed(list(enumerate(line))):
            draw_clue(group, clue, "left", r, index, x - clue_width(clue) / 2,
                  y0 + (r - 0.5) * size + 6)
            x -= clue_width(clue)
    for r, line in enumerate(board.right, 1):
        x = x0 + width + 6
        for index, clue in enumerate(line):
            draw_clue(group, clue, "right", r, index, x + clue_width(clue) / 2,
                  y0 + (r - 0.5) * size + 6)
            x += clue_width(clue)


def key_parts(board: Grid) -> list[str]:
    """How to read a canvas grid's picture, a phrase each."""
    cells = [cell for row in board.cells for cell in row]
    values = {cell.mark for cell in cells if cell.value is not None}
    parts = [text for mark, text in ((Mark.GIVEN, "bold: given by the puzzle"),
                                     (Mark.FILLED, "regular: filled in by the solver"),
                                     (Mark.FORCED, "italic in a dashed frame: forced"))
             if mark in values]
    shaded = {cell.mark if cell.value is None else Mark.FILLED for cell in cells
              if cell.shape == Shape.SOLID}  # a value on it: shaded by the solver
    if shaded:
        parts.append("black: shaded" + (" (a white dot on it: by the puzzle)"
                                        if Mark.GIVEN in shaded else ""))
    symbols = sorted({cell.symbol for cell in cells if cell.symbol is not None})
    if symbols:
        parts.append("symbols: " + ", ".join(symbols) + " (a thick outline: given)")
    if any(cell.shape == Shape.BLOCKED for cell in cells):
        parts.append("grey: not part of the board"
                     + (" (a block: its sums down and right)"
                        if any(cell.sums is not None for cell in cells) else ""))
    if any(cell.mark == Mark.CONFLICT for cell in cells):
        parts.append("circled over hatching: a clue in the conflict")
    rings = [op.mark for op in board.operators] + [
        clue.mark for name in ("top", "bottom", "left", "right") for line in board.side(name)
        for clue in line]
    if Mark.CONFLICT in rings:
        parts.append("ringed in red: a clue beside the cells or between two in the conflict")
    if any(any(cell.wrong_sums) for cell in cells):
        parts.append("red in a white box: a block's sum in the conflict")
    if any(cell.shape == Shape.BLANK and cell.value is None and cell.symbol is None
           for cell in cells):
        parts.append("a grey dot: empty")
    if any(cell.mark == Mark.UNKNOWN for cell in cells):
        parts.append("a small dot: not known")
    return parts
