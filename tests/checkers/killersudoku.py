"""Killer Sudoku rules: an N x N grid of 1..N, each number once in every row, column and
box (boxes H rows high, H the largest divisor of N not above its square root); the
numbers of a cage differ and add up to the sum written in one of its cells.

Reads the plain text grid: `N N`, N rows of sums (`-` none), N rows of cage ids.
"""

from ._textlink import text_blocks


def check(text: str, solution: dict) -> None:
    n, _, (sums, cages) = text_blocks(text, 2)
    value = {(r, c): int(v) for r, row in enumerate(solution["grid"], 1)
             for c, v in enumerate(row, 1)}
    assert len(value) == n * n and set(value.values()) <= set(range(1, n + 1)), "the grid"
    high = max(h for h in range(1, n + 1) if h * h <= n and n % h == 0)
    wide = n // high
    units = [[(r, c) for c in range(1, n + 1)] for r in range(1, n + 1)]
    units += [[(r, c) for r in range(1, n + 1)] for c in range(1, n + 1)]
    units += [[(r, c) for r in range(top, top + high) for c in range(left, left + wide)]
              for top in range(1, n + 1, high) for left in range(1, n + 1, wide)]
    for unit in units:
        assert sorted(value[p] for p in unit) == list(range(1, n + 1)), f"a unit at {unit[0]}"
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(cages, 1):
        for c, cage in enumerate(row, 1):
            cells.setdefault(cage, []).append((r, c))
    for cage, members in cells.items():
        numbers = [value[p] for p in members]
        assert len(set(numbers)) == len(numbers), f"a number twice in cage {cage}"
        written = [int(sums[r - 1][c - 1]) for r, c in members if sums[r - 1][c - 1] != "-"]
        for total in written:
            assert sum(numbers) == total, f"cage {cage} adds up to {sum(numbers)}, not {total}"
