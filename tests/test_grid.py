"""The grid layer shared by the grid puzzles: a grid from atoms, `--size`, naming a given,
writing rows of givens."""

from __future__ import annotations

import pytest
from clingo import parse_term

from pyasp_runner.errors import AnswerShapeError, InputError
from pyasp_runner.puzzle import Answer, Instance, fact, to_python
from pyasp_runner.puzzles import registry
from pyasp_runner.puzzles._grid import (
    atom_grid,
    cells_grid,
    csv_text,
    describe_given,
    given_rows,
    givens_of,
    read_size,
    read_square_size,
)


def test_a_grid_from_atoms_leaves_unknown_cells_open():
    answer = Answer((fact("value", 1, 2, 7), fact("value", 2, 1, 3), fact("other", 1, 1, 9)))
    assert atom_grid(answer, "value", 2, 3, int) == [[None, 7, None], [3, None, None]]
    assert cells_grid(1, 2, [(1, 2, True), (1, 1, False)]) == [[False, True]]


@pytest.mark.parametrize("atom", ["a((1,2),(3,),())", "row_clue(2,(4,(1,())),3)", "f(-1,(-2,))",
                                  "g(())", "h((),((),))", "p(1)", "q", 'r("x",(1,))',
                                  "s(a,(1,-2))", "t(((1,),))", "u(f(1),(2,))"])
def test_atoms_read_from_their_text_are_the_symbols_values(atom):
    """Atoms of numbers and tuples are read from clingo's text: the same values as read
    through the symbol's parts (to_python)."""
    symbol = parse_term(atom)
    expected = tuple(to_python(argument) for argument in symbol.arguments)
    assert Answer((symbol,)).atoms(symbol.name, len(symbol.arguments)) == [expected]


@pytest.mark.parametrize("cell", [(0, 1), (3, 1), (1, 4), (-1, 1), ("a", 1)])
def test_a_position_off_the_board_is_refused_not_wrapped(cell):
    with pytest.raises(IndexError):
        cells_grid(2, 3, [(*cell, 5)])


def test_an_answer_off_the_board_is_an_encoding_error():
    magic = registry()["magic"]
    instance = magic.parse("_,_,_\n_,_,_\n_,_,_\n", "m.csv")
    with pytest.raises(AnswerShapeError):
        magic.solution_json(instance, Answer((fact("value", 4, 1, 1),)))


def test_sizes():
    assert read_size(None, "7x5", 10) == (7, 5)
    assert read_size(" 5 X 3 ", "1", 10) == (5, 3)
    assert read_size("6", "1", 10) == (6, 6)
    assert read_square_size("4x4", "1", 10) == 4
    for bad in ("0x3", "3y3", "x", "", "3x", "11", "-3", "9" * 5000, "2x+3"):
        with pytest.raises(InputError) as caught:
            read_size(bad, "1", 10)
        assert str(caught.value).startswith("--size"), bad
    with pytest.raises(InputError, match="square"):
        read_square_size("3x4", "1", 10)


def test_naming_and_writing_givens():
    instance = Instance("t", ())
    assert describe_given(instance, fact("given", 2, 3, 5)) == "the 5 at (2,3)"
    assert describe_given(instance, fact("given", 1, 2, "A")) == "the A at (1,2)"
    clues = [fact("given", 1, 2, 10), fact("given", 2, 1, 7), fact("clue", "top", 1, 3)]
    rows = given_rows(2, 2, clues)
    assert rows == [["_", "10"], ["7", "_"]]
    assert csv_text(rows) == " _,10\n 7, _\n"
    answer = Answer((fact("value", 1, 1, 4), fact("value", 1, 2, 9)))
    assert givens_of(answer, "value") == [fact("given", 1, 1, 4), fact("given", 1, 2, 9)]
