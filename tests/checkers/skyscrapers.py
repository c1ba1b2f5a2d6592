"""Skyscrapers rules: each height 1..K once per row and column (K = N, or fewer with
parks, the cells without a tower), edge counts of towers seen, given heights kept."""

import re

from . import content_lines, pzpr_numbers


def _read(text: str) -> tuple[int, int, list[int | None], dict[int, int]]:
    """(N, K, the 4N clues in Tatham's order with None for none, {cell index: given
    height})."""
    lines = content_lines(text)
    line = lines[0]
    if "?skyscrapers/" in line:
        size_text, _, body = line.partition("?skyscrapers/")[2].split("/", 2)
        size = int(size_text)
        values = pzpr_numbers(body)
        cells = values[4 * size:]
        return size, size, values[:4 * size], \
            {i: v for i, v in enumerate(cells) if v is not None}
    if re.fullmatch(r"\d+ \d+( \d+)?", line):  # the plain text grid: N N [K], 4 sides
        size, _, *height = map(int, line.split())
        sides = [[None if t == "-" else int(t) for t in row.split()] for row in lines[1:5]]
        cells = [t for row in lines[5:] for t in row.split()]
        givens = {i: int(t) for i, t in enumerate(cells) if t != "-"}
        return size, height[0] if height else size, [v for side in sides for v in side], \
            givens
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
    return size, size, clues, givens


def _seen(heights: list[int]) -> int:
    count, tallest = 0, 0
    for height in heights:
        if height > tallest:
            count, tallest = count + 1, height
    return count


def check(text: str, solution: dict) -> None:
    size, height, clues, givens = _read(text)
    # a park (".") is height 0: seen by nobody, hiding nothing
    grid = [[0 if v == "." else v for v in row] for row in solution["grid"]]
    assert len(grid) == size and all(len(row) == size for row in grid)
    assert all(isinstance(v, int) and 0 <= v <= height for row in grid for v in row)
    full = set(range(1, height + 1))
    for line in [*grid, *([grid[r][c] for r in range(size)] for c in range(size))]:
        towers = [v for v in line if v]
        assert sorted(towers) == sorted(full), f"a line is not 1..{height} once: {line}"
    columns = [[grid[r][c] for r in range(size)] for c in range(size)]
    lines = columns + [col[::-1] for col in columns] + grid + [row[::-1] for row in grid]
    for index, (clue, line) in enumerate(zip(clues, lines, strict=True)):
        if clue is not None:
            assert _seen(line) == clue, f"clue {index + 1} ({clue}) sees {_seen(line)}"
    for cell, given in givens.items():
        assert grid[cell // size][cell % size] == given, f"given at cell {cell} changed"
