"""A header checked as a whole: its statements against each other (a token needs its
kind, a decoder its layer, roles must not clash) and against the rules (every input kind
used, every role's predicate shown). Each problem is an InputError with the header's
file and line (exit 2).
"""

from __future__ import annotations

from ..errors import InputError
from . import vocabulary as words
from .rules import Usage
from .statements import Header

# What each decoder reads into: the kinds it needs declared.
_DECODER_NEEDS = {
    "number16": ("number",), "number10": ("number",), "number36": ("number",),
    "4cell": ("number",), "1cell": (), "binary": (),
    "4cross": ("points",), "circle": ("symbol",), "border": ("regions",),
    "roomnumber16": ("regions", "number"), "arrownumber16": ("arrow", "number"),
    "outside": ("outside",), "sums": ("sums",), "param": ("param",), "marks16": (),
    "bank": ("param",),
}
# What a token meaning needs declared (empty and blocked need nothing).
_MEANING_NEEDS = {"shaded": "shaded", "unshaded": "unshaded", "unknown": "unknown",
                  "symbol": "symbol"}
_BLOCK_NEEDS = {"rooms": "regions", "points": "points", "cells+between": "between"}


def check(header: Header, rules: Usage) -> None:
    """Refuse a header that contradicts itself or the rules, naming its line."""
    fail = _failing(header)
    for kind, line in header.inputs.items():
        predicate = words.KINDS[kind]
        arity = 3 if kind == "param" and header.param_list else predicate.arity  # param(N, I, V)
        if (predicate.predicate, arity) not in rules.occurring:
            raise fail(line, f"the input {kind!r} is {predicate.predicate}/{arity}, "
                       "which the rules never use")
    for kind, line in header.structure.items():
        if kind not in header.inputs:
            raise fail(line, f"{kind!r} is not an input of this genre (%! input)")
    _check_tokens(header, fail)
    _check_blocks(header, fail)
    _check_decoders(header, fail)
    _check_shows(header, rules, fail)
    _check_generate(header, rules, fail)
    _check_measure(header, rules, fail)
    _check_tatham(header, fail)


class _Fail:
    def __init__(self, header: Header) -> None:
        self.source = header.source

    def __call__(self, line: int, problem: str) -> InputError:
        return InputError(self.source, f"header: {problem}", line)


def _failing(header: Header) -> _Fail:
    return _Fail(header)


# The text grid is every genre's own form (`--to text` writes everything): each layer
# must have its block there.
def _check_tokens(header: Header, fail: _Fail) -> None:
    for token, read in header.tokens.items():
        if read.meaning == "between" and "symbol" not in header.between:
            raise fail(read.line, f"the token {token!r} is a clue between cells, which needs "
                       "the input 'between symbol'")
        needed = _MEANING_NEEDS.get(read.meaning)
        if read.meaning == "unknown" and "clued" in header.inputs:
            needed = None  # a clue without its value: a clued cell alone, as `?` is
        if needed is not None and needed not in header.inputs:
            raise fail(read.line, f"the token {token!r} means {read.meaning!r}, which is no "
                       f"input of this genre (%! input cells {needed})")


def _check_blocks(header: Header, fail: _Fail) -> None:
    line = header.lines.get("text", 1)
    for block in header.text:
        needed = _BLOCK_NEEDS.get(block.name)
        if needed is not None and needed not in header.inputs:
            raise fail(line, f"the block {block.name!r} needs the input {needed!r}")
        if block.name in words.SIDES and block.name not in header.sides:
            raise fail(line, f"the block {block.name!r} needs the input 'outside "
                       f"{block.name}'")
    for kind in ("regions", "points", "between"):
        needed = {"regions": "rooms", "between": "cells+between"}.get(kind, kind)
        if kind in header.inputs and all(b.name != needed for b in header.text):
            raise fail(header.inputs[kind], f"the input {kind!r} is read from nowhere: "
                       f"add the block {needed!r} to '%! text'")
    for side in header.sides:
        if all(b.name != side for b in header.text):
            raise fail(header.inputs["outside"], f"the side {side!r} is read from nowhere: "
                       f"add the block {side!r} to '%! text'")


def _check_decoders(header: Header, fail: _Fail) -> None:
    for link in header.puzzlinks:
        seen: set[str] = set()
        for decoder in link.decoders:
            for needed in _DECODER_NEEDS[decoder.name]:
                if needed not in header.inputs:
                    raise fail(link.line, f"the decoder {decoder.name!r} reads {needed!r}, "
                               "which is no input of this genre")
            if decoder.name == "roomnumber16" and "border" not in seen:
                raise fail(link.line, "'roomnumber16' numbers the rooms that 'border' reads "
                           "before it")
            _check_arguments(header, link.line, decoder.name, decoder.args, fail)
            seen.add(decoder.name)


def _check_arguments(header: Header, line: int, name: str, args: tuple[str, ...],
                     fail: _Fail) -> None:
    if name in ("1cell", "binary"):
        marks = ("shaded", "unshaded", "blocked", *words.SYMBOLS)
        if len(args) != 1 or args[0] not in marks:
            raise fail(line, f"'{name}' takes what a marked cell is: {', '.join(marks)}")
        needed = _MEANING_NEEDS.get(args[0], "symbol" if args[0] in words.SYMBOLS else None)
        if needed is not None and needed not in header.inputs:
            raise fail(line, f"'{name}({args[0]})' needs the input {needed!r}")
    elif name in ("number16", "number10", "number36", "4cell"):
        if len(args) > 1 or any(arg not in _MEANING_NEEDS and arg != "empty" for arg in args):
            raise fail(line, f"'{name}' takes at most one meaning for its '?' (unknown, "
                       "shaded, unshaded, empty)")
        needed = _MEANING_NEEDS.get(args[0] if args else "unknown")
        if args and needed is not None and needed not in header.inputs:
            raise fail(line, f"'{name}({args[0]})' needs the input {needed!r}")
    elif name == "circle":
        if args and (len(args) != 2 or any(arg not in words.SYMBOLS for arg in args)):
            raise fail(line, "'circle' takes the symbols of its two values, "
                       "e.g. circle(white,black)")
    elif name == "marks16":
        marks = ("shaded", "unshaded", "blocked", *words.SYMBOLS)
        if not args or any(arg not in marks for arg in args):
            raise fail(line, f"'marks16' takes the marks its numbers 0, 1, ... stand for: "
                       f"{', '.join(marks)}")
        for arg in args:
            needed = _MEANING_NEEDS.get(arg, "symbol" if arg in words.SYMBOLS else None)
            if needed is not None and needed not in header.inputs:
                raise fail(line, f"'marks16({arg})' needs the input {needed!r}")
    elif name == "bank":
        if len(args) != 1 or not header.param_list or args[0] != header.params[-1]:
            raise fail(line, "'bank' takes the name of the list parameter of '%! input "
                       "param' (NAME...)")
    elif name == "param":
        if len(args) != 1 or args[0] not in header.params:
            raise fail(line, f"'param' takes the name of a parameter of '%! input param' "
                       f"({', '.join(header.params) or 'none declared'})")
    elif args:
        raise fail(line, f"the decoder {name!r} takes no arguments")


# The kinds of clue that stand in a cell (`layers.clued`): a region by clue holds one.
_CELL_CLUES = ("number", "letter", "unknown", "symbol", "arrow")


def _check_shows(header: Header, rules: Usage, fail: _Fail) -> None:
    roles: dict[tuple[str, int], int] = {}
    regions: list[int] = []
    for show in header.shows:
        signature = (show.predicate, show.arity)
        if signature in roles:
            raise fail(show.line, f"{show.predicate}/{show.arity} has a second role (the "
                       f"first is on line {roles[signature]})")
        roles[signature] = show.line
        if signature not in rules.shown:
            raise fail(show.line, f"{show.predicate}/{show.arity} is never shown by the "
                       "rules (#show)")
        if show.role == "region":
            regions.append(show.line)
            if len(regions) > 1:
                raise fail(show.line, f"a second region role (the first is on line "
                           f"{regions[0]}): a board has one division into regions")
            if show.by_clue and not any(header.has(kind) for kind in _CELL_CLUES):
                raise fail(show.line, "'region by clue' names each region by the cell of "
                           "its clue: the genre reads no clues in cells (a number, a "
                           "letter, a ?, a symbol or an arrow)")


def _check_measure(header: Header, rules: Usage, fail: _Fail) -> None:
    if header.measure is not None and header.measure not in rules.parts:
        raise fail(header.lines["max-size"], f"max-size: the rules have no part '#program "
                   f"{header.measure}.' to measure a puzzle with")


def _check_generate(header: Header, rules: Usage, fail: _Fail) -> None:
    for made in header.generates:
        kind = words.KINDS.get(made.kind)
        if kind is None or made.kind not in header.clue_kinds():
            raise fail(made.line, f"generate: {made.kind!r} is not a clue kind of this "
                       f"genre ({', '.join(header.clue_kinds()) or 'none'})")
        if made.kind not in (*words.CELL_KINDS, "outside"):
            raise fail(made.line, f"generate: clues of kind {made.kind!r} are not copied "
                       "from a solution (a clue in a cell or outside the grid is)")
        if made.arity != kind.arity:
            raise fail(made.line, f"generate: {made.predicate}/{made.arity} cannot give "
                       f"{kind.predicate}/{kind.arity} (the same arguments are copied)")
        if (made.predicate, made.arity) not in rules.shown | rules.defined:
            raise fail(made.line, f"generate: the rules never derive "
                       f"{made.predicate}/{made.arity}")
        missing = [part for part in made.answer or () if part not in rules.parts]
        if missing:
            raise fail(made.line, f"generate: the rules have no part '#program "
                       f"{missing[0]}.' to draw a random answer with")


def _check_tatham(header: Header, fail: _Fail) -> None:
    """Tatham's IDs of numbers around a square grid need those numbers' layers."""
    if header.tatham is not None and not (header.has("outside") and header.has("number")):
        raise fail(header.lines["tatham"], "tatham: Tatham's IDs hold numbers outside the "
                   "grid and in its cells: declare 'input outside ...' and 'input cells "
                   "number'")
