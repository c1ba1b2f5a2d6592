"""Nonogram files in sections or markup: nonogrid's clue files (`[clues]`), webpbn's XML
export and Gnonograms' `.gno`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..errors import InputError
from ._nonogram_clues import Clue, NonogramClues, read_runs, run_length, side

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element


# --- nonogrid's clue files: [clues] columns = ..., rows = ... -----------------------------

_SECTION = re.compile(r"\[\s*([A-Za-z_]\w*)\s*\]")
_ASSIGNMENT = re.compile(r"([A-Za-z_]\w*)\s*=\s*(.*)")
_COMMENT = re.compile(r"\s[#;].*|^[#;].*")


def read_nonogrid(text: str, source: str) -> NonogramClues:
    """tsionyx/nonogrid's clue file, the subset its own reader takes: a `[clues]` section
    with `columns` and `rows`, each a `\"\"\"` string, a quoted string or bare text going on
    over the following lines; clues separated by commas or line ends, a clue's runs by
    spaces, a clue in quotes (`'1 1'`) read alike; `#` and `;` start comments; `0` is an
    empty line. Colour sections with definitions and colour suffixes (`2r`) are refused."""
    section = None
    values: dict[str, tuple[int, list[str]]] = {}
    current: str | None = None
    in_string = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_string:
            assert current is not None  # a string is only opened after its key
            end = line.find('"""')
            values[current][1].append(line[:end] if end >= 0 else line)
            in_string = end < 0
            continue
        if not line or line[0] in "#;":
            continue
        header = _SECTION.fullmatch(line)
        if header:
            section, current = header.group(1).lower(), None
            continue
        assignment = _ASSIGNMENT.fullmatch(line)
        if assignment:
            key, value = assignment.group(1).lower(), assignment.group(2).strip()
            current = None
            if section == "colors":
                if key == "defs" and value not in ("[]", "[ ]"):
                    raise InputError(source, "a colour nonogram (colour definitions): only "
                                     "black-and-white nonograms are solved", number)
                continue
            if section != "clues" or key not in ("columns", "rows"):
                raise InputError(source, f"unknown key {key!r} in [{section}] (expected "
                                 "columns and rows in [clues])", number)
            if key in values:
                raise InputError(source, f"{key}: given twice", number)
            current = key
            values[key] = (number, [])
            if value.startswith('"""'):
                rest = value[3:]
                end = rest.find('"""')
                values[key][1].append(rest[:end] if end >= 0 else rest)
                in_string = end < 0
            else:
                values[key][1].append(value)
            continue
        if current is None:
            raise InputError(source, f"unknown line {line!r} (a nonogrid file has [clues] "
                             "with columns = ... and rows = ...)", number)
        values[current][1].append(line)
    for key in ("columns", "rows"):
        if key not in values:
            raise InputError(source, f"no {key} in the [clues] section")
    columns = _nonogrid_clues(*values["columns"], "column", source)
    rows = _nonogrid_clues(*values["rows"], "row", source)
    width = side(str(len(columns)), "columns", source, values["columns"][0])
    height = side(str(len(rows)), "rows", source, values["rows"][0])
    return NonogramClues(width, height, columns, rows, line=values["columns"][0])


def _nonogrid_clues(line: int, parts: list[str], kind: str, source: str) -> list[Clue]:
    clues: list[Clue] = []
    for part in parts:
        part = _COMMENT.sub("", part).strip()
        if part.startswith(('"', "'")) and len(part) > 1 and part[-1] == part[0] \
                and part.count(part[0]) == 2:
            part = part[1:-1]  # the whole description in quotes
        entries = part.split(",")
        for index, entry in enumerate(entries):
            entry = entry.strip().strip("'\"").strip()
            if not entry and index < len(entries) - 1:
                # Only a comma that ends a line may stand alone: `7,, 1` lost a clue.
                raise InputError(source, f"{kind} {len(clues) + 1}: an empty clue between "
                                 f"commas (write 0 for a line without black cells)", line)
            if not entry:
                continue
            if not re.fullmatch(r"[0-9\s]+", entry):
                problem = ("a colour clue: only black-and-white nonograms are solved"
                           if re.search(r"[0-9][A-Za-z]", entry) else "expected runs like 1 2")
                raise InputError(source, f"{kind} {len(clues) + 1}: {problem} ({entry!r})",
                                 line)
            clues.append(read_runs(entry, source, line))
    if not clues:
        raise InputError(source, f"no {kind} clues", line)
    return clues


# --- webpbn's XML export: <puzzleset><puzzle><clues type="columns"><line><count>... ----

def read_webpbn(text: str, source: str) -> NonogramClues:
    """webpbn.com's XML export (pbn): the first `<puzzle>`'s `<clues type="columns">` and
    `<clues type="rows">`, each `<line>` of `<count>`s; a `<solution type="goal">` image is
    kept as the known goal. Only black-and-white puzzles are read. The XML is parsed with
    the standard library after refusing any entity declaration (`<!ENTITY`), so no entity
    can expand (no "billion laughs") and no external file is read."""
    import xml.etree.ElementTree as ElementTree  # only here: most inputs are no XML

    if "<!ENTITY" in text:
        raise InputError(source, "an XML entity declaration (<!ENTITY): refused, a puzzle "
                         "file needs none")
    try:
        root = ElementTree.fromstring(text.encode("utf-8"))
    except ElementTree.ParseError as error:
        raise InputError(source, f"not well-formed XML: {error}", error.position[0]) from None
    puzzle = root if root.tag == "puzzle" else root.find("puzzle")
    if puzzle is None:
        raise InputError(source, "no <puzzle> element (expected webpbn's <puzzleset>"
                         "<puzzle>...)")
    colours = [colour.get("name") for colour in puzzle.findall("color")]
    if len(set(colours) - {"white", "black"}) > 0 or puzzle.get("type", "grid") != "grid":
        raise InputError(source, "a colour or non-grid puzzle: only black-and-white "
                         "nonograms are solved")
    clues: dict[str, list[Clue]] = {}
    for block in puzzle.findall("clues"):
        kind = block.get("type")
        if kind not in ("columns", "rows") or kind in clues:
            raise InputError(source, f"unexpected <clues type={kind!r}> (one columns and "
                             "one rows block)")
        _only_children(block, "line", f"<clues type={kind!r}>", source)
        lines: list[Clue] = []
        for index, line in enumerate(block.findall("line"), start=1):
            _only_children(line, "count", f"{kind} {index}", source)
            runs = []
            for count in line.findall("count"):
                value = (count.text or "").strip()
                if count.get("color", "black") != "black":
                    raise InputError(source, f"{kind} {index}: a run of colour "
                                     f"{count.get('color')!r}: only black-and-white "
                                     "nonograms are solved")
                runs.append(run_length(value, f"{kind} {index}", source, None))
            lines.append(runs)
        clues[kind] = lines
    for kind in ("columns", "rows"):
        if not clues.get(kind):
            raise InputError(source, f"no <clues type=\"{kind}\"> with lines")
    width = side(str(len(clues["columns"])), "columns", source, None)
    height = side(str(len(clues["rows"])), "rows", source, None)
    image = puzzle.findtext("solution[@type='goal']/image") or ""
    rows = [row.strip().strip("|") for row in image.split("\n") if row.strip()]
    goal = None
    if len(rows) == height and all(len(row) == width for row in rows):
        goal = "".join("0" if cell == "." else "1" for row in rows for cell in row)
    return NonogramClues(width, height, clues["columns"], clues["rows"], goal=goal)


def _only_children(element: Element, tag: str, where: str, source: str) -> None:
    """Refuse anything in a clue block but its `tag` elements: an element or text that
    is not a clue must not be skipped (a misspelt <line> would drop a line)."""
    text = (element.text or "").strip()
    if text:
        raise InputError(source, f"{where}: unexpected text {text[:20]!r}")
    for child in element:
        if child.tag != tag or (child.tail or "").strip():
            found = child.tag if child.tag != tag else (child.tail or "").strip()[:20]
            raise InputError(source, f"{where}: unexpected {found!r} (only <{tag}> here)")


# --- Gnonograms' .gno: [Dimensions] rows, columns; [Row clues]; [Column clues] ------------

# A first line that starts a .gno file; inside one, any `[Words]` line heads a section.
GNO_SECTION = re.compile(r"\[\s*(description|license|dimensions|row clues|column clues|"
                         r"solution|solution grid)\s*\]", re.IGNORECASE)
_GNO_CLUE = re.compile(r"[0-9]+(\s*,\s*[0-9]+)*")
_GNO_HEADER = re.compile(r"\[\s*([A-Za-z][A-Za-z ]*?)\s*\]")


def read_gno(text: str, source: str) -> NonogramClues:
    """Gnonograms' `.gno` file (its `data/games`): sections headed `[Description]`,
    `[License]`, `[Dimensions]` (the number of rows, then of columns, one a line),
    `[Row clues]` and `[Column clues]` (one clue a line, runs separated by commas, `0` a
    line without black cells), `[Solution]` or `[Solution grid]` (a row a line, `1` empty
    and `2` black, kept as the known solution; the clues are counted from it where the file
    has none); other sections (`[Working grid]`, `[State]`, `[Locked]`, `[History]`, ...:
    the player's progress) are skipped."""
    sections: dict[str, list[tuple[int, str]]] = {}
    headers: dict[str, int] = {}
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        header = _GNO_HEADER.fullmatch(line)
        if header:
            current = " ".join(header.group(1).lower().split())
            current = "solution" if current == "solution grid" else current
            if current in sections:
                raise InputError(source, f"a second [{header.group(1)}] section", number)
            sections[current], headers[current] = [], number
        elif current is None:
            raise InputError(source, f"{line!r} before the first [section] of a .gno file",
                             number)
        else:
            sections[current].append((number, line))
    if "dimensions" not in sections:
        raise InputError(source, "no [Dimensions] section (the number of rows and of "
                         "columns, one a line)")
    size = sections["dimensions"]
    if len(size) != 2:
        raise InputError(source, f"[Dimensions] holds {len(size)} lines, expected 2 (the "
                         "number of rows, then of columns)", headers["dimensions"])
    height = side(size[0][1], "rows", source, size[0][0])
    width = side(size[1][1], "columns", source, size[1][0])
    goal = _gno_grid(sections.get("solution"), "[Solution]", width, height, source)
    _gno_grid(sections.get("working grid"), "[Working grid]", width, height, source)
    clues: dict[str, list[Clue]] = {}
    lines: dict[tuple[str, int], int] = {}
    for key, kind, count in (("row clues", "row", height), ("column clues", "column", width)):
        if key not in sections:
            if goal is None:
                raise InputError(source, f"no [{key.capitalize()}] section and no [Solution]")
            clues[kind] = [_runs_of(goal[i::width] if kind == "column" else
                                    goal[i * width:(i + 1) * width]) for i in range(count)]
            continue
        found = sections[key]
        if len(found) != count:
            raise InputError(source, f"{len(found)} {kind} clues, [Dimensions] says {count} "
                             f"{kind}s", found[-1][0] if found else headers[key])
        clues[kind] = []
        for index, (number, entry) in enumerate(found, start=1):
            if not _GNO_CLUE.fullmatch(entry):
                raise InputError(source, f"{kind} {index}: expected run lengths like 3,1,2, "
                                 f"found {entry!r}", number)
            clues[kind].append(read_runs(entry, source, number))
        lines.update({(kind, index): number for index, (number, _)
                      in enumerate(found, start=1)})
    board = NonogramClues(width, height, clues["column"], clues["row"], goal=goal,
                  line=headers["dimensions"], clue_lines=lines)
    return board


def _gno_grid(found: list[tuple[int, str]] | None, name: str, width: int, height: int,
              source: str) -> str | None:
    """A grid section (`[Solution]`, or the player's `[Working grid]`, where 0 is a cell
    not yet decided) as '0'/'1' row-major (1 black), or None without one."""
    if not found:
        return None
    if len(found) != height:
        raise InputError(source, f"{name} has {len(found)} rows, [Dimensions] says "
                         f"{height}", found[-1][0])
    cells_read = ("1", "2") if name == "[Solution]" else ("0", "1", "2")
    bits = []
    for number, line in found:
        cells = [cell.lstrip("0") or "0" for cell in line.split()]  # 002 is 2
        if len(cells) != width or not set(cells) <= set(cells_read):
            undecided = "0 (undecided), " if "0" in cells_read else ""
            raise InputError(source, f"a {name} row is {width} cells, each {undecided}1 "
                             "(empty) or 2 (black)", number)
        bits += ["1" if cell == "2" else "0" for cell in cells]
    return "".join(bits)


def _runs_of(bits: str) -> list[int]:
    return [len(run) for run in bits.split("0") if run]
