"""Signpost: game IDs, Tatham's errors, round trips, drawing, partial answers, the command line."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry, signpost

REFERENCE_ID = "5x5:1cceefcfggeeccghcac3e12hch10ah25a"
STEPS = {"a": (-1, 0), "b": (-1, 1), "c": (0, 1), "d": (1, 1),
         "e": (1, 0), "f": (1, -1), "g": (0, -1), "h": (-1, -1)}


def test_reference_facts():
    instance = signpost.parse(REFERENCE_ID, "<argument>")
    assert [str(c) for c in instance.clues] == [
        "given(1,1,1)", "given(4,4,3)", "given(5,3,10)", "given(4,5,12)", "given(5,5,25)"]
    structure = set(map(str, instance.structure))
    assert {"rows(5)", "cols(5)", "arrow(1,1,0,1)", "arrow(5,5,-1,0)", "arrow(3,5,-1,-1)"} \
        <= structure
    assert "corner_start" not in structure


@pytest.mark.parametrize("text", [
    "3x3:1cceeggcc9a",
    "3:1cceeggcc9a",
    "# a comment\r\n  3x3:1cceeggcc9a  \r\n",
    "3x3:01cceeggcc09a",
])
def test_id_variants_give_the_same_facts(text):
    instance = signpost.parse(text, "t.txt")
    assert [str(c) for c in instance.clues] == ["given(1,1,1)", "given(3,3,9)"]
    assert len(instance.structure) == 2 + 2 * 9


def test_corner_variant_and_rectangles():
    assert "corner_start" in map(str, signpost.parse("3x3c:1cceeggcc9a", "t").structure)
    wide = signpost.parse("3x2:1ccegg6a", "t")
    assert {"rows(2)", "cols(3)", "arrow(2,3,-1,0)"} <= set(map(str, wide.structure))


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"),
    ("3x3:1cceeggcc9a\n3x3:1cceeggcc9a\n", "more lines"),
    ("3x3 1cceeggcc9a", "no ':'"),
    ("3y3:1cceeggcc9a", "unknown parameters"),
    ("0x3:", "must be 1..100"),
    ("3x3:1cceeggcc9aa", "Game description longer than expected"),
    ("3x3:1cceeggcc9a5", "Game description longer than expected"),
    ("3x3:1cceeggc", "Game description shorter than expected"),
    ("3x3:1cceeggcc10a", "Number too large"),
    ("3x3:1cceeggcc99999999999a", "Number too large"),
    ("3x3:1ccee-ggcc9a", "Game description contains unexpected characters"),
    ("3x3:1cceEggcc9a", "unexpected characters"),
    ("3x3:1cceeggcc1a", "Number 1 given twice"),
])
def test_bad_ids_give_tatham_like_errors(text, words):
    with pytest.raises(InputError) as caught:
        signpost.parse(text, "bad.txt")
    message = str(caught.value)
    assert message.startswith("bad.txt")
    assert words in message and "\n" not in message
    if text:
        assert caught.value.line == (2 if "more lines" in words else 1)


def _paths(game_id: str) -> list[list[list[int]]]:
    """Every numbering by a plain depth-first walk along the arrows (tiny boards only)."""
    params, desc = game_id.split(":")
    width, height = (int(x) for x in params.split("x"))
    letters = [c for c in desc if c.isalpha()]
    cells = width * height
    found = []

    def walk(path: list[int]) -> None:
        if len(path) == cells:
            grid = [[0] * width for _ in range(height)]
            for number, index in enumerate(path, start=1):
                grid[index // width][index % width] = number
            found.append(grid)
            return
        r, c = divmod(path[-1], width)
        dr, dc = STEPS[letters[path[-1]]]
        r, c = r + dr, c + dc
        while 0 <= r < height and 0 <= c < width:
            if r * width + c not in path:
                walk([*path, r * width + c])
            r, c = r + dr, c + dc

    for start in range(cells):
        walk([start])
    return found


def test_several_instance_count_matches_a_path_search():
    text = (ROOT / "instances" / "signpost" / "several.txt").read_text()
    game_id = next(line for line in text.splitlines() if not line.startswith("#"))
    instance = signpost.parse(text, "several.txt")
    result = runner.solve(registry()["signpost"].encoding, instance.facts,
                          runner.Limits(models=0))
    grids = sorted(signpost.solution_json(instance, a)["grid"] for a in result.answers)
    assert grids == sorted(_paths(game_id))


def test_write_round_trip():
    instance = signpost.parse(REFERENCE_ID, "<argument>")
    assert signpost.write(instance, list(instance.clues)).strip() == REFERENCE_ID
    corner = signpost.parse("3x3c:1cceeggcc9a", "t")
    again = signpost.parse(signpost.write(corner, [fact("given", 2, 2, 5)]), "w")
    assert again.structure == corner.structure and again.clues == (fact("given", 2, 2, 5),)


def test_render_arrows_givens_and_partial_answers(render):
    instance = signpost.parse("3x3c:1cceeggcc9a", "t")
    numbers = [[1, 2, 3], [6, 5, 4], [7, 8, 9]]
    cells = [fact("number", r + 1, c + 1, numbers[r][c]) for r in range(3) for c in range(3)]
    full = Answer((*cells, fact("given", 1, 1, 1), fact("given", 3, 3, 9)))
    text = render("signpost", instance, full)
    assert "[1]→" in text and " 6 ↓" in text and "[9]↑" in text and "corner" in text
    partial = Answer((fact("number", 1, 1, 1), fact("given", 1, 1, 1)))
    assert " · →" in render("signpost", instance, partial)
    assert signpost.solution_json(instance, partial) == {
        "grid": [[1, None, None], [None, None, None], [None, None, None]]}
    describe = registry()["signpost"].describe_clue
    assert describe(instance, fact("given", 3, 3, 9)) == "the 9 at (3,3)"


def test_cli_takes_the_id_inline(capsys):
    assert main(["signpost", REFERENCE_ID, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True
    assert data["solutions"][0]["grid"][0] == [1, 20, 9, 2, 21]
    assert main(["signpost", "5x5:1cc"]) == 2
    assert "shorter than expected" in capsys.readouterr().err


def test_a_puzz_link_address_is_refused_as_one(capsys):
    # Signpost reads Tatham's game IDs; a puzz.link address is named as what it is.
    address = "https://puzz.link/p?skyscrapers/5/5/o1i2li2l5i3h514k"
    assert main(["signpost", address]) == 2
    err = capsys.readouterr().err
    assert "a puzz.link address: this puzzle does not read them" in err
    assert "5x5:1cceef" in err and len(err.strip().splitlines()) == 1
