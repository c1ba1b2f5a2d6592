"""Drawing and naming helpers for square grids with clues on their four edges (not a puzzle).

Sides are named as in the facts: "top" and "bottom" clues stand above and below the
columns (left to right), "left" and "right" clues beside the rows (top to bottom).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

TERMINAL_WIDTH = 80
SIDES = ("top", "bottom", "left", "right")
SIDE_PLACE = {"top": "above column", "bottom": "below column",
              "left": "left of row", "right": "right of row"}

EdgeClues = dict[str, list[str]]  # side -> one text per column/row, "" for no clue


def edge_clues(size: int, clues: Sequence[tuple[str, int, object]]) -> EdgeClues:
    """(side, line, value) triples as one text per line and side, "" where there is none."""
    table = {side: [""] * size for side in SIDES}
    for side, line, value in clues:
        table[side][line - 1] = str(value)
    return table


def line_cells(side: str, line: int, size: int) -> list[tuple[int, int]]:
    """The 0-based (row, column) cells of a line in the order they are seen from `side`."""
    ahead = range(size) if side in ("top", "left") else range(size - 1, -1, -1)
    if side in ("top", "bottom"):
        return [(p, line - 1) for p in ahead]
    return [(line - 1, p) for p in ahead]


def describe_edge(side: str, line: int, value: object) -> str:
    return f"the {value} {SIDE_PLACE[side]} {line}"


def edge_grid(cells: Sequence[Sequence[Text]], clues: EdgeClues) -> Text:
    """A boxed grid with the clues outside it, as plain lines (readable without colour).

    Every cell text is centred in a field as wide as the widest cell; clues are bold
    digits or letters outside the box, so they cannot be mistaken for cell values. A
    grid too wide for an 80-column terminal drops the lines between cells.
    """
    size = len(cells)
    width = max([len(cell.plain) for row in cells for cell in row] + [3])
    side_width = max([len(text) for side in ("left", "right") for text in clues[side]] + [1])
    if 2 * side_width + 3 + size * (width + 1) > TERMINAL_WIDTH:
        return _compact_grid(cells, clues, side_width)
    out = Text()

    def clue_row(side: str) -> None:
        out.append(" " * (side_width + 2))
        out.append(" ".join(text.center(width) for text in clues[side]), style="bold")
        out.append("\n")

    def rule(left: str, middle: str, right: str) -> None:
        out.append(" " * (side_width + 1) + left + middle.join(["─" * width] * size) + right
                   + "\n", style="dim")

    clue_row("top")
    rule("┌", "┬", "┐")
    for index, row in enumerate(cells):
        out.append(clues["left"][index].rjust(side_width) + " ", style="bold")
        out.append("│", style="dim")
        for cell in row:
            pad = width - len(cell.plain)
            out.append(" " * (pad // 2))
            out.append_text(cell)
            out.append(" " * (pad - pad // 2))
            out.append("│", style="dim")
        out.append(" " + clues["right"][index].ljust(side_width) + "\n", style="bold")
        if index < size - 1:
            rule("├", "┼", "┤")
    rule("└", "┴", "┘")
    clue_row("bottom")
    out.rstrip()
    return out


def _compact_grid(cells: Sequence[Sequence[Text]], clues: EdgeClues, side_width: int) -> Text:
    """The grid without lines between cells: each cell trimmed, one space between cells."""
    trimmed = [[Text(cell.plain.strip(), style=cell.style) for cell in row] for row in cells]
    width = max([len(cell.plain) for row in trimmed for cell in row]
                + [len(text) for side in ("top", "bottom") for text in clues[side]])
    out = Text()

    def clue_row(side: str) -> None:
        out.append(" " * (side_width + 2))
        out.append(" ".join(text.rjust(width) for text in clues[side]) + "\n", style="bold")

    clue_row("top")
    for index, row in enumerate(trimmed):
        out.append(clues["left"][index].rjust(side_width) + " ", style="bold")
        out.append("│", style="dim")
        for column, cell in enumerate(row):
            out.append(" " * (width - len(cell.plain) + (column > 0)))
            out.append_text(cell)
        out.append("│", style="dim")
        out.append(" " + clues["right"][index].ljust(side_width) + "\n", style="bold")
    clue_row("bottom")
    out.rstrip()
    return out
