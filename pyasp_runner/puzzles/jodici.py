"""Jodici: 3 rings x 6 sectors, digits 1..9 twice each, sectors sum to 15, rings to 30.

Input: three CSV rows (rings, inner first) of six fields (sectors), `_` for empty.
"""

from __future__ import annotations

from typing import Any

from clingo import Symbol
from rich.console import RenderableType
from rich.text import Text

from ..errors import InputError
from ..puzzle import Answer, Instance, fact
from ._grid import (
    GIVEN_LEGEND,
    check_value,
    content_lines,
    filled_text,
    given_text,
    grid_table,
    read_number_grid,
    with_legend,
)

RINGS, SECTORS = 3, 6


def parse(text: str, source: str) -> Instance:
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


def _grid(answer: Answer) -> list[list[int]]:
    grid = [[0] * SECTORS for _ in range(RINGS)]
    for ring, sector, digit in answer.atoms("value", 3):
        grid[ring - 1][sector - 1] = digit
    return grid


def render(instance: Instance, answer: Answer) -> RenderableType:
    grid = _grid(answer)
    givens = {(r, s) for r, s, _ in answer.atoms("given", 3)}
    cells = [
        [(given_text if (r, s) in givens else filled_text)(grid[r - 1][s - 1])
         for s in range(1, SECTORS + 1)] + [Text(f"{sum(grid[r - 1])}", style="dim")]
        for r in range(1, RINGS + 1)
    ]
    sums = [Text(f"{sum(grid[r][s] for r in range(RINGS))}", style="dim") for s in range(SECTORS)]
    table = grid_table(
        [*cells, [*sums, Text("")]],
        row_labels=[f"ring {r}" for r in range(1, RINGS + 1)] + ["sum"],
        column_labels=[f"s{s}" for s in range(1, SECTORS + 1)] + ["sum"],
    )
    return with_legend(table, GIVEN_LEGEND)


def solution_json(instance: Instance, answer: Answer) -> dict[str, Any]:
    return {"grid": _grid(answer)}


def describe_clue(instance: Instance, clue: Symbol) -> str:
    ring, sector, digit = (arg.number for arg in clue.arguments)
    return f"the {digit} at ring {ring}, sector {sector}"
