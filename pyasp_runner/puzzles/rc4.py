"""RC4 keystream reuse: recover key bytes and a text-like plaintext from message parts.

Input: one message part per line as hex bytes `0xd9, 0xef, ...` (every part as long as
the first, the last may be shorter); an optional first line `alphabet: [A-Za-z ]` sets
the allowed plaintext characters (a bracket class with ranges; default letters and space).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import pairwise
from typing import Any, NamedTuple

from clingo import Number

from ..board import Board, Cell, Lines, Mark, Row
from ..errors import InputError
from ..numerals import check_length
from ..numerals import fields as split_fields
from ..player import AnswerError, Key, PlayerAnswer, player_answer
from ..puzzle import Answer, Drawing, Instance, PuzzleSpec, Size, fact

DEFAULT_ALPHABET = "[A-Za-z ]"
MAX_PART = 4096
_BYTE = re.compile(r"(?:0[xX])?([0-9a-fA-F]+)")
UNKNOWN = "·"


class Rc4Input(NamedTuple):
    parts: tuple[tuple[int, ...], ...]
    alphabet: frozenset[int]

    @property
    def width(self) -> int:
        return len(self.parts[0])


def parse(text: str, source: str) -> Instance[Rc4Input]:
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1)
             if raw.strip() and not raw.lstrip().startswith("#")]
    if not lines:
        raise InputError(source, "empty file: no message parts in it")
    alphabet = _alphabet(DEFAULT_ALPHABET, source, None)
    number, first = lines[0]
    key, colon, value = first.partition(":")
    if colon and key.strip().lower() == "alphabet":
        alphabet = _alphabet(value.strip(), source, number)
        lines = lines[1:]
    if not lines:
        raise InputError(source, "no message parts after the alphabet line", number)
    parts = [_part(line, source, number) for number, line in lines]
    width = len(parts[0])
    for (number, _), part in zip(lines[1:], parts[1:], strict=True):
        if len(part) > width:
            raise InputError(source, f"part of {len(part)} bytes is longer than the first "
                             f"part ({width} bytes)", number)
    for (number, _), part in zip(lines[1:-1], parts[1:-1], strict=True):
        if len(part) != width:
            raise InputError(source, f"part of {len(part)} bytes, but only the last part may "
                             f"be shorter than the first ({width} bytes)", number)
    return instance_of(source, Rc4Input(tuple(parts), alphabet))


def _part(line: str, source: str, number: int) -> tuple[int, ...]:
    fields = split_fields(line, source, number, "bytes")
    if len(fields) > MAX_PART:
        raise InputError(source, f"part longer than {MAX_PART} bytes", number)
    values = []
    for position, field in enumerate(fields, start=1):
        match = _BYTE.fullmatch(field)
        if not match:
            raise InputError(source, f"byte {position}: expected a hex byte like 0xd9, "
                             f"found {field!r}", number)
        digits = match[1].lstrip("0") or "0"  # read whole: 0x00d9 is 0xd9, 0x1d9 no byte
        check_length(digits, source, number, f"byte {position}")
        value = int(digits, 16)
        if value > 0xFF:
            raise InputError(source, f"byte {position}: {field} is out of range 0x00..0xff",
                             number)
        values.append(value)
    return tuple(values)


def _alphabet(spec: str, source: str, number: int | None) -> frozenset[int]:
    """The character codes of a bracket class like `[A-Za-z ,.]`."""
    if len(spec) < 3 or spec[0] != "[" or spec[-1] != "]":
        raise InputError(source, f"alphabet: expected a bracket class like [A-Za-z ], "
                         f"found {spec!r}", number)
    body, codes, index = spec[1:-1], set(), 0
    while index < len(body):
        if index + 2 < len(body) and body[index + 1] == "-":
            low, high = ord(body[index]), ord(body[index + 2])
            if low > high:
                raise InputError(source, f"alphabet: empty range {body[index:index + 3]!r}",
                                 number)
            codes |= set(range(low, high + 1))
            index += 3
        else:
            codes.add(ord(body[index]))
            index += 1
    if any(code > 255 for code in codes):
        raise InputError(source, "alphabet: only characters with codes 0..255", number)
    return frozenset(codes)


def instance_of(source: str, message: Rc4Input) -> Instance[Rc4Input]:
    structure = [fact("allowed", code) for code in sorted(message.alphabet)]
    order = [(p, i) for p, part in enumerate(message.parts, start=1)
             for i in range(1, len(part) + 1)]
    structure += [fact("follows", *a, *b) for a, b in pairwise(order)]
    structure += [fact("cipher", p, i, byte) for p, part in enumerate(message.parts, start=1)
                  for i, byte in enumerate(part, start=1)]
    return Instance(source, tuple(structure), (), message)


def size(instance: Instance[Rc4Input]) -> tuple[int, str]:
    """Ground plaintext choices and the pairs read as text: per character, the key bytes
    that keep every part's character at its position in the alphabet (asp/rc4.lp's
    candidates), and per two characters in a row, the pairs of their choices."""
    message = instance.data
    allowed = sum(1 << code for code in message.alphabet)
    # turns[b]: the key bytes that turn cipher byte b into an allowed character.
    turns = [sum(1 << key for key in range(256) if allowed >> (b ^ key) & 1)
             for b in range(256)]
    choices = []
    for position in range(message.width):
        keys = (1 << 256) - 1
        for part in message.parts:
            if position < len(part):
                keys &= turns[part[position]]
        choices.append(keys.bit_count())
    order = [choices[i] for part in message.parts for i in range(len(part))]
    return sum(order) + sum(a * b for a, b in pairwise(order)), "character choices and pairs"


# The runner's size check (--max-size/--force); benchmarks/hardening.py measures the
# largest instances under it.
MAX_SIZE = 4_000_000


def _read(instance: Instance[Rc4Input], answer: Answer) -> tuple[list[int | None], list[int | None],
                                                       list[str]]:
    message = instance.data
    keys: list[int | None] = [None] * message.width
    for position, byte in answer.atoms("key", 2):
        keys[int(position) - 1] = int(byte)
    counts: list[int | None] = [None] * message.width
    for position, count in answer.atoms("candidates", 2):
        counts[int(position) - 1] = int(count)
    chars = [[UNKNOWN] * len(part) for part in message.parts]
    for part, position, code in answer.atoms("plain", 3):
        chars[int(part) - 1][int(position) - 1] = chr(int(code))
    return keys, counts, ["".join(row) for row in chars]


def solution_json(instance: Instance[Rc4Input], answer: Answer) -> dict[str, Any]:
    keys, counts, plaintext = _read(instance, answer)
    return {"keystream": keys, "plaintext": plaintext, "candidates": counts}


def board(instance: Instance[Rc4Input], answer: Answer) -> Board:
    """The recovered text, a part a line, the positions with more than one key byte left
    marked ambiguous; the key bytes and the keystream below."""
    keys, counts, plaintext = _read(instance, answer)
    ambiguous = {i for i, n in enumerate(counts) if n is not None and n > 1}
    rows = tuple(
        Row(f"part {p}", tuple(Cell(None, Mark.UNKNOWN) if char == UNKNOWN
                               else Cell(char, Mark.AMBIGUOUS if i in ambiguous else Mark.FILLED)
                               for i, char in enumerate(line)), boxed=True)
        for p, line in enumerate(plaintext, start=1))
    detail = [f"{i + 1}:{counts[i]}" for i in sorted(ambiguous)]
    notes = ("key bytes left: " + (", ".join(detail) if detail else "one at every position")
             + " (position:count)",
             "keystream: " + " ".join(UNKNOWN * 2 if k is None else f"{k:02x}" for k in keys))
    return Board(Lines(rows), "the most text-like plaintext", notes)


def read_answer(instance: Instance[Rc4Input], solution: Mapping[str, Any]) -> PlayerAnswer:
    """A player's keystream, `{"keystream": [4, 212, null, ...]}` (null: open; as text,
    the bytes in hex as the parts are written, over any lines, `#` lines left out, `?`
    open), or plaintext, `{"plaintext":
    ["It was", ...]}` (a part a string; `·` open)."""
    message = instance.data
    if "keystream" in solution:
        keys = _keystream(solution["keystream"], message.width)
        stated = [fact("key", i, key) for i, key in enumerate(keys, start=1) if key is not None]
        decided: list[Key] = [("key", (Number(i),)) for i, key in enumerate(keys, start=1)
                              if key is not None]
        return player_answer(stated, decided, keys.count(None), message.width)
    text = solution.get("plaintext")
    if not isinstance(text, list) or len(text) != len(message.parts):
        raise AnswerError("plaintext", f"expected a keystream (\"keystream\": a list of "
                          f"{message.width} bytes) or the plaintext (\"plaintext\": a "
                          f"list of {len(message.parts)} strings, a part each)")
    stated, open_places = [], 0
    decided = []
    for p, (line, part) in enumerate(zip(text, message.parts, strict=True), start=1):
        if not isinstance(line, str) or len(line) != len(part):
            raise AnswerError(f"plaintext[{p - 1}]", f"expected a string of {len(part)} "
                              f"characters")
        for i, char in enumerate(line, start=1):
            if char == UNKNOWN:
                open_places += 1
                continue
            stated.append(fact("plain", p, i, ord(char)))
            decided.append(("plain", (Number(p), Number(i))))
    return player_answer(stated, decided, open_places, sum(map(len, message.parts)))


def _keystream(keys: Any, width: int) -> list[int | None]:
    if isinstance(keys, str):  # as text: bytes in hex, as the parts are written
        lines = [line for line in keys.splitlines() if not line.lstrip().startswith("#")]
        fields = [field for field in re.split(r"[\s,]+", " ".join(lines)) if field]
        read: list[Any] = []
        for position, field in enumerate(fields, start=1):
            match = _BYTE.fullmatch(field)
            if field != "?" and (not match or len(match[1].lstrip("0")) > 2):
                raise AnswerError("keystream", f"byte {position}: expected a hex byte like "
                                  f"0xd9 or ? (open), found {field[:20]!r}")
            read.append(None if field == "?" else int(match[1], 16) if match else None)
        keys = read
    if not isinstance(keys, list) or len(keys) != width:
        raise AnswerError("keystream", f"expected {width} key bytes, one per position")
    for position, key in enumerate(keys):
        if key is not None and (not isinstance(key, int) or isinstance(key, bool)
                                or not 0 <= key <= 0xFF):
            raise AnswerError(f"keystream[{position}]", f"expected a byte 0..255 or null, "
                              f"found {key!r:.40}")
    return keys


PUZZLE: PuzzleSpec[Rc4Input] = PuzzleSpec(
    name="rc4", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=None,
                    listing=None),
    reasoning=None, writing=None, generating=None, judging=None,
    size=Size(measure=size, limit=MAX_SIZE),
    options=None,
    unsolvable="no keystream makes every message text of the alphabet",
    unsolvable_alone="no keystream makes every message text of the alphabet",
    read_answer=read_answer,
    text_answer="keystream",
)
