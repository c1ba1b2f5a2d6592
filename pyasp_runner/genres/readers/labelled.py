"""The labelled layout: each part of the puzzle on a line that names it, as the
puzzle catalogue writes its grids with letters. Restated as the plain text grid (`textgrid`), each
line keeping its number, and read as that is.

    size: 5            the grid is 5x5 (or `rows:` and `cols:`); left out, a clue line
                       or the grid's rows show it
    letters: A-D       a parameter by its name (`%! input param`): a whole number, yes
                       or no (1 or 0), or where the numbers are letters, A to the last
                       (`ABCD`, `A-D`) for the parameter they run up to
    top:    DB.AC      a side's clues (`%! text` blocks top, bottom, left, right): a
                       token per column or row, written together or spaced; `.`, `-`
                       or `_` no clue
    grid:              the cells (also `cells:`, and `rooms:`), a line per row below
    ..-..              the key; in a grid of letters (`%! numbers ... letters`) `.` is
                       a cell without a clue and `-` one given empty, where the genre
                       reads those (`%! input cells unshaded`); else tokens as usual

A block left out holds no clue. Keys are read in any case and order, each once.
"""

from __future__ import annotations

import re

from ...errors import InputError
from ..layers import Layers
from ..statements import Header
from . import preamble
from .textgrid import Line, meaning, read_lines, token_for

_KEY = re.compile(r"([A-Za-z][A-Za-z_+]*)\s*:\s*(.*)")
_SIZE = re.compile(r"\+?([0-9]+)(?:\s*[xX]\s*\+?([0-9]+))?")
_LETTERS = re.compile(r"([A-Za-z])\s*[-\u2013]\s*([A-Za-z])")
_YES = {"yes": 1, "true": 1, "no": 0, "false": 0}
_SIZE_KEYS = ("size", "rows", "cols")
_SIDES = ("top", "bottom", "left", "right")
_ROWS = {"cells": "cells", "grid": "cells", "rooms": "rooms"}  # blocks of a line per row


def reads(header: Header) -> bool:
    """Whether a genre's grid can be written in this layout: its blocks are cells, rooms
    and the sides' clues (not the cells with clues between them, nor grid points)."""
    return all(block.name in (*_SIDES, "cells", "rooms") for block in header.text)


def applies(header: Header, lines: list[Line]) -> bool:
    """Whether the lines begin with a key of this layout (after any preamble); a size
    line `size: N` alone above plain rows is the grid layouts' (`layouts.py`)."""
    keys = _keys(header)
    if not reads(header) or not lines or _key(lines[0][1]) not in keys:
        return False
    return _key(lines[0][1]) not in _SIZE_KEYS or all(
        _key(text) in keys for _, text in lines[1:]) or any(
        _key(text) in keys - set(_SIZE_KEYS) for _, text in lines[1:])


def _key(text: str) -> str:
    match = _KEY.fullmatch(text)
    return match[1].lower() if match else ""


def _keys(header: Header) -> set[str]:
    blocks = {block.name for block in header.text}
    return ({*_SIZE_KEYS, *header.params} | (blocks & set(_SIDES))
            | {key for key, block in _ROWS.items() if block in blocks})


def read(lines: list[Line], source: str, header: Header,
         stated: dict[str, int] | None = None) -> Layers:
    keys = _keys(header)
    values: dict[str, Line] = {}
    rows_of: dict[str, list[Line]] = {}
    at = 0
    while at < len(lines):
        number, text = lines[at]
        match = _KEY.fullmatch(text)
        key = _key(text)
        if match is None or key not in keys:
            raise InputError(source, f"unknown line {text[:40]!r} (expected one of "
                             f"{', '.join(sorted(keys))}, each followed by ':')", number)
        name = _ROWS.get(key, key)
        if name in values:
            raise InputError(source, f"{key}: given twice", number)
        values[name] = (number, match[2].strip())
        at += 1
        if key in _ROWS:
            if match[2].strip():
                raise InputError(source, f"{key}: its rows go on the lines below it", number)
            start = at
            while at < len(lines) and _key(lines[at][1]) not in keys:
                at += 1
            rows_of[key] = lines[start:at]
    return _read_grid(values, rows_of, source, header, stated or {})


def _read_grid(values: dict[str, Line], rows_of: dict[str, list[Line]], source: str,
               header: Header, stated: dict[str, int]) -> Layers:
    first = min(line for line, _ in values.values())
    sides = {side: _split(values[side][1], source, values[side][0]) for side in _SIDES
             if side in values}
    rows, cols = _size(values, sides, rows_of, source, header, first)
    params = dict(stated)
    listed = header.params[-1] if header.param_list else None
    for name in header.params:
        if name in values and name != listed:
            params[name] = _param(name, values[name], source, header)
    missing = [name for name in header.params if name not in params and name not in values
               and name not in dict(header.defaults)]
    if missing:
        raise InputError(source, f"no {missing[0]} line (e.g. `{missing[0]}: 3`)", first)
    size_line = [str(rows), str(cols)]
    for name in header.params:
        if name == listed:  # the list parameter: its numbers as the size line ends
            line, text = values[name]
            if not all(re.fullmatch(r"[0-9]+", word) for word in text.split()):
                raise InputError(source, f"{name}: expected whole numbers, found "
                                 f"{text[:40]!r}", line)
            size_line += [str(preamble.whole(word, name, source, line))
                          for word in text.split()]
        elif name not in params:
            break
        else:
            size_line.append(str(params[name]))
    grid: list[Line] = [(values.get("size", (first, ""))[0], " ".join(size_line))]
    none = token_for(header, "empty") or "-"
    for block in header.text:
        name = block.name
        if name in _SIDES:
            length = cols if name in ("top", "bottom") else rows
            if name not in sides:
                grid.append((first, " ".join(["-"] * length)))
                continue
            line, tokens = values[name][0], sides[name]
            if len(tokens) != length:
                unit = "column" if name in ("top", "bottom") else "row"
                raise InputError(source, f"{name}: expected {length} clues (one per {unit}), "
                                 f"found {len(tokens)}", line)
            grid.append((line, " ".join("-" if _no_clue(t, header) else t for t in tokens)))
        elif name in values:
            key = next(key for key in rows_of if _ROWS[key] == name)
            grid += _rows(key, values[name][0], rows_of[key], rows, cols, source, header)
        elif not block.optional:
            grid += [(first, " ".join([none] * cols))] * rows
    return read_lines(grid, source, header, params)


def _split(value: str, source: str = "", line: int | None = None) -> list[str]:
    """A line's tokens: spaced, or written together a character each (`DB.AC`); spaced,
    a token of more than one character is a number or a word, not a run of `.` or `-`
    (which the grid layouts read as one padded cell: here, one cell each)."""
    tokens = value.split()
    if len(tokens) == 1:
        return list(tokens[0])
    for token in tokens:
        if len(token) > 1 and len(set(token)) == 1 and not token[0].isalnum():
            raise InputError(source, f"{token[:20]!r} between spaces: one character a cell, "
                             "spaced or written together", line)
    return tokens


def _no_clue(token: str, header: Header) -> bool:
    return token in ("-", ".", "_") and meaning(token, header) in (("empty", None), None)


def _size(values: dict[str, Line], sides: dict[str, list[str]],
          rows_of: dict[str, list[Line]], source: str, header: Header,
          first: int) -> tuple[int, int]:
    """The grid's rows and columns: stated, else shown by a clue line or the rows."""
    if "size" in values:
        line, text = values["size"]
        match = _SIZE.fullmatch(text)
        if not match:
            raise InputError(source, f"size: expected a whole number (or ROWSxCOLS), found "
                             f"{text[:40]!r}", line)
        if len(match[1].lstrip("0")) > 4 or len((match[2] or "").lstrip("0")) > 4:
            raise InputError(source, f"size: {text[:20]}: a grid has 1 to 1000 rows and "
                             "columns", line)
        rows = int(match[1])
        return rows, int(match[2]) if match[2] else rows
    if "rows" in values or "cols" in values:
        for key in ("rows", "cols"):
            if key not in values:
                raise InputError(source, f"{'cols' if key == 'cols' else 'rows'}: left out "
                                 f"beside {'rows' if key == 'cols' else 'cols'}", first)
        return (_whole(values["rows"], "rows", source), _whole(values["cols"], "cols", source))
    across = [len(sides[s]) for s in ("top", "bottom") if s in sides]
    down = [len(sides[s]) for s in ("left", "right") if s in sides]
    for block in rows_of.values():
        down.append(len(block))
        across += [len(_split(text)) for _, text in block[:1]]
    if header.square:
        across = down = across + down
    if not across or not down:
        raise InputError(source, "no size line and no clue line to tell the size", first)
    return down[0], across[0]


def _whole(value: Line, key: str, source: str) -> int:
    line, text = value
    digits = text.removeprefix("+")
    if not (digits.isascii() and digits.isdigit()) or len(digits.lstrip("0")) > 4:
        raise InputError(source, f"{key}: expected a whole number 1..1000, found "
                         f"{text[:40]!r}", line)
    return int(digits)


def _param(name: str, value: Line, source: str, header: Header) -> int:
    line, text = value
    compact = re.sub(r"\s+", "", text)
    if re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        return preamble.whole(text.strip(), name, source, line)
    if compact.lower() in _YES:
        return _YES[compact.lower()]
    if header.numbers is not None and header.numbers.letters \
            and header.numbers.high == ((1, name),) and compact:
        return _letters(name, compact, source, line)
    raise InputError(source, f"{name}: expected a whole number, found {text[:40]!r}", line)


def _letters(name: str, text: str, source: str, line: int) -> int:
    """The count of letters A..X written as their run (`ABCD`) or range (`A-D`)."""
    span = _LETTERS.fullmatch(text)
    run = text.upper()
    if span:
        if span[1].upper() != "A" or span[2].upper() < "A":
            raise InputError(source, f"{name}: the letters run from A (A-{span[2].upper()}), "
                             f"found {text[:40]!r}", line)
        return ord(span[2].upper()) - ord("A") + 1
    if run.isascii() and run.isalpha() and run == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:len(run)]:
        return len(run)
    raise InputError(source, f"{name}: expected the letters from A in order (ABCD, A-D) or "
                     f"their count (4), found {text[:40]!r}", line)


def _rows(name: str, key_line: int, block: list[Line], rows: int, cols: int, source: str,
          header: Header) -> list[Line]:
    """The rows below a `grid:` key as text grid lines; in a grid of letters `.` is a
    cell without a clue and `-` one given empty, as the letters puzzle's lines write
    them."""
    if len(block) != rows:
        where = block[rows][0] if len(block) > rows else key_line
        raise InputError(source, f"{name}: expected {rows} rows below it, found {len(block)}",
                         where)
    empty = token_for(header, "empty") or "."
    lettered = header.numbers is not None and header.numbers.letters
    given_empty = token_for(header, "unshaded") if header.has("unshaded") and lettered \
        else None
    out = []
    for line, text in block:
        tokens = _split(text, source, line)
        if len(tokens) != cols:
            raise InputError(source, f"{name}: expected {cols} cells in a row, found "
                             f"{len(tokens)}", line)
        if _ROWS[name] == "cells":
            tokens = [empty if t == "." else given_empty if t == "-" and given_empty else t
                      for t in tokens]
        out.append((line, " ".join(tokens)))
    return out
