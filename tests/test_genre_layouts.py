"""A genre's grid of cells written as public collections write one, without the plain
text grid's size line: CSV, whitespace, a nested list, the bordered layout, compact rows
(`53..7....`), all 81 cells on one line, boxes drawn with `|` and rule lines. Each reads
to the same puzzle as the plain text grid; what cannot be read is one line naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clingo import Function, Number
from conftest import INSTANCES

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzles import registry

SUDOKU = registry()["sudoku"]
TEXT = (INSTANCES / "sudoku" / "wikipedia.txt").read_text()
ROWS = [line.split() for line in TEXT.splitlines()[4:]]  # after the comments, the size


def _joined(empty: str, between: str = " ") -> list[str]:
    return [between.join(empty if token == "-" else token for token in row) for row in ROWS]


def _boxed(spaced: bool) -> str:
    rule = "+-------+-------+-------+" if spaced else "+---+---+---+"
    lines = [rule]
    for r, row in enumerate(_joined(".", "")):
        boxes = [row[at:at + 3] for at in (0, 3, 6)]
        if spaced:
            boxes = [" ".join(box) for box in boxes]
        lines.append("| " + " | ".join(boxes) + " |" if spaced else "|" + "|".join(boxes) + "|")
        if r % 3 == 2:
            lines.append(rule)
    return "\n".join(lines)


LAYOUTS = {
    "81 characters on one line, 0 empty": "".join(_joined("0", "")),
    "a compact row per line, . empty": "\n".join(_joined(".", "")),
    "CSV, _ empty": "\n".join(_joined("_", ",")),
    "semicolons, empty fields as runs": "\n".join(_joined("__", ";")),
    "whitespace, 0 empty, a 9x9 size line": "9x9\n" + "\n".join(_joined("0")),
    "a nested list": json.dumps([[0 if t == "-" else int(t) for t in row] for row in ROWS]),
    "boxes, cells spaced": _boxed(spaced=True),
    "boxes, cells run together": _boxed(spaced=False),
    "the plain text grid, compact rows": "9 9\n" + "\n".join(_joined("-", "")),
}


@pytest.mark.parametrize("text", list(LAYOUTS.values()), ids=list(LAYOUTS))
def test_every_layout_reads_to_the_same_sudoku(text):
    expected = SUDOKU.parse(TEXT, "wikipedia.txt")
    read = SUDOKU.parse(text, "p.txt")
    assert (read.structure, set(read.clues)) == (expected.structure, set(expected.clues))
    assert len(read.clues) == 30


def test_written_back_it_is_the_plain_text_grid(capsys, tmp_path):
    path = tmp_path / "line.txt"
    path.write_text(LAYOUTS["81 characters on one line, 0 empty"] + "\n")
    assert main(["sudoku", str(path), "--to", "text"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["9 9", "5 3 - - 7 - - - -"]
    assert main(["sudoku", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unique"] is True


def test_a_genre_with_tokens_of_its_own_reads_them_in_compact_rows():
    akari = registry()["akari"]
    text = (INSTANCES / "akari" / "janko-001.txt").read_text()
    rows = [line for line in text.splitlines() if not line.startswith("#")][1:]
    compact = "\n".join(row.replace(" ", "") for row in rows)
    assert set(akari.parse(compact, "p.txt").clues) == set(akari.parse(text, "p.txt").clues)


@pytest.mark.parametrize(("text", "problem"), [
    ("53..7....\n6..195..\n", "p.txt:2: expected 9 cells like the first row, found 8"),
    ("hello world\n", "p.txt:1: row 1, column 1: unknown token 'hello' (a number, - for an "
     "empty cell, or a token the genre's header gives a meaning); the first line is neither "
     "the size line 'ROWS COLS' nor a row of cells (grid rows of"),
    ("2 3 1 1\n1 - -\n- - -\n", "p.txt:1: expected the size line 'ROWS COLS' (whole numbers)"),
    ("53..7....6..195...", "p.txt:1: row 1, column 1: unknown token '53..7....6..195...'"),
    ("1,2\n3\n", "p.txt:2: expected 2 fields like the first row, found 1"),
    ("9x9\n" + "\n".join(_joined("0")).replace("9", "10", 1),
     "p.txt:3: row 2, column 5: 10 is out of range 1..9"),
])
def test_what_cannot_be_read_is_one_line_naming_it(text, problem):
    with pytest.raises(InputError) as error:
        SUDOKU.parse(text, "p.txt")
    assert str(error.value).startswith(problem)


def test_a_genre_with_more_blocks_than_cells_still_needs_its_size_line(tmp_path: Path):
    killer = registry()["killersudoku"]
    with pytest.raises(InputError, match="expected the size line 'ROWS COLS'"):
        killer.parse("1,2\n3,4\n", "p.txt")


def test_a_genre_whose_token_is_a_hash_needs_the_size_line_before_rows_that_begin_with_it(
        tmp_path: Path):
    rules = (Path(SUDOKU.encoding).read_text()
             .replace("%! token 0 empty", "%! token 0 empty\n%! token # empty"))
    path = tmp_path / "hashed.lp"
    path.write_text(rules)
    hashed = registry()[str(path)]
    rows = _joined("#", "")
    compact = "\n".join(rows[2:] + rows[:2])  # its first row begins with an empty cell
    assert compact.startswith("#98")
    with pytest.raises(InputError, match=r"p.txt:1: a line beginning with '#' before the "
                       r"grid, .* write the size line 'ROWS COLS' first"):
        hashed.parse(compact, "p.txt")
    read = hashed.parse("9 9\n" + compact, "p.txt")
    assert len(read.clues) == 30 and Function("number", [Number(1), Number(2), Number(9)]) \
        in read.clues


def test_a_bordered_grid_with_blank_cells_and_comments_between_rows_reads_as_the_plain_one():
    plain = SUDOKU.parse("4 4\n1 - - -\n- - 3 -\n- 4 - -\n- - - 2\n", "p.txt")
    bordered = ("+--+--+--+--+\n| 1|  |  |  |\n+--+--+--+--+\n|  |  | 3|  |\n"
                "# a comment between the rows\n+--+--+--+--+\n|  | 4|  |  |\n"
                "+--+--+--+--+\n|  |  |  | 2|\n+--+--+--+--+\n")
    read = SUDOKU.parse(bordered, "p.txt")
    assert (read.structure, read.clues) == (plain.structure, plain.clues)


def test_one_short_line_is_one_cell_not_a_compact_square():
    # 4 or 9 characters on one line are a number (`0002`), not 2x2 or 3x3 cells; from 16
    # on (4x4), a line whose length is a square is the compact rows run together
    assert SUDOKU.parse("0001\n", "p.txt").data.numbers == {(1, 1): 1}
    assert SUDOKU.parse("1" + "0" * 15 + "\n", "p.txt").data.numbers == {(1, 1): 1}
    assert SUDOKU.parse("1" + "0" * 15 + "\n", "p.txt").data.rows == 4
