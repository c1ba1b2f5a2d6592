"""puzz.link addresses: the URL encoding of pzprjs, for the puzzles that have one there.

A pzprjs address is `https://puzz.link/p?GENRE/COLS/ROWS/BODY`; the same is read from
pzv.jp (`http://pzv.jp/p.html?...`), pzprxs and any other host, with pzprjs's optional
`type=...&` parameters and `_edit`/`_play` suffixes (as robx/pzprjs's
`src/pzpr/parser.js` reads them). Each puzzle module names the genres it reads and
decodes the body (its docstring says how); this module holds what they share:

- numbers as pzprjs's "number16" (`src/variety-common/Encode.js`): one hex digit 0-f,
  `-` and two hex digits, `+` and three; a letter `g`..`z` skips 1..20 empty places;
  `.` (a `?`) is refused, as none of our puzzles has an unknown clue;
- clues on the four sides of a square grid (pzprjs's `hasexcell: 2`, `src/puzzle/Board.js`):
  top and bottom left to right, left and right top to bottom, then, if the address goes
  on, the cells (`decodeNumber16`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import InputError
from ..numerals import is_digits, natural

WRITE_HOST = "https://puzz.link/p?"
MAX_SIDE = 1000
# An address, with or without its scheme, whose query names a pzprjs genre.
_ADDRESS = re.compile(r"(?:[a-z][\w+.-]*://)?[^\s?#/]*(?:/[^\s?#]*)?\?(?P<query>\S+)",
                      re.IGNORECASE)
_PARAMETER = re.compile(r"\w+=\w+&")


class Address(NamedTuple):
    """A pzprjs address taken apart: the genre (pzprjs's own name), size and encoded body."""

    genre: str  # as written in the address
    cols: int
    rows: int
    body: str


def looks_like_address(text: str) -> bool:
    """True for a web address whose query starts like a pzprjs puzzle (`?name/`)."""
    match = _ADDRESS.fullmatch(text.strip())
    if not match:
        return False
    query = _PARAMETER.sub("", match.group("query"))
    return "/" in query and query.split("/", 1)[0].replace("_edit", "").replace(
        "_play", "").isidentifier()


def read_address(text: str, source: str, line: int, genres: tuple[str, ...]) -> Address:
    """The address in `text`, checked to be of one of `genres` (pzprjs's names)."""
    match = _ADDRESS.fullmatch(text.strip())
    if not match:
        raise InputError(source, f"expected a puzz.link address like "
                         f"{WRITE_HOST}{genres[0]}/5/5/...", line)
    from urllib.parse import unquote  # only here: most inputs are no web address

    query = _PARAMETER.sub("", unquote(match.group("query")))
    name, _, rest = query.partition("/")
    name = re.sub(r"_(edit|play)$", "", name)
    if name not in genres:
        raise InputError(source, f"a puzz.link address of {name!r}, not of "
                         f"{' or '.join(genres)}", line)
    parts = rest.split("/")
    if parts and parts[0].startswith("v:"):
        raise InputError(source, f"the variant {parts[0][2:]!r} of {name} is not read", line)
    if len(parts) < 3 or not (is_digits(parts[0]) and is_digits(parts[1])):
        raise InputError(source, f"expected {name}/COLS/ROWS/... after the '?', found "
                         f"{query[:60]!r}", line)
    cols, rows = (_side(part, source, line) for part in parts[:2])
    return Address(name, cols, rows, "/".join(parts[2:]).rstrip("/"))


def _side(text: str, source: str, line: int) -> int:
    return natural(text, source, line, "size", 1, MAX_SIDE)


# --- number16: pzprjs's numbers and skips ---------------------------------------------------

EMPTY = None  # a place without a number
_WIDTHS = {"-": 2, "+": 3}


def decode_numbers(body: str, count: int, source: str, line: int,
                   what: str) -> tuple[list[int | None], str]:
    """`count` places (numbers or None) from the start of `body`, and the rest of `body`.

    Read as pzprjs's decodeNumber16ExCell and decodeNumber16 read it: the places end
    when `count` are filled; a skip past the end just fills them.
    """
    values: list[int | None] = []
    index = 0
    while index < len(body) and len(values) < count:
        char = body[index]
        if char in "0123456789abcdef":
            values.append(int(char, 16))
            index += 1
        elif char in _WIDTHS:
            digits = body[index + 1:index + 1 + _WIDTHS[char]]
            if len(digits) != _WIDTHS[char] or not all(d in "0123456789abcdef" for d in digits):
                raise InputError(source, f"{what}: {char!r} must be followed by "
                                 f"{_WIDTHS[char]} hex digits, found {digits!r}", line)
            values.append(int(digits, 16))
            index += 1 + _WIDTHS[char]
        elif "g" <= char <= "z":
            values.extend([EMPTY] * min(ord(char) - ord("f"), count - len(values)))
            index += 1
        elif char == ".":
            raise InputError(source, f"{what}: a '?' (unknown number) is not a clue of this "
                             "puzzle", line)
        else:
            raise InputError(source, f"{what}: unknown character {char!r} in the address",
                             line)
    if len(values) < count:
        raise InputError(source, f"{what}: the address ends after {len(values)} of "
                         f"{count} places", line)
    return values, body[index:]


def encode_numbers(values: list[int | None]) -> str:
    """The places as pzprjs's genericEncodeNumber16 writes them (a skip covers up to 20)."""
    out, empty = [], 0
    for value in values:
        if value is None:
            empty += 1
            if empty == 20:
                out.append("z")
                empty = 0
            continue
        if empty:
            out.append(chr(ord("f") + empty))
            empty = 0
        out.append(_number(value))
    if empty:
        out.append(chr(ord("f") + empty))
    return "".join(out)


def _number(value: int) -> str:
    if 0 <= value < 16:
        return f"{value:x}"
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    raise ValueError(f"{value} is too large for a puzz.link clue")


def address(genre: str, cols: int, rows: int, body: str) -> str:
    return f"{WRITE_HOST}{genre}/{cols}/{rows}/{body}"


# --- Square grids with clues on four sides, then optional givens ---------------------------

def read_sides(found: Address, source: str, line: int,
               body: str) -> tuple[list[int | None], list[int | None]]:
    """The 4N side clues (top, bottom, left, right) and the N*N cells (None: empty)."""
    if found.cols != found.rows:
        raise InputError(source, f"a {found.cols}x{found.rows} grid: this puzzle's grid is "
                         "square", line)
    size = found.cols
    sides, rest = decode_numbers(body, 4 * size, source, line, "side clues")
    cells: list[int | None] = [None] * (size * size)
    if rest:
        cells, rest = decode_numbers(rest, size * size, source, line, "given cells")
        if rest:
            raise InputError(source, f"unexpected {rest[:20]!r} after the given cells", line)
    return sides, cells


def write_sides(genre: str, size: int, sides: list[int | None], cells: list[int | None],
                prefix: str = "") -> str:
    body = prefix + encode_numbers(sides)
    if any(value is not None for value in cells):
        body += encode_numbers(cells)
    return address(genre, size, size, body)
