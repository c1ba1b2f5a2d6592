"""Rings as SVG: concentric rings of sectors (stacked disks), each ring's name beside
the picture, notes around it, and the sectors open through every ring marked."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from . import Mark, Rings, Shape
from .measure import text_width
from .svg_elements import draw_circle, draw_text, num


def rings_drawing(group: ET.Element, rings: Rings) -> tuple[float, float]:
    sectors = max(rings.sectors, 1)
    shapes = all(cell.shape != Shape.VALUE for row in rings.cells for cell in row)
    width = 28.0 if shapes else 46.0
    hub = max(36.0, 18 * sectors / (2 * math.pi) * (1 if shapes else 2))
    outer = hub + rings.rings * width
    # Notes stand 14 px outside the rings, centred: room for the widest, and for its height.
    notes = [*rings.sector_notes, *(["open"] if rings.open_sectors else [])]
    label = 18 + max([text_width(note, 13) / 2 for note in notes] + [10]) if notes else 8.0
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
                draw_circle(group, px, py, min(width, arc) * 0.3, f"{classes} blank", fill="#fff",
                            stroke="#333", width=1.2, data=(ring, sector))
            elif cell.value is None or cell.mark == Mark.UNKNOWN:
                draw_circle(group, px, py, 2.5, "cell unknown", fill="#999", data=(ring, sector))
            else:
                draw_text(group, px, py + 7, cell.value, classes, size=19, data=(ring, sector))
                if cell.mark == Mark.FORCED:
                    draw_circle(group, px, py, 15, "frame", fill="none", stroke="#1b6e36",
                                width=1.5, dash="4 3")
                if cell.mark == Mark.CONFLICT:
                    draw_circle(group, px, py, 16, "conflict-ring", fill="none",
                                stroke="#b3001b", width=2.5)
    draw_circle(group, cx, cy, outer, "border", fill="none", stroke="#000", width=3)
    draw_circle(group, cx, cy, hub, "border", fill="none", stroke="#000", width=2)
    for sector, note in enumerate(rings.sector_notes, start=1):
        mid = math.radians((sector - 0.5) / sectors * 360)
        note_r = outer + 14
        element = draw_text(group, cx + note_r * math.sin(mid), cy - note_r * math.cos(mid) + 5,
                            note, "note", size=13, anchor="middle")
        element.set("data-col", str(sector))
    for sector in sorted(rings.open_sectors):
        a0, a1 = (sector - 1) / sectors * 360, sector / sectors * 360
        ET.SubElement(group, "path", {
            "d": _annular(cx, cy, hub, outer, a0, a1), "fill": "none", "stroke": "#b3001b",
            "stroke-width": "3", "stroke-dasharray": "6 3", "class": "open",
            "data-col": str(sector)})
        mid = math.radians((a0 + a1) / 2)
        draw_text(group, cx + (outer + 14) * math.sin(mid), cy - (outer + 14) * math.cos(mid) + 5,
                  "open", "note", size=12)
    size = 2 * (outer + label)
    # Each ring's name and note beside the picture, inner ring first.
    x, y = size + 16, 18.0
    texts = [" ".join(filter(None, (
        rings.ring_labels[i] if i < len(rings.ring_labels) else f"ring {i + 1}",
        rings.ring_notes[i] if i < len(rings.ring_notes) else "")))
        for i in range(rings.rings)]
    longest = 0.0
    for index, text in enumerate(texts):
        element = draw_text(group, x, y, text, "note", size=13, anchor="start")
        element.set("data-row", str(index + 1))
        longest = max(longest, text_width(text, 13))
        y += 18
    return size + 16 + longest, max(size, y)


def _annular(cx: float, cy: float, r_in: float, r_out: float, a0: float, a1: float) -> str:
    """The path of the ring sector between radii r_in..r_out and angles a0..a1 (degrees,
    clockwise from the top)."""
    def point(r: float, a: float) -> str:
        rad = math.radians(a)
        return f"{num(cx + r * math.sin(rad))} {num(cy - r * math.cos(rad))}"

    large = 1 if a1 - a0 > 180 else 0
    if a1 - a0 >= 360:  # a whole ring: two half arcs each way
        return (f"M {point(r_out, 0)} A {num(r_out)} {num(r_out)} 0 1 1 {point(r_out, 180)} "
                f"A {num(r_out)} {num(r_out)} 0 1 1 {point(r_out, 0)} M {point(r_in, 0)} "
                f"A {num(r_in)} {num(r_in)} 0 1 0 {point(r_in, 180)} "
                f"A {num(r_in)} {num(r_in)} 0 1 0 {point(r_in, 0)} Z")
    return (f"M {point(r_out, a0)} A {num(r_out)} {num(r_out)} 0 {large} 1 {point(r_out, a1)} "
            f"L {point(r_in, a1)} A {num(r_in)} {num(r_in)} 0 {large} 0 {point(r_in, a0)} Z")
