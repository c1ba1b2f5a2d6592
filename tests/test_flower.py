"""Flower: input variants, bad input, drawing, JSON of partial answers, the command line."""

from __future__ import annotations

import json
import re

import pytest
from conftest import ROOT, assert_refused

from pyasp_runner.cli import main
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import flower

ORIGINAL = ROOT / "instances" / "flower" / "original.txt"
FLIPPED = ROOT / "instances" / "flower" / "flipped.txt"


def _solids(text: str) -> list[tuple[int, int]]:
    instance = flower.parse(text, "t.txt")
    return sorted((s.arguments[0].number, s.arguments[1].number)
                  for s in instance.structure if s.name == "solid")


@pytest.mark.parametrize("text", [
    "[0,1,1]\n[1,0,0]\n",
    "0,1,1\n1,0,0",
    "0 1 1\r\n1 0 0\r\n",
    "# a comment\n[0, 1, 1],\n\n[1, 0, 0]\n",
    "011\n100\n",
    "[ 0 1 1 ]\n1,0 0\n",
])
def test_format_variants_give_the_same_facts(text):
    assert _solids(text) == [(1, 1), (1, 2), (2, 0)]


def test_structure_and_no_clues():
    instance = flower.parse(ORIGINAL.read_text(), "original.txt")
    assert instance.clues == ()
    assert sum(s.name == "disk" for s in instance.structure) == 4
    assert sum(s.name == "position" for s in instance.structure) == 12


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("# only a comment\n", None, "empty"),
    ("0,1,0\n0,1\n", 2, "same number"),
    ("0,1,0\n0,2,0\n", 2, "unknown entry '2'"),
    ("0,1,x\n", 1, "unknown entry 'x'"),
    ("[0,1,0\n", 1, "brackets"),
    ("[]\n", 1, "no positions"),
    ("#c\n0,1\n\n1,0,1\n", 4, "same number"),
    (",".join(["0"] * 400), 1, "too many"),
    ("1\n" * 70, 65, "too many"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(flower.parse, text, line, words)


def test_render_full_and_partial_answers(render):
    instance = flower.parse("1,0,0\n1,0,0\n1,0,0\n", "t.txt")
    full = Answer((fact("rot", 1, 0), fact("rot", 2, 2), fact("rot", 3, 1), fact("wood", 1, 0),
                   fact("wood", 2, 1), fact("wood", 3, 2)))
    text = render("flower", instance, full)
    assert "fixed" in text and "● ○ ○" in text and "✗" not in text.splitlines()[3]
    assert flower.solution_json(instance, full) == {
        "rotations": [0, 2, 1], "disks": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}
    partial = Answer((fact("rot", 1, 0), fact("wood", 1, 0)))
    assert "rot   ?" in render("flower", instance, partial)
    assert flower.solution_json(instance, partial) == {
        "rotations": [0, None, None], "disks": [[1, 0, 0], None, None]}


def test_render_marks_open_positions(render):
    instance = flower.parse("1,0\n1,0\n", "t.txt")
    answer = Answer((fact("rot", 1, 0), fact("rot", 2, 0), fact("wood", 1, 0),
                     fact("wood", 2, 0), fact("open", 1)), cost=(1,))
    assert "✗" in render("flower", instance, answer).splitlines()[2]


def test_wide_disks_fit_80_columns(render):
    instance = flower.parse("\n".join(["1" + "0" * 47] * 2), "t.txt")
    answer = Answer((fact("rot", 1, 0), fact("rot", 2, 5)))
    assert max(len(line) for line in render("flower", instance, answer).splitlines()) <= 80


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_original_has_no_solution_and_shows_every_best_position(capsys):
    code, out, _ = run(capsys, "flower", str(ORIGINAL), "--json")
    data = json.loads(out)
    assert code == 1
    assert data["status"] == "unsolvable" and data["solutions"] == []
    assert data["closest"]["open"] == 1 and len(data["closest"]["solutions"]) == 16
    assert data["complete"] is True
    code, out, _ = run(capsys, "flower", str(ORIGINAL))
    assert code == 1 and "1 hole stays open; 16 such" in " ".join(out.split())
    # every best position, a line each (disk 1 fixed at rotation 0), one hole left open
    assert len(re.findall(r"^\d+: +rotations 0( \d+){3} open at \d+$", out, re.M)) == 16


def test_cli_flipped_is_unique(capsys):
    code, out, _ = run(capsys, "flower", str(FLIPPED), "--json")
    data = json.loads(out)
    assert code == 0 and data["unique"] is True and data["optimal"] is True
    assert data["solutions"][0]["rotations"] == [0, 0, 5, 11]
    code, out, _ = run(capsys, "flower", str(FLIPPED))
    assert code == 0 and "unique" in out


def test_cli_hint_and_explain_are_refused(capsys):
    code, _, err = run(capsys, "flower", str(ORIGINAL), "--hint")
    assert code == 2 and "no clues" in err


def test_cli_count(capsys):
    code, out, _ = run(capsys, "flower", str(ROOT / "instances" / "flower" / "pairs.txt"),
                       "--count", "--json")
    assert code == 0 and json.loads(out)["count"] == 2
