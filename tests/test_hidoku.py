"""Hidoku: input variants, bad input, round trips, drawing, partial answers, the command line."""

from __future__ import annotations

import itertools
import json

import pytest
from conftest import ROOT, assert_refused

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import hidoku, registry

REFERENCE = ROOT / "instances" / "hidoku" / "10x10.csv"


def _facts(text: str) -> tuple[list[str], list[str]]:
    instance = hidoku.parse(text, "t.csv")
    return sorted(map(str, instance.structure)), sorted(map(str, instance.clues))


@pytest.mark.parametrize("text", [
    "1,_,X\n_,4,_\n",
    "1, __, x\r\n___,4,_\r\n",
    "# comment\n 1 , _ , X \n\n_,4,_",
    "1 __ ..\n__ 4 __\n",
    " 1 _ .\n_ 4 _",
    "1,0,XX\n?,4,??\n",
    "[01][??][XX]\n[??][04][??]\n",
])
def test_format_variants_give_the_same_facts(text):
    structure, clues = _facts(text)
    assert clues == ["given(1,1,1)", "given(2,2,4)"]
    assert "cell(1,3)" not in structure and len(structure) == 5


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("# just a comment\n", None, "empty"),
    ("1,_,_\n_,_\n", 2, "expected 3 fields"),
    ("1,_,_\n_,#,_\n", 2, "unknown entry '#'"),
    ("_,_\n#,4\n1,_\n", 2, "a row starting with '#'"),
    ("1,_\n_,1\n", 2, "given twice"),
    ("1,_\n_,5\n", 2, "out of range 1..4"),
    ("1,_\n_,-1\n-1,_\n", 2, "-1 is not a Hidato number"),
    ("X,X\nX,x\n", 1, "every cell is blocked"),
    ("5\n", 1, "(the board has 1 playable cell)"),
    ("1,_\n_,99999999999\n", 2, "too large"),
    ("1,,_\n", 1, "unknown entry ''"),
    ("_," * 300 + "_\n", 1, "too large"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(hidoku.parse, text, line, words, "bad.csv")


def test_irregular_board_without_first_and_last_given(solve):
    # A 3x3 with a blocked centre: a ring of 8 cells, only 4 fixed.
    result = solve("hidoku", hidoku.parse("_,_,_\n_,X,4\n_,_,_\n", "t.csv"), models=0)
    instance = hidoku.parse("_,_,_\n_,X,4\n_,_,_\n", "t.csv")
    grids = [hidoku.solution_json(instance, a)["grid"] for a in result.answers]
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
    result = solve("hidoku", hidoku.parse("1,_,_,_\n_,_,_,8\n", "t.csv"))
    assert result.status == runner.SOLVED
    assert solve("hidoku", hidoku.parse("_,2,_\n", "t.csv")).count == 2
    assert solve("hidoku", hidoku.parse("2,_,_\n", "t.csv")).status == runner.UNSOLVABLE


def test_round_trip_write_parse_and_clues_of(solve):
    instance = hidoku.parse(REFERENCE.read_text(), "10x10.csv")
    again = hidoku.parse(hidoku.write(instance, list(instance.clues)), "again.csv")
    assert again.clues == instance.clues and again.structure == instance.structure
    irregular = hidoku.parse("1,_,X\n_,4,_\n", "t.csv")
    back = hidoku.parse(hidoku.write(irregular, [fact("given", 2, 3, 5)]), "w.csv")
    assert back.structure == irregular.structure
    assert back.clues == (fact("given", 2, 3, 5),)
    answer = solve("hidoku", hidoku.parse("1,_,X\n_,4,_\n", "t.csv")).answers[0]
    clues = hidoku.clues_of(irregular, answer)
    assert len(clues) == 5 and all(c.name == "given" for c in clues)


def test_blank_sizes():
    assert len(hidoku.blank("5x3").structure) == 15
    assert len(hidoku.blank("4").structure) == 16
    assert hidoku.blank(None).clues == ()
    for bad in ("0x3", "3y3", "1000"):
        with pytest.raises(InputError):
            hidoku.blank(bad)


def test_render_givens_blocked_path_and_partial_answers(render):
    instance = hidoku.parse("1,_,X\n_,4,_\n", "t.csv")
    full = Answer((fact("number", 1, 1, 1), fact("number", 1, 2, 2), fact("number", 2, 1, 3),
                   fact("number", 2, 2, 4), fact("number", 2, 3, 5), fact("given", 1, 1, 1),
                   fact("given", 2, 2, 4)))
    text = render("hidoku", instance, full)
    assert "[1]" in text and "[4]" in text and " 3 " in text and "██" in text
    assert "→" not in text
    with_path = hidoku.configure(instance, {"path": True})
    drawn = render("hidoku", with_path, full)
    assert "[1]→" in drawn and " 2 ↙" in drawn and "[4]→" in drawn
    partial = Answer((fact("number", 1, 1, 1), fact("given", 1, 1, 1)))
    assert "·" in render("hidoku", with_path, partial)
    assert hidoku.solution_json(instance, partial) == {"grid": [[1, None, None],
                                                                [None, None, None]]}
    describe = registry()["hidoku"].describe_clue
    assert describe(instance, fact("given", 2, 2, 4)) == "the 4 at (2,2)"


def test_wide_board_is_drawn_within_80_columns(render):
    instance = hidoku.blank("30x2")
    answer = Answer(tuple(fact("number", r, c, 100 + c) for r in (1, 2) for c in range(1, 31)))
    lines = render("hidoku", instance, answer).splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].split()[:2] == ["1", "2"] and "130" in lines[-2]




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
