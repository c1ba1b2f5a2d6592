"""Sudoku rules: each of 1..N once in every row, column and box; the givens kept.

Reads the plain text grid (`N N`, then rows of numbers and `-`) or a puzz.link address
(pzprjs's number16), with its own reader. Boxes are H rows by N/H columns, H the largest
divisor of N not above its square root (9: 3x3, 6: 2x3, 16: 4x4).
"""

from . import content_lines, pzpr_numbers


def givens(text: str) -> list[list[int | None]]:
    lines = content_lines(text)
    if "?" in lines[0]:
        cols, rows, body = lines[0].split("?", 1)[1].split("/")[1:4]
        places = (pzpr_numbers(body) + [None] * (int(cols) * int(rows)))[:int(cols) * int(rows)]
        return [places[r * int(cols):(r + 1) * int(cols)] for r in range(int(rows))]
    size = int(lines[0].split()[0])
    return [[None if field in "-." else int(field) for field in line.split()]
            for line in lines[1:1 + size]]


def check(text: str, solution: dict) -> None:
    given = givens(text)
    grid = [[int(value) for value in row] for row in solution["grid"]]
    n = len(given)
    assert len(grid) == n and all(len(row) == n for row in grid)
    height = max(b for b in range(1, n + 1) if b * b <= n and n % b == 0)
    width = n // height
    numbers = set(range(1, n + 1))
    for i in range(n):
        assert set(grid[i]) == numbers, f"row {i + 1}"
        assert {grid[r][i] for r in range(n)} == numbers, f"column {i + 1}"
    for top in range(0, n, height):
        for left in range(0, n, width):
            box = {grid[r][c] for r in range(top, top + height)
                   for c in range(left, left + width)}
            assert box == numbers, f"box at ({top + 1},{left + 1})"
    for r in range(n):
        for c in range(n):
            if given[r][c] is not None:
                assert grid[r][c] == given[r][c], f"given at ({r + 1},{c + 1}) changed"
