"""The command line: exit codes, JSON, facts round trip, edited encodings, limits, Ctrl-C."""

from __future__ import annotations

import json
import re
import shlex
import signal
import subprocess
import sys

import pytest
from conftest import ROOT, busy_for, expected_for, watchdog

from pyasp_runner.cli import main
from pyasp_runner.puzzles import registry

JODICI = str(ROOT / "instances" / "jodici" / "1.csv")
# Pigeonhole 13 -> 12: no solution, and far too hard to refute within a second.
HARD = "p(1..13). h(1..12). 1 { at(P,H) : h(H) } 1 :- p(P). :- h(H), 2 { at(P,H) }.\n#show at/2.\n"


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solved_exit_zero_and_drawing(capsys):
    code, out, _ = run(capsys, "jodici", JODICI)
    assert code == 0
    assert "[3]" in out and "unique" in out


def test_json_envelope(capsys):
    code, out, _ = run(capsys, "jodici", JODICI, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["puzzle"] == "jodici" and data["status"] == "solved"
    assert data["unique"] is True and data["complete"] is True and data["count"] == 1
    assert {"time_s", "choices", "conflicts", "rules", "atoms"} <= set(data["stats"])


def test_count(capsys):
    code, out, _ = run(capsys, "jodici", JODICI, "--count", "--json")
    data = json.loads(out)
    assert (code, data["count"], data["complete"], data["solutions"]) == (0, 1, True, [])


def test_list(capsys):
    code, out, _ = run(capsys, "--list")
    assert code == 0 and "jodici" in out


def test_stats_table(capsys):
    code, out, _ = run(capsys, "jodici", JODICI, "--stats")
    assert code == 0 and "choices" in out and "conflicts" in out


def test_unsolvable_exit_one(capsys, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("9,9,9,_,_,_\n_,_,_,_,_,_\n_,_,_,_,_,_\n")
    code, out, _ = run(capsys, "jodici", str(bad), "--json")
    assert code == 1 and json.loads(out)["status"] == "unsolvable"


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("", "empty file"),
        ("3,7,_,_,_\n_,_,1,5,9,_\n6,_,_,_,_,_\n", ":1: expected 6 comma-separated fields"),
        ("3,7,_,_,_,_\n_,_,1,5,99,_\n6,_,_,_,_,_\n", ":2: column 5: 99 is out of range 1..9"),
        ("3,7,_,_,_,_\n_,_,1,x,9,_\n6,_,_,_,_,_\n", ":2: column 4: unknown entry 'x'"),
        ("3,7,_,_,_,_\n_,_,1,5,9,_\n", "expected 3 rows"),
    ],
)
def test_bad_input_one_line_exit_two(capsys, tmp_path, content, fragment):
    path = tmp_path / "p.csv"
    path.write_text(content)
    code, out, err = run(capsys, "jodici", str(path))
    assert code == 2 and out == ""
    assert fragment in err and str(path) in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_missing_file_and_unknown_puzzle(capsys):
    assert run(capsys, "jodici", "no/such/file.csv")[0] == 2
    code, _, err = run(capsys, "nosuchpuzzle", JODICI)
    assert code == 2 and "unknown puzzle" in err


def test_facts_round_trip_through_plain_clingo(capsys, tmp_path):
    code, out, _ = run(capsys, "jodici", JODICI, "--facts")
    assert code == 0 and "given(1,1,3)." in out
    facts = tmp_path / "facts.lp"
    facts.write_text(out)
    done = subprocess.run(
        [sys.executable, "-m", "clingo", str(ROOT / "asp" / "jodici.lp"), str(facts), "0",
         "--project=show"], capture_output=True, text=True, check=False)
    assert "value(1,3,5)" in done.stdout and "Models       : 1" in done.stdout


def test_broken_encoding_reports_clingo_location(capsys, tmp_path):
    broken = tmp_path / "broken.lp"
    broken.write_text("value(R,S,D) :- ring(R),\n  sector(S) digit(D).\n")
    code, _, err = run(capsys, "jodici", JODICI, "--encoding", str(broken))
    assert code == 3
    assert f"{broken}:2:" in err and "syntax error" in err and "Traceback" not in err


def test_unsafe_encoding_reports_clingo_location(capsys, tmp_path):
    unsafe = tmp_path / "unsafe.lp"
    unsafe.write_text("value(R,S,D) :- ring(R).\n")
    code, _, err = run(capsys, "jodici", JODICI, "--encoding", str(unsafe))
    assert code == 3 and "unsafe" in err and f"{unsafe}:1:" in err


def test_encoding_that_shows_nothing_drawable_is_an_encoding_error(capsys, tmp_path):
    silent = tmp_path / "silent.lp"
    rules = (ROOT / "asp" / "jodici.lp").read_text()
    silent.write_text(rules.replace("#show value/3.", "#show given/3."))
    code, out, err = run(capsys, "jodici", JODICI, "--encoding", str(silent))
    assert code == 3 and "holds none of the atoms the puzzle draws" in err and not out
    assert err.startswith(f"solve-asp: {silent}: ")
    assert run(capsys, "jodici", JODICI, "--encoding", str(silent), "--json")[0] == 3
    assert run(capsys, "jodici", JODICI)[0] == 0


def test_edited_encoding_changes_the_answer(capsys, tmp_path):
    edited = tmp_path / "edited.lp"
    rules = (ROOT / "asp" / "jodici.lp").read_text()
    edited.write_text(rules.replace("#const ring_sum = 30.", "#const ring_sum = 31."))
    code, out, _ = run(capsys, "jodici", JODICI, "--encoding", str(edited), "--json")
    assert code == 1 and json.loads(out)["status"] == "unsolvable"


def test_time_limit_stops_search(capsys, tmp_path):
    hard = tmp_path / "hard.lp"
    hard.write_text(HARD)
    code, out, _ = run(capsys, "jodici", JODICI, "--encoding", str(hard), "--time-limit",
                       "0.5", "--json")
    data = json.loads(out)
    assert code == 4 and data["status"] == "timeout" and data["complete"] is False


def test_ctrl_c_stops_search_and_reports(tmp_path):
    hard = tmp_path / "hard.lp"
    hard.write_text(HARD)
    process = subprocess.Popen(
        [sys.executable, "-m", "pyasp_runner", "jodici", JODICI, "--encoding", str(hard),
         "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    with watchdog(process, 240):
        busy_for(process, 1.5)  # in the search
        process.send_signal(signal.SIGINT)
        out, err = process.communicate()
    assert process.returncode == 130, err
    assert json.loads(out)["status"] == "interrupted"


def test_stdin_input(monkeypatch, capsys):
    import io

    text = (ROOT / "instances" / "jodici" / "1.csv").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    code, out, _ = run(capsys, "jodici", "-", "--json")
    assert code == 0 and json.loads(out)["unique"] is True


def test_usage_errors_exit_two(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["jodici", JODICI, "--threads", "0"])
    assert exit_info.value.code == 2
    assert run(capsys, "jodici")[0] == 2


def test_hint_counts_the_values_not_given(capsys):
    # 18 fields, 6 of them given: 12 values are open; the unique solution forces them all.
    assert main(["jodici", JODICI, "--hint", "--json"]) == 0
    hint = json.loads(capsys.readouterr().out)["hint"]
    assert (hint["forced"], hint["open"]) == (12, 12)
    assert main(["jodici", JODICI, "--hint", "--step", "--json"]) == 0
    hint = json.loads(capsys.readouterr().out)["hint"]
    # One step of propagation alone forces none of them: the sums need a search.
    assert (hint["mode"], hint["open"], hint["forced"]) == ("propagation", 12, 0)


# What each README example gives: an `example:NAME` as its instance's expected file says
# (flower's original stack has no solution), a puzzle written inline solved.
EXIT_CODES = {"solved": 0, "closest": 0, "unsolvable": 1}


def test_readme_examples_solve(capsys):
    # The example of every row of the README's puzzle table runs as shown.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([a-z0-9]+) \|.*`solve-asp (.*)` \|$", readme, re.MULTILINE)
    assert {name for name, _ in rows} == set(registry())
    for name, command in rows:
        argv = shlex.split(command)
        assert argv[0] == name
        argv[1] = str(ROOT / argv[1]) if (ROOT / argv[1]).exists() else argv[1]
        example = argv[1].removeprefix("example:")
        status = (expected_for(registry()[name].examples()[example])["status"]
                  if argv[1].startswith("example:") else "solved")
        code = main([*argv, "--json"])
        assert (code, json.loads(capsys.readouterr().out)["status"]) == (
            EXIT_CODES[status], status), command


def test_help_lists_generate_and_every_puzzle(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    assert "generate" in out and all(name in out for name in registry())


def test_a_puzzle_help_shows_its_own_options(capsys):
    with pytest.raises(SystemExit):
        main(["hidoku", "--help"])
    assert "--path" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["jodici", "--help"])
    assert "--path" not in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    assert "--seed" in capsys.readouterr().out


def test_a_puzzle_help_ends_with_an_example_read_only_for_the_help(capsys, monkeypatch):
    from pyasp_runner.cli import definition

    read = []
    example_text = definition.example_text
    monkeypatch.setattr(definition, "example_text",
                        lambda puzzle: read.append(puzzle.name) or example_text(puzzle))
    assert run(capsys, "jodici", JODICI, "--json")[0] == 0
    assert read == []  # a solve reads no shipped example
    with pytest.raises(SystemExit):
        main(["jodici", "--help"])
    assert "example (solve-asp jodici example:" in capsys.readouterr().out
    assert read == ["jodici"]
