"""The `KEY: VALUE` lines a genre's grid may begin with (`%! preamble KEY NAME?=DEFAULT`):
each gives a parameter that the size line does not hold, as a file written for people
states it (`range: 5..29` above the grid).

A VALUE is a whole number, or, for the parameter that is the low end of the cells'
numbers (`%! numbers low..HIGH`), their range `LO..HI`: LO is the parameter, and HI must
be where the range then ends for the grid below (`check_range`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...errors import InputError
from ...gridlayouts import Line
from ..layers import Layers, number_range
from ..statements import Header

_LINE = re.compile(r"([A-Za-z][A-Za-z_-]*)\s*:\s*(.*)")
_WHOLE = re.compile(r"[+-]?[0-9]+")
# A stated number is at most this far from 0: rules multiply it by a grid's side (1000
# at most), and clingo's integers have 32 bits.
MAX_STATED = 10**6
_RANGE = re.compile(r"([+-]?[0-9]+)\s*\.\.\s*([+-]?[0-9]+)")


class Stated(NamedTuple):
    """What the lines before the grid gave: the parameters, and a range's stated end."""

    params: dict[str, int]
    high: tuple[int, int, int] | None = None  # (LO, HI, line) of a `KEY: LO..HI`


def read(lines: list[Line], source: str, header: Header) -> tuple[Stated, list[Line]]:
    """The parameters stated before the grid, and the lines after them."""
    keys = {preamble.key: preamble for preamble in header.preambles}
    params: dict[str, int] = {}
    high = None
    at = 0
    while at < len(lines):
        number, text = lines[at]
        match = _LINE.fullmatch(text.strip())
        if not match or match[1].lower() not in keys:
            break
        preamble = keys[match[1].lower()]
        if preamble.param in params:
            raise InputError(source, f"{preamble.key}: given twice", number)
        value = match[2].strip()
        span = _RANGE.fullmatch(value)
        if span and _is_low_end(header, preamble.param):
            params[preamble.param] = whole(span[1], preamble.key, source, number)
            high = (params[preamble.param], whole(span[2], preamble.key, source, number),
                    number)
        elif _WHOLE.fullmatch(value):
            params[preamble.param] = whole(value, preamble.key, source, number)
        else:
            wanted = "LO..HI" if _is_low_end(header, preamble.param) else "a whole number"
            raise InputError(source, f"{preamble.key}: expected {wanted}, found "
                             f"{value[:40]!r}", number)
        at += 1
        while at < len(lines) and lines[at][1].startswith("#"):
            at += 1  # a comment, as before the size line (`textgrid.content_lines`)
    if at and at == len(lines):
        raise InputError(source, f"no grid after the {lines[at - 1][1].partition(':')[0]} "
                         "line", lines[at - 1][0])
    return Stated(params, high), lines[at:]


def check_range(stated: Stated, layers: Layers, header: Header, source: str) -> None:
    """A stated range `LO..HI` must be the one the grid's numbers take from LO."""
    span = number_range(layers, header)
    if stated.high is None or span is None:
        return
    low, high, line = stated.high
    if high != span[1]:
        raise InputError(source, f"the range {low}..{high} holds {high - low + 1} numbers; "
                         f"a {layers.rows}x{layers.cols} grid needs {span[1] - span[0] + 1} "
                         f"({span[0]}..{span[1]})", line)


def lines_of(layers: Layers, header: Header) -> list[str]:
    """The lines stating the parameters that differ from their defaults."""
    out = []
    for preamble in header.preambles:
        if preamble.param not in layers.params:
            continue
        span = number_range(layers, header)
        if span and _is_low_end(header, preamble.param):
            out.append(f"{preamble.key}: {span[0]}..{span[1]}")
        else:
            out.append(f"{preamble.key}: {layers.params[preamble.param]}")
    return out


def _is_low_end(header: Header, param: str) -> bool:
    return header.numbers is not None and header.numbers.low == ((1, param),)


def whole(text: str, key: str, source: str, number: int) -> int:
    if len(text.lstrip("+-").lstrip("0")) > 7 or abs(int(text)) > MAX_STATED:
        raise InputError(source, f"{key}: {text[:20]} is too large (at most {MAX_STATED:,} "
                         "either way)", number)
    return int(text)
