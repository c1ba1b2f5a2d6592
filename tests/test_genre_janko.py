"""janko.at's data block (`begin` ... `end`, as its pages hold each puzzle) read by every
genre: its sections laid out as the header's plain text grid. The blocks here are
janko.at's (CC BY-NC-SA 3.0), as tkoz0/janko.at-puzzle-scraping records them."""

from __future__ import annotations

import json

import pytest
from conftest import INSTANCES, solve_file

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzles import registry

# janko.at Futoshiki 012 by Otto Janko (https://www.janko.at/Raetsel/Futoshiki/012.a.htm):
# its signs are janko.at's own, « » between the cells of a row, A and V of a column.
FUTOSHIKI = """begin
puzzle futoshiki
author Otto Janko
solver Emma
source https://www.janko.at/Raetsel/
info 9035-98-290948-4-159
unit 30
size 5
problem
? . ? . ? « ? » ?
. - . - . - . - .
? « ? . ? . ? . ?
V - . - . - . - .
? . ? . ? . ? . ?
A - . - . - A - A
? « ? . ? . ? . ?
A - . - . - . - .
? . ? . 3 . 5 . ?
solution
5 1 2 4 3
3 5 4 1 2
1 3 5 2 4
2 4 1 3 5
4 2 3 5 1
end
"""
FUTOSHIKI_SOLUTION = [[5, 1, 2, 4, 3], [3, 5, 4, 1, 2], [1, 3, 5, 2, 4], [2, 4, 1, 3, 5],
                      [4, 2, 3, 5, 1]]


def test_a_futoshiki_block_solves_to_the_published_solution(tmp_path, capsys):
    path = tmp_path / "012.txt"
    path.write_text(FUTOSHIKI)
    assert main(["futoshiki", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["unique"] is True
    assert [[int(v) for v in row] for row in out["solutions"][0]["grid"]] == FUTOSHIKI_SOLUTION


def _block(size: str, sections: dict[str, list[str]], puzzle: str = "skyscrapers") -> str:
    lines = ["begin", f"puzzle {puzzle}", "author Tim Peeters", size]
    for name, rows in sections.items():
        lines += [name, *rows]
    return "\n".join([*lines, "solution", "- 1 3 2", "end"]) + "\n"


def test_a_block_reads_to_the_same_puzzle_as_the_plain_text_grid():
    """Skyscrapers 015 (with parks: `depth 3`, the genre's parameter) as the block holds
    it and as shipped in the plain text grid: the same facts."""
    path = INSTANCES / "skyscrapers" / "janko-015.txt"
    puzzle, instance, _, _ = solve_file(path)
    rows = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    block = _block("size 4\ndepth 3", {"clabels": rows[1:3], "rlabels": rows[3:5]})
    read = puzzle.parse(block, "015.txt")
    assert (read.structure, set(read.clues)) == (instance.structure, set(instance.clues))


def test_a_block_without_a_problem_has_no_clue_in_a_cell():
    """Battleship: `ships` is the fleet, `clabels` and `rlabels` a line each, and no
    `problem` section where no part of a ship is given."""
    puzzle = registry()["battleship"]
    block = ("begin\npuzzle battleships\nsize 4\nships 2 1\nrlabels\n2 0 1 1\nclabels\n"
             "1 1 0 2\nend\n")
    text = "4 4 2 1\n1 1 0 2\n2 0 1 1\n- - - -\n- - - -\n- - - -\n- - - -\n"
    read, plain = puzzle.parse(block, "b.txt"), puzzle.parse(text, "p.txt")
    assert (read.structure, set(read.clues)) == (plain.structure, set(plain.clues))


@pytest.mark.parametrize(("text", "problem"), [
    (_block("size 4", {}, "skyscrapers, diagonals"),
     "b.txt:2: janko.at's 'skyscrapers, diagonals' is a variant, with rules of its own: "
     "not skyscrapers"),
    ("begin\npuzzle skyscrapers\nsize 4\nclabels\n1 2 - -\n", "b.txt:5: the data block has "
     "no 'end' line"),
    (_block("author Nobody", {}), "b.txt:1: the data block gives no size ('size N', or "
     "'rows' and 'cols')"),
    (_block("size 4", {"clabels": ["1 2 - -"]}), "b.txt:6: the 'clabels' section has 1 "
     "line(s), the bottom clues would be line 2"),
    (_block("size x4", {}), "b.txt:4: size: expected a whole number 1..1000, found 'x4'"),
    ("begin\n1 2 3\nend\n", "b.txt:2: '1 2 3' is no key of a data block"),
    (_block("size 4", {"clabels": ["1 2 - -", "- - 9 -"], "rlabels": ["- - - -", "- - - x"]}),
     "b.txt:10: right clue 4: 'x' is not a number (or - for none)"),
])
def test_a_block_that_cannot_be_read_is_one_line_naming_it(text, problem):
    with pytest.raises(InputError) as error:
        registry()["skyscrapers"].parse(text, "b.txt")
    assert str(error.value) == problem


def test_a_block_without_labels_above_the_columns_has_no_clue_there():
    block = _block("size 4", {"rlabels": ["2 - - -", "- - - -"]})
    clues = {str(clue) for clue in registry()["skyscrapers"].parse(block, "b.txt").clues}
    assert clues == {"outside(left,1,1,2)"}


def test_the_diagonal_variant_sets_the_parameter_of_a_genre_that_has_it():
    block = _block("size 4\noptions diagonal", {})
    with pytest.raises(InputError, match=r"b\.txt:5: janko\.at's diagonal variant has rules of "
                       "its own: not skyscrapers"):
        registry()["skyscrapers"].parse(block, "b.txt")
    letters = registry()["abc"].parse(_block("size 4\ndepth 2\ndiagonals 1", {}), "b.txt")
    assert "param(diagonals,1)" in map(str, letters.structure)
