"""Every puzzle has all its parts (module, encoding, instances, checker), declares them in
one `PUZZLE = PuzzleSpec(...)` that holds to the contract, and none is orphaned."""

from __future__ import annotations

import inspect
import re

import pytest
from conftest import INSTANCES, ROOT, expected_for, instance_files

from pyasp_runner import puzzles
from pyasp_runner.cli.definition import build_parser
from pyasp_runner.puzzle import Instance, PuzzleSpec
from pyasp_runner.puzzles import GenrePuzzle, registry

PUZZLES = sorted(registry())
MODULES = puzzles.module_names()
GENRES = sorted(set(PUZZLES) - set(MODULES))
HOOKS = [name for name, kind in PuzzleSpec.__annotations__.items() if "Callable" in str(kind)]


def test_registry_is_not_empty():
    assert PUZZLES


@pytest.mark.parametrize("name", PUZZLES)
def test_puzzle_has_every_part(name):
    puzzle = registry()[name]
    assert puzzle.summary and puzzle.summary != name, "module docstring gives the --list line"
    assert puzzle.encoding.is_file()
    assert (ROOT / "tests" / "checkers" / f"{name}.py").is_file(), "an independent checker"
    files = [p for p in instance_files() if p.parent.name == name]
    assert files, "at least one instance"
    for path in files:
        assert expected_for(path)["status"]


@pytest.mark.parametrize("name", MODULES)
def test_puzzle_declares_itself_by_the_contract(name):
    module = registry()[name].module
    spec = module.PUZZLE
    assert isinstance(spec, PuzzleSpec) and spec.name == name
    for hook in HOOKS:
        declared = getattr(spec, hook)
        defined = module.__dict__.get(hook)
        if inspect.isfunction(defined) and defined.__module__ == module.__name__:
            # a module-level function named like a hook is that hook, declared
            assert declared is defined, f"{name}.{hook} is defined but not in PUZZLE"
    assert spec.can_generate == (spec.blank is not None)
    assert (spec.size is None) == (spec.max_size is None)


@pytest.mark.parametrize("name", GENRES)
def test_a_genre_is_its_file_alone(name):
    """A genre is `asp/<name>.lp` with its header: no module, and a contract its header
    builds (which the spec's own check accepts)."""
    puzzle = registry()[name]
    assert isinstance(puzzle, GenrePuzzle)
    assert not (ROOT / "pyasp_runner" / "puzzles" / f"{name}.py").exists()
    assert puzzle.genre.header.genre == name, "a shipped genre's name is its file's"
    puzzle.spec.check()
    assert puzzle.summary == puzzle.genre.header.summary


@pytest.mark.parametrize("name", PUZZLES)
def test_puzzle_options_build_a_command_line(name):
    parser = build_parser(name)  # argparse refuses an option that collides with another
    spec = registry()[name].spec
    help_text = parser.format_help()
    assert name in help_text
    for option in spec.options:
        assert option.flag.startswith("--") and option.help


def test_the_contract_refuses_half_declared_parts():
    def parse(text: str, source: str) -> Instance:
        return Instance(source, ())

    parts = {"name": "x", "parse": parse, "solution_json": dict,
             "board": lambda i, a: None}
    PuzzleSpec(**parts).check()
    # (the registry checks each puzzle's PUZZLE so when it first reads it: Puzzle.spec)
    with pytest.raises(TypeError, match="blank and clues_of"):
        PuzzleSpec(**parts, blank=lambda size: parse("", "")).check()
    with pytest.raises(TypeError, match="needs write"):
        PuzzleSpec(**parts, blank=lambda size: parse("", ""), clues_of=lambda i, a: []).check()
    with pytest.raises(TypeError, match="size and max_size"):
        PuzzleSpec(**parts, max_size=10).check()
    with pytest.raises(TypeError, match="long options"):
        PuzzleSpec(**parts, clingo_options=("-t2",)).check()


def test_nothing_outside_a_puzzle_module_names_a_puzzle():
    package = ROOT / "pyasp_runner"
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name in PUZZLES:
            if path.stem == name or path.stem.startswith(f"_{name}_"):
                continue  # the puzzle's own module, and its private helpers
            found = re.search(rf"(?<!collections\.)\b{name}\b", text, re.IGNORECASE)
            assert not found, f"{path.relative_to(ROOT)} names {name}"


@pytest.mark.parametrize("name", PUZZLES)
def test_encoding_has_header_and_show(name):
    text = registry()[name].encoding.read_text()
    assert text.startswith("%"), "an encoding opens with a header comment"
    assert "#show" in text


def test_nothing_is_orphaned():
    names = set(PUZZLES)
    assert {p.stem for p in (ROOT / "asp").glob("*.lp")} <= names
    assert {p.name for p in INSTANCES.iterdir() if p.is_dir()} <= names
    checkers = {p.stem for p in (ROOT / "tests" / "checkers").glob("*.py")} - {"__init__"}
    assert checkers <= names
