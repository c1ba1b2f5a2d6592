"""The Python API (`from pyasp_runner import solve, ...`) and the command-line features
that speak clingo: -c constants, pass-through options, extra #show atoms, --json-lines,
JSON errors, shipped examples, the packaged encoding, --version."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET

import clingo
import pytest
from checkers import checker
from conftest import INSTANCES, ROOT

import pyasp_runner
from pyasp_runner import api, runner
from pyasp_runner.cli import main
from pyasp_runner.errors import EncodingError, InputError, UserError
from pyasp_runner.puzzles import module_names as puzzle_modules
from pyasp_runner.puzzles import registry

JODICI = INSTANCES / "jodici" / "1.csv"
SEVERAL = INSTANCES / "hidoku" / "several.csv"
SVG = "{http://www.w3.org/2000/svg}"
UNSOLVABLE = INSTANCES / "hidoku" / "unsolvable.csv"


def test_the_api_names_are_functions_even_after_the_runner_is_imported():
    from pyasp_runner import explain, generate, hint, list_puzzles, solve, solve_file

    assert all(callable(f) for f in (solve, solve_file, explain, hint, generate, list_puzzles))
    assert "hidoku" in list_puzzles() and list_puzzles()["hidoku"].can_generate
    assert re.fullmatch(r"\d+\.\d+\.\d+", pyasp_runner.__version__)


def test_solve_returns_the_envelope_fields_and_a_checked_solution():
    result = pyasp_runner.solve_file("jodici", JODICI)
    assert (result.status, result.unique, result.count, result.complete) == (
        "solved", True, 1, True)
    checker("jodici").check(JODICI.read_text(), result.solutions[0])
    assert result.envelope()["solutions"] == result.solutions
    # Jodici's sums need a search: clingo's counters come through.
    assert result.stats["choices"] > 0 and result.stats["conflicts"] > 0
    assert "time_s" in result.stats
    assert all(clingo.parse_term(atom) for atom in result.atoms[0])


def test_all_and_count():
    every = pyasp_runner.solve_file("hidoku", SEVERAL, models=0)
    counted = pyasp_runner.solve_file("hidoku", SEVERAL, count=True)
    assert every.complete and counted.complete
    assert every.count == counted.count == len(every.solutions) == len(every.boards()) > 1
    assert counted.solutions == []
    for solution in every.solutions:
        checker("hidoku").check(SEVERAL.read_text(), solution)


def test_errors_are_exceptions_with_the_one_line_message(tmp_path):
    with pytest.raises(InputError, match=r"^<text>:1: ") as caught:
        pyasp_runner.solve("jodici", "1,2,3\n")
    assert "\n" not in str(caught.value)
    broken = tmp_path / "broken.lp"
    broken.write_text("value(R,S,V) :- .\n")
    with pytest.raises(EncodingError, match=r"broken\.lp"):
        pyasp_runner.solve_file("jodici", JODICI, encoding=broken)
    with pytest.raises(UserError, match="unknown puzzle"):
        pyasp_runner.solve("no_such_puzzle", "")
    with pytest.raises(api.Stopped, match="time limit"):
        pyasp_runner.explain("hidoku", UNSOLVABLE.read_text(), time_limit=1e-9)
    # Stopped lives with the other errors (a plain solve does not import the API); its
    # statuses are the runner's
    assert (api.Stopped(runner.TIMEOUT).exit_code, api.Stopped(runner.INTERRUPTED).exit_code) \
        == (4, 130)


def test_explain_hint_and_generate():
    explained = pyasp_runner.explain("hidoku", UNSOLVABLE.read_text())
    assert explained.status == "unsolvable" and explained.conflict
    assert all(clue["text"].startswith("the ") for clue in explained.conflict)
    part = "_,_,_\n_,X,_\n1,2,3\n"  # two solutions that agree on three cells
    hinted = pyasp_runner.hint("hidoku", part)
    assert (hinted.status, hinted.forced, hinted.open) == ("solved", 3, 5)
    made = pyasp_runner.generate("skyscrapers", size="4", seed=3)
    assert made is not None and made.seed == 3
    again = pyasp_runner.solve("skyscrapers", made.text)
    assert again.unique is True
    assert pyasp_runner.generate("skyscrapers", size="4", seed=3).text == made.text


def test_a_result_is_a_picture_in_a_notebook():
    result = pyasp_runner.solve_file("jodici", JODICI)
    root = ET.fromstring(result._repr_svg_())
    assert root.tag.endswith("svg")
    several = pyasp_runner.solve_file("hidoku", SEVERAL, models=0)
    row = several.boards()._repr_html_()
    # One picture (no XML declaration inside the page), every board in it, one legend.
    assert row.count("<svg ") == 1 and "<?xml" not in row
    picture = ET.fromstring(row[row.index("<svg "):row.index("</svg>") + 6])
    boards = [g for g in picture if g.get("class") == "board"]
    assert len(boards) == several.count > 1
    assert sum("bold: given" in (t.text or "") for t in picture.iter(f"{SVG}text")) == 1


def test_a_result_shows_its_status_over_its_picture_and_prints_in_one_short_line():
    several = pyasp_runner.solve_file("hidoku", SEVERAL, models=0)
    page = several._repr_html_()
    status = re.sub(r"<[^>]+>", "", page[:page.index("<svg ")])
    assert status.startswith(f"hidoku: solved, not unique ({several.count} answers, "
                             "search complete) in ")
    assert page.count("<svg ") == 1 and "<?xml" not in page
    assert repr(several) == (f"Result(puzzle='hidoku', status='solved', count={several.count},"
                             " unique=False, complete=True)")
    assert repr(several.boards()[0]) == \
        f"Board(puzzle='hidoku', source='{SEVERAL}', atoms={len(several.atoms[0])})"
    wrong = pyasp_runner.explain("jodici", "3,3,3,_,_,_\n_,_,_,_,_,_\n_,_,_,_,_,_\n")
    assert "unsolvable" in wrong._repr_html_() and "a minimal conflict of" in wrong._repr_html_()
    assert repr(wrong).endswith(f"conflict={len(wrong.conflict or [])})")
    assert 'class="cell conflict"' in wrong._repr_html_()
    hinted = pyasp_runner.hint("hidoku", "_,_,_\n_,X,_\n1,2,3\n")
    assert "3 of 5 open values forced" in hinted._repr_html_()
    assert repr(hinted) == ("Hinted(puzzle='hidoku', status='solved', mode='cautious', "
                            "forced=3, open=5)")


def test_python_api_page_runs():
    # The walk-through's blocks run in order, as in a notebook.
    text = (ROOT / "docs" / "python-api.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/python-api.md", "exec"), namespace)


# -- clingo's conventions on the command line ---------------------------------------------

EDITED = """\
#include "{packaged}".
#const bonus=1.
shown_bonus(bonus).
#show shown_bonus/1.
"""


@pytest.fixture
def edited(tmp_path):
    path = tmp_path / "edited.lp"
    path.write_text(EDITED.format(packaged=api.puzzle_named("jodici").encoding))
    return path


def test_a_constant_is_set_with_c_and_extra_atoms_are_shown(edited, capsys):
    assert main(["jodici", str(JODICI), "--encoding", str(edited), "-c", "bonus=7"]) == 0
    out = capsys.readouterr().out
    assert "Also shown: shown_bonus(7)" in out
    assert main(["jodici", str(JODICI), "--encoding", str(edited), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "shown_bonus(1)" in data["atoms"][0]
    assert any(atom.startswith("value(") for atom in data["atoms"][0])


def test_an_unknown_constant_or_a_value_that_is_no_term_is_refused(edited, capsys):
    assert main(["jodici", str(JODICI), "--encoding", str(edited), "-c", "bonsu=7"]) == 2
    assert "no #const bonsu" in capsys.readouterr().err
    assert main(["jodici", str(JODICI), "--encoding", str(edited), "-c", "bonus=1). #x"]) == 2
    assert "not a clingo term" in capsys.readouterr().err
    assert main(["jodici", str(JODICI), "-c", "nothing"]) == 2


def test_clingo_options_pass_through_and_the_runners_own_win(capsys):
    assert main(["hidoku", str(SEVERAL), "-n", "0", "--json",
                 "--clingo-arg=--models=1", "--clingo-arg=--heuristic=Domain"]) == 0
    captured = capsys.readouterr()
    assert "--clingo-arg=--models=1 ignored" in captured.err
    assert json.loads(captured.out)["count"] > 1  # -n 0 won over --models=1


def test_a_puzzles_own_clingo_options_reach_clingo_and_the_users_replace_them(
        monkeypatch, capsys):
    hidoku = registry()["hidoku"]
    # An option clingo refuses shows that the puzzle's own options are passed on.
    monkeypatch.setattr(hidoku, "spec", hidoku.spec.replace(clingo_options=("--eq=nine",)))
    assert main(["hidoku", str(SEVERAL), "--json"]) == 3
    assert "eq" in capsys.readouterr().err
    assert main(["hidoku", str(SEVERAL), "--json", "--clingo-arg=--eq=1"]) == 0
    captured = capsys.readouterr()
    assert "--clingo-arg=--eq=1 replaces hidoku's own --eq=nine" in captured.err
    checker("hidoku").check(SEVERAL.read_text(), json.loads(captured.out)["solutions"][0])
    limits = runner.Limits(puzzle_args=("--eq=0", "--sat-prepro=0"), extra_args=("--eq=3",))
    arguments = runner.control_arguments(limits)
    assert "--sat-prepro=0" in arguments and "--eq=3" in arguments
    assert "--eq=0" not in arguments


def test_a_puzzle_option_yields_to_what_the_run_sets_itself():
    # checkerboard counts with --enum-mode=record; a hint's cautious consequences win.
    limits = runner.Limits(puzzle_args=("--enum-mode=record", "--heuristic=Domain"),
                           consequences="cautious")
    arguments = runner.control_arguments(limits)
    assert [a for a in arguments if a.startswith("--enum-mode")] == ["--enum-mode=cautious"]
    assert "--heuristic=Domain" in arguments
    assert "--enum-mode=record" in runner.control_arguments(
        runner.Limits(puzzle_args=("--enum-mode=record",)))


def test_json_lines_streams_each_answer_then_the_summary(capsys):
    assert main(["hidoku", str(SEVERAL), "-n", "0", "--json-lines"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    answers = [line for line in lines if line["type"] == "answer"]
    assert lines[-1]["type"] == "result" and lines[-1]["count"] == len(answers) > 1
    assert [a["index"] for a in answers] == list(range(1, len(answers) + 1))
    for answer in answers:
        checker("hidoku").check(SEVERAL.read_text(), answer["solution"])


def test_with_json_an_error_is_json_too(capsys):
    assert main(["jodici", "missing.csv", "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "error" and data["exit_code"] == 2
    assert "missing.csv" in data["error"]


@pytest.mark.parametrize(("flag", "head"), [("--json", {}), ("--json-lines", {"type": "result"})])
def test_with_json_a_usage_error_is_json_too(flag, head, capsys):
    with pytest.raises(SystemExit) as leaving:
        main(["jodici", str(JODICI), flag, "-n", "x"])
    assert leaving.value.code == 2
    captured = capsys.readouterr()
    message = "solve-asp jodici: error: argument -n/--models: expected a whole number"
    assert captured.err.startswith(message)
    assert json.loads(captured.out) == head | {
        "status": "error", "error": captured.err.strip(), "exit_code": 2}


@pytest.mark.parametrize("args", [
    ["--count", "-n", "1"], ["--explain", "--hint"], ["--facts", "--json"],
    ["--json", "--json-lines"], ["--explain", "-n", "2"], ["--hint", "-n", "2"],
    ["--hint", "--trace", "t.jsonl"], ["--facts", "--to", "text"], ["--facts", "-n", "2"],
    ["--facts", "--count"], ["--facts", "--svg", "x.svg"], ["--facts", "--stats"],
    ["--to", "text", "--json"], ["--to", "text", "-n", "3"], ["--to", "text", "--hint"]])
def test_conflicting_options_are_refused(args, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["jodici", str(JODICI), *args]) == 2
    err = capsys.readouterr().err
    first, second = (arg for arg in args if arg.startswith("-"))
    assert err.startswith(f"solve-asp: {first} and {second} cannot be combined: ")
    assert len(err.strip().splitlines()) == 1 and not list(tmp_path.iterdir())


@pytest.mark.parametrize(("arg", "reason"), [
    ("--bogus", "unknown option: 'bogus'"),
    ("--heuristic=Nope", "'Nope' invalid value for: 'heuristic'")])
def test_an_option_clingo_refuses_is_a_usage_error(arg, reason, capsys):
    assert main(["jodici", str(JODICI), f"--clingo-arg={arg}"]) == 2
    err = capsys.readouterr().err
    assert err == f"solve-asp: --clingo-arg={arg}: clingo does not take it ({reason})\n"


def test_a_missing_encoding_is_named_with_exit_2(capsys):
    assert main(["jodici", str(JODICI), "--encoding", "nope.lp"]) == 2
    assert "nope.lp: no such encoding file" in capsys.readouterr().err


def test_examples_the_packaged_encoding_and_the_version(capsys):
    assert main(["examples", "jodici"]) == 0
    assert "example:1" in capsys.readouterr().out
    assert main(["jodici", "example:1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unique"] is True
    assert main(["jodici", "example:nope"]) == 2
    assert "solve-asp examples jodici" in capsys.readouterr().err
    assert main(["encoding", "jodici"]) == 0
    assert capsys.readouterr().out == api.puzzle_named("jodici").encoding.read_text()
    assert main(["--version"]) == 0
    assert f"clingo {clingo.__version__}" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # after another option: argparse's --version
        main(["--list", "--version"])
    assert f"clingo {clingo.__version__}" in capsys.readouterr().out


def test_a_puzzles_help_shows_its_input_format_with_an_example(capsys):
    with pytest.raises(SystemExit):
        main(["jodici", "--help"])
    out = capsys.readouterr().out
    assert "Input:" in out and "example (solve-asp jodici example:" in out


def test_the_facts_header_names_a_command_that_runs(tmp_path, capsys):
    assert main(["jodici", str(JODICI), "--facts"]) == 0
    facts = capsys.readouterr().out
    (tmp_path / "f.lp").write_text(facts)
    command = facts.splitlines()[0].split("run: ", 1)[1].replace("<this file>", "f.lp")
    assert command.startswith("python -m clingo ")
    ran = subprocess.run([sys.executable, *command.split()[1:]], cwd=tmp_path,
                         capture_output=True, text=True)
    assert "SATISFIABLE" in ran.stdout


def _collected(folder, env):
    # One -q (the project's addopts are left out): a line per test, `file::name[...]`.
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-o", "addopts=", "-p", "no:cacheprovider"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    collected = {line for line in done.stdout.splitlines() if "::" in line}
    assert len(collected) > 1000, done.stdout[-3000:]
    return collected


def test_the_sdist_holds_what_its_tests_need(tmp_path):
    # The whole sdist suite runs in CI (.ci/run, in a fresh virtual environment); here:
    # the sdist built from the checkout collects exactly the checkout's tests (none fails
    # to import for a file the sdist left out) and holds the data they read.
    built = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir",
                            str(tmp_path / "dist"), str(ROOT)], capture_output=True, text=True,
                           timeout=600)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    sdist = next((tmp_path / "dist").glob("solve_asp-*.tar.gz"))
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    unpacked = next((tmp_path / "unpacked").iterdir())
    for needed in ("asp/jodici.lp", "instances/jodici/1.csv", "benchmarks/bench.py",
                   "docs/python-api.md", "docs/json.md", "tests/checkers/jodici.py", "LICENSE",
                   "README.md", "pyasp_runner/py.typed"):
        assert (unpacked / needed).is_file(), needed
    base = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    assert _collected(unpacked, {**base, "PYTHONPATH": str(unpacked)}) == _collected(
        ROOT, {**base, "PYTHONPATH": str(ROOT)})


def test_several_best_answers_are_one_compact_list_then_the_verdict(capsys):
    # flower's README example: sixteen best stack positions, a line each (its rotations
    # and the positions left open, as the JSON's disks show them), one legend, the verdict.
    assert main(["flower", "example:original", "--json"]) == 1
    best = json.loads(capsys.readouterr().out)["closest"]["solutions"]
    assert main(["flower", "example:original"]) == 1
    lines = capsys.readouterr().out.splitlines()
    listed = [line for line in lines if re.match(r"\d+: ", line)]
    assert len(listed) == len(best) == 16
    for line, stack in zip(listed, best, strict=True):
        opened = [p for p in range(1, len(stack["disks"][0]) + 1)
                  if not any(disk[p - 1] for disk in stack["disks"])]
        rotations = " ".join(map(str, stack["rotations"]))
        assert line.split(": ", 1)[1].split() == (
            f"rotations {rotations} open at {' '.join(map(str, opened))}".split())
    assert "Best answer" not in "\n".join(lines) and "Solution" not in "\n".join(lines)
    assert sum("rotations of disks 1..4" in line for line in lines) == 1
    assert " ".join(lines[-2:]).startswith("No solution: no rotation covers every hole.")


def test_no_solution_says_what_is_true_for_the_puzzle(capsys):
    assert main(["checkerboard", "example:unsolvable"]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "the stones cannot tile the board" in out and "clues" not in out
    assert main(["checkerboard", "example:unsolvable", "--explain"]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "the stones cannot tile this board" in out and "for this size" not in out
    assert main(["rc4", "example:clash"]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "No solution: no keystream makes every message text of the alphabet." in out
    assert "clues" not in out


def test_the_help_says_the_time_limit_covers_grounding(capsys):
    # --time-limit stops a grounding too (tests/test_command_edges.py); no help text
    # says otherwise.
    for argv in (["--help"], ["jodici", "--help"], ["generate", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = " ".join(capsys.readouterr().out.split())
        assert "not interrupt" not in out and "cannot interrupt" not in out
    with pytest.raises(SystemExit):
        main(["jodici", "--help"])
    assert "--time-limit SECONDS stop after this long, keeping what was found" in " ".join(
        capsys.readouterr().out.split())


def test_generate_names_what_it_is_doing():
    phases: list[str] = []
    made = pyasp_runner.generate("skyscrapers", size="4", seed=3, phase=phases.append)
    assert made is not None
    assert phases[0] == "a random full solution (attempt 1)"
    dropping = [p for p in phases if p.startswith("dropping clues: ")]
    total = int(dropping[0].split()[4])
    assert dropping[0] == f"dropping clues: 0 of {total} tried, 0 kept"
    tried = [int(p.split()[2]) for p in dropping]
    assert tried == sorted(tried) and tried[-1] < total
    assert phases[-1] == "grading"


def test_json_md_lists_every_puzzles_solution_object_with_its_keys():
    # docs/json.md is the contract the README cites: one row per puzzle, naming the keys
    # the puzzle's solution object really has.
    text = (ROOT / "docs" / "json.md").read_text()
    rows = dict(re.findall(r"^\| (\w+) \| (.+) \|$", text, re.M))
    genres = set(registry()) - set(puzzle_modules())
    rows.update(dict.fromkeys(genres, rows["genre"]))  # every genre: one object
    assert set(registry()) <= set(rows)
    for name, info in pyasp_runner.list_puzzles().items():
        found = None
        for path in info.examples.values():
            result = pyasp_runner.solve_file(name, path, models=1)
            found = (result.solutions or (result.closest or {}).get("solutions") or [None])[0]
            if found:
                break
        assert found, name
        documented = set(re.findall(r'"(\w+)":', rows[name])) | {"atoms"}  # (every one's)
        assert set(found) <= documented, (name, set(found) - documented)
