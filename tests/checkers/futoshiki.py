"""Futoshiki rules: the numbers 1..N once in every row and column, the given numbers kept,
and each sign between two cells obeyed (the number on its small side is the smaller).

Reads the plain text grid (`N N`, then 2N-1 lines of 2N-1 tokens: the cells at the odd
places of the odd lines, `<` `>` between the cells of a line, `^` `v` between a cell and
the one below, `^` meaning the upper cell is the smaller) with grid_input.
"""

from .grid_input import lines_of


def check(text: str, solution: dict) -> None:
    lines = lines_of(text)
    n = int(lines[0].split()[0])
    rows = [line.split() for line in lines[1:]]
    assert len(rows) == 2 * n - 1 and all(len(row) == 2 * n - 1 for row in rows)
    grid = [[int(v) for v in row] for row in solution["grid"]]
    assert len(grid) == n and all(len(row) == n for row in grid), "the grid's size"
    for i in range(n):
        assert sorted(grid[i]) == list(range(1, n + 1)), f"row {i + 1}"
        assert sorted(row[i] for row in grid) == list(range(1, n + 1)), f"column {i + 1}"
    for i, row in enumerate(rows):
        for j, token in enumerate(row):
            r, c = i // 2, j // 2
            if i % 2 == 0 and j % 2 == 0 and token.isdigit():
                assert grid[r][c] == int(token), f"the given {token} at {(r + 1, c + 1)}"
            elif i % 2 == 0 and j % 2 == 1 and token in "<>":
                left, right = grid[r][c], grid[r][c + 1]
                assert (left < right) == (token == "<"), f"the sign right of {(r + 1, c + 1)}"
            elif i % 2 == 1 and j % 2 == 0 and token in "^v":
                upper, lower = grid[r][c], grid[r + 1][c]
                assert (upper < lower) == (token == "^"), f"the sign below {(r + 1, c + 1)}"
