"""The parts every SVG picture is made of: its style sheet, its patterns and markers,
and its elements (text, rectangles, circles, lines) with their stable classes.

Elements are built with the standard library's ElementTree, which escapes every text and
attribute it writes; `clean` replaces the characters XML 1.0 cannot hold at all.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
# Colours only repeat what shapes and weights already say (a printed page reads right).
PALETTE = ("#e6550d", "#3182bd", "#31a354", "#f0c419", "#9e5fc1", "#17becf", "#e377c2",
           "#8c6d31", "#a1d99b", "#fdae6b", "#9ecae1", "#bcbd22", "#d6616b", "#7b9fd6")
ASPECT = 1.6  # the width to height a picture of many parts is laid out nearest to (a screen)
# Every rule (one a line, one selector each) under the picture's own class: a picture
# written inside an HTML page (a notebook, the studio) styles nothing else on it.
PICTURE_CLASS = "solve-asp"
_RULES = f"""
text {{ font-family: {FONT}; }}
.title {{ font-size: 15px; font-weight: bold; }}
.caption {{ font-size: 14px; font-weight: bold; }}
.legend {{ font-size: 12px; fill: #333; }}
.note {{ font-size: 12px; fill: #333; }}
text.cell {{ paint-order: stroke; stroke: #fff; stroke-width: 2px; stroke-linejoin: round; }}
text.given {{ font-weight: bold; fill: #000; }}
text.filled {{ fill: #1d4f91; }}
text.forced {{ font-style: italic; fill: #1b6e36; }}
text.conflict {{ font-weight: bold; fill: #b3001b; }}
text.ambiguous {{ fill: #8a5300; }}
text.unknown {{ fill: #999; }}
text.cell.on-dark {{ fill: #fff; stroke: #000; }}
.operator {{ fill: #000; }}
.lines text {{ font-family: {MONO}; }}
.lines .label {{ text-anchor: start; fill: #333; }}
"""
STYLE = "".join(f"\n.{PICTURE_CLASS} {rule}" for rule in _RULES.strip().split("\n")) + "\n"


def add_defs(root: ET.Element) -> None:
    """The patterns (hatching, dots) and the arrowhead the elements refer to."""
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


def draw_text(parent: ET.Element, x: float, y: float, text: str, classes: str,
              size: float | None = None, anchor: str = "middle",
              data: tuple[int, int] | None = None) -> ET.Element:
    attributes = {"x": num(x), "y": num(y), "class": classes}
    attributes["text-anchor"] = anchor
    if size is not None:
        attributes["font-size"] = num(size)
    if data is not None:
        attributes["data-row"], attributes["data-col"] = str(data[0]), str(data[1])
    element = ET.SubElement(parent, "text", attributes)
    element.text = clean(text)
    return element


def draw_rect(parent: ET.Element, x: float, y: float, w: float, h: float, classes: str,
              fill: str, stroke: str, width: float, dash: str = "",
              data: tuple[int, int] | None = None) -> ET.Element:
    return draw_shape(parent, "rect", {"x": num(x), "y": num(y), "width": num(w), "height": num(h)},
                      classes, fill, stroke, width, dash, data)


def draw_circle(parent: ET.Element, cx: float, cy: float, r: float, classes: str, fill: str,
                stroke: str = "none", width: float = 0, dash: str = "",
                data: tuple[int, int] | None = None) -> ET.Element:
    return draw_shape(parent, "circle", {"cx": num(cx), "cy": num(cy), "r": num(r)}, classes, fill,
                      stroke, width, dash, data)


def draw_shape(parent: ET.Element, tag: str, geometry: dict[str, str], classes: str, fill: str,
               stroke: str, width: float, dash: str, data: tuple[int, int] | None) -> ET.Element:
    attributes = {**geometry, "class": classes, "fill": fill, "stroke": stroke,
                  "stroke-width": num(width)}
    if dash:
        attributes["stroke-dasharray"] = dash
    if data is not None:
        attributes["data-row"], attributes["data-col"] = str(data[0]), str(data[1])
    return ET.SubElement(parent, tag, attributes)


def draw_line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float, classes: str,
              stroke: str, width: float, marker: bool = False, dash: str = "") -> ET.Element:
    attributes = {"x1": num(x1), "y1": num(y1), "x2": num(x2), "y2": num(y2), "class": classes,
                  "stroke": stroke, "stroke-width": num(width)}
    if marker:
        attributes["marker-end"] = "url(#head)"
    if dash:
        attributes["stroke-dasharray"] = dash
    return ET.SubElement(parent, "line", attributes)


def clean(text: str) -> str:
    """Text XML 1.0 can hold: control characters (which no escaping can write) replaced."""
    return "".join(ch if ch in "\t\n\r" or (ch >= " " and not "\ud800" <= ch <= "\udfff"
                                            and ch not in "\ufffe\uffff") else "\ufffd"
                   for ch in text)


def num(value: float) -> str:
    """A coordinate, without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
