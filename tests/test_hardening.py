"""Robustness across every puzzle: mutated files, injection, size, signals, pipes, encodings."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time

import clingo
import pytest
from conftest import INSTANCES, ROOT, instance_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import facts_text, registry

FILES = instance_files()
IDS = [str(p.relative_to(INSTANCES)) for p in FILES]
JODICI = str(INSTANCES / "jodici" / "1.csv")
# Grounds for far longer than any test waits: 3000^2 candidate triples.
SLOW_GROUND = "n(1..3000). big(X,Y,Z) :- n(X), n(Y), n(Z), X+Y+Z = 4000.\n#show big/3.\n"
INJECTIONS = ['). #script (python)', ':- .', '"', '\\"', '"\n:- .\n"', "a. b :- c.", "%*", "#show."]


def command(*argv: str, **options) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pyasp_runner", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **options)


def _exact_facts(symbols) -> None:
    """The facts' text, read back by clingo, is exactly these atoms: nothing more, no rule."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], facts_text(symbols))
    ctl.ground([("base", [])])
    assert {atom.symbol for atom in ctl.symbolic_atoms} == set(symbols)
    assert all(atom.is_fact for atom in ctl.symbolic_atoms)


def _parse_or_reject(name: str, text: str) -> None:
    try:
        instance = registry()[name].parse(text, "mutated.txt")
    except InputError as error:
        assert str(error).startswith("mutated.txt") and "\n" not in str(error)
    else:
        _exact_facts(instance.facts)


@pytest.mark.parametrize("path", FILES, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_instance_files_parse_or_fail_cleanly(path, data):
    text = path.read_text(encoding="utf-8")
    cut = data.draw(st.integers(0, len(text)))
    where = data.draw(st.integers(0, len(text)))
    noise = data.draw(st.sampled_from(
        ["", "x", "-7", "99999999999999999999", "0", ",", "\t", "\r\n", "\x00", " ", "\n\n",
         "#", "%", *INJECTIONS]))
    mutations = [
        text[:cut],  # truncated
        text[:where] + noise + text[where:],  # something inserted
        text[:where] + noise + text[where + 1:],  # something replaced
        text.replace("\n", "\r\n"),
        text.replace(",", "\t"),
        text * 2,
    ]
    for mutated in mutations:
        _parse_or_reject(path.parent.name, mutated)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_injected_text_never_becomes_rules(path):
    text = path.read_text(encoding="utf-8")
    for injection in INJECTIONS:
        for mutated in (injection + "\n" + text, text.replace("\n", injection + "\n", 1)):
            _parse_or_reject(path.parent.name, mutated)


def test_facts_quote_strings(tmp_path):
    symbols = [clingo.Function("name", [clingo.String(text)]) for text in INJECTIONS]
    _exact_facts(symbols)


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00garbage", b"\x00" * 50, b"# only\n"])
def test_hostile_files_exit_two_with_one_line(capsys, tmp_path, content):
    for name in registry():
        path = tmp_path / "input.txt"
        path.write_bytes(content)
        code = main([name, str(path)])
        err = capsys.readouterr().err
        assert code == 2, (name, err)
        assert str(path) in err and "Traceback" not in err


def test_a_mistyped_file_name_is_missing_even_for_one_line_formats(capsys):
    for name in ("signpost", "countdown", "nonogram", "skyscrapers"):
        assert main([name, "no-such-puzzle.txt"]) == 2
        assert "no such file" in capsys.readouterr().err


def test_directory_and_missing_file(capsys, tmp_path):
    assert main(["jodici", str(tmp_path)]) == 2
    assert "directory" in capsys.readouterr().err
    assert main(["jodici", str(tmp_path / "nothing.csv")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_time_limit_covers_grounding(tmp_path):
    slow = tmp_path / "slow.lp"
    slow.write_text(SLOW_GROUND)
    process = command("jodici", JODICI, "--encoding", str(slow), "--time-limit", "0.5",
                      "--json")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 4, err
    data = json.loads(out)
    assert data["status"] == "timeout" and data["solutions"] == [] and not data["complete"]


def test_ctrl_c_while_grounding(tmp_path):
    slow = tmp_path / "slow.lp"
    slow.write_text(SLOW_GROUND)
    process = command("jodici", JODICI, "--encoding", str(slow))
    time.sleep(2.0)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted" in out and "Traceback" not in err


def test_closed_pipe_is_not_a_crash():
    process = command("jodici", JODICI, "-n", "0")
    process.stdout.close()  # the reader left before the answer was printed
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err
    assert process.returncode == 0


def test_answers_of_another_shape_are_an_encoding_error(capsys, tmp_path):
    odd = tmp_path / "odd.lp"
    odd.write_text("#defined given/3.\nvalue(1,9,x). value(7,1,3).\n#show value/3.\n")
    code = main(["jodici", JODICI, "--encoding", str(odd)])
    err = capsys.readouterr().err
    assert code == 3 and str(odd) in err and "Traceback" not in err
    assert main(["jodici", JODICI, "--encoding", str(odd), "--json"]) == 3


def test_encoding_without_show_still_solves(capsys, tmp_path):
    rules = (ROOT / "asp" / "jodici.lp").read_text()
    plain = tmp_path / "noshow.lp"
    plain.write_text("\n".join(line for line in rules.splitlines()
                               if not line.startswith("#show")))
    assert main(["jodici", JODICI, "--encoding", str(plain), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"]


def test_size_limits_are_declared_with_their_unit():
    for name, puzzle in registry().items():
        measure, limit = puzzle.spec.size, puzzle.spec.max_size
        if measure is None:
            continue
        assert isinstance(limit, int), name
        for path in (INSTANCES / name).glob("*"):
            if path.is_file() and not path.name.endswith(".json"):
                size, unit = measure(puzzle.parse(path.read_text(encoding="utf-8"), str(path)))
                assert size <= limit and unit, path


@pytest.mark.parametrize("argument", ["x" * 300, " ".join(map(str, range(1, 120))) + " -> 5", ""])
def test_odd_arguments_exit_two_with_one_line(capsys, argument):
    for name in registry():
        assert main([name, argument]) == 2, name
        err = capsys.readouterr().err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, (name, err)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_a_number_of_thousands_of_digits_is_refused(capsys, tmp_path, path):
    lines = path.read_text(encoding="utf-8").splitlines()
    number = re.compile(r"(?<![\w.])\d+(?![\w.])")
    at = next((i for i, line in reversed(list(enumerate(lines)))  # the last: no metadata
               if not line.startswith("#") and '"' not in line and number.search(line)), None)
    if at is None:
        pytest.skip("no number standing alone in this file")
    lines[at] = number.sub("9" * 5000, lines[at], count=1)
    huge = tmp_path / path.name
    huge.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main([path.parent.name, str(huge)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(huge) in err


def test_a_directory_is_not_an_encoding(capsys, tmp_path):
    assert main(["jodici", JODICI, "--encoding", str(tmp_path)]) == 3
    assert "directory" in capsys.readouterr().err
    assert main(["jodici", JODICI, "--encoding", str(tmp_path), "--explain"]) == 3


@pytest.mark.parametrize("size", ["9" * 5000, "9" * 5000 + "x3", "5:" + "9" * 5000, "0", "-3"])
def test_generate_refuses_odd_sizes_with_one_line(capsys, size):
    for name, puzzle in registry().items():
        if not puzzle.can_generate:
            continue
        assert main(["generate", name, "--size", size]) == 2, (name, size)
        err = capsys.readouterr().err
        assert "Traceback" not in err and err.startswith("solve-asp: --size"), (name, err)


def test_generate_refuses_boards_above_the_size_limit(capsys):
    assert main(["generate", "magic", "--size", "30"]) == 2
    assert "above the limit" in capsys.readouterr().err
    assert main(["generate", "hidoku", "--size", "100x100"]) == 2
    assert "--max-size" in capsys.readouterr().err
