"""Every puzzle has all its parts (module, encoding, instances, checker) and none is orphaned."""

from __future__ import annotations

import pytest
from conftest import INSTANCES, ROOT, expected_for, instance_files

from pyasp_runner.puzzle import registry

PUZZLES = sorted(registry())


def test_registry_is_not_empty():
    assert PUZZLES


@pytest.mark.parametrize("name", PUZZLES)
def test_puzzle_has_every_part(name):
    puzzle = registry()[name]
    for function in ("parse", "render", "solution_json"):
        assert callable(getattr(puzzle.module, function, None)), f"{name}.{function} missing"
    assert puzzle.summary and puzzle.summary != name, "module docstring gives the --list line"
    assert puzzle.encoding.is_file()
    assert (ROOT / "tests" / "checkers" / f"{name}.py").is_file(), "an independent checker"
    files = [p for p in instance_files() if p.parent.name == name]
    assert files, "at least one instance"
    for path in files:
        assert expected_for(path)["status"]


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
