"""Drawing and naming helpers for square grids with clues on their four edges (not a puzzle).

Sides are named as in the facts: "top" and "bottom" clues stand above and below the
columns (left to right), "left" and "right" clues beside the rows (top to bottom).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from clingo import Symbol
from rich.text import Text

from ..puzzle import to_python
from ._grid import clue_text

TERMINAL_WIDTH = 80
SIDES = ("top", "bottom", "left", "right")
SIDE_PLACE = {"top": "above column", "bottom": "below column",
              "left": "left of row", "right": "right of row"}

EdgeClues = dict[str, list[Text]]  # side -> one text per column/row, empty for no clue


def edge_clues(size: int, clues: Iterable[tuple[str, int, object]]) -> EdgeClues:
    """(side, line, value) triples as one bold text per line and side."""
    return edge_texts(size, [(side, line, Text(str(value), style="bold"))
                             for side, line, value in clues])


def conflict_edge_clues(size: int, clues: Iterable[Symbol],
                        conflict: Collection[Symbol]) -> EdgeClues:
    """The `clue(Side,Line,Value)` facts among `clues`, marked if they are in `conflict`."""
    return edge_texts(size, [(clue.arguments[0].string, clue.arguments[1].number,
                              clue_text(to_python(clue.arguments[2]), clue in conflict))
                             for clue in clues if clue.name == "clue"])


def edge_texts(size: int, clues: Iterable[tuple[str, int, Text]]) -> EdgeClues:
    """(side, line, text) triples as one text per line and side, empty where there is none."""
    table = {side: [Text() for _ in range(size)] for side in SIDES}
    for side, line, text in clues:
        table[side][line - 1] = text
    return table


def line_cells(side: str, line: int, size: int) -> list[tuple[int, int]]:
    """The 0-based (row, column) cells of a line in the order they are seen from `side`."""
    ahead = range(size) if side in ("top", "left") else range(size - 1, -1, -1)
    if side in ("top", "bottom"):
        return [(p, line - 1) for p in ahead]
    return [(line - 1, p) for p in ahead]


def describe_edge(side: str, line: int, value: object) -> str:
    return f"the {value} {SIDE_PLACE[side]} {line}"


def _append_padded(out: Text, text: Text, width: int, align: str) -> None:
    """`text` appended in a field `width` wide; the padding takes none of its style."""
    excess = max(0, width - text.cell_len)
    left = {"left": 0, "center": excess // 2, "right": excess}[align]
    out.append(" " * left)
    out.append_text(text)
    out.append(" " * (excess - left))


def _widest(texts: Iterable[Text], least: int) -> int:
    return max([text.cell_len for text in texts] + [least])


def edge_grid(cells: Sequence[Sequence[Text]], clues: EdgeClues) -> Text:
    """A boxed grid with the clues outside it, as plain lines (readable without colour).

    Every cell text is centred in a field as wide as the widest cell; clues are bold
    digits or letters outside the box, so they cannot be mistaken for cell values. A
    grid too wide for an 80-column terminal drops the lines between cells.
    """
    size = len(cells)
    width = _widest([*(cell for row in cells for cell in row), *clues["top"],
                     *clues["bottom"]], 3)
    side_width = _widest([*clues["left"], *clues["right"]], 1)
    if 2 * side_width + 3 + size * (width + 1) > TERMINAL_WIDTH:
        return _compact_grid(cells, clues, side_width)
    out = Text()

    def clue_row(side: str) -> None:
        out.append(" " * (side_width + 2))
        for index, text in enumerate(clues[side]):
            out.append(" " * (index > 0))
            _append_padded(out, text, width, "center")
        out.append("\n")

    def rule(left: str, middle: str, right: str) -> None:
        out.append(" " * (side_width + 1) + left + middle.join(["─" * width] * size) + right
                   + "\n", style="dim")

    clue_row("top")
    rule("┌", "┬", "┐")
    for index, row in enumerate(cells):
        _append_padded(out, clues["left"][index], side_width, "right")
        out.append(" ")
        out.append("│", style="dim")
        for cell in row:
            _append_padded(out, cell, width, "center")
            out.append("│", style="dim")
        out.append(" ")
        _append_padded(out, clues["right"][index], side_width, "left")
        out.append("\n")
        if index < size - 1:
            rule("├", "┼", "┤")
    rule("└", "┴", "┘")
    clue_row("bottom")
    out.rstrip()
    return out


def _compact_grid(cells: Sequence[Sequence[Text]], clues: EdgeClues, side_width: int) -> Text:
    """The grid without lines between cells: each cell trimmed, one space between cells."""
    trimmed = [[Text(cell.plain.strip(), style=cell.style) for cell in row] for row in cells]
    width = _widest([*(cell for row in trimmed for cell in row), *clues["top"],
                     *clues["bottom"]], 0)
    out = Text()

    def clue_row(side: str) -> None:
        out.append(" " * (side_width + 2))
        for index, text in enumerate(clues[side]):
            _append_padded(out, text, width + (index > 0), "right")
        out.append("\n")

    clue_row("top")
    for index, row in enumerate(trimmed):
        _append_padded(out, clues["left"][index], side_width, "right")
        out.append(" ")
        out.append("│", style="dim")
        for column, cell in enumerate(row):
            _append_padded(out, cell, width + (column > 0), "right")
        out.append("│", style="dim")
        out.append(" ")
        _append_padded(out, clues["right"][index], side_width, "left")
        out.append("\n")
    clue_row("bottom")
    out.rstrip()
    return out
