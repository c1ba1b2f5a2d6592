"""Countdown: input variants, bad input, expressions, --all, --targets, the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from checkers import countdown as checker
from conftest import ROOT, assert_refused
from rich.console import Console

from pyasp_runner.cli import main
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import countdown, registry

FOLDER = ROOT / "instances" / "countdown"


@pytest.mark.parametrize("text", [
    "100 75 2 10 3 8 -> 746",
    "100, 75, 2, 10, 3, 8->746\n",
    "# a round\r\nnumbers: 100 75 2 10 3 8\r\ntarget: 746\r\n",
    "target: 746\nNumbers: 100 75 2 10 3 8",
])
def test_format_variants(text):
    instance = countdown.parse(text, "t.txt")
    assert instance.structure == (*(fact("number", i, v) for i, v in
                                    enumerate((100, 75, 2, 10, 3, 8), start=1)),
                                  fact("target", 746))
    assert instance.clues == ()


def test_target_range_and_numbers_only():
    batch = countdown.parse("1 2 3 -> 10..20", "t.txt")
    assert fact("targets", 10, 20) in batch.structure
    assert countdown.parse("numbers: 4 5", "t.txt").data.target is None
    assert countdown.parse("4 5\n", "t.txt").data.numbers == (4, 5)


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("# only a comment\n", None, "empty"),
    ("target: 5\n", None, "no numbers"),
    ("1 2 x -> 5", 1, "number 3: expected a positive whole number, found 'x'"),
    ("1 0 -> 5", 1, "number 2: 0 is not positive"),
    ("1 -2 -> 5", 1, "number 2"),
    ("-> 5", 1, "no numbers before the target"),
    ("1 2 -> five", 1, "target: expected a positive whole number"),
    ("1 2 -> 0", 1, "target 0 is out of range"),
    ("1 2 -> 9..3", 1, "empty"),
    ("1 2 -> 1..5000000", 1, "longer than"),
    ("numbers: 1 2\nnumbers: 3\n", 2, "a second 'numbers' line"),
    ("1 2 -> 3\n4 5 -> 6\n", 2, "expected `numbers -> target`"),
    ("hello\n", 1, "number 1: expected a positive whole number, found 'hello'"),
    ("size: 5\n", 1, "expected `numbers -> target`"),
    ("1000 1000 1000 1000 -> 5", 1, "32-bit"),
    ("99999999999 -> 5", 1, "too large"),
])
def test_bad_input(text, line, words):
    assert_refused(countdown.parse, text, line, words)


@pytest.mark.parametrize(("expression", "value", "used"), [
    ("10*75-8/2", 746, 4), ("(25-10)*(1+50)", 765, 4), ("2*(3*5)", 30, 3),
    ("100-(3-2)", 99, 3), ("7", 7, 1),
])
def test_checker_evaluates(expression, value, used):
    assert checker.evaluate(expression) == (value, checker.evaluate(expression)[1])
    assert len(checker.evaluate(expression)[1]) == used


@pytest.mark.parametrize("expression", ["3-5", "7/2", "5-5"])
def test_checker_rejects_invalid_steps(expression):
    with pytest.raises(AssertionError):
        checker.evaluate(expression)


def _answer(*symbols):
    return Answer(tuple(symbols))


def test_expression_and_steps_from_atoms():
    # 10*75-8/2: codes 1 = 2, 4 = 8, 8 = 10, 16 = 75 (one copy of each).
    answer = _answer(fact("result", 746, 4),
                     fact("node", 29, 746, "sub", 24, 750, 5, 4),
                     fact("node", 24, 750, "mul", 8, 10, 16, 75),
                     fact("node", 5, 4, "div", 4, 8, 1, 2))
    instance = countdown.parse("100 75 2 10 3 8 -> 746", "t")
    assert countdown.solution_json(instance, answer) == {
        "expression": "10*75-8/2", "value": 746, "numbers_used": 4}
    console = Console(width=80, record=True, color_system=None)
    console.print(registry()["countdown"].render(instance, answer))
    text = console.export_text()
    assert "75 * 10 = 750\n  8 / 2 = 4\n  750 - 4 = 746" in text
    assert "4 numbers, 3 operations" in text


def test_partial_answer_renders():
    instance = countdown.parse("1 2 -> 3", "t")
    assert countdown.solution_json(instance, _answer())["value"] is None
    console = Console(width=80, record=True, color_system=None)
    console.print(registry()["countdown"].render(instance, _answer()))
    assert "·" in console.export_text()


def _run(capsys, *argv):
    code = main(["countdown", *argv])
    return code, capsys.readouterr()


def test_cli_exact(capsys):
    code, out = _run(capsys, "100 75 2 10 3 8 -> 746")
    assert code == 0
    assert "10*75-8/2 = 746" in out.out and "unique" in out.out


def test_cli_closest(capsys):
    code, out = _run(capsys, str(FOLDER / "hutton-831.txt"), "--json")
    data = json.loads(out.out)
    assert code == 0 and data["status"] == "closest"
    assert data["closest"]["distance"] == 1
    assert abs(data["solutions"][0]["value"] - 831) == 1
    # Every closest answer: 830 and 832, each with five numbers (26 ways in all).
    code, out = _run(capsys, str(FOLDER / "hutton-831.txt"), "--json", "-n", "0")
    data = json.loads(out.out)
    assert (code, data["count"], data["complete"]) == (0, 26, True)
    assert {(s["value"], s["numbers_used"]) for s in data["solutions"]} == {(830, 5), (832, 5)}
    code, out = _run(capsys, str(FOLDER / "hutton-831.txt"))
    assert "831 cannot be reached" in out.out


def test_cli_all_counts_hutton_ways(capsys):
    # Hutton (2002): 49 solutions once x+y, x*y keep one operand order and *1, /1 go.
    code, out = _run(capsys, str(FOLDER / "hutton-765.txt"), "--all", "--json")
    data = json.loads(out.out)
    assert code == 0 and (data["count"], data["complete"]) == (49, True)
    expressions = [s["expression"] for s in data["solutions"]]
    assert len(set(expressions)) == 49
    for solution in data["solutions"]:
        value, leaves = checker.evaluate(solution["expression"])
        assert value == 765 and len(leaves) == solution["numbers_used"]


@pytest.mark.parametrize(("text", "ways"), [
    ("7 134 654222 -> 613660236", 3),  # 613660236*7 wraps to 654356 = 134+654222
    ("5 4 43383508 -> 867670160", 3),  # 867670160*5 wraps to 43383504 = 43383508-4
])
def test_all_ways_stay_exact_near_the_32_bit_limit(capsys, text, ways):
    code, out = _run(capsys, text, "--all", "--json")
    data = json.loads(out.out)
    assert code == 0 and (data["count"], data["complete"]) == (ways, True)
    for solution in data["solutions"]:
        checker.check(text, solution)


@pytest.mark.parametrize(("text", "used", "distance"), [
    # only all six numbers reach it, through a product of 7600 (ten times the target)
    ("50 10 2 6 25 10 -> 759", 6, 0),
    # only as a five-number rest divided by the sixth number: the rest must reach 2090
    ("10 4 25 6 5 10 -> 418", 6, 0),
    ("1 3 4 6 10 10 -> 880", 6, 0),    # a number given twice, all six needed
    ("10 9 2 25 7 1 -> 960", 5, 0),    # five numbers at the fewest: the whole set less one
    # out of reach; 932 needs all six numbers, 934 five: the fewer numbers win
    ("6 100 10 1 4 5 -> 933", 5, 1),
    # out of reach; five numbers get no closer than 11, all six get within 1
    ("3 5 2 6 5 7 -> 794", 6, 1),
    # far out of reach (past the whole set's probing window): the whole set is closest
    ("5 9 3 9 4 6 -> 60915", 6, 31755),
])
def test_answers_that_need_the_largest_layers(capsys, text, used, distance):
    """Rounds whose answer lies in the layers the encoding only asks for (the whole set
    and the whole set less one number): each answer is the checker's closest value with
    the fewest numbers, and the case is what its comment says."""
    code, out = _run(capsys, text, "--json")
    data = json.loads(out.out)
    assert code == 0 and data["status"] == ("solved" if distance == 0 else "closest")
    solution = data["solutions"][0]
    checker.check(text, solution)
    target = int(text.split("->")[1])
    assert (solution["numbers_used"], abs(solution["value"] - target)) == (used, distance)


def test_all_ways_to_a_closest_value_include_every_number_count(capsys):
    """Out of reach, --all lists the ways to both closest values (932 and 934), with every
    count of numbers that reaches each, the whole set's ways among them."""
    text = "6 100 10 1 4 5 -> 933"
    code, out = _run(capsys, text, "--all", "--json")
    data = json.loads(out.out)
    assert code == 0 and data["status"] == "closest" and data["complete"]
    listed = set()
    for solution in data["solutions"]:
        value, leaves = checker.evaluate(solution["expression"])
        assert value == solution["value"] and len(leaves) == solution["numbers_used"]
        listed.add((value, len(leaves)))
    sizes = checker.reachable_sizes((6, 100, 10, 1, 4, 5))
    assert listed == {(value, count) for value in (932, 934) for count in sizes[value]}
    assert (932, 6) in listed and (934, 6) in listed


def test_cli_all_counts_equal_numbers_once(capsys):
    code, out = _run(capsys, "2 2 -> 4", "--all", "--json")
    data = json.loads(out.out)
    assert code == 0
    assert sorted(s["expression"] for s in data["solutions"]) == ["2*2", "2+2"]


def _command(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyasp_runner", "countdown", *argv],
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("numbers", "targets"), [
    ("1 2 3 4 5 6", "100..999"),   # most reached exactly
    ("2 3 7", "1..60"),            # many out of reach, some with two closest values
    ("100 75 2 10 3 8", "1..100"),  # small targets from large numbers: short ways
    ("25 25 3", "70..80"),         # a number given twice
])
def test_cli_targets_batch_gives_each_target_its_best_way(numbers, targets):
    """Through the real command: one entry per target, each expression evaluated by the
    checker's own reader, its distance and number count the fewest a brute-force search
    finds; the text lists every target with its way and says no word of uniqueness."""
    done = _command(numbers, "--targets", targets, "--json")
    data = json.loads(done.stdout)
    assert done.returncode == 0 and data["status"] == "solved" and data["unique"] is None
    solution = data["solutions"][0]
    checker.check(f"{numbers} -> {targets}", solution)
    low, high = (int(bound) for bound in targets.split(".."))
    assert len(solution["answers"]) == high - low + 1
    done = _command(numbers, "--targets", targets)
    assert done.returncode == 0 and "unique" not in done.stdout
    lines = done.stdout.splitlines()
    for entry in solution["answers"]:
        away = f" ({entry['distance']} away)" if entry["distance"] else ""
        assert f"{entry['expression']} = {entry['value']}{away}" in " ".join(
            line.split(":", 1)[1].strip() for line in lines
            if line.startswith(f"{entry['target']}:")), entry
    others = high - low + 1 - solution["reached"]
    assert lines[-1] == (f"Solved: {solution['reached']} of {high - low + 1} targets reached "
                         "exactly" + (f"; the closest value for the other {others}."
                                      if others else "."))
    assert max(len(line) for line in lines) <= 80


def test_batch_answers_are_its_single_rounds_answers():
    """A target of a range gets a way with as few numbers as the same round asked alone."""
    batch = json.loads(_command("2 3 7", "--targets", "40..44", "--json").stdout)
    for entry in batch["solutions"][0]["answers"]:
        alone = json.loads(_command(f"2 3 7 -> {entry['target']}", "--json").stdout)
        assert alone["solutions"][0]["numbers_used"] == entry["numbers_used"]
        assert abs(alone["solutions"][0]["value"] - entry["target"]) == entry["distance"]


def test_cli_needs_a_target(capsys):
    code, out = _run(capsys, "1 2 3")
    assert code == 2 and "no target" in out.err
    code, out = _run(capsys, "1 2 3 -> 100..200", "--all")
    assert code == 2 and "one target" in out.err
    code, out = _run(capsys, "1 2 3", "--targets", "5..1")
    assert code == 2 and "--targets" in out.err


def test_too_many_numbers_refused(capsys):
    code, out = _run(capsys, "1 2 3 4 5 6 7 8 -> 100")
    assert code == 2 and "8 numbers is above the limit of 7" in out.err


def test_cli_hint_and_explain_are_refused_with_a_reason(capsys):
    for asked in ("--hint", "--explain"):
        assert main(["countdown", "100 75 2 10 3 8 -> 746", asked]) == 2
        err = capsys.readouterr().err
        assert f"{asked} does not apply" in err and "no clues" in err
        assert len(err.strip().splitlines()) == 1
