"""pzprjs's own test scripts (robx/pzprjs, MIT; a copy of their addresses and accepted
answers in tests/pzprjs/answers.json): every genre of ours that pzprjs has reads the
script's address and solves it, uniquely, to the answer the script checks as correct."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyasp_runner import runner
from pyasp_runner.puzzles import registry

DATA = json.loads((Path(__file__).parent / "pzprjs" / "answers.json").read_text("utf-8"))
GENRES = DATA["genres"]


def marked(board: str, layout: str, mark: str) -> set[tuple[int, int]]:
    """The cells of a pzprv3 board whose answer holds `mark`, 1-based. `cells`: the
    answer is the board's last ROWS lines; `cells+lines`: the ROWS lines before the loop's
    (ROWS lines of a step right per cell, then ROWS - 1 of a step down); `cells+bank`: the
    ROWS lines before the last (the bank's pieces marked used); `cells+outside`: the
    board's lines are the clues above the grid, then per row the clue on its left and its
    cells."""
    fields = board.strip().strip("/").split("/")
    rows, cols = int(fields[2]), int(fields[3])
    if layout == "cells":
        lines = fields[-rows:]
    elif layout == "cells+lines":
        lines = fields[-(3 * rows - 1):-(2 * rows - 1)]
    elif layout == "cells+bank":
        lines = fields[-(rows + 1):-1]
    else:
        assert layout == "cells+outside", layout
        lines = [line.split(None, 1)[1] for line in fields[5:5 + rows]]
    grid = [line.split() for line in lines]
    assert len(grid) == rows and all(len(row) == cols for row in grid), board
    return {(r + 1, c + 1) for r, row in enumerate(grid) for c, token in enumerate(row)
            if token == mark}


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_each_address_solves_uniquely_to_pzprjs_answer(genre: str) -> None:
    entry = GENRES[genre]
    puzzle = registry()[genre]
    instance = puzzle.parse(entry["url"], f"pzprjs {genre}.js")
    result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=2))
    assert result.complete and len(result.answers) == 1
    atom = entry["atom"]
    ours = {tuple(int(a) for a in text[len(atom) + 1:-1].split(",")[:2])  # its cell
            for text in result.answers[0].texts if text.startswith(f"{atom}(")}
    if entry.get("given_apart"):  # the board marks the cells the puzzle leaves open only
        ours -= {(clue.arguments[0].number, clue.arguments[1].number)
                 for clue in instance.clues if clue.name == "symbol"}
    assert entry["answers"]
    for board in entry["answers"]:
        assert ours == marked(board, entry["layout"], entry["mark"])
    if "lines" in entry:  # the loop's steps too, as line(R1, C1, R2, C2)
        atom = entry["lines"]
        steps = {tuple(int(a) for a in text[len(atom) + 1:-1].split(","))
                 for text in result.answers[0].texts if text.startswith(f"{atom}(")}
        for board in entry["answers"]:
            assert steps == loop_steps(board)


def loop_steps(board: str) -> set[tuple[int, int, int, int]]:
    """The steps of a pzprv3 board's loop (a 1 between two cells), 1-based: its last
    lines are ROWS lines of the steps right of each cell, then ROWS - 1 of the steps down."""
    fields = board.strip().strip("/").split("/")
    rows = int(fields[2])
    right, down = fields[-(2 * rows - 1):-(rows - 1)], fields[-(rows - 1):]
    return ({(r, c, r, c + 1) for r, line in enumerate(right, 1)
             for c, token in enumerate(line.split(), 1) if token == "1"}
            | {(r, c, r + 1, c) for r, line in enumerate(down, 1)
               for c, token in enumerate(line.split(), 1) if token == "1"})


def test_the_loop_reader_reads_what_it_is_given() -> None:
    board = "pzprv3/yajilin/2/2/. . /. . /. . /. . /1 /1 /1 1 /"
    assert marked(board, "cells+lines", "#") == set()
    assert loop_steps(board) == {(1, 1, 1, 2), (2, 1, 2, 2), (1, 1, 2, 1), (1, 2, 2, 2)}


def test_the_fleet_board_reader_reads_what_it_is_given() -> None:
    board = "pzprv3/battleship/2/2/c/. 1 . /. . . /1 . . /# + /+ + /0 0 /"
    assert marked(board, "cells+bank", "#") == {(1, 1)}


def test_the_board_reader_reads_what_it_is_given() -> None:
    board = "pzprv3/tents/2/2/. 1 . /1 A - /. - 1 /0 0 /"
    assert marked(board, "cells+outside", "A") == {(1, 1)}
    assert marked("pzprv3/hitori/2/2/1 1 /2 1 /# . /. # /", "cells", "#") == {
        (1, 1), (2, 2)}
