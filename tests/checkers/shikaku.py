"""Shikaku rules: the grid divided into rectangles, each holding exactly one number, which
is its count of cells (any count for a `?`)."""

from __future__ import annotations

from . import puzzlink_address, pzpr_number16, text_grid

Pos = tuple[int, int]


def _read(text: str) -> tuple[int, int, dict[Pos, int | str]]:
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


def check(text: str, solution: dict) -> None:
    rows, cols, clues = _read(text)
    grid, regions = solution["grid"], solution["regions"]
    assert len(regions) == rows and all(len(row) == cols for row in regions), "regions shape"
    for r in range(rows):
        for c in range(cols):
            want = str(clues[(r, c)]) if (r, c) in clues else "."
            assert grid[r][c] == want, f"cell {(r, c)} shows {grid[r][c]!r}"
    cells: dict[object, list[Pos]] = {}
    for r in range(rows):
        for c in range(cols):
            assert regions[r][c] is not None, f"cell {(r, c)} is in no rectangle"
            cells.setdefault(regions[r][c], []).append((r, c))
    for label, area in cells.items():
        top, bottom = min(r for r, _ in area), max(r for r, _ in area)
        left, right = min(c for _, c in area), max(c for _, c in area)
        assert len(area) == (bottom - top + 1) * (right - left + 1), f"{label} is no rectangle"
        numbers = [clues[pos] for pos in area if pos in clues]
        assert len(numbers) == 1, f"rectangle {label} holds {len(numbers)} numbers"
        assert numbers[0] in ("?", len(area)), f"rectangle {label}: {len(area)} cells"
