"""Easy as ABC: the clue file and janko.at formats, errors, round trips, drawing, diagonals."""

from __future__ import annotations

import json

import pytest
from clingo import Function, Number, String
from conftest import INSTANCES, assert_refused, without_atoms

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry

PUZZLE = registry()["abc"]
MAKING = PUZZLE.spec.generating
REFERENCE = (INSTANCES / "abc" / "reference.txt").read_text()
REFERENCE_SOLUTION = ["CBA..", "..CBA", ".CBA.", "A..CB", "BA..C"]

JANKO = """begin
author Someone
size 5
depth 3
options diagonal
clabels
c b a b a
b - b c c
rlabels
3 3 3 1 2
1 1 1 2 3
problem
- - - - -
- - - - -
- - - - -
a - - - -
- - - - -
solution
c b a - -
end
"""


def _parse(text: str, source: str = "p.txt"):
    return PUZZLE.parse(text, source)


def param(name: str, value: int):
    return Function("param", [Function(name), Number(value)])


def outside(side: str, line: int, letter: str):
    """The clue beside a line: its letter as the rules see it, A for 1."""
    return Function("outside", [Function(side), Number(line), Number(1),
                                Number(ord(letter) - ord("A") + 1)])


def test_reference_facts():
    instance = _parse(REFERENCE)
    assert {fact("grid", 5, 5), param("letters", 3)} <= set(instance.structure)
    assert len(instance.clues) == 20
    assert outside("top", 1, "C") in instance.clues
    assert outside("right", 5, "C") in instance.clues


@pytest.mark.parametrize("text", [
    REFERENCE.replace("CBABA", "C B A B A"), REFERENCE.replace("size: 5\n", ""),
    REFERENCE.replace("letters: ABC", "letters: 3"), REFERENCE.lower(),
    REFERENCE.replace("\n", "\r\n"), "# comment\n" + REFERENCE,
    REFERENCE.replace("letters: ABC\n", ""),  # left out: two fewer than the columns
])
def test_format_variants(text):
    instance = _parse(text)
    assert set(instance.clues) == set(_parse(REFERENCE).clues)
    assert set(instance.structure) == set(_parse(REFERENCE).structure)


def test_janko_format_with_diagonals_numbers_and_givens():
    instance = _parse(JANKO)
    assert param("diagonals", 1) in instance.structure
    assert outside("bottom", 2, "A") not in instance.clues
    assert outside("left", 4, "A") in instance.clues  # `1` is A
    assert outside("right", 5, "C") in instance.clues
    assert [c for c in instance.clues if c.name == "number"] == [fact("number", 4, 1, 1)]


@pytest.mark.parametrize(("line", "diagonals"), [
    ("options diagonal", True), ("diagonals 1", True), ("diagonal\tyes", True),
    ("diagonals 0", False), ("diagonals -", False),
    ("diagonals \u00b2", True),  # not a number of ours: a word, which turns the rule on
])
def test_janko_diagonal_rule_in_its_spellings(line, diagonals):
    text = JANKO.replace("options diagonal", line).replace("size 5", "size\t5")
    assert (param("diagonals", 1) in _parse(text).structure) is diagonals


@pytest.mark.parametrize(("text", "problem", "line"), [
    ("size: 5\nletters: ABC\ntop: CBAB\n", "top: expected 5 clues (one per column)", 3),
    ("size: 5\nletters: ABC\nleft: CBABAA\n", "left: expected 5 clues (one per row)", 3),
    ("size: 5\nletters: ABC\ntop: CBABD\n", "top clue 5: D is out of range A..C", 3),
    ("size: 3\nletters: ABCD\n", "letters: 4 is out of range 1..3 for a 3x3 grid", 2),
    ("size: 3\nletters: AA\n", "expected the letters from A in order", 2),
    ("size: 3\nletters: A1\n", "expected the letters from A in order", 2),
    ("size: 3\nletters: 9\n", "out of range", 2),
    ("size: x\nletters: AB\n", "size: expected a whole number", 1),
    ("size: 0\nletters: AB\n", "0 rows: a grid has 1 to 1000", 1),
    ("size: 3\nletters: AB\ncolour: red\n", "unknown line", 3),
    ("size: 3\nletters: 2\nsize: 3\n", "given twice", 3),
    ("letters: AB\n", "no size line", 1),
    ("size: 3\nletters: AB\ndiagonals: maybe\n", "diagonals: expected a whole number", 3),
    ("size: 3\nletters: AB\ngrid:\n...\n...\n", "expected 3 rows", 3),
    ("size: 3\nletters: AB\ngrid:\n...\n.C.\n...\n", "C is out of range A..B", 5),
    ("begin\nsize 3\ndepth 2\nclabels\n- ? -\n- - -\nend\n", "'?' is not a letter", 5),
    ("begin\nsize 3\n", "the data block has no 'end' line", 2),
    ("begin\nsize 3\ndepth 4\nend\n", "letters: 4 is out of range 1..3", 3),
    ("   \n# only a comment\n", "empty", None),
])
def test_bad_input_names_the_problem_and_line(text, problem, line):
    assert_refused(PUZZLE.parse, text, line, problem)


def test_reference_solves_uniquely_and_round_trips(solve):
    instance = _parse(REFERENCE)
    result = solve("abc", instance)
    assert result.unique is True
    answer = result.answers[0]
    assert without_atoms(PUZZLE.solution_json(instance, answer)) == {"grid": REFERENCE_SOLUTION}
    implied = MAKING.clues_of(instance, answer)
    assert set(instance.clues) <= set(implied)
    assert len(implied) == 20 + 25  # the letters outside, and every cell: a letter or empty
    for subset in (implied, implied[:20], implied[20:], implied[5:30], []):
        again = _parse(PUZZLE.writer("text")(instance, subset))
        assert set(again.clues) == set(subset)
        assert set(again.structure) == set(instance.structure)


def test_diagonals_round_trip_and_are_enforced(solve):
    instance = _parse(JANKO)
    assert param("diagonals", 1) in _parse(PUZZLE.writer("text")(instance, [])).structure
    for answer in solve("abc", instance, models=0).answers:
        grid = PUZZLE.solution_json(instance, answer)["grid"]
        assert sorted(grid[i][i] for i in range(5) if grid[i][i] != ".") == list("ABC")
        assert sorted(grid[i][4 - i] for i in range(5) if grid[i][4 - i] != ".") == list("ABC")


def test_blank_and_describe_clue():
    blank = MAKING.blank("6x6")
    assert {fact("grid", 6, 6), param("letters", 4)} <= set(blank.structure)
    assert MAKING.blank("5").clues == ()
    with pytest.raises(InputError):
        MAKING.blank("5x6")
    instance = _parse(REFERENCE)
    assert PUZZLE.describe_clue(instance, outside("left", 4, "A")) == "the A left of row 4"
    assert PUZZLE.describe_clue(instance, fact("unshaded", 2, 3)) == \
        "the unshaded cell at (2,3)"


def test_render_clues_around_the_grid_and_partial_answers(solve, render):
    instance = _parse(REFERENCE)
    answer = solve("abc", instance).answers[0]
    lines = render("abc", instance, answer).splitlines()
    assert lines[0].split() == list("CBABA")
    left, cells, right = lines[2].split("\u2503")
    assert left.strip() == "C" and right.strip() == "A"
    assert [cell.strip() for cell in cells.split("\u2502")] == ["C", "B", "A", "", ""]
    partial = Answer(tuple(s for s in answer.symbols if s.arguments[0].number == 1))
    assert "\u00b7" in render("abc", instance, partial)
    assert PUZZLE.solution_json(instance, partial)["grid"] == ["CBA..", *["?????"] * 4]


def test_cli_json_and_errors(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(REFERENCE)
    assert main(["abc", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True
    assert list(map(without_atoms, data["solutions"])) == [{"grid": REFERENCE_SOLUTION}]
    path.write_text("size: 5\nletters: ABC\ntop: CB\n")
    assert main(["abc", str(path)]) == 2
    assert "p.txt:3: top: expected 5 clues" in capsys.readouterr().err


def test_dash_and_underscore_are_no_clue_in_clue_lines():
    text = "size: 5\nletters: ABC\ntop: C-_.A\n"
    assert set(_parse(text).clues) == {outside("top", 1, "C"), outside("top", 5, "A")}


def test_a_cell_given_empty_is_kept_and_written_back():
    text = "size: 5\nletters: ABC\ngrid:\n.....\n..-..\n.....\n...C.\n.....\n"
    instance = _parse(text)
    assert set(instance.clues) == {fact("unshaded", 2, 3), fact("number", 4, 4, 3)}
    written = PUZZLE.writer("text")(instance, list(instance.clues))
    assert _parse(written).facts == instance.facts
    with pytest.raises(InputError, match=r"unshaded cell \(2,3\) has no place in a puzz"):
        PUZZLE.writer("puzzlink")(instance, list(instance.clues))


def test_the_puzzlekit_layout_names_the_last_letter():
    layout = _parse("3 3 b\n- a -\n- - -\nb - -\n- - -\na - -\n- - -\n- - -\n")
    keys = _parse("size: 3\nletters: AB\ntop: .A.\nleft: B..\ngrid:\nA..\n...\n...\n")
    assert layout.facts == keys.facts
    assert String("A") not in [a for c in layout.clues for a in c.arguments]


def test_tabs_between_a_key_and_its_clues_read_as_spaces(tmp_path, capsys):
    # The reader and the independent checker both take tabs as spacing (a hardening
    # mutation replaced spaces by tabs; the checker once kept them as letters).
    from checkers import checker
    tabbed = REFERENCE.replace("top:    ", "top:\t").replace("left:   ", "left:\t")
    assert "\t" in tabbed
    (tmp_path / "tabs.txt").write_text(tabbed)
    assert main(["abc", str(tmp_path / "tabs.txt"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    checker("abc").check(tabbed, data["solutions"][0])


def test_the_legend_says_when_the_diagonals_count_too(capsys):
    assert main(["abc", str(INSTANCES / "abc" / "diagonal-givens.txt")]) == 0
    assert "letters A..C; diagonals" in " ".join(capsys.readouterr().out.split())
    assert main(["abc", str(INSTANCES / "abc" / "reference.txt")]) == 0
    assert "diagonals" not in capsys.readouterr().out


def test_janko_names_the_diagonal_variant_in_the_puzzle_line():
    # janko.at's Abc-End-View 161 to 180 say `puzzle abcendview, diagonals`; 175 says
    # `diagonals no` instead (tkoz0/janko.at-puzzle-scraping's records of the pages)
    text = JANKO.replace("options diagonal", "puzzle abcendview, diagonals")
    assert param("diagonals", 1) in _parse(text).structure
    plain = JANKO.replace("options diagonal", "puzzle abcendview\ndiagonals no")
    assert param("diagonals", 1) not in _parse(plain).structure
    with pytest.raises(InputError, match="'abcendview, toroidal' is a variant"):
        _parse(JANKO.replace("options diagonal", "puzzle abcendview, toroidal"))
