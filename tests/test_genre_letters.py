"""Numbers written as letters (`%! numbers 1..letters letters`), the labelled layout
(`size:`, a parameter by its name, `top:` ... and `grid:` lines), parameters given as a
letter, yes or no, defaults such as `cols-2`, and `%! json rows`: checked on a genre file
of letters in a square, with clues outside naming the first letter seen (the rules of
the puzzle catalogue's letters puzzle, PUZZLES.md section 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import assert_refused

from pyasp_runner.cli import main
from pyasp_runner.puzzles import GenrePuzzle

RULES = """%! genre letters
%! summary letters once per line, the first seen from outside named
%! input cells number unshaded
%! input outside top bottom left right
%! input param letters?=cols-2 diagonals?=0
%! numbers 1..letters letters
%! token * unshaded
%! text top bottom left right cells?
%! puzzlink easyasabc param(letters) outside number16?
%! grid square
%! show letter/3 as number
%! show empty/2 as unshaded
%! json rows

#defined number/3.
#defined unshaded/2.
#defined outside/4.
size(N) :- grid(N, N).
idx(1..N) :- size(N).
letter(1..K) :- param(letters, K).
at(top, C, P, P, C) :- idx(C), idx(P).
at(bottom, C, P, N+1-P, C) :- size(N), idx(C), idx(P).
at(left, R, P, R, P) :- idx(R), idx(P).
at(right, R, P, R, N+1-P) :- size(N), idx(R), idx(P).
{ letter(R, C, A) : letter(A) } 1 :- idx(R), idx(C).
filled(R, C) :- letter(R, C, _).
empty(R, C) :- idx(R), idx(C), not filled(R, C).
:- idx(R), letter(A), #count{ C : letter(R, C, A) } != 1.
:- idx(C), letter(A), #count{ R : letter(R, C, A) } != 1.
:- param(diagonals, 1), letter(A), #count{ R : letter(R, R, A) } != 1.
first(S, L, A) :- at(S, L, P, R, C), letter(R, C, A),
                  not filled(R2, C2) : at(S, L, Q, R2, C2), Q < P.
:- outside(S, L, 1, A), not first(S, L, A).
:- number(R, C, A), not letter(R, C, A).
:- unshaded(R, C), filled(R, C).
#show letter/3.
#show empty/2.
"""
LABELLED = """size: 5
letters: ABC
top:    CBABA
bottom: BABCC
left:   CCCAB
right:  AAABC
"""
PLAIN = """5 5 3
C B A B A
B A B C C
C C C A B
A A A B C
"""
SOLUTION = ["CBA..", "..CBA", ".CBA.", "A..CB", "BA..C"]


@pytest.fixture
def letters(tmp_path: Path) -> GenrePuzzle:
    path = tmp_path / "letters.lp"
    path.write_text(RULES)
    return GenrePuzzle(str(path), path)


def _solve(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
           *options: str) -> dict:  # type: ignore[type-arg]
    (tmp_path / "p.txt").write_text(text)
    assert main([str(tmp_path / "letters.lp"), str(tmp_path / "p.txt"), "--json",
                 *options]) == 0
    return json.loads(capsys.readouterr().out)


def test_letters_are_numbers_to_the_rules_and_letters_to_the_user(letters, tmp_path, capsys):
    instance = letters.parse(LABELLED, "p.txt")
    assert "outside(top,1,1,3)" in map(str, instance.clues)  # C is 3
    assert "param(letters,3)" in map(str, instance.structure)
    data = _solve(tmp_path, capsys, LABELLED)
    assert data["unique"] is True
    assert data["solutions"][0]["grid"] == SOLUTION  # `%! json rows`: a row one string
    assert letters.writer("text")(instance, list(instance.clues)).splitlines()[1] == \
        "C B A B A"


@pytest.mark.parametrize("text", [
    PLAIN, PLAIN.replace("5 5 3", "5 5 c"), PLAIN.replace("5 5 3", "5 5"),
    PLAIN.lower(), LABELLED.replace("CBABA", "C B A B A"), LABELLED.replace("size: 5\n", ""),
    LABELLED.replace("letters: ABC", "letters: 3"),
    LABELLED.replace("letters: ABC", "letters: A-C"),
    LABELLED.replace("letters: ABC\n", ""), LABELLED.replace("top:    ", "Top:\t"),
    "# a comment\n" + LABELLED, LABELLED + "diagonals: no\n",
])
def test_every_spelling_reads_to_the_same_puzzle(letters, text):
    """A letter on the size line is the last letter (puzzlekit's `8 8 f`); left out, the
    letters default to cols-2; the labelled keys in any case, clues spaced or not."""
    assert letters.parse(text, "p.txt").facts == letters.parse(PLAIN, "p.txt").facts


def test_a_labelled_grid_gives_letters_and_cells_given_empty(letters, tmp_path, capsys):
    text = "size: 5\nletters: ABC\ndiagonals: yes\ntop: A....\ngrid:\n.....\n..-..\n" \
           ".....\n...C.\n.....\n"
    instance = letters.parse(text, "p.txt")
    clues = set(map(str, instance.clues))
    assert {"unshaded(2,3)", "number(4,4,3)", "outside(top,1,1,1)"} <= clues
    assert "param(diagonals,1)" in map(str, instance.structure)
    written = letters.writer("text")(instance, list(instance.clues))
    assert written.splitlines()[0] == "5 5 3 1" and "- - * - -" in written
    assert letters.parse(written, "again.txt").facts == instance.facts
    for grid in [s["grid"] for s in _solve(tmp_path, capsys, text, "--models", "0")[
            "solutions"]]:
        assert grid[1][2] == "." and grid[3][3] == "C"
        assert sorted(grid[i][i] for i in range(5) if grid[i][i] != ".") == list("ABC")


def test_an_address_holds_the_letters_count_and_numbers_for_letters(letters):
    address = letters.writer("puzzlink")(letters.parse(PLAIN, "p"), [])
    assert address.startswith("https://puzz.link/p?easyasabc/5/5/3/")
    instance = letters.parse(PLAIN, "p.txt")
    again = letters.parse(letters.writer("puzzlink")(instance, list(instance.clues)), "u")
    assert again.facts == instance.facts


def test_a_player_answer_in_letters_is_checked(tmp_path, capsys, letters):
    (tmp_path / "p.txt").write_text(PLAIN)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"grid": SOLUTION}))
    assert main([str(tmp_path / "letters.lp"), str(tmp_path / "p.txt"), "--check",
                 str(good)]) == 0
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"grid": ["BCA..", *SOLUTION[1:]]}))
    assert main([str(tmp_path / "letters.lp"), str(tmp_path / "p.txt"), "--check",
                 str(wrong)]) != 0
    assert "letter" in capsys.readouterr().out.lower()


def test_the_picture_and_legend_show_letters(letters, tmp_path, capsys):
    (tmp_path / "p.txt").write_text(PLAIN)
    assert main([str(tmp_path / "letters.lp"), str(tmp_path / "p.txt")]) == 0
    out = capsys.readouterr().out
    assert "letters A..C" in out and "C │ B │ A" in out


@pytest.mark.parametrize(("text", "line", "problem"), [
    ("5 5 3\nC B A B D\n- - - - -\n- - - - -\n- - - - -\n", 2,
     "top clue 5: D is out of range A..C"),
    ("5 5 3\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- D - - -\n"
     "- - - - -\n- - - - -\n- - - - -\n", 7, "row 2, column 2: D is out of range A..C"),
    ("size: 5\nletters: ABC\ntop: CBAB\n", 3, "top: expected 5 clues (one per column)"),
    ("size: 5\nletters: ABC\nleft: CBABAA\n", 3, "left: expected 5 clues (one per row)"),
    ("size: 3\nletters: XYZ\n", 2, "letters: expected the letters from A in order"),
    ("size: 3\nletters: C-A\n", 2, "letters: the letters run from A"),
    ("size: 3\nletters: 2\ncolour: red\n", 3, "unknown line 'colour: red'"),
    ("size: 3\nletters: 2\nsize: 3\n", 3, "size: given twice"),
    ("size: x\nletters: 2\n", 1, "size: expected a whole number"),
    ("size: 3\nletters: 2\ndiagonals: maybe\n", 3, "diagonals: expected a whole number"),
    ("size: 3\nletters: 2\ngrid:\n...\n...\n", 3, "grid: expected 3 rows below it, found 2"),
    ("size: 3\nletters: 2\ngrid: ...\n", 3, "grid: its rows go on the lines below it"),
    ("letters: 2\n", 1, "no size line and no clue line to tell the size"),
    ("size: 3\nletters: 2\ngrid:\n...\n.C.\n...\n", 5, "row 2, column 2: C is out of range"),
])
def test_what_cannot_be_read_is_one_line_naming_it(letters, text, line, problem):
    assert_refused(letters.parse, text, line, problem)


def test_a_genre_with_rooms_reads_its_cells_and_rooms_labelled():
    from conftest import INSTANCES

    from pyasp_runner.puzzles import registry
    from pyasp_runner.puzzles._genre import describe

    heyawake = registry()["heyawake"]
    plain = heyawake.parse((INSTANCES / "heyawake" / "janko-001.txt").read_text(), "p")
    lines = heyawake.writer("text")(plain, list(plain.clues)).splitlines()
    rows = int(lines[0].split()[0])
    labelled = "\n".join(["size: 10x10", "grid:", *lines[1:1 + rows], "rooms:",
                          *lines[1 + rows:1 + 2 * rows]])
    assert set(heyawake.parse(labelled, "l").facts) == set(plain.facts)
    told = " ".join(describe(heyawake.genre).split())
    assert "'size: N', 'grid:' and its rows, 'rooms:' and its rows" in told
    assert "line named by it" not in " ".join(describe(registry()["futoshiki"].genre).split())


def test_a_list_parameter_is_its_numbers_and_dashes_stay_open_beside_numbers():
    from conftest import INSTANCES

    from pyasp_runner.puzzles import registry

    battleship = registry()["battleship"]
    plain = battleship.parse((INSTANCES / "battleship" / "janko-001.txt").read_text(), "p")
    lines = battleship.writer("text")(plain, list(plain.clues)).splitlines()
    rows, cols, *fleet = lines[0].split()
    labelled = "\n".join([f"size: {rows}x{cols}", f"fleet: {' '.join(fleet)}",
                          f"top: {lines[1]}", f"left: {lines[2]}", "grid:", *lines[3:]])
    assert set(battleship.parse(labelled, "l").facts) == set(plain.facts)  # `-` is open
    assert_refused(battleship.parse, labelled.replace("fleet: ", "fleet: x "), 2,
                   "fleet: expected whole numbers")
