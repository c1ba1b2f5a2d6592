"""Checkerboard: input variants, bad input, counts both ways against the independent
counter, drawing, JSON of partial answers, the command line."""

from __future__ import annotations

import json
from dataclasses import replace

import clingo
import pytest
from checkers import checkerboard as independent
from conftest import ROOT, assert_refused
from rich.console import Console

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.puzzle import Answer, fact, facts_text, registry
from pyasp_runner.puzzles import checkerboard

FOLDER = ROOT / "instances" / "checkerboard"
REFERENCE = FOLDER / "reference.txt"
PUZZLE = registry()["checkerboard"]


def _facts(text: str) -> set[str]:
    return {str(s) for s in checkerboard.parse(text, "t.txt").structure}


@pytest.mark.parametrize("text", [
    "B,W\n=\nW,B\n",
    "b, w\r\n====\r\n W , B \r\n",
    "# two dominoes\nboard: 2x2\n===\nB,W\n===\n\n===\nW,B\n===\n",
    "corner: B\nB,W\n=\n_,W\n_,B\n",
    "board : 2X2\ncorner: black\nB,W,_\n=\nW,B\n",
])
def test_format_variants_give_the_same_board(text):
    facts = _facts(text)
    assert {f for f in facts if f.startswith("field")} == {
        'field(1,1,"b")', 'field(1,2,"w")', 'field(2,1,"w")', 'field(2,2,"b")'}
    assert {f for f in facts if f.startswith("stone(")} == {"stone(0)", "stone(1)"}


def test_stone_offsets_are_normalised_and_structure_only():
    instance = checkerboard.parse("board: 1x2\n_,_\n_,B\n_,W\n", "t.txt")
    assert instance.clues == ()
    cells = sorted(str(s) for s in instance.structure if s.name == "stone_cell")
    assert cells == ['stone_cell(0,0,0,"b")', 'stone_cell(0,1,0,"w")']


def test_white_corner_and_rectangular_board():
    instance = checkerboard.parse("board: 3x1\ncorner: W\nW,B,W\n", "t.txt")
    fields = sorted(str(s) for s in instance.structure if s.name == "field")
    assert fields == ['field(1,1,"w")', 'field(1,2,"b")', 'field(1,3,"w")']


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("# only a comment\n", None, "empty"),
    ("board: 2x2\n", None, "no stones"),
    ("B,W\nW\n", 2, "row has 1 fields"),
    ("B,X\n", 1, "unknown entry 'X'"),
    ("BX\n", 1, "unknown entry 'BX'"),
    ("B,_\n_,B\n=\nW\n=\nW\n", 1, "not connected"),
    ("B,B\n=\nW,W\n", 1, "same colour"),
    ("_,_\n", 1, "no squares"),
    ("B,W,B\n", None, "not a square number"),
    ("board: 3x3\nB,W\n=\nW,B\n", 1, "board has 9"),
    ("B\n=\nB\n=\nB\n=\nB\n", None, "2 white fields"),
    ("board: 2x2\ncorner: W\nB,W\n=\nB\n=\nB\n", 1, "3 black"),
    ("board: 8 by 8\nB\n", 1, "expected WxH"),
    ("board: 0x3\nB\n", 1, "out of range"),
    ("board: 41x1\nB\n", 1, "out of range"),
    ("corner: grey\nB\n", 1, "expected B or W"),
    ("colour: B\nB\n", 1, "unknown setting"),
    ("board: 1x1\nboard: 1x1\nB\n", 2, "given twice"),
    ("B\n=\nboard: 1x1\n", 3, "after the stones"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(checkerboard.parse, text, line, words)


def _count(path, symmetry: bool) -> int:
    instance = checkerboard.parse(path.read_text(), str(path))
    if symmetry:
        board = replace(instance.data, symmetry=True)
        instance = replace(instance, structure=checkerboard._structure(board), data=board)
    result = runner.solve(PUZZLE.encoding, instance.facts, runner.Limits(models=0))
    assert result.complete and result.messages == []
    return result.count


@pytest.mark.parametrize("name", ["dominoes-4x4", "dominoes-4x2", "corner-white", "tseaquist-small",
                                  "unsolvable", "identical"])
def test_counts_both_ways_match_the_independent_counter(name, tmp_path):
    if name == "identical":  # three identical trominoes and a square: swaps are no new tilings
        path = tmp_path / "identical.txt"
        path.write_text("board: 3x3\nB,W,B\n=\nW,B,W\n=\nB,W,B\n")
    else:
        path = FOLDER / f"{name}.txt"
    tilings = independent.tilings(path.read_text())
    assert _count(path, symmetry=False) == len(tilings)
    assert _count(path, symmetry=True) == independent.orbits(path.read_text(), tilings)


def test_known_counts_up_to_symmetry():
    # 4x4: 36 tilings; the 4 colour-preserving symmetries (half turn, both diagonals)
    # leave 11 classes. 2x4: the half turn pairs 2 of the 5 tilings.
    assert _count(FOLDER / "dominoes-4x4.txt", symmetry=True) == 11
    assert _count(FOLDER / "dominoes-4x2.txt", symmetry=True) == 4


def test_identical_stones_are_detected_in_any_orientation():
    # The first and last stones of the reference are identical; the L and N pairs are
    # colour-swapped copies, which are different stones.
    instance = checkerboard.parse(REFERENCE.read_text(), "reference.txt")
    ctl = clingo.Control()
    ctl.load(str(PUZZLE.encoding))
    ctl.add("base", [], facts_text(instance.facts))
    ctl.ground()
    pairs = [str(a.symbol) for a in ctl.symbolic_atoms.by_signature("identical", 2)]
    assert pairs == ["identical(0,11)"]


def _answer(cells: dict[tuple[int, int], int]) -> Answer:
    return Answer(tuple(fact("cover", r, c, s) for (r, c), s in cells.items()))


def test_render_shows_stone_letters_and_field_colours_without_colour():
    instance = checkerboard.parse("B,W\n=\nW,B\n", "t.txt")
    console = Console(width=80, color_system=None, record=True)
    console.print(registry()["checkerboard"].render(instance, _answer(
        {(1, 1): 0, (1, 2): 0, (2, 1): 1, (2, 2): 1})))
    lines = console.export_text().splitlines()
    assert lines[0].split() == ["A", "a"] and lines[1].split() == ["b", "B"]


def test_partial_answer_renders_and_gives_null():
    instance = checkerboard.parse("B,W\n=\nW,B\n", "t.txt")
    answer = _answer({(1, 1): 0})
    assert checkerboard.solution_json(instance, answer) == {"grid": [[0, None], [None, None]]}
    console = Console(width=80, color_system=None, record=True)
    console.print(registry()["checkerboard"].render(instance, answer))
    assert "·" in console.export_text()


def test_many_stones_get_two_letter_labels():
    assert [checkerboard.stone_label(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


def test_cli_reference_json_is_checked(capsys):
    assert main(["checkerboard", str(REFERENCE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "solved" and data["unique"] is False
    independent.check(REFERENCE.read_text(), data["solutions"][0])


def test_cli_up_to_symmetry_option(capsys):
    path = FOLDER / "dominoes-4x4.txt"
    assert main(["checkerboard", str(path), "--count", "--up-to-symmetry", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 11
    assert main(["checkerboard", str(path), "--facts", "--up-to-symmetry"]) == 0
    assert "up_to_symmetry." in capsys.readouterr().out


def test_cli_bad_file_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("B,W\nW,Q\n")
    assert main(["checkerboard", str(bad)]) == 2
    assert "bad.txt:2" in capsys.readouterr().err
