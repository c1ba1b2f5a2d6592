"""pzprjs's shared URL decoders and encoders of numbers (robx/pzprjs, MIT:
`src/variety-common/Encode.js`), read from its source; `marks.py` has those of marks.

Each decoder takes the body still to read and returns what is left, as pzprjs's
`decodeXxx` does with `this.outbstr`; each encoder returns its part of the body. pzprjs's
cell values are its `qnum`: a number, -2 for `?` (whose meaning the header gives: an
unknown clue by default), -1 for nothing. Cells are in reading order, `(1,1)` first.
"""

from __future__ import annotations

from ...errors import InputError

UNKNOWN = -2
_HEX = "0123456789abcdef"
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


class Bad(Exception):
    """A body that does not decode; the reader names the address's line."""


def parse_number(text: str, base: int) -> int:
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
            place += parse_number(body[i], 36) - 15
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
            values[place] = parse_number(body[i + 1:i + 3], 36)
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


# --- arrows with numbers -------------------------------------------------------------------

ARROW_OF = {1: "n", 2: "s", 3: "w", 4: "e"}  # pzprjs's qdir: UP, DN, LT, RT
QDIR_OF = {name: qdir for qdir, name in ARROW_OF.items()}


def decode_arrow_number16(body: str, count: int) -> tuple[dict[int, tuple[int, int]], str]:
    """decodeArrowNumber16: per place (direction, number); number -2 for `?`, and for
    `+` (pzprjs's clue cell without a number or an arrow)."""
    values: dict[int, tuple[int, int]] = {}
    place = i = 0
    while i < len(body):
        char = body[i]
        if char == "+":
            values[place] = (0, UNKNOWN)
        elif "0" <= char <= "4":
            following = body[i + 1:i + 2]
            if not following:
                raise Bad("the address ends inside an arrow clue")
            number = UNKNOWN if following == "." else parse_number(following, 16)
            values[place] = (int(char), number)
            i += 1
        elif "5" <= char <= "9":
            values[place] = (int(char) - 5, parse_number(body[i + 1:i + 3], 16))
            i += 2
        elif char == "-":
            values[place] = (parse_number(body[i + 1:i + 2], 16),
                             parse_number(body[i + 2:i + 5], 16))
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
            values[place] = parse_number(body[i + 1:i + 3], 16)
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


def refuse(source: str, line: int, problem: str) -> InputError:
    return InputError(source, f"puzz.link address: {problem}", line)
