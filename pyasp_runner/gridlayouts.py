"""One reader for grids of cells however they are written: comma-, semicolon- or
whitespace-separated fields, bracketed cells, the bordered ASCII layout (cells one or
several lines tall), a nested list as Python and JSON write one, after an optional size
line (`grid_rows`). It says where the rows and their fields are; what a field means is
its reader's to say (a puzzle's, or a genre's tokens)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import InputError

Line = tuple[int, str]  # (1-based line number in the file, text without its newline)

# Named in a message when the first row of a grid is not one.
LAYOUTS_READ = ("grid rows of comma-, semicolon- or whitespace-separated fields, [..] cells "
                "or bordered +--+ rows, after an optional size line, or a nested list [[..], [..]]")

# Patterns kept as text and compiled by `re` on first use (it caches them): compiling
# every format's patterns at import slowed every start.
# A row of bracketed cells, `[XX][29][??]`, as some collections write them.
_BRACKETED = r"(\[[^\[\]]*\]\s*)+"
_BRACKETED_CELL = r"\[([^\[\]]*)\]"
# A rule line of a bordered ASCII grid: `+--+--+`, `+==+`, `|--|`, `-----`.
_RULE = r"[+|]?[-=]+(?:[+|][-=]+)*[+|]?"
# A size line: `7x7`, `10 10`, `size 7`, `size: 7x7`, or words ending in one
# (`... with size 5`, the first line of the TU Dresden competition's files).
_SIZE_LINE = (r"(?i)(?:(?:[A-Za-z]+\s+)*size\s*:?\s*)?([0-9]+)"
              r"(?:\s*(?:[xX\u00d7]|\s)\s*([0-9]+))?")
# A grid as a nested list, as Python and JSON write one: `[[2, 7, 6], [9, 5, 0], ...]`.
_NESTED = r"\[\s*\[[^\[\]]*\](?:\s*,?\s*\[[^\[\]]*\])*\s*,?\s*\]"
_INNER = r"\[([^\[\]]*)\]"


def grid_rows(lines: Sequence[Line], source: str) -> tuple[list[Line], list[list[str]]]:
    """The rows of a grid and their fields, however the grid is written:

    - comma-separated fields (`_,33,35`), semicolon-separated ones (`00;22;20`, as a
      spreadsheet writes CSV where the decimal mark is a comma), bracketed fields
      (`[XX][29][??]`), or fields separated by whitespace (`__ 33 35`);
    - the bordered ASCII layout: rule lines (`+--+--+`, `-----`) are skipped, `|`
      separates the fields, a field of spaces only is an empty cell (`| 1|  | 3|`); where
      rule lines stand between the rows, a cell may be several text lines tall (the TU
      Dresden competition's `|    |` / `| 15 |` / `|    |`): the lines between two rules
      are one row, each cell the one text written in it;
    - a nested list, as Python and JSON write one (`[[2, 7, 6], [9, 5, 0], [4, 3, 8]]`,
      over one line or several; quotes around a field are dropped): each inner list a row;
    - a size line before the grid: `7x7` (W x H), `10 10`, `size 7`, or words ending in
      one (`... with size 5`). The first line decides: it is a size line when the rows
      after it make a grid of that size (and are not two fields wide, where `A B` is
      their first row), or when it says `x` or `size`, and is checked.

    Every row must have as many fields as the first. The fields are stripped (a blank
    bordered cell becomes `_`); what they mean is the puzzle's to say.
    """
    nested = _nested(lines)
    if nested is not None:
        return _same_width(*nested, source)
    size = re.fullmatch(_SIZE_LINE, lines[0][1]) if len(lines) > 1 else None
    said = size is not None and bool(re.search(r"[xX\u00d7]|size", lines[0][1], re.I))
    if size and not (said or size.group(2)):
        size = None  # one bare number is a row of one cell, not a size line
    body = lines[1:] if size else lines
    rows, fields = _rows(body, source) if body else ([], [])
    if size and "," not in lines[0][1]:
        a = int(size.group(1)[-6:])
        b = int(size.group(2)[-6:]) if size.group(2) else a
        shape = (len(fields), len(fields[0]) if fields else 0)
        # A bare `A B` over rows two fields wide fits the grid as its first row too
        # (`1 2` over `XX _`): it is read as that row, not as a size line.
        fits_as_row = not said and shape[1] == 2
        if (shape in ((b, a), (a, b)) and not fits_as_row) or said:
            if shape not in ((b, a), (a, b)):
                raise InputError(source, f"the size line says {a}x{b}, the grid below it has "
                                 f"{shape[1]} columns and {shape[0]} rows", lines[0][0])
            return rows, fields
    rows, fields = _rows(lines, source)
    return rows, fields


def _nested(lines: Sequence[Line]) -> tuple[list[Line], list[list[str]]] | None:
    """The rows of a grid written as a nested list, or None when it is not one."""
    text = "\n".join(line for _, line in lines)
    if not re.fullmatch(_NESTED, text.strip()):
        return None
    rows: list[Line] = []
    fields: list[list[str]] = []
    for match in re.finditer(_INNER, text):
        number = lines[text.count("\n", 0, match.start())][0]
        rows.append((number, match.group(0)))
        fields.append([field.strip().strip("'\"") for field in match.group(1).split(",")])
    return rows, fields


def _rows(lines: Sequence[Line], source: str) -> tuple[list[Line], list[list[str]]]:
    """The rows and fields of a grid without a size line (see `grid_rows`)."""
    rules = [is_rule(text) for _, text in lines]
    if all(rules):
        raise InputError(source, "no grid rows, only rule lines", lines[0][0])
    first = rules.index(False)
    last = len(rules) - 1 - rules[::-1].index(False)
    tall = any(rules[first:last]) and all("|" in text for (_, text), rule
                                          in zip(lines, rules, strict=True) if not rule)
    groups: list[list[Line]] = []
    for line, rule in zip(lines, rules, strict=True):
        if rule:
            if tall and groups and groups[-1]:
                groups.append([])
        elif tall:
            groups[-1:] = [(groups[-1] if groups else []) + [line]]
        else:
            groups.append([line])
    groups = [group for group in groups if group]
    rows = [_cell_row(group, source) for group in groups]
    return _same_width([line for line, _ in rows], [row for _, row in rows], source)


def _same_width(rows: list[Line], fields: list[list[str]], source: str,
                ) -> tuple[list[Line], list[list[str]]]:
    """The rows, once every one is checked to have as many fields as the first."""
    width = len(fields[0])
    for (number, _), row in zip(rows, fields, strict=True):
        if len(row) != width:
            raise InputError(source, f"expected {width} fields like the first row, found "
                             f"{len(row)}", number)
    return rows, fields


def _cell_row(group: Sequence[Line], source: str) -> tuple[Line, list[str]]:
    """One row of the grid from its text lines (one, or several for tall bordered cells):
    the line that holds the row's text, and its fields."""
    if len(group) == 1:
        return group[0], _fields(group[0][1])
    split = [_fields(text, blank="") for _, text in group]
    width = len(split[0])
    for (number, _), fields in zip(group, split, strict=True):
        if len(fields) != width:
            raise InputError(source, f"expected {width} fields like the line above, found "
                             f"{len(fields)}", number)
    row = []
    for column in range(width):
        texts = [fields[column] for fields in split if fields[column]]
        if len(texts) > 1:
            number = [n for (n, _), fields in zip(group, split, strict=True)
                      if fields[column]][1]
            raise InputError(source, f"column {column + 1}: a cell holds {texts[0]!r} and "
                             f"{texts[1]!r} on two lines", number)
        row.append(texts[0] if texts else "_")
    holder = next((line for line, fields in zip(group, split, strict=True) if any(fields)),
                  group[0])
    return holder, row


def is_rule(text: str) -> bool:
    return bool(re.fullmatch(_RULE, text)) and ("+" in text or "|" in text or len(text) >= 3)


def _fields(text: str, blank: str = "_") -> list[str]:
    if re.fullmatch(_BRACKETED, text):
        return [field.strip() for field in re.findall(_BRACKETED_CELL, text)]
    if "|" in text:
        inner = text.strip()
        inner = inner[1:] if inner.startswith("|") else inner
        inner = inner[:-1] if inner.endswith("|") else inner
        return [field.strip() or blank for field in inner.split("|")]  # blank: empty cell
    if "," in text:
        return [field.strip() for field in text.split(",")]
    if ";" in text:  # a spreadsheet's CSV where the decimal mark is a comma
        return [field.strip() for field in text.split(";")]
    return text.split()
