"""Grades and generated collections: `--grade`, `generate --count/--seed/--grade/--out`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading

import pytest
from checkers import checker

import pyasp_runner
from pyasp_runner import api, generating, reasoning
from pyasp_runner.cli import main

# From Simon Tatham's Towers and Pattern (Debian's sgt-puzzles, `--generate`; the same
# sets as benchmarks/data/tatham-levels.txt, where they are listed with their levels).
TOWERS_EASY = "6:2/3/1/3/5/2/1/3/3/4/2/2/2/4/3/2/4/1/3/1/3/3/2/2,t1b3c2h"
TOWERS_HARD = "6:2/////2/4/3///3////3//2/////3/2/,k3x"
PATTERN = ("10x10:3/7/3.4/6.3/6.1/2/3/1.3/2.3/1.2/1.3.1/5/4/4/2.2.3/2.2.1.1/3.1/3.2/2.3/"
           "2.3")


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _solved_once(puzzle: str, text: str) -> dict:
    """The puzzle's one solution, checked: two are looked for, one is found, the search
    was exhausted, and the solution obeys the independent checker."""
    result = api.solve(puzzle, text, models=2)
    assert (result.count, result.complete, result.unique) == (1, True, True), text
    checker(puzzle).check(text, result.solutions[0])
    return result.solutions[0]


def test_grade_of_known_instances():
    # A Pattern puzzle that line solving settles is "easy": propagation fills the board.
    easy = api.grade("nonogram", PATTERN)
    assert easy.level == "easy" and easy.grade["propagated"] == easy.grade["open"] == 100
    assert easy.grade["choices"] == 0
    # A Towers puzzle of Tatham's "hard" level needs search beyond propagation.
    hard = api.grade("skyscrapers", TOWERS_HARD)
    assert hard.level == "hard" and hard.unique
    assert hard.grade["conflicts"] > reasoning.MEDIUM_CONFLICTS
    assert hard.grade["propagated"] < hard.grade["open"]
    checker("skyscrapers").check(TOWERS_HARD, hard.solutions[0])
    # The same puzzle always gets the same counts (one thread, no random seed).
    assert api.grade("skyscrapers", TOWERS_HARD).grade == hard.grade
    # Tatham's "easy" uses clue deductions our propagation lacks: a short search (medium).
    assert api.grade("skyscrapers", TOWERS_EASY).level == "medium"


def test_grade_needs_one_solution():
    several = api.grade("skyscrapers", "4:" + "/" * 15)
    assert several.level is None and several.unique is False
    assert several.grade["level"] is None


def test_grade_on_the_command_line(capsys):
    assert main(["skyscrapers", TOWERS_HARD, "--grade", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True and data["grade"]["level"] == "hard"
    assert data["grade"]["choices"] >= data["grade"]["conflicts"] > 0
    checker("skyscrapers").check(TOWERS_HARD, data["solutions"][0])
    assert main(["nonogram", PATTERN, "--grade"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Grade: easy: propagation alone settles 100 of the 100 values not given." in out


@pytest.mark.parametrize("argv, message", [
    (["skyscrapers", TOWERS_HARD, "--grade", "--hint"], "--grade and --hint cannot"),
    (["skyscrapers", TOWERS_HARD, "--grade", "-n", "3"], "--grade and -n cannot"),
    (["skyscrapers", TOWERS_HARD, "--grade", "--threads", "2"], "not with --threads"),
    (["generate", "skyscrapers", "--count", "3"], "name a directory with --out DIR"),
    (["generate", "skyscrapers", "--count", "2", "--json-lines", "--out", "x"],
     "choose one"),
    (["generate", "skyscrapers", "--count", "2", "--json-lines", "--svg", "x.svg"],
     "--svg draws one generated puzzle"),
    (["generate", "skyscrapers", "--grade", "tricky"], "invalid choice: 'tricky'"),
    (["generate", "skyscrapers", "--count", "0", "--json-lines"], "expected a whole number"),
    (["generate", "skyscrapers", "--grade", "easy", "--threads", "2"], "use --jobs"),
])
def test_bad_combinations_are_refused_with_one_line(argv, message, capsys):
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert message in err


def test_a_collection_is_reproducible_distinct_unique_and_checked(capsys):
    argv = ["generate", "skyscrapers", "--size", "4", "--seed", "11", "--count", "5",
            "--json-lines"]
    assert main(argv) == 0
    first = _lines(capsys)
    assert main(argv) == 0
    again = _lines(capsys)
    assert [_timeless(line) for line in again] == [_timeless(line) for line in first]
    texts = [line["text"] for line in first]
    assert len(first) == 5 and len(set(texts)) == 5
    assert [line["number"] for line in first] == [1, 2, 3, 4, 5]
    assert first[0]["seed"] == 11  # the first puzzle is the one `--seed 11` makes alone
    for line in first:
        assert line["seed"] == generating.puzzle_seed(11, line["index"])
        _solved_once("skyscrapers", line["text"])
        assert api.grade("skyscrapers", line["text"]).grade == line["grade"]
    assert main(["generate", "skyscrapers", "--size", "4", "--seed", "11"]) == 0
    assert capsys.readouterr().out == texts[0]


def _timeless(line: dict) -> dict:
    return {key: value for key, value in line.items() if key != "time_s"}


def test_the_puzzles_do_not_depend_on_the_workers(capsys):
    argv = ["generate", "skyscrapers", "--size", "5", "--seed", "9", "--count", "4",
            "--grade", "hard", "--json-lines"]
    made = {}
    for jobs in ("1", "2"):
        assert main([*argv, "--jobs", jobs]) == 0
        made[jobs] = [_timeless(line) for line in _lines(capsys)]
    assert made["1"] == made["2"] and len(made["1"]) == 4
    assert all(line["grade"]["level"] == "hard" for line in made["1"])


def test_the_same_seed_gives_the_same_puzzles(capsys):
    argv = ["generate", "hidoku", "--size", "5x5", "--seed", "4", "--count", "3",
            "--json-lines"]
    assert main(argv) == 0
    one = [(line["index"], line["text"], line["grade"]) for line in _lines(capsys)]
    assert main(argv) == 0
    again = [(line["index"], line["text"], line["grade"]) for line in _lines(capsys)]
    assert one == again
    assert main([*argv[:5], "5", *argv[6:]]) == 0  # another seed, other puzzles
    other = {line["text"] for line in _lines(capsys)}
    assert not other & {text for _, text, _ in one}


def test_grade_easy_keeps_generating_until_it_has_easy_puzzles(tmp_path, capsys):
    folder = tmp_path / "easy"
    assert main(["generate", "skyscrapers", "--size", "5", "--seed", "2", "--count", "3",
                 "--grade", "easy", "--out", str(folder)]) == 0
    manifest = [json.loads(line) for line in
                (folder / "puzzles.jsonl").read_text().splitlines()]
    assert [entry["file"] for entry in manifest] == [f"skyscrapers-{n}.txt" for n in (1, 2, 3)]
    for entry in manifest:
        text = (folder / entry["file"]).read_text()
        assert text == entry["text"] and entry["grade"]["level"] == "easy"
        assert api.grade("skyscrapers", text).level == "easy"
        _solved_once("skyscrapers", text)
        hinted = api.hint("skyscrapers", text, step=True)  # what --hint --step settles
        assert hinted.forced == hinted.open
    assert "3 of 3 puzzles of grade easy" in capsys.readouterr().err


def test_grade_hard_finds_hard_puzzles(capsys):
    assert main(["generate", "skyscrapers", "--size", "5", "--seed", "1", "--count", "2",
                 "--grade", "hard", "--json-lines"]) == 0
    lines = _lines(capsys)
    assert len(lines) == 2
    for line in lines:
        assert line["grade"]["level"] == "hard"
        assert api.grade("skyscrapers", line["text"]).level == "hard"
        _solved_once("skyscrapers", line["text"])


@pytest.mark.parametrize("puzzle, size", [("hidoku", "7x7"), ("nonogram", "8x8"),
                                          ("skyscrapers", "6")])
def test_generated_puzzles_of_own_random_answers_are_unique(puzzle, size):
    # hidoku's king's tour and nonogram's smoothed picture come from the puzzle module;
    # every puzzle made from them must still have one solution that obeys the rules.
    for seed in (1, 2):
        made = pyasp_runner.generate(puzzle, size=size, seed=seed)
        assert made is not None
        _solved_once(puzzle, made.text)
        assert made.level in reasoning.LEVELS


def test_clues_are_minimal_when_checked_in_windows():
    # The windowed checks (one grounding, clues switched per search) must find the same
    # minimal clue set a fresh grounding per check would accept: no clue can go.
    made = pyasp_runner.generate("hidoku", size="6x6", seed=5)
    assert made is not None and made.loaded is not None
    clues = list(made.loaded.instance.clues)
    for clue in clues:
        rest = [c for c in clues if c != clue]
        text = made.loaded.puzzle.writer("text")(made.loaded.instance, rest)
        assert api.solve("hidoku", text, models=2).count == 2


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_a_collection_keeps_the_puzzles_made(jobs):
    process = subprocess.Popen(
        [sys.executable, "-m", "pyasp_runner", "generate", "hidoku", "--size", "8x8",
         "--seed", "1", "--count", "200", "--json-lines", "--jobs", jobs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert process.stdout is not None
    # A run that does not end (or a worker left holding its output) fails here after two
    # minutes, naming the processes still alive, instead of hanging the suite.
    alive: list[str] = []
    watchdog = threading.Timer(120, _kill_session, (process.pid, alive))
    watchdog.start()
    try:
        first = process.stdout.readline()
        process.send_signal(signal.SIGINT)
        rest = process.stdout.read()  # the reader's buffer too (communicate reads past it)
        assert process.stderr is not None
        err = process.stderr.read()
        process.wait(timeout=60)
    finally:
        watchdog.cancel()
    assert not alive, f"no end 120 s after Ctrl-C; its processes were:\n{alive[0]}"
    assert process.returncode == 130 and "Traceback" not in err, (process.returncode, err)
    lines = [json.loads(line) for line in (first + rest).splitlines()]
    assert 1 <= len(lines) < 200
    assert "interrupted; the" in err and f"{len(lines)} puzzles made so far" in err
    for line in lines[:2]:
        _solved_once("hidoku", line["text"])


def _kill_session(leader: int, alive: list[str]) -> None:
    """Note every process of the session `leader` began (the run, its forkserver and
    workers), then kill them all."""
    alive.append(subprocess.run(["ps", "-o", "pid,ppid,stat,wchan:24,args", "-s", str(leader)],
                                capture_output=True, text=True).stdout)
    os.killpg(leader, signal.SIGKILL)


def test_an_own_random_answer_lets_generation_go_past_the_solve_limit(capsys):
    # hidoku draws its own random full answer (a king's tour), so its empty board is never
    # grounded: a 24x24 board to make (331,776 candidate pairs empty, above the solve
    # limit of 300,000) is not refused; an empty 24x24 to solve is. Making it takes
    # a minute: here a 20x20 is made, the 24x24 is only started.
    made = pyasp_runner.generate("hidoku", size="20x20", seed=1)
    assert made is not None and made.text.strip().splitlines()[0] == "20 20"  # the size line
    assert len(made.text.strip().splitlines()) == 21
    with pytest.raises(api.UserError, match="above the limit of 300,000"):
        api.solve("hidoku", "\n".join([",".join(["_"] * 24)] * 24))
    with pytest.raises(api.Stopped):
        pyasp_runner.generate("hidoku", size="24x24", seed=1, time_limit=0.5)
