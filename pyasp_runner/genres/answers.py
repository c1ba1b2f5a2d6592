"""A player's answer to a genre's puzzle, read by the display roles of its header: the
`--json` solution object (`grid`, `edges`) into the answer atoms it states.

Each `%! show p/N as ROLE` line says how `p` appears in the solution, so it says how to
read it back: a number or letter role from the value in a cell, a shaded or unshaded
role from `#` and `.`, a symbol role from the symbol's character, a diagonal role from
`/` and `\\`, a line, edge or bridge role from the `edges` list. A cell holding `?`
(or null) is open (a given number too: the answer states it, as the solution does),
except a `?` where the author's clue is a `?` (a clue cell without its value), which the
solution writes there too and which states, like a given number, nothing shaded. A
shaded role states nothing in an author's shaded cell (a wall: the rules say what it
is). A region role beside a value role draws what the rules derive (boxes from the
grid's size) and is not read. A division into regions alone is read from `regions` when
its role is `region by clue`: each region is named by the cell of the clue it holds (the
first in reading order, where it holds several; none where it holds none: its cells
then lie in no region the rules know).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clingo import Function, Number, String, Symbol

from ..board import SYMBOLS
from ..player import AnswerError, Key, PlayerAnswer, player_answer
from .layers import Layers, Pos, clued
from .statements import Header, Show

OPEN = (None, "?")
VALUED = ("number", "letter")
# Roles the solution object does not hold (borders) or that a division into regions
# draws: a region beside a value is what the rules derive (a grid's boxes).
UNREAD = ("border", "region")
SEGMENTS = ("line", "edge", "bridge")
LARGEST = 2**31 - 1  # clingo's numbers are 32-bit
_BY_CHAR = {symbol.char: symbol.name for symbol in SYMBOLS.values()}
_DIAGONAL_NAMES = {"/": "slash", "\\": "backslash"}


def readable(header: Header) -> bool:
    """Whether an answer can be read back: some role it is drawn by is read (not a
    division into regions alone whose ids are the rules' own: one by clue is read)."""
    return any(show.role not in UNREAD or show.by_clue for show in header.shows)


def read(header: Header, layers: Layers, solution: Mapping[str, Any]) -> PlayerAnswer:
    """The answer atoms `solution` states, by the roles of `header`, for the puzzle
    `layers` (a `readable` header's)."""
    shows = [show for show in header.shows if show.role not in UNREAD]
    stated: list[Symbol] = []
    decided: list[Key] = []
    open_cells = 0
    cell_roles = [show for show in shows if show.role not in SEGMENTS]
    if cell_roles:
        grid = _grid(solution, layers.rows, layers.cols)
        valued = any(show.role in VALUED for show in header.shows)
        shading = any(show.role == "shaded" for show in cell_roles)
        for pos in layers.cells():
            value = grid[pos]
            if value in OPEN and not (value == "?" and pos in layers.unknown and not valued):
                open_cells += 1
                continue
            for show in cell_roles:
                if show.role == "shaded" and pos in layers.shaded and value == "#":
                    continue  # the author's shaded cell (a wall): the rules say what it is
                if show.role in VALUED and value == "#" and shading:
                    continue  # shaded, its value (a piece's letter) not said: open
                atom = _cell_atom(header, show, pos, value, valued)
                decided.append((show.predicate, (Number(pos[0]), Number(pos[1]))))
                if atom is not None:
                    stated.append(atom)
    segment_roles = [show for show in shows if show.role in SEGMENTS]
    if segment_roles:
        decided += [(show.predicate, ()) for show in segment_roles]
        stated += _edges(solution, segment_roles, layers)
    for show in header.shows:
        if show.by_clue:
            regions = _regions(solution, layers)
            open_cells += sum(1 for label in regions.values() if label is None)
            decided += [(show.predicate, (Number(r), Number(c)))
                        for (r, c), label in regions.items() if label is not None]
            stated += _by_clue(show, regions, clued(layers))
    return player_answer(stated, decided, open_cells, sum(1 for _ in layers.cells()))


def _regions(solution: Mapping[str, Any], layers: Layers) -> dict[Pos, Any]:
    """The region label of each cell in the solution's `regions` rows (None: open)."""
    rows = solution.get("regions")
    if not isinstance(rows, list) or len(rows) != layers.rows:
        raise AnswerError("regions", f"expected {layers.rows} rows of region numbers, one "
                          f"per cell (null where open)")
    labels: dict[Pos, Any] = {}
    for r, row in enumerate(rows, start=1):
        if not isinstance(row, list) or len(row) != layers.cols:
            raise AnswerError(f"regions[{r - 1}]", f"expected a row of {layers.cols} region "
                              f"numbers")
        for c, label in enumerate(row, start=1):
            if not (label is None or isinstance(label, (int, str))) or isinstance(label, bool):
                raise AnswerError(f"regions[{r - 1}][{c - 1}]", f"expected a region's number "
                                  f"or null, found {label!r:.40}")
            if (r, c) not in layers.blocked:
                labels[(r, c)] = label
    return labels


def _by_clue(show: Show, regions: dict[Pos, Any], clues: set[Pos]) -> list[Symbol]:
    """`p(R, C, (Row, Column))` for each cell of a region holding a clue, named by its
    first clue's cell; a region without a clue states none of its cells."""
    members: dict[Any, list[Pos]] = {}
    for pos, label in sorted(regions.items()):
        if label is not None:
            members.setdefault(label, []).append(pos)
    stated = []
    for cells in members.values():
        named = next((pos for pos in cells if pos in clues), None)
        if named is not None:
            clue = Function("", [Number(named[0]), Number(named[1])])
            stated += [Function(show.predicate, [Number(r), Number(c), clue])
                       for r, c in cells]
    return stated


def _grid(solution: Mapping[str, Any], rows: int, cols: int) -> dict[Pos, Any]:
    grid = solution.get("grid")
    if not isinstance(grid, list):
        raise AnswerError("grid", f"expected a list of {rows} rows")
    if len(grid) != rows:
        raise AnswerError("grid", f"expected {rows} rows, found {len(grid)}")
    cells: dict[Pos, Any] = {}
    for r, row in enumerate(grid, start=1):
        where = f"grid[{r - 1}]"
        if not isinstance(row, (list, str)):
            raise AnswerError(where, "expected a row (a list, or a string of characters)")
        if len(row) != cols:
            raise AnswerError(where, f"expected {cols} cells, found {len(row)}")
        for c, value in enumerate(row, start=1):
            if not (value is None or isinstance(value, str)
                    or (isinstance(value, int) and not isinstance(value, bool))):
                raise AnswerError(f"grid[{r - 1}][{c - 1}]", f"expected a cell's text, a "
                                  f"number or null, found {value!r:.40}")
            cells[(r, c)] = value.strip() if isinstance(value, str) else value
    return cells


def _cell_atom(header: Header, show: Show, pos: Pos, value: Any, valued: bool
               ) -> Symbol | None:
    """The atom of `show` that a cell's `value` states (None: it states the atom false)."""
    r, c = pos
    where = f"grid[{r - 1}][{c - 1}]"
    role = show.role
    if role == "number":
        if value in (".", "#"):
            return None
        number = _number(value)
        if number is None and isinstance(value, str):
            number = header.letter_number(value)
        if number is None:
            far = " (far out of range)" if _far(value) else ""
            raise AnswerError(where, f"expected a number, . (empty) or ? (open), found "
                              f"{value!r:.40}{far}")
        return Function(show.predicate, [Number(r), Number(c), Number(number)])
    if role == "letter":
        if value in (".", "#"):
            return None
        if not (isinstance(value, str) and len(value) == 1 and value.isalpha()):
            raise AnswerError(where, f"expected a letter, . (empty) or ? (open), found "
                              f"{value!r:.40}")
        return Function(show.predicate, [Number(r), Number(c), String(value)])
    if role == "shaded":
        # Where a value role draws over the shading (a shaded cell shows its
        # piece's letter), a value is shaded too.
        shaded = value == "#" or (valued and value != "." and _number(value) is None)
        return Function(show.predicate, [Number(r), Number(c)]) if shaded else None
    if role == "unshaded":
        return Function(show.predicate, [Number(r), Number(c)]) if value == "." else None
    if role == "diagonal":
        if value == ".":
            return None
        if value not in _DIAGONAL_NAMES:
            raise AnswerError(where, f"expected / or \\ (a diagonal), . (none) or ? (open), "
                              f"found {value!r:.40}")
        return Function(show.predicate, [Number(r), Number(c), Function(_DIAGONAL_NAMES[value])])
    # a symbol role
    name = _BY_CHAR.get(str(value))
    if show.symbol is not None:
        return Function(show.predicate, [Number(r), Number(c)]) \
            if name == show.symbol else None
    return Function(show.predicate, [Number(r), Number(c), Function(name)]) if name else None


def _far(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST


def _number(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.lstrip("-").isdigit() and len(value) < 12:
        number = int(value)
    else:
        return None
    return number if -LARGEST <= number <= LARGEST else None


def _edges(solution: Mapping[str, Any], shows: list[Show], layers: Layers) -> list[Symbol]:
    """The atoms the `edges` list states: [[r1, c1], [r2, c2]] a line or edge between two
    cells (or grid points), [[r1, c1], [r2, c2], n] a bridge of n strands."""
    edges = solution.get("edges")
    if not isinstance(edges, list):
        raise AnswerError("edges", "expected the list of the answer's lines, each "
                          "[[row, column], [row, column]]")
    bridges = [show for show in shows if show.role == "bridge"]
    lines = [show for show in shows if show.role != "bridge"]
    found: list[Symbol] = []
    for index, edge in enumerate(edges):
        where = f"edges[{index}]"
        ends = _ends(edge)
        if ends is None:
            raise AnswerError(where, f"expected [[row, column], [row, column]], found "
                              f"{edge!r:.40}")
        (r1, c1), (r2, c2) = ends
        # A line joins neighbours; a bridge runs straight along a row or a column.
        straight = (r1 == r2) != (c1 == c2) if len(edge) == 3 else \
            abs(r1 - r2) + abs(c1 - c2) == 1
        if not straight or not all(
                0 <= r <= layers.rows + 1 and 0 <= c <= layers.cols + 1 for r, c in ends):
            raise AnswerError(where, "not a segment between two neighbours of the board"
                              if len(edge) == 2 else "not a bridge along a row or a column")
        args = [Number(r1), Number(c1), Number(r2), Number(c2)]
        if len(edge) == 3:
            strands = _number(edge[2])
            if not bridges or strands is None:
                raise AnswerError(where, "expected [[row, column], [row, column]]"
                                  + (", n strands" if bridges else ""))
            found += [Function(show.predicate, [*args, Number(strands)]) for show in bridges]
        else:
            found += [Function(show.predicate, args) for show in lines]
    return found


def _ends(edge: Any) -> list[Pos] | None:
    """The two ends of an edge, in order (None: not [[r, c], [r, c]] or with n)."""
    if not isinstance(edge, list) or len(edge) not in (2, 3):
        return None
    ends: list[Pos] = []
    for end in edge[:2]:
        if not (isinstance(end, list) and len(end) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in end)):
            return None
        ends.append((end[0], end[1]))
    return sorted(ends)
