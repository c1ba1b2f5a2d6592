"""Shared test helpers: solving an instance file the way the command does, and bad input."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pyasp_runner import runner
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Puzzle, registry
from pyasp_runner.report import envelope

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"


def instance_files() -> list[Path]:
    """Every puzzle file under instances/ (the `.expected.json` files sit beside them)."""
    return sorted(
        path for path in INSTANCES.glob("*/*")
        if path.is_file() and not path.name.endswith(".expected.json")
        and not path.name.startswith(".") and path.name != "README.md"
    )


def expected_for(path: Path) -> dict[str, Any]:
    return json.loads((path.parent / f"{path.stem}.expected.json").read_text())


def solve_file(path: Path, **limits: Any) -> tuple[Puzzle, Any, runner.Result, dict[str, Any]]:
    puzzle = registry()[path.parent.name]
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(**limits))
    return puzzle, instance, result, envelope(puzzle, instance, result, len(result.answers))


def assert_refused(parse: Callable[[str, str], Any], text: str, line: int | None, words: str,
                   source: str = "bad.txt") -> None:
    """`parse` refuses `text` with one line naming the file, the line and the problem."""
    with pytest.raises(InputError) as caught:
        parse(text, source)
    message = str(caught.value)
    assert caught.value.line == line
    assert message.startswith(source if line is None else f"{source}:{line}:")
    assert words in message and "\n" not in message
