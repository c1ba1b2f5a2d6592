"""The rules by name on the command line: `--check ANSWER`, `--hint --why`, `--steps` and
the rules `--explain` names (docs/checking.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT

from pyasp_runner.cli import main

TOWERS = str(ROOT / "instances" / "skyscrapers" / "codewars-4x4-1.txt")
SOLUTION = [[1, 3, 4, 2], [4, 2, 1, 3], [3, 4, 2, 1], [2, 1, 3, 4]]


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def answer_file(tmp_path, grid, name="answer.json", indent=None):
    path = tmp_path / name
    path.write_text(json.dumps({"grid": grid}, indent=indent))
    return str(path)


def test_a_correct_answer_exits_zero(capsys, tmp_path):
    code, out, _ = run(capsys, "skyscrapers", TOWERS, "--check", answer_file(tmp_path, SOLUTION))
    assert code == 0
    assert "Correct: the answer keeps every rule." in out


def test_a_broken_rule_is_named_with_its_places(capsys, tmp_path):
    grid = [row[:] for row in SOLUTION]
    grid[3][3] = 3  # row 4 and column 4 now hold 3 twice
    code, out, _ = run(capsys, "skyscrapers", TOWERS, "--check", answer_file(tmp_path, grid))
    assert code == 1
    assert "Not correct:" in out
    assert "- each row holds each height once (R=4, H=3): (4,3), (4,4)" in out
    assert "- each column holds each height once (C=4, H=3): (2,4), (4,4)" in out
    assert ">3<" in out  # the places marked on the board, without colour too


def test_check_json_lists_the_violations(capsys, tmp_path):
    grid = [row[:] for row in SOLUTION]
    grid[3][3] = 3
    code, out, _ = run(capsys, "skyscrapers", TOWERS, "--check", answer_file(tmp_path, grid),
                       "--json")
    data = json.loads(out)
    assert (code, data["status"], data["check"]["correct"]) == (1, "broken", False)
    twice = [v for v in data["check"]["violations"]
             if v["rule"] == "each row holds each height once"]
    assert [(v["values"], v["places"]) for v in twice] == [
        ({"R": 4, "H": 3}, [[4, 3], [4, 4]]), ({"R": 4, "H": 4}, [[4, 1], [4, 2], [4, 3], [4, 4]])]


def test_a_partial_answer_says_what_is_open(capsys, tmp_path):
    grid = [row[:] for row in SOLUTION]
    grid[0][0] = grid[1][1] = None
    code, out, _ = run(capsys, "skyscrapers", TOWERS, "--check", answer_file(tmp_path, grid))
    assert code == 1
    assert "No rule broken so far; 2 cells open; it can still be completed." in out


def test_a_malformed_answer_is_one_line_with_its_line(capsys, tmp_path):
    grid = [row[:] for row in SOLUTION]
    grid[2][1] = "four"
    path = answer_file(tmp_path, grid, indent=1)
    code, out, err = run(capsys, "skyscrapers", TOWERS, "--check", path)
    assert (code, out) == (2, "")
    lines = Path(path).read_text().splitlines()
    line = next(number for number, text in enumerate(lines, 1) if "four" in text)
    assert err.strip() == (f"solve-asp: {path}:{line}: grid[2][1]: expected a number, . "
                           f"(empty) or ? (open), found 'four'")


def test_the_answer_in_the_puzzles_own_text(capsys, tmp_path):
    """Tatham's game ID with the grid part: every height given."""
    clues = Path(TOWERS).read_text().strip().splitlines()[-1]
    path = tmp_path / "answer.txt"
    path.write_text(clues + "," + "_".join(str(h) for row in SOLUTION for h in row) + "\n")
    code, out, _ = run(capsys, "skyscrapers", TOWERS, "--check", str(path))
    assert code == 0, out


@pytest.mark.parametrize(("extra", "problem"), [
    (["--hint"], "--check and --hint cannot be combined"),
    (["--steps"], "--check and --steps cannot be combined"),
    (["-n", "2"], "--check and -n cannot be combined"),
])
def test_check_asks_its_own_question(capsys, tmp_path, extra, problem):
    code, _, err = run(capsys, "skyscrapers", TOWERS, "--check",
                       answer_file(tmp_path, SOLUTION), *extra)
    assert code == 2 and problem in err


def test_why_without_hint_is_refused(capsys):
    code, _, err = run(capsys, "skyscrapers", TOWERS, "--why")
    assert code == 2 and "--why goes with --hint" in err


def test_hint_why_names_the_rules_of_the_next_deduction(capsys):
    code, out, _ = run(capsys, "skyscrapers", TOWERS, "--hint", "--why")
    assert code == 0
    line = next(text for text in out.splitlines() if " is " in text and "by " in text)
    assert line.startswith("(") and "by propagation from:" in line


def test_steps_walk_to_the_solution(capsys):
    code, out, _ = run(capsys, "skyscrapers", TOWERS, "--steps", "--json")
    data = json.loads(out)
    walked = data["steps"]
    assert (code, walked["end"], walked["left"]) == (0, "solved", 0)
    assert len(walked["start"]) + len(walked["steps"]) == 16
    values = {tuple(step["cell"]): step["value"] for step in walked["steps"]}
    assert all(SOLUTION[r - 1][c - 1] == value for (r, c), value in values.items())
    assert all(step["reasons"] and all(reason["named"] for reason in step["reasons"])
               for step in walked["steps"])


def test_explain_names_the_rules_of_the_conflict(capsys):
    path = str(ROOT / "instances" / "skyscrapers" / "unsolvable.txt")
    code, out, _ = run(capsys, "skyscrapers", path, "--explain", "--json")
    data = json.loads(out)
    assert code == 1
    assert "each row holds each height once" in {rule["rule"] for rule in data["rules"]}


def test_check_draws_the_marked_answer_as_svg(capsys, tmp_path):
    grid = [row[:] for row in SOLUTION]
    grid[3][3] = 3
    picture = tmp_path / "checked.svg"
    code, _, _ = run(capsys, "skyscrapers", TOWERS, "--check", answer_file(tmp_path, grid),
                     "--svg", str(picture))
    assert code == 1
    assert picture.read_text().count("conflict-ring") >= 2
