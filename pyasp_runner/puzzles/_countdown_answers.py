"""A player's Countdown expression (`--check`) as the answer atoms of asp/countdown.lp.

The answer is an expression over the numbers, `((100+6)*3*75-50)/25` (the `--json`
solution object's `expression`, or a text file holding it, over one line or several, `#`
lines left out; `=` and what follows it are left out, and the signs times, divided by
and minus, U+00D7, U+00F7 and U+2212, read as `*`, `/` and `-`). It is parsed by
Python's own parser of expressions (`ast`, never evaluated) and written as the rules
write an answer: `result(V, K)`, the value and how many numbers, and, for a step the
rules never allow, `node(S, V, O, A, VA, B, VB)`: V over the multiset S of numbers is VA
O VB, the operands over the multisets A and B (coded as the rules code them: a number
given M times is a digit 0..M, the smallest number counting in units). A step the rules
never allow (a number not given, or used more often than given; a remainder; a value
below 1; a step that changes nothing, *1 or /1) is written all the same, as a multiset
`numbers(...)` or a value `"7/2"` that no rule grounds: it breaks the rule that makes
each step. The steps the rules allow are left to them (the rules ground the steps of the
best answers alone, so a longer way is judged by its value and its count of numbers:
`result/2`).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from clingo import Function, Number, String, Symbol, SymbolType

from ..player import AnswerError, PlayerAnswer, player_answer
from ..puzzle import Instance

# An expression of six numbers is about 30 characters; this leaves room for spaces and
# brackets while keeping the parser's recursion far from Python's limit.
LONGEST = 400
LARGEST = 2**31 - 1  # clingo's numbers are 32-bit
_OPERATIONS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div"}
_SIGNS = str.maketrans({"\u00d7": "*", "\u00f7": "/", "\u2212": "-"})


class _Value(NamedTuple):
    """A value of the expression: over which numbers (how often each), and its value."""

    used: Counter[int]
    value: Fraction


def read_answer(instance: Instance[Any], solution: Mapping[str, Any]) -> PlayerAnswer:
    """The answer atoms of the expression in `solution["expression"]` for the round
    `instance.data` (a CountdownInput)."""
    numbers, target, ranged = (instance.data.numbers, instance.data.target,
                               instance.data.targets is not None)
    if ranged or target is None:
        raise AnswerError("", "--check reads one target's expression; this round asks for "
                          "a range of targets")
    text = solution.get("expression") if isinstance(solution, Mapping) else None
    if not isinstance(text, str):
        raise AnswerError("expression", "expected the expression, a string such as "
                          "\"(25+50)*3\"")
    tree = _parse(text)
    writer = _Writer(numbers)
    root = writer.walk(tree)
    size = sum(root.used.values())
    stated = [*writer.broken, Function("result", [_value(root.value), Number(size)])]
    return player_answer(stated, [("result", ())], 0, 1, writer.allowed)


def _parse(text: str) -> ast.expr:
    # An expression wrapped over lines is one expression; a `#` line is a comment.
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    written = " ".join(lines).translate(_SIGNS).split("=")[0].strip()
    if not written:
        raise AnswerError("expression", "the expression is empty")
    if len(written) > LONGEST:
        raise AnswerError("expression", f"longer than {LONGEST} characters: not an "
                          "expression of the numbers")
    try:
        tree = ast.parse(written, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise AnswerError("expression", f"not an expression of numbers and + - * / "
                          f"({written[:40]!r})") from None
    _check_form(tree)
    return tree


def _check_form(node: ast.expr) -> None:
    """Numbers and the four operations, nothing else (a name, a call, a power...)."""
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATIONS:
        _check_form(node.left)
        _check_form(node.right)
        return
    if isinstance(node, ast.Constant) and type(node.value) is int \
            and 1 <= node.value <= LARGEST:
        return
    raise AnswerError("expression", f"only whole numbers from 1 and + - * / may be used, "
                      f"not {ast.unparse(node)[:40]!r}")


class _Writer:
    """Writes each operation of a tree as the rules' `node/7` atom."""

    def __init__(self, numbers: tuple[int, ...]) -> None:
        self.copies = Counter(numbers)
        self.weights: dict[int, int] = {}
        weight = 1
        for value in sorted(self.copies):  # the smallest number counts in units
            self.weights[value] = weight
            weight *= self.copies[value] + 1
        self.broken: list[Symbol] = []  # the steps the rules never allow
        self.allowed: list[Symbol] = []  # the others, drawn with the answer

    def walk(self, node: ast.expr) -> _Value:
        if isinstance(node, ast.Constant):
            number = node.value
            assert isinstance(number, int)  # a whole number (`_check_form`)
            return _Value(Counter([number]), Fraction(number))
        assert isinstance(node, ast.BinOp)
        left, right = self.walk(node.left), self.walk(node.right)
        operation = _OPERATIONS[type(node.op)]
        value = {"add": left.value + right.value, "sub": left.value - right.value,
                 "mul": left.value * right.value,
                 "div": left.value / right.value if right.value else Fraction(0)}[operation]
        made = _Value(left.used + right.used, value)
        first, second = (self._term(left), self._term(right))
        if operation in ("add", "mul") and _pair(second) < _pair(first):
            first, second = second, first  # the rules order the operands of + and *
        step = Function("node", [self._multiset(made.used), _value(value),
                                 Function(operation), *first, *second])
        allowed = _allowed(step, operation, left.value, right.value)
        (self.allowed if allowed else self.broken).append(step)
        return made

    def _term(self, made: _Value) -> tuple[Symbol, Symbol]:
        return self._multiset(made.used), _value(made.value)

    def _multiset(self, used: Counter[int]) -> Symbol:
        """The rules' code of a multiset of the numbers; `numbers(...)` for one that is
        not a multiset of them (a number not given, or used more often than given)."""
        if any(count > self.copies[value] for value, count in used.items()):
            return Function("numbers", [Number(value) for value in sorted(used.elements())])
        return Number(sum(self.weights[value] * count for value, count in used.items()))


def _allowed(step: Symbol, operation: str, left: Fraction, right: Fraction) -> bool:
    """Whether the rules make such a step: over multisets of the numbers (codes), from
    values they make to a new positive whole number (all of them numbers), and not a
    step that changes nothing (a product with 1, a division by 1)."""
    if any(arg.type != SymbolType.Number for i, arg in enumerate(step.arguments) if i != 2):
        return False
    if operation == "mul":
        return left > 1 and right > 1
    if operation == "div":
        return right > 1
    return step.arguments[1].number > 0


def _pair(term: tuple[Symbol, Symbol]) -> Symbol:
    return Function("", list(term))


def _value(value: Fraction) -> Symbol:
    """A whole value as a number; anything else (a remainder, too large) as its text."""
    if value.denominator == 1 and -LARGEST <= value.numerator <= LARGEST:
        return Number(value.numerator)
    return String(str(value))

