"""janko.at's data block, as its pages hold each puzzle (`begin`, a key a line, `end`):
read into the plain text grid the genre's header lays out, and that read as usual.

    begin
    puzzle NAME
    rows 10
    cols 10
    problem
    - 1 - - ...
    areas
    a a a b ...
    solution
    ...
    end

The grid's size is `size N`, or `rows` and `cols`. Its sections give the header's
blocks (`%! text`): `problem` the cells (or the cells with the clues between them, or
the grid points), `areas` the rooms, `clabels` the clues above and below the columns (a
line each), `rlabels` those left and right of the rows. `depth`, then `ships`, give the
genre's parameters, in order (a count per row, a largest number, a list of pieces); a
genre without parameters has none to take. A block without `problem` has no clue in a
cell (rooms without numbers), where another section gives the puzzle. Every other key
(the author, the solution, the moves) is not the puzzle and is passed over; a `puzzle`
named with a comma (`NAME, diagonals`) is one of janko.at's variants, and refused. So is
the diagonal variant (`NAME, diagonals`, `options diagonal`, `diagonals 1`), except by a
genre with the parameter `diagonals`, which it then sets to 1.

Keys may be bracketed and capitalised (`[begin]`, `[Problem]`, `[size] 7`). Collections
copy the sections without `begin` and `end`, after a size line (`7x7`, columns first) or
with no size at all: then the `problem` rows give it.
"""

from __future__ import annotations

import re

from ...errors import InputError
from ..layers import Layers
from ..statements import Header
from .textgrid import Line, read_lines, token_for

# The keys of a data block (janko.at's pages; tkoz0/janko.at-puzzle-scraping's records).
KEYS = {"begin", "end", "puzzle", "author", "solver", "source", "info", "unit", "size",
        "rows", "cols", "depth", "ships", "problem", "solution", "areas", "clabels",
        "rlabels", "moves", "title", "pattern", "patternx", "patterny", "mail", "pid",
        "options", "diagonal", "diagonals"}
# janko.at's words for the rule that each main diagonal holds every value too: a genre
# that has it takes the parameter `diagonals` (1), any other refuses the variant.
_NOT = ("", "no", "false", "-")
# The section that gives each block of the plain text grid, and which of its lines.
SECTIONS = {"cells": ("problem", None), "cells+between": ("problem", None),
            "points": ("problem", None), "rooms": ("areas", None),
            "top": ("clabels", 0), "bottom": ("clabels", 1),
            "left": ("rlabels", 0), "right": ("rlabels", 1)}
_KEY = re.compile(r"([a-z]+)_?(?:\s+(.*))?")
_BRACKETED = re.compile(r"\[\s*([A-Za-z]+)\s*\]\s*(.*)")
# A size line before sections without `begin` (`7x7`, columns first), or a `size` value.
_SIZE = re.compile(r"([0-9]+)\s*(?:[xX\u00d7]\s*([0-9]+))?", re.ASCII)


def looks_like(lines: list[Line]) -> bool:
    """janko.at's block (`begin` first), or its sections without `begin` and `end` as
    collections copy them: a `problem` section after a size line (`7x7`) or keys."""
    if not lines:
        return False
    first = _key_line(lines[0][1])
    if first is not None and first[0] == "begin":
        return True
    starts = first is not None or _SIZE.fullmatch(lines[0][1].strip()) is not None
    return starts and any((_key_line(text) or ("",))[0] == "problem" for _, text in lines)


def _key_line(text: str) -> tuple[str, str] | None:
    """A line's key of a data block and its value (`size 7`, `[Problem]`), else None."""
    key = _KEY.fullmatch(text.strip())
    if key is None:
        bracketed = _BRACKETED.fullmatch(text.strip())  # `[Problem]`, `[size] 7`
        key = _KEY.fullmatch(f"{bracketed[1].lower()} {bracketed[2]}".strip()) \
            if bracketed else None
    if key is None or key[1] not in KEYS:
        return None
    return key[1], (key[2] or "").strip()


def read(lines: list[Line], source: str, header: Header) -> Layers:
    values, sections = _block(lines, source)
    variant = values.get("puzzle", (0, ""))
    named = variant[1].partition(",")[2].strip().lower()
    diagonal = named in ("diagonal", "diagonals") and "diagonals" in header.params
    if "," in variant[1] and not diagonal:  # `NAME, VARIANT`: janko.at's name of a variant
        raise InputError(source, f"janko.at's {variant[1][:40]!r} is a variant, with rules "
                         f"of its own: not {header.genre}", variant[0])
    size_at, rows, cols = _size(values, source, lines[0][0])
    numbers = [str(rows), str(cols)]
    if header.params:
        for key in ("depth", "ships"):
            if key in values:
                numbers += values[key][1].split()
    grid: list[Line] = [(size_at, " ".join(numbers))]
    given = {SECTIONS[block.name][0] for block in header.text} & set(sections)
    for block in header.text:
        name, part = SECTIONS[block.name]
        if name not in sections:
            if block.optional:
                continue
            if block.name == "cells" and given:  # no clue in any cell: the block leaves it out
                grid += [(size_at, " ".join([token_for(header, "empty") or "-"] * cols))
                         for _ in range(rows)]
                continue
            if part is not None:  # no clue beside the grid on these sides: no labels
                grid.append((size_at, " ".join(["-"] * (cols if name == "clabels" else rows))))
                continue
            raise InputError(source, f"the data block has no '{name}' section (the "
                             f"{block.name} of this puzzle)", lines[0][0])
        section = sections[name]
        if part is None:
            grid += section
        elif part < len(section):
            grid.append(section[part])
        else:
            raise InputError(source, f"the '{name}' section has {len(section)} line(s), "
                             f"the {block.name} clues would be line {part + 1}",
                             section[-1][0] if section else lines[0][0])
    stated = {"diagonals": 1} if diagonal else _diagonals(values, source, header)
    return read_lines(grid, source, header, stated)


def _diagonals(values: dict[str, Line], source: str, header: Header) -> dict[str, int]:
    """`options diagonal` or `diagonals 1`: the parameter `diagonals` of a genre that has
    it; a genre without it refuses janko.at's variant."""
    said = [values[key] for key in ("diagonal", "diagonals")
            if key in values and _yes(values[key][1])]
    if "options" in values and any(word in ("diagonal", "diagonals") for word in
                                   values["options"][1].lower().split()):
        said.append(values["options"])
    if not said:
        return {}
    if "diagonals" not in header.params:
        raise InputError(source, f"janko.at's diagonal variant has rules of its own: not "
                         f"{header.genre}", said[0][0])
    return {"diagonals": 1}


def _block(lines: list[Line], source: str) -> tuple[dict[str, Line], dict[str, list[Line]]]:
    """The block's keys with their values (and lines), and its sections' rows."""
    values: dict[str, Line] = {}
    sections: dict[str, list[Line]] = {}
    current: list[Line] | None = None
    begun = (_key_line(lines[0][1]) or ("",))[0] == "begin"
    start = 1  # after `begin`, or after the size line of sections without it (`7x7`)
    if not begun and _SIZE.fullmatch(lines[0][1].strip()):
        values["size"] = lines[0]
    elif not begun:
        start = 0  # a key first (`size 7`, `[Problem]`)
    for number, text in lines[start:]:
        key = _key_line(text)
        if key is None:
            if current is None:
                raise InputError(source, f"{text[:40]!r} is no key of a data block", number)
            current.append((number, text))
            continue
        name, value = key
        if name == "end":
            return values, sections
        if value:
            values[name] = (number, value)
            current = None
        else:
            current = sections.setdefault(name, [])
            values[name] = (number, "")
    if not begun:  # sections copied without `begin` and `end`: the size may go unsaid
        problem = sections.get("problem")
        if problem and not ({"size", "rows"} & set(values)):
            values["rows"] = (problem[0][0], str(len(problem)))
            values["cols"] = (problem[0][0], str(len(problem[0][1].split())))
        return values, sections
    raise InputError(source, "the data block has no 'end' line", lines[-1][0])


def _size(values: dict[str, Line], source: str, begin: int) -> tuple[int, int, int]:
    """The line of the grid's size, and its rows and columns."""
    def number(key: str) -> int:
        line, text = values[key]
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1000:
            raise InputError(source, f"{key}: expected a whole number 1..1000, found "
                             f"{text[:20]!r}", line)
        return int(text)

    if "rows" in values and "cols" in values:
        return values["rows"][0], number("rows"), number("cols")
    if "size" in values:
        line, text = values["size"]
        sized = _SIZE.fullmatch(text.strip())
        if sized and sized[2]:  # `7x9`: 7 columns, 9 rows
            values.update(cols=(line, sized[1]), rows=(line, sized[2]))
            return line, number("rows"), number("cols")
        return line, number("size"), number("size")
    raise InputError(source, "the data block gives no size ('size N', or 'rows' and 'cols')",
                     begin)


def _yes(text: str) -> bool:
    """A value that turns the rule on: a number but 0 (the letters' count, as some blocks
    write it), `yes`; not `no`, `false`, `-`."""
    flag = text.strip().lower()
    return int(flag) != 0 if flag.isascii() and flag.isdigit() else flag not in _NOT
