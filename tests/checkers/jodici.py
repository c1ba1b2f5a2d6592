"""Jodici rules: digits 1..9 each twice, sectors sum to 15, rings to 30, clues kept."""

from collections import Counter

from . import content_lines


def check(text: str, solution: dict) -> None:
    grid = solution["grid"]
    assert len(grid) == 3 and all(len(ring) == 6 for ring in grid)
    assert all(1 <= d <= 9 for ring in grid for d in ring)
    assert Counter(d for ring in grid for d in ring) == Counter({d: 2 for d in range(1, 10)})
    assert all(sum(ring) == 30 for ring in grid)
    assert all(sum(grid[r][s] for r in range(3)) == 15 for s in range(6))
    for r, line in enumerate(content_lines(text)):
        for s, field in enumerate(line.split(",")):
            if field.strip().strip("_"):
                assert grid[r][s] == int(field), f"clue at ring {r + 1}, sector {s + 1} changed"
