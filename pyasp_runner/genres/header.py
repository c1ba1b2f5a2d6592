"""A genre file's header: its `%!` comment lines read into a `Header`, each word checked
against the vocabulary (`vocabulary.py`) as it is read.

A header is user input: every value is checked against the fixed words or read as a
name or a number; nothing from it becomes code. A line that cannot be read is an
`InputError` naming the file and the line (exit 2). Whether the rules use what the
header names is checked against the rules themselves (`check.py`).
"""

from __future__ import annotations

import re

from ..errors import InputError
from . import vocabulary as words
from .statements import (
    Block,
    Bound,
    Decoder,
    Generate,
    Header,
    Limit,
    Numbers,
    Preamble,
    Puzzlink,
    Show,
    Token,
)

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_DEFAULT = re.compile(r"(?:rows|cols|[0-9]{1,9})(?:[+-][0-9]{1,4})?")
_SIGNATURE = re.compile(r"([a-z_][A-Za-z0-9_']*)/([0-9]+)")
_DECODER = re.compile(r"([a-z0-9]+)(?:\(([^()]*)\))?(\??)")
_SIZE = re.compile(r"([0-9]+)x([0-9]+)")
_BOUND = re.compile(r"[+-]?(?:[0-9]{1,9}|[a-z][a-z0-9_]*)(?:[+-](?:[0-9]{1,9}|[a-z][a-z0-9_]*))*")
_TERM = re.compile(r"([+-]?)([0-9]+|[a-z][a-z0-9_]*)")
_CLINGO_OPTION = re.compile(r"--[a-z][a-z0-9-]*(=[A-Za-z0-9_.,:-]+)?")
MAX_LINE = 500


def header_lines(text: str) -> list[tuple[int, str]]:
    """The header's lines: (line number, the text after `%!`)."""
    return [(number, line[2:].strip()) for number, line in enumerate(text.splitlines(), 1)
            if line.startswith("%!")]


def read_header(text: str, source: str) -> Header:
    """The header of a genre file's `text` (`source` names the file in errors)."""
    state = _Reading(source)
    for number, line in header_lines(text):
        state.read(number, line)
    return state.header()


class _Reading:
    """The header as it is read, line by line."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.values: dict[str, str] = {}
        self.lines: dict[str, int] = {}
        self.inputs: dict[str, int] = {}
        self.sides: list[str] = []
        self.between: list[str] = []
        self.params: list[str] = []
        self.param_list = False
        self.defaults: dict[str, str] = {}
        self.tokens: dict[str, Token] = {}
        self.text: tuple[Block, ...] = (Block("cells", False),)
        self.puzzlinks: list[Puzzlink] = []
        self.structure: dict[str, int] = {}
        self.shows: list[Show] = []
        self.generates: list[Generate] = []
        self.options: list[str] = []
        self.max_size: int | None = None
        self.numbers: Numbers | None = None
        self.preambles: list[Preamble] = []
        self.limits: list[Limit] = []

    def fail(self, line: int, problem: str) -> InputError:
        return InputError(self.source, f"header: {problem}", line)

    def read(self, number: int, line: str) -> None:
        if len(line) > MAX_LINE:
            raise self.fail(number, f"a line of {len(line)} characters (at most {MAX_LINE})")
        key, _, rest = line.partition(" ")
        rest = rest.strip()
        if key not in words.KEYS:
            raise self.fail(number, f"unknown key {key[:40]!r} (keys: {', '.join(words.KEYS)})")
        if key in words.SINGLE_KEYS and key in self.lines:
            raise self.fail(number, f"a second {key!r} line (the first is line "
                            f"{self.lines[key]})")
        self.lines.setdefault(key, number)
        if not rest:
            raise self.fail(number, f"{key!r} needs a value")
        getattr(self, "_" + key.replace("-", "_"))(number, rest)

    def _genre(self, number: int, rest: str) -> None:
        if not _NAME.fullmatch(rest):
            raise self.fail(number, f"the genre's name {rest[:40]!r} is not a name of "
                            "a-z, digits and _ (starting with a letter)")
        self.values["genre"] = rest

    def _summary(self, number: int, rest: str) -> None:
        self.values["summary"] = rest

    def _configuration(self, number: int, rest: str) -> None:
        if not _NAME.fullmatch(rest):
            raise self.fail(number, f"{rest[:40]!r} is not the name of a clingo preset")
        self.values["configuration"] = rest

    def _option(self, number: int, rest: str) -> None:
        if not _CLINGO_OPTION.fullmatch(rest):
            raise self.fail(number, f"{rest[:40]!r} is not a clingo long option "
                            "(--name=value)")
        self.options.append(rest)

    def _max_size(self, number: int, rest: str) -> None:
        limit, *part = rest.split()
        if not limit.isdigit() or not 0 < int(limit) <= 10**9:
            raise self.fail(number, f"max-size {limit[:40]!r} is not a number of cells")
        if len(part) > 1 or (part and not _NAME.fullmatch(part[0])):
            raise self.fail(number, f"expected 'max-size LIMIT [PART]', a program part's "
                            f"name after the limit, found {' '.join(part)[:40]!r}")
        self.max_size = int(limit)
        self.values["measure"] = part[0] if part else ""

    def _numbers(self, number: int, rest: str) -> None:
        span, *extra = rest.split()
        low, dots, high = span.partition("..")
        if not dots or not _BOUND.fullmatch(low) or not _BOUND.fullmatch(high):
            raise self.fail(number, f"expected 'numbers LOW..HIGH [once] [letters]', each "
                            f"bound whole numbers, parameters, rows, cols or cells added up "
                            f"(1..cols, "
                            f"low..low+cells-1), found {span[:40]!r}")
        if len(set(extra)) != len(extra) or not set(extra) <= {"once", "letters"}:
            raise self.fail(number, f"unexpected {' '.join(extra)[:40]!r} after the range "
                            "('once': no number given twice; 'letters': written A, B, C...)")
        self.numbers = Numbers(_terms(low), _terms(high), "once" in extra, number,
                               "letters" in extra)

    def _limit(self, number: int, rest: str) -> None:
        parts = rest.split()
        low, dots, high = parts[-1].partition("..")
        if len(parts) != 2 or not _NAME.fullmatch(parts[0]) or not dots \
                or not _BOUND.fullmatch(low) or not _BOUND.fullmatch(high):
            raise self.fail(number, f"expected 'limit PARAMETER LOW..HIGH' (1..cols), found "
                            f"{rest[:40]!r}")
        if any(limit.param == parts[0] for limit in self.limits):
            raise self.fail(number, f"a second 'limit {parts[0]}' line")
        self.limits.append(Limit(parts[0], _terms(low), _terms(high), number))

    def _preamble(self, number: int, rest: str) -> None:
        parts = rest.split()
        name, optional, default = parts[-1].partition("?=")
        if len(parts) != 2 or not _NAME.fullmatch(parts[0]) or not _NAME.fullmatch(name):
            raise self.fail(number, f"expected 'preamble KEY NAME' or 'preamble KEY "
                            f"NAME?=DEFAULT' (names of a-z, digits, _), found {rest[:40]!r}")
        if optional and not _DEFAULT.fullmatch(default):
            raise self.fail(number, f"the default of {name[:40]!r} is {default[:20]!r}: "
                            "expected rows, cols or a number, maybe \u00b1 a number (cols-2)")
        if any(p.key == parts[0] for p in self.preambles):
            raise self.fail(number, f"a second 'preamble {parts[0]}' line")
        self._once(self.params + [p.param for p in self.preambles], name, number)
        self.preambles.append(Preamble(parts[0], name, default if optional else None, number))
        self.inputs.setdefault("param", number)

    def _tatham(self, number: int, rest: str) -> None:
        if not _NAME.fullmatch(rest):
            raise self.fail(number, f"{rest[:40]!r} is not the name of a Tatham game "
                            "(a-z, digits and _), e.g. tatham GAME")
        self.values["tatham"] = rest

    def _path(self, number: int, rest: str) -> None:
        signature = _SIGNATURE.fullmatch(rest)
        if signature is None or signature[2] != "3":
            raise self.fail(number, f"path {rest[:40]!r}: expected the answer's numbers as "
                            "NAME/3, e.g. path value/3")
        self.values["path"] = signature[1]

    def _json(self, number: int, rest: str) -> None:
        if rest not in words.JSON_FORMS:
            raise self.fail(number, f"unknown json form {rest[:40]!r} (forms: "
                            f"{', '.join(words.JSON_FORMS)})")
        self.values["json"] = rest

    def _grid(self, number: int, rest: str) -> None:
        if rest not in words.GRID_SHAPES:
            raise self.fail(number, f"unknown grid shape {rest[:40]!r} (shapes: "
                            f"{', '.join(words.GRID_SHAPES)})")
        self.values["grid"] = rest

    def _input(self, number: int, rest: str) -> None:
        layer, *kinds = rest.split()
        if layer not in words.LAYERS:
            raise self.fail(number, f"unknown layer {layer[:40]!r} (layers: "
                            f"{', '.join(words.LAYERS)})")
        allowed = words.LAYERS[layer]
        if layer == "param":
            self._param(number, kinds)
            return
        if not allowed and kinds:
            raise self.fail(number, f"the layer {layer!r} has no kinds ({kinds[0][:40]!r})")
        if allowed and not kinds:
            raise self.fail(number, f"the layer {layer!r} needs its kinds: "
                            f"{', '.join(allowed)}")
        for kind in kinds:
            if kind not in allowed:
                raise self.fail(number, f"{kind[:40]!r} is no kind of the layer {layer!r} "
                                f"(kinds: {', '.join(allowed)})")
        if layer != "cells":  # a layer of its own kind; its kinds say what it holds
            self._declare(layer, number)
            seen = {"outside": self.sides, "between": self.between}.get(layer, [])
            for kind in kinds:
                self._once(seen, kind, number)
            return
        for kind in kinds:
            self._declare(kind, number)

    def _declare(self, kind: str, number: int) -> None:
        if kind in self.inputs:
            raise self.fail(number, f"{kind!r} is declared twice (line {self.inputs[kind]})")
        self.inputs[kind] = number

    def _once(self, seen: list[str], kind: str, number: int) -> None:
        if kind in seen:
            raise self.fail(number, f"{kind!r} is declared twice")
        seen.append(kind)

    def _param(self, number: int, names: list[str]) -> None:
        if not names:
            raise self.fail(number, "'param' needs the parameters' names")
        if self.param_list:
            raise self.fail(number, "a parameter after the list parameter (NAME...)")
        for index, word in enumerate(names):
            listed = word.endswith("...")
            name, optional, default = word.removesuffix("...").partition("?=")
            if listed and index != len(names) - 1:
                raise self.fail(number, f"only the last parameter takes the rest ({name}...)")
            if self.defaults and not optional:
                raise self.fail(number, f"the parameter {name[:40]!r} after one that may be "
                                "left out (NAME?=DEFAULT): only the last ones may be")
            if optional and (listed or not _DEFAULT.fullmatch(default)):
                raise self.fail(number, f"the default of {name[:40]!r} is {default[:20]!r}: "
                                "expected rows, cols or a number, maybe \u00b1 a number (cols-2)")
            if not _NAME.fullmatch(name):
                raise self.fail(number, f"the parameter {name[:40]!r} is not a name")
            self._once(self.params, name, number)
            if any(preamble.param == name for preamble in self.preambles):
                raise self.fail(number, f"the parameter {name[:40]!r} is a preamble's")
            self.param_list = listed
            if optional:
                self.defaults[name] = default
        self.inputs.setdefault("param", number)

    def _token(self, number: int, rest: str) -> None:
        token, *meaning = rest.split()
        if not meaning or meaning[0] not in words.MEANINGS:
            raise self.fail(number, f"the token {token[:20]!r} needs a meaning: "
                            f"{', '.join(words.MEANINGS)}")
        symbol = None
        if meaning[0] == "symbol":
            if len(meaning) != 2 or meaning[1] not in words.SYMBOLS:
                raise self.fail(number, f"'symbol' needs one symbol's name: "
                                f"{', '.join(words.SYMBOLS)}")
            symbol = meaning[1]
        elif meaning[0] == "between":  # a clue between two cells: its name
            if len(meaning) != 2 or not _NAME.fullmatch(meaning[1]):
                raise self.fail(number, "'between' needs the clue's name (a-z, digits, _), "
                                "e.g. between lt")
            symbol = meaning[1]
        elif meaning == ["blocked", "or", "empty"]:
            pass
        elif len(meaning) != 1:
            raise self.fail(number, f"unexpected {' '.join(meaning[1:])[:40]!r} after "
                            f"{meaning[0]!r}" + (" (blocked or empty?)"
                                                 if meaning[0] == "blocked" else ""))
        if token in self.tokens:
            raise self.fail(number, f"the token {token[:20]!r} is given twice (line "
                            f"{self.tokens[token].line})")
        self.tokens[token] = Token(meaning[0], symbol, number, or_empty=len(meaning) == 3)

    def _text(self, number: int, rest: str) -> None:
        blocks: list[Block] = []
        for word in rest.split():
            name = word.removesuffix("?")
            if name not in words.BLOCKS:
                raise self.fail(number, f"unknown block {word[:40]!r} (blocks: "
                                f"{', '.join(words.BLOCKS)})")
            if any(block.name == name for block in blocks):
                raise self.fail(number, f"the block {name!r} is listed twice")
            blocks.append(Block(name, word.endswith("?")))
        if sum(block.optional for block in blocks) > 1:
            raise self.fail(number, "at most one block may be left out ('?')")
        if {"cells", "cells+between"} <= {block.name for block in blocks}:
            raise self.fail(number, "the cells are one block: cells, or cells+between")
        self.text = tuple(blocks)

    def _puzzlink(self, number: int, rest: str) -> None:
        names, *decoders = rest.split()
        genres = tuple(names.split(","))
        if not all(_NAME.fullmatch(name) for name in genres):
            raise self.fail(number, f"{names[:40]!r} is not a list of puzz.link genre names")
        if not decoders:
            raise self.fail(number, "'puzzlink' needs its decoders, in order")
        read = []
        for text in decoders:
            match = _DECODER.fullmatch(text)
            if not match or match[1] not in words.DECODERS:
                raise self.fail(number, f"unknown decoder {text[:40]!r} (decoders: "
                                f"{', '.join(words.DECODERS)})")
            args = tuple(arg.strip() for arg in match[2].split(",")) if match[2] else ()
            if match[3] and text is not decoders[-1]:
                raise self.fail(number, f"only the last decoder may be left out when it "
                                f"holds nothing ({text[:40]!r})")
            read.append(Decoder(match[1], args, bool(match[3])))
        self.puzzlinks.append(Puzzlink(genres, tuple(read), number))

    def _structure(self, number: int, rest: str) -> None:
        for kind in rest.split():
            if kind not in words.KINDS or not words.KINDS[kind].clue:
                clues = ", ".join(name for name, k in words.KINDS.items() if k.clue)
                raise self.fail(number, f"{kind[:40]!r} is not a clue kind (clue kinds: "
                                f"{clues})")
            self.structure[kind] = number

    def _show(self, number: int, rest: str) -> None:
        parts = rest.split()
        signature = _SIGNATURE.fullmatch(parts[0])
        if not signature or len(parts) < 3 or parts[1] != "as":
            raise self.fail(number, "expected 'show NAME/ARITY as ROLE'")
        role, extra = parts[2], parts[3:]
        if role not in words.ROLES:
            raise self.fail(number, f"unknown role {role[:40]!r} (roles: "
                            f"{', '.join(words.ROLES)})")
        symbol = None
        if role == "symbol" and extra:
            if len(extra) != 1 or extra[0] not in words.SYMBOLS:
                raise self.fail(number, f"'symbol' takes one symbol's name: "
                                f"{', '.join(words.SYMBOLS)}")
            symbol = extra[0]
        elif role == "region" and extra:
            if extra != ["by", "clue"]:
                raise self.fail(number, f"'region' takes 'by clue' (a region named by the "
                                f"cell of its clue) or nothing, not {' '.join(extra)[:40]!r}")
        elif extra:
            raise self.fail(number, f"unexpected {extra[0][:40]!r} after the role {role!r}")
        arity = int(signature[2])
        wanted = 2 if symbol else words.ROLES[role].arity
        if arity != wanted:
            raise self.fail(number, f"the role {role!r}{' ' + symbol if symbol else ''} "
                            f"draws atoms of arity {wanted}, not {arity}")
        self.shows.append(Show(signature[1], arity, role, symbol, number, bool(extra)
                               and role == "region"))

    def _generate(self, number: int, rest: str) -> None:
        parts = rest.split()
        signature = _SIGNATURE.fullmatch(parts[2]) if len(parts) >= 3 else None
        if signature is None or parts[1] != "from" or len(parts) not in (3, 5, 7, 9):
            raise self.fail(number, "expected 'generate KIND from NAME/ARITY [size RxC] "
                            "[reach CELLS] [answer SEARCH,DERIVE]'")
        size = reach = None
        extra = dict(zip(parts[3::2], parts[4::2], strict=True))
        if "size" in extra:
            match = _SIZE.fullmatch(extra["size"])
            if not match:
                raise self.fail(number, f"expected 'size ROWSxCOLS', found "
                                f"{extra['size'][:40]!r}")
            size = (int(match[1]), int(match[2]))
        if "reach" in extra:
            if not extra["reach"].isdigit() or not 0 < int(extra["reach"]) <= 10**6:
                raise self.fail(number, f"expected 'reach CELLS', a number of cells, found "
                                f"{extra['reach'][:40]!r}")
            reach = int(extra["reach"])
        answer = None
        if "answer" in extra:
            names = extra["answer"].split(",")
            if len(names) != 2 or not all(_NAME.fullmatch(name) for name in names):
                raise self.fail(number, f"expected 'answer SEARCH,DERIVE', two program "
                                f"parts' names, found {extra['answer'][:40]!r}")
            answer = (names[0], names[1])
        if set(extra) - {"size", "reach", "answer"} or len(extra) != len(parts[3:]) // 2:
            raise self.fail(number, f"expected 'size ROWSxCOLS', 'reach CELLS' or 'answer "
                            f"SEARCH,DERIVE', found {' '.join(parts[3:])[:40]!r}")
        if any(made.kind == parts[0] for made in self.generates):
            raise self.fail(number, f"a second 'generate {parts[0]}' line")
        if size and any(made.size for made in self.generates):
            raise self.fail(number, "the size of a blank grid is given twice")
        if answer and any(made.answer for made in self.generates):
            raise self.fail(number, "the parts that draw a random answer are given twice")
        self.generates.append(Generate(parts[0], signature[1], int(signature[2]), size,
                                       number, reach, answer))

    def header(self) -> Header:
        for key in ("genre", "summary"):
            if key not in self.values:
                raise InputError(self.source, f"header: no '%! {key}' line (a genre file "
                                 "starts with '%! genre NAME' and '%! summary TEXT')", 1)
        if self.numbers is not None:
            self._check_numbers(self.numbers)
        path = self.values.get("path")
        if path is not None and not any((show.predicate, show.arity, show.role) ==
                                        (path, 3, "number") for show in self.shows):
            raise self.fail(self.lines["path"], f"'path' follows {path}/3, which no "
                            f"'show {path}/3 as number' line draws")
        if path is not None and (any(show.role != "number" for show in self.shows)
                                 or {"between", "points"} & set(self.inputs)):
            raise self.fail(self.lines["path"], "'path' draws on a grid of numbers alone "
                            "(no other 'show' line, no clues between cells or on points)")
        names = [*self.params, *(preamble.param for preamble in self.preambles)]
        for limit in self.limits:
            if limit.param not in names:
                raise self.fail(limit.line, f"'limit' names {limit.param[:40]!r}, which is no "
                                "parameter (%! input param)")
            self._check_bounds(limit.low + limit.high, limit.line)
        return Header(
            self.source, self.values["genre"], self.values["summary"], self.inputs,
            tuple(self.sides), tuple(self.between), tuple(self.params), self.param_list,
            self.tokens, self.text, tuple(self.puzzlinks), self.structure,
            tuple(self.shows), tuple(self.generates), self.values.get("configuration"),
            tuple(self.options), self.max_size, self.lines, self.values.get("tatham"),
            self.values.get("json") == "integers", self.values.get("grid") == "square",
            tuple(self.defaults.items()), self.numbers, tuple(self.preambles),
            self.values.get("json") == "rows", tuple(self.limits), self.values.get("path"),
            self.values.get("measure") or None)

    def _check_numbers(self, numbers: Numbers) -> None:
        if "number" not in self.inputs:
            raise self.fail(numbers.line, "'numbers' bounds the cells' numbers, and the "
                            "genre reads none ('%! input cells number')")
        self._check_bounds(numbers.low + numbers.high, numbers.line)

    def _check_bounds(self, bounds: Bound, line: int) -> None:
        single = [*(self.params[:-1] if self.param_list else self.params),
                  *(preamble.param for preamble in self.preambles)]
        for _, word in bounds:
            if not word.isdigit() and word not in words.SIZE_WORDS and word not in single:
                raise self.fail(line, f"{word[:40]!r} in the range is neither "
                                f"{', '.join(words.SIZE_WORDS)} nor a parameter (%! input "
                                "param)")


def _terms(bound: str) -> Bound:
    return tuple((-1 if sign == "-" else 1, word) for sign, word in _TERM.findall(bound))
