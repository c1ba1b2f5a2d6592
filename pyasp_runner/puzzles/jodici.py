"""Jodici: 3 rings x 6 sectors, digits 1..9 twice each, sectors sum to 15, rings to 30.

Input: three CSV rows (rings, inner first) of six fields (sectors), `_` for empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clingo import Symbol

from ..board import Board, Cell, Rings, clue_grid_of, grid_of
from ..errors import InputError
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
from ._drawing import given_cells, given_values
from ._grid import (
    atom_grid,
    check_value,
    content_lines,
    csv_text,
    given_rows,
    givens_of,
    read_number_grid,
)

RINGS, SECTORS = 3, 6


def parse(text: str, source: str) -> Instance[None]:
    lines = content_lines(text, source)
    if len(lines) != RINGS:
        raise InputError(source, f"expected {RINGS} rows (one per ring), found {len(lines)}",
                         lines[min(len(lines), RINGS + 1) - 1][0])
    grid = read_number_grid(lines, source, width=SECTORS)
    clues = []
    for (line, _), ring, row in zip(lines, range(1, RINGS + 1), grid, strict=True):
        for sector, digit in enumerate(row, start=1):
            if digit is not None:
                check_value(digit, 1, 9, source, line, f"column {sector}")
                clues.append(fact("given", ring, sector, digit))
    structure = [fact("ring", r) for r in range(1, RINGS + 1)]
    structure += [fact("sector", s) for s in range(1, SECTORS + 1)]
    return Instance(source, tuple(structure), tuple(clues))


def _grid(answer: Answer) -> list[list[int | None]]:
    """Digits by ring and sector; None where the answer is partial (a hint)."""
    return atom_grid(answer, "value", RINGS, SECTORS, int)


def _total(values: list[int | None]) -> str:
    known = [v for v in values if v is not None]
    return f"{sum(known)}" if len(known) == len(values) else ""


def board(instance: Instance[None], answer: Answer) -> Board:
    """Three rings of six sectors, each ring's and sector's sum where known."""
    grid = _grid(answer)
    return Board(_rings(grid_of(grid, given_cells(answer.symbols)), grid),
                 "digits 1..9 twice each; every sector sums to 15, every ring to 30")


def conflict_board(instance: Instance[None], conflict: list[Symbol]) -> Board:
    """The clues alone, those that cannot hold together marked."""
    cells = clue_grid_of(RINGS, SECTORS, given_values(instance.clues), given_cells(conflict))
    return Board(_rings(cells, [[None] * SECTORS] * RINGS))


def _rings(cells: tuple[tuple[Cell, ...], ...], grid: list[list[int | None]]) -> Rings:
    return Rings(cells, ring_labels=tuple(f"ring {r}"
                                          for r in range(1, RINGS + 1)),
                 ring_notes=tuple(_total(row) for row in grid),
                 sector_notes=tuple(_total([grid[r][s] for r in range(RINGS)])
                                    for s in range(SECTORS)))


def solution_json(instance: Instance[None], answer: Answer) -> dict[str, Any]:
    return {"grid": _grid(answer)}


def blank(size: str | None) -> Instance[None]:
    """The empty disc (jodici has one size)."""
    if size not in (None, f"{RINGS}x{SECTORS}"):
        raise InputError("--size", f"jodici has one size, {RINGS}x{SECTORS}")
    return parse("\n".join([",".join("_" * SECTORS)] * RINGS), "--size")


def clues_of(instance: Instance[None], answer: Answer) -> list[Symbol]:
    return givens_of(answer, "value")


def write(instance: Instance[None], clues: list[Symbol]) -> str:
    return csv_text(given_rows(RINGS, SECTORS, clues))


def describe_clue(instance: Instance[None], clue: Symbol) -> str:
    ring, sector, digit = (arg.number for arg in clue.arguments)
    return f"the {digit} at ring {ring}, sector {sector}"


def read_answer(instance: Instance[None], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's digits, `{"grid": [[d, ...], ...]}`, a row per ring (null: left open)."""
    return read_numbers(solution, "value", RINGS, SECTORS, what="a digit")


PUZZLE: PuzzleSpec[None] = PuzzleSpec(
    name="jodici", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_clue, refuses_hint=None, refuses_explain=None),
    writing=Writing(writers={"text": write}, complete_formats=()),
    generating=Generating(blank=blank, clues_of=clues_of, random_answer=None, clue_atom=None),
    judging=None, size=None, options=None,
    read_answer=read_answer,
)
