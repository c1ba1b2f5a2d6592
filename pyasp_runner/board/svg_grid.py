"""Grids as SVG: cells with their values and marks, clues along the edges, operators
between cells, arrows, a path through the cells, and pieces over dark and light fields.

The path is drawn under the values: the line first, then a white plate under every value
on it, so a digit never has a line through it; the first value of the path is ringed.
Pieces (regions) fill their cells in their own colour, a dark shade on a dark field and
a light one on a light field, so the fields read as the chequer they are; thick lines
part one piece from the next.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from itertools import pairwise

from . import Cell, Clue, Grid, Mark, Shape
from .measure import text_width
from .svg_elements import (
    PALETTE,
    draw_circle,
    draw_line,
    draw_rect,
    draw_text,
    num,
)

Corner = Callable[[int, int], tuple[float, float]]

CLUE_HEIGHT = 20


def clue_width(clue: Clue) -> float:
    """The room a clue beside a row takes: its text, or the ring round it in a conflict."""
    width = text_width(clue.text, 16, bold=True) + 8
    return max(width, 2 * _ring_radius(clue) + 4) if clue.mark == Mark.CONFLICT else width


def _ring_radius(clue: Clue) -> float:
    return 5 * len(clue.text) + 7


def grid_drawing(group: ET.Element, grid: Grid) -> tuple[float, float]:
    longest = max([len(c.value or "") for row in grid.cells for c in row] + [1])
    arrows = any(c.arrow for row in grid.cells for c in row)
    size = max(40.0, 11.0 * longest + 16 + (10 if arrows else 0))
    gap = size * 0.7 if grid.operators else 0.0
    step = size + gap
    top = max([len(line) for line in grid.top] + [0]) * CLUE_HEIGHT
    bottom = max([len(line) for line in grid.bottom] + [0]) * CLUE_HEIGHT
    left = max([sum(map(clue_width, line)) for line in grid.left] + [0])
    right = max([sum(map(clue_width, line)) for line in grid.right] + [0])
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
        draw_rect(group, x0, y0, inner_w, inner_h, "border", fill="none", stroke="#000",
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
        draw_text(group, cx, cy + 7, op.text, "operator", size=20)
    # Clues: top and bottom stacked per column, left and right side by side per row.
    for c, line in enumerate(grid.top, start=1):
        cx = corner(1, c)[0] + size / 2
        for index, clue in enumerate(line):
            cy = y0 - (gap if gap else 6) - (len(line) - index - 1) * CLUE_HEIGHT - 5
            draw_clue(group, clue, "top", c, index, cx, cy)
    for c, line in enumerate(grid.bottom, start=1):
        cx = corner(1, c)[0] + size / 2
        for index, clue in enumerate(line):
            cy = y0 + inner_h + after + index * CLUE_HEIGHT + 15
            draw_clue(group, clue, "bottom", c, index, cx, cy)
    for r, line in enumerate(grid.left, start=1):
        cy = corner(r, 1)[1] + size / 2 + 6
        x = x0 - (gap if gap else 6)
        for index, clue in reversed(list(enumerate(line))):
            width = clue_width(clue)
            draw_clue(group, clue, "left", r, index, x - width / 2, cy)
            x -= width
    for r, line in enumerate(grid.right, start=1):
        cy = corner(r, 1)[1] + size / 2 + 6
        x = x0 + inner_w + after
        for index, clue in enumerate(line):
            width = clue_width(clue)
            draw_clue(group, clue, "right", r, index, x + width / 2, cy)
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
        draw_rect(group, x, y, size, size, "box", fill=fill, stroke=stroke, width=width)
    if cell.shape == Shape.BLOCKED:
        draw_rect(group, x, y, size, size, "cell blocked", fill="#555", stroke="none", width=0,
                  data=(r, c))
    if cell.mark == Mark.FORCED:
        inset = size * 0.1
        draw_rect(group, x + inset, y + inset, size - 2 * inset, size - 2 * inset, "frame",
                  fill="none", stroke="#1b6e36", width=1.5, dash="4 3")


def _cell_value(group: ET.Element, cell: Cell, r: int, c: int, x: float, y: float,
                size: float) -> None:
    """The cell's value: text, a black or white square, or a dot where not known."""
    cx, cy = x + size / 2, y + size / 2
    classes = f"cell {cell.mark.value}"
    if cell.shape == Shape.SOLID:
        inset = 1
        draw_rect(group, x + inset, y + inset, size - 2 * inset, size - 2 * inset,
                  f"{classes} solid", fill="#111", stroke="none", width=0, data=(r, c))
        if cell.mark in (Mark.GIVEN, Mark.CONFLICT):  # a given black cell: a white dot on it
            draw_circle(group, cx, cy, size * 0.12, "given-mark", fill="#fff")
        return
    if cell.shape == Shape.BLANK:
        draw_rect(group, x + 1, y + 1, size - 2, size - 2, f"{classes} blank", fill="none",
                  stroke="none", width=0, data=(r, c))
        if cell.mark in (Mark.GIVEN, Mark.CONFLICT):  # a given white cell: a cross
            d = size * 0.15
            for sx in (-1, 1):
                draw_line(group, cx - d, cy - sx * d, cx + d, cy + sx * d, "given-mark", "#000", 2)
        return
    if cell.shape == Shape.BLOCKED:
        return
    if cell.arrow is not None:
        draw_arrow(group, cx, cy, cell.arrow, size)
    if cell.value is None or cell.mark == Mark.UNKNOWN:
        draw_circle(group, cx, cy + (size * 0.2 if cell.arrow else 0), 2.5,
                    "cell unknown", fill="#999", data=(r, c))
        return
    font = _font(cell)
    if cell.field == "dark" and cell.region is not None:
        classes += " on-dark"
    if cell.arrow is not None:  # the number in the corner, the arrow across the cell
        draw_text(group, x + 4, y + 16, cell.value, classes, size=15, anchor="start",
                  data=(r, c))
    else:
        draw_text(group, cx, cy + font * 0.36, cell.value, classes, size=font, data=(r, c))
    if cell.mark == Mark.CONFLICT:
        draw_circle(group, cx, cy, size * 0.42, "conflict-ring", fill="none", stroke="#b3001b",
                    width=2.5)


def _pieces(group: ET.Element, grid: Grid, corner: Corner, size: float) -> None:
    """Every cell filled by its field (dark or light) in its piece's colour (grey where it
    has none), then a thick line wherever one piece meets another or the board's edge."""
    for r, row in enumerate(grid.cells, start=1):
        for c, cell in enumerate(row, start=1):
            x, y = corner(r, c)
            rect = draw_rect(group, x, y, size, size, _field_classes(cell),
                             fill=field_fill(cell), stroke="none", width=0)
            if cell.region is not None:
                rect.set("data-region", str(cell.region))
            rect.set("data-row", str(r))
            rect.set("data-col", str(c))

    def region(r: int, c: int) -> int | None:
        inside = 1 <= r <= grid.rows and 1 <= c <= grid.cols
        return grid.cells[r - 1][c - 1].region if inside else None

    for r in range(1, grid.rows + 1):
        for c in range(1, grid.cols + 1):
            x, y = corner(r, c)
            here = region(r, c)
            # Each edge once: the cell's right and lower edges, and the board's first ones.
            for dr, dc, x1, y1, x2, y2 in ((0, 1, x + size, y, x + size, y + size),
                                           (1, 0, x, y + size, x + size, y + size),
                                           (0, -1, x, y, x, y + size),
                                           (-1, 0, x, y, x + size, y)):
                if (dr < 0 and r > 1) or (dc < 0 and c > 1):
                    continue
                apart = here is None or region(r + dr, c + dc) != here
                draw_line(group, x1, y1, x2, y2, "piece-edge" if apart else "piece-inner",
                          "#000" if apart else "#777", 3 if apart else 0.75)


FIELD = {"dark": 0.45, "light": 0.4}  # a piece's colour darkened to 45%, whitened to 40%


def field_fill(cell: Cell) -> str:
    """The fill of a cell over a field: its piece's colour in the field's shade."""
    if cell.region is None:
        return "#444" if cell.field == "dark" else "#fff"
    colour = PALETTE[cell.region % len(PALETTE)]
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if cell.field == "dark":
        share = FIELD["dark"]
        shade = [round(part * share) for part in (red, green, blue)]
    else:
        share = FIELD["light"]
        shade = [round(255 - (255 - part) * share) for part in (red, green, blue)]
    return "#" + "".join(f"{part:02x}" for part in shade)


def _field_classes(cell: Cell) -> str:
    return " ".join(filter(None, ("field", cell.field, "piece" if cell.region is not None
                                  else "")))


def _path(group: ET.Element, grid: Grid, corner: Corner, size: float) -> None:
    """A line through the path's cells in order, an arrowhead half-way along each step,
    then a white plate under each value on it (the line passes under the digits), the
    first ringed."""
    points = [(corner(r, c)[0] + size / 2, corner(r, c)[1] + size / 2) for r, c in grid.path]
    ET.SubElement(group, "polyline", {
        "class": "path", "points": " ".join(f"{num(x)},{num(y)}" for x, y in points),
        "fill": "none", "stroke": "#7fa7dd", "stroke-width": num(size * 0.14),
        "stroke-linecap": "round", "stroke-linejoin": "round"})
    for (ax, ay), (bx, by) in pairwise(points):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        draw_line(group, ax + (mx - ax) * 0.6, ay + (my - ay) * 0.6, mx + (bx - mx) * 0.15,
                  my + (by - my) * 0.15, "path-step", "#2b5ea8", 1.5, marker=True)
    for index, (r, c) in enumerate(grid.path):
        cell = grid.cells[r - 1][c - 1]
        if cell.shape != Shape.VALUE:
            continue
        cx, cy = points[index]
        width, height = _plate(cell, size)
        plate = draw_rect(group, cx - width / 2, cy - height / 2, width, height,
                          "path-plate", fill="#fff", stroke="none", width=0, data=(r, c))
        plate.set("rx", num(height / 2))
        if index == 0:
            plate.set("class", "path-plate path-start")
            plate.set("stroke", "#2b5ea8")
            plate.set("stroke-width", "2.5")


def _plate(cell: Cell, size: float) -> tuple[float, float]:
    """The plate under a value on the path: a little wider than its text, as narrow as
    that allows, so the line shows between two plates side by side."""
    text = cell.value if cell.value is not None and cell.mark != Mark.UNKNOWN else ""
    font = _font(cell)
    bold = cell.mark in (Mark.GIVEN, Mark.CONFLICT)
    width = max(text_width(text, font, bold, room=False) + 5, font * 0.9)
    return min(size - 4, width), min(size - 4, font * 1.2)


def _font(cell: Cell) -> float:
    return 18 if len(cell.value or "") < 4 else 14


def draw_arrow(group: ET.Element, cx: float, cy: float, step: tuple[int, int],
               size: float) -> None:
    """An arrow across the cell centred at (cx, cy), pointing `step` (row, column)."""
    dr, dc = step
    length = math.hypot(dr, dc) or 1
    ux, uy = dc / length, dr / length
    half = size * 0.26
    cx, cy = cx + size * 0.08, cy + size * 0.1
    draw_line(group, cx - ux * half, cy - uy * half, cx + ux * half, cy + uy * half, "arrow",
              "#444", 2, marker=True).set("data-step", f"{dr},{dc}")


def draw_clue(group: ET.Element, clue: Clue, side: str, line: int, index: int, x: float,
          y: float) -> None:
    element = draw_text(group, x, y, clue.text, f"clue {clue.mark.value}", size=16)
    element.set("data-side", side)
    element.set("data-line", str(line))
    element.set("data-index", str(index))
    if clue.mark == Mark.CONFLICT:
        ET.SubElement(group, "ellipse", {
            "class": "conflict-ring", "cx": num(x), "cy": num(y - 6),
            "rx": num(_ring_radius(clue)), "ry": "12", "fill": "none",
            "stroke": "#b3001b", "stroke-width": "2.5"})

