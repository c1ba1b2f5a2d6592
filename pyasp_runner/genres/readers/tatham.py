"""Simon Tatham's game ID of numbers around a square grid and in its cells, read into
`Layers` and written back (`%! tatham GAME`).

The ID is `N:` (the grid is N x N; a difficulty like `de` may follow N), then the clues of
the outside layer's sides in the order top, bottom, left, right, N per side, separated by
`/` (an empty entry is no clue), then optionally `,` and the given numbers of the cells
row by row: a number for a given (numbers that meet are separated by `_`), a letter
`a`..`z` for a run of 1..26 empty cells. Each number is from 1 to N. The ID may come
however a player pasted it (`pyasp_runner.tatham`: wrapped, as the game's web address,
as a save file); a `#` line is a comment.
"""

from __future__ import annotations

import re
from math import isqrt

from ...errors import InputError
from ...numerals import NATURAL, integer, is_digits, is_integer, natural
from ...tatham import tatham_game_id
from .. import vocabulary as words
from ..layers import Layers, empty
from ..statements import Header

_ID = re.compile(rf"\s*({NATURAL})\s*(?:d[a-z])?\s*:(.*)", re.DOTALL)
_GRID_TOKEN = re.compile(rf"[a-z]|_|{NATURAL}|.", re.DOTALL)


EXAMPLE = "4:2/2/1/3/..."


def sides(header: Header) -> list[str]:
    """The outside layer's sides in the ID's order."""
    return [side for side in words.SIDES if side in header.sides]


def read(text: str, source: str, header: Header) -> Layers:
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.strip().startswith("#")]
    if not lines:
        raise InputError(source, "empty file: no puzzle in it")
    assert header.tatham is not None
    number, line = tatham_game_id(lines, source, EXAMPLE, header.tatham)
    match = _ID.fullmatch(line)
    if not match:
        raise InputError(source, f"not a format that is read (expected a game ID `N:` of "
                         f"Tatham's {header.tatham.capitalize()} then the clues separated "
                         f"by `/`, a text grid or a puzz.link address)", number)
    size = natural(match[1], source, number, "size")
    most = isqrt(header.max_size) if header.max_size else 1000
    if not 1 <= size <= most:
        raise InputError(source, f"Grid size must be between 1 and {most} (found {size})",
                         number)
    clue_part, comma, grid_part = match[2].strip().partition(",")
    layers = empty(size, size)
    _read_clues(layers, clue_part, header, source, number)
    if comma:
        _read_cells(layers, grid_part, source, number)
    return layers


def _read_clues(layers: Layers, text: str, header: Header, source: str, line: int) -> None:
    size = layers.rows
    entries = text.split("/")
    order = sides(header)
    wanted = len(order) * size
    if len(entries) != wanted:
        few = "few" if len(entries) < wanted else "many"
        raise InputError(source, f"Too {few} clues for grid size (expected {wanted}, "
                         f"found {len(entries)})", line)
    for index, entry in enumerate(entries):
        entry = entry.strip()
        if not entry:
            continue
        side, position = order[index // size], index % size + 1
        if not is_integer(entry):
            raise InputError(source, f"clue {index + 1} ({side} {position}): expected a "
                             f"number or nothing, found {entry[:20]!r}", line)
        value = integer(entry, source, line, f"clue {index + 1} ({side} {position})")
        if not 1 <= value <= size:
            raise InputError(source, f"Clue number out of range: {value} {side} "
                             f"{position} (1..{size})", line)
        layers.outside[(side, position)] = (value,)


def _read_cells(layers: Layers, text: str, source: str, line: int) -> None:
    """The grid part: numbers are givens, a..z skip 1..26 cells, `_` separates."""
    size = layers.rows
    cell = 0
    for token in _GRID_TOKEN.findall(text.strip()):
        if token == "_":
            continue
        if "a" <= token <= "z":
            cell += ord(token) - ord("a") + 1
        elif is_digits(token):
            value = natural(token, source, line, "grid description")
            if not 1 <= value <= size:
                raise InputError(source, f"Out-of-range number in grid description: "
                                 f"{value} (1..{size})", line)
            if cell < size * size:
                layers.numbers[(cell // size + 1, cell % size + 1)] = value
            cell += 1
        else:
            raise InputError(source, f"Invalid character in game description: {token!r}",
                             line)
    if cell != size * size:
        problem = "Not enough data to fill grid" if cell < size * size \
            else "Too much data to fit in grid"
        raise InputError(source, f"{problem} ({cell} of {size * size} cells)", line)


def write(layers: Layers, header: Header) -> str:
    """The game ID of these clues (with the `,` grid part if a number is given)."""
    if layers.rows != layers.cols:
        raise ValueError(f"a {layers.rows}x{layers.cols} grid: Tatham's IDs are of square "
                         "grids")
    if layers.params:
        name, value = next(iter(layers.params.items()))
        raise ValueError(f"Tatham's IDs have no place for the {name} {value}")
    size = layers.rows
    entries = [str(layers.outside[(side, line)][0]) if (side, line) in layers.outside else ""
               for side in sides(header) for line in range(1, size + 1)]
    text = f"{size}:" + "/".join(entries)
    if layers.numbers:
        text += "," + _grid_text([layers.numbers.get((r, c)) for r in range(1, size + 1)
                                  for c in range(1, size + 1)])
    return text + "\n"


def _grid_text(cells: list[int | None]) -> str:
    parts: list[str] = []
    run = 0
    for value in [*cells, 0]:
        if value is None:
            run += 1
            continue
        while run:
            step = min(run, 26)
            parts.append(chr(ord("a") + step - 1))
            run -= step
        if value:
            if parts and parts[-1][-1].isdigit():
                parts.append("_")
            parts.append(str(value))
    return "".join(parts)
