"""Hidoku: input variants, bad input, round trips, drawing, partial answers, the command
line, generating and the size measure (the genre file asp/hidoku.lp)."""

from __future__ import annotations

import itertools
import json
import random

import clingo
import pytest
from conftest import ROOT, assert_refused

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.facts import facts_text
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry

PUZZLE = registry()["hidoku"]
MAKING = PUZZLE.spec.generating
REFERENCE = ROOT / "instances" / "hidoku" / "10x10.csv"


def _parse(text: str, source: str = "t.csv"):
    return PUZZLE.parse(text, source)


def _facts(text: str) -> tuple[list[str], list[str]]:
    instance = _parse(text)
    return sorted(map(str, instance.structure)), sorted(map(str, instance.clues))


@pytest.mark.parametrize("text", [
    "1,_,X\n_,4,_\n",
    "1, __, x\r\n___,4,_\r\n",
    "# comment\n 1 , _ , X \n\n_,4,_",
    "1 __ ..\n__ 4 __\n",
    " 1 _ .\n_ 4 _",
    "1,0,XX\n?,4,??\n",
    "1 - **\n-- 4 -\n",
    "[01][??][XX]\n[??][04][??]\n",
])
def test_format_variants_give_the_same_facts(text):
    structure, clues = _facts(text)
    assert clues == ["number(1,1,1)", "number(2,2,4)"]
    cells = [atom for atom in structure if atom.startswith("cell(")]
    assert "cell(1,3)" not in cells and len(cells) == 5 and "blocked(1,3)" in structure


def test_dots_are_empty_cells_where_nothing_else_writes_one():
    # Rosetta Code writes `__` for an empty cell and `.` off the board; a grid of numbers
    # and dots alone has its empty cells as dots.
    dots_only = _parse(". 4 .\n. 7 .\n1 . .\n")
    with_zeros = _parse(". 4 .\n0 7 0\n1 0 0\n")
    assert not dots_only.data.blocked
    assert with_zeros.data.blocked == {(1, 1), (1, 3)}
    assert len([a for a in dots_only.structure if a.name == "cell"]) == 9


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("# just a comment\n", None, "empty"),
    ("1,_,_\n_,_\n", 2, "expected 3 fields"),
    ("1,_,_\n_,#,_\n", 2, "unknown token '#'"),
    ("1,_\n_,1\n", 2, "1 is given twice (also at row 1, column 1)"),
    ("1,_\n_,5\n", 2, "5 is out of range 1..4"),
    ("1,_,X\n_,X,6\n", 2, "6 is out of range 1..4"),
    ("1,_\n_,-1\n-1,_\n", 2, "-1 is out of range 1..6"),
    ("X,X\nX,x\n", 1, "every cell is blocked"),
    ("5\n", 1, "5 is out of range 1..1"),
    ("1,,_\n", 1, "an empty field"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(PUZZLE.parse, text, line, words, "bad.csv")


def test_irregular_board_without_first_and_last_given(solve):
    # A 3x3 with a blocked centre: a ring of 8 cells, only 4 fixed.
    instance = _parse("_,_,_\n_,X,4\n_,_,_\n")
    result = solve("hidoku", instance, models=0)
    grids = [PUZZLE.solution_json(instance, a)["grid"] for a in result.answers]
    assert grids and all(g[1][1] is None and g[1][2] == 4 for g in grids)
    assert result.count == _brute_force_count(
        [(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)], {(2, 3): 4})


def _brute_force_count(cells, givens) -> int:
    """Numberings of `cells` by trying every order (tiny boards only)."""
    count = 0
    for order in itertools.permutations(cells):
        if all(order[v - 1] == cell for cell, v in givens.items()) and all(
                max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in itertools.pairwise(order)):
            count += 1
    return count


def test_rectangular_board_and_one_row(solve):
    result = solve("hidoku", _parse("1,_,_,_\n_,_,_,8\n"))
    assert result.status == runner.SOLVED
    assert solve("hidoku", _parse("_,2,_\n")).count == 2
    assert solve("hidoku", _parse("2,_,_\n")).status == runner.UNSOLVABLE


def test_round_trip_write_parse_and_clues_of(solve):
    write = PUZZLE.writer("text")
    instance = _parse(REFERENCE.read_text(), "10x10.csv")
    again = _parse(write(instance, list(instance.clues)), "again.csv")
    assert again.clues == instance.clues and again.structure == instance.structure
    irregular = _parse("1,_,X\n_,4,_\n")
    back = _parse(write(irregular, [fact("number", 2, 3, 5)]), "w.csv")
    assert back.structure == irregular.structure
    assert back.clues == (fact("number", 2, 3, 5),)
    answer = solve("hidoku", irregular).answers[0]
    clues = MAKING.clues_of(irregular, answer)
    assert len(clues) == 5 and all(c.name == "number" for c in clues)


def test_blank_sizes():
    def cells(size):
        return sum(atom.name == "cell" for atom in MAKING.blank(size).structure)

    assert cells("5x3") == 15 and cells("4x4") == 16
    assert MAKING.blank(None).clues == ()
    for bad in ("0x3", "3y3", "20000"):
        with pytest.raises(InputError):
            MAKING.blank(bad)


def _numbers(*cells: tuple[int, int, int]) -> Answer:
    return Answer(tuple(fact("value", r, c, v) for r, c, v in cells))


def test_render_givens_blocked_path_and_partial_answers(render):
    instance = _parse("1,_,X\n_,4,_\n")
    full = _numbers((1, 1, 1), (1, 2, 2), (2, 1, 3), (2, 2, 4), (2, 3, 5))
    text = render("hidoku", instance, full)
    assert "[1]" in text and "[4]" in text and " 3 " in text and "▒" in text
    assert "→" not in text
    with_path = PUZZLE.configure(instance, {"path": True})
    drawn = render("hidoku", with_path, full)
    assert "[1]→" in drawn and " 2 ↙" in drawn and "[4]→" in drawn
    partial = _numbers((1, 1, 1))
    assert "↙" not in render("hidoku", with_path, partial)
    assert PUZZLE.solution_json(instance, partial)["grid"] == [[1, None, None],
                                                              [None, 4, None]]
    assert PUZZLE.describe_clue(instance, fact("number", 2, 2, 4)) == "the 4 at (2,2)"


def test_wide_board_is_drawn_within_80_columns(render):
    instance = MAKING.blank("2x30")
    answer = _numbers(*((r, c, 100 + c) for r in (1, 2) for c in range(1, 31)))
    lines = render("hidoku", instance, answer).splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "101" in lines[2] and "130" in "".join(lines)


def test_cli_path_option_and_json(capsys):
    assert main(["hidoku", str(REFERENCE), "--path"]) == 0
    out = capsys.readouterr().out
    assert "[93]↙" in out and "unique" in out
    assert main(["hidoku", str(REFERENCE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True and data["solutions"][0]["grid"][0][0] == 91
    with pytest.raises(SystemExit) as exit_info:
        main(["jodici", str(REFERENCE), "--path"])
    assert exit_info.value.code == 2


def test_the_random_answer_is_a_kings_tour_of_the_board():
    # generate's own random answer (`answer tour,numbering`): every cell on the board
    # numbered once, 1..K, each number a king's move from the next.
    instance = _parse("_,_,_,X\n_,X,_,_\n_,_,_,_\n")
    draw = MAKING.random_answer
    assert draw is not None
    for seed in range(5):
        answer = draw(instance, random.Random(seed), None)
        assert answer is not None
        at = {atom.arguments[2].number: (atom.arguments[0].number, atom.arguments[1].number)
              for atom in answer.symbols}
        assert sorted(at) == list(range(1, 11)) and len(set(at.values())) == 10
        assert not set(at.values()) & instance.data.blocked
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                   for a, b in itertools.pairwise(at[v] for v in range(1, 11)))


def test_the_measure_counts_the_candidates_the_rules_ground():
    # `max-size 300000 size`: the size part counts candidate/3 without grounding it; here
    # against the Pruning grounded, on random boards with blocked cells and clues.
    text = (ROOT / "asp" / "hidoku.lp").read_text().split("#program tour.")[0]
    pruning = "% Pruning" + text.split("% Pruning")[1].split("% Redundant")[0]
    rules = text.split("% Generate")[0] + pruning
    rng = random.Random(7)
    measured = 0
    while measured < 25:
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        grid = [["X" if rng.random() < 0.15 else "_" for _ in range(cols)] for _ in range(rows)]
        open_cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "_"]
        if not open_cells:
            continue
        for value, (r, c) in zip(rng.sample(range(1, len(open_cells) + 1),
                                            min(len(open_cells), rng.randint(0, 4))),
                                 rng.sample(open_cells, len(open_cells)), strict=False):
            grid[r][c] = str(value)
        instance = _parse("\n".join(",".join(row) for row in grid) + "\n")
        ctl = clingo.Control(["--warn=none"])
        ctl.add("base", [], rules + facts_text(instance.facts))
        ctl.ground([("base", [])])
        grounded = len(list(ctl.symbolic_atoms.by_signature("candidate", 3)))
        assert PUZZLE.size_of(instance) == (grounded, "candidate cell-number pairs")
        measured += 1


def test_an_open_board_is_noted_as_beyond_a_minute():
    side = 20
    sparse = [["_"] * side for _ in range(side)]
    sparse[0][0], sparse[side - 1][side - 1] = "1", str(side * side)
    assert "over 40 candidate numbers per cell" in (PUZZLE.reach(_parse(
        "\n".join(",".join(row) for row in sparse) + "\n")) or "")
    assert PUZZLE.reach(_parse(REFERENCE.read_text())) is None
