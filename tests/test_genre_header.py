"""A genre file's header: each mistake refused with the file and the line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import Function, Number, Symbol

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.genres.contract import read_genre
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import registry

RULES = """
#defined number/3.
1 { value(R, C, V) : V = 1..4 } 1 :- cell(R, C).
:- number(R, C, V), not value(R, C, V).
#show value/3.
"""
GOOD = ["%! genre tiny", "%! summary A tiny genre", "%! input cells number",
        "%! show value/3 as number"]


def genre(tmp_path: Path, header: list[str], rules: str = RULES) -> Path:
    path = tmp_path / "tiny.lp"
    path.write_text("\n".join(header) + "\n" + rules)
    return path


def test_a_good_header_is_read(tmp_path):
    read = read_genre(genre(tmp_path, GOOD))
    assert read.header.genre == "tiny" and read.header.inputs == {"number": 3}


G, S, N, V = GOOD  # the genre, summary, input (numbers) and show lines


@pytest.mark.parametrize(("header", "message"), [
    ([G, S, N, V, "%! colour red"], "unknown key 'colour'"),
    ([G, S, N, V, "%! input cellz number"], "unknown layer 'cellz'"),
    ([G, S, N, V, "%! input cells numbers"], "'numbers' is no kind of the layer 'cells'"),
    ([G, S, N, V, "%! input cells shaded"], "shaded/2, which the rules never use"),
    ([G, S, N, V, "%! show val/3 as number"], "val/3 is never shown by the rules"),
    ([G, S, N, V, "%! show value/3 as colour"], "unknown role 'colour'"),
    ([G, S, N, V, "%! show value/2 as number"], "draws atoms of arity 3, not 2"),
    ([G, S, N, V, "%! show value/3 as symbol moon"], "'symbol' takes one symbol's name"),
    ([G, S, N, V, "%! genre again"], "a second 'genre' line (the first is line 1)"),
    ([G, S, N, V, "%! show value/3 as region by letter"], "'region' takes 'by clue'"),
    ([G, S, N, V, "%! token x symbol star"], "means 'symbol', which is no input"),
    ([G, S, N, V, "%! puzzlink tiny border"], "the decoder 'border' reads 'regions'"),
    ([G, S, N, V, "%! puzzlink tiny number16(blue)"], "takes at most one meaning"),
    ([G, S, N, V, "%! text cells rooms"], "the block 'rooms' needs the input 'regions'"),
    ([G, S, N, V, "%! generate number from value/2"], "cannot give number/3"),
    ([G, S, N, V, "%! max-size lots"], "is not a number of cells"),
    ([G, S, N, V, "%! structure number shaded"], "'shaded' is not an input of this genre"),
    ([G, S, N + "\n%! generate number from value/3",
      "%! generate number from value/3\n" + V], "a second 'generate number' line"),
    ([G, S, N, V, "%! generate number from count/3"], "the rules never derive count/3"),
    ([G, S, N, V, "%! grid round"], "unknown grid shape 'round'"),
    ([G, S, N, V, "%! json strings"], "unknown json form 'strings'"),
    ([G, S, N, V, "%! tatham Towers"], "is not the name of a Tatham game"),
    ([G, S, N, V, "%! tatham towers"], "declare 'input outside ...'"),
    ([G, S, N, V, "%! puzzlink tiny number16? number16"], "only the last decoder may be left"),
    ([G, S, N, V, "%! input param top?=many"],
     "the default of 'top' is 'many': expected rows, cols or a number, maybe"),
    ([G, S, N, V, "%! input param top?=cols low"],
     "the parameter 'low' after one that may be left out"),
    ([G, S, N, V, "%! numbers 1-cols"], "expected 'numbers LOW..HIGH [once] [letters]'"),
    ([G, S, N, V, "%! numbers 1..cols*2"], "expected 'numbers LOW..HIGH [once] [letters]'"),
    ([G, S, N, V, "%! numbers 1..cols twice"], "unexpected 'twice' after the range"),
    ([G, S, N, V, "%! limit top 1..cols"], "'limit' names 'top', which is no parameter"),
    ([G, "%! input param top", N, V, "%! limit top 1-cols"],
     "expected 'limit PARAMETER LOW..HIGH'"),
    ([G, "%! input param top", N, "%! limit top 1..9", "%! limit top 1..8"],
     "a second 'limit top' line"),
    ([G, S, N, V, "%! numbers 1..9 letters letters"], "unexpected 'letters letters'"),
    ([G, S, N, V, "%! json columns"], "unknown json form 'columns'"),
    ([G, S, N, V, "%! numbers 1..top"], "'top' in the range is neither rows, cols, cells"),
    ([G, S, "%! input cells shaded", V, "%! numbers 1..4"],
     "'numbers' bounds the cells' numbers, and the genre reads none"),
    ([G, S, N, V, "%! preamble range"], "expected 'preamble KEY NAME'"),
    ([G, S, N, V, "%! preamble range low?=many"], "the default of 'low' is 'many'"),
    ([G, "%! preamble range low", N, V, "%! input param low"],
     "the parameter 'low' is a preamble's"),
    ([G, "%! input param low", N, V, "%! preamble range low"], "'low' is declared twice"),
    ([G, S, N, V, "%! generate number from value/3 reach lots"], "expected 'reach CELLS'"),
    ([G, S, N, V, "%! generate number from value/3 width 3"],
     "expected 'size ROWSxCOLS', 'reach CELLS' or 'answer SEARCH,DERIVE'"),
    ([G, S, N, V, "%! generate number from value/3 answer walk"],
     "expected 'answer SEARCH,DERIVE', two program parts' names, found 'walk'"),
    ([G, S, N, V, "%! generate number from value/3 answer walk,walked"],
     "the rules have no part '#program walk.' to draw a random answer with"),
    ([G, S, N, V, "%! max-size 100 count"],
     "the rules have no part '#program count.' to measure a puzzle with"),
    ([G, S, N, V, "%! max-size 100 two parts"], "expected 'max-size LIMIT [PART]'"),
    ([G, S, N, V, "%! path value/2"], "expected the answer's numbers as NAME/3"),
    ([G, S, N, V, "%! path place/3"], "'path' follows place/3, which no 'show place/3 as "
                                      "number' line draws"),
    ([G, S, "%! input cells number shaded", V, "%! path value/3", "%! show dark/2 as shaded"],
     "'path' draws on a grid of numbers alone"),
    ([G, S, N, V, "%! token . blocked or"], "unexpected 'or' after 'blocked' (blocked or "
                                            "empty?)"),
])
def test_each_mistake_names_its_line(tmp_path, header, message):
    path = genre(tmp_path, header)
    with pytest.raises(InputError) as error:
        read_genre(path)
    assert str(error.value).startswith(f"{path}:5: header: ")
    assert message in str(error.value)


def test_a_region_by_clue_needs_clues_in_cells(tmp_path):
    rules = "#defined shaded/2.\n:- shaded(R, C), not cell(R, C).\n" \
            "area(R, C, (R, C)) :- cell(R, C).\n#show area/3."
    path = genre(tmp_path, [G, S, "%! input cells shaded", "%! show area/3 as region by clue"],
                 rules)
    with pytest.raises(InputError, match="reads no clues in cells"):
        read_genre(path)
    assert read_genre(genre(tmp_path, [G, S, N, "%! show area/3 as region by clue"],
                            rules.replace("shaded/2", "number/3").replace(
                                "shaded(R, C)", "number(R, C, _)"))).header.shows[0].by_clue


def test_a_bad_name_is_refused_on_its_line(tmp_path):
    path = genre(tmp_path, ["%! genre Tiny", S, N, V])
    with pytest.raises(InputError, match=r"tiny.lp:1: header: the genre's name 'Tiny' is "):
        read_genre(path)


def test_roles_that_clash_are_refused(tmp_path):
    rules = RULES + "room(R, C, 1) :- cell(R, C).\n#show room/3.\narea(R, C, 1) :- cell(R, C).\n" \
        "#show area/3.\n"
    path = genre(tmp_path, [*GOOD, "%! show value/3 as letter"], rules)
    with pytest.raises(InputError, match=r"tiny.lp:5: header: value/3 has a second role "
                       r"\(the first is on line 4\)"):
        read_genre(path)
    path = genre(tmp_path, [*GOOD, "%! show room/3 as region", "%! show area/3 as region"],
                 rules)
    with pytest.raises(InputError, match=r"tiny.lp:6: header: a second region role"):
        read_genre(path)


def test_a_file_without_a_genre_line_is_refused(tmp_path):
    path = genre(tmp_path, GOOD[1:])
    with pytest.raises(InputError, match=r"tiny.lp:1: header: no '%! genre' line"):
        read_genre(path)


def test_the_command_line_says_it_in_one_line(tmp_path, capsys):
    path = genre(tmp_path, [*GOOD[:2], "%! input cells letter", *GOOD[3:]])
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("2 2\n- 1\n- -\n")
    assert main([str(path), str(puzzle)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"solve-asp: {path}:3: header: the input 'letter' is letter/3, which the "
                   "rules never use"]


def test_a_show_with_a_condition_counts_as_shown(tmp_path):
    rules = RULES + "#show link(R, C, R, C + 1) : value(R, C, 1), value(R, C + 1, 2).\n"
    read = read_genre(genre(tmp_path, [*GOOD, "%! show link/4 as line"], rules))
    assert [show.role for show in read.header.shows] == ["number", "line"]


def test_rules_that_do_not_parse_are_an_encoding_error(tmp_path, capsys):
    path = genre(tmp_path, GOOD, "value(R, C, V) :- cell(R, C.\n")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("1 1\n-\n")
    assert main([str(path), str(puzzle)]) == 3
    assert "tiny.lp" in capsys.readouterr().err


SQUARE = "\n".join([G, S, N, V, "%! grid square", "%! json integers",
                    "%! puzzlink tiny number16?"]) + "\n" + RULES


def test_grid_square_refuses_another_shape_and_json_integers_writes_numbers(tmp_path):
    path = tmp_path / "tiny.lp"
    path.write_text(SQUARE)
    puzzle = registry()[str(path)]
    with pytest.raises(InputError, match="a 3x2 grid: this puzzle's grid is square"):
        puzzle.parse("2 3\n1 - -\n- - -\n", "p.txt")
    with pytest.raises(InputError, match="this puzzle's grid is square"):
        puzzle.spec.generating.blank("4x5") if puzzle.spec.generating else \
            puzzle.parse("4 5\n" + "- - - - -\n" * 4, "p.txt")
    instance = puzzle.parse("2 2\n1 -\n- 2\n", "p.txt")
    answer = Answer((fact("value", 1, 1, 1), fact("value", 2, 2, 2)))
    assert puzzle.solution_json(instance, answer)["grid"] == [[1, None], [None, 2]]
    # an empty last part (`number16?`) is left out of the address, read back the same
    empty = puzzle.parse("2 2\n- -\n- -\n", "p.txt")
    address = puzzle.writer("puzzlink")(empty, [])
    assert address == "https://puzz.link/p?tiny/2/2/\n"
    assert puzzle.parse(address, "p.txt").clues == ()
    assert puzzle.writer("puzzlink")(instance, list(instance.clues)).strip().endswith("/1h2")


TOP = "\n".join([G, S, N, V, "%! input param top?=cols", "%! puzzlink tiny number16"]) + \
    "\n" + RULES + ":- param(top, T), value(R, C, V), V > T.\n"


def test_a_parameter_may_be_left_out_and_then_is_its_default(tmp_path):
    path = tmp_path / "tiny.lp"
    path.write_text(TOP)
    puzzle = registry()[str(path)]
    def param(value: int) -> Symbol:
        return Function("param", [Function("top"), Number(value)])

    assert param(3) in puzzle.parse("2 3\n- - -\n- - -\n", "p.txt").structure
    stated = puzzle.parse("2 3 1\n1 - -\n- - -\n", "p.txt")
    assert param(1) in stated.structure
    assert puzzle.writer("text")(stated, list(stated.clues)).startswith("2 3 1\n")
    with pytest.raises(InputError, match=r"cannot be written: a puzz\.link address has no "
                       r"place for the top 1$"):
        puzzle.writer("puzzlink")(stated, list(stated.clues))
    # its default is left out of what is written, and an address can then hold it
    default = puzzle.parse("2 3 3\n1 - -\n- - -\n", "p.txt")
    assert puzzle.writer("text")(default, list(default.clues)).startswith("2 3\n")
    assert puzzle.writer("puzzlink")(default, list(default.clues)).endswith("tiny/3/2/1k\n")
    with pytest.raises(InputError, match=r"expected the size line 'ROWS COLS \[TOP\]'"):
        puzzle.parse("2 3 1 1\n1 - -\n- - -\n", "p.txt")


RANGED = "\n".join([G, S, N, V, "%! input param low?=1", "%! numbers low..low+cells-1 once",
                    "%! token 0 empty", "%! puzzlink tiny number16"]) + "\n" + RULES + \
    ":- param(low, L), value(R, C, V), V < L.\n"


def test_numbers_out_of_their_range_or_given_twice_are_refused_as_read(tmp_path):
    path = tmp_path / "tiny.lp"
    path.write_text(RANGED)
    puzzle = registry()[str(path)]
    with pytest.raises(InputError, match=r"^p\.txt:3: row 2, column 1: 5 is out of range "
                       r"1\.\.4$"):
        puzzle.parse("2 2\n1 -\n5 -\n", "p.txt")
    with pytest.raises(InputError, match=r"^p\.txt:3: row 2, column 2: 1 is given twice "
                       r"\(also at row 1, column 1\); each number stands once$"):
        puzzle.parse("# the grid alone\n1 -\n- 1\n", "p.txt")
    with pytest.raises(InputError, match=r"^p\.txt:1: row 1, column 2: 9 is out of range "
                       r"1\.\.4$"):
        puzzle.parse("https://puzz.link/p?tiny/2/2/g9h", "p.txt")
    # the range follows the parameter; `0` is an empty cell unless the range holds it
    assert puzzle.parse("2 2\n0 4\n- -\n", "p.txt").data.numbers == {(1, 2): 4}
    shifted = puzzle.parse("2 2 0\n0 3\n- -\n", "p.txt")
    assert shifted.data.numbers == {(1, 1): 0, (1, 2): 3}
    with pytest.raises(InputError, match=r"row 1, column 2: 4 is out of range 0\.\.3$"):
        puzzle.parse("2 2 0\n0 4\n- -\n", "p.txt")


def test_a_preamble_line_states_a_parameter_and_the_range_it_starts(tmp_path):
    path = tmp_path / "tiny.lp"
    path.write_text(RANGED.replace("%! input param low?=1", "%! preamble range low?=1"))
    puzzle = registry()[str(path)]

    def low(value: int) -> Symbol:
        return Function("param", [Function("low"), Number(value)])

    shifted = puzzle.parse("Range: 5..8\n# the grid\n5,_\n_,8\n", "p.txt")
    assert low(5) in shifted.structure and shifted.data.numbers == {(1, 1): 5, (2, 2): 8}
    assert puzzle.parse("range: 0..3\n2 2\n0 -\n- 3\n", "p.txt").data.numbers == {
        (1, 1): 0, (2, 2): 3}
    assert low(1) in puzzle.parse("1,_\n_,4\n", "p.txt").structure  # its default
    written = puzzle.writer("text")(shifted, list(shifted.clues))
    assert written.startswith("range: 5..8\n2 2\n")
    assert puzzle.parse(written, "w.txt").facts == shifted.facts
    assert puzzle.writer("text")(puzzle.parse("1,_\n_,4\n", "p.txt"), []).startswith("2 2\n")
    with pytest.raises(InputError, match=r"cannot be written: a puzz\.link address has no "
                       r"place for the low 5$"):
        puzzle.writer("puzzlink")(shifted, list(shifted.clues))
    for text, problem in [
            ("range: 5..9\n5,_\n_,8\n", r"p\.txt:1: the range 5\.\.9 holds 5 numbers; a "
             r"2x2 grid needs 4 \(5\.\.8\)$"),
            ("range: 5..8\n1,_\n_,8\n", r"p\.txt:2: row 1, column 1: 1 is out of range 5\.\.8$"),
            ("range: five\n_,_\n_,_\n", r"p\.txt:1: range: expected LO\.\.HI, found 'five'$"),
            ("range: 1..4\nrange: 1..4\n_,_\n_,_\n", r"p\.txt:2: range: given twice$"),
            ("range: 1..4\n", r"p\.txt:1: no grid after the range line$"),
            ("range: 2000000..2000003\n_,_\n_,_\n", r"p\.txt:1: range: 2000000 is too large")]:
        with pytest.raises(InputError, match=problem):
            puzzle.parse(text, "p.txt")


def test_generating_beyond_the_reach_a_header_states_is_said_before_it_starts(tmp_path):
    path = tmp_path / "tiny.lp"
    path.write_text(RANGED + "%! generate number from value/3 size 2x2 reach 4\n")
    puzzle = registry()[str(path)]
    making = puzzle.spec.generating
    assert puzzle.reach(making.blank("2x2"), generating=True) is None
    assert puzzle.reach(making.blank("3x3"), generating=False) is None
    assert puzzle.reach(making.blank("3x3"), generating=True) == (
        "making a tiny puzzle of 9 cells is beyond what is known to finish in a minute "
        "(its genre file: 4 cells at most); it may run long (--time-limit stops it)")


def test_a_limit_bounds_its_parameter_by_sizes_and_parameters(tmp_path):
    path = genre(tmp_path, [G, S, "%! input param top", N, "%! limit top 1..high", V])
    with pytest.raises(InputError, match=r"tiny.lp:5: header: 'high' in the range is "
                       "neither rows, cols, cells nor a parameter"):
        read_genre(path)
