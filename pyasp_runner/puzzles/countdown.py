"""Countdown numbers round: reach the target with + - * / on some of the numbers.

Input, inline or in a file: `100 75 2 10 3 8 -> 746` (numbers, `->`, target; `→`, `=>`
or `=` for the arrow too, as in `75 50 2 3 8 7 = 812`), the numbers as a list and the
target, `[75, 50, 2, 3, 8, 7], 812`, or the lines `numbers: 100 75 2 10 3 8` and
`target: 746`. The target may be a range `100..999`
(batch mode: for each target a way with the fewest numbers to it, or to a closest
value where none reaches it); the option `--targets LO..HI` sets that range for any
input (numbers alone will do), and `--all` lists every way.

JSON solution, one target: `{"expression": "10*75-8/2", "value": 746, "numbers_used":
4}`; a range: `{"targets": [LO, HI], "reached": <targets reached exactly>, "answers":
[{"target": T, "expression": ..., "value": ..., "distance": |value - T|,
"numbers_used": ...}, ...]}`, one answer per target in order.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..board import Board, Cell, Lines, Mark, Row
from ..errors import InputError
from ..numerals import SIGNED, integer, is_integer
from ..numerals import fields as split_fields
from ..puzzle import (
    Answer,
    Closest,
    Drawing,
    Instance,
    Judging,
    Option,
    Options,
    OptionValues,
    PuzzleSpec,
    Reasoning,
    Size,
    fact,
)
from ._countdown_answers import read_answer

# Grounding grows about 15-fold per number: 6 numbers take 0.2 s, 7 take 5 s.
MAX_SIZE = 7
# Every value an expression can reach is at most the product of max(number, 2), so
# bounding that product keeps every sum, product and distance inside clingo's 32-bit
# integers (which wrap silently).
VALUE_LIMIT = 2**31 - 1
TARGET_LIMIT = 1_000_000_000
MAX_RANGE = 1_000_000

_RANGE = re.compile(rf"({SIGNED})\s*\.\.\s*({SIGNED})")
_SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/"}
_LEVEL = {"add": 1, "sub": 1, "mul": 2, "div": 2}


class CountdownInput(NamedTuple):
    """The numbers, and one target or a range of targets (or neither yet)."""

    numbers: tuple[int, ...]
    target: int | None = None
    targets: tuple[int, int] | None = None
    every_way: bool = False


def parse(text: str, source: str) -> Instance[CountdownInput]:
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1)
             if raw.strip() and not raw.lstrip().startswith("#")]
    if not lines:
        raise InputError(source, "empty file: no numbers in it")
    numbers_line: tuple[int, str] | None = None
    target_line: tuple[int, str] | None = None
    for number, line in lines:
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if colon and key in ("numbers", "target"):
            if (numbers_line if key == "numbers" else target_line) is not None:
                raise InputError(source, f"a second {key!r} line", number)
            if key == "numbers":
                numbers_line = (number, value)
            else:
                target_line = (number, value)
        elif numbers_line is None and target_line is None and not colon:
            left, right = _split_round(line)
            numbers_line = (number, left)
            target_line = (number, right) if right is not None else None
        else:
            raise InputError(source, "expected `numbers -> target`, or a `numbers:` or "
                             f"`target:` line, found {line!r}", number)
    if numbers_line is None:
        raise InputError(source, "no numbers: write `numbers: ...` or `... -> target`")
    numbers = _numbers(numbers_line, source)
    round_ = CountdownInput(numbers)
    if target_line is not None:
        round_ = _with_target(round_, target_line[1], source, target_line[0])
    return instance_of(source, round_)


# `[75, 50, 2, 3, 8, 7], 812`: the numbers as a list, then the target.
_LIST_ROUND = re.compile(r"[\[(]([^\[\]()]*)[\])]\s*,\s*(.*)")
_ARROWS = ("->", "\u2192", "=>", "=")


def _split_round(line: str) -> tuple[str, str | None]:
    """The numbers and the target (None: no target) of a one-line round: `N N ... -> T`,
    with `→`, `=>` or `=` for the arrow, or `[N, N, ...], T`."""
    listed = _LIST_ROUND.fullmatch(line)
    if listed:
        return listed.group(1), listed.group(2)
    for arrow in _ARROWS:
        left, found, right = line.partition(arrow)
        if found:
            return left, right
    return line, None


def _numbers(line: tuple[int, str], source: str) -> tuple[int, ...]:
    number, text = line
    fields = split_fields(text, source, number, "numbers")
    if not fields:
        raise InputError(source, "no numbers before the target", number)
    values = []
    bound = 1  # the product so far: each number is refused as soon as it passes the limit
    for position, field in enumerate(fields, start=1):
        if not is_integer(field):
            raise InputError(source, f"number {position}: expected a positive whole number, "
                             f"found {field!r}", number)
        value = integer(field, source, number, f"number {position}")
        if value < 1:
            raise InputError(source, f"number {position}: {value} is not positive", number)
        if value > VALUE_LIMIT:
            raise InputError(source, f"number {position}: {value} is too large", number)
        values.append(value)
        bound *= max(value, 2)
        if bound > VALUE_LIMIT:
            raise InputError(source, "the numbers are too large together: with number "
                             f"{position} of {len(fields):,}, results could reach "
                             f"{bound:,}, past clingo's 32-bit integers (the product of the "
                             f"numbers, ones counted as 2, must stay below 2^31)", number)
    return tuple(values)


def _with_target(round_: CountdownInput, text: str, source: str, line: int | None
                 ) -> CountdownInput:
    """The round with the target (a number) or the range of targets (`LO..HI`) of `text`."""
    text = text.strip()
    match = _RANGE.fullmatch(text)
    if match:
        low, high = (integer(bound, source, line, "target") for bound in (match[1], match[2]))
        for value in (low, high):
            _check_target(value, source, line)
        if low > high:
            raise InputError(source, f"target range {low}..{high} is empty", line)
        if high - low >= MAX_RANGE:
            raise InputError(source, f"target range {low}..{high} is longer than "
                             f"{MAX_RANGE:,} targets", line)
        return round_._replace(target=None, targets=(low, high))
    if not is_integer(text):
        raise InputError(source, f"target: expected a positive whole number or LO..HI, "
                         f"found {text!r}", line)
    target = integer(text, source, line, "target")
    _check_target(target, source, line)
    return round_._replace(target=target, targets=None)


def _check_target(value: int, source: str, line: int | None) -> None:
    if not 1 <= value <= TARGET_LIMIT:
        raise InputError(source, f"target {value} is out of range 1..{TARGET_LIMIT:,}", line)


def instance_of(source: str, round_: CountdownInput) -> Instance[CountdownInput]:
    structure = [fact("number", i, v) for i, v in enumerate(round_.numbers, start=1)]
    if round_.target is not None:
        structure.append(fact("target", round_.target))
    if round_.targets is not None:
        structure.append(fact("targets", *round_.targets))
    if round_.every_way:
        structure.append(fact("every_way"))
    return Instance(source, tuple(structure), (), round_)


def size(instance: Instance[CountdownInput]) -> tuple[int, str]:
    return len(instance.data.numbers), "numbers"


OPTIONS = (
    Option("--all", "list every distinct way to the target (or the closest value), not only "
           "those with the fewest numbers", models=0),
    Option("--targets", "answer every target LO..HI for these numbers: for each, a way "
           "with the fewest numbers to it (or to a closest value)", metavar="LO..HI"),
)


def configure(instance: Instance[CountdownInput], options: OptionValues
              ) -> Instance[CountdownInput]:
    round_ = instance.data
    targets = options["targets"]
    if isinstance(targets, str):
        round_ = _with_target(round_, targets, "--targets", None)
    if options["all"]:
        if round_.target is None:
            raise InputError("--all", "goes with one target, not a range of targets")
        round_ = round_._replace(every_way=True)
    if round_.target is None and round_.targets is None:
        raise InputError(instance.source, "no target: write `numbers -> target` or give "
                         "--targets LO..HI")
    return instance_of(instance.source, round_)


class Node(NamedTuple):
    value: int | str  # a player's answer (--check) may hold a value that is no number
    op: str | None = None
    left: Node | None = None
    right: Node | None = None


def _steps(answer: Answer) -> dict[tuple[Any, Any], tuple[Any, ...]]:
    """Each inner node (multiset, value) of the answer's trees: (op, A, VA, B, VB)."""
    return {(s, v): (o, a, va, b, vb) for s, v, o, a, va, b, vb in answer.atoms("node", 7)}


def _build(steps: dict[tuple[Any, Any], tuple[Any, ...]], key: tuple[Any, Any]) -> Node:
    """The tree of value key[1] over the multiset key[0] (a leaf where no node is)."""
    if key not in steps:
        return Node(_value(key[1]))
    op, a, va, b, vb = steps[key]
    return Node(_value(key[1]), str(op), _build(steps, (a, va)), _build(steps, (b, vb)))


def _value(value: Any) -> int | str:
    """A node's value: a number, or (in a player's answer) the text of one that is not."""
    return value if isinstance(value, int) else str(value)


def _tree(answer: Answer) -> Node | None:
    """The expression tree of an answer for one target, or None if it holds no result."""
    results = answer.atoms("result", 2)
    if not results:
        return None
    steps = _steps(answer)
    children = {(a, va) for _, a, va, b, vb in steps.values()}
    children |= {(b, vb) for _, a, va, b, vb in steps.values()}
    value = results[0][0]
    roots = [key for key in steps if key not in children and key[1] == value]
    return _build(steps, roots[0]) if roots else Node(_value(value))


def _answers(answer: Answer) -> dict[int, Node]:
    """A range of targets: each target's expression tree."""
    steps = _steps(answer)
    return {int(target): _build(steps, (multiset, value))
            for target, multiset, value in answer.atoms("answer", 3)}


def infix(node: Node) -> str:
    """Ordinary infix, evaluated left to right within a level, as the tree groups it."""
    if node.op is None or node.left is None or node.right is None:
        return str(node.value)
    level = _LEVEL[node.op]
    left, right = infix(node.left), infix(node.right)
    if node.left.op is not None and _LEVEL[node.left.op] < level:
        left = f"({left})"
    # A right operand of the same level keeps its parentheses even where they could go
    # (2*(3*5)): the expression shows the tree, so distinct ways read distinctly.
    if node.right.op is not None and _LEVEL[node.right.op] <= level:
        right = f"({right})"
    return f"{left}{_SYMBOL[node.op]}{right}"


def steps(node: Node) -> list[str]:
    """The operations in the order a contestant says them: `75 * 10 = 750`."""
    if node.op is None or node.left is None or node.right is None:
        return []
    first, second = node.left.value, node.right.value
    if node.op in ("add", "mul") and isinstance(first, int) and isinstance(second, int):
        # said with the larger operand first
        first, second = max(first, second), min(first, second)
    said = f"{first} {_SYMBOL[node.op]} {second} = {node.value}"
    return [*steps(node.left), *steps(node.right), said]


def _leaves(node: Node) -> int:
    if node.left is None or node.right is None:
        return 1
    return _leaves(node.left) + _leaves(node.right)


def board(instance: Instance[CountdownInput], answer: Answer) -> Board:
    """The numbers and the target, then the way: the expression and its steps in the
    order they are said (for a range of targets: each target's way and its distance)."""
    round_ = instance.data
    rows = [Row("numbers:", tuple(Cell(str(n), Mark.GIVEN) for n in round_.numbers))]
    if round_.targets is not None:
        low, high = round_.targets
        answers = _answers(answer)
        reached = sum(way.value == target for target, way in answers.items())
        rows.append(Row("targets:", (Cell(f"{low}..{high}", Mark.GIVEN),
                                     Cell(f"({reached} of {high - low + 1} reached exactly)"))))
        for target, way in answers.items():
            distance = abs(int(way.value) - target)
            rows.append(Row(f"{target}:", (Cell(infix(way)), Cell("="), Cell(str(way.value)),
                                           *((Cell(f"({distance} away)"),) if distance else ()))))
        return Board(Lines(tuple(rows), listed=2), "each target's way uses the fewest "
                     "numbers; out of reach: a closest value")
    rows.append(Row("target:", (Cell(str(round_.target), Mark.GIVEN),)))
    tree = _tree(answer)
    if tree is None:
        rows.append(Row("way:", (Cell(None, Mark.UNKNOWN),)))
        return Board(Lines(tuple(rows)))
    rows.append(Row("way:", (Cell(infix(tree)), Cell("="), Cell(str(tree.value)))))
    rows += [Row("", (Cell(step),)) for step in steps(tree)]
    used = _leaves(tree)
    away = "" if tree.value == round_.target or not isinstance(tree.value, int) else \
        f", {abs(tree.value - (round_.target or 0))} away from the target"
    return Board(Lines(tuple(rows)), f"{used} number{'s' * (used != 1)}, {used - 1} "
                 f"operation{'s' * (used != 2)}{away}")


def solution_json(instance: Instance[CountdownInput], answer: Answer) -> dict[str, Any]:
    round_ = instance.data
    if round_.targets is not None:
        low, high = round_.targets
        answers = [{"target": target, "expression": infix(tree), "value": tree.value,
                    "distance": abs(int(tree.value) - target), "numbers_used": _leaves(tree)}
                   for target, tree in _answers(answer).items()]
        return {"targets": [low, high],
                "reached": sum(entry["distance"] == 0 for entry in answers),
                "answers": answers}
    tree = _tree(answer)
    if tree is None:
        return {"expression": None, "value": None, "numbers_used": None}
    return {"expression": infix(tree), "value": tree.value, "numbers_used": _leaves(tree)}


def assess(instance: Instance[CountdownInput], answers: list[Answer]) -> Closest | None:
    """When the target cannot be reached: the answer is the closest value, said so."""
    round_ = instance.data
    tree = _tree(answers[0])
    if round_.target is None or tree is None or tree.value == round_.target:
        return None
    distance = abs(int(tree.value) - round_.target)
    values = sorted({int(r[0]) for a in answers for r in a.atoms("result", 2)})
    shown = " and ".join(str(v) for v in values)
    what = "values are" if len(values) > 1 else "value is"
    summary = (f"No exact answer: {round_.target} cannot be reached; the closest {what} "
               f"{shown}, {distance} away.")
    return Closest("closest", summary, {"target": round_.target, "distance": distance},
                   in_solutions=True)


def verdict(instance: Instance[CountdownInput], answers: list[Answer]) -> str | None:
    """A range of targets is one table, not one solution among others: say what it holds."""
    round_ = instance.data
    if round_.targets is None:
        return None
    low, high = round_.targets
    reached = sum(tree.value == target for target, tree in _answers(answers[0]).items())
    others = high - low + 1 - reached
    rest = f"; the closest value for the other {others}" if others else ""
    return f"Solved: {reached} of {high - low + 1} targets reached exactly{rest}."


# --hint and --explain reason about clues; a round has none to drop or to force.
NO_CLUES = ("countdown has no clues (the numbers and the target are the puzzle), so there is "
            "nothing to reason about; --all lists every way to the best answer")

PUZZLE: PuzzleSpec[CountdownInput] = PuzzleSpec(
    name="countdown", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=None,
                    listing=None),
    reasoning=Reasoning(describe_clue=None, refuses_hint=NO_CLUES, refuses_explain=NO_CLUES),
    writing=None, generating=None,
    judging=Judging(assess=assess, verdict=verdict),
    size=Size(measure=size, limit=MAX_SIZE),
    options=Options(flags=OPTIONS, configure=configure),
    inline=True,
    read_answer=read_answer,
    text_answer="expression",
)
