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


def comparison_table() -> dict[str, dict[str, str]]:
    """The measured rows of docs/declarative-vs-imperative.md, by instance (numbers
    without their thousands commas)."""
    lines = (ROOT / "docs/declarative-vs-imperative.md").read_text().splitlines()
    start = lines.index("<!-- compare:start -->")
    header_at = next(i for i in range(start, len(lines)) if lines[i].startswith("| instance"))
    names = [cell.strip() for cell in lines[header_at].strip("|").split("|")]
    rows = {}
    for line in lines[header_at + 2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip().replace(",", "") for cell in line.strip("|").split("|")]
        rows[cells[0]] = dict(zip(names, cells, strict=True))
    return rows


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
