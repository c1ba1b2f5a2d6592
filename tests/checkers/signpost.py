"""Signpost rules: the cells hold 1..N once each, k's arrow points at k+1, numbers kept."""

import re

from . import content_lines

STEPS = {"a": (-1, 0), "b": (-1, 1), "c": (0, 1), "d": (1, 1),
         "e": (1, 0), "f": (1, -1), "g": (0, -1), "h": (-1, -1)}


def _read(text: str) -> tuple[int, int, bool, list[tuple[int, str]]]:
    (game_id,) = content_lines(text)
    params, desc = game_id.split(":")
    match = re.fullmatch(r"(\d+)(?:x(\d+))?(c?)", params)
    width = int(match.group(1))
    height = int(match.group(2) or width)
    cells = [(int(number or 0), letter) for number, letter in re.findall(r"(\d*)([a-h])", desc)]
    assert len(cells) == width * height
    return width, height, bool(match.group(3)), cells


def check(text: str, solution: dict) -> None:
    width, height, corners, cells = _read(text)
    grid = solution["grid"]
    assert len(grid) == height and all(len(row) == width for row in grid)
    where = {}
    for index, (number, letter) in enumerate(cells):
        r, c = divmod(index, width)
        value = grid[r][c]
        assert value not in where, f"{value} stands twice"
        where[value] = (r, c, letter)
        if number:
            assert value == number, f"given {number} at ({r + 1},{c + 1}) changed"
    assert set(where) == set(range(1, width * height + 1))
    for value in range(1, width * height):
        r, c, letter = where[value]
        r2, c2, _ = where[value + 1]
        dr, dc = STEPS[letter]
        steps = max(abs(r2 - r), abs(c2 - c))
        assert steps > 0 and (r + dr * steps, c + dc * steps) == (r2, c2), \
            f"the arrow of {value} does not point at {value + 1}"
    if corners:
        assert grid[0][0] == 1 and grid[-1][-1] == width * height
