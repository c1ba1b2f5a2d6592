"""Flower disks, imperatively: breadth-first over the rotations of one disk per level.

Disk 1 stays fixed. Level i of the search rotates disk i+1 in all P ways, so four disks
of twelve positions open 1 + 12 + 144 + 1,728 = 1,885 nodes, as the original Python
solver did. A full stack position is a solution when wood covers every position; the
original's optional pruning (a position covered twice is invalid) only holds for sets
where the wood exactly fills the disk, so it is left out here: covering a position
twice is allowed by the rules. When no stack position covers everything, the positions
leaving the fewest holes open are reported, as the original reported its 16 best.
"""

from __future__ import annotations

from functools import partial

from ._common import Enough, Result, Watch, content_lines


def read(text: str) -> list[list[int]]:
    """One disk per line: 0/1 separated by commas or spaces, optional [ ], or a digit run."""
    disks = []
    for line in content_lines(text):
        fields = line.rstrip(",").strip("[] ").replace(",", " ").split()
        if len(fields) == 1:
            fields = list(fields[0])
        disks.append([int(f) for f in fields])
    if not disks or any(len(d) != len(disks[0]) or set(d) - {0, 1} for d in disks):
        raise ValueError("disks of equal size made of 0 and 1")
    return disks


def rotate(disk: list[int], rotation: int) -> list[int]:
    return disk[rotation:] + disk[:rotation]


# The studio draws a search state as one row per disk: (rotation, the disk as rotated),
# or None for a disk not turned yet; these are the encoding's shown atoms for a row.
DEPTH = "disks placed"


def shown_atoms(row: int, col: int, value: tuple[int, list[int]]) -> list[str]:
    rotation, rotated = value
    return [f"rot({row + 1},{rotation})",
            *(f"wood({row + 1},{p})" for p, wood in enumerate(rotated) if wood)]


def describe(kind: str, row: int, col: int, value: tuple[int, list[int]] | None) -> str:
    if kind == "try" and value is not None:
        return f"turned disk {row + 1} by {value[0]}: a new stack position, not checked yet"
    return ""


def stack(disks: list[list[int]],
          rotations: tuple[int, ...]) -> list[list[tuple[int, list[int]] | None]]:
    """The state for the studio: one row per disk, None for a disk not placed yet."""
    rows: list[list[tuple[int, list[int]] | None]] = [
        [(r, rotate(d, r))] for d, r in zip(disks, rotations, strict=False)]
    return rows + [[None] for _ in disks[len(rotations):]]


def solve(text: str, limit: int = 2, watch: Watch | None = None) -> Result:
    disks = read(text)
    size = len(disks[0])
    result = Result(limit=limit, watch=watch)
    level: list[tuple[int, ...]] = [(0,)]
    result.nodes = 1
    result.saw("start", partial(stack, disks, (0,)))
    for depth in range(1, len(disks)):
        level = [(*state, r) for state in level for r in range(size)]
        result.nodes += len(level)
        result.tried += len(level)
        for state in level:  # every node of the level, in the order it was opened
            result.saw("try", partial(stack, disks, state), (depth, 0))
    fewest = size + 1
    closest: list[dict[str, object]] = []
    try:
        for rotations in level:
            shown = [rotate(d, r) for d, r in zip(disks, rotations, strict=True)]
            holes = sum(1 for p in range(size) if not any(disk[p] for disk in shown))
            solution = {"rotations": list(rotations), "disks": shown}
            if holes == 0:
                result.saw("solution", partial(stack, disks, rotations))
                result.found(solution)
                continue
            # a full stack position with holes: the check at the leaf fails
            result.saw("cut", partial(stack, disks, rotations))
            if holes < fewest:
                fewest, closest = holes, [solution]
            elif holes == fewest:
                closest.append(solution)
        result.complete = True
    except Enough:
        return result
    if not result.solutions:
        result.closest = {"open": fewest, "solutions": closest}
    return result
