"""Independent rule checkers, one module per puzzle: `check(text, solution)`.

A checker reads the puzzle file itself (with its own small reader, not the package's
parser) and asserts that a solution in the puzzle's JSON form obeys every rule and
every clue. It shares no code with the encodings, so a wrong rule cannot hide itself.
A checker may also define `check_closest(text, closest)` for puzzles whose encoding
reports the nearest answer when there is no solution.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def checker(puzzle: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{puzzle}")


def content_lines(text: str) -> list[str]:
    """Non-blank, non-comment lines of a puzzle file."""
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def pzpr_numbers(body: str) -> list:
    """pzprjs's number16 places in an address body: numbers, None for skipped places."""
    values: list = []
    i = 0
    while i < len(body):
        char = body[i]
        if char == "-":
            values.append(int(body[i + 1:i + 3], 16))
            i += 3
        elif char.isdigit() or char in "abcdef":
            values.append(int(char, 16))
            i += 1
        else:
            values += [None] * (int(char, 36) - 15)
            i += 1
    return values
