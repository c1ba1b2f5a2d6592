"""Easy as ABC: the clue file and janko.at formats, errors, round trips, drawing, diagonals."""

from __future__ import annotations

import json

import pytest
from conftest import INSTANCES, assert_refused, without_atoms

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry

PUZZLE = registry()["abc"]
module = PUZZLE.module
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
    return module.parse(text, source)


def test_reference_facts():
    instance = _parse(REFERENCE)
    assert set(instance.structure) == {fact("size", 5), *(fact("letter", a) for a in "ABC")}
    assert len(instance.clues) == 20
    assert fact("clue", "top", 1, "C") in instance.clues
    assert fact("clue", "right", 5, "C") in instance.clues


@pytest.mark.parametrize("text", [
    REFERENCE.replace("CBABA", "C B A B A"), REFERENCE.replace("size: 5\n", ""),
    REFERENCE.replace("letters: ABC", "letters: 3"), REFERENCE.lower(),
    REFERENCE.replace("\n", "\r\n"), "# comment\n" + REFERENCE,
])
def test_format_variants(text):
    instance = _parse(text)
    assert set(instance.clues) == set(_parse(REFERENCE).clues)
    assert set(instance.structure) == set(_parse(REFERENCE).structure)


def test_janko_format_with_diagonals_numbers_and_givens():
    instance = _parse(JANKO)
    assert fact("diagonals") in instance.structure
    assert fact("clue", "bottom", 2, "A") not in instance.clues
    assert fact("clue", "left", 4, "A") in instance.clues  # `1` is A
    assert fact("clue", "right", 5, "C") in instance.clues
    assert {c for c in instance.clues if c.name == "given"} == {fact("given", 4, 1, "A")}


@pytest.mark.parametrize(("line", "diagonals"), [
    ("options diagonal", True), ("diagonals 1", True), ("diagonal\tyes", True),
    ("diagonals 0", False), ("diagonals -", False),
])
def test_janko_diagonal_rule_in_its_spellings(line, diagonals):
    text = JANKO.replace("options diagonal", line).replace("size 5", "size\t5")
    assert (fact("diagonals") in _parse(text).structure) is diagonals


@pytest.mark.parametrize(("text", "problem", "line"), [
    ("size: 5\nletters: ABC\ntop: CBAB\n", "top: expected 5 characters (one per column)", 3),
    ("size: 5\nletters: ABC\nleft: CBABAA\n", "left: expected 5 characters (one per row)", 3),
    ("size: 5\nletters: ABC\ntop: CBABD\n", "top 5: 'D' is not one of the letters ABC", 3),
    ("size: 3\nletters: ABCD\n", "4 letters do not fit in a row of 3 cells", 2),
    ("size: 3\nletters: AA\n", "repeats a letter", 2),
    ("size: 3\nletters: A1\n", "expected letters A-Z", 2),
    ("size: 3\nletters: 9\n", "out of range", 2),
    ("size: x\nletters: AB\n", "size: expected a whole number", 1),
    ("size: 0\nletters: AB\n", "out of range", 1),
    ("size: 3\nletters: AB\ncolour: red\n", "unknown line", 3),
    ("size: 3\nsize: 3\n", "given twice", 2),
    ("size: 3\n", "no letters line", None),
    ("letters: AB\n", "no size line", None),
    ("size: 3\nletters: AB\ndiagonals: maybe\n", "expected yes or no", 3),
    ("size: 3\nletters: AB\ngrid:\n...\n...\n", "expected 3 rows", 3),
    ("size: 3\nletters: AB\ngrid:\n...\n.C.\n...\n", "'C' is not one of the letters", 5),
    ("begin\nsize 3\ndepth 2\nclabels\n- ? -\n", "unknown entry", 5),
    ("begin\nsize 3\n", "begin without end", 1),
    ("   \n# only a comment\n", "empty file", None),
])
def test_bad_input_names_the_problem_and_line(text, problem, line):
    assert_refused(module.parse, text, line, problem)


def test_reference_solves_uniquely_and_round_trips(solve):
    instance = _parse(REFERENCE)
    result = solve("abc", instance)
    assert result.unique is True
    answer = result.answers[0]
    assert without_atoms(PUZZLE.solution_json(instance, answer)) == {"grid": REFERENCE_SOLUTION}
    implied = module.clues_of(instance, answer)
    assert set(instance.clues) <= set(implied)
    assert len(implied) == 20 + 25
    for subset in (implied, implied[:20], implied[20:], implied[5:30], []):
        again = _parse(module.write(instance, subset))
        assert set(again.clues) == set(subset)
        assert set(again.structure) == set(instance.structure)


def test_diagonals_round_trip_and_are_enforced(solve):
    instance = _parse(JANKO)
    assert fact("diagonals") in _parse(module.write(instance, [])).structure
    for answer in solve("abc", instance, models=0).answers:
        grid = PUZZLE.solution_json(instance, answer)["grid"]
        assert sorted(grid[i][i] for i in range(5) if grid[i][i] != ".") == list("ABC")
        assert sorted(grid[i][4 - i] for i in range(5) if grid[i][4 - i] != ".") == list("ABC")


def test_blank_and_describe_clue():
    assert set(module.blank("6x6:4").structure) == {
        fact("size", 6), *(fact("letter", a) for a in "ABCD")}
    assert module.blank("5").clues == ()
    with pytest.raises(InputError):
        module.blank("5x6")
    instance = _parse(REFERENCE)
    assert module.describe_clue(instance, fact("clue", "left", 4, "A")) == "the A left of row 4"
    assert module.describe_clue(instance, fact("given", 2, 3, "-")) == "the empty cell at (2,3)"


def test_render_clues_around_the_grid_and_partial_answers(solve, render):
    instance = _parse(REFERENCE)
    answer = solve("abc", instance).answers[0]
    lines = render("abc", instance, answer).splitlines()
    assert lines[0].split() == list("CBABA")
    assert lines[2].split("│")[0].strip() == "C" and lines[2].rstrip().endswith("A")
    assert [cell.strip() for cell in lines[2].split("│")[1:6]] == ["C", "B", "A", "-", "-"]
    partial = Answer(tuple(s for s in answer.symbols if s.name in ("clue", "given") or
                           s.arguments[0].number == 1))
    assert "·" in render("abc", instance, partial)
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
    assert "p.txt:3: top: expected 5 characters" in capsys.readouterr().err


def test_dash_and_underscore_are_no_clue_in_clue_lines():
    text = "size: 5\nletters: ABC\ntop: C-_.A\n"
    assert set(_parse(text).clues) == {fact("clue", "top", 1, "C"), fact("clue", "top", 5, "A")}


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
