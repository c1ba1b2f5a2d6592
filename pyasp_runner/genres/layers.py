"""A genre's puzzle as data (`Layers`) and as the fixed facts its rules read.

Every reader fills a `Layers`; `facts` turns it into the documented predicates
(docs/genres.md), structure apart from the author's clues; `from_facts` reads them back
(a writer writes the structure with any subset of the clues, as `generate` needs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from clingo import Function, Number, String, Symbol, SymbolType

from . import vocabulary as words
from .statements import Bound, Header

Pos = tuple[int, int]


class Layers(NamedTuple):
    """A puzzle of a genre: its size and what each input layer holds."""

    rows: int
    cols: int
    numbers: dict[Pos, int]
    letters: dict[Pos, str]
    unknown: frozenset[Pos]
    shaded: frozenset[Pos]
    unshaded: frozenset[Pos]
    symbols: dict[Pos, str]
    arrows: dict[Pos, str]
    outside: dict[tuple[str, int], tuple[int, ...]]   # (side, line) -> clues in order
    regions: dict[Pos, int]
    between: dict[tuple[Pos, Pos], int | str]
    sums: dict[tuple[Pos, str], int]                  # (block, direction) -> sum
    blocked: frozenset[Pos]
    points: dict[Pos, int]
    params: dict[str, int | tuple[int, ...]]
    path: bool = False  # `--path`: the board draws the answer's numbers in order

    def cells(self) -> Iterable[Pos]:
        return ((r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)
                if (r, c) not in self.blocked)


def empty(rows: int, cols: int) -> Layers:
    return Layers(rows, cols, {}, {}, frozenset(), frozenset(), frozenset(), {}, {}, {}, {},
                  {}, {}, frozenset(), {}, {})


def numbered_regions(rooms: dict[Pos, object]) -> dict[Pos, int]:
    """Room labels as region ids 1, 2, ... in reading order of each room's first cell."""
    ids: dict[object, int] = {}
    for pos in sorted(rooms):
        ids.setdefault(rooms[pos], len(ids) + 1)
    return {pos: ids[label] for pos, label in rooms.items()}


def defaults(layers: Layers, header: Header) -> dict[str, int]:
    """The value of each parameter the puzzle may leave out (`NAME?=DEFAULT`), when it
    does: a number, or the grid's rows or columns, plus or minus a number (`cols-2`)."""
    sides = {"rows": layers.rows, "cols": layers.cols}
    optional = [*header.defaults, *((preamble.param, preamble.default)
                                    for preamble in header.preambles if preamble.default)]
    values = {}
    for name, default in optional:  # read by the header (`_DEFAULT`): always of this form
        base, sign, shift = [*re.split(r"([+-])", default), "", ""][:3]
        value = sides[base] if base in sides else int(base)
        values[name] = value + {"+": 1, "-": -1, "": 0}[sign] * int(shift or 0)
    return values


def without_defaults(layers: Layers, header: Header) -> Layers:
    """The layers with a parameter that states its default left out, as it may be: the
    same puzzle (`facts` adds it), written the shortest way, in forms that cannot hold it."""
    kept = dict(layers.params)
    for name, value in defaults(layers, header).items():
        if kept.get(name) == value:
            del kept[name]
    return layers._replace(params=kept)


def number_range(layers: Layers, header: Header) -> tuple[int, int] | None:
    """The numbers a cell's clue may hold (`%! numbers LOW..HIGH`), for this grid and its
    parameters; None when the header sets none."""
    if header.numbers is None:
        return None
    return _total(layers, header, header.numbers.low), _total(layers, header,
                                                              header.numbers.high)


def _total(layers: Layers, header: Header, bound: Bound) -> int:
    """A bound's value for this grid and its parameters."""
    values = {"rows": layers.rows, "cols": layers.cols,
              "cells": layers.rows * layers.cols - len(layers.blocked),  # those on the board
              **defaults(layers, header)}
    values.update((name, value) for name, value in layers.params.items()
                  if isinstance(value, int))  # a bound names no list parameter
    return sum(sign * (int(word) if word.isdigit() else values[word]) for sign, word in bound)


def misplaced_param(layers: Layers, header: Header) -> tuple[str, str] | None:
    """The first parameter whose value `%! limit` refuses, and why."""
    values = {**defaults(layers, header), **layers.params}
    for limit in header.limits:
        value = values.get(limit.param)
        low, high = _total(layers, header, limit.low), _total(layers, header, limit.high)
        if isinstance(value, int) and not low <= value <= high:
            said = "" if limit.param in layers.params else " (its default)"
            return limit.param, (f"{value}{said} is out of range {low}..{high} for a "
                                 f"{layers.rows}x{layers.cols} grid")
    return None


def misplaced_number(layers: Layers, header: Header) -> tuple[Pos, str] | None:
    """The first cell (reading order) whose number `%! numbers` refuses, and why: out of
    the range, or (`once`) given in an earlier cell too."""
    span = number_range(layers, header)
    if span is None:
        return None
    low, high = span
    first: dict[int, Pos] = {}
    for pos, value in sorted(layers.numbers.items()):
        if not low <= value <= high:
            return pos, _out_of_range(value, span, header)
        if header.numbers and header.numbers.once and value in first:
            return pos, (f"{header.written(value)} is given twice (also at row "
                         f"{first[value][0]}, column {first[value][1]}); each number stands "
                         "once")
        first.setdefault(value, pos)
    return None


def misplaced_outside(layers: Layers, header: Header) -> tuple[tuple[str, int], str] | None:
    """Where the numbers are letters (`%! numbers ... letters`), the clues outside the
    grid are letters of the same range: the first (side, line) that is not, and why."""
    span = number_range(layers, header)
    if span is None or header.numbers is None or not header.numbers.letters:
        return None
    for place, values in sorted(layers.outside.items(), key=_side_key):
        for value in values:
            if not span[0] <= value <= span[1]:
                return place, _out_of_range(value, span, header)
    return None


def _out_of_range(value: int, span: tuple[int, int], header: Header) -> str:
    return (f"{header.written(value)} is out of range "
            f"{header.written(span[0])}..{header.written(span[1])}")


def facts(layers: Layers, header: Header) -> tuple[tuple[Symbol, ...], tuple[Symbol, ...]]:
    """(structure, clues): the puzzle as facts; a clue kind the header moves to the
    structure (`%! structure`) goes there."""
    structure: list[Symbol] = [_fact("grid", layers.rows, layers.cols)]
    structure += [_fact("cell", r, c) for r, c in layers.cells()]
    structure += [_fact("blocked", r, c) for r, c in sorted(layers.blocked)]
    structure += [_fact("region", r, c, i) for (r, c), i in sorted(layers.regions.items())]
    for name, value in {**defaults(layers, header), **layers.params}.items():
        if isinstance(value, tuple):
            structure += [_fact("param", Function(name), i, v)
                          for i, v in enumerate(value, start=1)]
        else:
            structure.append(_fact("param", Function(name), value))
    if header.has("clued"):  # the places of the cells' clues, whatever their values
        structure += [_fact("clued", r, c) for r, c in sorted(clued(layers))]
    kinds = _clue_facts(layers)
    if not header.has("unknown"):  # a `?` is then a clued cell alone
        del kinds["unknown"]
    clues: list[Symbol] = []
    for kind, made in kinds.items():
        (structure if kind in header.structure else clues).extend(made)
    return tuple(structure), tuple(clues)


def clued(layers: Layers) -> set[Pos]:
    """The cells holding a clue of the cells layer: a number, a letter, a `?`, a symbol or
    an arrow (a given shaded or unshaded cell is no clue's place)."""
    return (set(layers.numbers) | set(layers.letters) | set(layers.unknown)
            | set(layers.symbols) | set(layers.arrows))


def _clue_facts(layers: Layers) -> dict[str, list[Symbol]]:
    return {
        "number": [_fact("number", r, c, n) for (r, c), n in sorted(layers.numbers.items())],
        "letter": [_fact("letter", r, c, String(x)) for (r, c), x in
                   sorted(layers.letters.items())],
        "unknown": [_fact("unknown", r, c) for r, c in sorted(layers.unknown)],
        "shaded": [_fact("shaded", r, c) for r, c in sorted(layers.shaded)],
        "unshaded": [_fact("unshaded", r, c) for r, c in sorted(layers.unshaded)],
        "symbol": [_fact("symbol", r, c, Function(s)) for (r, c), s in
                   sorted(layers.symbols.items())],
        "arrow": [_fact("arrow", r, c, Function(d)) for (r, c), d in
                  sorted(layers.arrows.items())],
        "outside": [_fact("outside", Function(side), line, k, n)
                    for (side, line), values in sorted(layers.outside.items(), key=_side_key)
                    for k, n in enumerate(values, start=1)],
        "between": [_fact("between", a, b, c, d, _value(v)) for ((a, b), (c, d)), v in
                    sorted(layers.between.items())],
        "sums": [_fact("sum", r, c, Function(d), s) for ((r, c), d), s in
                 sorted(layers.sums.items())],
        "points": [_fact("point", r, c, n) for (r, c), n in sorted(layers.points.items())],
    }


def _side_key(item: tuple[tuple[str, int], tuple[int, ...]]) -> tuple[int, int]:
    (side, line), _ = item
    return words.SIDES.index(side), line


def _value(value: int | str) -> Symbol:
    return Number(value) if isinstance(value, int) else Function(value)


def _fact(name: str, *args: int | Symbol) -> Symbol:
    return Function(name, [Number(a) if isinstance(a, int) else a for a in args])


def from_facts(rows: int, cols: int, symbols: Iterable[Symbol]) -> Layers:
    """The layers that `symbols` (facts of the vocabulary) state: the inverse of `facts`."""
    layers = empty(rows, cols)
    sets: dict[str, set[Pos]] = {"unknown": set(), "shaded": set(), "unshaded": set(),
                                 "blocked": set()}
    outside: dict[tuple[str, int], dict[int, int]] = {}
    listed: dict[str, dict[int, int]] = {}
    for sym in symbols:
        name, args = sym.name, sym.arguments
        if name == "param" and len(args) == 3:
            listed.setdefault(_text(args[0]), {})[_int(args[1])] = _int(args[2])
            continue
        if name not in _SHAPES or len(args) != _SHAPES[name]:
            continue
        if name == "outside":
            outside.setdefault((_text(args[0]), _int(args[1])), {})[_int(args[2])] = \
                _int(args[3])
            continue
        if name == "param":
            layers.params[_text(args[0])] = _int(args[1])
            continue
        if name == "between":
            pair = (_int(args[0]), _int(args[1])), (_int(args[2]), _int(args[3]))
            value = args[4]
            layers.between[pair] = value.number if value.type == SymbolType.Number \
                else _text(value)
            continue
        pos = _int(args[0]), _int(args[1])
        if name == "clued":  # a clue's place without its value: a `?`, unless valued
            sets["unknown"].add(pos)
        elif name in sets:
            sets[name].add(pos)
        elif name in ("number", "region", "point"):
            {"number": layers.numbers, "region": layers.regions,
             "point": layers.points}[name][pos] = _int(args[2])
        elif name in ("letter", "symbol", "arrow"):
            {"letter": layers.letters, "symbol": layers.symbols,
             "arrow": layers.arrows}[name][pos] = _text(args[2])
        elif name == "sum":
            layers.sums[(pos, _text(args[2]))] = _int(args[3])
    for key, values in outside.items():
        layers.outside[key] = tuple(values[k] for k in sorted(values))
    for param, by_index in listed.items():
        layers.params[param] = tuple(by_index[i] for i in sorted(by_index))
    valued = set(layers.numbers) | set(layers.letters) | set(layers.symbols) | set(layers.arrows)
    return layers._replace(unknown=frozenset(sets["unknown"] - valued),
                           shaded=frozenset(sets["shaded"]),
                           unshaded=frozenset(sets["unshaded"]),
                           blocked=frozenset(sets["blocked"]))


# The vocabulary's facts by name, with their arities (and param/3: a list parameter).
_SHAPES = {"number": 3, "letter": 3, "unknown": 2, "clued": 2, "shaded": 2, "unshaded": 2,
           "symbol": 3, "arrow": 3, "outside": 4, "region": 3, "between": 5, "sum": 4, "blocked": 2,
           "point": 3, "param": 2}


def _int(sym: Symbol) -> int:
    if sym.type != SymbolType.Number:
        raise ValueError(f"expected a number, found {sym}")
    return sym.number


def _text(sym: Symbol) -> str:
    if sym.type == SymbolType.String:
        return sym.string
    return sym.name


def clue_position(clue: Symbol) -> Pos | None:
    """The cell a clue stands in (None for a clue outside the cells)."""
    if clue.name in ("outside", "point", "between") or len(clue.arguments) < 2:
        return None
    row, col = clue.arguments[:2]
    if row.type != SymbolType.Number or col.type != SymbolType.Number:
        return None
    return row.number, col.number
