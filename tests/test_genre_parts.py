"""Header words that hand work to the genre's own rules or drawing: `max-size LIMIT
PART` (a program part that measures a puzzle), `generate ... answer SEARCH,DERIVE` (two
parts that draw a random solution), `path NAME/3` (--path) and the token meaning
`blocked or empty`, on a small genre written here (not a shipped one)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles._genre import GenrePuzzle

# A row of cells numbered 1..K left to right or right to left, its numbers consecutive
# along the row; blocked cells end it.
RULES = """%! genre line
%! summary Number a row of cells in order
%! input cells number
%! numbers 1..cells once
%! token # blocked
%! token . blocked or empty
%! show value/3 as number
%! json integers
%! path value/3
%! generate number from value/3 size 1x5 answer walk,count
%! max-size 40 size

#defined number/3.
count(K) :- K = #count{ R,C : cell(R,C) }.
1 { value(R,C,V) : V = 1..K } 1 :- cell(R,C), count(K).
:- value(R,C,V), value(R2,C2,V), (R,C) != (R2,C2).
:- number(R,C,V), not value(R,C,V).
:- value(R,C,V), value(R,C+1,W), |V-W| != 1.
#show value/3.

#program walk.
% the numbering's direction, chosen at random
{ rightwards }.

#program count.
first(R,C) :- cell(R,C), not cell(R,C-1), rightwards.
first(R,C) :- cell(R,C), not cell(R,C+1), not rightwards.
value(R,C,1) :- first(R,C).
value(R,C+1,V+1) :- value(R,C,V), cell(R,C+1), rightwards.
value(R,C-1,V+1) :- value(R,C,V), cell(R,C-1), not rightwards.

#program size.
size(K*K, "candidate cell-number pairs") :- count(K).
count(K) :- K = #count{ R,C : cell(R,C) }.
beyond("a long row") :- count(K), K > 5.
"""


@pytest.fixture
def line(tmp_path: Path) -> GenrePuzzle:
    path = tmp_path / "line.lp"
    path.write_text(RULES)
    return GenrePuzzle(str(path), path)


def test_the_measuring_part_counts_and_refuses_above_the_limit(line, tmp_path):
    assert line.size_of(line.parse("1 . . 4\n", "p")) == (16, "candidate cell-number pairs")
    assert line.reach(line.parse("1 . . 4\n", "p")) is None
    assert line.reach(line.parse("1 . . . . 6\n", "p")).startswith("a long row; it may run")
    wide = tmp_path / "wide.txt"
    wide.write_text("1 " + ". " * 6 + "\n")
    assert main([str(tmp_path / "line.lp"), str(wide)]) == 2  # 49 pairs, above 40


def test_dots_are_blocked_where_another_token_is_empty(line):
    assert line.parse("1 . . 4\n", "p").data.blocked == frozenset()
    assert line.parse("1 - . 3\n", "p").data.blocked == {(1, 3)}
    with pytest.raises(InputError, match=r"4 is out of range 1\.\.3"):
        line.parse("1 . - 4\n", "p")  # the dot is off the board: three cells


def test_the_answer_parts_draw_a_solution_of_the_rules(line):
    draw = line.spec.generating.random_answer
    blank = line.spec.generating.blank("1x5")
    seen = set()
    for seed in range(8):
        answer = draw(blank, random.Random(seed), None)
        numbers = tuple(atom.arguments[2].number for atom in sorted(answer.symbols))
        assert numbers in ((1, 2, 3, 4, 5), (5, 4, 3, 2, 1))
        seen.add(numbers)
    assert len(seen) == 2  # both directions, as the seeds decide


def test_path_draws_the_numbers_in_order_only_when_asked(line, capsys, tmp_path):
    instance = line.parse("1 . .\n", "p")
    answer = Answer((fact("value", 1, 1, 1), fact("value", 1, 2, 2), fact("value", 1, 3, 3)))
    assert line.board(instance, answer).layout.path == ()
    drawn = line.board(line.configure(instance, {"path": True}), answer).layout
    assert drawn.path == ((1, 1), (1, 2), (1, 3))
    partial = Answer((fact("value", 1, 1, 1),))
    assert line.board(line.configure(instance, {"path": True}), partial).layout.path == ()
