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
from collections.abc import Iterator, Mapping
from itertools import pairwise
from typing import Any, NamedTuple

from clingo import Symbol

from ..board import Board, Cell, Grid, clue_grid_of, grid_of
from ..errors import InputError
from ..numerals import natural
from ..player import PlayerAnswer
from ..puzzle import Answer, Drawing, Instance, PuzzleSpec, Reasoning, Size, Writing, fact
from ..tatham import tatham_game_id
from ._answers import read_numbers
from ._drawing import given_cells, given_values
from ._grid import content_lines, describe_given
from ._path import number_grid

# The runner's size check (--max-size/--force): number-successor checks (see size). A
# check grounds in 6-9 us and 400-520 bytes (boards without numbers, 16x16 to 20x20:
# 0.87 M checks 8 s 451 MB, 2.8 M 23 s 1.2 GB; a 20x20 with 5% of its numbers, 6.2 M
# before walks counted a quarter, 27 s 1.2 GB): 6 M is about a minute of grounding.
MAX_SIZE = 6_000_000
WALK_SHARE = 4  # a walk's check costs about a quarter of a candidate's (see size)
# Search, not grounding, is what a board with few given numbers runs into. Measured on
# Tatham's 20x20 with some of its solution's numbers given (CPU seconds, with the
# uniqueness check): 50% and 40% of them leave 26 and 30 candidate numbers per cell
# (2.7 s, 1.8 s), 30% leave 92 (not finished in 84 s); Tatham's own boards leave 4-13
# (20x20 to 30x30, under 2 s); 16x16 and 18x18 without numbers did not finish in 60 s.
OPEN_PER_CELL = 50
OPEN_CELLS = 200  # smaller boards search little even when open
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
    """The checks of "this arrow sees that cell" asp/signpost.lp grounds: for every
    candidate pair of a cell and a number (`candidates`), the cells its arrow sees (where
    the next number may stand) and the cells whose arrows see it (the previous one); and
    the walks from each given number's cell that find the candidates, a quarter each
    (measured: a walk's check takes a quarter of the time of a candidate's, and little
    memory). Arrows across the board cost more; clues cut it down."""
    return _Measure(instance).total(), "number-successor checks"


def reach(instance: Instance[SignpostInput], generating: bool) -> str | None:
    """A board whose given numbers leave many candidates per cell: beyond what is known
    to finish (see OPEN_PER_CELL)."""
    board = instance.data
    count = sum(cells.bit_count() for cells in candidates(instance))
    if board.cells < OPEN_CELLS or count <= OPEN_PER_CELL * board.cells:
        return None
    return (f"its given numbers leave {count // board.cells} candidate numbers per cell; "
            f"boards this open (over {OPEN_PER_CELL} per cell) are beyond what is known to "
            f"finish in a minute")


def candidates(instance: Instance[SignpostInput]) -> Iterator[int]:
    """For each number 1..N, the cells the encoding keeps as candidates for it (a bit
    mask, `_Rays.index`)."""
    return _Measure(instance).candidates()


class _Measure:
    """What asp/signpost.lp grounds, with the board as bit masks (`_Rays`). A number
    between two given numbers stands where the lower one's cell reaches in exactly as
    many arrow moves and whence the higher one's cell is reached in the rest; before the
    first (after the last) given number, that one bounds it alone; a given number stands
    on its cell; without any, every number may stand anywhere."""

    def __init__(self, instance: Instance[SignpostInput]) -> None:
        board = instance.data
        self.cells = board.cells
        self.rays = _Rays(board)
        self.givens = sorted((clue.arguments[2].number,
                              self.rays.index(clue.arguments[0].number - 1,
                                              clue.arguments[1].number - 1))
                             for clue in instance.clues)
        self.walked = 0  # the checks of the walks, as they are made

    def total(self) -> int:
        rays = self.rays
        placed = sum(rays.checks(cells, rays.seen) + rays.checks(cells, rays.seen_by)
                     for cells in self.candidates())
        return placed + self.walked // WALK_SHARE

    def walk(self, start: int, moves: int, backward: bool) -> list[int]:
        sets = self.rays.walk(start, moves, backward)
        weight = self.rays.seen_by if backward else self.rays.seen
        self.walked += sum(self.rays.checks(cells, weight) for cells in sets[:moves])
        return sets

    def candidates(self) -> Iterator[int]:
        givens = self.givens
        if not givens:
            yield from (self.rays.board for _ in range(self.cells))
            return
        first, at_first = givens[0]
        behind = self.walk(at_first, first - 1, backward=True)
        yield from (behind[first - number] for number in range(1, first))
        for (low, at_low), (high, at_high) in pairwise(givens):
            yield 1 << at_low
            steps = high - low - 1
            ahead = self.walk(at_low, steps, backward=False)
            behind = self.walk(at_high, steps, backward=True)
            yield from (ahead[moves] & behind[steps + 1 - moves]
                        for moves in range(1, steps + 1))
        last, at_last = givens[-1]
        yield 1 << at_last
        yield from self.walk(at_last, self.cells - last, backward=False)[1:]


class _Rays:
    """The board as bit masks, a bit per cell (`index`), with a column of padding so
    that no move wraps round: what the arrows see, walked for many cells at once."""

    def __init__(self, board: SignpostInput) -> None:
        self.stride = board.cols + 1
        self.side = max(board.rows, board.cols)
        self.board = 0
        self.arrows = [0] * len(STEPS)  # the cells of each arrow direction
        seen = [0] * (board.rows * self.stride)  # how many cells a cell's arrow sees
        seen_by = [0] * (board.rows * self.stride)  # how many arrows see a cell
        for r, row in enumerate(board.arrows):
            for c, direction in enumerate(row):
                self.board |= 1 << self.index(r, c)
                self.arrows[direction] |= 1 << self.index(r, c)
                dr, dc = STEPS[direction]
                r2, c2 = r + dr, c + dc
                while 0 <= r2 < board.rows and 0 <= c2 < board.cols:
                    seen[self.index(r, c)] += 1
                    seen_by[self.index(r2, c2)] += 1
                    r2, c2 = r2 + dr, c2 + dc
        self.seen, self.seen_by = _bit_masks(seen), _bit_masks(seen_by)

    def index(self, row: int, col: int) -> int:
        return row * self.stride + col

    @staticmethod
    def checks(cells: int, weight: list[int]) -> int:
        """The sum of a weight over `cells`, the weight given by `_bit_masks`."""
        return sum((cells & mask).bit_count() << bit for bit, mask in enumerate(weight))

    def ray(self, cells: int, direction: int) -> int:
        """The cells seen from `cells` in `direction` (any distance), by doubling steps."""
        dr, dc = STEPS[direction]
        step = dr * self.stride + dc
        seen, open_ = _shift(cells, step) & self.board, self.board
        reach = 1
        while reach < self.side:
            seen |= open_ & _shift(seen, step * reach)
            open_ &= _shift(open_, step * reach)
            reach *= 2
        return seen

    def walk(self, start: int, moves: int, backward: bool) -> list[int]:
        """The cells `d` arrow moves from the cell `start` (backward: from which `start`
        is `d` moves away), for d = 0..moves. The walk repeats once a set recurs."""
        sets, first_seen = [1 << start], {1 << start: 0}
        while len(sets) <= moves:
            cells = sets[-1]
            step = 0
            for direction, arrowed in enumerate(self.arrows):
                if backward:  # the cells whose arrow sees one of `cells`: opposite rays
                    step |= self.ray(cells, (direction + 4) % 8) & arrowed
                elif cells & arrowed:
                    step |= self.ray(cells & arrowed, direction)
            if step in first_seen:  # periodic from here on
                loop = sets[first_seen[step]:]
                sets += [loop[i % len(loop)] for i in range(moves + 1 - len(sets))]
                break
            first_seen[step] = len(sets)
            sets.append(step)
        return sets


def _bit_masks(weight: list[int]) -> list[int]:
    """Bit b of every cell's weight as a mask: a weighted count is a few popcounts."""
    return [int("".join("1" if w >> bit & 1 else "0" for w in reversed(weight)) or "0", 2)
            for bit in range(max(weight, default=0).bit_length())]


def _shift(cells: int, step: int) -> int:
    return cells << step if step > 0 else cells >> -step


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
    size=Size(measure=size, limit=MAX_SIZE, reach=reach),
    options=None,
    inline=True,
    read_answer=read_answer,
)
