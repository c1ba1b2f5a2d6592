"""Magic board: input variants, bad input, drawing, round trips, the command line."""

from __future__ import annotations

import json

import pytest
from clingo import Function, Number
from conftest import ROOT, assert_refused
from rich.console import Console

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry

MAGIC = registry()["magic"]
REFERENCE = ROOT / "instances" / "magic" / "5x5.csv"


def low(value: int):
    return Function("param", [Function("low"), Number(value)])


def test_reference_facts():
    instance = MAGIC.parse(REFERENCE.read_text(), "5x5.csv")
    assert {fact("grid", 5, 5), low(5)} <= set(instance.structure)
    assert len(instance.clues) == 8 and fact("number", 1, 5, 15) in instance.clues


@pytest.mark.parametrize("text", [
    "4,9,_\n_,_,_\n_,_,_\n",
    "range: 1..9\r\n4, 9, __\r\n_,_,_\r\n_,_,_",
    "# Lo Shu\n\n 4 ,9,___\n__,__,__\n__,__,__\n",
])
def test_format_variants(text):
    instance = MAGIC.parse(text, "t.csv")
    assert instance.clues == (fact("number", 1, 1, 4), fact("number", 1, 2, 9))
    assert low(1) in instance.structure


def test_negative_range():
    counts = []
    for text in ("range: -4..4\n-1,_,_\n_,_,_\n_,_,_\n", "range: -4..4\n_,0,_\n_,_,_\n_,_,_\n"):
        instance = MAGIC.parse(text, "t.csv")
        assert low(-4) in instance.structure
        counts.append(runner.solve(MAGIC.encoding, instance.facts,
                                   runner.Limits(models=0)).count)
    # The Lo Shu minus 5: -1 (its 4) in a corner twice; 0 (its centre) never on row 1.
    assert counts == [2, 0]


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("range: 1..9\n", 1, "no grid"),
    ("1,2\n3,4,5\n", 2, "expected 2 fields like the first row"),
    ("1,2,3\n_,_,_\n", 1, "square"),
    ("10,_,_\n_,_,_\n_,_,_\n", 1, "out of range 1..9"),
    ("1,_,_\n_,_,_\n_,1,_\n", 3, "1 is given twice"),
    ("1,x,_\n_,_,_\n_,_,_\n", 1, "unknown token 'x'"),
    ("range: 1..10\n_,_,_\n_,_,_\n_,_,_\n", 1, "needs 9"),
    ("range: 1-9\n_,_,_\n_,_,_\n_,_,_\n", 1, "expected LO..HI"),
    ("range: 1..99999999999\n_\n", 1, "too large"),
    ("#\n_,_\n_,5\n", 3, "out of range 1..4"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(MAGIC.parse, text, line, words, "bad.csv")


def _text(renderable) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_full_and_partial():
    instance = MAGIC.parse("4,_,_\n_,_,_\n_,_,_\n", "t.csv")
    square = [[4, 9, 2], [3, 5, 7], [8, 1, 6]]
    values = [fact("value", r, c, v) for r, row in enumerate(square, start=1)
              for c, v in enumerate(row, start=1)]
    text = _text(MAGIC.render(instance, Answer(tuple(values))))
    assert "[4]" in text and " 9 " in text and "numbers 1..9" in text
    partial = Answer((fact("value", 2, 2, 5),))
    assert "·" in _text(MAGIC.render(instance, partial))
    assert MAGIC.solution_json(instance, partial)["grid"] == [
        [4, None, None], [None, 5, None], [None, None, None]]
    conflict = _text(MAGIC.render_conflict(instance, [fact("number", 1, 1, 4)]))
    assert ">4<" in conflict
    assert MAGIC.describe_clue(instance, fact("number", 1, 1, 4)) == "the 4 at (1,1)"


def test_write_round_trip():
    instance = MAGIC.parse(REFERENCE.read_text(), "5x5.csv")
    text = MAGIC.writer("text")(instance, list(instance.clues))
    again = MAGIC.parse(text, "written.txt")
    assert set(again.clues) == set(instance.clues) and again.structure == instance.structure
    assert text.startswith("range: 5..29\n5 5\n")


def test_blank_and_clues_of():
    making = MAGIC.spec.generating
    blank = making.blank("3x3")
    assert blank.clues == () and low(1) in blank.structure
    assert making.blank(None).data.rows == 4 and making.blank("5").data.rows == 5
    for bad in ("3x4", "x", "0", "abc", "10000"):
        with pytest.raises(InputError):
            making.blank(bad)
    answer = Answer((fact("value", 1, 1, 4), fact("value", 1, 2, 9)))
    clues = making.clues_of(blank, answer)
    written = MAGIC.writer("text")(blank, clues)
    assert MAGIC.parse(written, "w.txt").clues == tuple(clues)


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_reference_unique(capsys):
    code, out, _ = run(capsys, "magic", str(REFERENCE), "--json")
    data = json.loads(out)
    assert code == 0 and data["unique"] is True
    assert data["solutions"][0]["grid"][0] == [28, 24, 6, 12, 15]


def test_cli_empty_board_count_is_capped_and_says_so(capsys):
    empty = ROOT / "instances" / "magic" / "5x5-empty.csv"
    code, out, _ = run(capsys, "magic", str(empty), "--count", "--cap", "30")
    assert code == 0 and "cap" in out
    code, out, _ = run(capsys, "magic", str(empty), "--count", "--cap", "30", "--json")
    data = json.loads(out)
    assert data["capped"] is True and data["complete"] is False and data["count"] == 30
    # No cap in force (--cap 0): stopped by the time limit, not capped.
    code, out, _ = run(capsys, "magic", str(empty), "--count", "--cap", "0", "--time-limit",
                       "0.5", "--json")
    data = json.loads(out)
    assert code == 4 and data["status"] == "timeout" and "capped" not in data


def test_cli_unsolvable_explained(capsys):
    bad = ROOT / "instances" / "magic" / "3x3-unsolvable.csv"
    code, out, _ = run(capsys, "magic", str(bad))
    assert code == 1
    code, out, _ = run(capsys, "magic", str(bad), "--explain")
    assert code == 1 and "the 4 at (2,2)" in out


def test_cli_too_large_is_refused(capsys, tmp_path):
    big = tmp_path / "big.csv"
    big.write_text("\n".join([",".join(["_"] * 21)] * 21))
    code, _, err = run(capsys, "magic", str(big))
    assert code == 2 and "limit" in err
