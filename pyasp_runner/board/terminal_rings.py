"""Rings on the terminal: one row per ring, a table when the sectors hold values; disks
of solid and hole positions a glyph each.
"""

from __future__ import annotations

from rich.text import Text

from . import Cell, Grid, Rings, Shape
from .terminal_text import Glyphs, cell_text, fits, folded, padded, widest


def draw_rings(rings: Rings, width: int, glyphs: Glyphs) -> list[Text]:
    """Disks of solid and hole positions, else a table of the rings' values (ruled where
    it fits)."""
    shapes = all(cell.shape != Shape.VALUE or not cell.known for row in rings.cells
                 for cell in row) and any(cell.known for row in rings.cells for cell in row)
    if shapes or (all(not cell.known for row in rings.cells for cell in row) and not any(
            cell.value for row in rings.cells for cell in row) and rings.open_sectors):
        return _disks(rings, width, glyphs)
    labels = [Text(label) for label in rings.ring_labels] or [
        Text(f"ring {r}") for r in range(1, rings.rings + 1)]
    cells = [[cell_text(cell, glyphs) for cell in row] for row in rings.cells]
    notes = any(rings.ring_notes) or any(rings.sector_notes)
    head = [Text(f"s{s}", style="dim") for s in range(1, rings.sectors + 1)]
    rows = [row + ([Text(note, style="dim")] if notes else [])
            for row, note in zip(cells, list(rings.ring_notes) + [""] * rings.rings,
                                 strict=False)]
    if any(rings.sector_notes):
        rows.append([Text(n, style="dim") for n in rings.sector_notes] + [Text()])
        labels.append(Text("sum", style="dim"))
    if notes:
        head.append(Text("sum", style="dim"))
    table = Grid(tuple(tuple(Cell("x") for _ in row) for row in rows))
    boxed = _table(table, [head, *rows], [Text(), *labels], glyphs, ruled=True)
    if fits(boxed, width):
        return boxed
    return folded(_table(table, [head, *rows], [Text(), *labels], glyphs, ruled=False), width)


def _table(grid: Grid, rows: list[list[Text]], labels: list[Text], glyphs: Glyphs,
           ruled: bool) -> list[Text]:
    """Rows of texts under a header row, each after its label; ruled or plain."""
    field = widest([t for row in rows for t in row], 3)
    side = widest(labels)
    c = glyphs.corners
    count = max(len(row) for row in rows)
    lines: list[Text] = []

    def rule(a: str, b: str, d: str) -> None:
        lines.append(Text(a + glyphs.h * side + b + b.join([glyphs.h * field] * count) + d,
                          style="dim"))

    if ruled:
        rule(c[0], c[1], c[2])
    for index, (label, row) in enumerate(zip(labels, rows, strict=True)):
        bar = glyphs.v if ruled else " "
        line = Text(bar, style="dim") if ruled else Text()
        line.append_text(padded(label, side, "right"))
        for text in row + [Text()] * (count - len(row)):
            line.append(bar, style="dim")
            line.append_text(padded(text, field))
        if ruled:
            line.append(bar, style="dim")
        lines.append(line)
        if ruled:
            rule(*((c[3], c[4], c[5]) if index < len(rows) - 1 else (c[6], c[7], c[8])))
    for line in lines:
        line.rstrip()
    return lines


def _disks(rings: Rings, width: int, glyphs: Glyphs) -> list[Text]:
    """One row per disk: its label, then a glyph per position (solid, hole, not known)."""
    labels = [Text(label) for label in rings.ring_labels] or [
        Text(f"ring {r}") for r in range(1, rings.rings + 1)]
    side = widest(labels + ([Text("open")] if rings.open_sectors else []))
    spaced = side + 1 + 2 * rings.sectors - 1 <= width
    per_line = rings.sectors if spaced or side + 1 + rings.sectors <= width else \
        max(1, width - side - 1)
    separator = " " if spaced else ""

    def glyph(cell: Cell) -> str:
        if not cell.known:
            return glyphs.unknown
        return glyphs.wood if cell.shape == Shape.SOLID else glyphs.hole

    lines: list[Text] = []
    for start in range(0, rings.sectors, per_line):
        stop = min(rings.sectors, start + per_line)
        if start:
            lines.append(Text(f"positions {start + 1}..{stop}", style="dim"))
        for label, row in zip(labels, rings.cells, strict=True):
            line = padded(label, side, "left")
            line.append(" ")
            line.append(separator.join(glyph(cell) for cell in row[start:stop]))
            lines.append(line)
        if rings.open_sectors:
            line = padded(Text("open"), side, "left")
            line.append(" ")
            line.append(separator.join(glyphs.open if s in rings.open_sectors else " "
                                       for s in range(start + 1, stop + 1)), style="bold red")
            lines.append(line)
    return lines
