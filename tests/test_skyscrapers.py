"""Skyscrapers (a genre: asp/skyscrapers.lp and its header): Tatham game IDs and their
errors, round trips, drawing, the command."""

from __future__ import annotations

import json

import pytest
from clingo import Function, Number, Symbol
from conftest import INSTANCES, without_atoms

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry

PUZZLE = registry()["skyscrapers"]
GENERATING = PUZZLE.spec.generating
FOUR = "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1"
FOUR_SOLUTION = [[1, 3, 4, 2], [4, 2, 1, 3], [3, 4, 2, 1], [2, 1, 3, 4]]


def _parse(text: str, source: str = "p.txt"):
    return PUZZLE.parse(text, source)


def _side(side: str, line: int, count: int) -> Symbol:
    return Function("outside", [Function(side), Number(line), Number(1), Number(count)])


def _write(instance, clues) -> str:
    return PUZZLE.writer("tatham")(instance, clues)


def test_game_id_clues_in_tatham_order():
    instance = _parse(FOUR)
    assert fact("grid", 4, 4) in instance.structure
    assert len(instance.clues) == 16
    assert _side("top", 3, 1) in instance.clues
    assert _side("bottom", 1, 3) in instance.clues
    assert _side("left", 2, 1) in instance.clues
    assert _side("right", 4, 1) in instance.clues


@pytest.mark.parametrize("text", [
    FOUR + "\n", "\r\n" + FOUR + "\r\n", f"# a comment\n{FOUR}", FOUR.replace("4:", "4de:"),
    FOUR.replace("/", " / "),
])
def test_format_variants(text):
    assert set(_parse(text).clues) == set(_parse(FOUR).clues)


def test_grid_part_gives_heights_and_letter_runs():
    instance = _parse("4:2/2/1/3////////////,b4j1b")
    givens = {c for c in instance.clues if c.name == "number"}
    assert givens == {fact("number", 1, 3, 4), fact("number", 4, 2, 1)}
    assert {c for c in _parse("3:///////////,1_2_3f").clues} == {
        fact("number", 1, 1, 1), fact("number", 1, 2, 2), fact("number", 1, 3, 3)}
    big = _parse("10:" + "/" * 39 + ",10z" + "z" * 2 + "u")
    assert set(big.clues) == {fact("number", 1, 1, 10)}


@pytest.mark.parametrize(("text", "problem"), [
    ("4:1/2/3", "Too few clues for grid size"),
    ("3:1/2/3/1/2/3/1/2/3/1/2/3/1", "Too many clues for grid size"),
    ("3:4///////////", "Clue number out of range"),
    ("3:0///////////", "Clue number out of range"),
    ("3:x///////////", "expected a number or nothing"),
    ("3:///////////,4h", "Out-of-range number in grid description"),
    ("3:///////////,h", "Not enough data to fill grid"),
    ("3:///////////,j", "Too much data to fit in grid"),
    ("3:///////////,A", "Invalid character in game description"),
    ("0:", "Grid size must be between"),
    ("99:", "Grid size must be between"),
    ("hello", "expected a game ID"),
    ("3:1///////////\n3:1///////////", "found more"),
    ("   \n# only a comment\n", "empty file"),
])
def test_bad_input_names_the_problem_and_line(text, problem):
    with pytest.raises(InputError) as caught:
        _parse(text, "bad.txt")
    assert caught.value.source == "bad.txt"
    assert problem in caught.value.problem
    assert str(caught.value).startswith("bad.txt")


def test_reference_solution_clues_of_and_write_round_trip(solve):
    instance = _parse(FOUR)
    result = solve("skyscrapers", instance)
    assert result.unique is True
    answer = result.answers[0]
    assert without_atoms(PUZZLE.solution_json(instance, answer)) == {"grid": FOUR_SOLUTION}
    implied = GENERATING.clues_of(instance, answer)
    assert set(instance.clues) <= set(implied)
    assert len(implied) == 16 + 16
    for subset in (implied, implied[:16], implied[16:], implied[3:20], []):
        again = _parse(_write(instance, subset))
        assert set(again.clues) == set(subset)
        assert again.structure == instance.structure


def test_blank_sizes():
    assert fact("grid", 6, 6) in GENERATING.blank("6").structure
    assert GENERATING.blank("6x6").clues == ()
    assert fact("grid", 5, 5) in GENERATING.blank(None).structure
    with pytest.raises(InputError):
        GENERATING.blank("5x6")


def test_describe_clue():
    instance = _parse(FOUR)
    assert PUZZLE.describe_clue(instance, _side("top", 3, 1)) == "the 1 above column 3"
    assert PUZZLE.describe_clue(instance, _side("right", 2, 2)) == "the 2 right of row 2"
    assert PUZZLE.describe_clue(instance, fact("number", 2, 3, 4)) == "the 4 at (2,3)"


def test_render_clues_around_the_grid_and_partial_answers(solve, render):
    instance = _parse(FOUR + ",b4j1b")
    answer = solve("skyscrapers", instance).answers[0]
    text = render("skyscrapers", instance, answer)
    lines = text.splitlines()
    assert lines[0].split() == ["2", "2", "1", "3"]
    assert lines[2].split("┃")[0].strip() == "3" and lines[2].rstrip().endswith("2")
    assert "[4]" in lines[2] and "[1]" in text
    partial = Answer(tuple(s for s in answer.symbols if s.name != "tower" or
                           s.arguments[0].number == 1))
    assert "·" in render("skyscrapers", instance, partial)
    assert PUZZLE.solution_json(instance, partial)["grid"][1] == [None] * 4


def test_render_nine_by_nine_fits_80_columns(render):
    instance = GENERATING.blank("9")
    answer = Answer(tuple(fact("tower", r, c, (r + c) % 9 + 1)
                          for r in range(1, 10) for c in range(1, 10)))
    assert max(len(line) for line in render("skyscrapers", instance, answer).splitlines()) <= 80


def test_cli_takes_a_game_id_as_argument(capsys):
    assert main(["skyscrapers", FOUR, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True
    assert list(map(without_atoms, data["solutions"])) == [{"grid": FOUR_SOLUTION}]
    assert main(["skyscrapers", "4:5///////////////"]) == 2
    assert "Clue number out of range" in capsys.readouterr().err


def test_instances_folder_has_the_public_puzzles():
    names = {p.stem for p in (INSTANCES / "skyscrapers").glob("*.txt")}
    assert {"codewars-4x4-1", "codewars-7x7-1", "unsolvable", "empty-4x4"} <= names


def test_render_twenty_by_twenty_fits_80_columns_in_bands(render):
    instance = GENERATING.blank("20")
    answer = Answer(tuple(fact("tower", r, c, (r + c) % 20 + 1)
                          for r in range(1, 21) for c in range(1, 21)))
    text = render("skyscrapers", instance, answer)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "20" in text and text.count("┃ 3 │ 4 │") == 1  # the first band's first row


PARKS = (INSTANCES / "skyscrapers" / "janko-015.txt").read_text()  # 4x4, heights 1..3


def test_parks_heights_below_the_size_leave_a_park_in_every_line(solve, render, capsys,
                                                                 tmp_path):
    """janko.at's Skyscrapers with parks (`4 4 3`: heights 1..3): each line holds one
    park, drawn empty, `"."` in --json, read back by --check; Tatham's IDs and puzz.link
    addresses cannot hold the height and refuse it; the standard `N N N` is `N N`."""
    instance = _parse(PARKS)
    assert Function("param", [Function("height"), Number(3)]) in instance.structure
    answer = solve("skyscrapers", instance).answers[0]
    grid = PUZZLE.solution_json(instance, answer)["grid"]
    assert all(row.count(".") == 1 and sorted(v for v in row if v != ".") == [1, 2, 3]
               for row in grid)
    assert "·" not in render("skyscrapers", instance, answer)
    assert PUZZLE.writer("text")(instance, list(instance.clues)).startswith("4 4 3\n")
    with pytest.raises(InputError, match="Tatham's IDs have no place for the height 3"):
        _write(instance, list(instance.clues))
    standard = _parse("4 4 4\n2 2 1 3\n3 2 2 1\n3 1 2 3\n2 2 3 1\n")
    assert set(standard.clues) == set(_parse(FOUR).clues)
    assert _write(standard, list(standard.clues)).strip() == FOUR
    path = INSTANCES / "skyscrapers" / "janko-015.txt"
    capsys.readouterr()
    assert main(["skyscrapers", str(path), "--json"]) == 0
    solved = without_atoms(json.loads(capsys.readouterr().out)["solutions"][0])
    assert solved == {"grid": grid}
    played = tmp_path / "answer.json"
    played.write_text(json.dumps(solved))
    assert main(["skyscrapers", str(path), "--check", str(played)]) == 0
    assert "Correct" in capsys.readouterr().out
    solved["grid"][0] = [None if v == "." else v for v in solved["grid"][0]]
    played.write_text(json.dumps(solved))
    assert main(["skyscrapers", str(path), "--check", str(played)]) == 1
    assert "1 cell open" in capsys.readouterr().out


def test_generate_with_an_encoding_takes_the_clues_it_derives_from_that_encoding(
        capsys, tmp_path):
    """A copy of the rules whose `#program generate.` part counts the towers seen from
    the top alone: `generate --encoding` makes a puzzle with clues above the grid and
    none on the other three sides (the genre's own file counts all four)."""
    rules = (INSTANCES.parent / "asp" / "skyscrapers.lp").read_text()
    every_side = "clued(Side, Line) :- at(Side, Line, 1, _, _).\nview"
    assert every_side in rules
    copy = tmp_path / "top.lp"
    copy.write_text(rules.replace(every_side, "clued(top, Line) :- at(top, Line, 1, _, _).\n"
                                              "view"))
    def clued_sides(*encoding: str) -> set[str]:
        assert main(["generate", "skyscrapers", "--size", "4", "--seed", "3", "--to", "text",
                     *encoding]) == 0
        lines = capsys.readouterr().out.splitlines()
        return {side for side, line in zip(("top", "bottom", "left", "right"), lines[1:5],
                                           strict=True) if set(line.split()) != {"-"}}

    assert clued_sides("--encoding", str(copy)) == {"top"}
    assert clued_sides() == {"top", "bottom", "left"}  # this seed's, from every side
