"""Formats in and out: every writer round-trips every instance of its puzzle, random
puzzles too (hypothesis), and each format read refuses bad input in one clear line."""

from __future__ import annotations

import json

import pytest
from checkers import checker
from clingo import Function
from conftest import INSTANCES, assert_refused, expected_for, without_atoms
from hypothesis import given, settings
from hypothesis import strategies as st

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError, UserError
from pyasp_runner.puzzle import Instance
from pyasp_runner.puzzles import registry

PUZZLES = registry()
WRITERS = [(name, fmt) for name, puzzle in PUZZLES.items() for fmt in puzzle.writers]
# What a format has no way to say, by instance: the writer refuses it, naming why.
REFUSED = {
    ("nonogram", "non", "given.txt"): "given cells",
    ("nonogram", "puzzlink", "given.txt"): "given cells",
    ("nonogram", "nin", "given.txt"): "given cells",
    ("nonogram", "mk", "given.txt"): "given cells",
    ("nonogram", "cwd", "given.txt"): "given cells",
    ("abc", "puzzlink", "diagonal-givens.txt"): "diagonal",
    # janko.at's boards with cells outside every region: an address has no such cell
    ("lits", "puzzlink", "janko-171.txt"): "blocked cells",
    ("starbattle", "puzzlink", "janko-005.txt"): "blocked cells are not written",
    ("starbattle", "puzzlink", "janko-011.txt"): "blocked cells are not written",
    # janko.at's Skyscrapers with parks: neither form holds a tallest tower below N
    **{("skyscrapers", fmt, f"janko-{number}.txt"): f"no place for the height {height}$"
       for fmt in ("puzzlink", "tatham")
       for number, height in (("015", 3), ("017", 5), ("018", 4), ("019", 4), ("020", 6))},
}
# What a format writes in another place, by puzzle and format: pzprjs's decodeRoomNumber16
# gives a room's number to the room's top cell (getTopCell: its leftmost column, the
# highest cell there), so the facts are compared with each number moved there.
ROOM_NUMBER_FIRST = {("heyawake", "puzzlink")}


def _facts(instance: Instance) -> tuple[frozenset, frozenset]:
    return frozenset(instance.structure), frozenset(instance.clues)


def _room_number_first(facts: tuple[frozenset, frozenset]) -> tuple[frozenset, frozenset]:
    """The facts with each `number(R, C, N)` in the top cell of its `region(R, C, Id)`
    (the leftmost column, the highest cell there)."""
    every = facts[0] | facts[1]
    room = {(f.arguments[0], f.arguments[1]): f.arguments[2] for f in every
            if f.name == "region"}
    first: dict = {}
    for pos, name in sorted(room.items(), key=lambda item: (item[0][1].number,
                                                           item[0][0].number)):
        first.setdefault(name, pos)

    def moved(fact):  # type: ignore[no-untyped-def]
        if fact.name != "number":
            return fact
        r, c, n = fact.arguments
        return Function("number", [*first[room[(r, c)]], n])

    return frozenset(map(moved, facts[0])), frozenset(map(moved, facts[1]))


def _cases() -> list[tuple[str, str, str]]:
    return [(name, fmt, path.name) for name, fmt in WRITERS
            for path in sorted((INSTANCES / name).iterdir())
            if path.is_file() and not path.name.endswith(".expected.json")
            and path.name != "README.md"]


@pytest.mark.parametrize(("name", "fmt", "file"), _cases(),
                         ids=[f"{n}-{f}-{p}" for n, f, p in _cases()])
def test_every_writer_round_trips_every_instance(name, fmt, file):
    puzzle = PUZZLES[name]
    instance = puzzle.parse((INSTANCES / name / file).read_text(encoding="utf-8"), file)
    write = puzzle.writer(fmt)
    if (name, fmt, file) in REFUSED:
        with pytest.raises(UserError, match=REFUSED[name, fmt, file]):
            write(instance, list(instance.clues))
        return
    text = write(instance, list(instance.clues))
    written, facts = _facts(puzzle.parse(text, "written")), _facts(instance)
    if (name, fmt) in ROOM_NUMBER_FIRST:
        written, facts = _room_number_first(written), _room_number_first(facts)
    assert written == facts


def test_unknown_format_names_the_formats_written():
    with pytest.raises(UserError, match="formats written: tatham, non, puzzlink"):
        PUZZLES["nonogram"].writer("pbn")


def test_to_option_writes_and_stops(capsys):
    assert main(["skyscrapers", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1", "--to", "puzzlink"]) == 0
    assert capsys.readouterr().out == "https://puzz.link/p?skyscrapers/4/4/2213322131232231\n"


def test_generate_writes_any_format_and_it_reads_back(capsys):
    assert main(["generate", "nonogram", "--size", "5", "--seed", "2", "--to", "puzzlink"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("https://puzz.link/p?nonogram/5/5/")
    instance = PUZZLES["nonogram"].parse(url, "generated")
    assert len(instance.clues) == 10  # every line's clue: puzz.link has no unclued line


# --- Random puzzles through every writer (hypothesis) -------------------------------------

@st.composite
def nonograms(draw):
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    grid = draw(st.lists(st.lists(st.booleans(), min_size=width, max_size=width),
                         min_size=height, max_size=height))

    def runs(line):
        return ".".join(str(len(run)) for run in "".join("#" if c else " " for c in line)
                        .split())

    columns = [runs([row[c] for row in grid]) for c in range(width)]
    return f"{width}x{height}:" + "/".join(columns + [runs(row) for row in grid])


@st.composite
def skyscrapers(draw):
    size = draw(st.integers(1, 9))
    clues = draw(st.lists(st.one_of(st.just(""), st.integers(1, size).map(str)),
                          min_size=4 * size, max_size=4 * size))
    cells = draw(st.lists(st.one_of(st.none(), st.integers(1, size)),
                          min_size=size * size, max_size=size * size))
    grid = "".join("a" if v is None else f"_{v}" for v in cells)
    return f"{size}:" + "/".join(clues) + ("," + grid if any(cells) else "")


@st.composite
def abcs(draw):
    size = draw(st.integers(2, 8))
    count = draw(st.integers(1, size))
    letters = "ABCDEFGH"[:count]
    clue = st.sampled_from("." + letters)
    sides = {side: "".join(draw(st.lists(clue, min_size=size, max_size=size)))
             for side in ("top", "bottom", "left", "right")}
    rows = ["".join(draw(st.lists(clue, min_size=size, max_size=size))) for _ in range(size)]
    text = f"size: {size}\nletters: {letters}\n" + "".join(f"{s}: {v}\n"
                                                          for s, v in sides.items())
    return text + "grid:\n" + "\n".join(rows) + "\n"


@st.composite
def signposts(draw):
    width, height = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = width * height
    numbers = draw(st.lists(st.integers(1, cells), unique=True, max_size=cells))
    places = draw(st.permutations(range(cells)))
    given = dict(zip(places, numbers, strict=False))
    arrows = draw(st.lists(st.sampled_from("abcdefgh"), min_size=cells, max_size=cells))
    corner = draw(st.sampled_from(["", "c"]))
    return f"{width}x{height}{corner}:" + "".join(f"{given.get(i, '')}{arrows[i]}"
                                                 for i in range(cells))


@pytest.mark.parametrize(("name", "strategy"), [
    ("nonogram", nonograms()), ("skyscrapers", skyscrapers()), ("abc", abcs()),
    ("signpost", signposts()),
])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_puzzles_round_trip_through_every_writer(name, strategy, data):
    puzzle = PUZZLES[name]
    instance = puzzle.parse(data.draw(strategy), "random")
    for fmt, write in puzzle.writers.items():
        text = write(instance, list(instance.clues))
        assert _facts(puzzle.parse(text, fmt)) == _facts(instance), (fmt, text)


# --- Bad input of the formats read ----------------------------------------------------------

@pytest.mark.parametrize(("name", "text", "line", "words"), [
    ("nonogram", "https://puzz.link/p?nonogram/2/2/1", 1, "ends after 1 of 4 places"),
    ("nonogram", "https://puzz.link/p?nonogram/2/2/1101", 1, "a clue 0"),
    ("nonogram", "https://puzz.link/p?coral/2/2/1111", 1, "not of nonogram"),
    ("nonogram", "https://puzz.link/p?nonogram/2/2/1111!", 1, "unexpected '!'"),
    ("nonogram", "2 2\n1\n1\n1\n", 4, "too few clue lines: 3 given, 2 rows + 2 columns"),
    ("nonogram", "2 2\n1\nx\n1\n1\n", 3, "row 2: expected run lengths"),
    ("nonogram", "2\n2 2\n1 0\n1 0\n1 0\n1 0\n", 1, "2 puzzles in one JCROSS input"),
    ("nonogram", "1\n2 2\n1 0\n1\n1 0\n1 0\n", 4, "ends with 0"),
    ("nonogram", '{"problem": 3}', 1, "without a \"problem\" text"),
    ("nonogram", '{"problem": "2 2\\n1\\n1\\n1"}', 1, "too few clue lines"),
    ("nonogram", "{not json", 1, "not a JSON record"),
    ("nonogram", "[clues]\ncolumns = 1, 1\n", None, "no rows in the [clues] section"),
    ("nonogram", "[clues]\ncolumns = 1r, 1\nrows = 1, 1\n", 2, "a colour clue"),
    ("nonogram", "[clues]\nwidth = 3\n", 2, "unknown key 'width'"),
    ("nonogram", "<puzzleset><puzzle><clues type='rows'><line><count>1</count></line>"
     "</clues></puzzle></puzzleset>", None, "no <clues type=\"columns\"> with lines"),
    ("nonogram", '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<x>&a;</x>',
     None, "entity declaration"),
    ("nonogram", "<puzzleset><puzzle>", 1, "not well-formed XML"),
    ("nonogram", "<puzzleset><puzzle><color name='red' char='r'>f00</color></puzzle>"
     "</puzzleset>", None, "colour"),
    ("nonogram", "hello world", 1, "not a nonogram format that is read"),
    ("nonogram", "3 2\n1\n1\n#\n1\n1\n", 3, "too few clue lines: 2 given, 3 rows"),
    ("nonogram", "2 3\n1\n1\n#\n1\n1\n", 6, "too few clue lines: 2 given, 3 columns"),
    ("nonogram", "2\n3\n1\n1\n1\n1\n1\n", 5, "expected the blank line between the 2 row"),
    ("nonogram", "2\n3\n1\n1\n\n1\n", 6, "too few lines: 2 row clues, a blank line"),
    ("nonogram", "2\n3\n1\n1\n\n1\n1\n1\n1\n", 9, "too many clue lines"),
    ("nonogram", "2\n3\n1\nx\n\n1\n1\n1\n", 4, "row 2: expected run lengths"),
    ("nonogram", "C BA\nAB CA\n\nA B\nA B\n", 4, "4 lines of letter clues: a puzzle is two"),
    ("nonogram", "[Row clues]\n1\n", None, "no [Dimensions] section"),
    ("nonogram", "[Dimensions]\n2\n[Row clues]\n1\n", 1, "[Dimensions] holds 1 lines"),
    ("nonogram", "[Dimensions]\n2\n2\n[Row clues]\n1\n", 5, "1 row clues, [Dimensions]"),
    ("nonogram", "[Dimensions]\n2\n2\n", None, "no [Row clues] section and no [Solution]"),
    ("nonogram", "[Dimensions]\n1\n2\n[Solution]\n2 3\n", 5, "each 1 (empty) or 2"),
    ("nonogram", "[Dimensions]\n1\n1\n[Row clues]\n1\n[Column clues]\n1\n[Working grid]\n"
     "3\n", 9, "a [Working grid] row is 1 cells, each 0 (undecided), 1 (empty) or 2"),
    ("nonogram", "[Dimensions]\n1\n1\n[Row clues]\n1\n[Row clues]\n1\n", 6,
     "a second [Row clues] section"),
    ("nonogram", "[Dimensions]\n1\n2\n[Row clues]\n2\n[Column clues]\n1\nx\n", 8,
     "column 2: expected run lengths"),
    ("skyscrapers", "https://puzz.link/p?skyscrapers/3/4/g", 1, "square"),
    ("abc", "https://puzz.link/p?easyasabc/3/3/1m", 1, "number of letters and '/'"),
    ("abc", "https://puzz.link/p?easyasabc/3/3/2/4r", 1, "top clue 1: D is out of range A..B"),
])
def test_bad_input_of_each_format_is_refused_in_one_line(name, text, line, words):
    assert_refused(PUZZLES[name].parse, text, line, words)


def test_writers_refuse_what_their_format_cannot_say():
    nonogram = PUZZLES["nonogram"]
    unclued = nonogram.parse("2x2:?/1/1/1", "p")
    with pytest.raises(InputError, match="a line without a clue"):
        nonogram.writer("puzzlink")(unclued, list(unclued.clues))
    abc = PUZZLES["abc"]
    empty = abc.parse("size: 3\nletters: AB\ngrid:\n-..\n...\n...\n", "p")
    with pytest.raises(InputError, match=r"unshaded cell \(1,1\) has no place"):
        abc.writer("puzzlink")(empty, list(empty.clues))


@pytest.mark.parametrize(("name", "text", "line", "words"), [
    ("hidoku", "4x3\n. 4 .\n", 1, "the size line says 4x3"),
    ("hidoku", "begin\nsize 3\nproblem\n1 - -\n", 4, "has no 'end' line"),
    ("hidoku", "begin\nsize 3\nproblem\n1 - -\n- - 4\nend\n", 2, "this genre's grid has 3"),
    ("hidoku", "begin\nsize 2\nend\n", 1, "no 'problem' section"),
    ("hidoku", "+--+--+\n| 1|  |\n+--+--+\n| 3|\n", 4, "expected 2 fields"),
    ("hidoku", "7x7\n[Problem]\n1 - -\n- - 4\n", 1, "this genre's grid has 7"),
    ("hidoku", "7x7\n1 - 3\n[Problem]\n1 - -\n", 2, "'1 - 3' is no key of a data block"),
    ("hidoku", "size 2\n----\n| 1|  |\n| 3|  |\n----\n|  |  |\n|  | 4|\n----\n", 4,
     "a cell holds '1' and '3' on two lines"),
    ("hidoku", "hidoku with size 3\n----\n| 1|  |\n----\n|  | 4|\n----\n", 1,
     "the size line says 3x3"),
    ("magic", "1 . 3\nx 5 6\n7 8 9\n", 2, "unknown token 'x'"),
    ("magic", "[[2, 7, 6],\n [9, 5],\n [4, 3, 0]]\n", 2, "expected 3 fields like the first row"),
    ("abc", "size: 3\nletters: C-A\n", 2, "the letters run from A"),
    ("abc", "5 4 d\n- - - -\n- - - -\n- - - - -\n- - - - -\n", 1, "a 4x5 grid: this "
     "puzzle's grid is square"),
    ("abc", "3 3 b\n- - -\n- - -\n", 1, "2 lines after the size line; this genre's grid "
     "has 7 or 4"),
    ("checkerboard", "BW\n\nB\nboard: 1x3\n", 4, "after the stones"),
    ("checkerboard", "BW\nBB\n", 1, "have the same colour"),
    ("checkerboard", "b,0,0,0,1\nB,W\n", 2, "like b,0,0,1,0 (as every stone line"),
    ("checkerboard", "b,0,0,0,1,0,0\nw,0,0\n", 1, "square (0,0) is given twice"),
    ("checkerboard", "w,0,-1,-1,0,1,0,0,1\n", 1, "stone 0 is not connected"),
    ("countdown", "[75, x, 2], 812", 1, "number 2"),
    ("countdown", "75 50 2 3 8 7 = ", 1, "target"),
])
def test_bad_input_of_the_grid_and_line_formats(name, text, line, words):
    assert_refused(PUZZLES[name].parse, text, line, words)


def test_janko_sections_without_begin_read_their_first_key_too():
    # Sections copied from janko.at without `begin`/`end`: the first line may be a key
    # (`size 3`, `[Problem]`) rather than a size line, and is read, not skipped.
    hidoku = PUZZLES["hidoku"]
    plain = hidoku.parse("3 3\n1 - -\n- - -\n- - 9\n", "p")
    for text in ("size 3\nproblem\n1 - -\n- - -\n- - 9\n",
                 "[Problem]\n1 - -\n- - -\n- - 9\n", "3x3\n[Problem]\n1 - -\n- - -\n- - 9\n"):
        assert hidoku.parse(text, "p").facts == plain.facts, text


def test_hidoku_dots_are_decided_per_file():
    hidoku = PUZZLES["hidoku"]
    dots_only = hidoku.parse(". 4 .\n. 7 .\n1 . .\n", "p")
    with_zeros = hidoku.parse(". 4 .\n0 7 0\n1 0 0\n", "p")
    def cells(instance):
        return sum(atom.name == "cell" for atom in instance.structure)

    assert cells(dots_only) == 9  # every cell is on the board: dots are empty
    assert cells(with_zeros) == 7  # dots are blocked where 0 marks an empty cell
    assert dots_only.clues == with_zeros.clues


def test_one_grid_reader_reads_every_layout_alike():
    hidoku, magic = PUZZLES["hidoku"], PUZZLES["magic"]
    layouts = ["2,_,_\n_,_,_\n_,_,9\n", "2 . .\n. . .\n. . 9\n", "3x3\n2 - -\n- - -\n- - 9\n",
               "+--+--+--+\n| 2|  |  |\n+--+--+--+\n|  |  |  |\n+--+--+--+\n|  |  | 9|\n"
               "+--+--+--+\n", "[2][?][?]\n[?][?][?]\n[?][?][9]\n", "2 0 0\n0 0 0\n0 0 9\n",
               "begin\nsize 3\nproblem\n2 - -\n- - -\n- - 9\nsolution\n2 1 3\n4 5 6\n7 8 9\nend\n",
               "3x3\n[Problem]\n\n2 - -\n- - -\n- - 9\n[Solution]\n\n2 1 3\n4 5 6\n7 8 9\n",
               "hidoku with size 3\n----------\n|  |  |  |\n| 2|  |  |\n|  |  |  |\n----------\n"
               "|  |  |  |\n|  |  |  |\n----------\n|  |  |  |\n|  |  | 9|\n|  |  |  |\n"
               "----------\n", "size: 3\n2 _ _\n_ _ _\n_ _ 9\n",
               "[[2, 0, 0],\n [0, 0, 0],\n [0, 0, 9]]\n", '[["2", "_", "_"], ["_", "_", "_"], '
               '["_", "_", "9"]]',
               # the enjoysudoku forum's semicolon rows, Reed's HW5 file (`R C` line, `--`)
               "02;00;00\n00;00;00\n00;00;09\n", "3 3\n02 -- --\n-- -- --\n-- -- 09\n"]
    for puzzle in (hidoku, magic):
        facts = {frozenset(puzzle.parse(text, "p").facts) for text in layouts
                 if puzzle is hidoku or "roblem" not in text}
        assert len(facts) == 1, puzzle.name


def test_nonogram_mk_and_cwd_read_as_the_same_puzzle_as_nin():
    # pbnsolve's doc/input.md: .mk is `H W`, rows, `#`, columns; .cwd is H, W on two
    # lines, rows, a blank line, columns; .nin is `W H`, rows, columns
    nonogram = PUZZLES["nonogram"]
    nin = nonogram.parse("3 2\n2\n1 1\n1\n1\n1\n", "p")
    mk = nonogram.parse("2 3\n2\n1 1\n#\n1\n1\n1\n", "p")
    cwd = nonogram.parse("2\n3\n2\n1 1\n\n1\n1\n1\n", "p")
    assert _facts(mk) == _facts(nin) == _facts(cwd)
    # a blank line is an empty clue in .cwd: the lines are counted, the gap is the next
    assert _facts(nonogram.parse("2\n3\n\n1 1\n\n0\n1\n1\n", "p")) == _facts(
        nonogram.parse("3 2\n0\n1 1\n0\n1\n1\n", "p"))


def test_nonogram_gno_and_sections_without_size_read_as_the_same_puzzle_as_non():
    nonogram = PUZZLES["nonogram"]
    non = nonogram.parse("width 3\nheight 2\nrows\n2\n1 1\ncolumns\n2\n1\n1\n", "p")
    # NonoGeek's files: ROWS: and COLUMNS: sections, no size lines (the clues count them)
    sections = nonogram.parse("ROWS:\n2\n1,1\nCOLUMNS:\n2\n1\n1\n", "p")
    # Gnonograms' .gno: with its clue sections, and with only its solution (2 = black)
    gno = nonogram.parse("[Description]\nx\n\n[Dimensions]\n2\n3\n[Row clues]\n2\n1, 1\n"
                         "[Column clues]\n2\n1\n1\n[Working grid]\n0 0 0\n0 0 0\n", "p")
    solution_only = nonogram.parse("[Dimensions]\n2\n3\n[Solution grid]\n2 2 1\n2 1 2\n"
                                   "[Locked]\ntrue\n", "p")
    assert _facts(non) == _facts(sections) == _facts(gno) == _facts(solution_only)
    # Rosetta Code's letters: the row clues, then the column clues, A = 1, B = 2
    assert _facts(nonogram.parse("B AA\nB A A\n", "p")) == _facts(non)


def test_nonogram_writers_refuse_a_line_without_a_clue():
    nonogram = PUZZLES["nonogram"]
    unclued = nonogram.parse("2x2:?/1/1/1", "p")
    for fmt in ("nin", "mk", "cwd"):
        with pytest.raises(InputError, match="a line without a clue"):
            nonogram.writer(fmt)(unclued, list(unclued.clues))


@pytest.mark.parametrize(("name", "words"), [
    ("nonogram", ".mk (H W, rows, #, columns), .cwd"),
    ("abc", "(also read: lines named `size:`, `top:`, `grid:`...; a janko.at block `begin` "
            "... `end`; a puzz.link address)"),
    ("skyscrapers", "game ID `N:` of Tatham's Towers then the clues separated by `/`, a text "
                    "grid or a puzz.link address"),
    ("hidoku", "[..] cells or bordered +--+ rows"),
    ("magic", "[..] cells or bordered +--+ rows"),
    ("checkerboard", "or rows of B and W without commas"),
])
def test_a_file_in_no_format_read_is_told_the_formats_that_are(name, words):
    assert_refused(PUZZLES[name].parse, "hello world\nfoo bar\n", 1, words)


def test_hidoku_stars_are_blocked_cells():
    # Stanford's Nifty Hidato assignment writes a gap as ** and an empty cell as --
    hidoku = PUZZLES["hidoku"]
    stars = hidoku.parse("2 3\n01 -- **\n-- -- 05\n", "p")
    crosses = hidoku.parse("1 _ X\n_ _ 5\n", "p")
    assert frozenset(stars.facts) == frozenset(crosses.facts)


def test_a_first_line_of_two_numbers_is_the_size_line_its_rows_follow():
    # `1 2` over one row of two fields is the plain text grid's size line (a genre's
    # first form) whose row follows; commas make it a row, as does a third row
    hidoku = PUZZLES["hidoku"]
    spaced = hidoku.parse("1  2\nXX  _\n", "p")
    commas = hidoku.parse("1,2\nX,_\n", "p")
    assert "grid(1,2)" in {str(fact) for fact in spaced.facts}
    assert "number(1,2,2)" in {str(fact) for fact in commas.facts}
    rows = hidoku.parse("1  2\nXX  _\n_  _\n", "p")
    assert "number(1,2,2)" in {str(fact) for fact in rows.facts}
    sized = hidoku.parse("2 3\n01 -- **\n-- -- 05\n", "p")
    assert "number(2,3,5)" in {str(fact) for fact in sized.facts}


def test_magic_zero_is_a_number_where_the_range_holds_it():
    magic = PUZZLES["magic"]
    instance = magic.parse("range: 0..8\n0 _ _\n_ _ _\n_ _ _\n", "p")
    assert [str(clue) for clue in instance.clues] == ["number(1,1,0)"]
    assert magic.parse("0 _ _\n_ _ _\n_ _ _\n", "p").clues == ()


def test_checkerboard_stones_without_commas_read_as_with_them():
    board = PUZZLES["checkerboard"]
    commas = board.parse("B,W,B\n_,B,_\n=====\nW,_\nB,W\n=====\nB,W\n", "p")
    compact = board.parse("BWB\n B\n\nW\nBW\n\nBW\n", "p")
    assert frozenset(commas.facts) == frozenset(compact.facts)


def test_checkerboard_stones_as_coordinates_read_as_rows():
    # tseaquist's CheckerBoardPuzzle: the first square's colour, then rows and columns
    board = PUZZLES["checkerboard"]
    rows = board.parse("B,W,B,W\n_,B,_,_\n=====\nW,B\n_,W\n=====\nB,_\nW,B\n_,W\n"
                       "=====\nW,B,W\nB,_,_\n", "p")
    coordinates = board.parse("b,0,0,0,1,0,2,0,3,1,1\nw,0,0,0,1,1,1\n"
                              "b,0,0,1,0,1,1,2,1\nw,0,0,1,0,0,1,0,2\n", "p")
    assert frozenset(rows.facts) == frozenset(coordinates.facts)


@pytest.mark.parametrize("text", ["75 50 2 3 8 7 -> 812", "[75, 50, 2, 3, 8, 7], 812",
                                  "75 50 2 3 8 7 = 812", "75 50 2 3 8 7 \u2192 812",
                                  "(75, 50, 2, 3, 8, 7), 812", "numbers: 75 50 2 3 8 7\n"
                                  "target: 812"])
def test_countdown_forms_give_the_same_round(text):
    countdown = PUZZLES["countdown"]
    assert countdown.parse(text, "p").facts == countdown.parse("75 50 2 3 8 7 -> 812",
                                                                "p").facts


def test_abc_letter_range_and_puzzlekit_layout():
    abc = PUZZLES["abc"]
    assert abc.parse("size: 6\nletters: A-D\n", "p").facts == abc.parse(
        "size: 6\nletters: ABCD\n", "p").facts
    layout = abc.parse("3 3 b\n- a -\n- - -\nb - -\n- - -\na - -\n- - -\n- - -\n", "p")
    keys = abc.parse("size: 3\nletters: AB\ntop: .A.\nleft: B..\ngrid:\nA..\n...\n...\n",
                     "p")
    assert frozenset(layout.facts) == frozenset(keys.facts)


def test_generate_keeps_to_clues_the_format_can_state(capsys):
    # abc's own format can give a cell as empty; a puzz.link address cannot, so a puzzle
    # generated for puzz.link is made from the clues it can state, and reads back unique.
    assert main(["generate", "abc", "--size", "5", "--seed", "2", "--to", "puzzlink"]) == 0
    url = capsys.readouterr().out.strip()
    instance = PUZZLES["abc"].parse(url, "generated")
    assert not [clue for clue in instance.clues if clue.name == "unshaded"]


# Public instances of issue 20's last formats (see instances/README.md), each read by the
# command itself as a user would run it: its answers obey the rules (the independent
# checker), and the published answer is among them.
PUBLIC_THROUGH_THE_COMMAND = ["hidoku/reed-csc421-hw5.txt", "hidoku/janko-014.txt",
                              "hidoku/enjoysudoku-evert.txt", "nonogram/gnonograms-42.gno",
                              "nonogram/rosetta-letters-1.txt",
                              "checkerboard/taylorjg-draughtboard.txt"]


@pytest.mark.parametrize("relative", PUBLIC_THROUGH_THE_COMMAND)
def test_public_instances_read_through_the_command(capsys, relative):
    path = INSTANCES / relative
    expected = expected_for(path)
    code = main([path.parent.name, str(path), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert (code, data["status"], data["unique"]) == (0, expected["status"], expected["unique"])
    rules = checker(path.parent.name)
    for solution in data["solutions"]:
        rules.check(path.read_text(encoding="utf-8"), solution)
    for solution in expected.get("solutions", []):
        assert solution in list(map(without_atoms, data["solutions"]))
