"""RC4 keystream reuse: input variants, bad input, drawing, the command line."""

from __future__ import annotations

import json

import pytest
from checkers import rc4 as checker
from conftest import ROOT, assert_refused
from rich.console import Console

from pyasp_runner.cli import main
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import rc4, registry

FOLDER = ROOT / "instances" / "rc4"


@pytest.mark.parametrize("text", [
    "0xd9, 0xef, 0x01\n0x10, 0x20\n",
    "d9 ef 01\r\n10,20\r\n",
    "# two parts\n\n0XD9,0xEF , 0x1\n0x10, 0x20",
])
def test_format_variants(text):
    instance = rc4.parse(text, "t.txt")
    assert instance.data.parts == ((0xD9, 0xEF, 0x01), (0x10, 0x20))
    assert fact("cipher", 2, 2, 0x20) in instance.structure
    assert fact("follows", 1, 3, 2, 1) in instance.structure
    assert fact("allowed", 32) in instance.structure and fact("allowed", 48) not in \
        instance.structure


def test_alphabet_setting():
    instance = rc4.parse("alphabet: [a-z0-9 .]\n0x41\n", "t.txt")
    assert instance.data.alphabet == frozenset({*range(97, 123), *range(48, 58), 32, 46})


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("alphabet: [a-z]\n", 1, "no message parts"),
    ("0xd9, 0xzz\n", 1, "byte 2: expected a hex byte like 0xd9, found '0xzz'"),
    ("0x100\n", 1, "byte 1"),
    ("0x01, 0x02\n0x01, 0x02, 0x03\n", 2, "longer than the first"),
    ("0x01, 0x02\n0x01\n0x01, 0x02\n", 2, "only the last part may be shorter"),
    ("alphabet: a-z\n0x01\n", 1, "bracket class"),
    ("alphabet: [z-a]\n0x01\n", 1, "empty range"),
    ("alphabet: [\u0100]\n0x01\n", 1, "codes 0..255"),
])
def test_bad_input(text, line, words):
    assert_refused(rc4.parse, text, line, words)


def test_partial_answer_renders():
    instance = rc4.parse("0x41, 0x42\n0x43\n", "t.txt")
    answer = Answer((fact("key", 1, 0), fact("candidates", 1, 3), fact("plain", 1, 1, 65),
                     fact("plain", 2, 1, 67)))
    data = rc4.solution_json(instance, answer)
    assert data == {"keystream": [0, None], "plaintext": ["A·", "C"], "candidates": [3, None]}
    console = Console(width=80, record=True, color_system=None)
    console.print(registry()["rc4"].render(instance, answer))
    assert "A·" in console.export_text()


def test_checker_rejects_a_worse_choice():
    text = FOLDER.joinpath("dickens.txt").read_text()
    solution = json.loads(FOLDER.joinpath("dickens.expected.json").read_text())["solutions"][0]
    checker.check(text, solution)
    worse = dict(solution, keystream=[solution["keystream"][0] ^ 0x06, *solution["keystream"][1:]])
    _, parts = checker._read(text)
    worse["plaintext"] = ["".join(chr(b ^ worse["keystream"][i]) for i, b in enumerate(p))
                          for p in parts]
    with pytest.raises(AssertionError):
        checker.check(text, worse)


def test_cli_marks_ambiguous_positions(capsys):
    code = main(["rc4", str(FOLDER / "dickens.txt")])
    out = capsys.readouterr().out
    assert code == 0
    assert "It was the best of times it was the wors" in out
    assert "1:16, 9:10, 21:20, 27:14, 31:10" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_cli_json_unsolvable(capsys):
    code = main(["rc4", str(FOLDER / "clash.txt"), "--json"])
    assert code == 1 and json.loads(capsys.readouterr().out)["status"] == "unsolvable"
