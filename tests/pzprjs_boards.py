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


def _shading(text: str, mark: str) -> dict[str, Any]:
    """The last rows of cells (its answer layer: pzprjs's decodeCellAns, or its
    decodeCellQnumAns with the clues in it): `#` marked (shaded, or a lamp: `mark`),
    anything else (`+` a dot, `.`, a clue's number) not; a board with no rows, nothing
    marked."""
    _, _, rows, cols, *_ = text.split("/")
    height, width = int(rows), int(cols)
    cells = _board(text, 4)
    answer = cells[-height:] if len(cells) >= height else [["."] * width] * height
    return {"grid": ["".join(mark if token == "#" else "." for token in row)
                     for row in answer]}


def shaded(text: str) -> dict[str, Any]:
    """Hitori, Nurikabe, Kurodoko: the shaded cells (`#`)."""
    return _shading(text, "#")


def akari(text: str) -> dict[str, Any]:
    """Light Up: `#` a lamp, among the walls' numbers (`-` a wall without one)."""
    return _shading(text, "@")


def star(text: str) -> dict[str, Any]:
    """Star Battle: `#` a star, after the stars per region and the regions' rows."""
    return _shading(text, "*")


def _line_rows(text: str, clue_rows: int) -> list[list[str]]:
    """pzprjs's decodeBorderLine after the clues' rows: its rows of entries, `1` a line
    (none on a board that stops before them)."""
    rows = _board(text, 4)
    return rows[clue_rows:] if len(rows) > clue_rows else []


def slitherlink(text: str) -> dict[str, Any]:
    """Slitherlink: the numbers' rows, then the lines on the cells' sides: a row of
    rows + 1 ... per cell row, the vertical sides (C + 1 of them), then per grid line
    the horizontal ones (C); an edge joins grid points (row, column), from 0."""
    _, _, rows, cols, *_ = text.split("/")
    height = int(rows)
    lines = _line_rows(text, height)
    edges = [[[i, j], [i + 1, j]] for i, row in enumerate(lines[:height])
             for j, token in enumerate(row) if token == "1"]
    edges += [[[i, j], [i, j + 1]] for i, row in enumerate(lines[height:2 * height + 1])
              for j, token in enumerate(row) if token == "1"]
    return {"grid": [["."] * int(cols)] * height, "edges": edges}


def masyu(text: str) -> dict[str, Any]:
    """Masyu: the circles' rows, then the lines between cells' centres."""
    _, _, rows, cols, *_ = text.split("/")
    height = int(rows)
    return {"grid": [["."] * int(cols)] * height,
            "edges": _centre_lines(_line_rows(text, height), height)}


def _centre_lines(lines: list[list[str]], height: int) -> list[list[list[int]]]:
    """The steps between cells' centres: per row those across (C - 1), then per pair of
    rows those down (C); cells from 1."""
    edges = [[[i + 1, j + 1], [i + 1, j + 2]] for i, row in enumerate(lines[:height])
             for j, token in enumerate(row) if token == "1"]
    edges += [[[i + 1, j + 1], [i + 2, j + 1]] for i, row in
              enumerate(lines[height:2 * height - 1]) for j, token in enumerate(row)
              if token == "1"]
    return edges


def tents(text: str) -> dict[str, Any]:
    """Tents: a row of clues above, then per row its clue and its cells (`1` a tree, `A`
    a tent, `-` a dot); the tents' links to their trees after, ignored."""
    _, _, rows, _, *_ = text.split("/")
    height = int(rows)
    cells = _board(text, 4)[1:height + 1] if len(_board(text, 4)) > height else []
    marks = {"1": "&", "A": "^"}
    return {"grid": ["".join(marks.get(token, ".") for token in row[1:]) for row in cells]}


def kakuro(text: str) -> dict[str, Any]:
    """Kakuro: the blocks' rows (a row and a column more than the cells: `.` a white
    cell, anything else a block with its sums), then the digits written in (`.` none:
    open); a grid with the blocks' row and column, as ours."""
    _, _, rows, cols, *_ = text.split("/")
    height, width = int(rows), int(cols)
    board = _board(text, 4)
    blocks, digits = board[:height + 1], board[height + 1:2 * height + 1]
    grid: list[list[Any]] = []
    for i, row in enumerate(blocks):
        grid.append([])
        for j, token in enumerate(row):
            digit = digits[i - 1][j - 1].split("[")[0] if i and j and digits else "."
            grid[-1].append("#" if token != "." else None if digit == "." else int(digit))
    assert len(grid[0]) == width + 1
    return {"grid": grid}


def ripple(text: str) -> dict[str, Any]:
    """Ripple Effect: the rooms' borders (rows of C - 1 across, then R - 1 rows of C
    down), the given numbers, then the numbers written in (`.` nothing: the given one
    where there is one, else open)."""
    _, _, rows, *_ = text.split("/")
    height = int(rows)
    board = _board(text, 4)
    start = 2 * height - 1
    given, written = board[start:start + height], board[start + height:start + 2 * height]
    return {"grid": [[None if token == "." and clue == "." else
                      int(token if token != "." else clue)
                      for token, clue in zip(row, clues, strict=True)]
                     for row, clues in zip(written, given, strict=True)]}


def hashi(text: str) -> dict[str, Any]:
    """Hashiwokakero: the islands' rows (`.` water), then the bridges' strands on each
    unit segment, across (R rows of C - 1) and down (R - 1 rows of C), `-1` a cross (none);
    a bridge runs from an island over water to the next island, cells from 1."""
    _, _, rows, cols, *_ = text.split("/")
    height, width = int(rows), int(cols)
    board = _board(text, 4)
    islands = {(r + 1, c + 1) for r, row in enumerate(board[:height])
               for c, token in enumerate(row) if token != "."}
    across, down = board[height:2 * height], board[2 * height:3 * height - 1]
    edges = []
    for r, c in sorted(islands):
        for dr, dc, lines in ((0, 1, across), (1, 0, down)):
            strands = int(lines[r - 1][c - 1]) if lines and r - 1 + dr < height and \
                c - 1 + dc < width else 0
            if strands <= 0:
                continue
            end = (r + dr, c + dc)
            while end not in islands:
                end = (end[0] + dr, end[1] + dc)
            edges.append([[r, c], list(end), strands])
    return {"grid": [["."] * width] * height, "edges": edges}


def gokigen(text: str) -> dict[str, Any]:
    """Gokigen Naname: the numbers on the points (R + 1 rows of C + 1), then a row of C
    per cell row: `1` a backslash, `2` a slash, `.` none yet (open)."""
    _, _, rows, cols, *_ = text.split("/")
    height = int(rows)
    answer = _board(text, 4)[height + 1:2 * height + 1]
    if not answer:
        answer = [["."] * int(cols)] * height
    marks = {"1": "\\", "2": "/"}
    return {"grid": [[marks.get(token, "?") for token in row] for row in answer]}


def yajilin(text: str) -> dict[str, Any]:
    """Yajilin: the clues' rows (`N,D` a number and its arrow), the answer's (`#` shaded,
    `+` a dot: not shaded), then the loop as Masyu's; a clue's cell shows its number."""
    _, _, rows, *_ = text.split("/")
    height = int(rows)
    board = _board(text, 4)
    clues, marks = board[:height], board[height:2 * height]
    grid = [[clue.split(",")[-1] if clue != "." else "#" if mark == "#" else "."
             for clue, mark in zip(clue_row, mark_row, strict=True)]
            for clue_row, mark_row in zip(clues, marks, strict=True)]
    return {"grid": grid, "edges": _centre_lines(board[2 * height:], height)}


def shikaku(text: str) -> dict[str, Any]:
    """Shikaku: the numbers' rows, then the borders drawn between cells (R rows of C - 1
    across, R - 1 rows of C down; `1` a border): the areas they enclose, numbered in
    reading order of their first cells (a border with no area on one side divides
    nothing)."""
    _, _, rows, cols, *_ = text.split("/")
    height, width = int(rows), int(cols)
    board = _board(text, 4)[height:]
    across, down = board[:height], board[height:2 * height - 1]
    region: dict[tuple[int, int], int] = {}
    for start in ((r, c) for r in range(height) for c in range(width)):
        if start in region:
            continue
        label, todo = len(set(region.values())) + 1, [start]
        region[start] = label
        while todo:
            r, c = todo.pop()
            steps = [((r, c + 1), c + 1 < width and across[r][c] != "1"),
                     ((r, c - 1), c > 0 and across[r][c - 1] != "1"),
                     ((r + 1, c), r + 1 < height and down[r][c] != "1"),
                     ((r - 1, c), r > 0 and down[r - 1][c] != "1")]
            for cell, open_side in steps:
                if open_side and cell not in region:
                    region[cell] = label
                    todo.append(cell)
    return {"regions": [[region[(r, c)] for c in range(width)] for r in range(height)]}


# pzprjs's battleship pieces as numbers (its marks16 order), our parts' characters.
_BATTLESHIP_PIECES = (".", "n", "s", "w", "e", "m", "O")


def battleship(text: str) -> dict[str, Any]:
    """Battleship: the piece bank, then the grid with the counts (a row of the counts
    over the columns, then per row its count and the given pieces: 0 water, 1-6 a ship's
    part), then the answer: `#` a ship's cell, anything else water (`+` marked so), as
    for pzprjs's other shading genres. A ship's cell shows
    the part its ship cells beside it make it, as pzprjs draws it (alone a submarine,
    one neighbour an end, two in line a middle)."""
    _, _, rows, cols, *_ = text.split("/")
    height, width = int(rows), int(cols)
    board = _board(text, 5)
    given = [row[1:] for row in board[1:height + 1]]
    answer = board[height + 1:2 * height + 1]
    ship = {(r, c) for r in range(height) for c in range(width)
            if answer[r][c] == "#" or given[r][c] not in (".", "0", "-")}

    def part(r: int, c: int) -> str:
        if given[r][c] not in (".", "-"):
            return _BATTLESHIP_PIECES[int(given[r][c])]
        if (r, c) not in ship:
            return "."
        up, down = (r - 1, c) in ship, (r + 1, c) in ship
        left, right = (r, c - 1) in ship, (r, c + 1) in ship
        ends = {(False, True, False, False): "n", (True, False, False, False): "s",
                (False, False, False, True): "w", (False, False, True, False): "e",
                (False, False, False, False): "O"}
        return ends.get((up, down, left, right), "m")

    return {"grid": [[part(r, c) for c in range(width)] for r in range(height)]}


READERS = {"skyscrapers": skyscrapers, "abc": abc, "nonogram": nonogram, "sudoku": sudoku,
           "hitori": shaded, "nurikabe": shaded, "kurodoko": shaded, "akari": akari,
           "norinori": shaded, "starbattle": star, "slitherlink": slitherlink,
           "masyu": masyu, "heyawake": shaded, "lits": shaded, "tents": tents,
           "kakuro": kakuro, "ripple": ripple, "hashi": hashi, "gokigen": gokigen,
           "yajilin": yajilin, "shikaku": shikaku,
           "battleship": battleship}
