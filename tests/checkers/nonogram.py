"""Nonogram rules: every clued row and column shows exactly its runs; given cells kept.

Reads all three input formats with its own small reader (Tatham ID, pair of lists,
`.non`); `?` marks a line without a clue.
"""

import re

from . import content_lines


def _runs(line: str) -> list[int]:
    return [len(run) for run in line.split(".") if run]


def _numbers(text: str) -> list[int]:
    runs = [int(n) for n in re.findall(r"\d+", text)]
    return [] if runs == [0] else runs


def _read(text: str) -> tuple[int, int, list, list, dict]:
    lines = content_lines(text)
    givens: dict[tuple[int, int], str] = {}
    if re.fullmatch(r"\d+x\d+:.*", lines[0]):
        size, _, rest = lines[0].partition(":")
        width, height = (int(n) for n in size.split("x"))
        rest, _, squares = rest.partition(",")
        entries = [None if e == "?" else _numbers(e) for e in rest.split("/")]
        index = 0
        for char in squares:
            index += ord(char.lower()) - ord("a")
            if char.lower() != "z" and index < width * height:
                givens[divmod(index, width)] = "#" if char.isupper() else "."
                index += 1
        return width, height, entries[:width], entries[width:], givens
    if lines[0].startswith(("(", "[")):
        body = " ".join(lines).strip("()")
        depth, groups, current = 0, [], ""
        for char in body:
            depth += char == "["
            depth -= char == "]"
            current += char
            if depth == 0 and char == "]":
                groups.append(re.findall(r"\[([^\[\]]*)\]", current))
                current = ""
        columns, rows = ([_numbers(g) for g in group] for group in groups[:2])
        return len(columns), len(rows), columns, rows, givens
    sections: dict[str, list] = {}
    sizes: dict[str, int] = {}
    current_section = None
    for line in lines:
        word = line.split()[0].lower()
        if word in ("width", "height"):
            sizes[word] = int(line.split()[1])
        elif word in ("rows", "columns"):
            current_section = sections.setdefault(word, [])
        elif re.fullmatch(r"[\d ,]*|\?", line):
            current_section.append(None if line == "?" else _numbers(line))
        else:
            current_section = None
    return sizes["width"], sizes["height"], sections["columns"], sections["rows"], givens


def check(text: str, solution: dict) -> None:
    width, height, columns, rows, givens = _read(text)
    grid = solution["grid"]
    assert len(grid) == height and all(len(row) == width for row in grid)
    assert all(set(row) <= {"#", "."} for row in grid)
    for r, clue in enumerate(rows):
        assert clue is None or _runs(grid[r]) == clue, f"row {r + 1}"
    for c, clue in enumerate(columns):
        column = "".join(grid[r][c] for r in range(height))
        assert clue is None or _runs(column) == clue, f"column {c + 1}"
    for (r, c), value in givens.items():
        assert grid[r][c] == value, f"given cell ({r + 1},{c + 1}) changed"
