"""Star Battle rules: the same number of stars in every row, column and region, none in a
blocked cell, no two stars touching, beside or corner to corner."""

from __future__ import annotations

from . import puzzlink_address, text_grid

Pos = tuple[int, int]


def _border_regions(rows: int, cols: int, body: str) -> dict[Pos, int]:
    """pzprjs's decodeBorder: the walls between side neighbours, the areas they enclose."""
    bits = [(int(char, 32) >> (4 - w)) & 1 for char in body for w in range(5)]
    vertical = rows * (cols - 1)
    wall = set()
    for i, bit in enumerate(bits[:vertical]):
        if bit:
            r, c = divmod(i, cols - 1)
            wall.add(((r, c), (r, c + 1)))
    start = -(-vertical // 5) * 5
    for i, bit in enumerate(bits[start:start + (rows - 1) * cols]):
        if bit:
            r, c = divmod(i, cols)
            wall.add(((r, c), (r + 1, c)))
    region: dict[Pos, int] = {}
    for cell in ((r, c) for r in range(rows) for c in range(cols)):
        if cell in region:
            continue
        region[cell], todo = len(region), [cell]
        label = region[cell]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                pair = ((r, c), near) if (r, c) < near else (near, (r, c))
                if near in region or pair in wall or not (0 <= near[0] < rows
                                                          and 0 <= near[1] < cols):
                    continue
                region[near] = label
                todo.append(near)
    return region


def _read(text: str) -> tuple[int, int, int, dict[Pos, str]]:
    """(rows, cols, stars, {cell: its region}); blocked cells have no region."""
    link = puzzlink_address(text)
    if link is not None:
        cols, rows, stars, body = (int(link[1][0]), int(link[1][1]), int(link[1][2]),
                                   link[1][3])
        regions = _border_regions(rows, cols, body)
        return rows, cols, stars, {pos: str(label) for pos, label in regions.items()}
    size, lines = text_grid(text)
    rows, cols, stars = int(size[0]), int(size[1]), int(size[2])
    return rows, cols, stars, {(r, c): token for r, line in enumerate(lines[-rows:])
                               for c, token in enumerate(line) if token not in "@#"}


def check(text: str, solution: dict) -> None:
    rows, cols, stars, region = _read(text)
    grid = solution["grid"]
    assert len(grid) == rows and all(len(row) == cols for row in grid), "grid shape"
    placed = {(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "*"}
    for r in range(rows):
        for c in range(cols):
            assert grid[r][c] == ("*" if (r, c) in placed else "#" if (r, c) not in region
                                  else "."), f"cell {(r, c)} shows {grid[r][c]!r}"
    assert placed <= set(region), "a star in a blocked cell"
    for r in range(rows):
        assert sum(pos[0] == r for pos in placed) == stars, f"row {r + 1}"
    for c in range(cols):
        assert sum(pos[1] == c for pos in placed) == stars, f"column {c + 1}"
    for label in set(region.values()):
        inside = sum(region.get(pos) == label for pos in placed)
        assert inside == stars, f"region {label} has {inside} stars"
    for r, c in placed:
        for near in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
            assert near not in placed, f"the stars at {(r, c)} and {near} touch"
