"""Flower rules: disk 1 unrotated, each disk its input shifted left, wood everywhere.

`check_closest` also proves the reported number of open holes is the fewest possible
by trying every stack position (the puzzles kept in instances/ are small enough).
"""

from itertools import product

from . import content_lines

BRUTE_FORCE_LIMIT = 200_000


def _disks(text: str) -> list[list[int]]:
    disks = []
    for line in content_lines(text):
        fields = line.rstrip(",").strip("[] ").replace(",", " ").split()
        if len(fields) == 1:
            fields = list(fields[0])
        disks.append([int(f) for f in fields])
    return disks


def _open(text: str, solution: dict) -> int:
    """The holes a stack position leaves open, after checking it is a true stack position."""
    disks = _disks(text)
    rotations, shown = solution["rotations"], solution["disks"]
    assert len(rotations) == len(disks) == len(shown)
    assert rotations[0] == 0, "disk 1 stays fixed"
    size = len(disks[0])
    for disk, rotation, rotated in zip(disks, rotations, shown, strict=True):
        assert 0 <= rotation < size
        assert rotated == disk[rotation:] + disk[:rotation]
    return sum(1 for p in range(size) if not any(rotated[p] for rotated in shown))


def _fewest_open(disks: list[list[int]]) -> int:
    size = len(disks[0])
    return min(
        sum(1 for p in range(size)
            if not any(d[(p + r) % size] for d, r in zip(disks, (0, *rest), strict=True)))
        for rest in product(range(size), repeat=len(disks) - 1)
    )


def check(text: str, solution: dict) -> None:
    assert _open(text, solution) == 0, "every position must be covered by wood"


def check_closest(text: str, closest: dict) -> None:
    assert closest["open"] > 0 and closest["solutions"]
    for solution in closest["solutions"]:
        assert _open(text, solution) == closest["open"]
    disks = _disks(text)
    if len(disks[0]) ** (len(disks) - 1) <= BRUTE_FORCE_LIMIT:
        assert _fewest_open(disks) == closest["open"], "a better stack position exists"
