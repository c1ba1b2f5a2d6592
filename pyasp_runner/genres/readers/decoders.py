"""pzprjs's shared URL decoders and encoders (robx/pzprjs, MIT:
`src/variety-common/Encode.js`), read from its source, over a genre's `Layers`.

Each decoder takes the body still to read and returns what is left, as pzprjs's
`decodeXxx` does with `this.outbstr`; each encoder returns its part of the body. pzprjs's
cell values are its `qnum`: a number, -2 for `?` (whose meaning the header gives: an
unknown clue by default), -1 for nothing. Cells are in reading order, `(1,1)` first.
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import InputError
from ..layers import Pos

UNKNOWN = -2
_HEX = "0123456789abcdef"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


class Bad(Exception):
    """A body that does not decode; the reader names the address's line."""


def _int(text: str, base: int) -> int:
    try:
        return int(text, base)
    except ValueError:
        raise Bad(f"{text!r} is not a number in base {base}") from None


# --- numbers per place: number16, number10, 4cell -----------------------------------------

def read_number16(body: str, i: int) -> tuple[int, int] | None:
    """pzprjs's readNumber16: (value, characters read) at body[i], or None."""
    char = body[i]
    if char in _HEX:
        return int(char, 16), 1
    widths = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192),
              "*": (4, 12240), "$": (5, 77776)}
    if char in widths:
        width, base = widths[char]
        digits = body[i + 1:i + 1 + width]
        if len(digits) != width or any(d not in _HEX for d in digits):
            raise Bad(f"{char!r} must be followed by {width} hex digits, found {digits!r}")
        return int(digits, 16) + base, 1 + width
    if char == ".":
        return UNKNOWN, 1
    return None


def decode_number16(body: str, count: int) -> tuple[dict[int, int], str]:
    """genericDecodeNumber16: values of places 0..count-1; a letter g..z skips 1..20."""
    values: dict[int, int] = {}
    place = i = 0
    while i < len(body) and place < count:
        read = read_number16(body, i)
        if read is not None:
            values[place] = read[0]
            i += read[1]
            place += 1
        elif "g" <= body[i] <= "z":
            place += _int(body[i], 36) - 15
            i += 1
        else:
            raise Bad(f"unknown character {body[i]!r}")
    return values, body[i:]


def write_number16(value: int) -> str:
    if value == UNKNOWN:
        return "."
    if 0 <= value < 16:
        return f"{value:x}"
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    if value < 8192:
        return f"={value - 4096:03x}"
    if value < 12240:
        return f"@{value - 8192:03x}"
    if value < 77776:
        return f"*{value - 12240:04x}"
    if value < 1126352:
        return f"${value - 77776:05x}"
    raise Bad(f"{value} is too large for a puzz.link number")


def encode_number16(values: dict[int, int], count: int) -> str:
    """genericEncodeNumber16: a skip letter covers up to 20 empty places."""
    out, empty = [], 0
    for place in range(count):
        text = write_number16(values[place]) if place in values else ""
        if not text:
            empty += 1
        if empty and (text or empty == 20):
            out.append(B36[15 + empty])
            empty = 0
        out.append(text)
    if empty:
        out.append(B36[15 + empty])
    return "".join(out)


def decode_number10(body: str, count: int) -> tuple[dict[int, int], str]:
    values: dict[int, int] = {}
    place = i = 0
    while i < len(body):
        char = body[i]
        if char == ".":
            values[place] = UNKNOWN
        elif "0" <= char <= "9":
            values[place] = int(char)
        elif "a" <= char <= "z":
            place += int(char, 36) - 10
        else:
            raise Bad(f"unknown character {char!r}")
        place += 1
        i += 1
        if place >= count:
            break
    return values, body[i:]


def encode_number10(values: dict[int, int], count: int) -> str:
    out, empty = [], 0
    for place in range(count):
        value = values.get(place)
        text = "" if value is None else "." if value == UNKNOWN else str(value)
        if value is not None and not (value == UNKNOWN or 0 <= value <= 9):
            raise Bad(f"{value} is above 9, which this address cannot hold")
        if not text:
            empty += 1
        if empty and (text or empty == 26):
            out.append(B36[9 + empty])
            empty = 0
        out.append(text)
    if empty:
        out.append(B36[9 + empty])
    return "".join(out)


def decode_4cell(body: str, count: int) -> tuple[dict[int, int], str]:
    """decode4Cell (also decode4Cross over the grid points): 0..4, with skips folded in."""
    values: dict[int, int] = {}
    place = i = 0
    while i < len(body):
        char = body[i]
        if "0" <= char <= "4":
            values[place] = int(char)
        elif "5" <= char <= "9":
            values[place] = int(char) - 5
            place += 1
        elif "a" <= char <= "e":
            values[place] = int(char, 16) - 10
            place += 2
        elif "g" <= char <= "z":
            place += int(char, 36) - 16
        elif char == ".":
            values[place] = UNKNOWN
        elif char != "f":
            raise Bad(f"unknown character {char!r}")
        place += 1
        i += 1
        if place >= count:
            break
    return values, body[i:]


def encode_4cell(values: dict[int, int], count: int) -> str:
    out, empty, place = [], 0, 0
    while place < count:
        value = values.get(place)
        text = ""
        if value is not None and value >= 0:
            if value > 4:
                raise Bad(f"{value} is above 4, which this address cannot hold")
            if place + 1 < count and values.get(place + 1) is not None:
                text = str(value)
            elif place + 2 < count and values.get(place + 2) is not None:
                text = str(5 + value)
                place += 1
            else:
                text = f"{10 + value:x}"
                place += 2
        elif value == UNKNOWN:
            text = "."
        else:
            empty += 1
        if empty == 0:
            out.append(text)
        elif text or empty == 20:
            out.append(B36[empty + 15] + text)
            empty = 0
        place += 1
    if empty:
        out.append(B36[empty + 15])
    return "".join(out)


def decode_number36(body: str, count: int) -> tuple[dict[int, int], str]:
    """pzprjs's decodeHitori: a base-36 digit a cell, `-` and two for 36..1295, `%` or `@`
    a `?`, anything else (`.`) an empty cell."""
    values: dict[int, int] = {}
    place = i = 0
    while i < len(body) and place < count:
        char = body[i]
        if char in B36:
            values[place] = int(char, 36)
        elif char == "-":
            values[place] = _int(body[i + 1:i + 3], 36)
            i += 2
        elif char in "%@":
            values[place] = UNKNOWN
        place += 1
        i += 1
    return values, body[i:]


def encode_number36(values: dict[int, int], count: int) -> str:
    out = []
    for place in range(count):
        value = values.get(place)
        if value is None:
            out.append(".")
        elif value == UNKNOWN:
            out.append("@")
        elif 0 <= value < 36:
            out.append(B36[value])
        elif value < 1296:
            out.append("-" + B36[value // 36] + B36[value % 36])
        else:
            raise Bad(f"{value} is too large for this address (at most 1295)")
    return "".join(out)


# --- one kind of mark per cell: decode1Cell and decodeBinary --------------------------------

def decode_1cell(body: str, count: int) -> tuple[set[int], str]:
    """decode1Cell: `0`..`h` marks a cell and skips 0..17 more, `i`..`z` skips 1..18."""
    marked: set[int] = set()
    place = i = 0
    while i < len(body):
        value = _int(body[i], 36)
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
        bits = _int(char, 32)
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
        digit = _int(body[index], 27)
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
        bits = _int(char, 32)
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


# --- arrows with numbers -------------------------------------------------------------------

ARROW_OF = {1: "n", 2: "s", 3: "w", 4: "e"}  # pzprjs's qdir: UP, DN, LT, RT
QDIR_OF = {name: qdir for qdir, name in ARROW_OF.items()}


def decode_arrow_number16(body: str, count: int) -> tuple[dict[int, tuple[int, int]], str]:
    """decodeArrowNumber16: per place (direction, number); number -2 for `?`."""
    values: dict[int, tuple[int, int]] = {}
    place = i = 0
    while i < len(body):
        char = body[i]
        if "0" <= char <= "4":
            following = body[i + 1:i + 2]
            if not following:
                raise Bad("the address ends inside an arrow clue")
            values[place] = (int(char), UNKNOWN if following == "." else _int(following, 16))
            i += 1
        elif "5" <= char <= "9":
            values[place] = (int(char) - 5, _int(body[i + 1:i + 3], 16))
            i += 2
        elif char == "-":
            values[place] = (_int(body[i + 1:i + 2], 16), _int(body[i + 2:i + 5], 16))
            i += 4
        elif "a" <= char <= "z":
            place += int(char, 36) - 10
        else:
            raise Bad(f"unknown character {char!r}")
        place += 1
        i += 1
        if place >= count:
            break
    return values, body[i:]


def encode_arrow_number16(values: dict[int, tuple[int, int]], count: int) -> str:
    out, empty = [], 0
    for place in range(count):
        text = ""
        if place in values:
            direction, number = values[place]
            if number == UNKNOWN:
                text = f"{direction}."
            elif 0 <= number < 16:
                text = f"{direction}{number:x}"
            elif number < 256:
                text = f"{direction + 5}{number:02x}"
            elif number < 4096:
                text = f"-{direction}{number:03x}"
            else:
                raise Bad(f"{number} is too large for an arrow clue")
        else:
            empty += 1
        if empty and (text or empty == 26):
            out.append(B36[empty + 9])
            empty = 0
        out.append(text)
    if empty:
        out.append(B36[empty + 9])
    return "".join(out)


# --- the outside numbers (decodeNumber16ExCell) ------------------------------------------

def decode_excells(body: str, count: int) -> tuple[dict[int, int], str]:
    values: dict[int, int] = {}
    place = i = 0
    while i < len(body):
        char = body[i]
        if char in _HEX:
            values[place] = int(char, 16)
        elif char == "-":
            values[place] = _int(body[i + 1:i + 3], 16)
            i += 2
        elif char == ".":
            values[place] = UNKNOWN
        elif "g" <= char <= "z":
            place += int(char, 36) - 16
        else:
            raise Bad(f"unknown character {char!r}")
        place += 1
        i += 1
        if place >= count:
            break
    return values, body[i:]


# --- blocks with two sums (pzprjs's cells of kind 51) ---------------------------------------

def sum_value(char: str) -> int:
    """pzprjs's decval: 0-9 a-j (0..19), A-Z (20..45); anything else no sum (-1)."""
    if char.isdigit() or "a" <= char <= "j":
        return int(char, 36)
    if "A" <= char <= "Z":
        return int(char, 36) + 10
    return -1


def sum_char(value: int) -> str:
    """pzprjs's encval."""
    if 0 <= value <= 19:
        return B36[value]
    if 20 <= value <= 45:
        return B36[value - 10].upper()
    if value < 0:
        return "-"
    raise Bad(f"a sum of {value} is above 45, which this address cannot hold")


Decode = Callable[[str, int], tuple[dict[int, int], str]]


def refuse(source: str, line: int, problem: str) -> InputError:
    return InputError(source, f"puzz.link address: {problem}", line)
