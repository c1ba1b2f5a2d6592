"""Hashiwokakero rules: bridges run straight along a row or a column between two islands
(numbered cells) with no island between, one or two of them; an island has as many
bridges as its number; no bridge crosses another; every island is reached from every
other over the bridges.

Reads the plain text grid (`R C`, then R rows: a number is an island, `-` or `.` water)
or a puzz.link address (pzprjs's decodeNumber16) with _textlink.
"""

from ._textlink import address, text_blocks
from .grid_input import number16

Pos = tuple[int, int]


def islands(text: str) -> dict[Pos, int]:
    link = address(text)
    if link:
        rows, cols, body = link
        values, _ = number16(body, rows * cols)
        return {(p // cols + 1, p % cols + 1): v for p, v in values.items()}
    _, _, (grid,) = text_blocks(text, 1)
    return {(r, c): int(t) for r, row in enumerate(grid, 1) for c, t in enumerate(row, 1)
            if t.isdigit()}


def _between(a: Pos, b: Pos) -> list[Pos]:
    (r1, c1), (r2, c2) = sorted((a, b))
    assert r1 == r2 or c1 == c2, f"a bridge {a}-{b} not along a row or a column"
    if r1 == r2:
        return [(r1, c) for c in range(c1 + 1, c2)]
    return [(r, c1) for r in range(r1 + 1, r2)]


def check(text: str, solution: dict) -> None:
    numbers = islands(text)
    count = dict.fromkeys(numbers, 0)
    across: set[Pos] = set()
    down: set[Pos] = set()
    joined: dict[Pos, set[Pos]] = {pos: set() for pos in numbers}
    pairs = set()
    for a, b, strands in solution["edges"]:
        a, b = tuple(a), tuple(b)
        assert a in numbers and b in numbers, f"a bridge {a}-{b} not between islands"
        assert strands in (1, 2), f"{strands} bridges between {a} and {b}"
        assert frozenset((a, b)) not in pairs, f"{a}-{b} twice"
        pairs.add(frozenset((a, b)))
        cells = _between(a, b)
        assert not any(cell in numbers for cell in cells), f"{a}-{b} crosses an island"
        (across if a[0] == b[0] else down).update(cells)
        count[a] += strands
        count[b] += strands
        joined[a].add(b)
        joined[b].add(a)
    assert not across & down, f"bridges cross at {sorted(across & down)[:3]}"
    for pos, number in numbers.items():
        assert count[pos] == number, f"the island {number} at {pos} has {count[pos]} bridges"
    if numbers:
        start = min(numbers)
        reached, todo = {start}, [start]
        while todo:
            for there in joined[todo.pop()] - reached:
                reached.add(there)
                todo.append(there)
        assert reached == set(numbers), f"islands apart from {start}: {len(numbers) - len(reached)}"
