"""Skyscrapers rules: a Latin square of 1..N, edge counts of towers seen, given heights kept."""

import re

from . import content_lines, pzpr_numbers


def _read(text: str) -> tuple[int, list[int | None], dict[int, int]]:
    """(N, the 4N clues in Tatham's order with None for none, {cell index: given height})."""
    line = content_lines(text)[0]
    if "?skyscrapers/" in line:
        size_text, _, body = line.partition("?skyscrapers/")[2].split("/", 2)
        size = int(size_text)
        values = pzpr_numbers(body)
        cells = values[4 * size:]
        return size, values[:4 * size], {i: v for i, v in enumerate(cells) if v is not None}
    size_text, rest = line.split(":", 1)
    size = int(re.match(r"\s*(\d+)", size_text).group(1))
    clue_part, _, grid_part = rest.strip().partition(",")
    clues = [int(e) if e.strip() else None for e in clue_part.split("/")]
    assert len(clues) == 4 * size
    givens, cell = {}, 0
    for token in re.findall(r"[a-z]|_|\d+", grid_part):
        if token.isdigit():
            givens[cell] = int(token)
            cell += 1
        elif token != "_":
            cell += ord(token) - ord("a") + 1
    return size, clues, givens


def _seen(heights: list[int]) -> int:
    count, tallest = 0, 0
    for height in heights:
        if height > tallest:
            count, tallest = count + 1, height
    return count


def check(text: str, solution: dict) -> None:
    size, clues, givens = _read(text)
    grid = solution["grid"]
    assert len(grid) == size and all(len(row) == size for row in grid)
    full = set(range(1, size + 1))
    assert all(set(row) == full for row in grid), "a row is not a permutation of 1..N"
    assert all({grid[r][c] for r in range(size)} == full for c in range(size)), "column"
    columns = [[grid[r][c] for r in range(size)] for c in range(size)]
    lines = columns + [col[::-1] for col in columns] + grid + [row[::-1] for row in grid]
    for index, (clue, line) in enumerate(zip(clues, lines, strict=True)):
        if clue is not None:
            assert _seen(line) == clue, f"clue {index + 1} ({clue}) sees {_seen(line)}"
    for cell, height in givens.items():
        assert grid[cell // size][cell % size] == height, f"given at cell {cell} changed"
