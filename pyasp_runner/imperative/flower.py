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

from ._common import Enough, Result, content_lines


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


def solve(text: str, limit: int = 2) -> Result:
    disks = read(text)
    size = len(disks[0])
    result = Result(limit=limit)
    level: list[tuple[int, ...]] = [(0,)]
    result.nodes = 1
    for _ in disks[1:]:
        level = [(*state, r) for state in level for r in range(size)]
        result.nodes += len(level)
        result.tried += len(level)
    fewest = size + 1
    closest: list[dict[str, object]] = []
    try:
        for rotations in level:
            shown = [rotate(d, r) for d, r in zip(disks, rotations, strict=True)]
            holes = sum(1 for p in range(size) if not any(disk[p] for disk in shown))
            solution = {"rotations": list(rotations), "disks": shown}
            if holes == 0:
                result.found(solution)
            elif holes < fewest:
                fewest, closest = holes, [solution]
            elif holes == fewest:
                closest.append(solution)
        result.complete = True
    except Enough:
        return result
    if not result.solutions:
        result.closest = {"open": fewest, "solutions": closest}
    return result
