"""pzprjs's boards (its file format, pzprv3) as our players' answers, for the genres we
share with it: test data's reader, as pzprjs's own `FileIO.decodeData` of each genre
reads them (robx/pzprjs, MIT: src/variety/<pid>.js)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FAILCHECKS = Path(__file__).resolve().parent / "pzprjs" / "failchecks.json"


def failchecks() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FAILCHECKS.read_text())
    return data["genres"]


def _board(text: str, header: int) -> list[list[str]]:
    """The rows of tokens after the `header` fields (pzprv3, the pid, the size...)."""
    parts = text.rstrip("/").split("/")
    return [row.split() for row in parts[header:]]


def _cells(rows: list[list[str]], top: int, left: int, height: int, width: int
           ) -> list[list[str]]:
    return [row[left:left + width] for row in rows[top:top + height]]


def skyscrapers(text: str) -> dict[str, Any]:
    """A number per cell inside the ring of clues; `.` an empty cell (left open)."""
    _, _, rows, cols, *_ = text.split("/")
    cells = _cells(_board(text, 4), 1, 1, int(rows), int(cols))
    return {"grid": [[None if token == "." else int(token) for token in row] for row in cells]}


def abc(text: str) -> dict[str, Any]:
    """A letter per cell as its number (1 = A), `-` a cross (empty), `+` a circle (a
    letter, not said which: left open), `.` nothing (empty); `[..]` candidates, ignored."""
    _, _, rows, cols, *_ = text.split("/")
    cells = _cells(_board(text, 5), 1, 1, int(rows), int(cols))

    def letter(token: str) -> str:
        token = token.split("[")[0]
        if token in (".", "-"):
            return "."
        if token == "+":
            return "?"
        return chr(ord("A") + int(token) - 1)

    return {"grid": ["".join(letter(token) for token in row) for row in cells]}


def nonogram(text: str) -> dict[str, Any]:
    """`#` a black cell, `+` a dot (white), `.` nothing (white), after the clues above
    ((rows + 1) // 2 rows) and left ((cols + 1) // 2 columns)."""
    _, _, rows, cols, *_ = text.split("/")
    height, width = int(rows), int(cols)
    cells = _cells(_board(text, 4), (height + 1) // 2, (width + 1) // 2, height, width)
    return {"grid": ["".join("#" if token == "#" else "." for token in row)
                     for row in cells]}


def sudoku(text: str) -> dict[str, Any]:
    """The size, the given numbers (a row per grid row), then the numbers written in
    (`.` nothing: the given number where there is one, else open)."""
    size = int(text.split("/")[2])
    rows = _board(text, 3)
    given, written = rows[:size], rows[size:2 * size]
    return {"grid": [[None if token == "." and clue == "." else
                      int(token if token != "." else clue)
                      for token, clue in zip(row, clues, strict=True)]
                     for row, clues in zip(written, given, strict=True)]}


READERS = {"skyscrapers": skyscrapers, "abc": abc, "nonogram": nonogram, "sudoku": sudoku}
