"""Nonogram rules: every clued row and column shows exactly its runs; given cells kept.

Reads every input format with its own small reader (Tatham ID, pair of lists, `.non`,
puzz.link address, `.nin`, `.mk`, `.cwd`, JCROSS, puzzlekit record, nonogrid file, webpbn
XML, Gnonograms' `.gno`, Rosetta Code's letters); `?` marks a line without a clue.
"""

import json
import re
import xml.etree.ElementTree as ET

from . import content_lines


def _runs(line: str) -> list[int]:
    return [len(run) for run in line.split(".") if run]


def _numbers(text: str) -> list[int]:
    runs = [int(n) for n in re.findall(r"\d+", text)]
    return [] if runs == [0] else runs


def _pzpr(url: str) -> tuple[int, int, list, list, dict]:
    _, _, rest = url.partition("?nonogram/")
    width, height, body = rest.split("/", 2)
    width, height = int(width), int(height)
    values: list = []
    i = 0
    while i < len(body):
        char = body[i]
        if char == "-":
            values.append(int(body[i + 1:i + 3], 16))
            i += 3
        elif char.isdigit() or char in "abcdef":
            values.append(int(char, 16))
            i += 1
        else:
            values += [None] * (int(char, 36) - 15)
            i += 1
    above, beside = (height + 1) // 2, (width + 1) // 2
    columns = [[v for v in reversed(values[c * above:(c + 1) * above]) if v is not None]
               for c in range(width)]
    start = width * above
    rows = [[v for v in reversed(values[start + r * beside:start + (r + 1) * beside])
             if v is not None] for r in range(height)]
    return width, height, columns, rows, {}


def _blocks(clue_lines: list[str], first: int) -> tuple[list, list]:
    clues = [_numbers(line) for line in clue_lines]
    return clues[:first], clues[first:]


def _nonogrid(text: str) -> tuple[int, int, list, list, dict]:
    found: dict[str, list] = {}
    for key in ("columns", "rows"):
        body = re.search(key + r'\s*=\s*"""(.*?)"""', text, re.DOTALL).group(1)
        entries = []
        for line in body.splitlines():
            line = re.sub(r"(^|\s)[#;].*", "", line)
            entries += [e.strip(" '\"") for e in line.split(",") if e.strip(" '\"")]
        found[key] = [_numbers(e) for e in entries]
    columns, rows = found["columns"], found["rows"]
    return len(columns), len(rows), columns, rows, {}


def _webpbn(text: str) -> tuple[int, int, list, list, dict]:
    root = ET.fromstring("\n".join(line for line in text.splitlines()
                                   if not line.startswith("#")).strip())
    clues = {block.get("type"): [[int(count.text) for count in line.findall("count")]
                                 for line in block.findall("line")]
             for block in root.iter("clues")}
    return (len(clues["columns"]), len(clues["rows"]), clues["columns"], clues["rows"], {})


def _gno(lines: list[str]) -> tuple[int, int, list, list, dict]:
    """Gnonograms' .gno: [Dimensions] rows, columns; [Row clues]; [Column clues]; without
    clue sections, the clues of its [Solution] (or [Solution grid]) rows (2 = black)."""
    sections: dict[str, list[str]] = {}
    name = ""
    for line in lines:
        if re.fullmatch(r"\[[A-Za-z ]+\]", line):
            name = line[1:-1].strip().lower().replace("solution grid", "solution")
            sections[name] = []
        else:
            sections.setdefault(name, []).append(line)
    height, width = (int(n) for n in sections["dimensions"][:2])
    solved = ["".join("#" if c == "2" else "." for c in row.split())
              for row in sections.get("solution", [])]
    rows = ([_numbers(x) for x in sections["row clues"]] if "row clues" in sections
            else [_runs(row) for row in solved])
    columns = ([_numbers(x) for x in sections["column clues"]] if "column clues" in sections
               else [_runs("".join(row[c] for row in solved)) for c in range(width)])
    return width, height, columns, rows, {}


def _read(text: str) -> tuple[int, int, list, list, dict]:
    lines = content_lines(text)
    givens: dict[tuple[int, int], str] = {}
    if "?nonogram/" in lines[0]:
        return _pzpr(lines[0])
    if lines[0].startswith("<"):
        return _webpbn(text)
    if lines[0].startswith("["):
        if lines[0] == "[clues]":
            return _nonogrid(text)
        if lines[0].lower() != "[colors]" and not lines[0].startswith("[["):
            return _gno(lines)
    if all(re.fullmatch(r"[A-Z]+( [A-Z]+)*", line) for line in lines):
        # Rosetta Code's letters: the row clues, then the column clues; A = 1, B = 2, ...
        rows, columns = ([[ord(ch) - 64 for ch in clue] for clue in line.split()]
                         for line in lines)
        return len(columns), len(rows), columns, rows, givens
    if lines[0].startswith("{"):
        problem = json.loads("\n".join(lines))["problem"].splitlines()
        height, width = (int(n) for n in problem[0].split())
        columns, rows = _blocks(problem[1:], width)
        return width, height, columns, rows, givens
    raw = [line.strip() for line in text.splitlines() if not line.strip().startswith("#")
           or line.strip() == "#"]
    while raw and not raw[0]:
        raw.pop(0)
    if re.fullmatch(r"\d+", lines[0]) and re.fullmatch(r"\d+", lines[1]):
        # .cwd: H, W, the H row clues, a blank line, the W column clues
        height, width = int(lines[0]), int(lines[1])
        body = raw[2:]
        return width, height, [_numbers(x) for x in body[height + 1:height + 1 + width]], \
            [_numbers(x) for x in body[:height]], givens
    if re.fullmatch(r"\d+ \d+", lines[0]) and "#" in raw[1:]:
        # .mk: H W, rows, '#', columns
        height, width = (int(n) for n in lines[0].split())
        cut = raw.index("#", 1)
        rows = [_numbers(x) for x in raw[1:cut] if x]
        columns = [_numbers(x) for x in raw[cut + 1:] if x]
        return width, height, columns, rows, givens
    if re.fullmatch(r"\d+", lines[0]):  # JCROSS: count, R C, lines ending in 0
        height, width = (int(n) for n in lines[1].split())
        rows, columns = _blocks([line.rsplit(" ", 1)[0] if " " in line else ""
                                 for line in lines[2:]], height)
        return width, height, columns, rows, givens
    if re.fullmatch(r"\d+ \d+", lines[0]):  # .nin: W H, rows, columns
        width, height = (int(n) for n in lines[0].split())
        rows, columns = _blocks(lines[1:], height)
        return width, height, columns, rows, givens
    if re.fullmatch(r"\d+x\d+:.*", lines[0]):
        size, _, rest = lines[0].partition(":")
        width, height = (int(n) for n in size.split("x"))
        rest, _, squares = rest.partition(",")
        entries = [None if e == "?" else _numbers(e) for e in rest.split("/")]
        index = 0
        for char in squares:
            index += ord(char.lower()) - ord("a")
            if char.lower() != "z" and index < width * height:
                givens[divmod(index, width)] = "#" if char.isupper() else "."
                index += 1
        return width, height, entries[:width], entries[width:], givens
    if lines[0].startswith(("(", "[")):
        body = " ".join(lines).strip("()")
        depth, groups, current = 0, [], ""
        for char in body:
            depth += char == "["
            depth -= char == "]"
            current += char
            if depth == 0 and char == "]":
                groups.append(re.findall(r"\[([^\[\]]*)\]", current))
                current = ""
        columns, rows = ([_numbers(g) for g in group] for group in groups[:2])
        return len(columns), len(rows), columns, rows, givens
    sections: dict[str, list] = {}
    sizes: dict[str, int] = {}
    current_section = None
    for line in lines:
        word = line.split()[0].lower()
        if word in ("width", "height"):
            sizes[word] = int(line.split()[1])
        elif word.rstrip(":") in ("rows", "columns"):
            word = word.rstrip(":")
            current_section = sections.setdefault(word, [])
        elif re.fullmatch(r"[\d ,]*|\?", line):
            current_section.append(None if line == "?" else _numbers(line))
        else:
            current_section = None
    # no width/height lines (NonoGeek's ROWS:/COLUMNS:): the sections' clues count them
    return (sizes.get("width", len(sections["columns"])),
            sizes.get("height", len(sections["rows"])), sections["columns"], sections["rows"],
            givens)


def check(text: str, solution: dict) -> None:
    width, height, columns, rows, givens = _read(text)
    grid = solution["grid"]
    assert len(grid) == height and all(len(row) == width for row in grid)
    assert all(set(row) <= {"#", "."} for row in grid)
    for r, clue in enumerate(rows):
        assert clue is None or _runs(grid[r]) == clue, f"row {r + 1}"
    for c, clue in enumerate(columns):
        column = "".join(grid[r][c] for r in range(height))
        assert clue is None or _runs(column) == clue, f"column {c + 1}"
    for (r, c), value in givens.items():
        assert grid[r][c] == value, f"given cell ({r + 1},{c + 1}) changed"
