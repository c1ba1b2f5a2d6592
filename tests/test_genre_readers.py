"""The readers every genre shares: the plain text grid (as the puzzlekit data set writes
its problems), puzz.link addresses decoded by pzprjs's decoder families (checked against
the addresses and answers of pzprjs's own test scripts, robx/pzprjs test/script/*.js,
MIT), and the way back (`--to text`, `--to puzzlink`) reading to the same puzzle."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import instance_files
from hypothesis import given, settings
from hypothesis import strategies as st

from pyasp_runner.errors import InputError, UserError
from pyasp_runner.genres.layers import Layers, defaults, from_facts
from pyasp_runner.puzzles import GenrePuzzle, registry

# Rules that use every input predicate, so that any header's inputs pass its check.
USES = """
used :- number(_, _, _).  used :- letter(_, _, _).  used :- unknown(_, _).
used :- shaded(_, _).  used :- unshaded(_, _).  used :- symbol(_, _, _).
used :- arrow(_, _, _).  used :- outside(_, _, _, _).  used :- region(_, _, _).
used :- sum(_, _, _, _).  used :- blocked(_, _).  used :- point(_, _, _).
used :- param(_, _).  used :- param(_, _, _).  used :- between(_, _, _, _, _).
used :- clued(_, _).
#show used/0.
"""


def genre(tmp_path: Path, *header: str) -> GenrePuzzle:
    path = tmp_path / "g.lp"
    path.write_text("%! genre g\n%! summary a test genre\n" + "\n".join(
        f"%! {line}" for line in header) + "\n" + USES)
    return GenrePuzzle(str(path), path)


def layers_of(puzzle: GenrePuzzle, text: str):  # type: ignore[no-untyped-def]
    instance = puzzle.parse(text, "p.txt")
    return instance.data, instance


def round_trips(puzzle: GenrePuzzle, text: str, writer: str) -> str:
    """The puzzle written in `writer`'s form, after checking it reads back the same."""
    read, instance = layers_of(puzzle, text)
    written = puzzle.writer(writer)(instance, list(instance.clues))
    again, _ = layers_of(puzzle, written)
    decoders = [d.name for link in puzzle.genre.header.puzzlinks for d in link.decoders]
    if writer == "puzzlink" and "roomnumber16" in decoders:
        read = room_numbers_first(read)  # where pzprjs's decodeRoomNumber16 puts them
    assert again == read
    return written


def room_numbers_first(read: Layers) -> Layers:
    """The layers with each number in its room's top cell as pzprjs's getTopCell finds it
    (the room's leftmost column, the highest cell there)."""
    first: dict[int, tuple[int, int]] = {}
    for pos in sorted(read.regions, key=lambda pos: (pos[1], pos[0])):
        first.setdefault(read.regions[pos], pos)
    return read._replace(numbers={first[read.regions[pos]]: n
                                  for pos, n in read.numbers.items()})


# --- puzz.link: pzprjs's test addresses ----------------------------------------------------

def test_number16_reads_pzprjs_sudoku(tmp_path):
    puzzle = genre(tmp_path, "input cells number", "puzzlink sudoku number16")
    read, _ = layers_of(puzzle, "https://puzz.link/p?sudoku/4/4/g1k23k3g")
    assert read.numbers == {(1, 2): 1, (2, 4): 2, (3, 1): 3, (4, 3): 3}
    assert round_trips(puzzle, "https://puzz.link/p?sudoku/4/4/g1k23k3g", "puzzlink") == \
        "https://puzz.link/p?sudoku/4/4/g1k23k3g\n"


def test_number16_reads_pzprjs_nurikabe_and_shikaku(tmp_path):
    puzzle = genre(tmp_path, "input cells number unknown", "puzzlink nurikabe,shikaku number16")
    read, _ = layers_of(puzzle, "http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g")
    assert read.numbers == {(1, 2): 5, (2, 3): 2, (4, 3): 1, (5, 4): 3}
    read, _ = layers_of(puzzle, "https://puzz.link/p?shikaku_edit/6/6/j3g56h6t6h23g5j")
    grid = ". . . . 3 . /5 6 . . 6 . /. . . . . . /. . . . . . /. 6 . . 2 3 /. 5 . . . ."
    assert read.numbers == _numbers(grid)
    round_trips(puzzle, "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j", "puzzlink")


def _numbers(rows: str) -> dict[tuple[int, int], int]:
    return {(r, c): int(token) for r, row in enumerate(rows.split("/"), 1)
            for c, token in enumerate(row.split(), 1) if token.isdigit()}


def test_4cell_reads_pzprjs_lightup_and_slither(tmp_path):
    puzzle = genre(tmp_path, "input cells number shaded", "token x shaded",
                   "puzzlink lightup 4cell(shaded)")
    read, _ = layers_of(puzzle, "https://puzz.link/p?lightup/6/6/nekcakbl")
    assert read.numbers == {(2, 3): 4, (3, 5): 2, (4, 2): 0, (5, 4): 1}
    assert round_trips(puzzle, "https://puzz.link/p?lightup/6/6/nekcakbl", "puzzlink") == \
        "https://puzz.link/p?lightup/6/6/nekcakbl\n"
    walls = round_trips(puzzle, "3 3\nx - 1\n- - -\n- x -\n", "puzzlink")
    assert layers_of(puzzle, walls)[0].shaded == {(1, 1), (3, 2)}
    slither = genre(tmp_path, "input cells number unknown", "puzzlink slither 4cell")
    read, _ = layers_of(slither, "https://puzz.link/p?slither/5/5/cbcbcddad")
    assert read.numbers == _numbers("2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3")
    round_trips(slither, "https://puzz.link/p?slither/5/5/cbcbcddad", "puzzlink")


def test_circle_reads_pzprjs_mashu(tmp_path):
    puzzle = genre(tmp_path, "input cells symbol", "token w symbol white",
                   "token b symbol black", "puzzlink mashu circle")
    read, _ = layers_of(puzzle, "https://puzz.link/p?mashu/6/6/1063000i3000")
    whites = {(1, 3), (2, 5), (5, 2)}
    blacks = {(2, 2), (4, 4)}
    assert read.symbols == {**dict.fromkeys(whites, "white"), **dict.fromkeys(blacks, "black")}
    text = round_trips(puzzle, "https://puzz.link/p?mashu/6/6/1063000i3000", "text")
    assert text.splitlines()[1:3] == ["- - w - - -", "- b - - w -"]
    assert round_trips(puzzle, text, "puzzlink") == "https://puzz.link/p?mashu/6/6/1063000i3000\n"


def test_param_and_border_read_pzprjs_starbattle(tmp_path):
    puzzle = genre(tmp_path, "input param stars", "input regions", "text rooms",
                   "puzzlink starbattle param(stars) border")
    read, _ = layers_of(puzzle, "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
    rooms = "0 0 0 1 1 1 /0 1 1 1 2 2 /0 3 3 4 4 2 /5 5 3 3 4 2 /5 4 4 4 4 2 /5 2 2 2 2 2"
    assert read.regions == {(r, c): int(token) + 1 for r, row in enumerate(rooms.split("/"), 1)
                            for c, token in enumerate(row.split(), 1)}
    assert read.params == {"stars": 1}
    text = round_trips(puzzle, "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou", "text")
    assert text.splitlines()[:2] == ["6 6 1", "1 1 1 2 2 2"]
    assert round_trips(puzzle, text, "puzzlink") == \
        "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou\n"


def test_sums_read_pzprjs_kakuro(tmp_path):
    puzzle = genre(tmp_path, "input sums", "token - blocked", "token 0 empty",
                   "puzzlink kakuro sums")
    address = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
    read, _ = layers_of(puzzle, address)
    # pzprjs's 5x5 board with its blocks above and left: our 6x6 grid.
    assert (read.rows, read.cols) == (6, 6)
    assert read.sums == {
        ((2, 2), "down"): 4, ((2, 2), "right"): 8, ((2, 5), "down"): 10,
        ((3, 6), "down"): 10, ((4, 4), "down"): 17, ((4, 4), "right"): 3,
        ((5, 2), "right"): 21, ((6, 3), "right"): 12,
        ((1, 3), "down"): 12, ((1, 4), "down"): 4, ((3, 1), "right"): 10,
        ((4, 1), "right"): 3}
    assert {(2, 6), (6, 2), (6, 6), (1, 1)} <= read.blocked
    text = round_trips(puzzle, address, "text")
    assert text.splitlines()[:3] == ["6 6", "- - 12, 4, - -", "- 4,8 0 0 10, -"]
    assert round_trips(puzzle, text, "puzzlink") == address + "\n"


# --- puzz.link: what is refused -------------------------------------------------------------

def test_addresses_of_other_genres_and_garbage_are_refused(tmp_path):
    puzzle = genre(tmp_path, "input cells number", "puzzlink sudoku number16")
    with pytest.raises(InputError, match=r"p.txt:1: puzz.link address: an address of "
                       r"'lightup'; g reads sudoku"):
        puzzle.parse("https://puzz.link/p?lightup/6/6/nekcakbl", "p.txt")
    with pytest.raises(InputError, match="unknown character '!'"):
        puzzle.parse("https://puzz.link/p?sudoku/4/4/g1!", "p.txt")
    with pytest.raises(InputError, match="the variant 'x' of 'sudoku' is not read"):
        puzzle.parse("https://puzz.link/p?sudoku/v:x/4/4/g1", "p.txt")
    with pytest.raises(InputError, match="unexpected '/zz' after the puzzle"):
        puzzle.parse("https://puzz.link/p?sudoku/2/2/1234/zz", "p.txt")


# --- the plain text grid -----------------------------------------------------------------

def test_text_grid_tokens_and_their_meanings(tmp_path):
    puzzle = genre(tmp_path, "input cells number shaded symbol arrow unknown",
                   "token x shaded", "token w symbol white")
    read, instance = layers_of(puzzle, "# a comment\n2 3\n1 x w\n? 2e -\n")
    assert read.numbers == {(1, 1): 1, (2, 2): 2}
    assert read.shaded == {(1, 2)} and read.unknown == {(2, 1)}
    assert read.symbols == {(1, 3): "white"} and read.arrows == {(2, 2): "e"}
    assert {str(s) for s in instance.structure} >= {"grid(2,3)", "cell(2,3)"}
    assert "symbol(1,3,white)" in {str(s) for s in instance.clues}
    round_trips(puzzle, "2 3\n1 x w\n? 2e -\n", "text")


def test_text_grid_params_rooms_and_blocked_cells(tmp_path):
    puzzle = genre(tmp_path, "input param stars", "input regions", "token @ blocked",
                   "text cells? rooms")
    alone = "3 3 1\n@ a a\nb b a\nb c c\n"
    read, instance = layers_of(puzzle, alone)
    assert read.params == {"stars": 1} and read.blocked == {(1, 1)}
    assert read.regions == {(1, 2): 1, (1, 3): 1, (2, 1): 2, (2, 2): 2, (2, 3): 1,
                            (3, 1): 2, (3, 2): 3, (3, 3): 3}
    assert "cell(1,1)" not in {str(s) for s in instance.structure}
    assert "param(stars,1)" in {str(s) for s in instance.structure}
    with_cells = "3 3 1\n- - -\n- - -\n- - -\n@ a a\nb b a\nb c c\n"
    assert layers_of(puzzle, with_cells)[0] == read
    assert round_trips(puzzle, alone, "text") == "3 3 1\n@ 1 1\n2 2 1\n2 3 3\n"


def test_text_grid_outside_points_and_sums(tmp_path):
    sides = genre(tmp_path, "input outside top left", "input cells shaded", "token x shaded",
                  "text top left cells")
    read, instance = layers_of(sides, "2 3\n1 - 2\n0 3\nx - -\n- - -\n")
    assert read.outside == {("top", 1): (1,), ("top", 3): (2,), ("left", 1): (0,),
                            ("left", 2): (3,)}
    assert "outside(top,3,1,2)" in {str(s) for s in instance.clues}
    round_trips(sides, "2 3\n1 - 2\n0 3\nx - -\n- - -\n", "text")
    points = genre(tmp_path, "input points number", "text points")
    read, instance = layers_of(points, "1 2\n- 1 -\n0 - 4\n")
    assert read.points == {(0, 1): 1, (1, 0): 0, (1, 2): 4}
    round_trips(points, "1 2\n- 1 -\n0 - 4\n", "text")
    sums = genre(tmp_path, "input sums", "token - blocked", "token 0 empty")
    read, _ = layers_of(sums, "3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n")
    assert read.sums == {((1, 2), "down"): 4, ((1, 3), "down"): 3, ((2, 1), "right"): 4,
                         ((3, 1), "right"): 3}
    assert read.blocked == {(1, 1), (1, 2), (1, 3), (2, 1), (3, 1)}
    round_trips(sums, "3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n", "text")


@pytest.mark.parametrize(("text", "message"), [
    ("2\n1 2\n", "p.txt:1: expected the size line 'ROWS COLS' (whole numbers), found '2'"),
    ("2 2\n1 2\n", "p.txt:1: 1 lines after the size line; this genre's grid has 2"),
    ("2 2\n1 2\n3\n", "p.txt:3: 1 tokens in a line of the cells block, which has 2"),
    ("2 2\n1 q\n3 4\n", "p.txt:2: row 1, column 2: unknown token 'q'"),
    ("2 2\n1 ?\n3 4\n", "p.txt:2: row 1, column 2: a token '?', but g has no unknown clues"),
    ("0 2\n", "p.txt:1: 0 rows: a grid has 1 to 1000"),
    ("", "p.txt: empty: no puzzle in it"),
])
def test_text_grid_mistakes_name_their_line(tmp_path, text, message):
    puzzle = genre(tmp_path, "input cells number")
    with pytest.raises(InputError) as error:
        puzzle.parse(text, "p.txt")
    assert str(error.value).startswith(message)


def test_facts_read_back_to_the_layers(tmp_path):
    puzzle = genre(tmp_path, "input cells number shaded symbol", "input regions",
                   "token x shaded", "token w symbol white", "text cells rooms")
    read, instance = layers_of(puzzle, "2 2\n1 x\nw -\na a\nb a\n")
    assert from_facts(2, 2, instance.facts) == read


def test_clued_cells_are_structure_and_a_question_mark_is_one_alone(tmp_path):
    # A genre whose clue cells matter without their values (an island, a rectangle) reads
    # their places as the board's clued/2: a number left out of a question about the
    # clues leaves its place, and `?` is that place alone.
    puzzle = genre(tmp_path, "input cells number clued")
    read, instance = layers_of(puzzle, "2 3\n3 - ?\n- 1 -\n")
    assert {str(s) for s in instance.structure if s.name == "clued"} == {
        "clued(1,1)", "clued(1,3)", "clued(2,2)"}
    assert sorted(map(str, instance.clues)) == ["number(1,1,3)", "number(2,2,1)"]
    assert from_facts(2, 3, instance.facts) == read
    assert from_facts(2, 3, instance.structure).unknown == {(1, 1), (1, 3), (2, 2)}
    assert "?" in round_trips(puzzle, "2 3\n3 - ?\n- 1 -\n", "text")
    without = genre(tmp_path, "input cells number")
    with pytest.raises(InputError, match="unknown"):
        without.parse("2 3\n3 - ?\n- 1 -\n", "p.txt")


# --- the decoders of further genres, on pzprjs's test addresses ---------------------------

# Battleship's header: the counts around the grid, the ship parts, the fleet.
FLEET = ("input outside top left", "input cells symbol unshaded unknown",
         "input param fleet...", "text top left cells", "token x unshaded",
         "token n symbol north_end", "token s symbol south_end", "token w symbol west_end",
         "token e symbol east_end", "token m symbol middle", "token o symbol submarine",
         "puzzlink battleship outside "
         "marks16(unshaded,north_end,south_end,west_end,east_end,middle,submarine) bank(fleet)")


@pytest.mark.parametrize(("header", "address"), [
    (("input cells number unknown", "puzzlink numlin number16"), "numlin/5/5/1j2h3m1h2j3"),
    (("input cells number unknown", "puzzlink hashikake number16"),
     "hashikake/5/5/4g2i3h23k3g1g3g4g3"),
    (("input cells number unknown", "puzzlink kurodoko number16"), "kurodoko/5/5/i7g5l2l2g4i"),
    (("input cells number", "puzzlink hitori number36"), "hitori/4/4/1114142333214213"),
    (("input regions", "text rooms", "puzzlink lits border"), "lits/4/4/9q02jg"),
    (("input regions", "text rooms", "puzzlink norinori border"), "norinori/5/5/cag4ocjo"),
    (("input regions", "input cells number unknown", "text cells rooms",
      "puzzlink heyawake border roomnumber16"), "heyawake/6/6/lll155007rs12222j"),
    (("input cells number unknown arrow", "puzzlink yajilin arrownumber16"),
     "yajilin/5/5/m32j10"),
    (("input points number", "text points", "puzzlink gokigen 4cross"), "gokigen/4/4/iaegcgcj6a"),
    (("input regions", "input cells number unknown", "input blocked", "token # blocked",
      "text cells rooms", "puzzlink ripple border number16 binary(blocked)"),
     "ripple/4/4/9n8rigk14h32k"),
    (("input outside top left", "input cells symbol", "token T symbol tree",
      "text top left cells", "puzzlink tents outside 1cell(tree)"), "tents/5/5/2g0h1i1j82323"),
    (FLEET, "battleship/6/6/g12h2g30g3gk0r3w//c"),
])
def test_pzprjs_addresses_read_and_write_back(tmp_path, header, address):
    puzzle = genre(tmp_path, *header)
    url = f"https://puzz.link/p?{address}"
    assert round_trips(puzzle, url, "puzzlink") == url + "\n"
    round_trips(puzzle, url, "text")


def _grid_of(rows: str) -> dict[tuple[int, int], str]:
    return {(r, c): token for r, row in enumerate(rows.split("/"), 1)
            for c, token in enumerate(row.split(), 1) if token != "."}


@pytest.mark.parametrize(("header", "address", "numbers"), [
    (("input cells number unknown", "puzzlink hashikake number16"),
     "hashikake/5/5/4g2i3h23k3g1g3g4g3", "4 . 2 . . /. 3 . . 2 /3 . . . . /. 3 . 1 . /3 . 4 . 3"),
    (("input cells number unknown", "puzzlink numlin number16"), "numlin/5/5/1j2h3m1h2j3",
     "1 . . . . /2 . . 3 . /. . . . . /. 1 . . 2 /. . . . 3"),
    (("input cells number unknown", "puzzlink kurodoko number16"), "kurodoko/5/5/i7g5l2l2g4i",
     ". . . 7 . /5 . . . . /. . 2 . . /. . . . 2 /. 4 . . ."),
    (("input cells number", "puzzlink hitori number36"), "hitori/4/4/1114142333214213",
     "1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3"),
])
def test_pzprjs_numbers_are_those_of_its_answers(tmp_path, header, address, numbers):
    """The clues as pzprjs's own answer files for these addresses write them."""
    read, _ = layers_of(genre(tmp_path, *header), f"https://puzz.link/p?{address}")
    assert read.numbers == {pos: int(token) for pos, token in _grid_of(numbers).items()}


def test_pzprjs_rooms_points_and_trees_are_those_of_its_answers(tmp_path):
    lits = genre(tmp_path, "input regions", "text rooms", "puzzlink lits,norinori border")
    for address, rooms in (("lits/4/4/9q02jg", "0 0 1 1 /0 0 1 2 /0 1 1 2 /2 2 2 2"),
                           ("norinori/5/5/cag4ocjo",
                            "0 0 1 2 2 /1 1 1 2 2 /1 3 3 2 2 /3 3 3 3 3 /4 4 3 3 3")):
        read, _ = layers_of(lits, f"https://puzz.link/p?{address}")
        assert read.regions == {pos: int(t) + 1 for pos, t in _grid_of(rooms).items()}
    gokigen = genre(tmp_path, "input points number", "text points", "puzzlink gokigen 4cross")
    read, _ = layers_of(gokigen, "https://puzz.link/p?gokigen/4/4/iaegcgcj6a")
    crosses = ". . . 0 . /. 4 . . . /2 . . . 2 /. . . . . /. 1 . 0 ."
    assert read.points == {(r - 1, c - 1): int(t) for (r, c), t in _grid_of(crosses).items()}
    tents = genre(tmp_path, "input outside top left", "input cells symbol",
                  "token T symbol tree", "text top left cells",
                  "puzzlink tents outside 1cell(tree)")
    read, _ = layers_of(tents, "https://puzz.link/p?tents/5/5/2g0h1i1j82323")
    # pzprjs's answer: `. 2 . 0 . .` above, rows `1 . A 1 - -` ... (1: a tree)
    assert read.outside == {("top", 1): (2,), ("top", 3): (0,), ("left", 1): (1,),
                            ("left", 5): (1,)}
    assert read.symbols == dict.fromkeys([(1, 3), (3, 2), (3, 5), (4, 4), (5, 2)], "tree")


# --- every shipped genre's instances: written and read back --------------------------------

GENRE_FILES = [path for path in instance_files()
               if isinstance(registry().get(path.parent.name), GenrePuzzle)]


@pytest.mark.parametrize("path", GENRE_FILES,
                         ids=[f"{p.parent.name}/{p.name}" for p in GENRE_FILES])
def test_every_genre_instance_reads_back_from_what_is_written(path):
    """`--to text` always, and `--to puzzlink` where the genre has an address: the same
    puzzle again; an address cannot hold blocked cells unless a decoder marks them, nor a
    parameter no decoder reads unless it is its default (Skyscrapers' parks)."""
    puzzle = registry()[path.parent.name]
    text = path.read_text(encoding="utf-8")
    round_trips(puzzle, text, "text")
    header = puzzle.genre.header
    if not header.puzzlinks:
        return
    read, instance = layers_of(puzzle, text)
    marks = any(d.name == "sums" or d.args == ("blocked",) for d in header.puzzlinks[0].decoders)
    if read.blocked and not marks:
        with pytest.raises(UserError, match="blocked cells are not written"):
            puzzle.writer("puzzlink")(instance, list(instance.clues))
        return
    held = {d.args[0] for d in header.puzzlinks[0].decoders if d.name in ("param", "bank")}
    stated = {name: value for name, value in read.params.items() if name not in held
              and value != defaults(read, header).get(name)}
    if stated:
        name = next(iter(stated))
        with pytest.raises(UserError, match=f"no place for the {name} {stated[name]}$"):
            puzzle.writer("puzzlink")(instance, list(instance.clues))
        return
    round_trips(puzzle, text, "puzzlink")


# --- what the text grid allows: the same facts whatever the spacing ------------------------

# One instance a genre (its smallest): the variants exercise the genre's header, which is
# the same for all its instances, and the suite stays lean as genres come (hypothesis
# draws once per token: a large grid costs a minute).
GENRE_SAMPLES = [min((p for p in GENRE_FILES if p.parent == folder),
                     key=lambda p: (p.stat().st_size, p.name))
                 for folder in sorted({p.parent for p in GENRE_FILES})]


@pytest.mark.parametrize("path", GENRE_SAMPLES,
                         ids=[f"{p.parent.name}/{p.name}" for p in GENRE_SAMPLES])
@settings(max_examples=25, deadline=None, derandomize=bool(os.environ.get("CI")))
@given(data=st.data())
def test_allowed_variants_of_the_text_grid_give_the_same_facts(path, data):
    """Spaces, tabs, CRLF, blank lines, comment lines before the size line, a missing
    last newline, leading zeros and a plus sign on numbers: the same puzzle (after the
    size line `#` is a token, docs/genres.md)."""
    puzzle = registry()[path.parent.name]
    _, instance = layers_of(puzzle, path.read_text(encoding="utf-8"))
    text = puzzle.writer("text")(instance, list(instance.clues))
    tokens_meaning = puzzle.genre.header.tokens  # a token with its own meaning stays as it is
    lines = data.draw(st.lists(st.sampled_from(["", "# a comment", "#"]), max_size=2))
    for line in text.splitlines():
        tokens = [data.draw(st.sampled_from([token, f"0{token}", f"+{token}"]))
                  if token.isdigit() and token not in tokens_meaning else token
                  for token in line.split()]
        gap = data.draw(st.sampled_from([" ", "  ", "\t", " \t "]))
        lines.append(data.draw(st.sampled_from(["", " "])) + gap.join(tokens)
                     + data.draw(st.sampled_from(["", " ", "\t"])))
        if data.draw(st.booleans()):
            lines.append(data.draw(st.sampled_from(["", "   "])))
    end = data.draw(st.sampled_from(["\n", "\r\n"]))
    variant = end.join(lines) + data.draw(st.sampled_from(["", end]))
    assert frozenset(puzzle.parse(variant, "v.txt").facts) == frozenset(instance.facts)


def test_clues_between_cells_as_janko_draws_them(tmp_path):
    puzzle = genre(tmp_path, "input cells number", "input between number symbol",
                   "token < between lt", "token > between gt", "token ^ between lt",
                   "token v between gt", "text cells+between")
    text = "3 3\n- < - - -\n- - ^ - -\n- - - - 1\n- - v - 2\n- > - - -\n"
    read, instance = layers_of(puzzle, text)
    assert read.numbers == {(2, 3): 1}
    assert read.between == {((1, 1), (1, 2)): "lt", ((1, 2), (2, 2)): "lt",
                            ((2, 2), (3, 2)): "gt", ((2, 3), (3, 3)): 2,
                            ((3, 1), (3, 2)): "gt"}
    assert "between(1,2,2,2,lt)" in {str(s) for s in instance.clues}
    assert round_trips(puzzle, text, "text") == text  # a meaning's second token: down
    for bad, message in (("3 3\n< - - - -\n" + "- - - - -\n" * 3 + "- - - - -\n",
                          "p.txt:2: row 1, column 1: '<' is a clue between cells, in a "
                          "cell's place"),
                         ("3 3\n- q - - -\n" + "- - - - -\n" * 4,
                          "p.txt:2: between (1,1) and (1,2): 'q' is no clue between cells")):
        with pytest.raises(InputError) as error:
            puzzle.parse(bad, "p.txt")
        assert str(error.value).startswith(message)


def test_a_fleet_and_ship_parts_as_pzprjs_writes_them(tmp_path):
    """pzprjs's preset `c` (three ships of 1, two of 2, one of 3) and its parts: 3 a west
    end, 0 water; a fleet that is no preset is written as its pieces, shortest first."""
    puzzle = genre(tmp_path, *FLEET)
    read, _ = layers_of(puzzle, "https://puzz.link/p?battleship/6/6/g12h2g30g3gk0r3w//c")
    assert read.params == {"fleet": (3, 2, 1)}
    assert read.symbols == {(4, 1): "west_end"} and read.unshaded == {(1, 6)}
    assert round_trips(puzzle, "2 2 0 2\n- -\n- -\nn -\ns -", "puzzlink") == \
        "https://puzz.link/p?battleship/2/2/j1g2g/2/21o/21o\n"


@pytest.mark.parametrize(("body", "problem"), [
    ("h7//c", "7 stands for no mark"),
    ("h0//q", "no fleet preset 'q'"),
    ("h0/1/22u", "not a straight line"),
    ("h0/2/11g", "2 pieces announced, 1 given"),
])
def test_a_bad_fleet_or_mark_is_refused_by_name(tmp_path, body, problem):
    puzzle = genre(tmp_path, *FLEET)
    with pytest.raises(InputError, match=problem):
        puzzle.parse(f"https://puzz.link/p?battleship/1/1/{body}", "p.txt")
