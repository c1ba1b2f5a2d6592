"""Equation crossword: input variants, bad input, drawing, round trips, the command line."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT, assert_refused, without_atoms
from rich.console import Console

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import equation, registry

REFERENCE = ROOT / "instances" / "equation" / "reference.txt"
SOLUTION = [[26, 19, 16], [25, 8, 16], [15, 0, 11]]


def _answer(grid: list[list[int]], clues: tuple = ()) -> Answer:
    values = [fact("value", r, c, v) for r, row in enumerate(grid, start=1)
              for c, v in enumerate(row, start=1)]
    return Answer(tuple(values) + tuple(clues))


def test_reference_facts():
    instance = equation.parse(REFERENCE.read_text(), "reference.txt")
    assert fact("given", 1, 1, 26) in instance.clues
    assert fact("result", ("row", 1), -278) in instance.clues
    assert fact("result", ("col", 3), 245) in instance.clues
    assert fact("op", ("row", 1), 2, "-") in instance.structure
    assert fact("op", ("col", 3), 3, "-") in instance.structure
    assert {fact("low", -9), fact("high", 99)} <= set(instance.structure)
    assert len(instance.clues) == 7


@pytest.mark.parametrize("text", [
    "26-_*_=-278\n+ + *\n_*_+_=216\n- + -\n_*_+_=11\n= = =\n36 27 245\n",
    "range: -9..99\r\n26 \u2212 _ \u00d7 _ = \u2212278\r\n+ + x\r\n_ x _ + _ = 216\r\n- + -\r\n"
    "_ · _ + _ = 11\r\n= = =\r\n36 27 245",
    "# comment\n\n 26 - __ * __ = -278\n  +    +    *\n__ * __ + __ = 216\n -  +  -\n"
    "__ * __ + __ = 11\n=  =  =\n36 27 245\n",
])
def test_format_variants(text):
    reference = equation.parse(REFERENCE.read_text(), "r.txt")
    instance = equation.parse(text, "t.txt")
    assert set(instance.clues) == set(reference.clues)
    assert set(instance.structure) == set(reference.structure)


def test_signs_after_cells_are_operators():
    instance = equation.parse("3 -2 = 1\n= =\n-3 -2\n", "t.txt")
    assert fact("given", 1, 2, 2) in instance.clues and fact("op", ("row", 1), 2, "-") in \
        instance.structure
    assert {fact("result", ("col", 1), -3), fact("result", ("col", 2), -2)} <= set(
        instance.clues)


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("range: 1..9\n", 1, "expected equation rows"),
    ("_ + _ = 3\n+ +\n", 2, "expected equation rows"),
    ("_ + _ 3\n= =\n1 2\n", 1, "ends with `= result`"),
    ("_ + _ = 3\n= =\n1 2 3\n", 3, "expected 2 column results"),
    ("_ + _ = 3\n+ +\n_ + _ + _ = 4\n= =\n1 2\n", 3, "expected 2 cells"),
    ("_ + _ = 3\n+\n_ + _ = 4\n= =\n1 2\n", 2, "operator row of 2"),
    ("_ + _ = 3\n+ +\n_ + _ = 4\n= +\n1 2\n", 4, "row of 2 `=`"),
    ("_ ? _ = 3\n= =\n1 2\n", 1, "unknown character '?'"),
    ("_ _ + = 3\n= =\n1 2\n", 1, "expected an operator"),
    ("range: 9..1\n_ = 3\n=\n3\n", 1, "empty"),
    ("range: 1..5000\n_ * _ * _ = 3\n= = =\n_ _ _\n", 2, "32-bit"),
    ("_ = +\n=\n3\n", 1, "must be a number"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(equation.parse, text, line, words)


def _text(renderable) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_full_and_partial():
    instance = equation.parse(REFERENCE.read_text(), "r.txt")
    full = _text(registry()["equation"].render(instance, _answer(SOLUTION, instance.clues)))
    assert "[26]" in full and " 19 " in full and "-278" in full and "245" in full
    assert all(len(line) <= 80 for line in full.splitlines())
    partial = Answer((fact("value", 1, 2, 19), *instance.clues))
    text = _text(registry()["equation"].render(instance, partial))
    assert "·" in text and "19" in text
    assert equation.solution_json(instance, partial)["grid"][2] == [None, None, None]


def test_evaluate_precedence():
    assert equation.evaluate([26, 19, 16], ["-", "*"]) == -278
    assert equation.evaluate([8, 2, 3], ["/", "*"]) == 12
    assert equation.evaluate([7, 2, 1], ["/", "+"]) is None
    assert equation.evaluate([7, 0, 1], ["/", "-"]) is None


def test_clues_write_parse_round_trip():
    instance = equation.parse(REFERENCE.read_text(), "r.txt")
    clues = equation.clues_of(instance, _answer(SOLUTION))
    assert set(instance.clues) <= set(clues) and len(clues) == 9 + 6
    for subset in (clues, list(instance.clues), clues[3:8], []):
        back = equation.parse(equation.write(instance, subset), "w.txt")
        assert set(back.clues) == set(subset)
        assert back.structure == instance.structure


def test_blank_solves_and_describes():
    blank = equation.blank("2x3")
    assert blank.data.rows == 2 and blank.data.columns == 3
    with pytest.raises(InputError):
        equation.blank("0x3")
    instance = equation.parse(REFERENCE.read_text(), "r.txt")
    assert equation.describe_clue(instance, fact("given", 1, 1, 26)) == "the 26 at (1,1)"
    assert equation.describe_clue(instance, fact("result", ("col", 2), 27)) == \
        "the result 27 of column 2"


def test_division_exact_and_not_by_zero(solve):
    # a / b = 2 with a, b in 0..4: (2,1), (4,2); the columns are open.
    instance = equation.parse("range: 0..4\n_ / _ = 2\n= =\n_ _\n", "t.txt")
    result = solve("equation", instance, models=0)
    pairs = sorted(tuple(v for _, _, v in a.atoms("value", 3)) for a in result.answers)
    assert pairs == [(2, 1), (4, 2)]


def test_cli_json(capsys):
    assert main(["equation", str(REFERENCE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "solved" and data["unique"] is True
    assert list(map(without_atoms, data["solutions"])) == [{"grid": SOLUTION}]


def _brute_force(text: str, low: int, high: int, rows: int, columns: int) -> set[str]:
    """Every grid of the range that the independent checker accepts."""
    from itertools import product

    from checkers import checker

    rules = checker("equation")
    found = set()
    for values in product(range(low, high + 1), repeat=rows * columns):
        grid = [list(values[r * columns:(r + 1) * columns]) for r in range(rows)]
        try:
            rules.check(text, {"grid": grid})
        except AssertionError:
            continue
        found.add(json.dumps(grid))
    return found


@pytest.mark.parametrize(("text", "rows", "columns"), [
    # four operands: two product terms (the unpruned, forward-evaluated case)
    ("range: -2..3\n_ * _ + _ * _ = 5\n= = = =\n_ _ _ _\n", 1, 4),
    # times 0 after a division: the division must still be exact
    ("range: -2..2\n_ / _ * _ = 0\n= = =\n_ _ _\n", 1, 3),
    # a lone product with a division, and minus before a product
    ("range: -3..3\n_ * _ / _ = 2\n- + *\n_ - _ * _ = -1\n= = =\n_ 1 _\n", 2, 3),
    ("range: 0..4\n_ / _ - _ = 1\n* / +\n_ * _ - _ = 2\n= = =\n4 _ 3\n", 2, 3),
    # given cells outside the range stay what they are
    ("range: 0..2\n7 * _ = 14\n= =\n_ _\n", 1, 2),
    # open results: the equations still divide exactly, and never by 0
    ("range: 1..4\n4 / _ = 2\n/   /\n_ / _ = _\n=   =\n_   1\n", 2, 2),
    ("range: -4..4\n4 / _ = -2\n/   /\n_ / _ = _\n=   =\n2   _\n", 2, 2),
])
def test_solutions_match_brute_force(text, rows, columns, solve):
    low, high = (int(x) for x in text.split("\n")[0].split(":")[1].split(".."))
    result = solve("equation", equation.parse(text, "t.txt"), models=0)
    found = {json.dumps(equation.solution_json(equation.parse(text, "t"), a)["grid"])
             for a in result.answers}
    expected = _brute_force(text, min(low, 7), max(high, 7) if "7" in text else high,
                            rows, columns)
    assert found == expected and len(result.answers) == len(found)


def test_small_range_count_is_brute_force():
    path = ROOT / "instances" / "equation" / "small-range.txt"
    assert len(_brute_force(path.read_text(), 1, 6, 2, 2)) == 4


def test_clues_can_be_dropped():
    # every clue fact may be absent (generate, explain): the rest still solves correctly
    from checkers import checker

    instance = equation.parse(REFERENCE.read_text(), "r.txt")
    encoding = registry()["equation"].encoding
    for dropped in instance.clues:
        kept = [clue for clue in instance.clues if clue != dropped]
        result = runner.solve(encoding, [*instance.structure, *kept], runner.Limits(models=1))
        assert result.messages == [] and result.answers
        checker("equation").check(equation.write(instance, kept),
                                  equation.solution_json(instance, result.answers[0]))
