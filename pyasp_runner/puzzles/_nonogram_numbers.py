"""Nonogram files of clue lines in plain numbers: `.non` (keyword lines and sections),
`.nin`, `.mk`, `.cwd`, SPOJ JCROSS and a puzzlekit dataset record.
"""

from __future__ import annotations

import re

from ..errors import InputError
from ..numerals import integer, is_integer
from ._nonogram_clues import Clue, NonogramClues, read_runs, side

# --- .non files: keyword lines, `rows` and `columns` sections of comma-separated runs -----

NON_CLUE = re.compile(r"[0-9\s,+\-\u2212]*|\?")
KEYWORD = re.compile(r"([A-Za-z_][\w-]*)\s*(.*)")


def read_non(lines: list[tuple[int, str]], source: str, blank: set[int]) -> NonogramClues:
    """A `.non` file from its content `lines`; `blank` are the numbers of its blank lines,
    which some collections use for a line without black cells (they count as such only
    where a section is short by exactly that many). Without `width` and `height` lines
    the clues of the `columns` and `rows` sections are counted for them."""
    sizes: dict[str, tuple[int, int]] = {}
    sections: dict[str, list[tuple[int, Clue]]] = {}
    headers: dict[str, int] = {}
    goal: str | None = None
    current: str | None = None
    for number, text in lines:
        if NON_CLUE.fullmatch(text):
            if current is None:
                raise InputError(source, f"clue {text!r} outside a rows or columns section",
                                 number)
            sections[current].append((number, read_runs(text, source, number)))
            continue
        match = KEYWORD.fullmatch(text)
        if not match:
            raise InputError(source, f"unknown line {text!r} (expected a keyword or runs like "
                             f"3,1,2)", number)
        keyword, value = match.group(1).lower(), match.group(2).strip().removeprefix(":").strip()
        current = None
        if keyword in ("width", "height") or (keyword in ("rows", "columns") and value):
            # `columns 10` and `rows 11` are another way to write width and height.
            size = {"rows": "height", "columns": "width"}.get(keyword, keyword)
            sizes[size] = (side(value, size, source, number), number)
        elif keyword in ("rows", "columns"):
            if keyword in sections:
                raise InputError(source, f"a second {keyword} section", number)
            current = keyword
            sections[keyword] = []
            headers[keyword] = number
        elif keyword == "goal":
            bits = value.strip('"')
            goal = bits if bits and set(bits) <= {"0", "1"} else None
        # Other keywords (catalogue, title, by, copyright, license, ...) are metadata.
    if not sizes and "rows" in sections and "columns" in sections:
        # No size lines at all (NonoGeek's `ROWS:`/`COLUMNS:` files): each section's clues
        # count its lines, a blank line being spacing there. (One size line without the
        # other is a line lost, and refused below.)
        for size, keyword in (("width", "columns"), ("height", "rows")):
            count = len(sections[keyword])
            sizes[size] = (side(str(count), size, source, headers[keyword]), headers[keyword])
    for keyword in ("width", "height", "rows", "columns"):
        if keyword not in (sizes if keyword in ("width", "height") else sections):
            raise InputError(source, f"no {keyword} line: a .non file needs width, height, "
                             f"rows and columns", lines[-1][0])
    width, height = sizes["width"][0], sizes["height"][0]
    for keyword, count, kind in (("columns", width, "column"), ("rows", height, "row")):
        found = _with_blank_lines(sections[keyword], headers[keyword], blank, count)
        sections[keyword] = found
        if len(found) != count:
            at = found[min(len(found), count)][0] if len(found) > count else (
                found[-1][0] if found else sizes["width" if kind == "column" else "height"][1])
            many = "many" if len(found) > count else "few"
            hint = f" (write 0 for a {kind} without black cells)" if many == "few" else ""
            raise InputError(source, f"too {many} {kind} specifications: {len(found)} given, "
                             f"{'width' if kind == 'column' else 'height'} is {count}{hint}",
                             at)
    if goal is not None and len(goal) != width * height:
        goal = None
    clue_lines = {(kind, index): number
                  for keyword, kind in (("columns", "column"), ("rows", "row"))
                  for index, (number, _) in enumerate(sections[keyword], start=1)}
    return NonogramClues(width, height, [clue for _, clue in sections["columns"]],
                 [clue for _, clue in sections["rows"]], goal=goal, line=lines[0][0],
                 clue_lines=clue_lines)


def _with_blank_lines(found: list[tuple[int, Clue]], header: int, blank: set[int],
                      count: int) -> list[tuple[int, Clue]]:
    """The clues of a section, with the blank lines between its header and its last clue
    as empty clues when the section is short by exactly their number. Blank lines after
    its last clue are spacing: a section short of a line there is short of a line (a
    deleted clue line must not turn the blank line after it into an empty line)."""
    last = found[-1][0] if found else header
    inside = [number for number in blank if header < number < last]
    if len(found) < count and len(found) + len(inside) == count:
        return sorted(found + [(number, []) for number in inside])
    return found


# --- Plain numbers: .nin (Jakub Wilk), SPOJ JCROSS, a puzzlekit dataset record ------------

_PLAIN_CLUE = re.compile(r"[0-9\s,]*")


def read_nin(lines: list[tuple[int, str]], source: str, blank: set[int]) -> NonogramClues:
    """Jakub Wilk's `.nin`: `W H`, then the H row clues, then the W column clues."""
    number, first = lines[0]
    width, height = _two_sides(first, ("width", "height"), source, number)
    rows, columns = _clue_blocks(lines, blank, [(height, "row"), (width, "column")], source)
    return NonogramClues(width, height, columns, rows, line=number)


def read_mk(lines: list[tuple[int, str]], source: str, blank: set[int],
            separator: int) -> NonogramClues:
    """Olšák's `.mk` (as pbnsolve reads it): `H W` (rows first), the H row clues, a line
    `#` (line `separator`), then the W column clues; `0` or a blank line an empty clue."""
    number, first = lines[0]
    height, width = _two_sides(first, ("rows", "columns"), source, number)
    before = [line for line in lines if line[0] < separator]
    after = [line for line in lines if line[0] > separator]
    (rows,) = _clue_blocks(before, blank, [(height, "row")], source)
    (columns,) = _clue_blocks([(separator, "#"), *after], blank, [(width, "column")], source)
    return NonogramClues(width, height, columns, rows, line=number)


def read_cwd(raw: list[tuple[int, str]], source: str) -> NonogramClues:
    """Meshcheryakov's and Sukhoy's `.cwd` (as pbnsolve reads it): the number of rows H on
    a line, the number of columns W on the next, the H row clues (one a line, `0` or a
    blank line an empty clue), a blank line, then the W column clues. `raw` is every line
    after comments are left out, blank ones too, from the first size line on."""
    (number, first), (second_line, second) = raw[0], raw[1]
    height = side(first.strip(), "rows", source, number)
    width = side(second.strip(), "columns", source, second_line)
    body = raw[2:]
    if len(body) > height and body[height][1].strip():
        raise InputError(source, f"expected the blank line between the {height} row clues "
                         f"and the column clues, found {body[height][1].strip()!r}",
                         body[height][0])
    if len(body) < height + 1 + width:
        last = body[-1][0] if body else second_line
        raise InputError(source, f"too few lines: {height} row clues, a blank line and "
                         f"{width} column clues expected after the size lines", last)
    extra = [line for line in body[height + 1 + width:] if line[1].strip()]
    if extra:
        raise InputError(source, f"too many clue lines: {height} rows + {width} columns "
                         "expected", extra[0][0])
    clues = []
    for kind, part in (("row", body[:height]), ("column", body[height + 1:height + 1 + width])):
        found = []
        for index, (at, text) in enumerate(part, start=1):
            text = text.strip() or "0"
            if not _PLAIN_CLUE.fullmatch(text):
                raise InputError(source, f"{kind} {index}: expected run lengths like 3 1 2, "
                                 f"found {text!r}", at)
            found.append(read_runs(text, source, at))
        clues.append(found)
    return NonogramClues(width, height, clues[1], clues[0], line=number)


def read_jcross(lines: list[tuple[int, str]], source: str, blank: set[int]) -> NonogramClues:
    """SPOJ JCROSS: the number of puzzles (1 here), `R C`, then the R row clues and the C
    column clues, each line ending with a 0."""
    number, count = lines[0]
    puzzles = integer(count.strip(), source, number, "the number of puzzles")
    if puzzles != 1:
        raise InputError(source, f"{puzzles} puzzles in one JCROSS input: give one "
                         "(the first line says how many)", number)
    if len(lines) < 2:
        raise InputError(source, "no `R C` line after the number of puzzles", number)
    size_line, size = lines[1]
    height, width = _two_sides(size, ("rows", "columns"), source, size_line)
    body = []
    for at, text in lines[2:]:
        fields = text.replace(",", " ").split()
        if not fields or not is_integer(fields[-1]) or integer(fields[-1], source, at, "end") != 0:
            raise InputError(source, "a JCROSS clue line ends with 0", at)
        body.append((at, " ".join(fields[:-1]) or "0"))
    rows, columns = _clue_blocks([(size_line, size), *body], set(),
                                 [(height, "row"), (width, "column")], source)
    return NonogramClues(width, height, columns, rows, line=size_line)


def read_puzzlekit(text: str, source: str, line: int) -> NonogramClues:
    """A record of the puzzlekit dataset: a JSON object whose `problem` is `R C`, the C
    column clues, then the R row clues (as puzzlekit's own parser reads it); its
    `solution` (rows of `x` and `-`) is kept as the known goal."""
    import json  # only here: most inputs are no JSON

    try:
        record = json.loads(text)
    except ValueError as error:
        raise InputError(source, f"not a JSON record: {error}", line) from None
    if not isinstance(record, dict) or not isinstance(record.get("problem"), str):
        where = "a dataset of several puzzles" if isinstance(record, dict) and "data" in record \
            else "a JSON value"
        raise InputError(source, f"{where} without a \"problem\" text: give one puzzlekit "
                         "record, {\"problem\": \"R C\\n...\"}", line)
    problem = [(line, text.strip()) for text in record["problem"].splitlines()]
    blank = {index for index, (_, text) in enumerate(problem) if not text}
    numbered = [(index + 1, text) for index, (_, text) in enumerate(problem)]
    height, width = _two_sides(numbered[0][1], ("rows", "columns"), source, line)
    columns, rows = _clue_blocks([entry for entry in numbered if entry[1]],
                                 {i + 1 for i in blank}, [(width, "column"), (height, "row")],
                                 source, at=line)
    goal = None
    solution = record.get("solution")
    if isinstance(solution, str):
        cells = "".join(solution.split("\n", 1)[1:]).split()
        if len(cells) == width * height and set(cells) <= {"x", "-"}:
            goal = "".join("1" if cell == "x" else "0" for cell in cells)
    return NonogramClues(width, height, columns, rows, goal=goal, line=line)


def _two_sides(text: str, names: tuple[str, str], source: str, line: int) -> tuple[int, int]:
    fields = text.replace(",", " ").split()
    if len(fields) != 2:
        raise InputError(source, f"expected a size line `{names[0].upper()[0]} "
                         f"{names[1].upper()[0]}` ({names[0]} and {names[1]}), found "
                         f"{text!r}", line)
    return (side(fields[0], names[0], source, line), side(fields[1], names[1], source, line))


def _clue_blocks(lines: list[tuple[int, str]], blank: set[int],
                 blocks: list[tuple[int, str]], source: str,
                 at: int | None = None) -> tuple[list[Clue], ...]:
    """The clue lines after the size line, cut into the given blocks (count, kind). A blank
    line counts as an empty clue when the clues are short by exactly the blank lines."""
    header = lines[0][0]
    found = [(number, text) for number, text in lines[1:]]
    needed = sum(count for count, _ in blocks)
    last = found[-1][0] if found else header
    inside = sorted(number for number in blank if header < number < last)
    if len(found) < needed and len(found) + len(inside) == needed:
        found = sorted(found + [(number, "0") for number in inside])
    if len(found) != needed:
        many = "many" if len(found) > needed else "few"
        where = found[needed][0] if len(found) > needed else last
        raise InputError(source, f"too {many} clue lines: {len(found)} given, "
                         + " + ".join(f"{count} {kind}s" for count, kind in blocks)
                         + " expected (write 0 for a line without black cells)",
                         at if at is not None else where)
    out, start = [], 0
    for count, kind in blocks:
        clues = []
        for index, (number, text) in enumerate(found[start:start + count], start=1):
            where = at if at is not None else number
            if not _PLAIN_CLUE.fullmatch(text):
                raise InputError(source, f"{kind} {index}: expected run lengths like 3 1 2, "
                                 f"found {text!r}", where)
            clues.append(read_runs(text, source, where))
        out.append(clues)
        start += count
    return tuple(out)
