"""Equation crossword, imperatively: fill the unknowns in a chosen order, check equations.

Follows the original Python solver. Every unknown takes the integers of the range
(-9..99 unless the file says otherwise). The order of filling is chosen so that each
equation is checked as soon as its cells are filled: equations with the fewest unknowns
come first and, among those, equations with a multiplication (a product narrows the
values fastest). The original chose this order by hand for one puzzle; here the same
rule picks it for any puzzle. A finished equation that does not hold cuts the branch.
"""

from __future__ import annotations

import re

from ._common import Enough, Result, content_lines, is_empty, take_range

OPERATORS = {"+": "+", "-": "-", "*": "*", "x": "*", "\N{MULTIPLICATION SIGN}": "*",
             "/": "/", ":": "/", "\N{DIVISION SIGN}": "/"}
DEFAULT_RANGE = (-9, 99)
_TOKEN = re.compile(r"_+|\d+|[-+*/=x:\N{MULTIPLICATION SIGN}\N{DIVISION SIGN}]")

Equation = tuple[tuple[int, int, int], str, str, int]  # cells (0..8), two operators, result


def tokens(line: str) -> list[str]:
    """Split a line into fields, operators and `=`; a minus after nothing, an operator or
    `=` is the sign of the number that follows."""
    raw = _TOKEN.findall(line)
    out: list[str] = []
    for token in raw:
        if out and out[-1] == "-" and token.isdigit() and (
                len(out) == 1 or out[-2] in OPERATORS or out[-2] == "="):
            out[-1] = "-" + token
        else:
            out.append(token)
    return out


def read(text: str) -> tuple[list[int | None], list[Equation], tuple[int, int]]:
    """The 9 cells (None unknown), the 6 equations and the value range."""
    lines, bounds = take_range(content_lines(text))
    if len(lines) != 7:
        raise ValueError("an equation crossword is drawn in 7 lines")
    cells: list[int | None] = []
    equations: list[Equation] = []
    for row in range(3):
        a, op1, b, op2, c, equals, result = tokens(lines[2 * row])
        if equals != "=":
            raise ValueError(f"row {row + 1} has no '='")
        cells += [None if is_empty(f) else int(f) for f in (a, b, c)]
        base = 3 * row
        equations.append(((base, base + 1, base + 2), OPERATORS[op1], OPERATORS[op2],
                          int(result)))
    down = [[OPERATORS[t] for t in tokens(lines[line])] for line in (1, 3)]
    results = [int(t) for t in tokens(lines[6])]
    for col in range(3):
        equations.append(((col, col + 3, col + 6), down[0][col], down[1][col], results[col]))
    return cells, equations, bounds or DEFAULT_RANGE


def apply(left: int, operator: str, right: int) -> int | None:
    if operator == "+":
        return left + right
    if operator == "-":
        return left - right
    if operator == "*":
        return left * right
    if right == 0 or left % right:
        return None
    return left // right


def holds(equation: Equation, cells: list[int | None]) -> bool:
    """`a op1 b op2 c = result` with * and / before + and -, else left to right."""
    (i, j, k), op1, op2, result = equation
    a, b, c = cells[i], cells[j], cells[k]
    assert a is not None and b is not None and c is not None
    if op2 in "*/" and op1 in "+-":
        right = apply(b, op2, c)
        value = None if right is None else apply(a, op1, right)
    else:
        left = apply(a, op1, b)
        value = None if left is None else apply(left, op2, c)
    return value == result


def order(cells: list[int | None], equations: list[Equation]) -> list[int]:
    """Unknown cells, the cells of the equation with fewest unknowns left (products
    first) at a time."""
    chosen: list[int] = []

    def unknowns(eq: Equation) -> list[int]:
        return [i for i in eq[0] if cells[i] is None and i not in chosen]

    while len(chosen) < cells.count(None):
        open_equations = [eq for eq in equations if unknowns(eq)]
        best = min(open_equations, key=lambda eq: (len(unknowns(eq)), "*" not in eq[1:3]))
        chosen += unknowns(best)
    return chosen


def solve(text: str, limit: int = 2) -> Result:
    cells, equations, (low, high) = read(text)
    result = Result(limit=limit)
    sequence = order(cells, equations)
    # After filling sequence[n], check the equations whose last unknown that was.
    position = {cell: n for n, cell in enumerate(sequence)}
    closes: list[list[Equation]] = [[] for _ in sequence]
    for eq in equations:
        unknown = [position[i] for i in eq[0] if i in position]
        if unknown:
            closes[max(unknown)].append(eq)
    values = range(low, high + 1)

    def search(n: int) -> None:
        result.nodes += 1
        if n == len(sequence):
            result.found({"grid": [cells[3 * r:3 * r + 3] for r in range(3)]})
            return
        cell, checks = sequence[n], closes[n]
        for value in values:
            result.tried += 1
            cells[cell] = value
            if all(holds(eq, cells) for eq in checks):
                search(n + 1)
        cells[cell] = None

    try:
        if all(holds(eq, cells) for eq in equations if all(cells[i] is not None
                                                           for i in eq[0])):
            search(0)
        else:
            result.nodes = 1  # the root, cut at once: a given equation is false
        result.complete = True
    except Enough:
        pass
    return result
