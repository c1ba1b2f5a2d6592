"""Checkerboard, imperatively: place the stone with the fewest legal placements first.

Follows the original Python solver. Every stone is precomputed in its (up to 8)
orientations; a placement is legal where each of its squares lands on a field of the
same colour that no placed stone covers (the original summed +-1 arrays; here a
placement is a bit mask of board fields). In every state:

- successors: the stone with the fewest legal placements left, in all of them;
- validity check (branch cutting): every stone not yet placed still has a legal
  placement, and every empty field can still be covered by some remaining stone.

Identical stones are interchangeable (a tiling is the same whichever copy lies where),
so copies of one stone are placed in increasing placement order: each tiling is found
once instead of once per permutation of the copies.
"""

from __future__ import annotations

from ..puzzles.checkerboard import read_board, stone_label
from ._common import Enough, Result, Watch

Shape = frozenset[tuple[int, int, str]]


def read(text: str) -> tuple[int, int, str, list[Shape]]:
    """Rows, columns, top-left colour (B/W) and the stones, in file order (read by the
    package's reader, which knows every layout the command reads; stones whose colours
    cannot fill the board are left for the search to find no tiling)."""
    board, _ = read_board(text, "checkerboard")
    stones = [normal(frozenset((r, c, colour.upper()) for r, c, colour in stone))
              for stone in board.stones]
    return board.rows, board.cols, board.corner.upper(), stones


def normal(cells: Shape) -> Shape:
    top = min(r for r, _, _ in cells)
    left = min(c for _, c, _ in cells)
    return frozenset((r - top, c - left, v) for r, c, v in cells)


def orientations(shape: Shape) -> frozenset[Shape]:
    """The stone turned by 0, 90, 180, 270 degrees, and each mirrored."""
    found = set()
    for turned in (shape, normal(frozenset((r, -c, v) for r, c, v in shape))):
        for _ in range(4):
            turned = normal(frozenset((c, -r, v) for r, c, v in turned))
            found.add(turned)
    return frozenset(found)


def placements(shape: Shape, rows: int, cols: int, corner: str) -> list[int]:
    """Bit masks (bit r*cols+c) of every legal placement on the empty board."""
    other = {"B": "W", "W": "B"}[corner]
    masks = set()
    for turned in orientations(shape):
        height = max(r for r, _, _ in turned) + 1
        width = max(c for _, c, _ in turned) + 1
        for top in range(rows - height + 1):
            for left in range(cols - width + 1):
                if all(v == (corner if (top + r + left + c) % 2 == 0 else other)
                       for r, c, v in turned):
                    masks.add(sum(1 << ((top + r) * cols + left + c) for r, c, _ in turned))
    return sorted(masks)


# The studio draws a search state as one row per stone (in file order): the fields it
# covers, or None while it is not placed; these are the encoding's shown atoms for a row.
DEPTH = "stones placed"


def shown_atoms(row: int, col: int, value: tuple[tuple[int, int], ...]) -> list[str]:
    return [f"cover({r + 1},{c + 1},{row})" for r, c in value]


def describe(kind: str, row: int, col: int, value: object) -> str:
    if kind == "try":
        return f"placed stone {stone_label(row)}: the stone with the fewest placements left"
    return ""


def solve(text: str, limit: int = 2, watch: Watch | None = None) -> Result:
    rows, cols, corner, stones = read(text)
    result = Result(limit=limit, watch=watch)
    full = (1 << (rows * cols)) - 1
    if sum(len(s) for s in stones) != rows * cols:
        result.nodes, result.complete = 1, True  # the root, cut at once
        return result
    # Identical stones form one class: (placements, the stones' indices in file order).
    classes: dict[frozenset[Shape], list[int]] = {}
    for index, stone in enumerate(stones):
        classes.setdefault(orientations(stone), []).append(index)
    kinds = [(placements(min(shapes, key=sorted), rows, cols, corner), members)
             for shapes, members in classes.items()]
    left = [len(members) for _, members in kinds]
    after = [-1] * len(kinds)  # copies of a class go in increasing placement index
    chosen: list[tuple[int, int]] = []  # (class, placement mask) in the order placed

    def placed() -> list[list[tuple[tuple[int, int], ...] | None]]:
        """The studio's state: per stone in file order its fields, or None."""
        state: list[list[tuple[tuple[int, int], ...] | None]] = [[None] for _ in stones]
        copies = [0] * len(kinds)
        for kind, mask in chosen:
            stone = kinds[kind][1][copies[kind]]
            copies[kind] += 1
            state[stone][0] = tuple(divmod(f, cols) for f in range(rows * cols) if mask >> f & 1)
        return state

    def legal(kind: int, covered: int) -> list[int]:
        masks = kinds[kind][0]
        return [i for i in range(after[kind] + 1, len(masks)) if not masks[i] & covered]

    def search(covered: int) -> None:
        result.nodes += 1
        if covered == full:
            result.saw("solution", placed)
            grid = [[-1] * cols for _ in range(rows)]
            copies = [0] * len(kinds)
            for kind, mask in chosen:
                stone = kinds[kind][1][copies[kind]]
                copies[kind] += 1
                for field in range(rows * cols):
                    if mask >> field & 1:
                        grid[field // cols][field % cols] = stone
            result.found({"grid": grid})
            return
        options = {k: legal(k, covered) for k in range(len(kinds)) if left[k]}
        if any(not found for found in options.values()):
            result.saw("cut", placed)
            return
        reachable = 0
        for kind, found in options.items():
            for i in found:
                reachable |= kinds[kind][0][i]
        if reachable | covered != full:
            result.saw("cut", placed)
            return
        kind = min(options, key=lambda k: (len(options[k]), k))
        members = kinds[kind][1]
        previous = after[kind]
        left[kind] -= 1
        for i in options[kind]:
            result.tried += 1
            mask = kinds[kind][0][i]
            after[kind] = i
            chosen.append((kind, mask))
            result.saw("try", placed, (kinds[kind][1][len(members) - left[kind] - 1], 0))
            search(covered | mask)
            chosen.pop()
        after[kind] = previous
        left[kind] += 1

    try:
        result.saw("start", placed)
        search(0)
        result.complete = True
    except Enough:
        pass
    return result
