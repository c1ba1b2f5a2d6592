"""The README's examples run by the installed `solve-asp` in a folder outside the checkout,
and the help texts, which name no file an installed package lacks.

Run from a checkout (an editable install) the examples exercise what an installed
package meets outside one: no `instances/` folder beside them. Run in the sdist stage of
CI (`.ci/run`: the source distribution installed from the wheel it builds, with
SOLVE_ASP_INSTALLED=wheel), the same test holds the installed wheel to it and compares
each example's output with the source tree's.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from conftest import ROOT

import pyasp_runner
from pyasp_runner import cli, reasoning
from pyasp_runner.cli import definition
from pyasp_runner.puzzles import registry

# A README example: an indented code line (`    solve-asp ...`, `    $ solve-asp ...`, or
# `pip install ... && solve-asp ...`) up to a `#` comment, or `solve-asp ...` in backticks.
_CODE_LINE = re.compile(r"^    (?:\$ )?(?:.*&& )?(solve-asp .*?)\s*(?:#.*)?$", re.M)
_INLINE = re.compile(r"`(solve-asp [^`]+)`")
# What the README shows as a pattern to fill in, or a pipeline run by its own test below;
# every other example runs as it stands.
NOT_AS_IT_STANDS = {
    "solve-asp PUZZLE INPUT [options]",
    "solve-asp generate PUZZLE [options]",
    "solve-asp PUZZLE --help",
    "solve-asp ... | head -1",
    "solve-asp PUZZLE INPUT --to FORMAT",
    "solve-asp path/to/mine.lp INPUT",  # a genre file of one's own: tests/test_genre_files.py
    "solve-asp generate PUZZLE --to FORMAT",
    "solve-asp generate PUZZLE --svg FILE",
    "solve-asp studio --memory-limit GIB",
    "solve-asp hidoku BOOK/ --json-lines > audit.jsonl",
    "solve-asp jodici a.csv b.csv c.csv",
    "solve-asp signpost ids.txt --lines",
    "solve-asp nonogram BOOK/ --resume audit.jsonl --time-limit 60 --jobs 8",
    "solve-asp hidoku BOOK/ --scheduler tcp://10.0.0.5:8786 --json-lines > audit.jsonl",
    # a player's answer file: tests/test_cli_rules.py checks answers
    "solve-asp skyscrapers example:codewars-4x4-1 --check answer.json",
    # a web server that runs until Ctrl-C: tests/test_studio_api.py starts it
    "solve-asp studio",
    # the pipeline of --facts with the plain clingo command: the last test below
    "solve-asp jodici example:1 --facts > f.lp; solve-asp encoding jodici > jodici.lp; "
    "python -m clingo jodici.lp f.lp",
}
# Files an example writes, checked after it has run.
WRITTEN = {"--svg": "<?xml", "--trace": '{"event": "start"'}
# Examples whose answer is exit 1: a conflict explained, flower's best stack that leaves a
# hole open.
UNSOLVABLE = {"solve-asp hidoku example:unsolvable --explain", "solve-asp flower example:original",
              "solve-asp skyscrapers example:unsolvable --explain"}


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = [match[1] for match in _CODE_LINE.finditer(text)]
    found += [match[1] for match in _INLINE.finditer(text)]
    return list(dict.fromkeys(command.strip() for command in found))


def runnable() -> list[str]:
    return [command for command in readme_commands() if command not in NOT_AS_IT_STANDS]


def from_wheel() -> bool:
    """Whether the package is an installed one (not this source tree)."""
    return ROOT not in Path(pyasp_runner.__file__).resolve().parents


def installed_command() -> Path:
    """The `solve-asp` script installed beside this Python (the environment under test)."""
    return Path(sys.executable).parent / "solve-asp"


def words_of(command: str) -> tuple[list[str], str | None]:
    """The arguments after `solve-asp`, and the file of a `> FILE` redirection."""
    words = [word.strip('"') for word in re.findall(r'"[^"]*"|\S+', command)][1:]
    if len(words) >= 2 and words[-2] == ">":
        return words[:-2], words[-1]
    return words, None


def test_the_readme_examples_are_read_and_the_patterns_are_all_in_it():
    commands = readme_commands()
    assert set(commands) >= NOT_AS_IT_STANDS, NOT_AS_IT_STANDS - set(commands)
    assert len(runnable()) >= 20
    assert "solve-asp jodici instances/jodici/1.csv" in commands  # the set-up line


def test_sdist_stage_tests_an_installed_wheel():
    # .ci/run's sdist stage says so; there the package must not be this source tree.
    if os.environ.get("SOLVE_ASP_INSTALLED") != "wheel":
        pytest.skip("not the sdist stage of CI (SOLVE_ASP_INSTALLED=wheel)")
    assert from_wheel(), pyasp_runner.__file__
    files = {str(path) for path in metadata.files("solve-asp") or []}
    for shipped in ("pyasp_runner/asp/jodici.lp", "pyasp_runner/instances/jodici/1.csv",
                    "pyasp_runner/instances/hidoku/rosetta.txt", "pyasp_runner/py.typed"):
        assert shipped in files, shipped
    assert any(name.endswith("licenses/LICENSE") for name in files)


def test_every_readme_example_runs_outside_the_checkout(tmp_path):
    command = installed_command()
    assert command.is_file(), command
    env = {"PATH": f"{command.parent}:/usr/bin:/bin", "COLUMNS": "100", "HOME": str(tmp_path)}
    source = {**env, "PYTHONPATH": str(ROOT)}
    for example in runnable():
        words, redirected = words_of(example)
        ran = subprocess.run([str(command), *words], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=300)
        code = 1 if example in UNSOLVABLE else 0
        assert (ran.returncode, "Traceback" in ran.stderr) == (code, False), (example,
                                                                               ran.stderr)
        assert ran.stdout or "--trace" in words, example  # a trace writes to its file
        for flag, start in WRITTEN.items():
            if flag in words:
                written = tmp_path / words[words.index(flag) + 1]
                assert written.read_text(encoding="utf-8").startswith(start), example
        for path in re.findall(r"\binstances/\S+", example):  # the shipped file, said so
            assert f"no file {path} here: it is the shipped example:" in ran.stderr
        if redirected is not None:
            assert not ran.stdout.startswith("solve-asp:"), example
        if from_wheel():  # the installed wheel answers as the source tree does
            here = subprocess.run([sys.executable, "-m", "pyasp_runner", *words], cwd=ROOT,
                                  env=source, capture_output=True, text=True, timeout=300)
            assert (ran.returncode, ran.stdout) == (here.returncode, here.stdout), example


def test_a_type_checker_sees_the_installed_package_types(tmp_path):
    # A user's script checked with mypy --strict, outside the checkout, against the
    # installed package: its hints are read (py.typed), not skipped as untyped.
    script = ("import pyasp_runner\nresult = pyasp_runner.solve('jodici', '')\n"
              "reveal_type(result.status)\n")
    typed = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                            "--python-executable", sys.executable, "--cache-dir",
                            str(tmp_path / "mypy-cache"), "-c", script], cwd=tmp_path,
                           env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
                           capture_output=True, text=True, timeout=300)
    assert typed.returncode == 0 and 'Revealed type is "str"' in typed.stdout, typed.stdout


def test_the_readme_hint_example_forces_some_values_and_not_all():
    hints = [example for example in runnable() if "--hint" in example and "--why" not in example]
    assert hints
    for example in hints:
        words, _ = words_of(example)
        ran = subprocess.run([sys.executable, "-m", "pyasp_runner", *words], cwd=ROOT,
                             capture_output=True, text=True, timeout=300)
        forced = re.search(r"Forced (?:in every solution|by propagation alone): (\d+) of the "
                           r"(\d+) values not given", ran.stdout)
        assert forced, ran.stdout
        assert 0 < int(forced[1]) < int(forced[2]), example


def test_the_facts_pipeline_runs_with_the_installed_encoding(tmp_path):
    # The --facts header's command and the README's pipeline with `encoding`, run outside
    # the checkout: the encoding the header names is the installed package's.
    command = installed_command()
    env = {"PATH": f"{command.parent}:/usr/bin:/bin", "HOME": str(tmp_path)}

    def installed_run(*words: str) -> str:
        return subprocess.run([str(command), *words], cwd=tmp_path, env=env,
                              capture_output=True, text=True, check=True).stdout

    (tmp_path / "f.lp").write_text(facts := installed_run("jodici", "example:1", "--facts"))
    (tmp_path / "jodici.lp").write_text(installed_run("encoding", "jodici"))
    named = facts.splitlines()[0].split("run: ", 1)[1].replace("<this file>", "f.lp").split()
    assert named[:3] == ["python", "-m", "clingo"]
    assert Path(named[3]) == registry()["jodici"].encoding
    python = Path(sys.executable)
    for clingo_command in (named, ["python", "-m", "clingo", "jodici.lp", "f.lp"]):
        ran = subprocess.run([str(python), *clingo_command[1:]], cwd=tmp_path, env=env,
                             capture_output=True, text=True)
        assert "SATISFIABLE" in ran.stdout and "UNSATISFIABLE" not in ran.stdout


# --- Help texts ------------------------------------------------------------------------------

# Paths of the checkout that an installed package does not have.
CHECKOUT_PATHS = re.compile(r"\b(asp|docs|instances|benchmarks|tests)/|\.md\b")


def help_of(*words: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        cli.main([*words, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_every_puzzle_help_ends_with_an_example_that_solves(capsys):
    for name in registry():
        text = help_of(name, capsys=capsys)
        last = text.rstrip().split("\n\n")[-2:]
        found = re.fullmatch(rf"example[^(]*\(solve-asp {name} example:(\S+)\):", last[0])
        assert found, (name, last[0])
        assert found[1] in registry()[name].examples(), name
        assert all(line.startswith("  ") for line in last[1].splitlines()), name
        assert max(map(len, last[1].splitlines())) <= 2 + definition.HELP_EXAMPLE_WIDTH, name


def test_no_help_names_a_file_an_installed_package_lacks(capsys):
    for words in ([], ["generate"], ["encoding"], ["examples"], *([name] for name in
                                                                    registry())):
        text = help_of(*words, capsys=capsys)
        body = text.split("\nexample")[0]  # a shipped example's own comment lines aside
        assert not CHECKOUT_PATHS.search(body), (words, CHECKOUT_PATHS.search(body))
    assert definition.MEDIUM_CONFLICTS == reasoning.MEDIUM_CONFLICTS  # the --grade help's bound
