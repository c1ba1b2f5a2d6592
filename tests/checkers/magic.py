"""Magic board rules: LO..LO+N*N-1 each once, rows, columns, diagonals equal sums, clues kept."""

from . import content_lines, grid_fields


def check(text: str, solution: dict) -> None:
    lines = content_lines(text)
    low = 1
    if lines[0].lower().startswith("range:"):
        low = int(lines[0].split(":", 1)[1].split("..")[0])
        lines = lines[1:]
    grid = solution["grid"]
    rows = grid_fields(lines)
    n = len(rows)
    assert len(grid) == n and all(len(row) == n for row in grid)
    assert sorted(v for row in grid for v in row) == list(range(low, low + n * n))
    target = sum(range(low, low + n * n)) // n
    assert all(sum(row) == target for row in grid)
    assert all(sum(grid[r][c] for r in range(n)) == target for c in range(n))
    assert sum(grid[i][i] for i in range(n)) == target
    assert sum(grid[i][n - 1 - i] for i in range(n)) == target
    for r, row in enumerate(rows):
        for c, field in enumerate(row):
            zero_is_number = low <= 0 <= low + n * n - 1
            blank = field.strip("_.?-") == "" or (field.strip("0") == "" and not zero_is_number)
            if not blank:
                assert grid[r][c] == int(field), f"clue at ({r + 1},{c + 1}) changed"
