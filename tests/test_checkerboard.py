"""Checkerboard: input variants, bad input, counts both ways against the independent
counter, drawing, JSON of partial answers, the command line."""

from __future__ import annotations

import json

import clingo
import pytest
from checkers import checkerboard as independent
from conftest import ROOT, assert_refused
from rich.console import Console

from pyasp_runner import api, runner
from pyasp_runner.cli import main
from pyasp_runner.puzzle import Answer, fact, facts_text
from pyasp_runner.puzzles import checkerboard, registry

FOLDER = ROOT / "instances" / "checkerboard"
REFERENCE = FOLDER / "reference.txt"
PUZZLE = registry()["checkerboard"]


def _facts(text: str) -> set[str]:
    return {str(s) for s in checkerboard.parse(text, "t.txt").structure}


@pytest.mark.parametrize("text", [
    "B,W\n=\nW,B\n",
    "b, w\r\n====\r\n W , B \r\n",
    "# two dominoes\nboard: 2x2\n===\nB,W\n===\n\n===\nW,B\n===\n",
    "corner: B\nB,W\n=\n_,W\n_,B\n",
    "board : 2X2\ncorner: black\nB,W,_\n=\nW,B\n",
])
def test_format_variants_give_the_same_board(text):
    facts = _facts(text)
    assert {f for f in facts if f.startswith("field")} == {
        'field(1,1,"b")', 'field(1,2,"w")', 'field(2,1,"w")', 'field(2,2,"b")'}
    assert {f for f in facts if f.startswith("stone(")} == {"stone(0)", "stone(1)"}


def test_stone_offsets_are_normalised_and_structure_only():
    instance = checkerboard.parse("board: 1x2\n_,_\n_,B\n_,W\n", "t.txt")
    assert instance.clues == ()
    cells = sorted(str(s) for s in instance.structure if s.name == "stone_cell")
    assert cells == ['stone_cell(0,0,0,"b")', 'stone_cell(0,1,0,"w")']


def test_white_corner_and_rectangular_board():
    instance = checkerboard.parse("board: 3x1\ncorner: W\nW,B,W\n", "t.txt")
    fields = sorted(str(s) for s in instance.structure if s.name == "field")
    assert fields == ['field(1,1,"w")', 'field(1,2,"b")', 'field(1,3,"w")']


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("# only a comment\n", None, "empty"),
    ("board: 2x2\n", None, "no stones"),
    ("B,W\nW\n", 2, "row has 1 fields"),
    ("B,X\n", 1, "unknown entry 'X'"),
    ("BX\n", 1, "unknown entry 'BX'"),
    ("B,_\n_,B\n=\nW\n=\nW\n", 1, "not connected"),
    ("B,B\n=\nW,W\n", 1, "same colour"),
    ("_,_\n", 1, "no squares"),
    ("B,W,B\n", None, "not a square number"),
    ("board: 3x3\nB,W\n=\nW,B\n", 1, "board has 9"),
    ("B\n=\nB\n=\nB\n=\nB\n", None, "2 white fields"),
    ("board: 2x2\ncorner: W\nB,W\n=\nB\n=\nB\n", 1, "3 black"),
    ("board: 8 by 8\nB\n", 1, "expected WxH"),
    ("board: 0x3\nB\n", 1, "out of range"),
    ("board: 41x1\nB\n", 1, "out of range"),
    ("corner: grey\nB\n", 1, "expected B or W"),
    ("colour: B\nB\n", 1, "unknown setting"),
    ("board: 1x1\nboard: 1x1\nB\n", 2, "given twice"),
    ("B\n=\nboard: 1x1\n", 3, "after the stones"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(checkerboard.parse, text, line, words)


def _count(path, symmetry: bool) -> int:
    instance = checkerboard.parse(path.read_text(), str(path))
    if symmetry:
        board = instance.data._replace(symmetry=True)
        instance = instance.replace(structure=checkerboard._structure(board), data=board)
    result = runner.solve(PUZZLE.encoding, instance.facts, runner.Limits(models=0))
    assert result.complete and result.messages == []
    return result.count


@pytest.mark.parametrize("name", ["dominoes-4x4", "dominoes-4x2", "corner-white", "tseaquist-small",
                                  "unsolvable", "identical"])
def test_counts_both_ways_match_the_independent_counter(name, tmp_path):
    if name == "identical":  # three identical trominoes and a square: swaps are no new tilings
        path = tmp_path / "identical.txt"
        path.write_text("board: 3x3\nB,W,B\n=\nW,B,W\n=\nB,W,B\n")
    else:
        path = FOLDER / f"{name}.txt"
    tilings = independent.tilings(path.read_text())
    assert _count(path, symmetry=False) == len(tilings)
    assert _count(path, symmetry=True) == independent.orbits(path.read_text(), tilings)


# A 4x4 board: a 2x2 square (the only stone without an identical one, so the pivot)
# and six dominoes: with the square in the centre every symmetry keeps its placement
# (an orbit of one), on an edge or in a corner the orbits have two or four placements.
CENTRE_SQUARE = "board: 4x4\nB,W\nW,B\n" + "=\nB,W\n" * 6
# A 4x4 board: two L tetrominoes that are different stones (their colours differ) and
# four dominoes (all identical).
MIXED = ("board: 4x4\nB,W,B\nW,_,_\n=\nW,B,W\n_,_,B\n=\nB,W\n=\nW,B\n=\nB\nW\n"
         "=\nW\nB\n")


@pytest.mark.parametrize("name", ["dominoes-4x4", "dominoes-4x2", "dominoes-6x5",
                                  "corner-white", "tseaquist-small", "unsolvable",
                                  "centre-square", "mixed", "random-6x6"])
def test_counting_by_orbits_matches_the_independent_counter(name, tmp_path):
    # Only counting, the encoding goes through one placement per orbit of a lone stone
    # and counts each tiling for its orbit's size: the count must stay the number of
    # tilings that the independent counter lists.
    texts = {"centre-square": CENTRE_SQUARE, "mixed": MIXED,
             "random-6x6": _dissection(6, seed=5)}
    path = tmp_path / f"{name}.txt"
    if name in texts:
        path.write_text(texts[name])
    else:
        path.write_text((FOLDER / f"{name}.txt").read_text())
    tilings = independent.tilings(path.read_text())
    result = api.solve_file("checkerboard", path, count=True, cap=0)
    assert (result.count, result.complete) == (len(tilings), True)
    assert result.notes == []


def test_counting_by_orbits_is_used_only_when_counting():
    # Listing every tiling shows each one once, the pivot anywhere (no copies).
    text = CENTRE_SQUARE
    listed = api.solve("checkerboard", text, models=0, cap=0)
    counted = api.solve("checkerboard", text, count=True, cap=0)
    assert listed.count == counted.count == len(independent.tilings(text))
    assert all(not atom.startswith("copy(") for atoms in listed.atoms for atom in atoms)
    assert len({json.dumps(s["grid"]) for s in listed.solutions}) == listed.count


def _dissection(side: int, seed: int) -> str:
    """A side x side board cut at random into stones of 3..5 squares."""
    import random
    rng = random.Random(seed)
    free = {(r, c) for r in range(side) for c in range(side)}
    stones = []
    while free:
        stone = {min(free)}
        target = rng.randint(3, 5)
        while len(stone) < target:
            options = sorted((r + dr, c + dc) for r, c in stone
                             for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                             if (r + dr, c + dc) in free - stone)
            if not options:
                break
            stone.add(rng.choice(options))
        free -= stone
        stones.append(stone)
    blocks = []
    for stone in stones:
        top, left = min(r for r, _ in stone), min(c for _, c in stone)
        rows = [",".join(("B" if (r + c) % 2 == 0 else "W") if (r, c) in stone else "_"
                         for c in range(left, max(c for _, c in stone) + 1))
                for r in range(top, max(r for r, _ in stone) + 1)]
        blocks.append("\n".join(rows))
    return f"board: {side}x{side}\n" + "\n=\n".join(blocks) + "\n"


def test_known_counts_up_to_symmetry():
    # 4x4: 36 tilings; the 4 colour-preserving symmetries (half turn, both diagonals)
    # leave 11 classes. 2x4: the half turn pairs 2 of the 5 tilings.
    assert _count(FOLDER / "dominoes-4x4.txt", symmetry=True) == 11
    assert _count(FOLDER / "dominoes-4x2.txt", symmetry=True) == 4


def test_identical_stones_are_detected_in_any_orientation():
    # The first and last stones of the reference are identical; the L and N pairs are
    # colour-swapped copies, which are different stones.
    instance = checkerboard.parse(REFERENCE.read_text(), "reference.txt")
    ctl = clingo.Control()
    ctl.load(str(PUZZLE.encoding))
    ctl.add("base", [], facts_text(instance.facts))
    ctl.ground()
    pairs = [str(a.symbol) for a in ctl.symbolic_atoms.by_signature("identical", 2)]
    assert pairs == ["identical(0,11)"]


def _answer(cells: dict[tuple[int, int], int]) -> Answer:
    return Answer(tuple(fact("cover", r, c, s) for (r, c), s in cells.items()))


def test_render_shows_stone_letters_and_field_colours_without_colour():
    instance = checkerboard.parse("B,W\n=\nW,B\n", "t.txt")
    console = Console(width=80, color_system=None, record=True)
    console.print(registry()["checkerboard"].render(instance, _answer(
        {(1, 1): 0, (1, 2): 0, (2, 1): 1, (2, 2): 1})))
    lines = console.export_text().splitlines()
    assert lines[0].split() == ["A", "a"] and lines[1].split() == ["b", "B"]


def test_partial_answer_renders_and_gives_null():
    instance = checkerboard.parse("B,W\n=\nW,B\n", "t.txt")
    answer = _answer({(1, 1): 0})
    assert checkerboard.solution_json(instance, answer) == {"grid": [[0, None], [None, None]]}
    console = Console(width=80, color_system=None, record=True)
    console.print(registry()["checkerboard"].render(instance, answer))
    assert "·" in console.export_text()


def test_many_stones_get_two_letter_labels():
    assert [checkerboard.stone_label(i) for i in (0, 25, 26, 27)] == ["A", "Z", "AA", "AB"]


def test_cli_reference_json_is_checked(capsys):
    assert main(["checkerboard", str(REFERENCE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "solved" and data["unique"] is False
    independent.check(REFERENCE.read_text(), data["solutions"][0])


def test_cli_up_to_symmetry_option(capsys):
    path = FOLDER / "dominoes-4x4.txt"
    assert main(["checkerboard", str(path), "--count", "--up-to-symmetry", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 11
    assert main(["checkerboard", str(path), "--facts", "--up-to-symmetry"]) == 0
    assert "up_to_symmetry." in capsys.readouterr().out


def test_cli_bad_file_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("B,W\nW,Q\n")
    assert main(["checkerboard", str(bad)]) == 2
    assert "bad.txt:2" in capsys.readouterr().err
