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
    """The fields of a grid's rows: a nested list `[[..], [..]]`, the problem rows of a
    sectioned file (janko.at block, or `7x7` / `[Problem]` / `[Solution]`), bordered ASCII
    (rule lines dropped, `|` between fields, a blank field is `_`; the lines between two
    rules one row when cells are several lines tall), bracketed, comma-, semicolon- or
    whitespace-separated; a leading size line (`7x7`, `10 10`, `hidoku with size 5`)
    matching the grid dropped."""
    import re

    def key(line: str) -> str:
        return line.strip().strip("[]").lower()

    if key(lines[0]) == "begin" or "problem" in map(key, lines):
        start = [key(line) for line in lines].index("problem") + 1
        end = start
        while end < len(lines) and not re.fullmatch(r"\[?[a-wyzA-WYZ][a-zA-Z]+\]?",
                                                     lines[end].split()[0]):
            end += 1
        lines = lines[start:end]
    if " ".join(lines).startswith("[["):  # a nested list: each inner list a row
        return [[f.strip().strip("'\"") for f in inner.split(",")]
                for inner in re.findall(r"\[([^\[\]]*)\]", " ".join(lines))]
    size = re.fullmatch(r"(?:[a-z ]*size )?(\d+)(?:\s*[xX ]\s*(\d+))?", lines[0])
    body = lines[1:] if size else lines
    rule = [bool(re.fullmatch(r"[-=+|]+", line)) and len(line) >= 2 for line in body]
    if any(rule[1:-1]) and all("|" in line for line, r in zip(body, rule, strict=True) if not r):
        # rows between rules; a cell's text is on one of its lines (or none: `_`)
        rows, group = [], []
        for line, is_rule in zip([*body, "--"], [*rule, True], strict=True):
            if not is_rule:
                group.append([f.strip() for f in line.strip().strip("|").split("|")])
            elif group:
                rows.append(["".join(cells) or "_" for cells in zip(*group, strict=False)])
                group = []
        return rows
    texts = [line for line in lines
             if not (re.fullmatch(r"[-=+|]+", line) and len(line) >= 2)]
    rows = []
    for line in texts:
        if line.startswith("["):
            rows.append([f.strip() for f in re.findall(r"\[(.*?)\]", line)])
        elif "|" in line:
            rows.append([f.strip() or "_" for f in line.strip("|").split("|")])
        elif "," in line or ";" in line:
            rows.append([f.strip() for f in line.split("," if "," in line else ";")])
        else:
            rows.append(line.split())
    if size and len(rows) > 1:
        a, b = int(size.group(1)), int(size.group(2) or size.group(1))
        if {a, b} == {len(rows) - 1, len(rows[1])}:
            rows = rows[1:]
    return rows


# --- genres (docs/genres.md): the plain text grid and puzz.link addresses -------------------

def text_grid(text: str) -> tuple[list[str], list[list[str]]]:
    """The plain text grid: the numbers of its size line and the rows of tokens after it.
    `#` lines are comments only before the size line (in the grid `#` is a token)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return lines[0].split(), [line.split() for line in lines[1:]]


def puzzlink_address(text: str) -> tuple[str, list[str]] | None:
    """A puzz.link address in the file: (the genre's name, the parts after it split at
    `/`), or None if the file holds a text grid."""
    for line in content_lines(text):
        if "?" in line and line.startswith("http"):
            name, *parts = line.split("?", 1)[1].split("/")
            return name, parts
    return None


def pzpr_number16(body: str, count: int) -> list:
    """pzprjs's decodeNumber16 over `count` cells: a number, "?" for `.`, None for none."""
    values: list = [None] * count
    cell = i = 0
    widths = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "@": (3, 8192), "*": (4, 12240),
              "$": (5, 77776)}
    while i < len(body) and cell < count:
        char = body[i]
        if char in widths:
            width, base = widths[char]
            values[cell] = int(body[i + 1:i + 1 + width], 16) + base
            cell, i = cell + 1, i + 1 + width
        elif char == ".":
            values[cell] = "?"
            cell, i = cell + 1, i + 1
        elif char in "0123456789abcdef":
            values[cell] = int(char, 16)
            cell, i = cell + 1, i + 1
        elif "g" <= char <= "z":
            cell, i = cell + int(char, 36) - 15, i + 1
        else:
            i += 1
    return values


def pzpr_4cell(body: str, count: int) -> list:
    """pzprjs's decode4Cell over `count` cells: 0..4, "?" for `.`, None for none."""
    values: list = [None] * count
    cell = 0
    for char in body:
        if cell >= count:
            break
        if "0" <= char <= "4":
            values[cell] = int(char)
        elif "5" <= char <= "9":
            values[cell] = int(char) - 5
            cell += 1
        elif "a" <= char <= "e":
            values[cell] = int(char, 16) - 10
            cell += 2
        elif "g" <= char <= "z":
            cell += int(char, 36) - 16
        elif char == ".":
            values[cell] = "?"
        cell += 1
    return values


def numbered_cells(text: str) -> tuple[int, int, dict[tuple[int, int], int | str]]:
    """(rows, cols, {cell (0-based): its number, or "?"}) of a grid of numbers with `-` or `.`
    empty: the plain text grid or a puzz.link address (pzprjs's number16)."""
    link = puzzlink_address(text)
    if link is not None:
        cols, rows, body = int(link[1][0]), int(link[1][1]), link[1][2]
        values = pzpr_number16(body, rows * cols)
        return rows, cols, {divmod(i, cols): v for i, v in enumerate(values) if v is not None}
    size, lines = text_grid(text)
    rows, cols = int(size[0]), int(size[1])
    return rows, cols, {(r, c): ("?" if token == "?" else int(token))
                        for r, line in enumerate(lines[:rows]) for c, token in enumerate(line)
                        if token not in ("-", ".")}
