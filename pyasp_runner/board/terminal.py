"""Boards drawn with rich at the console's real width, from the board description.

`terminal(board)` is a rich renderable: when it is printed it reads the width it may
use (`options.max_width`) and whether the output can show box drawing
(`options.ascii_only`), and picks the first form that fits:

- grids: boxed (a rule between every two cells), then compact (no rules, one space
  between cells), then bands of columns, each headed by its column numbers, that
  together hold every value; a grid of black and white cells is drawn two characters
  a cell, then in half or quadrant blocks; a grid with operators between its cells as
  the crossword it is, or, too wide for that, one line per row and column;
- rings: one row per ring, a table when the sectors hold values;
- lines: a row of values after its label, continued on the next line when long.

No value is ever cut: a value wider than the console is folded over lines. Marks read
without colour: a given `[5]`, a filled-in value ` 5 `, a clue in a conflict `>5<`, an
unknown `·`; colour (which rich leaves out for NO_COLOR and for files) only repeats them.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from .. import escape
from . import Board, Cell, Clue, Grid, Lines, Mark, Rings, Shape

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


def terminal(board: Board, legend: bool = True) -> Drawing:
    """`board` as a rich renderable that fits the console it is printed on; without its
    legend (and key) when `legend` is false, as for all but one of several boards."""
    return Drawing(board, legend)


def _ascii_only(console: Console, options: ConsoleOptions) -> bool:
    encoding = (options.encoding or console.encoding or "utf-8").lower()
    try:
        "┼·●".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


class Drawing:
    """A board, drawn when rich prints it (the width known only then)."""

    def __init__(self, board: Board, legend: bool = True) -> None:
        self.board = board
        self.legend = legend

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        glyphs = ASCII if _ascii_only(console, options) else UNICODE
        width = max(options.max_width, 8)
        layout = self.board.layout
        if isinstance(layout, Grid):
            lines = _grid(layout, width, glyphs)
            if lines and lines[-1].plain.endswith(CLUES_OMITTED):  # its caption says it all
                yield from lines
                return
        elif isinstance(layout, Rings):
            lines = _rings(layout, width, glyphs)
        else:
            lines = _lines(layout, width, glyphs)
        for line in lines:
            line.no_wrap = True
            line.overflow = "fold"  # never reached: every line is made to fit
            yield line
        for note in self.board.notes:
            yield Text(escape.terminal(note), style="dim")
        legend = "; ".join(filter(None, (key(self.board, glyphs), self.board.legend)))
        if legend and self.legend:
            yield Text(legend, style="dim")


# --- Cells as text ----------------------------------------------------------------------


def cell_text(cell: Cell, glyphs: Glyphs, arrow: tuple[int, int] | None = None) -> Text:
    """A value as it reads without colour: [5] given, 5 filled, >5< in a conflict."""
    if cell.shape == Shape.BLOCKED:
        return Text(glyphs.blocked, style="dim")
    if cell.shape in (Shape.SOLID, Shape.BLANK):
        return _pixel(cell, glyphs)
    if cell.value is None or cell.mark == Mark.UNKNOWN:
        text = Text(f" {glyphs.unknown} ", style="dim")
    elif cell.mark in (Mark.GIVEN,):
        text = Text(f"[{_shown(cell.value)}]", style=STYLE[cell.mark])
    elif cell.mark == Mark.CONFLICT:
        text = Text(f">{_shown(cell.value)}<", style=STYLE[cell.mark])
    else:
        text = Text(f" {_shown(cell.value)} ", style=STYLE[cell.mark])
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
        return Text(f">{_shown(clue.text)}<", style=STYLE[clue.mark])
    return Text(_shown(clue.text), style="dim" if clue.mark == Mark.UNKNOWN else "bold")


def _shown(value: object) -> str:
    """A value from the puzzle's text (a recovered plaintext character may be ESC): escaped,
    so that no control character reaches the terminal."""
    return escape.terminal(str(value))


def _padded(text: Text, width: int, align: str = "center") -> Text:
    """`text` in a field `width` wide; the padding takes none of its style."""
    excess = max(0, width - text.cell_len)
    left = {"left": 0, "center": excess // 2, "right": excess}[align]
    out = Text(" " * left)
    out.append_text(text)
    out.append(" " * (excess - left))
    return out


def _join(parts: Iterable[Text], separator: str = "") -> Text:
    out = Text()
    for index, part in enumerate(parts):
        if index and separator:
            out.append(separator)
        out.append_text(part)
    return out


def _widest(texts: Iterable[Text], least: int = 0) -> int:
    return max([text.cell_len for text in texts] + [least])


# --- Grids ------------------------------------------------------------------------------


def _grid(grid: Grid, width: int, glyphs: Glyphs) -> list[Text]:
    if not grid.cells:
        return []
    if grid.canvas:
        from .canvas import Glyphs as CanvasGlyphs
        from .canvas import canvas

        return _folded(canvas(grid, CanvasGlyphs(glyphs is ASCII), width), width)
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
        if _fits(boxed, width):
            return boxed
    trimmed = [[_trimmed(text) for text in row] for row in texts]
    if regions:
        trimmed = [[_region_text(cell, text) for cell, text in zip(row, texts_row, strict=True)]
                   for row, texts_row in zip(grid.cells, trimmed, strict=True)]
    compact = _compact(grid, trimmed, glyphs, framed=not regions)
    if _fits(compact, width):
        return compact
    return _bands(grid, trimmed, width, glyphs)


def _fits(lines: Sequence[Text], width: int) -> bool:
    return all(line.cell_len <= width for line in lines)


def _trimmed(text: Text) -> Text:
    """A cell text without its padding (a filled value is then its bare digits)."""
    plain = text.plain
    stripped = plain.strip()
    if not stripped or stripped == plain:
        return text.copy()
    start = plain.index(stripped)
    return text[start:start + len(stripped)]


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


def _side_texts(side: Sequence[tuple[Clue, ...]], count: int) -> list[list[Text]]:
    texts = [[clue_text(clue) for clue in line] for line in side]
    return texts + [[] for _ in range(count - len(texts))]


def _boxed(grid: Grid, texts: list[list[Text]], glyphs: Glyphs) -> list[Text]:
    """Rules between all cells; clues outside the box, centred on their lines."""
    top, bottom = _side_texts(grid.top, grid.cols), _side_texts(grid.bottom, grid.cols)
    left, right = _side_texts(grid.left, grid.rows), _side_texts(grid.right, grid.rows)
    field = _widest([t for row in texts for t in row] + [t for line in top + bottom
                                                         for t in line], 3)
    lefts = [_join(line, " ") for line in left]
    rights = [_join(line, " ") for line in right]
    side = _widest(lefts)
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
                row.append_text(_padded(item, field))
            row.rstrip()
            lines.append(row)

    def rule(left_c: str, middle: str, right_c: str) -> None:
        lines.append(Text(" " * before + left_c + middle.join([glyphs.h * field] * grid.cols)
                          + right_c, style="dim"))

    stack(top, upwards=True)
    rule(c[0], c[1], c[2])
    for r, row in enumerate(texts):
        line = _padded(lefts[r], side, "right") if side else Text()
        line.append(" " * bool(side))
        line.append(glyphs.v, style="dim")
        for text in row:
            line.append_text(_padded(text, field))
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
    top, bottom = _side_texts(grid.top, grid.cols), _side_texts(grid.bottom, grid.cols)
    left, right = _side_texts(grid.left, grid.rows), _side_texts(grid.right, grid.rows)
    field = _widest([t for row in texts for t in row]
                    + [t for line in top + bottom for t in line]
                    + ([Text(str(grid.cols))] if numbered else []), 1)
    lefts = [_join(line, " ") for line in left]
    rights = [_join(line, " ") for line in right]
    labels = [Text(str(r), style="dim") for r in range(1, grid.rows + 1)] if numbered else []
    side = _widest(lefts + labels)
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
                row.append_text(_padded(item, field + (index > 0), "right"))
            row.rstrip()
            lines.append(row)

    if numbered:
        head = Text(" " * before, style="dim")
        for index, c in enumerate(columns):
            head.append(str(c + 1).rjust(field + (index > 0)), style="dim")
        lines.append(head)
    stack(top, upwards=True)
    for r, row in enumerate(texts):
        line = _padded(lefts[r] if lefts[r].cell_len else labels[r] if labels else Text(),
                       side, "right") if side else Text()
        line.append(" " * bool(side))
        if framed:
            line.append(glyphs.v, style="dim")
        for index, c in enumerate(columns):
            line.append_text(_padded(row[c], field + (index > 0), "right"))
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
        while stop < grid.cols and _fits(_compact(grid, texts, glyphs, True,
                                                   range(start, stop + 1), True), width):
            stop += 1
        band = _compact(grid, texts, glyphs, True, range(start, stop), True)
        if start:
            lines.append(Text())
        lines += _folded(band, width)
        start = stop
    return lines


def _folded(lines: list[Text], width: int) -> list[Text]:
    """Lines longer than `width` (a single value wider than the console) folded."""
    out: list[Text] = []
    for line in lines:
        if line.cell_len <= width:
            out.append(line)
            continue
        out += [line[i:i + width] for i in range(0, len(line), width)]
    return out


def _pixels(grid: Grid, width: int, glyphs: Glyphs) -> list[Text] | None:
    """Black and white cells two characters wide, the line clues beside (rows, left) and
    above (columns, stacked), each column wide enough that its clue numbers stay apart."""
    texts = [[cell_text(cell, glyphs) if cell.known else Text(f" {glyphs.unknown}", style="dim")
              for cell in row] for row in grid.cells]
    top = _side_texts(grid.top, grid.cols)
    left = [_join(line, " ") for line in _side_texts(grid.left, grid.rows)]
    field = max(_widest([t for row in texts for t in row], 2),
                max([t.cell_len + 1 for line in top for t in line] + [0]))
    side = _widest(left)
    if side + 2 + field * grid.cols > width:
        return None
    lines: list[Text] = []
    depth = max([len(line) for line in top] + [0])
    for level in range(depth):
        row = Text(" " * (side + 1))
        for stack in top:
            at = level - depth + len(stack)
            row.append_text(_padded(stack[at] if at >= 0 else Text(), field, "right"))
        row.rstrip()
        lines.append(row)
    c = glyphs.corners
    lines.append(Text(" " * side + c[0] + glyphs.h * (field * grid.cols) + c[2], style="dim"))
    for label, cells in zip(left, texts, strict=True):
        line = _padded(label, side, "right")
        line.append(glyphs.v, style="dim")
        for text in cells:
            line.append_text(_padded(text, field, "right"))
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
    right = [_join(line, " ") for line in _side_texts(grid.right, grid.rows)]
    bottom = [_join(line, " ") for line in _side_texts(grid.bottom, grid.cols)]
    field = _widest([t for row in texts for t in row] + bottom, 3)
    gap = max([len(op) for op in ops.values()] + [1]) + 2
    lines: list[Text] = []
    for r, row in enumerate(texts, start=1):
        line = Text()
        for c, text in enumerate(row, start=1):
            line.append_text(_padded(text, field))
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
        lines.append(_join((_padded(t, field) for t in bottom), " " * gap))
    for line in lines:
        line.rstrip()
    return lines if _fits(lines, width) else None


def _equations(grid: Grid, width: int, glyphs: Glyphs) -> list[Text]:
    """A crossword too wide to draw: each row and each column as its own line."""
    ops = _operator(grid)

    def line_of(cells: list[tuple[int, int]], direction: str,
                 result: tuple[Clue, ...]) -> list[Text]:
        parts = []
        for r, c in cells:
            parts.append(_trimmed(cell_text(grid.cells[r - 1][c - 1], glyphs)))
            if ops.get((r, c, direction)):
                parts.append(Text(ops[(r, c, direction)]))
        return parts + [clue_text(clue) for clue in result]

    lines: list[Text] = []
    for r in range(1, grid.rows + 1):
        result = grid.right[r - 1] if r <= len(grid.right) else ()
        lines += _wrapped(Text(f"row {r}: ", style="dim"), line_of(
            [(r, c) for c in range(1, grid.cols + 1)], "right", result), width)
    for c in range(1, grid.cols + 1):
        result = grid.bottom[c - 1] if c <= len(grid.bottom) else ()
        lines += _wrapped(Text(f"column {c}: ", style="dim"), line_of(
            [(r, c) for r in range(1, grid.rows + 1)], "down", result), width)
    return lines


def _wrapped(label: Text, parts: Sequence[Text], width: int, separator: str = " ",
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


# --- Rings ------------------------------------------------------------------------------


def _rings(rings: Rings, width: int, glyphs: Glyphs) -> list[Text]:
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
    if _fits(boxed, width):
        return boxed
    return _folded(_table(table, [head, *rows], [Text(), *labels], glyphs, ruled=False), width)


def _table(grid: Grid, rows: list[list[Text]], labels: list[Text], glyphs: Glyphs,
           ruled: bool) -> list[Text]:
    """Rows of texts under a header row, each after its label; ruled or plain."""
    field = _widest([t for row in rows for t in row], 3)
    side = _widest(labels)
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
        line.append_text(_padded(label, side, "right"))
        for text in row + [Text()] * (count - len(row)):
            line.append(bar, style="dim")
            line.append_text(_padded(text, field))
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
    side = _widest(labels + ([Text("open")] if rings.open_sectors else []))
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
            line = _padded(label, side, "left")
            line.append(" ")
            line.append(separator.join(glyph(cell) for cell in row[start:stop]))
            lines.append(line)
        if rings.open_sectors:
            line = _padded(Text("open"), side, "left")
            line.append(" ")
            line.append(separator.join(glyphs.open if s in rings.open_sectors else " "
                                       for s in range(start + 1, stop + 1)), style="bold red")
            lines.append(line)
    return lines


# --- Lines ------------------------------------------------------------------------------


def _lines(lines: Lines, width: int, glyphs: Glyphs) -> list[Text]:
    side = _widest([Text(row.label) for row in lines.rows if row.label])
    out: list[Text] = []
    for row in lines.rows:
        label = Text(row.label.ljust(side) + " " if row.label else "  ")
        single = row.boxed and all(len(cell.value or "") <= 1 for cell in row.cells)
        separator = "" if single else row.separator

        def text(cell: Cell) -> Text:
            if cell.value is None or cell.mark == Mark.UNKNOWN:
                return Text(glyphs.unknown, style="dim")
            if cell.mark == Mark.CONFLICT:
                return Text(f">{_shown(cell.value)}<", style=STYLE[cell.mark])
            return Text(_shown(cell.value), style=STYLE[cell.mark])

        parts = [text(cell) for cell in row.cells]
        if single:  # characters of a text: folded at the width, a mark line under each
            room = max(1, width - label.cell_len)
            for start in range(0, max(len(parts), 1), room):
                chunk = parts[start:start + room]
                line = label.copy() if start == 0 else Text(" " * label.cell_len)
                line.append_text(_join(chunk))
                out.append(line)
                marks = "".join(("^" if cell.mark == Mark.AMBIGUOUS else " ").ljust(part.cell_len)
                                for cell, part in zip(row.cells[start:start + room], chunk,
                                                      strict=True))
                if marks.strip():
                    out.append(Text(" " * label.cell_len + marks.rstrip(), style="bold yellow"))
        else:
            out += _wrapped(label, parts, width, separator)
    return out


# --- The key ----------------------------------------------------------------------------


def key(board: Board, glyphs: Glyphs = UNICODE) -> str:
    """How to read the marks this board shows, in the glyphs drawn."""
    layout = board.layout
    if isinstance(layout, Grid) and layout.canvas:
        from .canvas import Glyphs as CanvasGlyphs
        from .canvas import key as canvas_key

        return canvas_key(layout, CanvasGlyphs(glyphs is ASCII))
    if isinstance(layout, Lines):
        cells = [cell for row in layout.rows for cell in row.cells]
    else:
        cells = [cell for row in layout.cells for cell in row]
    marks = {cell.mark if cell.known else Mark.UNKNOWN for cell in cells
             if cell.shape != Shape.BLOCKED}
    shapes = {cell.shape for cell in cells if cell.known}
    clues: set[Mark] = set()
    if isinstance(layout, Grid):
        clues = {clue.mark for side in (layout.top, layout.bottom, layout.left, layout.right)
                 for line in side for clue in line}
    parts: list[str] = []
    if isinstance(layout, Rings) and (Shape.SOLID in shapes or Shape.BLANK in shapes):
        parts.append(f"{glyphs.wood} solid, {glyphs.hole} hole")
        if layout.open_sectors:
            parts.append(f"{glyphs.open} open through every disk")
    elif Shape.SOLID in shapes or Shape.BLANK in shapes:
        parts.append(f"{glyphs.solid} black, blank white")
        if Mark.GIVEN in marks:
            parts.append(f"{glyphs.given_solid} black and x white given by the puzzle")
    elif isinstance(layout, Lines):
        if Mark.AMBIGUOUS in marks:
            parts.append("^ under a value where others were possible")
    elif any(cell.region is not None for cell in cells):
        pass  # the region's letters and colours: the puzzle's legend says how to read them
    else:
        if Mark.GIVEN in marks:
            parts.append("[n] given by the puzzle")
        if Mark.FILLED in marks:
            parts.append("n filled in by the solver")
        if Mark.FORCED in marks:
            parts.append("n forced (the same in every solution)")
    if Mark.CONFLICT in marks | clues:
        parts.append(">n< a clue in the conflict")
    if Mark.UNKNOWN in marks | clues:
        parts.append(f"{glyphs.unknown} not known")
    if Shape.BLOCKED in {cell.shape for cell in cells}:
        parts.append(f"{glyphs.blocked[:2]} not part of the board")
    if isinstance(layout, Grid) and layout.path:
        parts.append("arrows point to the next number")
    return ", ".join(parts)


def lines_of(board: Board, width: int) -> list[str]:
    """The drawing as plain lines for a console `width` wide (for tests and tools)."""
    console = Console(width=width, color_system=None, record=True, file=io.StringIO())
    console.print(terminal(board))
    return console.export_text().splitlines()
