"""Nonogram: the three input formats, Tatham-style validation, round trips and drawing."""

from __future__ import annotations

import json

import pytest
from conftest import INSTANCES, assert_refused

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry

PUZZLE = registry()["nonogram"]
module = PUZZLE.module
REFERENCE = "10x10:2/3.2/1.1.3/2.5/2.2.4/1.1.4/1.3/1.1.2/4/4.1/5.2/2.3.3/1.2/6/3/1/4/6/7/4.1"
REFERENCE_NON = """title "reference"
width 10
height 10

rows
5,2
2,3,3
1,2
6
3
1
4
6
7
4,1

columns
2
3,2
1,1,3
2,5
2,2,4
1,1,4
1,3
1,1,2
4
4,1
"""


def _parse(text: str, source: str = "p.txt"):
    return module.parse(text, source)


def test_the_three_formats_give_the_same_clues():
    tatham = _parse(REFERENCE)
    lists = _parse((INSTANCES / "nonogram" / "lists.txt").read_text())
    non = _parse(REFERENCE_NON)
    assert set(tatham.clues) == set(lists.clues) == set(non.clues)
    assert tatham.structure == lists.structure == non.structure
    assert len(tatham.clues) == 20


@pytest.mark.parametrize("text", [
    REFERENCE + "\n", "\r\n" + REFERENCE + "\r\n", f"# a comment\n{REFERENCE}",
    REFERENCE.replace("10x10", "10 x 10"),
])
def test_tatham_variants(text):
    assert set(_parse(text).clues) == set(_parse(REFERENCE).clues)


def test_non_variants_spaces_empty_clues_and_metadata():
    text = "catalogue \"x\"\nby someone\nwidth: 3\nheight 2\nrows\n1 1\n0\ncolumns\n1\n\n0\n1\n"
    instance = _parse(text)
    assert fact("row_clue", 2, (), 0) in instance.clues
    assert fact("row_clue", 1, (1, ()), 1) in instance.clues
    assert instance.data.goal is None


def test_non_goal_is_kept_for_tests():
    path = INSTANCES / "nonogram" / "webpbn-1.non"
    instance = _parse(path.read_text(), str(path))
    assert instance.data.goal is not None and len(instance.data.goal) == 50


def test_lists_variants():
    one = _parse("([[1],[1]],[[1],[1]])")
    assert set(one.clues) == set(_parse("[[[1], [1]], [[1], [1]]]").clues)
    assert set(one.clues) == set(_parse("[[1],[1]],\n[[1],[1]]").clues)
    empty = _parse("([[2],[]],[[1],[0],[1]])")
    assert fact("col_clue", 2, (), 0) in empty.clues
    assert fact("row_clue", 2, (), 0) in empty.clues
    # Python solvers write tuples, with the trailing comma of a one-element tuple.
    assert set(one.clues) == set(_parse("(((1,), (1,)), ((1,), (1,)))").clues)
    assert set(one.clues) == set(_parse("([(1,), [1]], ((1), [1,],),)").clues)


def test_non_blank_lines_are_empty_lines_only_where_a_section_needs_them():
    text = "width 2\nheight 4\n\nrows\n\n1\n\n2\n\ncolumns\n2\n2\n"
    rows = sorted(c for c in _parse(text).clues if c.name == "row_clue")
    assert rows == [fact("row_clue", 1, (), 0), fact("row_clue", 2, (), 1),
                    fact("row_clue", 3, (), 0), fact("row_clue", 4, (), 2)]
    # A blank line after a section's last clue is spacing: a deleted clue line before
    # it leaves the section short, never an empty line in its place (issue 21).
    trailing = "width 1\nheight 2\nrows\n1\n\ncolumns\n1\n"
    with pytest.raises(InputError, match="too few row specifications: 1 given, height is 2"):
        _parse(trailing)
    with pytest.raises(InputError, match="write 0 for a row without black cells"):
        _parse("width 1\nheight 3\nrows\n1\n\ncolumns\n1\n")


def test_non_sizes_as_columns_and_rows_lines():
    text = "columns 2\nrows 1\nrows\n2\ncolumns\n1\n1\n"
    assert _parse(text).structure == (fact("width", 2), fact("height", 1))


@pytest.mark.parametrize(("text", "problem", "line"), [
    ("3x3:1/1/1/1/1", "too few row/column specifications", 1),
    ("3x3:1/1/1/1/1/1/1", "too many row/column specifications", 1),
    ("2x2:3/1/1/1", "column 1 contains more numbers than will fit", 1),
    ("2x2:1/1/1.1/1", "row 1 contains more numbers than will fit", 1),
    ("2x2:1/1/1/0", "row 2: all clues must be positive", 1),
    ("2x2:1/a/1/1", "column 2: unrecognised character", 1),
    ("# c\n0x2:1/1", "width: 0 is out of range", 2),
    ("2x2:1/1/1/1,4", "unrecognised character in clue squares", 1),
    ("2x2:1/1/1/1,A", "too little data in clue squares", 1),
    ("2x2:1/1/1/1,AdA", "too much data in clue squares", 1),
    ("2x2:1/1/1/99999", "grossly excessive", 1),
    ("([[1],[1]],[[1],x])", "unknown character 'x'", 1),
    ("([[1],[1]],[[1],[1]]", "or ')', found 'end of input'", 1),
    ("([[1],[1]])", "expected ','", 1),
    ("([[1],[3]],[[1],[1]])", "column 2 contains more numbers than will fit", 1),
    ("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n", "too few column specifications", 7),
    ("width 2\nheight 2\nrows\n1\n1\n1\ncolumns\n1\n1\n", "too many row specifications", 6),
    ("width 2\nheight 2\nrows\n1\n1,1\ncolumns\n1\n1\n",
     "row 2 contains more numbers than will fit", 5),
    ("width 2\nheight 2\n1\n", "outside a rows or columns section", 3),
    ("width 2\nrows\n1\n1\ncolumns\n1\n1\n", "no height line", 7),
    ("width 2\nheight x\n", "height: expected a whole number", 2),
    ("width 2\nheight 2\nrows\n1a\n", "unknown line", 4),
    ("width 2\nheight 2\nrows\n1,0\n", "a run of length 0", 4),
    ("   \n# only a comment\n", "empty file", None),
])
def test_bad_input_names_the_problem_and_line(text, problem, line):
    assert_refused(module.parse, text, line, problem)


def test_reference_solves_uniquely_and_clues_of_restates_the_clues(solve):
    instance = _parse(REFERENCE)
    result = solve("nonogram", instance)
    assert result.unique is True
    answer = result.answers[0]
    assert set(module.clues_of(instance, answer)) == set(instance.clues)
    assert module.solution_json(instance, answer)["grid"][0] == "#####...##"


def test_write_round_trips_every_clue_subset_and_givens():
    instance = _parse(REFERENCE)
    clues = list(instance.clues)
    for subset in (clues, clues[::2], clues[:3], []):
        text = module.write(instance, subset)
        assert set(_parse(text).clues) == set(subset)
    given = _parse((INSTANCES / "nonogram" / "given.txt").read_text())
    assert set(_parse(module.write(given, list(given.clues))).clues) == set(given.clues)
    wide = module.blank("30x2")
    squares = [fact("given", 1, 1, 1), fact("given", 2, 30, 0), fact("given", 1, 29, 0)]
    assert set(_parse(module.write(wide, squares)).clues) == set(squares)


def test_a_line_without_clue_is_free():
    instance = _parse("2x1:?/?/1")
    result = runner.solve(PUZZLE.encoding, instance.facts, runner.Limits(models=0))
    assert sorted(module.solution_json(instance, a)["grid"][0] for a in result.answers) == \
        ["#.", ".#"]


def test_blank_sizes():
    assert module.blank("7x5").data.width == 7
    assert module.blank("6").data.height == 6
    with pytest.raises(InputError):
        module.blank("0x3")


def test_describe_clue():
    instance = _parse("2x2:1/1/1/1,Ad")
    texts = [module.describe_clue(instance, clue) for clue in instance.clues]
    assert "the column 1 clue 1" in texts
    assert "the black cell given at (1,1)" in texts
    assert module.describe_clue(instance, fact("row_clue", 2, (), 0)) == "the row 2 clue 0"


def test_render_full_board_with_clues_and_partial_answers(solve, render):
    instance = _parse(REFERENCE)
    answer = solve("nonogram", instance).answers[0]
    text = render("nonogram", instance, answer)
    assert "2 3 3│████  ██████  ██████│" in text
    partial = Answer(tuple(s for s in answer.symbols if s.name != "white"))
    assert " ·" in render("nonogram", instance, partial)
    assert "?" in module.solution_json(instance, partial)["grid"][0]


@pytest.mark.parametrize(("width", "height", "chars"), [(60, 60, 62), (100, 41, 52)])
def test_render_large_boards_fit_80_columns(width, height, chars, render):
    instance = module.blank(f"{width}x{height}")
    cells = [fact("black" if (r * c) % 3 else "white", r, c)
             for r in range(1, height + 1) for c in range(1, width + 1)]
    lines = render("nonogram", instance, Answer(tuple(cells))).splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert len(lines[0]) == chars
    assert len(lines) == -(-height // 2) + 3


def test_cli_takes_a_game_id_as_argument_and_reports_uniqueness(capsys):
    assert main(["nonogram", REFERENCE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True
    assert main(["nonogram", "2x2:1/1/1/1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unique"] is False
    assert main(["nonogram", "2x2:3/1/1/1"]) == 2
    assert "column 1 contains more numbers than will fit" in capsys.readouterr().err


def test_the_benchmark_counts_the_cells_propagation_settles_before_any_choice(tmp_path):
    """benchmarks/nonogram_peers.py's `settled` column: all of a board that line solving
    settles, none of the 2x2 board with two solutions, and half of a board whose two
    solutions differ in its lower half only (rows 2 and 0 settled, rows 1 and 1 not)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from nonogram_peers import settled_share

    for name, text, share in [("reference", REFERENCE, 100.0), ("two", "2x2:1/1/1/1", 0.0),
                              ("half", "2x4:1.1/1.1/2//1/1", 50.0)]:
        path = tmp_path / f"{name}.txt"
        path.write_text(text + "\n")
        assert settled_share(path) == pytest.approx(share)
