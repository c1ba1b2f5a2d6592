"""Hitori, Heyawake, Kurodoko, LITS, Norinori, Tents, Binairo, Futoshiki, Ripple Effect,
Killer Sudoku, Yajilin and Battleship: each shipped instance written in every form its
genre writes (`--to text`, and `--to puzzlink` where the header has a puzz.link line and
the board has no blocked cells, which an address of these genres cannot hold) reads back
to the same puzzle, and the janko.at puzzles written as puzz.link addresses solve to the
same answers as their text."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import INSTANCES

from pyasp_runner import runner
from pyasp_runner.errors import InputError
from pyasp_runner.puzzles import registry

GENRES = ("hitori", "heyawake", "kurodoko", "lits", "norinori", "tents", "binairo",
          "futoshiki", "ripple", "killersudoku", "yajilin", "battleship")
FILES = sorted(path for genre in GENRES for path in (INSTANCES / genre).glob("*.txt"))


def forms(path: Path) -> list[str]:
    """The forms the puzzle at `path` is written in."""
    puzzle = registry()[path.parent.name]
    if not puzzle.genre.header.puzzlinks:
        return ["text"]
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    return ["text"] + ([] if instance.data.blocked else ["puzzlink"])


def meaning(puzzle, layers):  # type: ignore[no-untyped-def]
    """The layers, a room's number taken as the room's where the address writes it so
    (pzprjs's decodeRoomNumber16 puts it in the room's top cell)."""
    decoders = [d.name for link in puzzle.genre.header.puzzlinks for d in link.decoders]
    if "roomnumber16" not in decoders:
        return layers
    rooms = {layers.regions[pos]: n for pos, n in layers.numbers.items()}
    return layers._replace(numbers=rooms)


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_every_form_reads_back_to_the_same_puzzle(path: Path) -> None:
    puzzle = registry()[path.parent.name]
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    for form in forms(path):
        written = puzzle.writer(form)(instance, list(instance.clues))
        again = puzzle.parse(written, f"written.{form}")
        assert meaning(puzzle, again.data) == meaning(puzzle, instance.data), form
        assert puzzle.writer(form)(again, list(again.clues)) == written, form


JANKO = [p for p in FILES if p.name.startswith("janko-") and "puzzlink" in forms(p)]


def test_a_board_with_blocked_cells_is_no_address() -> None:
    path = INSTANCES / "lits" / "janko-171.txt"
    puzzle = registry()["lits"]
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    assert instance.data.blocked
    with pytest.raises(InputError, match="blocked cells"):
        puzzle.writer("puzzlink")(instance, list(instance.clues))


def answers(puzzle, instance) -> list[list[str]]:  # type: ignore[no-untyped-def]
    result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=2))
    assert result.complete
    return sorted(sorted(answer.texts) for answer in result.answers)


@pytest.mark.parametrize("path", JANKO, ids=[f"{p.parent.name}/{p.name}" for p in JANKO])
def test_a_janko_puzzle_as_an_address_solves_as_its_text(path: Path) -> None:
    puzzle = registry()[path.parent.name]
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    address = puzzle.writer("puzzlink")(instance, list(instance.clues))
    assert address.startswith("https://puzz.link/p?")
    from_text = answers(puzzle, instance)
    assert len(from_text) == 1
    assert answers(puzzle, puzzle.parse(address, "address")) == from_text
