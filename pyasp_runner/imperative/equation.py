"""Equation crossword, imperatively: fill the unknowns in a chosen order, check equations.

Follows the original Python solver. Every unknown takes the integers of the range
(-9..99 unless the file says otherwise). The order of filling is chosen so that each
equation is checked as soon as its cells are filled: equations with the fewest unknowns
come first and, among those, equations with a multiplication (a product narrows the
values fastest). The original chose this order by hand for one puzzle; here the same
rule picks it for any puzzle. A finished equation that does not hold cuts the branch.
"""

from __future__ import annotations

from typing import cast

from ..puzzle import to_python
from ..puzzles.equation import parse
from ._common import Enough, Result, Watch

Equation = tuple[list[int], list[str], int | None]  # cell indices, operators, result


def read(text: str) -> tuple[list[int | None], int, list[Equation], tuple[int, int]]:
    """The cells row by row (None unknown), the row length, the equations and the range.

    The drawn layout is read by the package's own parser, so both solvers see the same
    puzzle; only the search differs.
    """
    instance = parse(text, "<imperative>")
    layout = instance.data
    width = layout.columns
    cells: list[int | None] = [None] * (layout.rows * width)
    results: dict[object, int] = {}
    for clue in instance.clues:
        if clue.name == "given":
            row, column, value = (arg.number for arg in clue.arguments)
            cells[(row - 1) * width + column - 1] = value
        else:
            key, result = clue.arguments
            results[to_python(key)] = result.number
    equations = [([(r - 1) * width + c - 1 for r, c in in_order], ops, results.get(key))
                 for key, in_order, ops in layout.equations()]
    return cells, width, equations, (layout.low, layout.high)


def holds(equation: Equation, cells: list[int | None]) -> bool:
    """`a op b op c ... = result` with * and / before + and -, else left to right."""
    indices, operators, result = equation
    total, sign = 0, 1  # the finished terms, and the sign of the current one
    term = cast(int, cells[indices[0]])  # checked only once every cell has its number
    for operator, index in zip(operators, indices[1:], strict=True):
        value = cast(int, cells[index])
        if operator == "*":
            term *= value
        elif operator == "/":
            if value == 0 or term % value:  # division must be exact
                return False
            term //= value
        else:
            total += sign * term
            sign, term = (1 if operator == "+" else -1), value
    return result is None or total + sign * term == result  # `_` result: any value


def order(cells: list[int | None], equations: list[Equation]) -> list[int]:
    """Unknown cells, the cells of the equation with fewest unknowns left (products
    first) at a time."""
    chosen: list[int] = []
    unknown_total = cells.count(None)

    def unknowns(eq: Equation) -> list[int]:
        return [c for c in eq[0] if cells[c] is None and c not in chosen]

    while len(chosen) < unknown_total:
        open_equations = [eq for eq in equations if unknowns(eq)]
        best = min(open_equations, key=lambda eq: (len(unknowns(eq)), "*" not in eq[1]))
        chosen += unknowns(best)
    return chosen


# The encoding's shown atom for a value (the studio draws a search with the board).
SHOWN_VALUE = "value"


def solve(text: str, limit: int = 2, watch: Watch | None = None) -> Result:
    cells, width, equations, (low, high) = read(text)
    result = Result(limit=limit, watch=watch)

    def snapshot() -> list[list[int | None]]:
        return [cells[start:start + width] for start in range(0, len(cells), width)]

    sequence = order(cells, equations)
    # After filling sequence[n], check the equations whose last unknown that was.
    position = {cell: n for n, cell in enumerate(sequence)}
    closes: list[list[Equation]] = [[] for _ in sequence]
    for eq in equations:
        unknown = [position[c] for c in eq[0] if c in position]
        if unknown:
            closes[max(unknown)].append(eq)
    values = range(low, high + 1)

    def search(n: int) -> None:
        result.nodes += 1
        if n == len(sequence):
            result.saw("solution", snapshot)
            result.found({"grid": [cells[start:start + width]
                                   for start in range(0, len(cells), width)]})
            return
        cell, checks = sequence[n], closes[n]
        for value in values:
            result.tried += 1
            cells[cell] = value
            result.saw("try", snapshot, divmod(cell, width))
            if all(holds(eq, cells) for eq in checks):
                search(n + 1)
            else:
                result.saw("cut", snapshot, divmod(cell, width))
        cells[cell] = None

    try:
        if all(holds(eq, cells) for eq in equations
               if all(cells[c] is not None for c in eq[0])):
            result.saw("start", snapshot)
            search(0)
        else:
            result.nodes = 1  # the root, cut at once: a given equation is false
        result.complete = True
    except Enough:
        pass
    return result
