"""Equation crossword: a grid of integers whose rows and columns are equations (* / before + -).

Input, laid out as the puzzle is drawn (any grid size, 3x3 is the classic):

    26 - _ * _ = -278
    +    +   *
    _ * _ + _ = 216
    -    +   -
    _ * _ + _ = 11
    =    =   =
    36   27  245

Equation rows (cells joined by operators, `=`, the row's result) alternate with
operator rows (one operator per column); a row of `=` and the column results close
it. `_` is an unknown cell (a `_` result leaves that equation open). Operators:
`+ - * /`, also `x`, the multiplication sign and the middle dot for times,
`:` and the division sign for divided by, the minus sign for minus; tokens need
no spaces between them. An optional first line `range: LO..HI` sets the values of
unknown cells (default -9..99).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from clingo import Symbol

from ..board import Board, Clue, Grid, Mark, Operator, clue_grid_of, grid_of
from ..errors import InputError
from ..numerals import is_digits
from ..player import PlayerAnswer
from ..puzzle import (
    Answer,
    Drawing,
    Generating,
    Instance,
    PuzzleSpec,
    Reasoning,
    Size,
    Writing,
    fact,
)
from ._answers import read_numbers
from ._drawing import given_cells, given_values
from ._grid import (
    Line,
    atom_grid,
    content_lines,
    describe_given,
    given_rows,
    givens_of,
    parse_int,
    parse_range,
    read_size,
    take_header,
)

DEFAULT_RANGE = (-9, 99)
# Rows and columns of cells; products of a long equation outgrow 32 bits anyway.
MAX_SIDE = 9
# clingo computes with 32-bit integers: every product and sum the encoding forms stays below.
INT_LIMIT = 2**31 - 1
# The runner's size check (--max-size/--force): cell values and operand combinations
# (see size). At the limit: a 9x9 of sums over 0..12344 (1 M cell values) 40 s and
# 1.3 GB, an open product over 1..999 (1 M combinations) 32 s and 0.6 GB.
MAX_SIZE = 1_000_000
# A product stepped back from its result grounds few atoms: what it costs is the
# grounder's divisibility checks, 0.14 us each against 30-40 us for a cell value or an
# open combination (the reference at -1000..1000: 12 M checks, 2.0 s, 73 MB).
CHECK_SHARE = 200
OPERATORS = {"+": "+", "-": "-", "\u2212": "-", "*": "*", "x": "*", "X": "*", "\u00d7": "*",
             "·": "*", "/": "/", ":": "/", "÷": "/"}
BLANK = None

Cell = int | None  # a known number or BLANK


class EquationInput(NamedTuple):
    """The drawn puzzle: cells, the operators between them, the results."""

    rows: int
    columns: int
    low: int
    high: int
    row_ops: tuple[tuple[str, ...], ...]     # per row: the operators between its cells
    column_ops: tuple[tuple[str, ...], ...]  # per operator line: one operator per column
    ranged: bool = False                     # the file had a range: header

    def equations(self) -> list[tuple[tuple[str, int], list[tuple[int, int]], list[str]]]:
        """Every equation: its id, its cells in order, the operators before cells 2.."""
        found = [(("row", r), [(r, c) for c in range(1, self.columns + 1)],
                  list(self.row_ops[r - 1])) for r in range(1, self.rows + 1)]
        found += [(("col", c), [(r, c) for r in range(1, self.rows + 1)],
                   [line[c - 1] for line in self.column_ops]) for c in range(1, self.columns + 1)]
        return found


def _tokens(line: Line, source: str, numbers: bool = False) -> list[str | int | None]:
    """Operators, `=`, numbers and blanks of a line.

    A sign followed by a digit belongs to the number unless it follows a cell (`3 -2` is
    3 minus 2), or always on a line of `numbers` (the column results).
    """
    number, text = line
    tokens: list[str | int | None] = []
    position = 0
    while position < len(text):
        char = text[position]
        if char.isspace():
            position += 1
            continue
        operand_before = bool(tokens) and (tokens[-1] is None or isinstance(tokens[-1], int))
        rest = text[position + 1:]
        signed = (char in "+-\u2212" and (numbers or not operand_before)
                  and is_digits(rest[:1]))
        if char == "_":
            end = position
            while end < len(text) and text[end] == "_":
                end += 1
            tokens.append(BLANK)
        elif is_digits(char) or signed:
            end = position + 1
            while end < len(text) and is_digits(text[end]):
                end += 1
            digits = text[position:end].replace("\u2212", "-")
            tokens.append(parse_int(digits, source, number, "number"))
        elif char in OPERATORS or char == "=":
            end = position + 1
            tokens.append(OPERATORS.get(char, "="))
        else:
            raise InputError(source, f"unknown character {char!r} (numbers, _, + - * / and =)",
                             number)
        position = end
    return tokens


def _equation_row(line: Line, source: str) -> tuple[list[Cell], list[str], Cell]:
    """`a op b op c = result` -> cells, operators, result."""
    number = line[0]
    tokens = _tokens(line, source)
    if len(tokens) < 3 or tokens[-2] != "=":
        raise InputError(source, "an equation row ends with `= result`", number)
    body, result = tokens[:-2], tokens[-1]
    if isinstance(result, str):
        raise InputError(source, f"the result after `=` must be a number or _, found "
                         f"{result!r}", number)
    if len(body) % 2 == 0:
        raise InputError(source, "an equation row alternates cells and operators", number)
    cells: list[Cell] = []
    ops: list[str] = []
    for index, token in enumerate(body):
        if index % 2 == 0:
            if isinstance(token, str):
                raise InputError(source, f"item {index + 1}: expected a cell (number or _), "
                                 f"found {token!r}", number)
            cells.append(token)
        else:
            if not isinstance(token, str) or token == "=":
                raise InputError(source, f"item {index + 1}: expected an operator + - * /, "
                                 f"found {'_' if token is None else token!r}", number)
            ops.append(token)
    return cells, ops, result


def _operator_row(line: Line, source: str, columns: int) -> list[str]:
    tokens = _tokens(line, source)
    if len(tokens) != columns or not all(isinstance(t, str) and t != "=" for t in tokens):
        raise InputError(source, f"expected an operator row of {columns} operators "
                         f"(+ - * /, one per column)", line[0])
    return [str(t) for t in tokens]


def parse(text: str, source: str) -> Instance[EquationInput]:
    header, lines = take_header(content_lines(text, source), "range")
    low, high = parse_range(header, source) if header else DEFAULT_RANGE
    if len(lines) < 3 or len(lines) % 2 == 0:
        at = lines[-1][0] if lines else (header[0] if header else None)
        raise InputError(source, f"expected equation rows and operator rows in turn, then a "
                         f"row of = and the column results: {len(lines)} lines", at)
    rows = (len(lines) - 1) // 2
    if rows > MAX_SIDE:
        raise InputError(source, f"{rows} rows is too many (limit {MAX_SIDE})",
                         lines[2 * MAX_SIDE][0])
    grid: list[list[Cell]] = []
    row_ops: list[tuple[str, ...]] = []
    row_results: list[Cell] = []
    for index in range(0, 2 * rows, 2):
        cells, ops, result = _equation_row(lines[index], source)
        if grid and len(cells) != len(grid[0]):
            raise InputError(source, f"expected {len(grid[0])} cells like the first row, "
                             f"found {len(cells)}", lines[index][0])
        if len(cells) > MAX_SIDE:
            raise InputError(source, f"{len(cells)} columns is too many (limit {MAX_SIDE})",
                             lines[index][0])
        grid.append(cells)
        row_ops.append(tuple(ops))
        row_results.append(result)
    columns = len(grid[0])
    column_ops = tuple(tuple(_operator_row(lines[index], source, columns))
                       for index in range(1, 2 * rows - 1, 2))
    equals = lines[2 * rows - 1]
    if _tokens(equals, source) != ["="] * columns:
        raise InputError(source, f"expected a row of {columns} `=` under the columns",
                         equals[0])
    results_line = lines[2 * rows]
    column_results = _tokens(results_line, source, numbers=True)
    if len(column_results) != columns or any(isinstance(t, str) for t in column_results):
        raise InputError(source, f"expected {columns} column results (numbers or _)",
                         results_line[0])
    layout = EquationInput(rows, columns, low, high, tuple(row_ops), column_ops, header is not None)
    results = dict(zip([eq for eq, _, _ in layout.equations()],
                       [*row_results, *column_results], strict=True))
    _check_magnitudes(layout, grid, results, source, lines[0][0])
    clues = [fact("given", r, c, v) for r, row in enumerate(grid, start=1)
             for c, v in enumerate(row, start=1) if v is not None]
    clues += [fact("result", eq, v) for eq, v in results.items() if isinstance(v, int)]
    return Instance(source, _structure(layout), tuple(clues), layout)


def _check_magnitudes(layout: EquationInput, grid: list[list[Cell]], results: dict[Any, Any],
                      source: str, line: int) -> None:
    """Refuse numbers whose arithmetic would leave clingo's 32-bit integers (which wrap
    silently: a wrong answer, so `--force` does not lift this).

    With M the largest magnitude a cell may take, asp/equation.lp's numbers stay within
    these: a product term's value and its `bound` within M**(1 + its multiplications) (a
    division never makes a value larger); a wanted value, a sum and a step back through
    `* Y` within |R| plus the terms' bounds; a step back through `/ Y` multiplies a
    wanted value by Y, at most M more.
    """
    cells = [abs(v) for row in grid for v in row if v is not None]
    biggest = max([abs(layout.low), abs(layout.high), 1, *cells])
    for equation, _, ops in layout.equations():
        products = [0]  # the multiplications of each term
        for op in ops:
            if op in "+-":
                products.append(0)
            elif op == "*":
                products[-1] += 1
        total = abs(results[equation] or 0) + sum(biggest ** (1 + k) for k in products)
        bound = total * (biggest if "/" in ops else 1)
        if bound > INT_LIMIT:
            raise InputError(source, f"numbers too large: equation {_name(equation)} could "
                             f"reach {bound:,}, beyond clingo's 32-bit integers (keep cells "
                             f"and results smaller)", line)


def _structure(layout: EquationInput) -> tuple[Symbol, ...]:
    facts = [fact("cell", r, c) for r in range(1, layout.rows + 1)
             for c in range(1, layout.columns + 1)]
    facts += [fact("low", layout.low), fact("high", layout.high)]
    for equation, cells, ops in layout.equations():
        facts += [fact("operand", equation, i, r, c) for i, (r, c) in enumerate(cells, start=1)]
        facts += [fact("op", equation, i, o) for i, o in enumerate(ops, start=2)]
    return tuple(facts)


def size(instance: Instance[EquationInput]) -> tuple[int, str]:
    """Ground values and products: every cell takes each value of the range; a product
    term of k operands in an open equation is evaluated forwards for every combination
    of its operands' values; a lone product term with a result, or one beside a single
    cell, is stepped back from the result (asp/equation.lp's pruning): its wanted
    values (one, or one per value of that cell) each checked against every divisor, a
    step per operand, which counts a `CHECK_SHARE`th of a combination."""
    layout = instance.data
    width = layout.high - layout.low + 1
    results = _results(instance)
    total = layout.rows * layout.columns * width
    checks = 0
    for equation, _, ops in layout.equations():
        terms = [1]
        for op in ops:
            if op in "+-":
                terms.append(1)
            else:
                terms[-1] += 1
        lone = len(terms) == 1
        stepped_back = equation in results and (lone or (len(terms) == 2 and 1 in terms))
        for k in terms:
            if k > 1 and stepped_back:
                checks += (1 if lone else width) * width * (k - 1)
            elif k > 1:
                total += width ** k
    return total + checks // CHECK_SHARE, "cell values and operand combinations"


def _name(equation: tuple[str, int]) -> str:
    kind, index = equation
    return f"{'row' if kind == 'row' else 'column'} {index}"


def _grid(layout: EquationInput, answer: Answer) -> list[list[int | None]]:
    """Values by row and column; None where the answer is partial (a hint)."""
    return atom_grid(answer, "value", layout.rows, layout.columns, int)


def solution_json(instance: Instance[EquationInput], answer: Answer) -> dict[str, Any]:
    return {"grid": _grid(instance.data, answer)}


def _results(instance: Instance[EquationInput]) -> dict[Any, Any]:
    return {_equation_of(clue): clue.arguments[1].number
            for clue in instance.clues if clue.name == "result"}


def _equation_of(clue: Symbol) -> tuple[str, int]:
    kind, index = clue.arguments[0].arguments
    return kind.string, index.number


def board(instance: Instance[EquationInput], answer: Answer) -> Board:
    """The cells with the operators between them and each equation's result after it."""
    layout = instance.data
    results = {tuple(eq): v for eq, v in answer.atoms("result", 2)} or _results(instance)
    cells = grid_of(_grid(layout, answer), given_cells(answer.symbols))
    return _board(layout, Grid(cells), results, set())


def conflict_board(instance: Instance[EquationInput], conflict: list[Symbol]) -> Board:
    """The clues alone, those that cannot hold together marked."""
    layout = instance.data
    cells = clue_grid_of(layout.rows, layout.columns, given_values(instance.clues),
                         given_cells(conflict))
    marked = {_equation_of(c) for c in conflict if c.name == "result"}
    return _board(layout, Grid(cells), _results(instance), marked)


def _board(layout: EquationInput, grid: Grid, results: dict[Any, Any],
           marked: set[tuple[str, int]]) -> Board:
    def result(equation: tuple[str, int]) -> tuple[Clue, ...]:
        value = results.get(equation)
        if value is None:
            return (Clue("_", Mark.UNKNOWN),)
        return (Clue(str(value), Mark.CONFLICT if equation in marked else Mark.GIVEN),)

    operators = [Operator(r, c, "right", layout.row_ops[r - 1][c - 1])
                 for r in range(1, layout.rows + 1) for c in range(1, layout.columns)]
    operators += [Operator(r, c, "down", layout.column_ops[r - 1][c - 1])
                  for r in range(1, layout.rows) for c in range(1, layout.columns + 1)]
    operators += [Operator(r, layout.columns, "right", "=") for r in range(1, layout.rows + 1)]
    operators += [Operator(layout.rows, c, "down", "=") for c in range(1, layout.columns + 1)]
    return Board(Grid(grid.cells, operators=tuple(operators),
                      right=tuple(result(("row", r)) for r in range(1, layout.rows + 1)),
                      bottom=tuple(result(("col", c)) for c in range(1, layout.columns + 1))),
                 f"* and / before + and -; unknown cells {layout.low}..{layout.high}")


def describe_clue(instance: Instance[EquationInput], clue: Symbol) -> str:
    if clue.name == "result":
        return f"the result {clue.arguments[1].number} of {_name(_equation_of(clue))}"
    return describe_given(instance, clue)


def blank(size: str | None) -> Instance[EquationInput]:
    """An empty grid of a size like "3x3" (the default; rows x columns) with random-free
    operators: + only."""
    rows, columns = read_size(size, "3x3", MAX_SIDE)
    layout = EquationInput(rows, columns, *DEFAULT_RANGE, tuple(("+",) * (columns - 1)
                                                          for _ in range(rows)),
                    tuple(("+",) * columns for _ in range(rows - 1)))
    return Instance("--size", _structure(layout), (), layout)


def clues_of(instance: Instance[EquationInput], answer: Answer) -> list[Symbol]:
    """Every given a full answer implies: all cells, and the results of the equations."""
    layout = instance.data
    grid = _grid(layout, answer)
    clues = givens_of(answer, "value")
    for equation, cells, ops in layout.equations():
        values = [grid[r - 1][c - 1] for r, c in cells]
        if all(v is not None for v in values):
            value = evaluate([int(v) for v in values if v is not None], ops)
            if value is not None:
                clues.append(fact("result", equation, value))
    return clues


def evaluate(values: list[int], ops: list[str]) -> int | None:
    """The value of `v1 op v2 op ...` with * and / first; None if a division is inexact."""
    total, term = 0, values[0]
    sign = 1
    for op, value in zip(ops, values[1:], strict=True):
        if op == "*":
            term *= value
        elif op == "/":
            if value == 0 or term % value:
                return None
            term //= value
        else:
            total += sign * term
            sign, term = (1 if op == "+" else -1), value
    return total + sign * term


def write(instance: Instance[EquationInput], clues: list[Symbol]) -> str:
    layout = instance.data
    grid = given_rows(layout.rows, layout.columns, clues)
    results = {_equation_of(clue): str(clue.arguments[1].number)
               for clue in clues if clue.name == "result"}
    width = max(len(text) for row in grid for text in row)
    lines = [f"range: {layout.low}..{layout.high}"] if layout.ranged or (
        (layout.low, layout.high) != DEFAULT_RANGE) else []
    for r in range(1, layout.rows + 1):
        parts = [grid[r - 1][0].rjust(width)]
        for c in range(2, layout.columns + 1):
            parts += [layout.row_ops[r - 1][c - 2], grid[r - 1][c - 1].rjust(width)]
        lines.append(" ".join([*parts, "=", results.get(("row", r), "_")]))
        if r < layout.rows:
            lines.append("   ".join(op.rjust(width) for op in layout.column_ops[r - 1]))
    lines.append("   ".join("=".rjust(width) for _ in range(layout.columns)))
    lines.append("   ".join(results.get(("col", c), "_").rjust(width)
                            for c in range(1, layout.columns + 1)))
    return "\n".join(lines) + "\n"


def read_answer(instance: Instance[EquationInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's numbers, `{"grid": [[n, ...], ...]}` (null: left open)."""
    layout = instance.data
    return read_numbers(solution, "value", layout.rows, layout.columns)


PUZZLE: PuzzleSpec[EquationInput] = PuzzleSpec(
    name="equation", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=conflict_board,
                    listing=None),
    reasoning=Reasoning(describe_clue=describe_clue, refuses_hint=None, refuses_explain=None),
    writing=Writing(writers={"text": write}, complete_formats=()),
    generating=Generating(blank=blank, clues_of=clues_of, random_answer=None, clue_atom=None),
    judging=None,
    size=Size(measure=size, limit=MAX_SIZE),
    options=None,
    read_answer=read_answer,
)
