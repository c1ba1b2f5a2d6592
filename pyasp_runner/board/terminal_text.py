"""Cells, clues and lines as rich text for the terminal drawings (`board.terminal`): the
glyphs (box drawing or ASCII), the marks as they read without colour, and fitting text
into a width (padding, joining, folding, wrapping).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from rich.text import Text

from .. import escape
from . import Cell, Clue, Mark, Shape

STYLE = {Mark.GIVEN: "bold", Mark.FILLED: "", Mark.FORCED: "bold cyan",
         Mark.CONFLICT: "bold reverse red", Mark.UNKNOWN: "dim", Mark.AMBIGUOUS: "yellow"}


class Glyphs(NamedTuple):
    """The characters a drawing uses: box drawing, or plain ASCII."""

    h: str
    v: str
    corners: str  # ┌ ┬ ┐ ├ ┼ ┤ └ ┴ ┘
    solid: str
    given_solid: str
    blocked: str
    unknown: str
    wood: str
    hole: str
    open: str
    arrows: dict[tuple[int, int], str]
    quadrants: str
    dots: str  # a block with an unknown cell: none black / some black


UNICODE = Glyphs("─", "│", "┌┬┐├┼┤└┴┘", "██", "▓▓", "███", "·", "●", "○", "✗",
                 {(-1, 0): "↑", (-1, 1): "↗", (0, 1): "→", (1, 1): "↘",
                  (1, 0): "↓", (1, -1): "↙", (0, -1): "←", (-1, -1): "↖"},
                 " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█", "·░")
ASCII = Glyphs("-", "|", "+++++++++", "##", "%%", "###", ".", "@", "o", "X",
               {(-1, 0): "N", (-1, 1): "NE", (0, 1): "E", (1, 1): "SE",
                (1, 0): "S", (1, -1): "SW", (0, -1): "W", (-1, -1): "NW"},
               " '''\"..:|..:|.:|#", ".:")


def cell_text(cell: Cell, glyphs: Glyphs, arrow: tuple[int, int] | None = None) -> Text:
    """A value as it reads without colour: [5] given, 5 filled, >5< in a conflict."""
    if cell.shape == Shape.BLOCKED:
        return Text(glyphs.blocked, style="dim")
    if cell.shape in (Shape.SOLID, Shape.BLANK):
        return _pixel(cell, glyphs)
    if cell.value is None or cell.mark == Mark.UNKNOWN:
        text = Text(f" {glyphs.unknown} ", style="dim")
    elif cell.mark in (Mark.GIVEN,):
        text = Text(f"[{shown(cell.value)}]", style=STYLE[cell.mark])
    elif cell.mark == Mark.CONFLICT:
        text = Text(f">{shown(cell.value)}<", style=STYLE[cell.mark])
    else:
        text = Text(f" {shown(cell.value)} ", style=STYLE[cell.mark])
    step = cell.arrow or arrow
    if step is not None:
        text.append(glyphs.arrows.get(step, "?"))
    return text


def _pixel(cell: Cell, glyphs: Glyphs) -> Text:
    black = cell.shape == Shape.SOLID
    if cell.mark == Mark.CONFLICT:
        return Text(f">{glyphs.solid[0] if black else 'x'}<", style=STYLE[cell.mark])
    if cell.mark == Mark.GIVEN:
        return Text(glyphs.given_solid if black else " x", style="bold")
    return Text(glyphs.solid if black else "  ")


def clue_text(clue: Clue) -> Text:
    if clue.mark == Mark.CONFLICT:
        return Text(f">{shown(clue.text)}<", style=STYLE[clue.mark])
    return Text(shown(clue.text), style="dim" if clue.mark == Mark.UNKNOWN else "bold")


def shown(value: object) -> str:
    """A value from the puzzle's text (a recovered plaintext character may be ESC): escaped,
    so that no control character reaches the terminal."""
    return escape.terminal(str(value))


def padded(text: Text, width: int, align: str = "center") -> Text:
    """`text` in a field `width` wide; the padding takes none of its style."""
    excess = max(0, width - text.cell_len)
    left = {"left": 0, "center": excess // 2, "right": excess}[align]
    out = Text(" " * left)
    out.append_text(text)
    out.append(" " * (excess - left))
    return out


def joined(parts: Iterable[Text], separator: str = "") -> Text:
    out = Text()
    for index, part in enumerate(parts):
        if index and separator:
            out.append(separator)
        out.append_text(part)
    return out


def widest(texts: Iterable[Text], least: int = 0) -> int:
    return max([text.cell_len for text in texts] + [least])


def fits(lines: Sequence[Text], width: int) -> bool:
    return all(line.cell_len <= width for line in lines)


def unpadded(text: Text) -> Text:
    """A cell text without its padding (a filled value is then its bare digits)."""
    plain = text.plain
    stripped = plain.strip()
    if not stripped or stripped == plain:
        return text.copy()
    start = plain.index(stripped)
    return text[start:start + len(stripped)]


def side_texts(side: Sequence[tuple[Clue, ...]], count: int) -> list[list[Text]]:
    texts = [[clue_text(clue) for clue in line] for line in side]
    return texts + [[] for _ in range(count - len(texts))]


def folded(lines: list[Text], width: int) -> list[Text]:
    """Lines longer than `width` (a single value wider than the console) folded."""
    out: list[Text] = []
    for line in lines:
        if line.cell_len <= width:
            out.append(line)
            continue
        out += [line[i:i + width] for i in range(0, len(line), width)]
    return out


def wrapped(label: Text, parts: Sequence[Text], width: int, separator: str = " ",
             indent: int | None = None) -> list[Text]:
    """`label` then `parts` separated, continued on indented lines before the width is
    passed; a part wider than a whole line is folded."""
    indent = label.cell_len if indent is None else indent
    indent = indent if indent < width // 2 else 2
    lines = [label.copy()]
    for part in parts:
        line = lines[-1]
        fresh = (line.cell_len <= indent and not line.plain.strip()) or (line is lines[0] and \
            line.cell_len == label.cell_len)
        needed = part.cell_len + (0 if fresh else len(separator))
        if line.cell_len + needed > width and not fresh:
            line = Text(" " * indent)
            lines.append(line)
            fresh = True
        if not fresh:
            line.append(separator)
        if line.cell_len + part.cell_len > width:  # folded: nothing of it is lost
            room = max(1, width - line.cell_len)
            line.append_text(part[:room])
            rest = part[room:]
            while rest.cell_len:
                line = Text(" " * indent)
                room = max(1, width - indent)
                line.append_text(rest[:room])
                rest = rest[room:]
                lines.append(line)
        else:
            line.append_text(part)
    return lines
