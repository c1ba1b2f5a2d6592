"""Parsers: random text gives facts or one clear InputError, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyasp_runner.errors import InputError
from pyasp_runner.puzzles import registry

PUZZLES = sorted(registry())
GRID_TEXT = st.text(alphabet="0123456789_,-+ X.:#\n\r\tabc[]", max_size=200)


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(GRID_TEXT, st.text(max_size=100)))
def test_random_text_parses_or_fails_cleanly(name, text):
    try:
        instance = registry()[name].parse(text, "random.txt")
    except InputError as error:
        assert str(error).startswith("random.txt")
        assert "\n" not in str(error)
    else:
        assert all(str(sym) for sym in instance.facts)


# A Tatham game ID as users paste it: the plain ID, the puzzle page's address, wrapped
# over lines, after the puzzle's name, or as a save file of Tatham's program.
TATHAM_IDS = {
    "signpost": ("3x3:1cceeggcc9a", "signpost", "3x3"),
    "skyscrapers": ("3:1/2/2/2/2/1/1/2/2/2/2/1", "towers", "3de"),
    "nonogram": ("3x3:1/3/1/1/3/1", "pattern", "3x3"),
}


def _save_file(params: str, desc: str) -> str:
    return (f"SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nVERSION :1:1\n"
            f"GAME    :7:Puzzle\nPARAMS  :{len(params)}:{params}\n"
            f"DESC    :{len(desc)}:{desc}\nNSTATES :1:1\nSTATEPOS:1:1\n")


@pytest.mark.parametrize("name", sorted(TATHAM_IDS))
def test_a_tatham_id_pasted_any_way_gives_the_same_facts(name):
    game_id, page, save_params = TATHAM_IDS[name]
    parse = registry()[name].parse
    expected = parse(game_id, "id").facts
    desc = game_id.partition(":")[2]
    for text in (
        f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/{page}.html#{game_id}",
        f"https://example.org/{page}.html%23{game_id.replace(':', '%3A')}",
        f"{game_id[:5]}\n{game_id[5:]}\n",
        f"{page}:{game_id}",
        _save_file(save_params, desc),
    ):
        assert parse(text, "pasted").facts == expected, text


@pytest.mark.parametrize(("name", "text", "words"), [
    ("signpost", "4x4#438520052525454", "random-seed ID"),
    ("skyscrapers", "6de#1234", "random-seed ID"),
    ("nonogram", "15x15#99", "random-seed ID"),
    ("signpost", "https://example.org/signpost.html", "web address without a game ID"),
    ("signpost", "3x3:1cceeggcc9a\n3x3:1cceeggcc9a", "found more lines"),
    ("nonogram", "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :7:Pattern\n",
     "without PARAMS and DESC"),
])
def test_tatham_forms_that_hold_no_game_id_are_named(name, text, words):
    with pytest.raises(InputError) as caught:
        registry()[name].parse(text, "bad.txt")
    assert words in str(caught.value) and "\n" not in str(caught.value)
