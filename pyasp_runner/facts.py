"""Symbols and values, both ways: facts made from Python values, answers read back.

The lowest layer of the package: `fact` (and `to_symbol`) turn Python ints, strings and
tuples into clingo symbols, the only way input becomes facts; `facts_text` writes facts as
plain `.lp` text; `Answer` is one answer set copied out of clingo, read back as Python
values (`to_python`). The runner and the tracer import only this (and the errors);
everything above them (the contract, the puzzles, the session) reads answers through it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

from clingo import Function, Number, String, Symbol, SymbolType

Value = int | str | tuple["Value", ...]


class Answer:
    """One answer set, copied out of clingo: its shown symbols and its cost (if optimising).

    A plain class, not a named tuple: what is read from it is cached on it (below).
    """

    def __init__(self, symbols: tuple[Symbol, ...], cost: tuple[int, ...] = ()) -> None:
        self.symbols = symbols
        self.cost = cost

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Answer)
                and (self.symbols, self.cost) == (other.symbols, other.cost))

    def __hash__(self) -> int:
        return hash((self.symbols, self.cost))

    def __repr__(self) -> str:
        return f"Answer(symbols={self.symbols!r}, cost={self.cost!r})"

    def atoms(self, name: str, arity: int) -> list[tuple[Any, ...]]:
        """The arguments of every shown atom `name/arity`, as Python values, sorted.

        Typed `Any`: an edited encoding may show atoms of any shape, and drawing code
        that meets the wrong one raises, which the registry reports (AnswerShapeError).
        """
        found = self._by_signature.get((name, arity), ())
        try:
            return sorted(found)
        except TypeError:  # numbers beside texts in one place (a player's "7/2"): by kind
            return sorted(found, key=_mixed_order)

    @cached_property
    def texts(self) -> tuple[str, ...]:
        """Every shown atom as clingo writes it, read once per answer (a call into clingo
        each): the atom lists of the JSON output and the reading below share it."""
        return tuple(map(str, self.symbols))

    @cached_property
    def _by_signature(self) -> dict[tuple[str, int], list[tuple[Any, ...]]]:
        """Every shown atom's arguments by (name, arity), read once per answer. An atom of
        numbers and tuples only (clue lists as nested tuples) is read from its text (one call
        into clingo instead of one per argument and tuple); any other through the
        symbol's parts."""
        groups: dict[tuple[str, int], list[tuple[Any, ...]]] = {}
        for sym, text in zip(self.symbols, self.texts, strict=True):
            plain = _NUMBERS_ONLY.fullmatch(text)
            nested = None if plain else _NUMBERS_AND_TUPLES.fullmatch(text)
            if plain:
                name, numbers = plain[1], plain[2]
                args: tuple[Any, ...] = tuple(map(int, numbers.split(","))) if numbers else ()
            elif nested:
                name, args = nested[1], _tuple_of_text(nested[2])
            elif sym.type == SymbolType.Function:
                name, args = sym.name, tuple(to_python(arg) for arg in sym.arguments)
            else:
                continue
            groups.setdefault((name, len(args)), []).append(args)
        return groups


def _tuple_of_text(text: str) -> tuple[Any, ...]:
    """Numbers and tuples as clingo writes them, `(3,(1,()),(5,))`, as nested tuples: the
    same text with brackets (a 1-tuple's trailing comma dropped) is a JSON array."""
    def tuples(value: Any) -> Any:
        return tuple(map(tuples, value)) if isinstance(value, list) else value
    return tuple(map(tuples, json.loads(text.replace(",)", ")").translate(_BRACKETS))))


# An atom whose arguments are all numbers, as clingo writes it: `black(3,-4)`, `done`.
_NUMBERS_ONLY = re.compile(r"([a-z_][A-Za-z0-9_']*)(?:\((-?[0-9]+(?:,-?[0-9]+)*)\))?")
# An atom whose arguments are numbers and tuples of them: `row_clue(2,(4,(1,())),3)`.
_NUMBERS_AND_TUPLES = re.compile(r"([a-z_][A-Za-z0-9_']*)(\([-0-9,()]*\))")
_BRACKETS = str.maketrans("()", "[]")


def fact(name: str, *args: Value) -> Symbol:
    """A clingo symbol from Python ints, strings and tuples: the only way input becomes facts."""
    return Function(name, [to_symbol(arg) for arg in args])


def to_symbol(value: Value) -> Symbol:
    """The clingo symbol of an int, a string or a tuple of them, nested to any depth (a
    line clue of 500 runs nests 500 tuples): built without recursion."""
    if not isinstance(value, tuple):
        return _plain_symbol(value)
    # Each open tuple with the symbols of its items made so far; a tuple is made when
    # all its items are.
    open_: list[tuple[tuple[Value, ...], list[Symbol]]] = [(value, [])]
    while True:
        items, made = open_[-1]
        if len(made) < len(items):
            item = items[len(made)]
            if isinstance(item, tuple):
                open_.append((item, []))
            else:
                made.append(_plain_symbol(item))
            continue
        open_.pop()
        symbol = Function("", made)
        if not open_:
            return symbol
        open_[-1][1].append(symbol)


def _plain_symbol(value: int | str) -> Symbol:
    if isinstance(value, bool):
        raise TypeError("booleans are not puzzle values")
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, str):
        return String(value)
    raise TypeError(f"not a puzzle value: {value!r}")


def _mixed_order(value: Any) -> Any:
    """A key that orders values of several kinds: numbers, then texts, then the rest,
    tuples place by place."""
    if isinstance(value, tuple):
        return (2, tuple(_mixed_order(item) for item in value))
    if isinstance(value, int):
        return (0, value)
    return (1, str(value))


def to_python(sym: Symbol) -> Value:
    """The Python value of a symbol: ints, strings, tuples nested to any depth (read
    without recursion, as `to_symbol` builds them), a constant's name, else its text."""
    if not _is_tuple(sym):
        return _plain_value(sym)
    open_: list[tuple[Sequence[Symbol], list[Value]]] = [(sym.arguments, [])]
    while True:
        arguments, made = open_[-1]
        if len(made) < len(arguments):
            argument = arguments[len(made)]
            if _is_tuple(argument):
                open_.append((argument.arguments, []))
            else:
                made.append(_plain_value(argument))
            continue
        open_.pop()
        value = tuple(made)
        if not open_:
            return value
        open_[-1][1].append(value)


def _is_tuple(sym: Symbol) -> bool:
    return sym.type == SymbolType.Function and sym.name == ""


def _plain_value(sym: Symbol) -> Value:
    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function and not sym.arguments:
        return sym.name
    return str(sym)


def facts_text(symbols: Iterable[Symbol]) -> str:
    """Facts as plain `.lp` text; `str(Symbol)` quotes strings, so input cannot become rules."""
    return "".join(f"{sym}.\n" for sym in symbols)
