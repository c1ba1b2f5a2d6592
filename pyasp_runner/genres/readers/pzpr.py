"""puzz.link addresses (`https://puzz.link/p?GENRE/COLS/ROWS/BODY`, and the same from
pzv.jp or any host), read and written by the decoders a genre's header names in order
(`%! puzzlink NAMES DECODERS...`), as pzprjs's `decodePzpr` calls them.

The address is taken apart as pzprjs's `src/pzpr/parser.js` does: optional `type=...&`
parameters, a `_edit`/`_play` suffix, an optional flag segment (`v:...` variants are
refused by name), then COLS/ROWS and the body.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...errors import UserError
from ..layers import Layers, Pos, defaults, empty
from ..statements import Decoder, Header, Puzzlink
from . import bank as pieces
from . import decoders as dec
from . import marks

WRITE_HOST = "https://puzz.link/p?"
MAX_SIDE = 1000
_ADDRESS = re.compile(r"(?:[a-z][\w+.-]*://)?[^\s?#/]*(?:/[^\s?#]*)?\?(?P<query>\S+)",
                      re.IGNORECASE)
_PARAMETER = re.compile(r"^(\w+=\w+&)+")


class Address(NamedTuple):
    genre: str
    cols: int
    rows: int
    body: str


def looks_like_address(text: str) -> bool:
    """True for one line that is a web address with a query (`...?name/...`)."""
    stripped = text.strip()
    return "\n" not in stripped and bool(_ADDRESS.fullmatch(stripped)) and "/" in stripped


def parse_address(text: str, source: str, line: int) -> Address:
    match = _ADDRESS.fullmatch(text.strip())
    if not match:
        raise dec.refuse(source, line, "expected https://puzz.link/p?GENRE/COLS/ROWS/...")
    from urllib.parse import unquote

    query = _PARAMETER.sub("", unquote(match.group("query")))
    name, _, rest = query.partition("/")
    name = re.sub(r"_(edit|play)$", "", name)
    parts = rest.split("/")
    if parts and parts[0].startswith("v:"):
        raise dec.refuse(source, line, f"the variant {parts[0][2:]!r} of {name!r} is not read")
    if parts and parts[0] and not parts[0].isdigit():
        parts = parts[1:]  # pzprjs's flag segment (e.g. `f`): no clue in it
    if len(parts) < 2 or not (parts[0].isdigit() and parts[1].isdigit()):
        raise dec.refuse(source, line, f"expected {name}/COLS/ROWS/... after the '?', found "
                         f"{query[:60]!r}")
    if len(parts[0]) > 4 or len(parts[1]) > 4:  # no int() of thousands of digits
        raise dec.refuse(source, line, f"{parts[0][:8]}x{parts[1][:8]}...: a grid has 1 to "
                         f"{MAX_SIDE} columns and rows")
    cols, rows = int(parts[0]), int(parts[1])
    for what, side in (("columns", cols), ("rows", rows)):
        if not 1 <= side <= MAX_SIDE:
            raise dec.refuse(source, line, f"{side} {what}: a grid has 1 to {MAX_SIDE}")
    body = "/".join(parts[2:])
    return Address(name, cols, rows, body.rstrip("/") if body.endswith("/") else body)


def read(text: str, source: str, line: int, header: Header) -> Layers:
    address = parse_address(text, source, line)
    link = next((link for link in header.puzzlinks if address.genre in link.names), None)
    if link is None:
        names = [name for link in header.puzzlinks for name in link.names]
        raise dec.refuse(source, line, f"an address of {address.genre!r}; {header.genre} "
                         f"reads {' or '.join(names) or 'no puzz.link address'}")
    try:
        return _decode(address, link, header)
    except dec.Bad as bad:
        raise dec.refuse(source, line, str(bad)) from None


class _Build:
    """The layers as the decoders fill them."""

    def __init__(self, rows: int, cols: int, offset: int = 0) -> None:
        self.layers = empty(rows + offset, cols + offset)
        self.rows, self.cols, self.offset = rows, cols, offset
        self.sets: dict[str, set[Pos]] = {"unknown": set(), "shaded": set(),
                                          "unshaded": set(), "blocked": set()}

    def pos(self, place: int, cols: int | None = None) -> Pos:
        width = cols or self.cols
        return place // width + 1 + self.offset, place % width + 1 + self.offset

    def put(self, pos: Pos, value: int, unknown: str) -> None:
        if value == dec.UNKNOWN:
            if unknown != "empty":
                self.sets[unknown].add(pos)
        else:
            self.layers.numbers[pos] = value

    def mark(self, pos: Pos, meaning: str) -> None:
        """A cell marked by a one-mark decoder: shaded, unshaded, blocked or a symbol."""
        if meaning in self.sets:
            self.sets[meaning].add(pos)
        else:
            self.layers.symbols[pos] = meaning

    def result(self) -> Layers:
        sets = self.sets
        return self.layers._replace(
            unknown=frozenset(sets["unknown"]), shaded=frozenset(sets["shaded"]),
            unshaded=frozenset(sets["unshaded"]), blocked=frozenset(sets["blocked"]))


def _decode(address: Address, link: Puzzlink, header: Header) -> Layers:
    rows, cols, body = address.rows, address.cols, address.body
    grows = any(decoder.name == "sums" for decoder in link.decoders)
    build = _Build(rows, cols, 1 if grows else 0)
    count = rows * cols
    borders: set[tuple[Pos, Pos]] | None = None
    for decoder in link.decoders:
        name, args = decoder.name, decoder.args
        if name in ("1cell", "binary"):
            marked, body = (marks.decode_1cell if name == "1cell" else marks.decode_binary)(
                body, count)
            for place in marked:
                build.mark(build.pos(place), args[0])
        elif name in ("number16", "number10", "number36", "4cell"):
            read = {"number16": dec.decode_number16, "number10": dec.decode_number10,
                    "number36": dec.decode_number36, "4cell": dec.decode_4cell}[name]
            values, body = read(body, count)
            for place, value in values.items():
                build.put(build.pos(place), value, args[0] if args else "unknown")
        elif name == "marks16":
            values, body = dec.decode_number16(body, count)
            for place, value in values.items():
                if value == dec.UNKNOWN:
                    build.sets["unknown"].add(build.pos(place))
                elif not 0 <= value < len(args):
                    raise dec.Bad(f"{value} stands for no mark (0 to {len(args) - 1})")
                else:
                    build.mark(build.pos(place), args[value])
        elif name == "bank":
            fleet, body = pieces.decode_bank(body)
            build.layers.params[args[0]] = tuple(fleet.get(length, 0)
                                                 for length in range(1, max(fleet, default=0) + 1))
        elif name == "4cross":
            values, body = dec.decode_4cell(body, (rows + 1) * (cols + 1))
            for place, value in values.items():
                if value >= 0:
                    build.layers.points[(place // (cols + 1), place % (cols + 1))] = value
        elif name == "circle":
            values, body = marks.decode_triple(body, count)
            symbols = args or ("white", "black")
            for place, value in values.items():
                build.layers.symbols[build.pos(place)] = symbols[value - 1]
        elif name == "border":
            borders, body = marks.decode_border(body, rows, cols)
            build.layers.regions.update(marks.rooms_of(borders, rows, cols))
        elif name == "roomnumber16":
            body = _room_numbers(build, body)
        elif name == "arrownumber16":
            arrows, body = dec.decode_arrow_number16(body, count)
            for place, (direction, number) in arrows.items():
                build.put(build.pos(place), number, "unknown")
                if direction in dec.ARROW_OF:
                    build.layers.arrows[build.pos(place)] = dec.ARROW_OF[direction]
        elif name == "outside":
            body = _outside(build, body, header)
        elif name == "sums":
            body = _sums(build, body)
        elif name == "param":
            stated, _, body = body.partition("/")
            if not stated.isdigit():
                raise dec.Bad(f"expected the number of {args[0]} and '/', found "
                              f"{stated[:20]!r}")
            build.layers.params[args[0]] = int(stated)
    if body.strip("/"):
        raise dec.Bad(f"unexpected {body[:20]!r} after the puzzle")
    return build.result()


def _room_numbers(build: _Build, body: str) -> str:
    rooms: dict[int, list[Pos]] = {}
    for pos, room in build.layers.regions.items():
        rooms.setdefault(room, []).append(pos)
    values, body = dec.decode_number16(body, len(rooms))
    for index, value in values.items():
        build.put(marks.top_cell(rooms[index + 1]), value, "unknown")
    return body


def _outside(build: _Build, body: str, header: Header) -> str:
    lengths = {"top": build.cols, "bottom": build.cols, "left": build.rows,
               "right": build.rows}
    sides = [side for side in ("top", "bottom", "left", "right") if side in header.sides]
    values, body = dec.decode_excells(body, sum(lengths[side] for side in sides))
    place = 0
    for side in sides:
        for line in range(1, lengths[side] + 1):
            if place in values and values[place] >= 0:
                build.layers.outside[(side, line)] = (values[place],)
            place += 1
    return body


def _sums(build: _Build, body: str) -> str:
    """pzprjs's body of blocks with sums (its cells of kind 51): the blocks of the grid (a
    letter k..z skips 1..16 white cells, `.` a block without sums, else two characters:
    the sum down, the sum right), then the sums of the blocks around it (above each
    column whose top cell is white, left of each row whose first cell is white). Our grid
    is one larger: pzprjs's outer blocks are its first row and column."""
    rows, cols, count = build.rows, build.cols, build.rows * build.cols
    blocked = build.sets["blocked"]
    blocked.update((0 + 1, c) for c in range(1, cols + 2))
    blocked.update((r, 0 + 1) for r in range(1, rows + 2))
    place = i = 0
    while i < len(body) and place < count:
        char = body[i]
        if "k" <= char <= "z":
            place += int(char, 36) - 19
        else:
            pos = build.pos(place)
            blocked.add(pos)
            if char != ".":
                _set_sums(build, pos, char, body[i + 1:i + 2])
                i += 1
            place += 1
        i += 1
    for c in range(1, cols + 1):
        if (2, c + 1) not in blocked:
            _set_sums(build, (1, c + 1), body[i:i + 1], "")
            i += 1
    for r in range(1, rows + 1):
        if (r + 1, 2) not in blocked:
            _set_sums(build, (r + 1, 1), "", body[i:i + 1])
            i += 1
    return body[i:]


def _set_sums(build: _Build, pos: Pos, down: str, right: str) -> None:
    for direction, char in (("down", down), ("right", right)):
        value = dec.sum_value(char) if char else -1
        if value > 0:
            build.layers.sums[(pos, direction)] = value


# --- writing -------------------------------------------------------------------------------

def write(layers: Layers, header: Header) -> str:
    if not header.puzzlinks:
        raise UserError(f"{header.genre} has no puzz.link form (%! puzzlink)")
    link = header.puzzlinks[0]
    grows = any(decoder.name == "sums" for decoder in link.decoders)
    rows, cols = (layers.rows - 1, layers.cols - 1) if grows else (layers.rows, layers.cols)
    marks_blocked = any(d.name in ("1cell", "binary") and d.args == ("blocked",)
                        for d in link.decoders)
    if layers.blocked and not grows and not marks_blocked:
        raise ValueError("blocked cells are not written in a puzz.link address")
    held = {d.args[0] for d in link.decoders if d.name in ("param", "bank")}
    for name, value in layers.params.items():
        if name not in held:
            raise ValueError(f"a puzz.link address has no place for the {name} {value}")
    for kind in ("shaded", "unshaded"):
        cells = getattr(layers, kind)
        if cells and not any(kind in decoder.args for decoder in link.decoders):
            r, c = min(cells)
            raise ValueError(f"the {kind} cell ({r},{c}) has no place in a puzz.link address")
    try:
        parts = [_encode(decoder, layers, header, rows, cols) for decoder in link.decoders]
        last = link.decoders[-1]
        if last.optional and parts[-1] == _encode(last, empty(layers.rows, layers.cols),
                                                  header, rows, cols):
            parts.pop()  # `NAME?`: a part that holds nothing is left out
    except dec.Bad as bad:
        raise UserError(f"cannot be written as a puzz.link address: {bad}") from None
    return f"{WRITE_HOST}{link.names[0]}/{cols}/{rows}/{''.join(parts)}\n"


def _places(layers: Layers, cols: int, meaning: str) -> dict[int, int]:
    values = {(r - 1) * cols + c - 1: n for (r, c), n in layers.numbers.items()}
    if meaning != "empty":
        for r, c in getattr(layers, meaning):
            values[(r - 1) * cols + c - 1] = dec.UNKNOWN
    return values


def _encode(decoder: Decoder, layers: Layers, header: Header, rows: int, cols: int) -> str:
    name, args = decoder.name, decoder.args
    count = rows * cols
    if name in ("1cell", "binary"):
        meaning = args[0]
        cells = layers.symbols if meaning not in ("shaded", "unshaded", "blocked") else \
            dict.fromkeys(getattr(layers, meaning), meaning)
        marked = {(r - 1) * cols + c - 1 for (r, c), what in cells.items() if what == meaning}
        return (marks.encode_1cell if name == "1cell" else marks.encode_binary)(marked, count)
    if name in ("number16", "number10", "number36", "4cell"):
        values = _places(layers, cols, args[0] if args else "unknown")
        write = {"number16": dec.encode_number16, "number10": dec.encode_number10,
                 "number36": dec.encode_number36, "4cell": dec.encode_4cell}[name]
        return write(values, count)
    if name == "marks16":
        kinds = {meaning: dict.fromkeys(getattr(layers, meaning), meaning)
                 for meaning in ("shaded", "unshaded", "blocked")}
        values = {(r - 1) * cols + c - 1: args.index(what)
                  for cells in (*kinds.values(), layers.symbols)
                  for (r, c), what in cells.items() if what in args}
        values.update({(r - 1) * cols + c - 1: dec.UNKNOWN for r, c in layers.unknown})
        return dec.encode_number16(values, count)
    if name == "bank":
        listed = layers.params.get(args[0], ())
        counts = listed if isinstance(listed, tuple) else (listed,)
        return pieces.encode_bank({length: n for length, n in enumerate(counts, 1)})
    if name == "4cross":
        return dec.encode_4cell({r * (cols + 1) + c: n for (r, c), n in layers.points.items()},
                                (rows + 1) * (cols + 1))
    if name == "circle":
        symbols = args or ("white", "black")
        return marks.encode_triple({(r - 1) * cols + c - 1: symbols.index(s) + 1
                                  for (r, c), s in layers.symbols.items() if s in symbols},
                                 count)
    if name == "border":
        borders = {(a, b) for a in layers.regions for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                   if b in layers.regions and layers.regions[a] != layers.regions[b]}
        return marks.encode_border(borders, rows, cols)
    if name == "roomnumber16":
        return dec.encode_number16(_room_values(layers), len(set(layers.regions.values())))
    if name == "arrownumber16":
        return dec.encode_arrow_number16(
            {(r - 1) * cols + c - 1: (dec.QDIR_OF.get(layers.arrows.get((r, c), ""), 0), n)
             for (r, c), n in [*layers.numbers.items(),
                               *((pos, dec.UNKNOWN) for pos in layers.unknown)]}, count)
    if name == "outside":
        lengths = {"top": cols, "bottom": cols, "left": rows, "right": rows}
        around: dict[int, int] = {}
        place = 0
        for side in (s for s in ("top", "bottom", "left", "right") if s in header.sides):
            for line in range(1, lengths[side] + 1):
                if (side, line) in layers.outside:
                    around[place] = layers.outside[(side, line)][0]
                place += 1
        return dec.encode_number16(around, place)
    if name == "sums":
        return _encode_sums(layers, rows, cols)
    value = layers.params.get(args[0], defaults(layers, header).get(args[0], 0))
    return f"{value}/"


def _room_values(layers: Layers) -> dict[int, int]:
    values: dict[int, int] = {}
    for (r, c), number in layers.numbers.items():
        room = layers.regions.get((r, c))
        if room is None:
            continue
        if room - 1 in values:
            raise dec.Bad(f"room {room} has two numbers")
        values[room - 1] = number
    return values


def _encode_sums(layers: Layers, rows: int, cols: int) -> str:
    for pos in [(1, c) for c in range(1, cols + 2)] + [(r, 1) for r in range(1, rows + 2)]:
        if pos not in layers.blocked:
            raise dec.Bad("the first row and column must be blocks")
    out, empty = [], 0
    for r in range(2, rows + 2):
        for c in range(2, cols + 2):
            text = ""
            if (r, c) in layers.blocked:
                down, right = (layers.sums.get(((r, c), d), 0) for d in ("down", "right"))
                text = "." if not down and not right else dec.sum_char(down) + dec.sum_char(right)
            else:
                empty += 1
            if empty and (text or empty == 16):
                out.append(dec.B36[empty + 19])
                empty = 0
            out.append(text)
    if empty:
        out.append(dec.B36[empty + 19])
    for c in range(2, cols + 2):
        if (2, c) not in layers.blocked:
            out.append(dec.sum_char(layers.sums.get(((1, c), "down"), 0)))
    for r in range(2, rows + 2):
        if (r, 2) not in layers.blocked:
            out.append(dec.sum_char(layers.sums.get(((r, 1), "right"), 0)))
    return "".join(out)
