"""Faults found by hostile inputs, each through the real command (and, where a front end
could differ, through the Python API, a collection and the studio's work function):
one line and a documented exit code, never a traceback or a dead process."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from contextlib import suppress
from pathlib import Path

import pytest
from conftest import ROOT

from pyasp_runner.lexing import first_outside

JODICI = ROOT / "instances" / "jodici" / "1.csv"
CRASHED = ("Traceback", "PANIC", "UnicodeDecodeError")


def solve_asp(*argv: str, cwd: Path | None = None, timeout: float = 120,
              stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyasp_runner", *argv], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout, input=stdin)


def python(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`code` in a process of its own: a regression that ends the process (clingo's
    PANIC) fails the test instead of ending the test run."""
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert not any(word in done.stderr for word in CRASHED), done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


# --- 1. text clingo's lexer cannot report: not ASCII outside strings and comments ---------

def edited(tmp_path: Path, extra: str, name: str = "e.lp") -> tuple[Path, int]:
    """The packaged jodici rules with `extra` appended, and the line it starts on."""
    rules = (ROOT / "asp" / "jodici.lp").read_text()
    path = tmp_path / name
    path.write_text(rules + extra, encoding="utf-8")
    return path, rules.count("\n") + 1


def test_a_letter_outside_ascii_in_an_edited_encoding_is_exit_3_naming_its_line(tmp_path):
    _, line = edited(tmp_path, "wert(X) :- größe(X).\n")
    where = f"e.lp:{line}:14: error: 'ö' (U+00F6) outside a string or comment"
    for extra in ([], ["--json"], ["--hint"], ["--explain"], ["--trace", "t.jsonl"],
                  ["-c", "n=9"]):
        done = solve_asp("jodici", str(JODICI), "--encoding", "e.lp", *extra, cwd=tmp_path)
        assert done.returncode == 3, (extra, done.stderr)
        assert one_line(done).startswith(f"solve-asp: e.lp: cannot be parsed: {where}"), extra
        if extra == ["--json"]:
            error = json.loads(done.stdout)
            assert (error["status"], error["exit_code"]) == ("error", 3)
            assert where in error["error"]


def test_text_outside_ascii_in_comments_and_strings_is_read(tmp_path):
    edited(tmp_path, '% Größe: the sums\n%* Ünïcödé *%\nnote("größe").\n'
                     '#show note/1.\n')
    done = solve_asp("jodici", str(JODICI), "--encoding", "e.lp", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    atoms = json.loads(done.stdout)["atoms"][0]
    assert [atom for atom in atoms if atom.startswith("note")] == ['note("größe")']


def test_a_byte_that_is_not_utf8_is_exit_3_and_an_included_file_is_read_too(tmp_path):
    path, line = edited(tmp_path, "")
    path.write_bytes(path.read_bytes() + b'label("gr\xf6\xdfe").\n')
    done = solve_asp("jodici", str(JODICI), "--encoding", "e.lp", cwd=tmp_path)
    assert done.returncode == 3
    assert one_line(done).endswith(f"e.lp:{line}:10: error: byte 0xF6 is not UTF-8 text "
                                   "(save the file as UTF-8)")
    (tmp_path / "more.lp").write_text("% more rules\nextra :- ärger.\n", encoding="utf-8")
    edited(tmp_path, '#include "more.lp".\n')
    done = solve_asp("jodici", str(JODICI), "--encoding", "e.lp", cwd=tmp_path)
    assert done.returncode == 3
    assert f"{tmp_path / 'more.lp'}:2:10: error: 'ä' (U+00E4)" in one_line(done)


def test_a_constant_outside_ascii_is_exit_2_and_a_quoted_one_is_a_string(tmp_path):
    done = solve_asp("rc4", "example:dickens", "-c", "space_cost=größe", cwd=tmp_path)
    assert done.returncode == 2
    assert one_line(done).startswith("solve-asp: -c space_cost=größe: the value is not a "
                                     "clingo term: 'ö' (U+00F6) outside a string or comment")
    done = solve_asp("jodici", "example:1", "-c", "ring_sum=\udcff", cwd=tmp_path)  # 0xFF
    assert done.returncode == 2
    assert one_line(done) == ("solve-asp: -c 'ring_sum=\\udcff': the value is not a clingo "
                              "term: byte 0xFF is not UTF-8 text")
    done = solve_asp("rc4", "example:dickens", "-c", 'space_cost="größe"', "--json",
                     cwd=tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout)["status"] == "solved"


def test_every_front_end_reports_the_letter_at_its_line(tmp_path):
    _, line = edited(tmp_path, "wert(X) :- größe(X).\n")
    text = JODICI.read_text()
    api = python(f"""
from pyasp_runner import api
from pyasp_runner.errors import EncodingError
for call in (lambda: api.solve("jodici", {text!r}, encoding="e.lp"),
             lambda: api.hint("jodici", {text!r}, encoding="e.lp"),
             lambda: api.solve("rc4", open({str(ROOT / "instances/rc4/dickens.txt")!r})
                               .read(), constants={{"space_cost": "größe"}})):
    try:
        call()
    except Exception as error:
        print(type(error).__name__, error)
""", tmp_path)
    assert api.returncode == 0 and not api.stderr, api.stderr
    solved, hinted, constant = api.stdout.splitlines()
    where = f"e.lp:{line}:14: error: 'ö' (U+00F6)"
    assert solved.startswith("EncodingError e.lp: cannot be parsed: ") and where in solved
    assert hinted == solved
    assert constant.startswith("UserError -c space_cost=größe: the value is not a clingo term")
    folder = tmp_path / "book"
    folder.mkdir()
    for name in ("a.csv", "b.csv"):
        (folder / name).write_text(text)
    done = solve_asp("jodici", "book", "--json-lines", "--encoding", "e.lp", "--jobs", "1",
                     cwd=tmp_path)
    lines = [json.loads(row) for row in done.stdout.splitlines()]
    assert done.returncode == 3 and not any(word in done.stderr for word in CRASHED)
    assert [(row["status"], row["exit_code"]) for row in lines] == [("error", 3)] * 2
    assert all(where in row["error"] for row in lines)
    studio = python(f"""
import json
from pyasp_runner.studio import work
request = {{"action": "solve", "puzzle": "jodici", "text": {text!r},
           "rules": open("e.lp", encoding="utf-8").read(), "time_limit": 20}}
print(json.dumps(work.run(request, None, lambda elapsed, found: None)))
""", tmp_path)
    assert studio.returncode == 0, studio.stderr
    answer = json.loads(studio.stdout)
    assert answer["status"] == "error"
    assert answer["error"].startswith(f"rules.lp: cannot be parsed: rules.lp:{line}:14: ")
    assert answer["errors"] == [{"line": line, "column": 14, "message": answer["errors"][0][
        "message"]}] and "'ö' (U+00F6)" in answer["errors"][0]["message"]


# Pieces of programs where clingo's lexer changes what it reads: strings and their escapes,
# line and block comments (nested), #script bodies, theory atoms, braces.
PIECES = ['p', '(', ')', '.', ' ', '\n', '"', '\\', '%', '*', '%*', '*%', '#!', 'ö', 'größe',
          '#script (python)\n', '#end', 'X', ':-', ',', '"ö"', '\\"', '#', 'é', '{', '}', '&a']


def lexer_meets_a_byte_outside_ascii(text: str) -> int | None:
    """Where clingo's own lexer reports an error over a character that is not ASCII (the
    message that ends the process): each such character replaced by a backquote, an ASCII
    character the lexer also refuses outside strings and comments, and the spans of its
    lexer errors read from its messages."""
    from clingo.ast import parse_string

    marked = "".join(char if char.isascii() else "`" for char in text)
    messages: list[str] = []
    with suppress(RuntimeError):  # a syntax error: its messages are what is read
        parse_string(marked, lambda statement: None, logger=lambda code, message:
                     messages.append(message), message_limit=10**6)
    starts = [0]
    for line in marked.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    hits = []
    for message in messages:
        found = re.match(r"<string>:(\d+):(\d+)-(\d+): error: lexer error", message)
        if found:
            line, first, last = map(int, found.groups())
            span = range(starts[line - 1] + first - 1,
                         min(starts[line - 1] + last - 1, len(text)))  # <EOF> is past it
            hits += [at for at in span if not text[at].isascii()]
    return min(hits, default=None)


def test_the_check_never_lets_clingo_meet_such_a_character_and_is_exact_in_plain_rules():
    # Random programs: wherever clingo's lexer would report a character outside ASCII,
    # the check stops at it or before; without braces, theory atoms or #theory (where the
    # parser, not the lexer, decides how text is read) it finds exactly clingo's first.
    pick = random.Random(27)
    for _ in range(1500):
        text = "".join(pick.choice(PIECES) for _ in range(pick.randint(1, 25)))
        clingo_at = lexer_meets_a_byte_outside_ascii(text)
        found = first_outside(text)
        ours = None if found is None else (
            sum(len(line) + 1 for line in text.split("\n")[:found[0] - 1]) + found[1] - 1)
        if clingo_at is not None:
            assert ours is not None and ours <= clingo_at, text
        if not any(piece in text for piece in "{}&"):
            assert ours == clingo_at, text


# --- 2. countdown: numbers whose product has no float -------------------------------------

def test_countdown_numbers_too_large_together_are_refused_in_one_line(tmp_path):
    many = " ".join(["100"] * 160) + " -> 5"
    done = solve_asp("countdown", many)
    assert done.returncode == 2
    assert one_line(done) == (
        "solve-asp: <argument>:1: the numbers are too large together: with number 5 of 160, "
        "results could reach 10,000,000,000, past clingo's 32-bit integers (the product of "
        "the numbers, ones counted as 2, must stay below 2^31)")
    (tmp_path / "ones.txt").write_text(" ".join(["1"] * 1_000_000) + " -> 5\n")
    done = solve_asp("countdown", "ones.txt", "--time-limit", "2", "--json", cwd=tmp_path)
    assert done.returncode == 2 and json.loads(done.stdout)["exit_code"] == 2
    assert "with number 31 of 1,000,000, results could reach 2,147,483,648" in one_line(done)


# --- 3. a nonogram line of 500 runs: its clue nests 500 tuples -----------------------------

def test_a_line_of_500_runs_is_solved_on_the_command_line_and_in_the_studio(tmp_path):
    from checkers import checker

    columns = [[1] if column % 2 else [] for column in range(1, 1000)]
    text = repr((columns, [[1] * 500])) + "\n"
    (tmp_path / "long.txt").write_text(text)
    done = solve_asp("nonogram", "long.txt", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["status"], answer["unique"]) == ("solved", True)
    checker("nonogram").check(text, answer["solutions"][0])
    studio = python("""
import json
from pyasp_runner.studio import work
request = {"action": "solve", "puzzle": "nonogram", "text": open("long.txt").read(),
           "time_limit": 60}
print(json.dumps(work.run(request, None, lambda elapsed, found: None)["status"]))
""", tmp_path)
    assert (studio.returncode, studio.stdout.strip()) == (0, '"solved"'), studio.stderr


# --- 7. --trace writes the search, not the answer: an answer's output is refused with it ---

@pytest.mark.parametrize("other", [["--json"], ["--json-lines"], ["--svg", "-"],
                                   ["--svg", "x.svg"], ["--stats"], ["--count"]])
@pytest.mark.parametrize("trace", ["-", "t.jsonl"])
def test_trace_with_an_output_of_the_answer_is_refused(tmp_path, trace, other):
    done = solve_asp("jodici", "example:1", "--trace", trace, *other, cwd=tmp_path)
    assert done.returncode == 2
    flag = other[0]
    assert one_line(done) == (f"solve-asp: --trace and {flag} cannot be combined: --trace "
                              "writes the search, not the answer (the answers are its model "
                              "lines); run without --trace for the answer")
    assert not (tmp_path / "t.jsonl").exists() and not (tmp_path / "x.svg").exists()
    if flag in ("--json", "--json-lines"):
        assert json.loads(done.stdout)["exit_code"] == 2
    else:
        assert done.stdout == ""


# --- 8. a file the run writes is never one it reads ------------------------------------------

def test_an_output_naming_an_input_is_refused_and_the_input_kept(tmp_path):
    puzzle = tmp_path / "o.csv"
    puzzle.write_text(JODICI.read_text())
    rules = tmp_path / "mine.lp"
    rules.write_text((ROOT / "asp" / "jodici.lp").read_text())
    for argv, message in [
        (["o.csv", "--svg", "o.csv"], "--svg o.csv would overwrite the puzzle file o.csv"),
        (["o.csv", "--trace", "./o.csv"],
         "--trace ./o.csv would overwrite the puzzle file o.csv"),
        (["o.csv", "--encoding", "mine.lp", "--svg", str(rules)],
         f"--svg {rules} would overwrite the --encoding file mine.lp"),
        (["o.csv", "--trace", "t.jsonl", "--svg", "t.jsonl"], None),
        (["o.csv", str(JODICI), "--resume", "o.csv"],
         "--resume o.csv would append to the puzzle file o.csv"),
    ]:
        done = solve_asp("jodici", *argv, cwd=tmp_path)
        assert done.returncode == 2, argv
        line = one_line(done)
        if message is None:  # refused as a pair before the files are compared
            assert line.startswith("solve-asp: --trace and --svg cannot be combined"), line
        else:
            assert line == f"solve-asp: {message}: write to another file", argv
    assert puzzle.read_text() == JODICI.read_text()
    assert rules.read_text() == (ROOT / "asp" / "jodici.lp").read_text()


# --- 9. a memory limit too low to start: exit 7 in one line ----------------------------------

@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_a_memory_limit_below_what_a_start_needs_is_exit_7_in_one_line(extra):
    done = solve_asp("jodici", "example:1", "--memory-limit", "0.01", *extra)
    assert done.returncode == 7
    line = one_line(done)
    assert re.fullmatch(r"solve-asp: out of memory before starting: a memory limit of 0\.01 "
                        r"GiB leaves no room to start: the command has \d+ MiB of address "
                        r"space mapped before it reads the puzzle, and a search needs 32 MiB "
                        r"more \(its threads' stacks, clingo's start\); give at least "
                        r"0\.\d+ GiB \(0: no limit\)", line), line
    if extra:
        assert json.loads(done.stdout) == {"status": "error", "error": line[11:],
                                           "exit_code": 7}
    else:
        assert done.stdout == ""


def test_the_least_memory_limit_the_message_names_solves():
    line = one_line(solve_asp("jodici", "example:1", "--memory-limit", "0.01"))
    least = re.search(r"give at least ([0-9.]+) GiB", line)[1]
    done = solve_asp("jodici", "example:1", "--memory-limit", least, "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["unique"] is True


# --- 12. every numeric option reads ASCII digits only; every file not written exits 5 --------

@pytest.mark.parametrize("option", ["--time-limit", "--memory-limit", "--cap", "-n",
                                    "--threads", "--max-size"])
@pytest.mark.parametrize("value", ["\u0663", "\uff13", "1_0"])  # Arabic-Indic, fullwidth
def test_numeric_options_refuse_digits_of_other_scripts_alike(option, value):
    done = solve_asp("jodici", "example:1", option, value)
    assert done.returncode == 2
    line = one_line(done)
    assert line.startswith(f"solve-asp jodici: error: argument {option}") and value in line


def test_the_studio_reads_its_numbers_as_the_command_does():
    done = solve_asp("studio", "--port", "٣", "--no-browser")
    assert done.returncode == 2 and "argument --port" in one_line(done)
    done = solve_asp("studio", "--time-limit", "٣", "--no-browser")
    assert done.returncode == 2 and "argument --time-limit" in one_line(done)


@pytest.mark.parametrize(("argv", "message"), [
    (["--svg", "/dev/full"], "cannot write the picture to /dev/full: No space left on device"),
    (["--trace", "/dev/full"], "/dev/full: cannot be written: No space left on device"),
    (["--svg", "no/such/x.svg"], "cannot write the picture to no/such/x.svg: No such file or "
     "directory"),
])
def test_a_file_that_cannot_be_written_is_exit_5_as_standard_output_is(tmp_path, argv, message):
    done = solve_asp("jodici", "example:1", *argv, cwd=tmp_path)
    assert (done.returncode, one_line(done)) == (5, f"solve-asp: {message}")


def test_with_json_a_picture_not_written_is_the_error_object():
    done = solve_asp("jodici", "example:1", "--svg", "/dev/full", "--json")
    assert done.returncode == 5
    assert json.loads(done.stdout) == {"status": "error", "exit_code": 5, "error":
                                       "cannot write the picture to /dev/full: No space left "
                                       "on device"}


# --- 10, 11. --resume: one run at a time; its file is no puzzle ------------------------------

def test_a_resume_file_another_run_holds_is_refused_and_nothing_is_solved(tmp_path):
    import fcntl

    out = tmp_path / "audit.jsonl"
    with open(out, "a") as held:  # what a run resuming into it holds while it runs
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        done = solve_asp("jodici", str(JODICI), "--resume", "audit.jsonl", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert one_line(done) == ("solve-asp: --resume audit.jsonl: another run is resuming into "
                              "it (the file is locked); let that run finish, or give another "
                              "file")
    assert out.read_text() == ""
    done = solve_asp("jodici", str(JODICI), "--resume", "audit.jsonl", cwd=tmp_path)
    assert done.returncode == 0
    assert [json.loads(row)["status"] for row in out.read_text().splitlines()] == ["solved"]


def test_a_resume_file_inside_the_audited_folder_is_not_read_as_a_puzzle(tmp_path):
    folder = tmp_path / "book"
    folder.mkdir()
    for name in ("1.csv", "several.csv"):
        (folder / name).write_text((ROOT / "instances" / "jodici" / name).read_text())
    for _ in range(2):
        done = solve_asp("jodici", "book", "--resume", "book/audit.jsonl", "--json-lines",
                         cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    rows = [json.loads(row) for row in (folder / "audit.jsonl").read_text().splitlines()]
    assert sorted(row["file"] for row in rows) == ["book/1.csv", "book/several.csv"]
    assert done.stdout == ""  # the second run found both already done
