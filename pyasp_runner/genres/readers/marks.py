"""pzprjs's URL decoders and encoders of marks rather than numbers (robx/pzprjs, MIT:
`src/variety-common/Encode.js`): one kind of mark per cell (`decode1Cell`,
`decodeBinary`), circles of two kinds three cells a character (`decodeCircle`), the
borders between cells (`decodeBorder`) and the rooms they enclose. Each decoder takes the
body still to read and returns what is left, as `decoders.py`'s do.
"""

from __future__ import annotations

from ..layers import Pos
from .decoders import B36, parse_number

# --- one kind of mark per cell: decode1Cell and decodeBinary --------------------------------

def decode_1cell(body: str, count: int) -> tuple[set[int], str]:
    """decode1Cell: `0`..`h` marks a cell and skips 0..17 more, `i`..`z` skips 1..18."""
    marked: set[int] = set()
    place = i = 0
    while i < len(body):
        value = parse_number(body[i], 36)
        if value <= 17:
            marked.add(place)
            place += value
        else:
            place += value - 18
        place += 1
        i += 1
        if place >= count:
            break
    return marked, body[i:]


def encode_1cell(marked: set[int], count: int) -> str:
    out, run, have = [], -1, False
    for place in range(count):
        if place in marked:
            if run >= 0:
                out.append(B36[run if have else run + 18])
            have, run = True, 0
            continue
        run += 1
        if run == 17:
            out.append(B36[run if have else run + 18])
            have, run = False, -1
    if run >= 0:
        out.append(B36[run if have else run + 18])
    return "".join(out)


def decode_binary(body: str, count: int) -> tuple[set[int], str]:
    """genericDecodeBinary: five cells a base-32 character, a set bit marks one."""
    marked: set[int] = set()
    place = used = 0
    for char in body:
        bits = parse_number(char, 32)
        used += 1
        for w in range(5):
            if place < count:
                if bits & (16 >> w):
                    marked.add(place)
                place += 1
        if place >= count:
            break
    return marked, body[used:]


def encode_binary(marked: set[int], count: int) -> str:
    """genericEncodeBinary, as pzprjs's encodeEmpty writes it: nothing when none is marked."""
    return _bits([place in marked for place in range(count)]) if marked else ""


# --- circles: three cells a character ------------------------------------------------------

def decode_triple(body: str, count: int) -> tuple[dict[int, int], str]:
    """genericDecodeTriple: base-27 characters, three places each (values 0, 1, 2)."""
    values: dict[int, int] = {}
    length = min((count + 2) // 3, len(body))
    for index in range(length):
        digit = parse_number(body[index], 27)
        for weight, offset in ((9, 0), (3, 1), (1, 2)):
            value = digit // weight % 3
            if value and index * 3 + offset < count:
                values[index * 3 + offset] = value
    return values, body[length:]


def encode_triple(values: dict[int, int], count: int) -> str:
    out = []
    for start in range(0, count, 3):
        total = sum(values.get(start + k, 0) * w for k, w in enumerate((9, 3, 1))
                    if start + k < count)
        out.append(B36[total])
    return "".join(out)


# --- borders between cells -----------------------------------------------------------------

def decode_border(body: str, rows: int, cols: int) -> tuple[set[tuple[Pos, Pos]], str]:
    """decodeBorder: the borders between horizontal neighbours, then between vertical
    ones, five to a base-32 character; returns the pairs of cells a border separates."""
    vertical, horizontal = (cols - 1) * rows, cols * (rows - 1)
    first = min((vertical + 4) // 5, len(body))
    second = min((horizontal + 4) // 5 + first, len(body))
    borders: set[tuple[Pos, Pos]] = set()
    for index, char in enumerate(body[:second]):
        bits = parse_number(char, 32)
        part, start, total = (0, index, vertical) if index < first else \
            (1, index - first, horizontal)
        for w in range(5):
            place = start * 5 + w
            if place < total and bits & (16 >> w):
                if part == 0:
                    r, c = place // (cols - 1) + 1, place % (cols - 1) + 1
                    borders.add(((r, c), (r, c + 1)))
                else:
                    r, c = place // cols + 1, place % cols + 1
                    borders.add(((r, c), (r + 1, c)))
    return borders, body[second:]


def encode_border(borders: set[tuple[Pos, Pos]], rows: int, cols: int) -> str:
    bits = [((r, c), (r, c + 1)) in borders for r in range(1, rows + 1)
            for c in range(1, cols)]
    out = _bits(bits)
    bits = [((r, c), (r + 1, c)) in borders for r in range(1, rows) for c in range(1, cols + 1)]
    return out + _bits(bits)


def _bits(bits: list[bool]) -> str:
    return "".join(B36[sum(16 >> w for w, on in enumerate(bits[i:i + 5]) if on)]
                   for i in range(0, len(bits), 5))


def rooms_of(borders: set[tuple[Pos, Pos]], rows: int, cols: int) -> dict[Pos, int]:
    """The rooms the borders enclose, numbered 1, 2, ... in reading order of their first
    cells (the order of pzprjs's room graph)."""
    room: dict[Pos, int] = {}
    for start in ((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)):
        if start in room:
            continue
        number = len(set(room.values())) + 1
        stack = [start]
        while stack:
            r, c = stack.pop()
            if (r, c) in room:
                continue
            room[(r, c)] = number
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                pair = (min((r, c), (nr, nc)), max((r, c), (nr, nc)))
                if 1 <= nr <= rows and 1 <= nc <= cols and pair not in borders:
                    stack.append((nr, nc))
    return room


def top_cell(cells: list[Pos]) -> Pos:
    """pzprjs's getTopCell: the room's cell in its leftmost column, the highest there."""
    return min(cells, key=lambda pos: (pos[1], pos[0]))
