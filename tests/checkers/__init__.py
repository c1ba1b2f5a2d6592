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
