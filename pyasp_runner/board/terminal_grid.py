"""Grids on the terminal: boxed (a rule between every two cells), compact, or in bands of
columns; black and white cells two characters a cell, or in half or quadrant blocks; a
grid with operators between its cells as the crossword it is, or one line per row and
column; a canvas grid (a genre's) by `board.canvas`.
"""

from __future__ import annotations

from rich.text import Text

from . import Cell, Clue, Grid, Shape
from .terminal_text import (
    ASCII,
    Glyphs,
    cell_text,
    clue_text,
    fits,
    folded,
    joined,
    padded,
    side_texts,
    unpadded,
    widest,
    wrapped,
)


def draw_grid(grid: Grid, width: int, glyphs: Glyphs) -> list[Text]:
    """The grid in the first form that fits `width`."""
    if not grid.cells:
        return []
    if grid.canvas:
        from .canvas import Glyphs as CanvasGlyphs
        from .canvas import canvas

        return folded(canvas(grid, CanvasGlyphs(glyphs is ASCII), width), width)
    if grid.operators:
        return _crossword(grid, width, glyphs) or _equations(grid, width, glyphs)
    if any(cell.shape in (Shape.SOLID, Shape.BLANK) for row in grid.cells for cell in row):
        return _pixels(grid, width, glyphs) or _blocks(grid, width, glyphs)
    arrows = _path_arrows(grid)
    texts = [[cell_text(cell, glyphs, arrows.get((r, c)))
              for c, cell in enumerate(row, start=1)] for r, row in enumerate(grid.cells, 1)]
    regions = any(cell.region is not None for row in grid.cells for cell in row)
    if not regions:
        boxed = _boxed(grid, texts, glyphs)
        if fits(boxed, width):
            return boxed
    trimmed = [[unpadded(text) for text in row] for row in texts]
    if regions:
        trimmed = [[_region_text(cell, text) for cell, text in zip(row, texts_row, strict=True)]
                   for row, texts_row in zip(grid.cells, trimmed, strict=True)]
    compact = _compact(grid, trimmed, glyphs, framed=not regions)
    if fits(compact, width):
        return compact
    return _bands(grid, trimmed, width, glyphs)


PALETTE = ("red", "green", "blue", "yellow", "magenta", "cyan", "bright_red",
           "bright_green", "bright_blue", "bright_yellow", "bright_magenta", "bright_cyan")


def _region_text(cell: Cell, text: Text) -> Text:
    """A cell of a region in the region's colour, on the field's shade."""
    if cell.region is None:
        return text
    colour = PALETTE[cell.region % len(PALETTE)]
    style = f"bold black on {colour}" if cell.field == "dark" else colour
    return Text(text.plain, style=style)


def _path_arrows(grid: Grid) -> dict[tuple[int, int], tuple[int, int]]:
    """Along the grid's path: at each cell, the step towards the next one."""
    def sign(value: int) -> int:
        return (value > 0) - (value < 0)

    return {(r, c): (sign(r2 - r), sign(c2 - c))
            for (r, c), (r2, c2) in zip(grid.path, grid.path[1:], strict=False)}


def _boxed(grid: Grid, texts: list[list[Text]], glyphs: Glyphs) -> list[Text]:
    """Rules between all cells; clues outside the box, centred on their lines."""
    top, bottom = side_texts(grid.top, grid.cols), side_texts(grid.bottom, grid.cols)
    left, right = side_texts(grid.left, grid.rows), side_texts(grid.right, grid.rows)
    field = widest([t for row in texts for t in row] + [t for line in top + bottom
                                                         for t in line], 3)
    lefts = [joined(line, " ") for line in left]
    rights = [joined(line, " ") for line in right]
    side = widest(lefts)
    before = side + 1 if side else 0
    c = glyphs.corners
    lines: list[Text] = []

    def stack(lines_of: list[list[Text]], upwards: bool) -> None:
        depth = max([len(line) for line in lines_of] + [0])
        for level in range(depth):
            row = Text(" " * (before + 1))
            for index, line in enumerate(lines_of):
                at = level - depth + len(line) if upwards else level
                item = line[at] if 0 <= at < len(line) else Text()
                row.append(" " * (index > 0))
                row.append_text(padded(item, field))
            row.rstrip()
            lines.append(row)

    def rule(left_c: str, middle: str, right_c: str) -> None:
        lines.append(Text(" " * before + left_c + middle.join([glyphs.h * field] * grid.cols)
                          + right_c, style="dim"))

    stack(top, upwards=True)
    rule(c[0], c[1], c[2])
    for r, row in enumerate(texts):
        line = padded(lefts[r], side, "right") if side else Text()
        line.append(" " * bool(side))
        line.append(glyphs.v, style="dim")
        for text in row:
            line.append_text(padded(text, field))
            line.append(glyphs.v, style="dim")
        if rights[r].cell_len:
            line.append(" ")
            line.append_text(rights[r])
        lines.append(line)
        if r < grid.rows - 1:
            rule(c[3], c[4], c[5])
    rule(c[6], c[7], c[8])
    stack(bottom, upwards=False)
    return lines


def _compact(grid: Grid, texts: list[list[Text]], glyphs: Glyphs, framed: bool = True,
             columns: range | None = None, numbered: bool = False) -> list[Text]:
    """No rules between cells: each value right-aligned, one space between; clues outside.
    `columns` (0-based) draws a band of the grid; `numbered` heads it with column numbers."""
    columns = columns if columns is not None else range(grid.cols)
    top, bottom = side_texts(grid.top, grid.cols), side_texts(grid.bottom, grid.cols)
    left, right = side_texts(grid.left, grid.rows), side_texts(grid.right, grid.rows)
    field = widest([t for row in texts for t in row]
                    + [t for line in top + bottom for t in line]
                    + ([Text(str(grid.cols))] if numbered else []), 1)
    lefts = [joined(line, " ") for line in left]
    rights = [joined(line, " ") for line in right]
    labels = [Text(str(r), style="dim") for r in range(1, grid.rows + 1)] if numbered else []
    side = widest(lefts + labels)
    before = side + (1 if side else 0) + (1 if framed else 0)
    lines: list[Text] = []

    def stack(lines_of: list[list[Text]], upwards: bool) -> None:
        depth = max([len(lines_of[c]) for c in columns] + [0])
        for level in range(depth):
            row = Text(" " * before)
            for index, c in enumerate(columns):
                line = lines_of[c]
                at = level - depth + len(line) if upwards else level
                item = line[at] if 0 <= at < len(line) else Text()
                row.append_text(padded(item, field + (index > 0), "right"))
            row.rstrip()
            lines.append(row)

    if numbered:
        head = Text(" " * before, style="dim")
        for index, c in enumerate(columns):
            head.append(str(c + 1).rjust(field + (index > 0)), style="dim")
        lines.append(head)
    stack(top, upwards=True)
    for r, row in enumerate(texts):
        line = padded(lefts[r] if lefts[r].cell_len else labels[r] if labels else Text(),
                       side, "right") if side else Text()
        line.append(" " * bool(side))
        if framed:
            line.append(glyphs.v, style="dim")
        for index, c in enumerate(columns):
            line.append_text(padded(row[c], field + (index > 0), "right"))
        if framed:
            line.append(glyphs.v, style="dim")
        if rights[r].cell_len:
            line.append(" ")
            line.append_text(rights[r])
        lines.append(line)
    stack(bottom, upwards=False)
    return lines


def _bands(grid: Grid, texts: list[list[Text]], width: int, glyphs: Glyphs) -> list[Text]:
    """The compact grid cut into bands of columns, each as wide as the console allows (at
    least one column a band: a value is never cut)."""
    lines: list[Text] = []
    start = 0
    while start < grid.cols:
        stop = start + 1
        while stop < grid.cols and fits(_compact(grid, texts, glyphs, True,
                                                   range(start, stop + 1), True), width):
            stop += 1
        band = _compact(grid, texts, glyphs, True, range(start, stop), True)
        if start:
            lines.append(Text())
        lines += folded(band, width)
        start = stop
    return lines


def _pixels(grid: Grid, width: int, glyphs: Glyphs) -> list[Text] | None:
    """Black and white cells two characters wide, the line clues beside (rows, left) and
    above (columns, stacked), each column wide enough that its clue numbers stay apart."""
    texts = [[cell_text(cell, glyphs) if cell.known else Text(f" {glyphs.unknown}", style="dim")
              for cell in row] for row in grid.cells]
    top = side_texts(grid.top, grid.cols)
    left = [joined(line, " ") for line in side_texts(grid.left, grid.rows)]
    field = max(widest([t for row in texts for t in row], 2),
                max([t.cell_len + 1 for line in top for t in line] + [0]))
    side = widest(left)
    if side + 2 + field * grid.cols > width:
        return None
    lines: list[Text] = []
    depth = max([len(line) for line in top] + [0])
    for level in range(depth):
        row = Text(" " * (side + 1))
        for stack in top:
            at = level - depth + len(stack)
            row.append_text(padded(stack[at] if at >= 0 else Text(), field, "right"))
        row.rstrip()
        lines.append(row)
    c = glyphs.corners
    lines.append(Text(" " * side + c[0] + glyphs.h * (field * grid.cols) + c[2], style="dim"))
    for label, cells in zip(left, texts, strict=True):
        line = padded(label, side, "right")
        line.append(glyphs.v, style="dim")
        for text in cells:
            line.append_text(padded(text, field, "right"))
        line.append(glyphs.v, style="dim")
        lines.append(line)
    lines.append(Text(" " * side + c[6] + glyphs.h * (field * grid.cols) + c[8], style="dim"))
    return lines


def _blocks(grid: Grid, width: int, glyphs: Glyphs) -> list[Text]:
    """One character per 1x2 cells (half blocks) or per 2x2 cells (quadrants) when the grid
    is too wide for that; wider still, in bands. Clues are left out (the caption says so)."""
    across = 1 if grid.cols + 2 <= width else 2
    bits = ((1, 4), (2, 8)) if across == 2 else ((1 | 2, 4 | 8),)
    chars = -(-grid.cols // across)
    per_band = max(1, width - 2)
    lines: list[Text] = []
    for band in range(0, chars, per_band):
        span = min(per_band, chars - band)
        c = glyphs.corners
        lines.append(Text(c[0] + glyphs.h * span + c[2], style="dim"))
        for top in range(0, grid.rows, 2):
            line = Text(glyphs.v, style="dim")
            for char in range(band, band + span):
                left = char * across
                block = [(grid.cells[r][col], bit)
                         for dc, (upper, lower) in enumerate(bits)
                         for r, bit in ((top, upper), (top + 1, lower))
                         if r < grid.rows and (col := left + dc) < grid.cols]
                if any(not cell.known for cell, _ in block):
                    some = any(cell.shape == Shape.SOLID for cell, _ in block)
                    line.append(glyphs.dots[1 if some else 0], style="dim")
                else:
                    line.append(glyphs.quadrants[sum(bit for cell, bit in block
                                                     if cell.shape == Shape.SOLID)])
            line.append(glyphs.v, style="dim")
            lines.append(line)
        lines.append(Text(c[6] + glyphs.h * span + c[8], style="dim"))
    scale = "half blocks, 1x2 cells" if across == 1 else "quadrant blocks, 2x2 cells"
    lines.append(Text(f"{grid.cols}x{grid.rows}, {scale} a character; {CLUES_OMITTED}",
                      style="dim"))
    return lines


CLUES_OMITTED = "clues omitted"


def _operator(grid: Grid) -> dict[tuple[int, int, str], str]:
    return {(op.row, op.col, op.direction): op.text for op in grid.operators}


def _crossword(grid: Grid, width: int, glyphs: Glyphs) -> list[Text] | None:
    """Cells with the operators between them, each row's result after it and each
    column's below it."""
    ops = _operator(grid)
    texts = [[cell_text(cell, glyphs) for cell in row] for row in grid.cells]
    right = [joined(line, " ") for line in side_texts(grid.right, grid.rows)]
    bottom = [joined(line, " ") for line in side_texts(grid.bottom, grid.cols)]
    field = widest([t for row in texts for t in row] + bottom, 3)
    gap = max([len(op) for op in ops.values()] + [1]) + 2
    lines: list[Text] = []
    for r, row in enumerate(texts, start=1):
        line = Text()
        for c, text in enumerate(row, start=1):
            line.append_text(padded(text, field))
            op = ops.get((r, c, "right"), "")
            if c < grid.cols or op:
                line.append(op.center(gap))
        if right[r - 1].cell_len:
            line.append_text(right[r - 1])
        lines.append(line)
        downs = [ops.get((r, c, "down"), "") for c in range(1, grid.cols + 1)]
        if any(downs):
            lines.append(Text((" " * gap).join(op.center(field) for op in downs)))
    if any(t.cell_len for t in bottom):
        lines.append(joined((padded(t, field) for t in bottom), " " * gap))
    for line in lines:
        line.rstrip()
    return lines if fits(lines, width) else None


def _equations(grid: Grid, width: int, glyphs: Glyphs) -> list[Text]:
    """A crossword too wide to draw: each row and each column as its own line."""
    ops = _operator(grid)

    def line_of(cells: list[tuple[int, int]], direction: str,
                 result: tuple[Clue, ...]) -> list[Text]:
        parts = []
        for r, c in cells:
            parts.append(unpadded(cell_text(grid.cells[r - 1][c - 1], glyphs)))
            if ops.get((r, c, direction)):
                parts.append(Text(ops[(r, c, direction)]))
        return parts + [clue_text(clue) for clue in result]

    lines: list[Text] = []
    for r in range(1, grid.rows + 1):
        result = grid.right[r - 1] if r <= len(grid.right) else ()
        lines += wrapped(Text(f"row {r}: ", style="dim"), line_of(
            [(r, c) for c in range(1, grid.cols + 1)], "right", result), width)
    for c in range(1, grid.cols + 1):
        result = grid.bottom[c - 1] if c <= len(grid.bottom) else ()
        lines += wrapped(Text(f"column {c}: ", style="dim"), line_of(
            [(r, c) for r in range(1, grid.rows + 1)], "down", result), width)
    return lines
