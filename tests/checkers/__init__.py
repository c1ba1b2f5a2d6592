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


def grid_fields(lines: list[str]) -> list[list[str]]:
    """The fields of a grid's rows: janko.at block (its problem rows), bordered ASCII
    (rule lines dropped, `|` between fields, a blank field is `_`), bracketed, comma- or
    whitespace-separated; a leading size line (`7x7`, `10 10`) matching the grid dropped."""
    import re

    if lines[0].strip("[]") == "begin":
        start = next(i for i, line in enumerate(lines) if line.strip("[]") == "problem") + 1
        end = start
        while end < len(lines) and not re.fullmatch(r"\[?[a-wyzA-WYZ][a-z]+\]?",
                                                     lines[end].split()[0]):
            end += 1
        lines = lines[start:end]
    lines = [line for line in lines if not re.fullmatch(r"[-=+|]+", line) or len(line) < 2]
    rows = []
    for line in lines:
        if line.startswith("["):
            rows.append([f.strip() for f in re.findall(r"\[(.*?)\]", line)])
        elif "|" in line:
            rows.append([f.strip() or "_" for f in line.strip("|").split("|")])
        elif "," in line:
            rows.append([f.strip() for f in line.split(",")])
        else:
            rows.append(line.split())
    size = re.fullmatch(r"(\d+)\s*[xX ]\s*(\d+)", lines[0])
    if size and len(rows) > 1 and {int(size.group(1)), int(size.group(2))} == {
            len(rows) - 1, len(rows[1])}:
        rows = rows[1:]
    return rows
