"""Ripple Effect, Killer Sudoku, Yajilin and Battleship: each shipped instance written in
every form its genre writes (`--to text`, and `--to puzzlink` where the header has a
puzz.link line) reads back to the same puzzle, and a janko.at puzzle written as a
puzz.link address solves to the same answer as its text."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import INSTANCES

from pyasp_runner import runner
from pyasp_runner.puzzles import registry

GENRES = ("ripple", "killersudoku", "yajilin", "battleship")
FILES = sorted(path for genre in GENRES for path in (INSTANCES / genre).glob("*.txt"))


def forms(path: Path) -> list[str]:
    return ["text"] + (["puzzlink"] if registry()[path.parent.name].genre.header.puzzlinks
                       else [])


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_every_form_reads_back_to_the_same_puzzle(path: Path) -> None:
    puzzle = registry()[path.parent.name]
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    for form in forms(path):
        written = puzzle.writer(form)(instance, list(instance.clues))
        again = puzzle.parse(written, f"written.{form}")
        assert again.data == instance.data, form
        assert puzzle.writer(form)(again, list(again.clues)) == written, form


def test_a_janko_ripple_effect_as_an_address_solves_as_its_text() -> None:
    puzzle = registry()["ripple"]
    path = INSTANCES / "ripple" / "janko-061.txt"
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    address = puzzle.writer("puzzlink")(instance, list(instance.clues))
    assert address.startswith("https://puzz.link/p?ripple/6/6/")

    def answers(instance) -> list[list[str]]:  # type: ignore[no-untyped-def]
        result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=2))
        assert result.complete
        return sorted(sorted(answer.texts) for answer in result.answers)

    from_text = answers(instance)
    assert len(from_text) == 1
    assert answers(puzzle.parse(address, "address")) == from_text
