"""A canvas grid (`Grid.canvas`) on the terminal: cells with what lies between them.

The drawing is a character canvas of 2*rows+1 lines: cell lines between separator lines,
each cell `width` characters between one-character separator columns. Separators carry
the grid's thin lines (dim), thick borders (the board's frame, `borders`, and the lines
between cells of different regions), `edges` along the grid's lines (then the thin grid
is left out and its points are dots), and the parts of `lines` through cell centres and
of `bridges` that cross them. Clues stand outside, points on the grid's corners.

Read without colour: a given value `[5]`, a filled-in one ` 5 `, one in a conflict `>5<`,
an unknown cell `·`; a shaded cell `███` (given `▓▓▓`), a symbol its glyph, a block its
sums `down\\right`.
"""

from __future__ import annotations

from functools import cache

from rich.text import Text

from .. import escape
from . import SYMBOLS, Cell, Clue, Grid, Mark, Shape

STYLE = {Mark.GIVEN: "bold", Mark.FILLED: "", Mark.FORCED: "bold cyan",
         Mark.CONFLICT: "bold reverse red", Mark.UNKNOWN: "dim", Mark.AMBIGUOUS: "yellow"}
Pos = tuple[int, int]
Arms = tuple[int, int, int, int]  # a junction's arms (up, right, down, left): 0, 1 thin, 2 thick
_DIRECTIONS = {"UP": (0,), "RIGHT": (1,), "DOWN": (2,), "LEFT": (3,), "VERTICAL": (0, 2),
               "HORIZONTAL": (1, 3)}


@cache
def box_drawing() -> dict[Arms, str]:
    """Every junction of thin and thick arms as its box-drawing character, read from the
    characters' Unicode names ("BOX DRAWINGS UP LIGHT AND HORIZONTAL HEAVY": ┷)."""
    import unicodedata

    table: dict[Arms, str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code)).removeprefix("BOX DRAWINGS ")
        if any(word in name for word in ("DOUBLE", "DASH", "ARC", "DIAGONAL")):
            continue
        parts = name.split(" AND ")
        weights = [next((w for w in part.split() if w in ("LIGHT", "HEAVY")), "")
                   for part in parts]
        arms = [0, 0, 0, 0]
        for part, weight in zip(parts, weights, strict=True):
            weight = weight or next(w for w in weights if w)  # "LIGHT DOWN AND RIGHT"
            for word in part.split():
                for arm in _DIRECTIONS.get(word, ()):
                    arms[arm] = 1 if weight == "LIGHT" else 2
        table[(arms[0], arms[1], arms[2], arms[3])] = chr(code)
    return table


class Glyphs:
    """The characters of a canvas: box drawing, or plain ASCII."""

    def __init__(self, ascii_only: bool) -> None:
        self.ascii = ascii_only
        self.unknown = "." if ascii_only else "·"
        self.solid = "#" if ascii_only else "█"
        self.given_solid = "%" if ascii_only else "▓"
        self.blocked = ":" if ascii_only else "▒"
        self.point = "+" if ascii_only else "·"
        self.diagonals = {"/": "/", "\\": "\\"} if ascii_only else \
            {"/": "\u2571", "\\": "\u2572"}  # box drawing's diagonals
        # a clue's arrow after its number, by its (row, column) step
        self.arrows = dict(zip(((-1, 0), (0, 1), (1, 0), (0, -1)),
                               "^>v<" if ascii_only else "\u2191\u2192\u2193\u2190", strict=True))

    def junction(self, arms: Arms) -> str:
        if not any(arms):
            return " "
        if self.ascii:
            up, right, down, left = arms
            return "+" if (up or down) and (left or right) else "|" if up or down else "-"
        return box_drawing()[arms]

    def horizontal(self, weight: int, strands: int = 1) -> str:
        if self.ascii:
            return "=" if strands > 1 else "-"
        return "═" if strands > 1 else "━" if weight == 2 else "─"

    def vertical(self, weight: int, strands: int = 1) -> str:
        if self.ascii:
            return "H" if strands > 1 else "|"
        return "║" if strands > 1 else "┃" if weight == 2 else "│"

    def symbol(self, name: str) -> str:
        symbol = SYMBOLS[name]
        return symbol.char if self.ascii else symbol.glyph

    @property
    def marked_signs(self) -> dict[int, str]:
        """A sign inside a conflict's `>...<` marks: its angle brackets as single
        guillemets (braces in plain ASCII), so that the marks stay readable."""
        return str.maketrans({"<": "{", ">": "}"} if self.ascii else {"<": "\u2039",
                                                                      ">": "\u203a"})

    def between(self, text: str) -> str:
        """A clue between two cells: in plain ASCII a wedge is `^` or `v`, a symbol its
        character."""
        if not self.ascii:
            return text
        plain = {"\u2227": "^", "\u2228": "v"}
        plain.update({symbol.glyph: symbol.char for symbol in SYMBOLS.values()})
        return "".join(plain.get(char, char) for char in text)


def canvas(grid: Grid, glyphs: Glyphs, room: int | None = None) -> list[Text]:
    """The grid drawn on a character canvas (see the module's docstring); wider than
    `room` columns, in bands of columns, each headed by its column numbers."""
    lines, width, before = _drawn(grid, glyphs)
    if room is None or all(line.cell_len <= room for line in lines):
        return lines
    step = width + 1
    per_band = max(1, (room - before - 1) // step)
    out: list[Text] = []
    for start in range(0, grid.cols, per_band):
        stop = min(grid.cols, start + per_band)
        head = Text(" " * (before + 1), style="dim")
        for column in range(start + 1, stop + 1):
            head.append(str(column).center(width)[:width] + " ", style="dim")
        head.rstrip()
        if out:
            out.append(Text())
        out.append(head)
        left = before + start * step
        right = before + stop * step + 1 if stop < grid.cols else None
        for line in lines:  # the first band keeps the left clues, the last the right ones
            band = line[:right] if not start else Text(" " * before) + line[left:right]
            band.rstrip()
            out.append(band)
    return out


def _drawn(grid: Grid, glyphs: Glyphs) -> tuple[list[Text], int, int]:
    """The whole canvas with its clues, its cells' width, and the margin before it."""
    rows, cols = grid.rows, grid.cols
    texts = {(r, c): _cell_text(cell, glyphs) for r, row in enumerate(grid.cells, 1)
             for c, cell in enumerate(row, 1)}
    width = max([text.cell_len for text in texts.values()] + [3])
    width += (width + 1) % 2  # odd: a line through the centre has a middle
    lines = [[(" ", "")] * (cols * (width + 1) + 1) for _ in range(2 * rows + 1)]

    def put(y: int, x: int, char: str, style: str = "") -> None:
        lines[y][x] = (char, style)

    weights = _separators(grid)
    links = _links(grid)
    for (r, c), text in texts.items():
        y, x = 2 * r - 1, (c - 1) * (width + 1) + 1
        cell = grid.cells[r - 1][c - 1]
        joined = links.get((r, c), {})
        if joined and cell.value is None and cell.symbol is None \
                and cell.shape == Shape.VALUE:
            text = _path_cell(joined, width, glyphs)
        padded = _centred(text, width, joined, glyphs)
        for offset, (char, style) in enumerate(padded):
            put(y, x + offset, char, style)
    for (kind, i, j), weight in weights.items():
        if kind == "h":  # the separator line above row i+1, under column j
            for offset in range(width):
                put(2 * i, (j - 1) * (width + 1) + 1 + offset, glyphs.horizontal(weight),
                    "dim" if weight == 1 else "bold")
        else:  # the separator column left of column j+1, beside row i
            put(2 * i - 1, j * (width + 1), glyphs.vertical(weight),
                "dim" if weight == 1 else "bold")
    for i in range(rows + 1):
        for j in range(cols + 1):
            arms = (weights.get(("v", i, j), 0), weights.get(("h", i, j + 1), 0),
                    weights.get(("v", i + 1, j), 0), weights.get(("h", i, j), 0))
            edges = bool(grid.edges)
            char = glyphs.junction(arms) if any(arms) else glyphs.point if edges else " "
            put(2 * i, j * (width + 1), char, "bold" if 2 in arms else "dim")
    for ((r1, c1), (r2, _)), strands in _crossings(grid).items():
        if r1 == r2:
            put(2 * r1 - 1, c1 * (width + 1), glyphs.horizontal(2, strands), "bold")
        else:
            put(2 * r1, (c1 - 1) * (width + 1) + 1 + width // 2, glyphs.vertical(2, strands),
                "bold")
    for operator in grid.operators:  # a clue between two cells, on the separator between
        sign = escape.terminal(glyphs.between(operator.text))
        if operator.mark == Mark.CONFLICT:  # >sign< over the cells' padding beside it
            sign = ">" + sign[:1].translate(glyphs.marked_signs) + "<"
            row = 2 * operator.row - 1 if operator.direction == "right" else 2 * operator.row
            start = operator.col * (width + 1) - 1 if operator.direction == "right" else \
                (operator.col - 1) * (width + 1) + 1 + (width - 3) // 2
            for offset, char in enumerate(sign):
                put(row, start + offset, char, STYLE[Mark.CONFLICT])
        elif operator.direction == "right":
            put(2 * operator.row - 1, operator.col * (width + 1), sign[:1], "bold")
        else:
            start = (operator.col - 1) * (width + 1) + 1 + (width - len(sign[:width])) // 2
            for offset, char in enumerate(sign[:width]):
                put(2 * operator.row, start + offset, char, "bold")
    for point in grid.points:
        put(2 * point.row, point.col * (width + 1), escape.terminal(point.text)[:1],
            "bold reverse red" if point.mark == Mark.CONFLICT else "bold")
    drawn = [_text(line) for line in lines]
    with_clues, before = _with_clues(grid, drawn, width)
    return with_clues, width, before


def _text(line: list[tuple[str, str]]) -> Text:
    out = Text()
    for char, style in line:
        out.append(char, style=style or None)
    out.rstrip()
    return out


def _cell_text(cell: Cell, glyphs: Glyphs) -> Text:
    style = STYLE[cell.mark]
    if cell.shape == Shape.BLOCKED:
        if cell.sums is not None:
            text = Text()
            for index, (total, wrong) in enumerate(zip(cell.sums, cell.wrong_sums, strict=True)):
                if index:
                    text.append("\\", style="dim")
                if total is not None:  # a sum in a conflict: >n< like a clue
                    text.append(f">{total}<" if wrong else str(total),
                                style=STYLE[Mark.CONFLICT] if wrong else "dim")
            return text
        return Text(glyphs.blocked * 3, style="dim")
    if cell.shape == Shape.SOLID:
        # shaded by the puzzle: a given cell without a value (a given value on a cell the
        # solver shades is the solver's shading)
        given = cell.mark == Mark.GIVEN and cell.value is None
        fill = glyphs.given_solid if given else glyphs.solid
        if cell.value is not None:
            return Text(f"{fill}{escape.terminal(cell.value)}{fill}", style=style)
        return Text(fill * 3, style="bold reverse red" if cell.mark == Mark.CONFLICT else "")
    if cell.symbol is not None:
        glyph = glyphs.symbol(cell.symbol)
        if cell.mark == Mark.CONFLICT:
            return Text(f">{glyph}<", style=style)
        return Text(glyph, style=style)
    if cell.diagonal is not None:
        return Text(glyphs.diagonals[cell.diagonal], style=style)
    if cell.value is None or cell.mark == Mark.UNKNOWN:
        return Text(glyphs.unknown if cell.shape == Shape.VALUE and cell.mark == Mark.UNKNOWN
                    else "", style="dim")
    value = escape.terminal(cell.value) + (glyphs.arrows[cell.arrow] if cell.arrow else "")
    if cell.mark == Mark.GIVEN:
        return Text(f"[{value}]", style=style)
    if cell.mark == Mark.CONFLICT:
        return Text(f">{value}<", style=style)
    return Text(value, style=style)


def _centred(text: Text, width: int, joined: dict[str, int],
             glyphs: Glyphs) -> list[tuple[str, str]]:
    """The cell's text centred in its width; a line through the cell continues out of its
    sides (`joined`: the directions it leaves the cell by, with its number of lines)."""
    excess = width - text.cell_len
    left = excess // 2
    style = str(text.style or "")  # a cell's text has one style
    chars = [(" ", "")] * left + [(char, style) for char in text.plain]
    chars += [(" ", "")] * (excess - left)
    if text.plain.strip():
        for side, span in (("w", range(0, left)), ("e", range(left + text.cell_len, width))):
            if side in joined:
                for index in span:
                    chars[index] = (glyphs.horizontal(2, joined[side]), "bold")
    return chars


def _path_cell(joined: dict[str, int], width: int, glyphs: Glyphs) -> Text:
    """A cell a line passes through: its corner or straight piece, as wide as a cell (a
    bridge of two lines drawn double)."""
    half = width // 2
    strands = max(joined.values())
    if set(joined) == {"e", "w"}:
        return Text(glyphs.horizontal(2, strands) * width, style="bold")
    if set(joined) == {"n", "s"}:
        return Text(" " * half + glyphs.vertical(2, strands) + " " * half, style="bold")
    if glyphs.ascii:
        middle = "+"
    else:
        n, e, s, w = (2 if d in joined else 0 for d in ("n", "e", "s", "w"))
        middle = glyphs.junction((n, e, s, w))
    before = glyphs.horizontal(2) * half if "w" in joined else " " * half
    after = glyphs.horizontal(2) * half if "e" in joined else " " * half
    return Text(before + middle + after, style="bold")


def _separators(grid: Grid) -> dict[tuple[str, int, int], int]:
    """The weight of each separator: ("h", i, j) is the line under row i (0: the top) at
    column j; ("v", i, j) the line right of column j (0: the left) at row i."""
    rows, cols = grid.rows, grid.cols
    weights: dict[tuple[str, int, int], int] = {}
    thin = 0 if grid.edges else 1
    for i in range(rows + 1):
        for j in range(1, cols + 1):
            weights[("h", i, j)] = 2 if i in (0, rows) and not grid.edges else thin
    for i in range(1, rows + 1):
        for j in range(cols + 1):
            weights[("v", i, j)] = 2 if j in (0, cols) and not grid.edges else thin
    region = {(r, c): cell.region for r, row in enumerate(grid.cells, 1)
              for c, cell in enumerate(row, 1)}
    for (r, c), room in region.items():
        if room is not None and region.get((r, c + 1), room) != room:
            weights[("v", r, c)] = 2
        if room is not None and region.get((r + 1, c), room) != room:
            weights[("h", r, c)] = 2
    for border in grid.borders:
        (r1, c1), (r2, c2) = border.a, border.b
        key = ("v", r1, min(c1, c2)) if r1 == r2 else ("h", min(r1, r2), c1)
        weights[key] = 2
    for edge in grid.edges:
        (r1, c1), (r2, c2) = edge.a, edge.b
        key = ("h", r1, min(c1, c2) + 1) if r1 == r2 else ("v", min(r1, r2) + 1, c1)
        weights[key] = 2
    return {key: weight for key, weight in weights.items() if weight}


def _links(grid: Grid) -> dict[Pos, dict[str, int]]:
    """For each cell a line or a bridge passes through, the sides it leaves by, each with
    its number of lines."""
    links: dict[Pos, dict[str, int]] = {}

    def join(pos: Pos, sides: str, strands: int) -> None:
        for side in sides:
            links.setdefault(pos, {})[side] = strands

    for segment in (*grid.lines, *grid.bridges):
        (r1, c1), (r2, c2) = sorted((segment.a, segment.b))
        strands = segment.strands
        if r1 == r2:
            join((r1, c1), "e", strands)
            join((r2, c2), "w", strands)
            for c in range(c1 + 1, c2):
                join((r1, c), "ew", strands)
        else:
            join((r1, c1), "s", strands)
            join((r2, c2), "n", strands)
            for r in range(r1 + 1, r2):
                join((r, c1), "ns", strands)
    return links


def _crossings(grid: Grid) -> dict[tuple[Pos, Pos], int]:
    """Each separator a line or bridge crosses, as the pair of cells on its two sides, with
    the bridge's number of lines."""
    out: dict[tuple[Pos, Pos], int] = {}
    for segment in (*grid.lines, *grid.bridges):
        (r1, c1), (r2, c2) = sorted((segment.a, segment.b))
        if r1 == r2:
            for c in range(c1, c2):
                out[((r1, c), (r1, c + 1))] = segment.strands
        else:
            for r in range(r1, r2):
                out[((r, c1), (r + 1, c1))] = segment.strands
    return out


def _with_clues(grid: Grid, drawn: list[Text], width: int) -> tuple[list[Text], int]:
    """The canvas with the clues of its four sides around it, and the margin before it."""
    def side(name: str, count: int) -> list[str]:
        lines: tuple[tuple[Clue, ...], ...] = grid.side(name)
        return [" ".join(_clue_text(clue) for clue in (lines[i] if i < len(lines) else ()))
                for i in range(count)]

    left, right = side("left", grid.rows), side("right", grid.rows)
    top, bottom = side("top", grid.cols), side("bottom", grid.cols)
    margin = max([len(text) for text in left] + [0])
    before = margin + 1 if margin else 0
    out: list[Text] = []
    if any(top):
        out.append(_column_clues(top, width, before))
    for y, line in enumerate(drawn):
        row = (y + 1) // 2 if y % 2 else 0
        text = Text(left[row - 1].rjust(margin) + " " if row and margin else " " * before,
                    style="bold")
        text.append_text(line)
        if row and right[row - 1]:
            text.append(" " + right[row - 1], style="bold")
        out.append(text)
    if any(bottom):
        out.append(_column_clues(bottom, width, before))
    return out, before


def _clue_text(clue: Clue) -> str:
    """A clue beside the grid: `>n<` when it is in a conflict."""
    text = escape.terminal(clue.text)
    return f">{text}<" if clue.mark == Mark.CONFLICT else text


def _column_clues(clues: list[str], width: int, before: int) -> Text:
    text = Text(" " * (before + 1))
    for clue in clues:
        text.append(clue.center(width)[:width] + " ", style="bold")
    text.rstrip()
    return text


def key(grid: Grid, glyphs: Glyphs) -> str:
    """How to read a canvas grid, in the glyphs drawn."""
    cells = [cell for row in grid.cells for cell in row]
    values = {cell.mark for cell in cells if cell.value is not None
              and cell.shape in (Shape.VALUE, Shape.SOLID)}
    parts = []
    if Mark.GIVEN in values:
        parts.append("[n] given by the puzzle")
    if Mark.FILLED in values:
        parts.append("n filled in by the solver")
    if Mark.FORCED in values:
        parts.append("n forced (the same in every solution)")
    shaded = {cell.mark if cell.value is None else Mark.FILLED for cell in cells
              if cell.shape == Shape.SOLID}  # a value on it: shaded by the solver
    if shaded - {Mark.GIVEN}:
        parts.append(f"{glyphs.solid * 3} shaded")
    if Mark.GIVEN in shaded:
        parts.append(f"{glyphs.given_solid * 3} shaded by the puzzle")
    symbols = sorted({cell.symbol for cell in cells if cell.symbol is not None})
    parts += [f"{glyphs.symbol(name)} {name}" for name in symbols]
    if any(cell.shape == Shape.BLOCKED for cell in cells):
        blocks = any(cell.sums is not None for cell in cells)
        parts.append(f"{glyphs.blocked * 3} not part of the board"
                     + (" (a block: its sums down\\right)" if blocks else ""))
    marked = [point.mark for point in grid.points] + [op.mark for op in grid.operators] + [
        clue.mark for name in ("top", "bottom", "left", "right") for line in grid.side(name)
        for clue in line]
    if any(cell.mark == Mark.CONFLICT or any(cell.wrong_sums) for cell in cells) or \
            Mark.CONFLICT in marked:
        parts.append(">n< a clue in the conflict")
    if any(cell.mark == Mark.UNKNOWN for cell in cells):
        parts.append(f"{glyphs.unknown} not known")
    return ", ".join(parts)
