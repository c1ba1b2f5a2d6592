"""Countdown checker: evaluates the expression itself and recomputes every reachable value.

The expression is read by a small recursive-descent reader, evaluated step by step
(every intermediate result a positive integer, exact division, each given number used
at most once), and its number count compared with the fewest any expression needs, as
found by a plain breadth-over-subsets enumeration in Python.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from . import content_lines

_TOKEN = re.compile(r"\s*(\d+|[-+*/()])")


def _read(text: str) -> tuple[tuple[int, ...], str]:
    """The numbers and the target text (a number or LO..HI)."""
    numbers, target = "", ""
    for line in content_lines(text):
        if line.lower().startswith("numbers:"):
            numbers = line.split(":", 1)[1]
        elif line.lower().startswith("target:"):
            target = line.split(":", 1)[1]
        else:
            line = line.replace("\u2192", "->").replace("=>", "->").replace("=", "->")
            listed = re.fullmatch(r"[\[(](.*)[\])]\s*,\s*(.*)", line)
            numbers, target = listed.groups() if listed else line.split("->")
    return tuple(int(n) for n in numbers.replace(",", " ").split()), target.strip()


def _tokens(expression: str) -> list[str]:
    tokens, position = [], 0
    while position < len(expression):
        match = _TOKEN.match(expression, position)
        assert match, f"unreadable expression {expression!r} at {position}"
        tokens.append(match[1])
        position = match.end()
    return tokens


def evaluate(expression: str) -> tuple[int, list[int]]:
    """The value and the numbers used; asserts every step is a positive whole number."""
    tokens = _tokens(expression)
    leaves: list[int] = []

    def apply(op: str, a: int, b: int) -> int:
        if op == "+":
            return a + b
        if op == "-":
            assert a > b, f"{a}-{b} is not positive"
            return a - b
        if op == "*":
            return a * b
        assert a % b == 0, f"{a}/{b} is not exact"
        return a // b

    def level(ops: str, lower) -> int:
        value = lower()
        while tokens and tokens[0] in ops:
            value = apply(tokens.pop(0), value, lower())
        return value

    def atom() -> int:
        token = tokens.pop(0)
        if token == "(":
            value = level("+-", lambda: level("*/", atom))
            assert tokens.pop(0) == ")"
            return value
        assert token.isdigit(), f"unexpected {token!r}"
        leaves.append(int(token))
        return int(token)

    value = level("+-", lambda: level("*/", atom))
    assert not tokens, f"trailing {tokens}"
    return value, leaves


def reachable(numbers: tuple[int, ...]) -> dict[int, int]:
    """Every reachable value with the fewest numbers that reach it."""
    return {value: min(sizes) for value, sizes in reachable_sizes(numbers).items()}


def reachable_sizes(numbers: tuple[int, ...]) -> dict[int, set[int]]:
    """Every reachable value with each count of numbers an expression for it can use."""

    @cache
    def values(mask: int) -> frozenset[int]:
        members = [i for i in range(len(numbers)) if mask >> i & 1]
        if len(members) == 1:
            return frozenset({numbers[members[0]]})
        found: set[int] = set()
        low = mask & -mask  # the split's first part holds the lowest member: each split once
        part = (mask - 1) & mask
        while part:
            if part & low:
                for a in values(part):
                    for b in values(mask ^ part):
                        found |= {a + b, a * b}
                        if a != b:
                            found.add(abs(a - b))
                        if a % b == 0:
                            found.add(a // b)
                        if b % a == 0:
                            found.add(b // a)
            part = (part - 1) & mask
        return frozenset(found)

    sizes: dict[int, set[int]] = {}
    for mask in range(1, 1 << len(numbers)):
        for value in values(mask):
            sizes.setdefault(value, set()).add(bin(mask).count("1"))
    return sizes


def _closest(fewest: dict[int, int], target: int) -> tuple[int, set[int]]:
    distance = min(abs(v - target) for v in fewest)
    return distance, {v for v in fewest if abs(v - target) == distance}


def _check_expression(numbers: tuple[int, ...], solution: dict) -> int:
    value, leaves = evaluate(solution["expression"])
    assert value == solution["value"]
    assert len(leaves) == solution["numbers_used"]
    assert not Counter(leaves) - Counter(numbers), f"{leaves} are not among {numbers}"
    return value


def check(text: str, solution: dict) -> None:
    numbers, target_text = _read(text)
    fewest = reachable(numbers)
    if ".." in target_text:
        low, high = (int(x) for x in target_text.split(".."))
        assert solution["targets"] == [low, high]
        answers = solution["answers"]
        assert [entry["target"] for entry in answers] == list(range(low, high + 1))
        for entry in answers:
            _check_answer(numbers, fewest, entry["target"], entry)
            assert entry["distance"] == abs(entry["value"] - entry["target"])
        assert solution["reached"] == sum(t in fewest for t in range(low, high + 1))
        return
    _check_answer(numbers, fewest, int(target_text), solution)


def _check_answer(numbers: tuple[int, ...], fewest: dict[int, int], target: int,
                  solution: dict) -> None:
    """The expression evaluates to its value, a closest one to the target, with the
    fewest numbers any closest value needs."""
    value = _check_expression(numbers, solution)
    distance, best = _closest(fewest, target)
    assert value in best, f"{value} is not a closest value to {target} (distance {distance})"
    fewest_for_best = min(fewest[v] for v in best)
    assert solution["numbers_used"] == fewest_for_best, "not the fewest numbers"


def check_closest(text: str, closest: dict) -> None:
    numbers, target_text = _read(text)
    target = int(target_text)
    fewest = reachable(numbers)
    distance, _ = _closest(fewest, target)
    assert distance > 0, "the target is reachable: no closest answer wanted"
    assert closest["target"] == target and closest["distance"] == distance
    for solution in closest["solutions"]:
        check(text, solution)
