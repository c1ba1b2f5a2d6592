"""What is on a board, as plain data: the one description every renderer draws.

A puzzle describes its board once (its `board` and `conflict_board` hooks return a
`Board`); `board.terminal` draws it with rich at the console's width and `board.svg`
draws it as an SVG picture. Renderers never name a puzzle: a board is one of three
layouts, and everything a puzzle shows is said with the parts below.

- `Grid`: rows x columns of cells, optionally with clues along the four edges (one or
  more per line: letters or counts seen from outside, the runs of a line), operators
  between cells (the cells are then drawn apart, as in an arithmetic crossword), arrows
  in cells, a path through cells in order, pieces (regions) over dark and light fields.
- `Rings`: rings x sectors of cells, also stacked disks whose sectors are solid or
  holes, with sectors that are open through every ring marked.
- `Lines`: rows of values or text (steps of a calculation, a recovered text), each
  value a cell with its own mark; the rows after a heading may be a list (a way to each
  of hundreds of targets), which a picture sets in columns.

Every value carries a `Mark` (given by the puzzle's author, filled in by the solver,
not known, part of a conflict, forced in every solution, or ambiguous), and renderers
tell marks apart without colour.

The parts are named tuples: immutable records, compared by value and changed with
`_replace`, and quick to make (every puzzle module imports them, so every solve does).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import Enum
from typing import NamedTuple

Pos = tuple[int, int]  # (row, column), 1-based


class Symbol(NamedTuple):
    """A symbol a cell may show: its character in plain text (and in JSON) and its glyph
    where the output draws Unicode."""

    name: str
    char: str
    glyph: str


SYMBOLS = {symbol.name: symbol for symbol in (
    Symbol("star", "*", "★"),
    Symbol("lamp", "@", "◉"),
    Symbol("tent", "^", "▲"),
    Symbol("tree", "&", "♣"),
    Symbol("white", "o", "○"),
    Symbol("black", "x", "●"),
    Symbol("cross", "+", "\u00d7"),  # a multiplication sign
    Symbol("dot", ":", "·"),
    # the parts of a ship (a straight line of cells): an end points the way it faces
    Symbol("north_end", "n", "▲"),
    Symbol("east_end", "e", "▶"),
    Symbol("south_end", "s", "▼"),
    Symbol("west_end", "w", "◀"),
    Symbol("middle", "m", "■"),
    Symbol("submarine", "O", "●"),
)}


class Mark(str, Enum):
    """Where a value comes from, or how sure it is."""

    GIVEN = "given"          # the puzzle's author gave it
    FILLED = "filled"        # the solver filled it in
    UNKNOWN = "unknown"      # not known (a hint's partial answer, an open clue)
    CONFLICT = "conflict"    # a clue that is part of a conflict (--explain)
    FORCED = "forced"        # the same in every solution (--hint)
    AMBIGUOUS = "ambiguous"  # chosen, but other values were possible


class Shape(str, Enum):
    """What a cell shows."""

    VALUE = "value"      # its value as text
    SOLID = "solid"      # filled in (a black cell, wood on a disk)
    BLANK = "blank"      # known to be empty (a white cell, a hole in a disk)
    BLOCKED = "blocked"  # not part of the board


class Cell(NamedTuple):
    """One cell: a value (None when not known) and its mark; optionally an arrow, a
    region (cells of one region are drawn as one piece in one colour, or, on a canvas
    grid, framed by thick borders), the colour of the field under it ("dark" or
    "light"), a symbol (a name of `SYMBOLS`), a diagonal ("/" or "\\") and, for a block,
    the sums of the runs below it and right of it (each marked when in a conflict)."""

    value: str | None = None
    mark: Mark = Mark.FILLED
    shape: Shape = Shape.VALUE
    arrow: tuple[int, int] | None = None  # (row step, column step), rows growing down
    region: int | None = None
    field: str | None = None
    symbol: str | None = None
    diagonal: str | None = None
    sums: tuple[int | None, int | None] | None = None  # (down, right)
    wrong_sums: tuple[bool, bool] = (False, False)  # (down, right): a sum in a conflict

    @property
    def known(self) -> bool:
        return self.mark != Mark.UNKNOWN and (self.value is not None
                                              or self.shape != Shape.VALUE)


UNKNOWN_CELL = Cell(None, Mark.UNKNOWN)
BLOCKED_CELL = Cell(None, Mark.GIVEN, Shape.BLOCKED)


def value_cell(value: object | None, given: bool = False) -> Cell:
    """A cell showing `value`: given, or filled in; unknown where `value` is None."""
    if value is None:
        return UNKNOWN_CELL
    return Cell(str(value), Mark.GIVEN if given else Mark.FILLED)


def clue_cell(value: object | None, in_conflict: bool = False) -> Cell:
    """An author's clue on a board drawn for a conflict: marked if it is part of it."""
    if value is None:
        return UNKNOWN_CELL
    return Cell(str(value), Mark.CONFLICT if in_conflict else Mark.GIVEN)


class Clue(NamedTuple):
    """A clue outside the cells (an edge clue, one run of a line clue, a result)."""

    text: str
    mark: Mark = Mark.GIVEN


class Operator(NamedTuple):
    """An operator between cell (row, col) and the next one to its right or below it
    (after the last cell: between it and that line's edge clue)."""

    row: int
    col: int
    direction: str  # "right" or "down"
    text: str
    mark: Mark = Mark.GIVEN  # CONFLICT: a clue between cells in a conflict


Side = tuple[tuple[Clue, ...], ...]  # per line (column or row): its clues, possibly none
SIDES = ("top", "bottom", "left", "right")


class Edges(NamedTuple):
    """The clues of the four sides, in `Grid`'s order: `Grid(cells, *edges)`."""

    top: Side = ()
    bottom: Side = ()
    left: Side = ()
    right: Side = ()


class Segment(NamedTuple):
    """A unit segment between two neighbouring places: cells (1-based) for a line through
    cell centres or a border between cells, grid points (0-based, (0, 0) the top-left
    corner) for a line on the grid's lines; `strands`: a bridge's number of lines."""

    a: Pos
    b: Pos
    mark: Mark = Mark.FILLED
    strands: int = 1


class Point(NamedTuple):
    """A clue on a grid point (0-based)."""

    row: int
    col: int
    text: str
    mark: Mark = Mark.GIVEN


class Grid(NamedTuple):
    """Rows of cells; `top`/`bottom` clues stand per column, `left`/`right` per row.

    A `canvas` grid is drawn with what lies between its cells: `lines` through cell
    centres, `edges` along the grid's lines, `borders` between cells (and between cells
    of different regions), `bridges` between cells of a row or column, `points`."""

    cells: tuple[tuple[Cell, ...], ...]
    top: Side = ()
    bottom: Side = ()
    left: Side = ()
    right: Side = ()
    operators: tuple[Operator, ...] = ()
    path: tuple[Pos, ...] = ()  # cells in order (a path drawn through them)
    canvas: bool = False
    lines: tuple[Segment, ...] = ()
    edges: tuple[Segment, ...] = ()
    borders: tuple[Segment, ...] = ()
    bridges: tuple[Segment, ...] = ()
    points: tuple[Point, ...] = ()

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def side(self, name: str) -> Side:
        clues: Side = getattr(self, name)
        return clues


class Rings(NamedTuple):
    """Concentric rings (inner first) of equal sectors (clockwise from the top)."""

    cells: tuple[tuple[Cell, ...], ...]
    ring_labels: tuple[str, ...] = ()    # a name per ring ("disk 1, turned 0")
    ring_notes: tuple[str, ...] = ()     # a note per ring (its sum)
    sector_notes: tuple[str, ...] = ()   # a note per sector (its sum)
    open_sectors: frozenset[int] = frozenset()  # 1-based sectors open through every ring

    @property
    def rings(self) -> int:
        return len(self.cells)

    @property
    def sectors(self) -> int:
        return len(self.cells[0]) if self.cells else 0


class Row(NamedTuple):
    """A line of values after a label; `boxed` rows are a strip of cells (characters of
    a text), other rows are text whose values are written one after another with
    `separator` between them."""

    label: str
    cells: tuple[Cell, ...]
    boxed: bool = False
    separator: str = " "


class Lines(NamedTuple):
    """Rows of values or text, one under another; the rows from index `listed` on are the
    entries of a list (a way to each of many targets), which a picture may set in
    columns side by side."""

    rows: tuple[Row, ...]
    listed: int | None = None


Layout = Grid | Rings | Lines


class Board(NamedTuple):
    """A board to draw: its layout, a legend saying how to read it, and notes below it."""

    layout: Layout
    legend: str = ""
    notes: tuple[str, ...] = ()

    def forced(self) -> Board:
        """The same board with every filled-in value marked forced (a hint's answer)."""
        return self._replace(layout=_remarked(self.layout, Mark.FILLED, Mark.FORCED))


def _remarked(layout: Layout, old: Mark, new: Mark) -> Layout:
    def cell(c: Cell) -> Cell:
        return c._replace(mark=new) if c.mark == old else c

    if isinstance(layout, Lines):
        return layout._replace(rows=tuple(row._replace(cells=tuple(map(cell, row.cells)))
                                          for row in layout.rows))
    rows = tuple(tuple(map(cell, row)) for row in layout.cells)
    return layout._replace(cells=rows)


def grid_of(values: Sequence[Sequence[object | None]], givens: Collection[Pos],
            blocked: Collection[Pos] = frozenset()) -> tuple[tuple[Cell, ...], ...]:
    """Cells from values by row and column (None unknown): those at `givens` given, those
    at `blocked` not part of the board."""
    return tuple(
        tuple(BLOCKED_CELL if (r, c) in blocked else value_cell(value, (r, c) in givens)
              for c, value in enumerate(row, start=1))
        for r, row in enumerate(values, start=1))


def clue_grid_of(rows: int, cols: int, clues: Mapping[Pos, object], conflict: Collection[Pos],
                 blocked: Collection[Pos] = frozenset()) -> tuple[tuple[Cell, ...], ...]:
    """Cells holding the author's clues alone (by position), those in `conflict` marked."""
    return tuple(
        tuple(BLOCKED_CELL if (r, c) in blocked
              else clue_cell(clues.get((r, c)), (r, c) in conflict)
              for c in range(1, cols + 1))
        for r in range(1, rows + 1))
