"""Slitherlink rules: the edges form one loop along the grid's lines that neither crosses
nor touches itself, and each number counts its cell's sides on the loop."""

from __future__ import annotations

from . import puzzlink_address, pzpr_4cell, text_grid

Pos = tuple[int, int]


def _read(text: str) -> tuple[int, int, dict[Pos, int]]:
    link = puzzlink_address(text)
    if link is not None:
        parts = [p for p in link[1] if not p.isalpha() or len(p) > 1]  # drop a flag ("f")
        cols, rows, body = int(parts[0]), int(parts[1]), parts[2]
        values = pzpr_4cell(body, rows * cols)
        return rows, cols, {divmod(i, cols): v for i, v in enumerate(values)
                            if isinstance(v, int)}
    size, lines = text_grid(text)
    rows, cols = int(size[0]), int(size[1])
    return rows, cols, {(r, c): int(token) for r, line in enumerate(lines[:rows])
                        for c, token in enumerate(line) if token.isdigit()}


def loop_through(segments: set[tuple[Pos, Pos]]) -> None:
    """Assert that unit segments form one closed loop that never branches."""
    assert segments, "no loop"
    ends: dict[Pos, list[Pos]] = {}
    for a, b in segments:
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, f"{a}-{b} is no unit segment"
        ends.setdefault(a, []).append(b)
        ends.setdefault(b, []).append(a)
    for point, nears in ends.items():
        assert len(nears) == 2, f"{len(nears)} segments meet at {point}"
    start = next(iter(ends))
    seen, todo = {start}, [start]
    while todo:
        for near in ends[todo.pop()]:
            if near not in seen:
                seen.add(near)
                todo.append(near)
    assert len(seen) == len(ends), "more than one loop"


def check(text: str, solution: dict) -> None:
    rows, cols, numbers = _read(text)
    grid = solution["grid"]
    for r in range(rows):
        for c in range(cols):
            want = str(numbers[(r, c)]) if (r, c) in numbers else "."
            assert grid[r][c] == want, f"cell {(r, c)} shows {grid[r][c]!r}"
    segments = {tuple(sorted((tuple(a), tuple(b)))) for a, b in solution["edges"]}
    for a, b in segments:
        for r, c in (a, b):
            assert 0 <= r <= rows and 0 <= c <= cols, f"point {(r, c)} outside the grid"
    loop_through(segments)  # type: ignore[arg-type]
    for (r, c), number in numbers.items():
        sides = {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                 ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))}
        on = len(sides & segments)
        assert on == number, f"the {number} at {(r + 1, c + 1)} has {on} sides on the loop"
