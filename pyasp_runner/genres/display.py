"""A genre's answer drawn and written: the display roles of its header (`%! show ... as
ROLE`) read from the answer's shown atoms, over the author's clues read from the input
layers, as one board description (`pyasp_runner.board`) and as the `--json` solution.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, NamedTuple

from clingo import Symbol

from ..board import (
    BLOCKED_CELL,
    SYMBOLS,
    UNKNOWN_CELL,
    Board,
    Cell,
    Clue,
    Grid,
    Mark,
    Operator,
    Point,
    Segment,
    Shape,
)
from ..facts import to_python
from ..puzzle import Answer
from . import vocabulary as words
from .layers import Layers, Pos, clue_position, number_range
from .statements import Header

Seg = tuple[Pos, Pos]


class Shown(NamedTuple):
    """What an answer shows, by role."""

    numbers: dict[Pos, str]
    letters: dict[Pos, str]
    shaded: set[Pos]
    unshaded: set[Pos]
    symbols: dict[Pos, str]
    regions: dict[Pos, int]
    borders: set[Seg]
    lines: set[Seg]
    edges: set[Seg]
    bridges: dict[Seg, int]
    diagonals: dict[Pos, str]


def shown(header: Header, answer: Answer, layers: Layers) -> Shown:
    """The answer's atoms read by the header's roles (an atom of another shape, or of a
    cell off the grid, raises, which the registry reports as an encoding whose answers
    do not fit)."""
    out = Shown({}, {}, set(), set(), {}, {}, set(), set(), set(), {}, {})

    def _pos(args: tuple[Any, ...]) -> Pos:
        row, col = _int(args[0]), _int(args[1])
        if not (1 <= row <= layers.rows and 1 <= col <= layers.cols):
            raise ValueError(f"the cell ({row},{col}) is off the {layers.rows}x{layers.cols} "
                             "grid")
        return row, col

    labels: dict[Pos, Any] = {}
    for show in header.shows:
        atoms = answer.atoms(show.predicate, show.arity)
        role = show.role
        for args in atoms:
            if role == "symbol" and show.symbol is not None:
                out.symbols[_pos(args)] = show.symbol
            elif role == "symbol":
                out.symbols[_pos(args)] = _symbol(args[2])
            elif role == "number":
                out.numbers[_pos(args)] = header.written(_int(args[2]))
            elif role == "letter":
                out.letters[_pos(args)] = str(args[2])
            elif role in ("shaded", "unshaded"):
                getattr(out, role).add(_pos(args))
            elif role == "region":
                labels[_pos(args)] = args[2]
            elif role == "diagonal":
                if args[2] not in words.DIAGONALS:
                    raise ValueError(f"a diagonal is slash or backslash, not {args[2]!r}")
                out.diagonals[_pos(args)] = words.DIAGONALS[args[2]]
            elif role == "bridge":
                out.bridges[_segment(args)] = _int(args[4])
            else:
                getattr(out, role + "s").add(_segment(args))
    order = {label: index for index, label in enumerate(
        dict.fromkeys(labels[pos] for pos in sorted(labels)), start=1)}
    out.regions.update({pos: order[label] for pos, label in labels.items()})
    return out


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected a number, found {value!r}")
    return value


def _symbol(name: Any) -> str:
    if name not in SYMBOLS:
        raise ValueError(f"{name!r} is no symbol ({', '.join(SYMBOLS)})")
    return str(name)


def _segment(args: tuple[Any, ...]) -> Seg:
    a, b = (_int(args[0]), _int(args[1])), (_int(args[2]), _int(args[3]))
    return (a, b) if a <= b else (b, a)


def covers_cells(header: Header) -> bool:
    """Whether the answer fills every cell (a number or letter role): then a cell it
    leaves empty is not known, rather than empty."""
    return any(show.role in ("number", "letter") for show in header.shows)


# --- the board ---------------------------------------------------------------------------

def board(header: Header, layers: Layers, answer: Answer) -> Board:
    seen = shown(header, answer, layers)
    covering = covers_cells(header) and bool(answer.symbols)
    cells = tuple(tuple(_cell(header, layers, seen, (r, c), covering)
                        for c in range(1, layers.cols + 1))
                  for r in range(1, layers.rows + 1))
    grid = _grid(header, layers, cells, seen)
    path = _path(header, layers, answer) if layers.path else ()
    if path and not (grid.lines or grid.edges or grid.borders or grid.bridges or grid.points
                     or grid.operators):  # the plain grid draws a path; a canvas does not
        grid = grid._replace(path=path, canvas=False)
    return Board(grid, legend(header, layers))


def _path(header: Header, layers: Layers, answer: Answer) -> tuple[Pos, ...]:
    """The cells in the order of the answer's numbers (`%! path`), when every cell on the
    board has one; else none (a partial answer, a hint)."""
    at = {}
    for atom in answer.symbols:
        if atom.name == header.path and len(atom.arguments) == 3:
            row, col, number = (_int(to_python(arg)) for arg in atom.arguments)
            at[number] = (row, col)
    if len(set(at.values())) != sum(1 for _ in layers.cells()):
        return ()
    return tuple(at[number] for number in sorted(at))


def clue_board(header: Header, layers: Layers, conflict: Collection[Symbol]) -> Board:
    """The author's clues alone, those in `conflict` marked."""
    marked = {pos for pos in map(clue_position, conflict) if pos is not None}
    empty = Shown({}, {}, set(), set(), {}, {}, set(), set(), set(), {}, {})
    cells = tuple(tuple(_mark(_cell(header, layers, empty, (r, c), False), (r, c) in marked)
                        for c in range(1, layers.cols + 1))
                  for r in range(1, layers.rows + 1))
    wrong_sums = {((s.arguments[0].number, s.arguments[1].number), str(s.arguments[2]))
                  for s in conflict if s.name == "sum" and len(s.arguments) == 4}
    cells = tuple(tuple(_wrong_sums(cell, (r, c), wrong_sums) for c, cell in enumerate(row, 1))
                  for r, row in enumerate(cells, 1))
    conflict_sides = {(str(s.arguments[0]), s.arguments[1].number) for s in conflict
                      if s.name == "outside"}
    conflict_points = {(s.arguments[0].number, s.arguments[1].number) for s in conflict
                       if s.name == "point"}
    conflict_between = {((s.arguments[0].number, s.arguments[1].number),
                         (s.arguments[2].number, s.arguments[3].number))
                        for s in conflict if s.name == "between" and len(s.arguments) == 5}
    return Board(_grid(header, layers, cells, empty, conflict_sides, conflict_points,
                       conflict_between), legend(header, layers))


def legend(header: Header, layers: Layers) -> str:
    """The genre's summary, the numbers' range where a parameter moves it, and the
    switches that are on (a parameter limited to 0..1, `%! limit diagonals 0..1`)."""
    text = header.summary
    span = number_range(layers, header)
    if span is not None and header.numbers is not None and not all(
            word.isdigit() or word in words.SIZE_WORDS
            for _, word in (*header.numbers.low, *header.numbers.high)):
        kind = "letters" if header.numbers.letters else "numbers"
        text += f"; {kind} {header.written(span[0])}..{header.written(span[1])}"
    switches = [limit.param for limit in header.limits
                if (limit.low, limit.high) == (((1, "0"),), ((1, "1"),))]
    on = [name for name in switches if layers.params.get(name) == 1]
    return text + "".join(f"; {name}" for name in on)


def _wrong_sums(cell: Cell, pos: Pos, wrong: Collection[tuple[Pos, str]]) -> Cell:
    """A block with its sums in the conflict marked, each on its own."""
    if cell.sums is None:
        return cell
    marks = tuple((pos, d) in wrong for d in words.DIRECTIONS)
    return cell._replace(wrong_sums=(marks[0], marks[1]))


def _mark(cell: Cell, conflict: bool) -> Cell:
    if conflict and cell.mark == Mark.GIVEN and cell.sums is None:  # a block marks its sums
        return cell._replace(mark=Mark.CONFLICT)
    return cell


def _cell(header: Header, layers: Layers, seen: Shown, pos: Pos, covering: bool) -> Cell:
    if pos in layers.blocked:
        sums = tuple(layers.sums.get((pos, d)) for d in words.DIRECTIONS)
        if any(value is not None for value in sums):
            return BLOCKED_CELL._replace(sums=(sums[0], sums[1]))
        return BLOCKED_CELL
    region = seen.regions.get(pos, layers.regions.get(pos))
    cell = Cell(region=region, diagonal=seen.diagonals.get(pos))
    given = _given(header, layers, pos)
    if pos in seen.numbers or pos in seen.letters:
        value = seen.numbers.get(pos, seen.letters.get(pos))
        same = value == given.value
        cell = cell._replace(value=value, mark=Mark.GIVEN if same else Mark.FILLED)
    elif given.value is not None or given.shape != Shape.VALUE or given.symbol:
        cell = cell._replace(value=given.value, mark=Mark.GIVEN, shape=given.shape,
                             symbol=given.symbol, arrow=given.arrow)
    elif covering and not (pos in seen.symbols or pos in seen.shaded or pos in seen.unshaded):
        return UNKNOWN_CELL._replace(region=region)
    if pos in seen.shaded:
        cell = cell._replace(shape=Shape.SOLID)
    elif pos in seen.unshaded and cell.value is None and cell.symbol is None:
        cell = cell._replace(shape=Shape.BLANK)
    if pos in seen.symbols:
        cell = cell._replace(symbol=seen.symbols[pos])
    return cell


def _given(header: Header, layers: Layers, pos: Pos) -> Cell:
    """The author's clue in a cell, as a cell (nothing: an empty value cell)."""
    value: str | None = None
    if pos in layers.numbers:
        value = header.written(layers.numbers[pos])
    elif pos in layers.letters:
        value = layers.letters[pos]
    elif pos in layers.unknown:
        value = "?"
    shape = Shape.SOLID if pos in layers.shaded else \
        Shape.BLANK if pos in layers.unshaded else Shape.VALUE
    arrow = _ARROW_STEPS.get(layers.arrows.get(pos, ""))
    return Cell(value, Mark.GIVEN, shape, arrow=arrow, symbol=layers.symbols.get(pos))


_ARROW_STEPS = {"n": (-1, 0), "s": (1, 0), "w": (0, -1), "e": (0, 1)}


def _grid(header: Header, layers: Layers, cells: tuple[tuple[Cell, ...], ...], seen: Shown,
          conflict_sides: Collection[tuple[str, int]] = (),
          conflict_points: Collection[Pos] = (),
          conflict_between: Collection[tuple[Pos, Pos]] = ()) -> Grid:
    sides: list[tuple[tuple[Clue, ...], ...]] = []
    for side in words.SIDES:
        length = layers.cols if side in ("top", "bottom") else layers.rows
        lines = [tuple(Clue(header.written(v), Mark.CONFLICT if (side, i) in conflict_sides
                            else Mark.GIVEN) for v in layers.outside.get((side, i), ()))
                 for i in range(1, length + 1)]
        sides.append(tuple(lines) if any(lines) else ())
    top, bottom, left, right = sides
    points = tuple(Point(r, c, str(n), Mark.CONFLICT if (r, c) in conflict_points
                         else Mark.GIVEN) for (r, c), n in sorted(layers.points.items()))
    operators = tuple(Operator(a[0], a[1], "right" if a[0] == b[0] else "down",
                               _between_text(value, a[0] == b[0]),
                               Mark.CONFLICT if (a, b) in conflict_between else Mark.GIVEN)
                      for (a, b), value in sorted(layers.between.items()))
    return Grid(cells, top, bottom, left, right, operators=operators, canvas=True,
                lines=tuple(Segment(a, b) for a, b in sorted(seen.lines)),
                edges=tuple(Segment(a, b) for a, b in sorted(seen.edges)),
                borders=tuple(Segment(a, b) for a, b in sorted(seen.borders)),
                bridges=tuple(Segment(a, b, strands=n) for (a, b), n in
                              sorted(seen.bridges.items())),
                points=points)


def _between_text(value: int | str, across: bool) -> str:
    """A clue between two cells as drawn: a number, an inequality pointing the right way
    (`lt`: the left or upper cell is less), a symbol's glyph, else its name."""
    if isinstance(value, int):
        return str(value)
    if value in _SIGNS:
        return _SIGNS[value][0 if across else 1]
    return SYMBOLS[value].glyph if value in SYMBOLS else value


_SIGNS = {"lt": ("<", "\u2227"), "gt": (">", "\u2228")}  # across, or down (a wedge)


# --- JSON --------------------------------------------------------------------------------

def solution_json(header: Header, layers: Layers, answer: Answer) -> dict[str, Any]:
    seen = shown(header, answer, layers)
    covering = covers_cells(header)
    grid: list[list[Any]] = [[_json_cell(header, layers, seen, (r, c), covering)
                              for c in range(1, layers.cols + 1)]
                             for r in range(1, layers.rows + 1)]
    if header.json_integers:  # `%! json integers`: a number as a number, null if open
        grid = [[None if (r, c) in layers.blocked else _integer(text)  # not on the board
                 for c, text in enumerate(row, start=1)] for r, row in enumerate(grid, start=1)]
    out: dict[str, Any] = {"grid": grid}
    if header.json_rows and all(len(text) == 1 for row in grid for text in row):
        out["grid"] = ["".join(row) for row in grid]  # `%! json rows`: `CBA..` a row
    roles = {show.role for show in header.shows}
    if roles & {"line", "edge", "bridge"}:
        edges: list[list[Any]] = [[list(a), list(b)] for a, b in sorted(seen.lines | seen.edges)]
        edges += [[list(a), list(b), n] for (a, b), n in sorted(seen.bridges.items())]
        out["edges"] = edges
    regions = seen.regions or layers.regions
    if "region" in roles or layers.regions:
        out["regions"] = [[regions.get((r, c)) for c in range(1, layers.cols + 1)]
                          for r in range(1, layers.rows + 1)]
    return out


def _integer(text: str) -> int | str | None:
    """A number as a number, a cell not known as null; a cell decided without one (`.`
    empty, `#` shaded) stays as written, so that `--check` reads it back the same."""
    if text.lstrip("-").isdigit():
        return int(text)
    return None if text == "?" else text


def _json_cell(header: Header, layers: Layers, seen: Shown, pos: Pos, covering: bool
               ) -> str:
    if pos in seen.numbers or pos in seen.letters:
        return seen.numbers.get(pos) or seen.letters[pos]
    if pos in seen.symbols:
        return SYMBOLS[seen.symbols[pos]].char
    if pos in seen.diagonals:
        return seen.diagonals[pos]
    if pos in seen.shaded or pos in layers.blocked or pos in layers.shaded:
        return "#"  # a shaded cell, whatever clue it holds (the input keeps the clue)
    if pos in layers.numbers:
        return header.written(layers.numbers[pos])
    if pos in layers.letters:
        return layers.letters[pos]
    if pos in layers.symbols:
        return SYMBOLS[layers.symbols[pos]].char
    if pos in layers.unknown:
        return "?"
    return "?" if covering and pos not in seen.unshaded else "."


def clue_names(clues: Iterable[Symbol]) -> list[str]:
    return [str(clue) for clue in clues]
