"""Drawing helpers shared by the puzzles that number a path through the cells; not a puzzle."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.text import Text

from ..puzzle import Answer
from ._grid import atom_grid, grid_table

Grid = list[list[int | None]]

# Direction glyphs by (row step, column step), row numbers growing downwards.
ARROWS: dict[tuple[int, int], str] = {
    (-1, 0): "↑", (-1, 1): "↗", (0, 1): "→", (1, 1): "↘",
    (1, 0): "↓", (1, -1): "↙", (0, -1): "←", (-1, -1): "↖",
}
# A box-drawn grid fits 80 columns up to this many columns; wider boards are drawn plain.
BOXED_MAX_COLUMNS = 12
LINE_WIDTH = 80


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def number_grid(answer: Answer, rows: int, cols: int, name: str = "number") -> Grid:
    """Numbers by row and column from the shown `name(R,C,V)` atoms; None where unknown."""
    return atom_grid(answer, name, rows, cols, int)


def successor_arrows(grid: Grid) -> dict[tuple[int, int], str]:
    """For every cell whose number k and k+1 are both known: the glyph towards k+1."""
    where = {value: (r, c) for r, row in enumerate(grid) for c, value in enumerate(row)
             if value is not None}
    arrows = {}
    for value, (row, col) in where.items():
        if value + 1 in where:
            next_row, next_col = where[value + 1]
            step = (sign(next_row - row), sign(next_col - col))
            arrows[(row, col)] = ARROWS.get(step, "?")
    return arrows


def draw(cells: Sequence[Sequence[Text]]) -> RenderableType:
    """Boxed for boards that fit 80 columns; wider boards as plain right-aligned rows, in
    bands of columns (each headed by its column numbers) so that no line passes 80."""
    if not cells or len(cells[0]) <= BOXED_MAX_COLUMNS:
        return grid_table(cells)
    plain = [[cell.copy() for cell in row] for row in cells]
    for row in plain:
        for cell in row:
            cell.plain = cell.plain.strip() if cell.plain.strip() else cell.plain
    width = max(len(cell.plain) for row in plain for cell in row) + 1
    per_band = max(1, (LINE_WIDTH - 4) // width)
    lines = Text(no_wrap=True)
    for start in range(0, len(plain[0]), per_band):
        stop = min(start + per_band, len(plain[0]))
        if start:
            lines.append("\n")
        lines.append("    " + "".join(str(c).rjust(width) for c in range(start + 1, stop + 1)),
                     style="dim")
        for number, row in enumerate(plain, start=1):
            lines.append("\n")
            lines.append(str(number).rjust(4), style="dim")
            for cell in row[start:stop]:
                lines.append(" " * (width - len(cell.plain)))
                lines.append_text(cell)
    return lines


def cell_texts(rows: int, cols: int, text: Callable[[int, int], Text]) -> list[list[Text]]:
    return [[text(r, c) for c in range(1, cols + 1)] for r in range(1, rows + 1)]
