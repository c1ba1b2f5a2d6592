"""Peer for benchmarks/countdown.py: a plain Python countdown solver, one round.

    python benchmarks/peers/countdown.py "100 75 2 10 3 8 -> 746"

The textbook dynamic programme: for every subset of the numbers (a bit mask), in order
of size, every value an expression over exactly that subset reaches, built from the
values of each split into two smaller subsets with + - * / (positive integers, exact
division, no *1 or /1), one expression kept per value. The answer is the target over
the smallest subset, or else the closest value over the smallest subset. It reads the
one-line form and the `numbers:`/`target:` lines. Prints
`EXPRESSION = VALUE (K numbers)`; exit 0.
"""

from __future__ import annotations

import re
import sys


def solve(numbers: list[int], target: int) -> tuple[str, int, int]:
    count = len(numbers)
    values: list[dict[int, str]] = [{} for _ in range(1 << count)]
    for index, number in enumerate(numbers):
        values[1 << index][number] = str(number)
    masks = sorted(range(1, 1 << count), key=lambda mask: bin(mask).count("1"))
    for mask in masks:
        if mask & (mask - 1) == 0:
            continue
        found = values[mask]
        part = (mask - 1) & mask
        while part:
            other = mask ^ part
            if part < other:  # each unordered split once
                for first, e_first in values[part].items():
                    for second, e_second in values[other].items():
                        a, ea, b, eb = first, e_first, second, e_second
                        if a < b:
                            a, ea, b, eb = b, eb, a, ea
                        found.setdefault(a + b, f"({ea}+{eb})")
                        if a > b:
                            found.setdefault(a - b, f"({ea}-{eb})")
                        if b > 1:
                            found.setdefault(a * b, f"({ea}*{eb})")
                            if a % b == 0:
                                found.setdefault(a // b, f"({ea}/{eb})")
            part = (part - 1) & mask
    best = None
    for mask in masks:
        size = bin(mask).count("1")
        for value, expression in values[mask].items():
            key = (abs(value - target), size)
            if best is None or key < best[0]:
                best = (key, expression, value, size)
    _, expression, value, size = best
    return expression, value, size


def main(text: str) -> int:
    """`100 75 2 10 3 8 -> 746`, or `numbers:` and `target:` lines; `#` lines are comments."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    text = " ".join(lines)
    if "->" in text:
        left, right = text.split("->")
    else:
        left = re.search(r"numbers:([\d\s]*)", text).group(1)
        right = re.search(r"target:\s*(\d+)", text).group(1)
    numbers = [int(word) for word in re.findall(r"\d+", left)]
    expression, value, size = solve(numbers, int(right))
    print(f"{expression} = {value} ({size} numbers)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else sys.stdin.read()))
