"""Where answer atoms stand on the board, in the puzzle's own terms.

A puzzle's `solution_json` already says where each value goes: an atom's place is the
cell of the `grid` its solution object fills in (rows of values, or rows of
characters). So no puzzle declares anything more: the places of atoms are read by
drawing them as a partial answer, against the empty answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import clingo

from ..puzzle import Answer, Instance
from ..puzzles import GenrePuzzle, Puzzle

Pos = tuple[int, int]
GRID = "grid"


def cells(puzzle: Puzzle, instance: Instance[Any], atoms: Iterable[clingo.Symbol]) -> list[Pos]:
    """The cells (row, column; 1-based) of the grid where the `atoms` show, in reading
    order; none for a puzzle whose solution has no grid."""
    return sorted(filled(puzzle, instance, atoms))


def filled(puzzle: Puzzle, instance: Instance[Any], atoms: Iterable[clingo.Symbol]
           ) -> dict[Pos, Any]:
    """The cells the `atoms` fill in, with the value each shows there."""
    atoms = list(atoms)
    empty = _grid(puzzle.solution_json(instance, Answer(())))
    drawn = _grid(puzzle.solution_json(instance, Answer(tuple(atoms))))
    if empty is None or drawn is None:
        return {}
    found: dict[Pos, Any] = {}
    for r, (before, after) in enumerate(zip(empty, drawn, strict=True), start=1):
        for c, (old, new) in enumerate(zip(before, after, strict=True), start=1):
            if old != new:
                found[(r, c)] = new
    if isinstance(puzzle, GenrePuzzle):
        # A genre draws its given numbers without an answer too: an atom of a cell role
        # that restates one changes nothing, but stands in its cell all the same.
        for r, c in _genre_cells(puzzle, atoms, len(drawn), len(drawn[0]) if drawn else 0):
            found.setdefault((r, c), drawn[r - 1][c - 1])
    return found


def _genre_cells(puzzle: GenrePuzzle, atoms: list[clingo.Symbol], rows: int, cols: int
                 ) -> list[Pos]:
    """The cells of the atoms that a genre's header draws in a cell (p(R, C, ...)), a
    region by clue's too (a cell in the region of a clue)."""
    drawn = {(show.predicate, show.arity) for show in puzzle.genre.header.shows
             if show.role not in ("line", "edge", "bridge", "border", "region")
             or show.by_clue}
    cells = []
    for sym in atoms:
        args = sym.arguments
        if (sym.name, len(args)) in drawn and all(
                arg.type == clingo.SymbolType.Number for arg in args[:2]):
            r, c = args[0].number, args[1].number
            if 1 <= r <= rows and 1 <= c <= cols:
                cells.append((r, c))
    return cells


def _grid(solution: Any) -> list[Any] | None:
    grid = solution.get(GRID) if isinstance(solution, dict) else None
    return grid if isinstance(grid, list) else None


def cell_name(pos: Pos) -> str:
    return f"({pos[0]},{pos[1]})"


def value_text(value: Any) -> str:
    """A cell's value as a person says it: `.` is empty, `#` black."""
    if value == ".":
        return "empty"
    if value == "#":
        return "black"
    return str(value)


def describe(puzzle: Puzzle, instance: Instance[Any], atom: clingo.Symbol) -> str:
    """An answer atom in words: "(3,4) is 5"; the atom itself where it has no cell."""
    region = region_name(puzzle, atom)
    if region is not None:
        return region.replace(" in the region", " is in the region", 1)
    found = filled(puzzle, instance, [atom])
    if len(found) != 1:
        segment = segment_name(puzzle, atom)
        return f"{segment} is drawn" if segment else str(atom)
    (pos, value), = found.items()
    return f"{cell_name(pos)} is {value_text(value)}"


def segment_name(puzzle: Puzzle, atom: clingo.Symbol) -> str | None:
    """A genre's line, edge or bridge in words: "the line (1,2)-(1,3)" (None: no such
    atom)."""
    if not isinstance(puzzle, GenrePuzzle):
        return None
    args = atom.arguments
    for show in puzzle.genre.header.shows:
        if show.role in ("line", "edge", "bridge") and show.predicate == atom.name \
                and show.arity == len(args) \
                and all(arg.type == clingo.SymbolType.Number for arg in args):
            r1, c1, r2, c2 = (arg.number for arg in args[:4])
            strands = f" of {args[4].number} strands" if show.role == "bridge" else ""
            return f"the {show.role}{strands} {cell_name((r1, c1))}-{cell_name((r2, c2))}"
    return None


def region_name(puzzle: Puzzle, atom: clingo.Symbol) -> str | None:
    """A cell of a genre's region by clue in words: "(1,4) in the region of (1,6)" (None:
    no such atom)."""
    if not isinstance(puzzle, GenrePuzzle):
        return None
    args = atom.arguments
    for show in puzzle.genre.header.shows:
        if show.by_clue and show.predicate == atom.name and len(args) == 3 \
                and all(arg.type == clingo.SymbolType.Number for arg in args[:2]) \
                and len(args[2].arguments) == 2:
            return f"{cell_name((args[0].number, args[1].number))} in the region of " \
                   f"{args[2]}"
    return None
