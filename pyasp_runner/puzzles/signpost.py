"""Signpost (Tatham): number the cells 1..N so that every arrow points at the next number.

Input: Simon Tatham's game ID `WxH:` (or `WxHc:` for the variant with 1 and N in the
corners) followed, per cell in reading order, by an optional number and a direction
letter, `a` = north, then clockwise `b` NE ... `h` NW. The ID may be given on the
command line itself or in a file (`#` lines are comments), also as pasted from the
puzzle's web page (`...signpost.html#WxH:...`), wrapped over lines, or as a Tatham save
file.

Written (`--to`): `tatham`, the game ID (pzprjs has no Signpost).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from clingo import Symbol

from ..board import Board, Cell, Grid, clue_grid_of, grid_of
from ..errors import InputError
from ..numerals import natural
from ..player import PlayerAnswer
from ..puzzle import Answer, Drawing, Instance, PuzzleSpec, Reasoning, Size, Writing, fact
from ._answers import read_numbers
from ._drawing import given_cells, given_values
from ._grid import (
    content_lines,
    describe_given,
    tatham_game_id,
)
from ._path import number_grid

# The runner's size check (--max-size/--force): number-successor checks (see size).
MAX_SIZE = 1_000_000
MAX_SIDE = 100

LETTERS = "abcdefgh"
# Tatham's directions a..h: north, then clockwise; steps as (row, column), rows growing down.
STEPS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?(c?)")


class SignpostInput(NamedTuple):
    """What render and write need besides the answer: size, variant and every arrow."""

    rows: int
    cols: int
    corners: bool
    arrows: tuple[tuple[int, ...], ...]  # direction index 0..7 (a..h) by row and column

    @property
    def cells(self) -> int:
        return self.rows * self.cols


def parse(text: str, source: str) -> Instance[SignpostInput]:
    lines = content_lines(text, source)
    line, game_id = tatham_game_id(lines, source, "5x5:1cceef...", "signpost")
    params, colon, desc = game_id.partition(":")
    if not colon:
        raise InputError(source, "expected a game ID like 5x5:1cceef... (no ':' found)", line)
    match = _PARAMS.fullmatch(params.strip())
    if not match:
        raise InputError(source, f"unknown parameters {params.strip()!r} "
                         "(expected W x H like 5x5, optionally with c for corners)", line)
    cols = natural(match.group(1), source, line, "width")
    rows = natural(match.group(2) or match.group(1), source, line, "height")
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise InputError(source, f"width and height must be 1..{MAX_SIDE}, found "
                         f"{cols}x{rows}", line)
    arrows, numbers = _unpick(desc.strip(), rows * cols, source, line)
    givens: dict[int, int] = {}
    for index, number in enumerate(numbers):
        if number:
            if number in givens:
                at = givens[number]
                raise InputError(source, f"Number {number} given twice (cells "
                                 f"({at // cols + 1},{at % cols + 1}) and "
                                 f"({index // cols + 1},{index % cols + 1}))", line)
            givens[number] = index
    board = SignpostInput(rows, cols, bool(match.group(3)),
                  tuple(tuple(arrows[r * cols:(r + 1) * cols]) for r in range(rows)))
    clues = tuple(fact("given", i // cols + 1, i % cols + 1, v) for v, i in sorted(givens.items()))
    return Instance(source, _structure(board), clues, board)


def _unpick(desc: str, cells: int, source: str, line: int) -> tuple[list[int], list[int]]:
    """Tatham's reading of the description: arrows and numbers (0 = none) per cell."""
    arrows: list[int] = []
    numbers: list[int] = []
    number = 0
    for position, char in enumerate(desc, start=1):
        if len(arrows) >= cells:
            raise InputError(source, "Game description longer than expected "
                             f"(character {position}: {cells} cells already read)", line)
        if char in "0123456789":
            number = number * 10 + int(char)
            if number > cells:
                raise InputError(source, f"Number too large (character {position}: more "
                                 f"than the {cells} cells)", line)
        elif char in LETTERS:
            arrows.append(LETTERS.index(char))
            numbers.append(number)
            number = 0
        else:
            raise InputError(source, "Game description contains unexpected characters "
                             f"(character {position}: {char!r}; numbers and arrows a..h only)",
                             line)
    if len(arrows) < cells:
        raise InputError(source, f"Game description shorter than expected ({len(arrows)} of "
                         f"{cells} cells)", line)
    return arrows, numbers


def _structure(board: SignpostInput) -> tuple[Symbol, ...]:
    facts = [fact("rows", board.rows), fact("cols", board.cols)]
    for r, row in enumerate(board.arrows, start=1):
        for c, direction in enumerate(row, start=1):
            facts += [fact("cell", r, c), fact("arrow", r, c, *STEPS[direction])]
    if board.corners:
        facts.append(fact("corner_start"))
    return tuple(facts)


def size(instance: Instance[SignpostInput]) -> tuple[int, str]:
    """Ground successor checks before pruning: every number on every cell, checked
    against each cell its arrow sees (a board whose arrows point across it costs more)."""
    board = instance.data
    seen = 0
    for r, row in enumerate(board.arrows):
        for c, direction in enumerate(row):
            dr, dc = STEPS[direction]
            steps_r = board.rows if dr == 0 else (board.rows - 1 - r if dr > 0 else r)
            steps_c = board.cols if dc == 0 else (board.cols - 1 - c if dc > 0 else c)
            seen += min(steps_r, steps_c)
    return board.cells * max(seen, board.cells), "number-successor checks"


def board(instance: Instance[SignpostInput], answer: Answer) -> Board:
    data = instance.data
    cells = grid_of(number_grid(answer, data.rows, data.cols), given_cells(answer.symbols))
    return _with_arrows(data, cells)


def conflict_board(instance: Instance[SignpostInput], conflict: list[Symbol]) -> Board:
    """The board with its arrows and the given numbers alone, those in the conflict marked."""
    data = instance.data
    cells = clue_grid_of(data.rows, data.cols, given_values(instance.clues),
                         given_cells(conflict))
    return _with_arrows(data, cells)


def _with_arrows(data: SignpostInput, cells: tuple[tuple[Cell, ...], ...]) -> Board:
    arrowed = tuple(tuple(cell._replace(arrow=STEPS[data.arrows[r][c]])
                          for c, cell in enumerate(row)) for r, row in enumerate(cells))
    legend = "every arrow points towards the next number"
    if data.corners:
        legend += "; corner variant: 1 top left, the last number bottom right"
    return Board(Grid(arrowed), legend)


def solution_json(instance: Instance[SignpostInput], answer: Answer) -> dict[str, Any]:
    board = instance.data
    return {"grid": number_grid(answer, board.rows, board.cols)}


def write(instance: Instance[SignpostInput], clues: list[Symbol]) -> str:
    """The game ID with the board's arrows and the numbers of `clues`."""
    board = instance.data
    numbers = {(a.number, b.number): v.number for a, b, v in (c.arguments for c in clues)}
    desc = "".join(f"{numbers.get((r, c), '')}{LETTERS[board.arrows[r - 1][c - 1]]}"
                   for r in range(1, board.rows + 1) for c in range(1, board.cols + 1))
    return f"{board.cols}x{board.rows}{'c' if board.corners else ''}:{desc}\n"


def read_answer(instance: Instance[SignpostInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's numbers, `{"grid": [[n, ...], ...]}` (null: left open)."""
    board = instance.data
    return read_numbers(solution, "number", board.rows, board.cols)


PUZZLE: PuzzleSpec[SignpostInput] = PuzzleSpec(
    name="signpost", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_given, refuses_hint=None, refuses_explain=None),
    writing=Writing(writers={"tatham": write}, complete_formats=()),
    generating=None, judging=None,
    size=Size(measure=size, limit=MAX_SIZE),
    options=None,
    inline=True,
    read_answer=read_answer,
)
