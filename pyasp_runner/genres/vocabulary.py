"""The genre header's words, in one place: its keys, the input layers and the fixed
predicates each becomes, the meanings of text tokens, the display roles and the symbols
(docs/genres.md is this module in prose).

Nothing here names a genre: a genre is a `.lp` file whose header uses these words.
"""

from __future__ import annotations

from typing import NamedTuple

from ..board import SYMBOLS as SYMBOLS  # the symbols a cell may show

KEYS = ("genre", "summary", "input", "token", "text", "puzzlink", "structure", "show",
        "generate", "configuration", "option", "max-size", "tatham", "json", "grid",
        "numbers", "preamble", "limit", "path")
# Keys a header may give once (the others add a line's worth each time).
SINGLE_KEYS = frozenset({"genre", "summary", "text", "configuration", "max-size",
                         "tatham", "json", "grid", "numbers", "path"})


class Kind(NamedTuple):
    """One kind of input: the predicate it becomes, and whether it is an author's clue
    by default (else part of the board's structure)."""

    name: str
    predicate: str
    arity: int
    clue: bool


# The layers (`%! input LAYER KINDS...`) and the kinds each may declare. A layer whose
# kinds are not chosen (regions, sums, blocked) has the one kind of its own name.
KINDS = {kind.name: kind for kind in (
    Kind("number", "number", 3, True),
    Kind("letter", "letter", 3, True),
    Kind("unknown", "unknown", 2, True),
    Kind("clued", "clued", 2, False),
    Kind("shaded", "shaded", 2, True),
    Kind("unshaded", "unshaded", 2, True),
    Kind("symbol", "symbol", 3, True),
    Kind("arrow", "arrow", 3, True),
    Kind("outside", "outside", 4, True),
    Kind("regions", "region", 3, False),
    Kind("between", "between", 5, True),
    Kind("sums", "sum", 4, True),
    Kind("blocked", "blocked", 2, False),
    Kind("points", "point", 3, True),
    Kind("param", "param", 2, False),
)}
CELL_KINDS = ("number", "letter", "unknown", "clued", "shaded", "unshaded", "symbol", "arrow")
SIDES = ("top", "bottom", "left", "right")
LAYERS: dict[str, tuple[str, ...]] = {
    "cells": CELL_KINDS,
    "outside": SIDES,
    "regions": (),
    "between": ("number", "symbol"),
    "sums": (),
    "blocked": (),
    "points": ("number",),
    "param": (),  # its words are the parameters' names
}
# The structure every genre has.
ALWAYS = (("grid", 2), ("cell", 2))
ARROWS = ("n", "e", "s", "w")
DIRECTIONS = ("down", "right")

# What a token of the text grid (or a decoder's `.`) may be given to mean.
MEANINGS = ("empty", "shaded", "unshaded", "unknown", "blocked", "symbol", "between")
DEFAULT_TOKENS = {"-": "empty", ".": "empty", "_": "empty", "?": "unknown"}

# The program part (`#program generate.`) of rules that only `generate` grounds, with the
# base: what a solution gives as clues and solving does not need (a count on every line).
GENERATE_PART = "generate"

# How `--json` writes the numbers of the grid (`%! json`): as strings, the default, as
# integers (an open or empty cell null), or as rows, each a string of a character per cell.
JSON_FORMS = ("integers", "rows")
# What a grid must be (`%! grid square`): else a puzzle is refused as it is read.
GRID_SHAPES = ("square",)

# The words a bound of `%! numbers LOW..HIGH` may add up, besides whole numbers and the
# parameters' names: the grid's rows, columns and cells.
SIZE_WORDS = ("rows", "cols", "cells")

# The text grid's blocks after its size line (`%! text`).
BLOCKS = ("cells", "cells+between", "rooms", "top", "bottom", "left", "right", "points")


class Role(NamedTuple):
    """A display role: the arity of the atoms it draws (None: as declared)."""

    name: str
    arity: int


ROLES = {role.name: role for role in (
    Role("number", 3),
    Role("letter", 3),
    Role("shaded", 2),
    Role("unshaded", 2),
    Role("symbol", 3),      # p(R, C, NAME); `symbol NAME` draws p(R, C)
    Role("region", 3),
    Role("border", 4),
    Role("line", 4),
    Role("edge", 4),
    Role("bridge", 5),
    Role("diagonal", 3),
)}
DIAGONALS = {"slash": "/", "backslash": "\\"}

# puzz.link decoders: name -> (pzprjs's function, whether it takes an argument list).
DECODERS = {
    "number16": "decodeNumber16",
    "number10": "decodeNumber10",
    "number36": "decodeHitori",
    "4cell": "decode4Cell",
    "4cross": "decode4Cross",
    "circle": "decodeCircle",
    "border": "decodeBorder",
    "roomnumber16": "decodeRoomNumber16",
    "arrownumber16": "decodeArrowNumber16",
    "outside": "decodeNumber16ExCell",
    "1cell": "decode1Cell",
    "binary": "decodeBinary",
    "sums": "cells of kind 51",
    "param": "a number before '/'",
    "marks16": "decodeNumber16, its numbers standing for marks",
    "bank": "decodePieceBank",
}
