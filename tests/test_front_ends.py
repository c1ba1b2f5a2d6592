"""The four front ends present one session: the command (`--json`), the Python API, the
studio's worker and a collection's worker give the same envelope for every instance, the
same error for an encoding whose answers draw nothing, and ask clingo with the same
settings (the puzzle's preset, clingo options and default answers).

Each front end runs in this process through its own entry (the command's `main`, the API's
functions, the studio's `work.run` as its child process calls it, the collection's
`audit.solve_one` as its worker calls it): their paths, without servers and pools.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import INSTANCES, sampled_files

from pyasp_runner import api, audit, runner
from pyasp_runner.cli import main
from pyasp_runner.errors import EncodingError
from pyasp_runner.puzzles import registry
from pyasp_runner.studio import work

# Every puzzle's files, and of each genre pzprjs's address and its smallest text grid.
FILES = sampled_files(grids=1)
IDS = [str(path.relative_to(INSTANCES)) for path in FILES]
# What differs between two runs of one search: its timings (and a collection's CPU time).
RUN_DEPENDENT = ("stats",)


def comparable(envelope: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in envelope.items() if key not in RUN_DEPENDENT}


def by_command(capsys: pytest.CaptureFixture[str], puzzle: str, path: Path,
               *options: str) -> tuple[int, dict[str, Any]]:
    capsys.readouterr()
    code = main([puzzle, str(path), "--json", *options])
    return code, json.loads(capsys.readouterr().out)


def by_studio(puzzle: str, path: Path, action: str = "solve",
              rules: str | None = None) -> dict[str, Any]:
    request = {"action": action, "puzzle": puzzle, "text": path.read_text(encoding="utf-8"),
               "source": path.name, "rules": rules, "index": 0, "time_limit": 600.0}
    return work.run(request, INSTANCES, lambda elapsed, found: None)


def by_collection(puzzle: str, path: Path, **settings: Any) -> dict[str, Any]:
    return audit.solve_one(audit.Settings(puzzle=puzzle, **settings),
                           path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_every_front_end_gives_the_commands_envelope(path, capsys):
    puzzle = path.parent.name
    _, command = by_command(capsys, puzzle, path)
    from_api = api.solve_file(puzzle, path).envelope()
    studio = by_studio(puzzle, path)
    collection = by_collection(puzzle, path)
    assert comparable(from_api) == comparable(command)
    assert comparable(studio["envelope"]) == comparable(command)
    assert (studio["status"], studio["unique"]) == (command["status"], command["unique"])
    # A collection's line leaves out the atoms (docs/json.md).
    without_atoms = {key: value for key, value in command.items() if key != "atoms"}
    assert comparable(collection) == comparable(without_atoms)
    assert set(collection["stats"]) >= set(command["stats"]) - {"output_s"}


# -- the questions about clues: one envelope --------------------------------------------

QUESTIONS = [("hidoku", "unsolvable.csv"), ("hidoku", "several.csv"), ("jodici", "1.csv"),
             ("nonogram", "several.txt"), ("skyscrapers", "unsolvable.txt")]


@pytest.mark.parametrize(("puzzle", "name"), QUESTIONS)
@pytest.mark.parametrize("question", ["explain", "hint", "step"])
def test_explain_and_hint_are_the_same_on_the_command_the_api_and_the_studio(
        puzzle, name, question, capsys):
    path = INSTANCES / puzzle / name
    flags = {"explain": ["--explain"], "hint": ["--hint"], "step": ["--hint", "--step"]}
    _, command = by_command(capsys, puzzle, path, *flags[question])
    text = path.read_text(encoding="utf-8")
    if question == "explain":
        from_api = api.explain(puzzle, text, source=str(path)).envelope()
    else:
        from_api = api.hint(puzzle, text, source=str(path), step=question == "step").envelope()
    studio = by_studio(puzzle, path, question)
    assert comparable(from_api) == comparable(command)
    assert comparable(studio["envelope"]) == comparable(command)


@pytest.mark.parametrize(("puzzle", "name"), QUESTIONS)
def test_a_grade_is_the_same_on_the_command_the_api_and_a_collection(puzzle, name, capsys):
    path = INSTANCES / puzzle / name
    _, command = by_command(capsys, puzzle, path, "--grade")
    from_api = api.grade(puzzle, path.read_text(encoding="utf-8"), source=str(path))
    collection = by_collection(puzzle, path, grade=True)
    assert comparable(from_api.envelope()) == comparable(command)
    without_atoms = {key: value for key, value in command.items() if key != "atoms"}
    assert comparable(collection) == comparable(without_atoms)


# -- one error: an encoding whose answers draw nothing --------------------------------------

def test_an_encoding_that_draws_nothing_is_the_same_error_everywhere(tmp_path, capsys):
    path = INSTANCES / "jodici" / "1.csv"
    packaged = (INSTANCES.parent / "asp" / "jodici.lp").read_text().splitlines()
    rules = "\n".join(line for line in packaged if not line.startswith("#show")) + "\n#show.\n"
    edited = tmp_path / "e.lp"
    edited.write_text(rules)
    code, command = by_command(capsys, "jodici", path, "--encoding", str(edited))
    assert (code, command["status"], command["exit_code"]) == (3, "error", 3)
    assert "holds none of the atoms the puzzle draws" in command["error"]
    with pytest.raises(EncodingError) as caught:
        api.solve_file("jodici", path, encoding=edited)
    assert str(caught.value) == command["error"]
    line = by_collection("jodici", path, encoding=str(edited))
    assert line == {"status": "error", "error": command["error"], "exit_code": 3}
    studio = by_studio("jodici", path, rules=rules)
    assert studio["status"] == "error"
    assert studio["error"] == command["error"].replace(str(edited), work.RULES_NAME)


# -- one set of clingo settings: the puzzle's preset and options -----------------------------

@pytest.fixture
def clingo_calls(monkeypatch):
    """The clingo arguments of every search made meanwhile, in order."""
    calls: list[list[str]] = []
    arguments = runner.control_arguments

    def recorded(limits: runner.Limits) -> list[str]:
        calls.append(arguments(limits))
        return calls[-1]

    monkeypatch.setattr(runner, "control_arguments", recorded)
    return calls


@pytest.mark.parametrize(("puzzle", "name"), [("nonogram", "several.txt"),
                                              ("checkerboard", "unsolvable.txt")])
@pytest.mark.parametrize("question", ["solve", "explain", "hint", "step"])
def test_the_studio_asks_clingo_as_the_command_does(puzzle, name, question, clingo_calls,
                                                    capsys):
    path = INSTANCES / puzzle / name
    flags = {"solve": [], "explain": ["--explain"], "hint": ["--hint"],
             "step": ["--hint", "--step"]}
    by_command(capsys, puzzle, path, *flags[question])
    command = list(clingo_calls)
    clingo_calls.clear()
    by_studio(puzzle, path, question)
    assert command and clingo_calls == command
    spec = registry()[puzzle].spec
    for arguments in command:  # nonogram: jumpy, --eq=0 --sat-prepro=0; checkerboard: crafty
        assert f"--configuration={spec.configuration}" in arguments
        assert set(spec.clingo_options) <= set(arguments)


def test_flower_lists_every_best_position_on_every_front_end(capsys):
    path = INSTANCES / "flower" / "original.txt"
    _, command = by_command(capsys, "flower", path)
    assert (command["status"], command["complete"]) == ("unsolvable", True)
    assert command["closest"]["count"] == len(command["closest"]["solutions"]) == 16
    assert comparable(api.solve_file("flower", path).envelope()) == comparable(command)
