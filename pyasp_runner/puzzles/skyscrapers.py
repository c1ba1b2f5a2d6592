"""Skyscrapers (Tatham's Towers): a Latin square of heights, clues count the towers seen.

Input: Tatham's game ID `N:` then 4N clues separated by `/` (above the columns left to
right, below the columns, left of the rows top to bottom, right of the rows; an empty
entry is no clue), optionally `,` and the pre-filled grid row by row: digits for given
heights (separated by `_` where two numbers meet) and letters a..z for runs of 1..26
empty cells. Example: `4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1`. A `#` line is a comment.
The ID may also come as pasted from the puzzle's web page (`...towers.html#N:...`),
wrapped over lines, or as a Tatham save file.
Also read: a puzz.link (pzv.jp, pzprxs) address `https://puzz.link/p?skyscrapers/N/N/...`
(pzprjs's `skyscrapers`, also named `building` and `skyscraper`; see `_pzpr.py`).

Written (`--to`): `tatham` (the game ID, the default) and `puzzlink`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from clingo import Function, Symbol

from ..board import Board, Grid, clue_grid_of, grid_of
from ..errors import InputError
from ..numerals import NATURAL, integer, is_digits, is_integer, natural
from ..player import PlayerAnswer
from ..puzzle import (
    Answer,
    Drawing,
    Generating,
    Instance,
    PuzzleSpec,
    Reasoning,
    Writing,
    fact,
)
from ._answers import read_numbers
from ._drawing import answer_sides, conflict_sides, given_cells, given_values
from ._edges import SIDES, describe_edge, line_cells
from ._grid import (
    atom_grid,
    content_lines,
    describe_given,
    givens_of,
    read_square_size,
    tatham_game_id,
)
from ._pzpr import looks_like_address, read_address, read_sides, write_sides

MAX_N = 30  # beyond this the visibility ladders (4N lines x N cells x N heights) get slow

_HEADER = re.compile(rf"\s*({NATURAL})\s*(?:d[a-z])?\s*:(.*)", re.DOTALL)
_GRID_TOKEN = re.compile(rf"[a-z]|_|{NATURAL}|.", re.DOTALL)


class SkyscrapersInput(NamedTuple):
    """What render needs besides the answer: the grid's size."""

    size: int


def parse(text: str, source: str) -> Instance[SkyscrapersInput]:
    lines = content_lines(text, source)
    joined = "".join(line for _, line in lines)
    if looks_like_address(joined):
        return _from_puzzlink(joined, source, lines[0][0])
    number, line = tatham_game_id(lines, source, "4:2/2/1/3/...", "towers")
    match = _HEADER.fullmatch(line)
    if not match:
        raise InputError(source, "not a skyscrapers format that is read (expected a game ID "
                         "`N:` of Tatham's Towers then 4N clues separated by `/`, or a "
                         "puzz.link skyscrapers address)", number)
    size = natural(match.group(1), source, number, "size")
    if not 1 <= size <= MAX_N:
        raise InputError(source, f"Grid size must be between 1 and {MAX_N} (found {size})",
                         number)
    clue_part, comma, grid_part = match.group(2).strip().partition(",")
    clues = _read_clues(clue_part, size, source, number)
    if comma:
        clues += _read_grid(grid_part, size, source, number)
    return Instance(source, (fact("size", size),), tuple(clues), SkyscrapersInput(size))


def _from_puzzlink(text: str, source: str, line: int) -> Instance[SkyscrapersInput]:
    found = read_address(text, source, line, ("skyscrapers", "building", "skyscraper"))
    size = found.cols
    if not 1 <= size <= MAX_N:
        raise InputError(source, f"Grid size must be between 1 and {MAX_N}", line)
    sides, cells = read_sides(found, source, line, found.body)
    clues = []
    for index, value in enumerate(sides):
        side, position = SIDES[index // size], index % size + 1
        if value is not None:
            if not 1 <= value <= size:
                raise InputError(source, f"Clue number out of range: {value} {side} "
                                 f"{position} (1..{size})", line)
            clues.append(fact("clue", side, position, value))
    for index, value in enumerate(cells):
        if value is not None:
            if not 1 <= value <= size:
                raise InputError(source, f"Out-of-range number in grid description: "
                                 f"{value} (1..{size})", line)
            clues.append(fact("given", index // size + 1, index % size + 1, value))
    return Instance(source, (fact("size", size),), tuple(clues), SkyscrapersInput(size))


def write_puzzlink(instance: Instance[SkyscrapersInput], clues: list[Symbol]) -> str:
    """A puzz.link address: the side clues, then the given heights if there are any."""
    size = instance.data.size
    sides: list[int | None] = [None] * (4 * size)
    cells: list[int | None] = [None] * (size * size)
    for clue in clues:
        if clue.name == "clue":
            side, line, count = clue.arguments
            sides[SIDES.index(side.string) * size + line.number - 1] = count.number
        else:
            row, column, height = (arg.number for arg in clue.arguments)
            cells[(row - 1) * size + column - 1] = height
    return write_sides("skyscrapers", size, sides, cells) + "\n"


def _read_clues(text: str, size: int, source: str, line: int) -> list[Symbol]:
    entries = text.split("/")
    if len(entries) < 4 * size:
        raise InputError(source, f"Too few clues for grid size (expected {4 * size}, "
                         f"found {len(entries)})", line)
    if len(entries) > 4 * size:
        raise InputError(source, f"Too many clues for grid size (expected {4 * size}, "
                         f"found {len(entries)})", line)
    clues = []
    for index, entry in enumerate(entries):
        entry = entry.strip()
        if not entry:
            continue
        side, position = SIDES[index // size], index % size + 1
        if not is_integer(entry):
            raise InputError(source, f"clue {index + 1} ({side} {position}): expected a "
                             f"number or nothing, found {entry!r}", line)
        value = integer(entry, source, line, f"clue {index + 1} ({side} {position})")
        if not 1 <= value <= size:
            raise InputError(source, f"Clue number out of range: {value} {side} "
                             f"{position} (1..{size})", line)
        clues.append(fact("clue", side, position, value))
    return clues


def _height(height: int | None) -> int:
    if height is None:
        raise ValueError("a full answer has a height in every cell")
    return height


def _read_grid(text: str, size: int, source: str, line: int) -> list[Symbol]:
    """Tatham's grid part: digits are given heights, a..z skip 1..26 cells, `_` separates."""
    givens, cell = [], 0
    for token in _GRID_TOKEN.findall(text.strip()):
        if token == "_":
            continue
        if "a" <= token <= "z":
            cell += ord(token) - ord("a") + 1
        elif is_digits(token):
            value = natural(token, source, line, "grid description")
            if not 1 <= value <= size:
                raise InputError(source, f"Out-of-range number in grid description: "
                                 f"{value} (1..{size})", line)
            if cell < size * size:
                givens.append(fact("given", cell // size + 1, cell % size + 1, value))
            cell += 1
        else:
            raise InputError(source, f"Invalid character in game description: {token!r}",
                             line)
    if cell < size * size:
        raise InputError(source, f"Not enough data to fill grid ({cell} of "
                         f"{size * size} cells)", line)
    if cell > size * size:
        raise InputError(source, f"Too much data to fit in grid ({cell} of "
                         f"{size * size} cells)", line)
    return givens


def _heights(size: int, answer: Answer) -> list[list[int | None]]:
    """Heights by row and column; None where the answer is partial (a hint)."""
    return atom_grid(answer, "tower", size, size, int)


def board(instance: Instance[SkyscrapersInput], answer: Answer) -> Board:
    """The heights, the counts of towers seen outside."""
    size = instance.data.size
    givens = given_cells(answer.symbols)
    cells = grid_of(_heights(size, answer), givens)
    return Board(Grid(cells, *answer_sides(size, answer, instance.clues)),
                 LEGEND)


def conflict_board(instance: Instance[SkyscrapersInput], conflict: list[Symbol]) -> Board:
    """The edge clues and given heights alone, those that cannot hold together marked."""
    size = instance.data.size
    marked = set(conflict)
    cells = clue_grid_of(size, size, given_values(instance.clues), given_cells(marked))
    return Board(Grid(cells, *conflict_sides(size, instance.clues, marked)),
                 LEGEND)


LEGEND = "digits outside: towers seen from that side"


def solution_json(instance: Instance[SkyscrapersInput], answer: Answer) -> dict[str, Any]:
    return {"grid": _heights(instance.data.size, answer)}


def read_answer(instance: Instance[SkyscrapersInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's heights, `{"grid": [[h, ...], ...]}` (null: a cell left open)."""
    size = instance.data.size
    return read_numbers(solution, "tower", size, size, what="a height")


def describe_clue(instance: Instance[SkyscrapersInput], clue: Symbol) -> str:
    if clue.name == "given":
        return describe_given(instance, clue)
    side, line, count = clue.arguments
    return describe_edge(side.string, line.number, count.number)


def blank(size: str | None) -> Instance[SkyscrapersInput]:
    """An empty grid of a size like "5" or "5x5" (default 5, as Tatham's)."""
    side = read_square_size(size, "5", MAX_N)
    return parse(f"{side}:" + "/" * (4 * side - 1), "--size")


def clues_of(instance: Instance[SkyscrapersInput], answer: Answer) -> list[Symbol]:
    """Every edge clue and every height the full answer implies."""
    size = instance.data.size
    grid = [[_height(h) for h in row] for row in _heights(size, answer)]
    clues = []
    for side in SIDES:
        for line in range(1, size + 1):
            heights = [grid[r][c] for r, c in line_cells(side, line, size)]
            seen = sum(1 for p, h in enumerate(heights) if all(h > q for q in heights[:p]))
            clues.append(fact("clue", side, line, seen))
    clues += givens_of(answer, "tower")
    return clues


def clue_atom(clue: Symbol) -> Symbol | None:
    """A given height is the tower on its cell in the answer; an edge clue is no atom."""
    return Function("tower", clue.arguments) if clue.name == "given" else None


def write(instance: Instance[SkyscrapersInput], clues: list[Symbol]) -> str:
    """A Tatham game ID with these clues (and the `,` grid part if a height is given)."""
    size = instance.data.size
    entries = [""] * (4 * size)
    cells: list[int | None] = [None] * (size * size)
    for clue in clues:
        if clue.name == "clue":
            side, line, count = clue.arguments
            entries[SIDES.index(side.string) * size + line.number - 1] = str(count.number)
        else:
            row, column, height = (arg.number for arg in clue.arguments)
            cells[(row - 1) * size + column - 1] = height
    text = f"{size}:" + "/".join(entries)
    if any(value is not None for value in cells):
        text += "," + _grid_text(cells)
    return text + "\n"


def _grid_text(cells: list[int | None]) -> str:
    parts: list[str] = []
    run = 0
    for value in [*cells, 0]:
        if value is None:
            run += 1
            continue
        while run:
            step = min(run, 26)
            parts.append(chr(ord("a") + step - 1))
            run -= step
        if value:
            if parts and is_digits(parts[-1][-1]):
                parts.append("_")
            parts.append(str(value))
    return "".join(parts)


PUZZLE: PuzzleSpec[SkyscrapersInput] = PuzzleSpec(
    name="skyscrapers", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_clue, refuses_hint=None, refuses_explain=None),
    writing=Writing(writers={"tatham": write, "puzzlink": write_puzzlink}, complete_formats=()),
    generating=Generating(blank=blank, clues_of=clues_of, random_answer=None,
                          clue_atom=clue_atom),
    judging=None, size=None, options=None,
    inline=True,
    read_answer=read_answer,
)
