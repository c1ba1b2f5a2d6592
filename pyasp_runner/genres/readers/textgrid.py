"""The plain text grid, as the puzzlekit data set writes every problem: a line `ROWS
COLS` with the genre's parameters after it, then the blocks the header's `%! text`
lists (a cells block, a rooms block, a line of clues per side, a block of grid points),
each a line per row of space-separated tokens. Read into `Layers`, and written back.

What a token means is the header's (`%! token`) or the default (docs/genres.md): `-`
and `.` empty, `?` unknown, a whole number a number, a letter a letter, `D,R` a block's
sums, `3w` a number with an arrow.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import InputError
from .. import vocabulary as words
from ..layers import (
    Layers,
    Pos,
    defaults,
    empty,
    misplaced_number,
    misplaced_outside,
    number_range,
    numbered_regions,
)
from ..statements import Block, Header
from . import preamble

MAX_SIDE = 1000
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
_SUMS = re.compile(r"([0-9]{1,9})?,([0-9]{1,9})?")
_ARROW = re.compile(r"([0-9]{1,9})([nesw])")
_LETTER = re.compile(r"[A-Za-z]")
Line = tuple[int, str]


def content_lines(text: str) -> list[Line]:
    """The numbered lines that hold something: blank lines dropped, and `#` comments
    before the size line; after it `#` is a token (puzzlekit's Star Battles begin rows
    with it, a cell outside every region)."""
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)
             if line.strip()]
    while lines and lines[0][1].startswith("#"):
        lines.pop(0)
    return lines


def read(text: str, source: str, header: Header) -> Layers:
    return read_lines(content_lines(text), source, header)


def read_lines(lines: list[Line], source: str, header: Header,
               stated: dict[str, int] | None = None) -> Layers:
    """The grid of these numbered lines: the size line, then the header's blocks
    (`stated`: the parameters the lines before them gave, `preamble.read`)."""
    if not lines:
        raise InputError(source, "empty: no puzzle in it")
    number, first = lines[0]
    rows, cols, params = _size_line(first, source, number, header)
    layers = empty(rows, cols)._replace(params={**params, **(stated or {})})
    blocks = _blocks_present(header.text, len(lines) - 1, rows, source, number)
    at = 1
    cells: dict[Pos, str] = {}
    rooms: dict[Pos, str] = {}
    line_of: dict[tuple[str, Pos], int] = {}  # (block, cell) -> its line in the file
    for block in blocks:
        height, width = _shape(block, rows, cols)
        chunk = lines[at:at + height]
        at += height
        grid = [_tokens(line, width, source, number, block) for number, line in chunk]
        if block in ("cells", "rooms"):
            target = cells if block == "cells" else rooms
            for r, row in enumerate(grid, 1):
                for c, token in enumerate(row, 1):
                    target[(r, c)] = token
                    line_of[(block, (r, c))] = chunk[r - 1][0]
        elif block == "cells+between":
            for y, row in enumerate(grid):
                for x, token in enumerate(row):
                    pos = (y // 2 + 1, x // 2 + 1)
                    if y % 2 == 0 and x % 2 == 0:
                        cells[pos] = token
                        line_of[("cells", pos)] = chunk[y][0]
                    elif y % 2 == 0 or x % 2 == 0:  # between two cells of a row, a column
                        other = (pos[0], pos[1] + 1) if y % 2 == 0 else (pos[0] + 1, pos[1])
                        _between(layers, header, token, (pos, other), source, chunk[y][0])
        elif block == "points":
            for r, row in enumerate(grid):
                for c, token in enumerate(row):
                    value = _clue_number(token, source, chunk[r][0], f"point ({r},{c})")
                    if value is not None:
                        layers.points[(r, c)] = value
        else:
            for index, token in enumerate(grid[0], 1):
                value = _clue_number(token, source, chunk[0][0], f"{block} clue {index}",
                                     header)
                if value is not None:
                    layers.outside[(block, index)] = (value,)
                    line_of[(block, (index, 0))] = chunk[0][0]
    cell_lines = {pos: line_of[("cells", pos)] for pos in cells}
    if wrong := misplaced_outside(layers, header):
        (side, index), problem = wrong
        raise InputError(source, f"{side} clue {index}: {problem}", line_of[(side, (index, 0))])
    layers = check_numbers(read_cells(cells, layers, header, source, cell_lines), header,
                           source, cell_lines)
    if rooms:
        layers = _read_rooms(rooms, layers, header, source,
                             {pos: line_of[("rooms", pos)] for pos in rooms})
    return layers


def _between(layers: Layers, header: Header, token: str, pair: tuple[Pos, Pos], source: str,
             line: int) -> None:
    """The token between two cells of a `cells+between` block: no clue, a number, or a
    token meaning `between NAME`."""
    (r1, c1), (r2, c2) = pair
    where = f"between ({r1},{c1}) and ({r2},{c2})"
    if token in ("-", ".") and token not in header.tokens:
        return
    known = meaning(token, header)
    if known is not None and known[0] == "between" and known[1] is not None:
        layers.between[pair] = known[1]
    elif known is None and _NUMBER.fullmatch(token) and "number" in header.between:
        layers.between[pair] = int(token)
    else:
        raise InputError(source, f"{where}: {token[:20]!r} is no clue between cells (a "
                         "number, a token meaning 'between NAME', or - for none)", line)


def size_line_fields(line: str, header: Header) -> list[str] | None:
    """The fields of the size line `ROWS COLS` and the genre's parameters, or None when
    `line` is not one."""
    fields = line.split()
    wanted = 2 + len(header.params)
    least = wanted - header.param_list - len(header.defaults)
    if (len(fields) < least or (len(fields) > wanted and not header.param_list)
            or not all(_NUMBER.fullmatch(field) for field in fields[:2])
            or not all(_param_value(field, header) is not None for field in fields[2:])):
        return None
    return fields


def _param_value(field: str, header: Header) -> int | None:
    """A parameter on the size line: a whole number, or where the numbers are letters a
    letter for its number (as puzzlekit writes the last letter: `8 8 f`, A to F)."""
    if _NUMBER.fullmatch(field):
        return int(field)
    return header.letter_number(field)


def _size_line(line: str, source: str, number: int,
               header: Header) -> tuple[int, int, dict[str, int | tuple[int, ...]]]:
    fields = size_line_fields(line, header)
    if fields is None:
        optional = dict(header.defaults)
        shape = " ".join(["ROWS", "COLS", *(f"[{p.upper()}]" if p in optional else p.upper()
                                             for p in header.params)])
        if header.param_list:
            shape += " ..."
        also = ["lines named `size:`, `top:`, `grid:`...", "a janko.at block `begin` ... `end`"]
        also += ["a puzz.link address"] if header.puzzlinks else []
        raise InputError(source, f"expected the size line '{shape}' (whole numbers), found "
                         f"{line[:60]!r} (also read: {'; '.join(also)})", number)
    values = [int(field) for field in fields[:2]]
    values += [value for value in map(lambda f: _param_value(f, header), fields[2:])
               if value is not None]
    rows, cols = values[:2]
    for what, side in (("rows", rows), ("columns", cols)):
        if not 1 <= side <= MAX_SIDE:
            raise InputError(source, f"{side} {what}: a grid has 1 to {MAX_SIDE}", number)
    params: dict[str, int | tuple[int, ...]] = {}
    for index, name in enumerate(header.params):
        if header.param_list and index == len(header.params) - 1:
            params[name] = tuple(values[2 + index:])
        elif 2 + index >= len(values):  # left out: the default (layers.facts)
            break
        else:
            params[name] = values[2 + index]
    return rows, cols, params


def _shape(block: str, rows: int, cols: int) -> tuple[int, int]:
    """(lines, tokens per line) of a block."""
    return {"cells": (rows, cols), "cells+between": (2 * rows - 1, 2 * cols - 1),
            "rooms": (rows, cols), "top": (1, cols),
            "bottom": (1, cols), "left": (1, rows), "right": (1, rows),
            "points": (rows + 1, cols + 1)}[block]


def _blocks_present(blocks: Sequence[Block], count: int, rows: int, source: str,
                    number: int) -> list[str]:
    """The blocks the input holds: all, or all but the optional one (the count says)."""
    every = [block.name for block in blocks]
    lines = sum(_shape(name, rows, 1)[0] for name in every)
    if count == lines:
        return every
    optional = [block.name for block in blocks if block.optional]
    if optional and count == lines - _shape(optional[0], rows, 1)[0]:
        return [name for name in every if name != optional[0]]
    expected = f"{lines}" + (f" or {lines - _shape(optional[0], rows, 1)[0]}"
                             if optional else "")
    listed = ", ".join(every)
    raise InputError(source, f"{count} lines after the size line; this genre's grid has "
                     f"{expected} ({listed}, for {rows} rows)", number)


def _tokens(line: str, width: int, source: str, number: int, block: str) -> list[str]:
    tokens = line.split()
    if block == "cells" and width > 1 and len(tokens) == 1 and len(tokens[0]) == width:
        return list(tokens[0])  # a row written compact, a character per cell: `53..7....`
    if len(tokens) != width:
        raise InputError(source, f"{len(tokens)} tokens in a line of the {block} block, "
                         f"which has {width}", number)
    return tokens


def _clue_number(token: str, source: str, number: int, what: str,
                 header: Header | None = None) -> int | None:
    if token in ("-", "."):
        return None
    if header is not None and (letter := header.letter_number(token)) is not None:
        return letter
    if not _NUMBER.fullmatch(token):
        kind = "a letter" if header and header.numbers and header.numbers.letters else \
            "a number"
        raise InputError(source, f"{what}: {token[:20]!r} is not {kind} (or - for none)",
                         number)
    return int(token)


_RUNS = (("empty", None), ("blocked", None))  # the meanings a run of one token keeps


def meaning(token: str, header: Header) -> tuple[str, str | None] | None:
    """A token's declared or default meaning (meaning, symbol), or None for a token read
    by its form (a number, a letter, sums, an arrow)."""
    if token in header.tokens:
        declared = header.tokens[token]
        return declared.meaning, declared.symbol
    if token in words.DEFAULT_TOKENS:
        return words.DEFAULT_TOKENS[token], None
    if len(token) > 1 and len(set(token)) == 1 and meaning(token[0], header) in _RUNS:
        return meaning(token[0], header)  # a run of the token (`__`, `XXX`), as files pad one
    return None


def _blocked_or_empty(token: str, header: Header) -> bool:
    """Whether the token (or the one it is a run of) is declared `blocked or empty`."""
    declared = header.tokens.get(token) or (header.tokens.get(token[0]) if token
                                            and len(set(token)) == 1 else None)
    return declared is not None and declared.or_empty


def read_cells(cells: dict[Pos, str], layers: Layers, header: Header, source: str,
                line_of: dict[Pos, int]) -> Layers:
    sets: dict[str, set[Pos]] = {"shaded": set(), "unshaded": set(), "unknown": set(),
                                 "blocked": set()}
    def refuse(pos: Pos, problem: str) -> InputError:
        return InputError(source, f"row {pos[0]}, column {pos[1]}: {problem}", line_of[pos])

    def need(pos: Pos, token: str, kind: str, what: str) -> None:
        if not header.has(kind) and not (kind == "unknown" and header.has("clued")):
            raise refuse(pos, f"{what} {token[:20]!r}, but {header.genre} has no {kind} "
                         "clues (%! input)")

    span = number_range(layers, header)

    def known_as(token: str) -> tuple[str, str | None] | None:
        known = meaning(token, header)
        if known is not None and known[0] == "empty" and span and _NUMBER.fullmatch(token) \
                and span[0] <= int(token) <= span[1]:
            return None  # a number of the range (`0` of 0..8), though it marks an empty cell
        return known

    written = set(cells.values())
    either = {token for token in written if _blocked_or_empty(token, header)}
    empty_written = any(known_as(token) == ("empty", None) for token in written - either)
    for pos, token in cells.items():
        known = known_as(token)
        if token in either and not empty_written:
            known = ("empty", None)  # `blocked or empty`, in a file with no other empty cell
        if known is not None:
            kind, symbol = known
            if kind in ("shaded", "unshaded", "unknown"):
                need(pos, token, kind, "a token")
                sets[kind].add(pos)
            elif kind == "blocked":
                sets["blocked"].add(pos)
            elif kind == "between":
                raise refuse(pos, f"{token[:20]!r} is a clue between cells, in a cell's place")
            elif kind == "symbol" and symbol is not None:
                layers.symbols[pos] = symbol
            continue
        if _NUMBER.fullmatch(token):
            need(pos, token, "number", "a number")
            layers.numbers[pos] = int(token)
        elif (letter := header.letter_number(token)) is not None:
            need(pos, token, "number", "a letter")
            layers.numbers[pos] = letter
        elif (sums := _SUMS.fullmatch(token)) and token != ",":
            need(pos, token, "sums", "a block's sums")
            sets["blocked"].add(pos)
            for direction, value in zip(words.DIRECTIONS, sums.groups(), strict=True):
                if value is not None:
                    layers.sums[(pos, direction)] = int(value)
        elif arrow := _ARROW.fullmatch(token):
            need(pos, token, "arrow", "an arrow")
            need(pos, token, "number", "a number")
            layers.numbers[pos] = int(arrow[1])
            layers.arrows[pos] = arrow[2]
        elif _LETTER.fullmatch(token) and header.has("letter"):
            layers.letters[pos] = token.upper()
        else:
            raise refuse(pos, f"unknown token {token[:20]!r} (a number, - for an empty cell, or "
                         "a token the genre's header gives a meaning)")
    return layers._replace(shaded=frozenset(sets["shaded"]),
                           unshaded=frozenset(sets["unshaded"]),
                           unknown=frozenset(sets["unknown"]), blocked=frozenset(sets["blocked"]))


def check_numbers(layers: Layers, header: Header, source: str, line_of: dict[Pos, int]
                  ) -> Layers:
    """The layers, unless a cell's number is one `%! numbers` refuses (InputError naming
    the cell and its line)."""
    if misplaced := misplaced_number(layers, header):
        (row, col), problem = misplaced
        raise InputError(source, f"row {row}, column {col}: {problem}", line_of[(row, col)])
    return layers


def _read_rooms(rooms: dict[Pos, str], layers: Layers, header: Header, source: str,
                line_of: dict[Pos, int]) -> Layers:
    blocked = set(layers.blocked)
    labels: dict[Pos, object] = {}
    for pos, token in rooms.items():
        known = meaning(token, header)
        if known is not None and known[0] == "blocked":
            blocked.add(pos)
        elif pos in blocked:
            raise InputError(source, f"row {pos[0]}, column {pos[1]}: a blocked cell has "
                             f"no room ({token[:20]!r})", line_of[pos])
        else:  # a room's label: any token, a number read as one (`01` is room 1)
            labels[pos] = int(token) if _NUMBER.fullmatch(token) else token
    return layers._replace(regions=numbered_regions(labels), blocked=frozenset(blocked))


# --- writing -----------------------------------------------------------------------------

def token_for(header: Header, kind: str, symbol: str | None = None) -> str | None:
    """The token the header gives `kind` (and `symbol`), else its default; None if none."""
    for token, declared in header.tokens.items():
        if declared.meaning == kind and declared.symbol == symbol and not declared.or_empty:
            return token
    for token, default in words.DEFAULT_TOKENS.items():
        if default == kind and token not in header.tokens:
            return token
    return None


def write(layers: Layers, header: Header) -> str:
    params: list[str] = []
    stated = [name for name in header.params if name in layers.params]
    implied = defaults(layers, header)
    for name in header.params[:header.params.index(stated[-1]) + 1] if stated else ():
        # a parameter left out for its default is written where a later one is stated
        value = layers.params.get(name, implied.get(name, ()))
        params.extend(map(str, value) if isinstance(value, tuple) else [str(value)])
    out = [*preamble.lines_of(layers, header),
           " ".join([str(layers.rows), str(layers.cols), *params])]
    empty = token_for(header, "empty")
    for block in header.text:
        lines = _write_block(block.name, layers, header)
        if block.optional and all(set(line.split()) <= {empty} for line in lines):
            continue  # a block that may be left out, and says nothing
        out.extend(lines)
    return "\n".join(out) + "\n"


def _write_block(block: str, layers: Layers, header: Header) -> list[str]:
    rows, cols = layers.rows, layers.cols
    if block == "cells":
        rooms = any(b.name == "rooms" for b in header.text)  # then blocked cells are there
        return [" ".join(_cell_token(layers, header, (r, c), rooms)
                         for c in range(1, cols + 1)) for r in range(1, rows + 1)]
    if block == "cells+between":
        return _write_between(layers, header)
    if block == "rooms":
        blocked = token_for(header, "blocked") or "-"
        return [" ".join(blocked if (r, c) in layers.blocked else
                         str(layers.regions.get((r, c), 0)) for c in range(1, cols + 1))
                for r in range(1, rows + 1)]
    if block == "points":
        return [" ".join(str(layers.points[(r, c)]) if (r, c) in layers.points else "-"
                         for c in range(cols + 1)) for r in range(rows + 1)]
    length = cols if block in ("top", "bottom") else rows
    return [" ".join(_side_token(layers.outside.get((block, i), ()), header)
                     for i in range(1, length + 1))]


def _side_token(values: tuple[int, ...], header: Header) -> str:
    if len(values) > 1:
        raise ValueError("several clues beside one line are not written in the text grid")
    return header.written(values[0]) if values else "-"


def _cell_token(layers: Layers, header: Header, pos: Pos, rooms: bool) -> str:
    sums = [layers.sums.get((pos, d)) for d in words.DIRECTIONS]
    if any(value is not None for value in sums):
        return ",".join("" if value is None else str(value) for value in sums)
    if pos in layers.numbers:
        return header.written(layers.numbers[pos]) + layers.arrows.get(pos, "")
    if pos in layers.letters:
        return layers.letters[pos]
    for kind in ("blocked", "shaded", "unshaded", "unknown"):
        if pos in getattr(layers, kind) and not (kind == "blocked" and rooms):
            return _required(token_for(header, kind), kind)
    if pos in layers.symbols:
        symbol = layers.symbols[pos]
        return _required(token_for(header, "symbol", symbol), f"the symbol {symbol}")
    return _required(token_for(header, "empty"), "an empty cell")


def _required(token: str | None, what: str) -> str:
    if token is None:
        raise ValueError(f"the header gives {what} no token")
    return token


def _write_between(layers: Layers, header: Header) -> list[str]:
    """The cells with the clues between them: cell tokens at the even places of the even
    lines (0-based), a clue (or -) between two cells, - between four."""
    def clue(pair: tuple[Pos, Pos]) -> str:
        value = layers.between.get(pair)
        if value is None:
            return "-"
        if isinstance(value, int):
            return str(value)
        tokens = [token for token, read in header.tokens.items()
                  if read.meaning == "between" and read.symbol == value]
        if not tokens:
            raise ValueError(f"the header gives the clue {value} no token")
        down = pair[0][0] != pair[1][0]  # a second token of the meaning is written down
        return tokens[1] if down and len(tokens) > 1 else tokens[0]

    out = []
    for r in range(1, layers.rows + 1):
        row: list[str] = []
        for c in range(1, layers.cols + 1):
            row.append(_cell_token(layers, header, (r, c), False))
            if c < layers.cols:
                row.append(clue(((r, c), (r, c + 1))))
        out.append(" ".join(row))
        if r < layers.rows:
            out.append(" ".join(clue(((r, c), (r + 1, c))) if x % 2 == 0 else "-"
                                for x, c in ((x, x // 2 + 1)
                                             for x in range(2 * layers.cols - 1))))
    return out
