"""Equation crossword rules: every row and column evaluates (* / first, exact) to its result."""

import re

from . import content_lines

_TOKEN = re.compile(r"_+|\d+|[-+*/x\u00d7·:÷\u2212=]")
_TIMES, _DIVIDE, _MINUS = set("*x\u00d7·"), set("/:÷"), set("-\u2212")


def _tokens(line: str) -> list[str]:
    """Tokens with a sign glued to a number wherever it cannot be an operator."""
    tokens: list[str] = []
    for token in _TOKEN.findall(line):
        if tokens and tokens[-1] in ("-", "\u2212", "+") and token.isdigit() and (
                len(tokens) == 1 or not _is_operand(tokens[-2])):
            token = ("-" if tokens.pop() in _MINUS else "") + token
        tokens.append(token)
    return tokens


def _is_operand(token: str) -> bool:
    return token[-1].isdigit() or token[-1] == "_"


def _value(values: list[int], ops: list[str]) -> int:
    """Evaluate with precedence; an inexact division or one by 0 fails the check."""
    terms: list[int] = [values[0]]
    signs = [1]
    for op, value in zip(ops, values[1:], strict=True):
        if op in _TIMES:
            terms[-1] *= value
        elif op in _DIVIDE:
            assert value != 0, "division by 0"
            assert terms[-1] % value == 0, f"{terms[-1]} / {value} is not exact"
            terms[-1] //= value
        else:
            terms.append(value)
            signs.append(-1 if op in _MINUS else 1)
    return sum(s * t for s, t in zip(signs, terms, strict=True))


def check(text: str, solution: dict) -> None:
    lines = content_lines(text)
    low, high = -9, 99
    if lines[0].lower().startswith("range:"):
        low, high = (int(x) for x in lines.pop(0).split(":", 1)[1].split(".."))
    rows = (len(lines) - 1) // 2
    grid = solution["grid"]
    assert len(grid) == rows
    row_ops, column_ops, row_results = [], [], []
    for r in range(rows):
        tokens = _tokens(lines[2 * r])
        cells, result = tokens[:-2:2], tokens[-1]
        assert tokens[-2] == "=" and len(cells) == len(grid[r])
        row_ops.append(tokens[1:-2:2])
        row_results.append(result)
        for c, cell in enumerate(cells):
            value = grid[r][c]
            assert isinstance(value, int)
            if cell.startswith("_"):
                assert low <= value <= high, f"({r + 1},{c + 1}) = {value} out of range"
            else:
                assert value == int(cell), f"given at ({r + 1},{c + 1}) changed"
        if r + 1 < rows:
            column_ops.append(_tokens(lines[2 * r + 1]))
    column_results = lines[-1].split()
    columns = len(grid[0])
    # An open result (`_`) still needs an equation that evaluates (exact divisions).
    for r in range(rows):
        value = _value(grid[r], row_ops[r])
        if not row_results[r].startswith("_"):
            assert value == int(row_results[r]), f"row {r + 1}"
    for c in range(columns):
        ops = [line[c] for line in column_ops]
        value = _value([grid[r][c] for r in range(rows)], ops)
        if not column_results[c].startswith("_"):
            assert value == int(column_results[c]), f"column {c + 1}"
