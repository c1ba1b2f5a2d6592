"""Lines as SVG: rows of values or text after their labels, in a monospace font.

A boxed row is a strip of cells (the characters of a text), in bands of at most
`BOXES_PER_LINE`; other rows are text. The rows a board lists (`Lines.listed` on) are set
in as many columns side by side as bring the block nearest the pictures' aspect, read
down each column, so a list of hundreds of entries stays a page rather than a scroll.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from . import Cell, Lines, Mark, Row
from .measure import mono_width
from .svg_elements import ASPECT, draw_line, draw_rect, draw_text

FONT_SIZE = 16
ROW_HEIGHT = 30
BOXES_PER_LINE = 48
LIST_COLUMNS_FROM = 16  # a list this long or longer may be set in columns
COLUMN_GAP = 32


def lines_drawing(group: ET.Element, lines: Lines) -> tuple[float, float]:
    """Draw the rows into `group` from (0, 0); returns the width and height used."""
    holder = ET.SubElement(group, "g", {"class": "lines"})
    rows = list(enumerate(lines.rows, start=1))
    listed = len(rows) if lines.listed is None else max(0, min(lines.listed, len(rows)))
    head, entries = rows[:listed], rows[listed:]
    if len(entries) < LIST_COLUMNS_FROM:
        head, entries = rows, []
    width, y = _rows(holder, head, 0.0, 0.0)
    if entries:
        entry_width, _ = _rows(ET.Element("g"), entries, 0.0, 0.0)  # measured, not kept
        columns = _columns(len(entries), entry_width)
        per_column = math.ceil(len(entries) / columns)
        for column in range(columns):
            part = entries[column * per_column:(column + 1) * per_column]
            x = column * (entry_width + COLUMN_GAP)
            right, _ = _rows(holder, part, x, y)
            width = max(width, right)
        y += per_column * ROW_HEIGHT
    return width, y


def _columns(count: int, entry_width: float) -> int:
    """The number of columns that sets `count` entries nearest the pictures' aspect."""
    def distance(columns: int) -> float:
        width = columns * entry_width + (columns - 1) * COLUMN_GAP
        height = math.ceil(count / columns) * ROW_HEIGHT
        return abs(math.log(width / height / ASPECT))

    return min(range(1, count + 1), key=distance)


def _rows(holder: ET.Element, rows: list[tuple[int, Row]], x_left: float,
          y: float) -> tuple[float, float]:
    """Rows (numbered) drawn from (x_left, y), labels in a column of their own; returns
    the right edge and the bottom reached."""
    label_width = max([mono_width(row.label, FONT_SIZE) for _, row in rows] + [0])
    x0 = x_left + label_width + (10 if label_width else 0)
    right = x0
    for r, row in rows:
        if row.label:
            draw_text(holder, x_left, y + 21, row.label, "label", size=FONT_SIZE,
                      anchor="start")
        if row.boxed:
            box = max([mono_width(c.value or "", FONT_SIZE) for c in row.cells]
                      + [mono_width("M", FONT_SIZE)]) + 10
            for index, cell in enumerate(row.cells):
                band, column = divmod(index, BOXES_PER_LINE)
                x, top = x0 + column * box, y + band * (ROW_HEIGHT + 6)
                fill = {"conflict": "url(#hatch)", "ambiguous": "url(#dots)"}.get(
                    cell.mark.value, "#fff")
                draw_rect(holder, x, top, box, ROW_HEIGHT, "box", fill=fill, stroke="#999",
                          width=1)
                _line_value(holder, cell, r, index + 1, x + box / 2, top + 21, "middle")
                right = max(right, x + box)
            bands = -(-len(row.cells) // BOXES_PER_LINE) if row.cells else 1
            y += bands * (ROW_HEIGHT + 6) + 4
        else:
            x = x0
            for index, cell in enumerate(row.cells):
                text = cell.value if cell.value is not None else "\u00b7"
                _line_value(holder, cell, r, index + 1, x, y + 21, "start")
                x += mono_width(text + row.separator, FONT_SIZE)
            right = max(right, x - mono_width(row.separator, FONT_SIZE))
            y += ROW_HEIGHT
    return right, y


def _line_value(group: ET.Element, cell: Cell, row: int, position: int, x: float, y: float,
                anchor: str) -> None:
    text = cell.value if cell.value is not None else "\u00b7"
    mark = Mark.UNKNOWN if cell.value is None else cell.mark
    element = draw_text(group, x, y, text, f"cell {mark.value}", size=FONT_SIZE,
                        anchor=anchor, data=(row, position))
    element.set("xml:space", "preserve")
    if mark == Mark.AMBIGUOUS:  # a dotted line under it, so it reads without colour
        width = mono_width(text, FONT_SIZE)
        left = x - width / 2 if anchor == "middle" else x
        draw_line(group, left, y + 4, left + width, y + 4, "ambiguous-mark", "#8a5300", 2,
                  dash="2 2")
