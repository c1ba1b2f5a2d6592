"""RC4 keystream-reuse checker: every key byte allowed, counts by brute force, best score.

The candidates at each position are recomputed by trying all 256 key bytes; the
plaintext must be the xor of cipher and key; and the text score (the puzzle's
documented preferences) of the answer must equal the best score, found here by
dynamic programming along the message (the score only links neighbouring characters).
"""

from __future__ import annotations

import re
from itertools import pairwise

from . import content_lines

RARITY = dict(e=0, t=1, a=1, o=2, i=2, n=2, s=2, h=2, r=2, d=3, l=3, c=4, u=4, m=5, w=5,
              f=5, g=5, y=5, p=5, b=6, v=7, k=8, j=13, x=13, q=14, z=15)
UPPER, OTHER, UPPER_AFTER_LOWER, DOUBLE_SPACE, LETTER_AFTER_OTHER = 2, 3, 4, 3, 1


def _read(text: str) -> tuple[set[int], list[list[int]]]:
    lines = content_lines(text)
    alphabet = set(range(65, 91)) | set(range(97, 123)) | {32}
    if lines[0].lower().startswith("alphabet:"):
        body = lines.pop(0).split(":", 1)[1].strip()[1:-1]
        alphabet = set()
        for low, high, single in re.findall(r"(.)-(.)|(.)", body):
            alphabet |= set(range(ord(low), ord(high) + 1)) if low else {ord(single)}
    parts = [[int(field, 16) for field in re.split(r"[\s,]+", line) if field]
             for line in lines]
    return alphabet, parts


def _kind(code: int) -> str:
    char = chr(code)
    if char == " ":
        return "space"
    if "a" <= char <= "z":
        return "lower"
    if "A" <= char <= "Z":
        return "upper"
    return "other"


def _single(code: int) -> int:
    kind = _kind(code)
    if kind == "lower":
        return RARITY[chr(code)]
    if kind == "upper":
        return UPPER + RARITY[chr(code).lower()]
    return OTHER if kind == "other" else 0


def _pair(before: int, after: int) -> int:
    a, b = _kind(before), _kind(after)
    if a == "lower" and b == "upper":
        return UPPER_AFTER_LOWER
    if a == b == "space":
        return DOUBLE_SPACE
    if a == "other" and b in ("lower", "upper"):
        return LETTER_AFTER_OTHER
    return 0


def candidates(alphabet: set[int], parts: list[list[int]]) -> list[list[int]]:
    width = len(parts[0])
    return [[k for k in range(256) if all(p[i] ^ k in alphabet for p in parts if i < len(p))]
            for i in range(width)]


def score(parts: list[list[int]], keys: list[int]) -> int:
    chars = [b ^ keys[i] for p in parts for i, b in enumerate(p)]
    return sum(map(_single, chars)) + sum(_pair(a, b) for a, b in pairwise(chars))


def best_score(parts: list[list[int]], options: list[list[int]]) -> int:
    """Minimum score over all key choices: positions are linked in a cycle through the
    part boundaries (last of one part, first of the next), so fix the first key byte
    and run the dynamic programme over positions for each choice."""
    width = len(parts[0])

    def link(i: int, k1: int, k2: int) -> int:
        """Score of the characters at position i+1 given keys at i and i+1 (pairs inside parts)."""
        total = sum(_single(p[i + 1] ^ k2) for p in parts if i + 1 < len(p))
        return total + sum(_pair(p[i] ^ k1, p[i + 1] ^ k2) for p in parts if i + 1 < len(p))

    def wrap(k_last: int, k_first: int) -> int:
        """Pairs from the end of one part to the start of the next."""
        return sum(_pair(a[-1] ^ k_last, b[0] ^ k_first)
                   for a, b in pairwise(parts))

    best = None
    for first in options[0]:
        cost = {first: sum(_single(p[0] ^ first) for p in parts)}
        for i in range(width - 1):
            cost = {k2: min(c + link(i, k1, k2) for k1, c in cost.items())
                    for k2 in options[i + 1]}
        total = min(c + wrap(k, first) for k, c in cost.items())
        best = total if best is None else min(best, total)
    assert best is not None
    return best


def check(text: str, solution: dict) -> None:
    alphabet, parts = _read(text)
    options = candidates(alphabet, parts)
    keys = solution["keystream"]
    assert len(keys) == len(parts[0])
    for i, key in enumerate(keys):
        assert key in options[i], f"key byte {key} at position {i + 1} makes a bad character"
    assert solution["candidates"] == [len(o) for o in options]
    assert solution["plaintext"] == ["".join(chr(b ^ keys[i]) for i, b in enumerate(p))
                                     for p in parts]
    assert score(parts, keys) == best_score(parts, options), "not the most text-like choice"
