"""A player's answer checked against the named rules (docs/checking.md): every instance's
expected answer is accepted, and each mutation of it (a value changed, two values
swapped, a value emptied) is rejected, a broken rule named with its places."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import INSTANCES, expected_for, instance_files

from pyasp_runner.board import SYMBOLS
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzles import GenrePuzzle, registry
from pyasp_runner.session import Session, Settings

CHECKED = sorted(name for name, puzzle in registry().items() if puzzle.spec.read_answer)


# A genre's instances are checked up to this many cells (its small ones: pzprjs's, and
# the like), so that every genre that lands adds a few checks, not its largest boards.
GENRE_CELLS = 100


def checked_instances() -> list[Path]:
    return [path for path in instance_files() if path.parent.name in CHECKED
            and (expected_for(path).get("solutions") or path.parent.name == "checkerboard")
            and expected_for(path).get("status") == "solved" and small_enough(path)]


def small_enough(path: Path) -> bool:
    puzzle = registry()[path.parent.name]
    if not isinstance(puzzle, GenrePuzzle):
        return True
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    size = puzzle.size_of(instance)
    return size is not None and size[0] <= GENRE_CELLS


def session_for(path: Path) -> Session:
    options = expected_for(path).get("options", {})
    own = {option.name for option in registry()[path.parent.name].options}
    settings = Settings(options={k: v for k, v in options.items() if k in own})
    return Session.open(path.parent.name, path.read_text(encoding="utf-8"),
                        source=str(path), settings=settings)


def answer_of(session: Session, path: Path) -> dict[str, Any]:
    solutions = expected_for(path).get("solutions")
    if solutions:
        return dict(solutions[0])
    found = session._replace(settings=session.settings._replace(models=1)).solve()
    return dict(found.envelope()["solutions"][0])


def grid_values(answer: dict[str, Any]) -> tuple[str, list[Any]]:
    key = next(key for key in ("grid", "rotations", "keystream") if key in answer)
    return key, answer[key]


def expression_mutations(answer: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A Countdown expression mutated: its first number one larger, its first operation
    another (+ and -, * and + swapped; / made *). An expression is never partial:
    nothing is emptied."""
    expression = answer["expression"]
    changed = re.sub(r"\d+", lambda m: str(int(m[0]) + 1), expression, count=1)
    swapped = re.sub(r"[-+*/]", lambda m: {"+": "-", "-": "+", "*": "+", "/": "*"}[m[0]],
                     expression, count=1)
    return [("changed", {"expression": changed}),
            *([("swapped", {"expression": swapped})] if swapped != expression else [])]


def cells(rows: list[Any], skip: tuple[str, ...] = ()) -> list[tuple[int, int | None]]:
    """The filled positions: (row, column) of a grid, (index, None) of a list; not
    those holding a value of `skip`."""
    if rows and isinstance(rows[0], (list, str)):
        return [(r, c) for r, row in enumerate(rows) for c, value in enumerate(row)
                if value not in (None, "?", *skip)]
    return [(i, None) for i, value in enumerate(rows) if value is not None]


def get(rows: list[Any], pos: tuple[int, int | None]) -> Any:
    r, c = pos
    return rows[r] if c is None else rows[r][c]


def put(rows: list[Any], pos: tuple[int, int | None], value: Any) -> None:
    r, c = pos
    if c is None:
        rows[r] = value
    elif isinstance(rows[r], str):
        rows[r] = rows[r][:c] + str(value) + rows[r][c + 1:]
    else:
        rows[r][c] = value


def mutations(answer: dict[str, Any], skip: tuple[str, ...] = ()
              ) -> list[tuple[str, dict[str, Any]]]:
    """A value changed to another the answer uses, two different values swapped, a
    value emptied (open): the first filled position that allows each (none holding a
    value of `skip`)."""
    key, rows = grid_values(answer)
    filled = cells(rows, skip)
    values = sorted({get(rows, pos) for pos in filled}, key=str)
    made = []
    for pos in filled:
        others = [value for value in values if value != get(rows, pos)]
        if others:
            changed = copy.deepcopy(answer)
            put(changed[key], pos, others[0])
            made.append(("changed", changed))
            partner = next(p for p in filled if get(rows, p) != get(rows, pos))
            swapped = copy.deepcopy(answer)
            put(swapped[key], pos, get(rows, partner))
            put(swapped[key], partner, get(rows, pos))
            made.append(("swapped", swapped))
            break
    emptied = copy.deepcopy(answer)
    put(emptied[key], filled[-1], "?" if isinstance(rows[0], str) else None)
    made.append(("emptied", emptied))
    return made


def genre_mutations(puzzle: GenrePuzzle, answer: dict[str, Any]
                    ) -> list[tuple[str, dict[str, Any]]]:
    """A genre's answer that draws no values mutated as its reader sees it: a line of
    the loop removed; a cell shaded (or given the symbol) that was not, a marked and an
    unmarked cell swapped, the last cell emptied; one that draws values: its values."""
    shows = puzzle.genre.header.shows
    if any(show.by_clue for show in shows):
        return region_mutations(answer)
    if "edges" in answer:
        removed = copy.deepcopy(answer)
        removed["edges"] = removed["edges"][1:]
        return [("removed", removed)]
    if any(show.role in ("number", "letter") for show in shows):
        return mutations(answer, skip=("#",))  # not a block (Kakuro's)
    marks = {"#" for show in shows if show.role == "shaded"} | {
        SYMBOLS[show.symbol].char for show in shows if show.symbol is not None}
    if any(show.role == "symbol" and show.symbol is None for show in shows):
        marks |= {symbol.char for symbol in SYMBOLS.values()}
    # Anything else in a cell (a clue's number, `.`) means: not marked.
    seen = [[value if value in marks else "." for value in row] for row in answer["grid"]]
    filled = [(r, c) for r, row in enumerate(seen) for c in range(len(row))]
    marked = [pos for pos in filled if get(seen, pos) in marks]
    plain = [pos for pos in filled if get(seen, pos) not in marks]
    made = []
    if marked and plain:
        changed = copy.deepcopy(seen)
        put(changed, plain[0], get(seen, marked[0]))
        swapped = copy.deepcopy(seen)
        put(swapped, plain[0], get(seen, marked[0]))
        put(swapped, marked[0], ".")
        made += [("changed", {**answer, "grid": changed}),
                 ("swapped", {**answer, "grid": swapped})]
    emptied = copy.deepcopy(seen)
    put(emptied, filled[-1], None)
    return [*made, ("emptied", {**answer, "grid": emptied})]


def region_mutations(answer: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A division into regions mutated: a cell given to the region beside it, two cells
    of neighbouring regions swapped, the last cell left open."""
    rows = answer["regions"]
    pos = next((r, c) for r, row in enumerate(rows) for c in range(len(row) - 1)
               if row[c] != row[c + 1])
    r, c = pos
    changed = copy.deepcopy(answer)
    changed["regions"][r][c] = rows[r][c + 1]
    swapped = copy.deepcopy(answer)
    swapped["regions"][r][c], swapped["regions"][r][c + 1] = rows[r][c + 1], rows[r][c]
    emptied = copy.deepcopy(answer)
    emptied["regions"][-1][-1] = None
    return [("changed", changed), ("swapped", swapped), ("emptied", emptied)]


@pytest.mark.parametrize("path", checked_instances(),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_expected_answer_accepted_and_mutations_rejected(path: Path) -> None:
    session = session_for(path)
    answer = answer_of(session, path)
    accepted = session.check(json.dumps(answer))
    assert accepted.status == "correct", accepted.envelope()
    puzzle = registry()[path.parent.name]
    made = genre_mutations(puzzle, answer) if isinstance(puzzle, GenrePuzzle) \
        else expression_mutations(answer) if "expression" in answer else mutations(answer)
    for kind, mutated in made:
        data = session.check(json.dumps(mutated)).envelope()
        check = data["check"]
        if kind == "emptied" and not check["violations"]:
            # One value left open breaks no rule yet: the answer is incomplete.
            assert (data["status"], check["open"], check["completable"]) == \
                ("incomplete", 1, True)
            continue
        assert data["status"] == "broken", (kind, data)
        assert check["violations"]
        for violation in check["violations"]:
            assert violation["named"] and violation["text"].startswith(violation["rule"])


def test_places_of_a_duplicate_are_its_two_cells() -> None:
    path = INSTANCES / "skyscrapers" / "codewars-4x4-1.txt"
    session = session_for(path)
    answer = answer_of(session, path)
    grid = answer["grid"]
    height = grid[0][0]
    grid[1][0] = height  # column 1 holds (1,1)'s height twice
    violations = session.check(json.dumps(answer)).envelope()["check"]["violations"]
    twice = [v for v in violations if v["places"] == [[1, 1], [2, 1]]]
    assert [v["values"] for v in twice] == [{"C": 1, "H": height}]


def test_a_value_no_rule_allows_is_one_breach_of_the_choice_that_gives_values() -> None:
    # A 5 in a 4x4 Sudoku: the choice rule allows 1..4 there. Its cell is then also left
    # without an allowed value, which is the same breach and is not listed again; the
    # rows, column and box that miss the 4 are other rules, each listed.
    path = INSTANCES / "sudoku" / "pzprjs-4x4.txt"
    session = session_for(path)
    answer = answer_of(session, path)
    answer["grid"][3][3] = "5"
    violations = session.check(json.dumps(answer)).envelope()["check"]["violations"]
    choice = [v for v in violations if v["rule"] == "each cell holds one number from 1 to N"]
    assert [(v["places"], v["values"]) for v in choice] == [([[4, 4]], {})]
    assert sorted(v["rule"] for v in violations) == [
        "each box holds each number once", "each cell holds one number from 1 to N",
        "each column holds each number once", "each row holds each number once"]


def test_partial_answer_reports_what_it_already_breaks() -> None:
    path = INSTANCES / "skyscrapers" / "codewars-4x4-1.txt"
    session = session_for(path)
    answer = answer_of(session, path)
    grid = answer["grid"]
    for r in range(1, 4):
        grid[r] = [None] * 4
    fine = session.check(json.dumps(answer))
    assert fine.status == "incomplete"
    assert fine.envelope()["check"]["open"] == 12
    assert fine.checked is not None and fine.checked.completable is True
    grid[1][0] = grid[0][0]  # a height twice in column 1: broken whatever comes
    broken = session.check(json.dumps(answer))
    assert broken.status == "broken"
    assert all(v["places"] or v["clues"] for v in broken.envelope()["check"]["violations"])


def test_a_partial_answer_that_cannot_be_completed_says_so() -> None:
    path = INSTANCES / "skyscrapers" / "codewars-4x4-1.txt"
    session = session_for(path)
    answer = answer_of(session, path)
    grid = answer["grid"]
    wrong = next(h for h in range(1, 5) if h != grid[0][0])
    grid[0][0] = None
    grid[3][3] = None
    grid[1][1] = wrong if wrong != grid[1][1] else grid[1][1]
    # Emptying two cells and moving nothing else: still completable.
    assert session.check(json.dumps(answer)).checked.completable is True  # type: ignore[union-attr]


def test_answer_in_the_puzzles_own_text() -> None:
    path = INSTANCES / "hidoku" / "rosetta.txt"
    session = session_for(path)
    grid = answer_of(session, path)["grid"]
    text = "\n".join(",".join("X" if v is None else str(v) for v in row) for row in grid)
    assert session.check(text, source="answer.csv").status == "correct"
    # two numbers the solver placed swapped (rows 1 and 2 begin with no given): each
    # still once, the path broken
    grid[0][0], grid[1][0] = grid[1][0], grid[0][0]
    swapped = "\n".join(",".join("X" if v is None else str(v) for v in row) for row in grid)
    wrong = session.check(swapped, source="answer.csv")
    assert wrong.status == "broken"


def test_a_genres_answer_in_its_text_grid() -> None:
    session = session_for(INSTANCES / "sudoku" / "pzprjs-4x4.txt")
    filled = "4 4\n2 1 4 3\n4 3 1 2\n3 4 2 1\n1 2 3 4\n"
    assert session.check(filled, source="answer.txt").status == "correct"
    partial = session.check(filled.replace("3 4\n", "3 -\n"), source="answer.txt")
    assert (partial.status, partial.envelope()["check"]["open"]) == ("incomplete", 1)
    wrong = session.check(filled.replace("3 4\n", "3 3\n"), source="answer.txt")
    assert {v["rule"] for v in wrong.envelope()["check"]["violations"]} == {
        "each row holds each number once", "each column holds each number once",
        "each box holds each number once"}
    with pytest.raises(InputError, match="clues differ"):  # the given 1 left out
        session.check(filled.replace("2 1 4", "2 - 4"), source="answer.txt")
    with pytest.raises(InputError, match=r"grid\[1\]\[1\]: expected a number") as raised:
        session.check('{"grid": [[2, 1, 4, 3],\n [4, "x", 1, 2],\n [3, 4, 2, 1],\n'
                      ' [1, 2, 3, 4]]}', source="answer.json")
    assert raised.value.line == 2


@pytest.mark.parametrize(("text", "line", "problem"), [
    ('{"grid": [[1, 2,\n 3]', 2, "not JSON"),
    ('{"grid": [\n  [1, 2, 3, 4],\n  [1, "x", 3, 4],\n  [1, 2, 3, 4],\n  [1, 2, 3, 4]]}', 3,
     "grid[1][1]: expected a number"),
    ('{"grid": [\n  [1, 2, 3, 4]]}', 1, "expected 4 rows"),
    ('{"solutions": []}', 1, "no solution"),
    ("[" * 100_000 + "]" * 100_000, None, "nested too deeply"),
    ('{"grid": [[99999999999, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]}', 1,
     "far out of range"),
    ('{"grid": [[NaN, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]}', 1,
     "expected a cell's text, a number or null, found nan"),
])
def test_malformed_answer_is_one_line_with_its_line(text: str, line: int | None,
                                                     problem: str) -> None:
    session = session_for(INSTANCES / "skyscrapers" / "codewars-4x4-1.txt")
    with pytest.raises(InputError) as raised:
        session.check(text, source="answer.json")
    assert raised.value.line == line
    assert problem in raised.value.problem


def test_answer_for_another_board_is_refused() -> None:
    session = session_for(INSTANCES / "skyscrapers" / "codewars-4x4-1.txt")
    with pytest.raises(InputError, match="another board"):
        session.check("5:" + "/" * 19, source="answer.txt")


WALLS = """%! genre walls
%! summary Walls: a number counts the walls right of its cell
%! input cells number
%! show wall/4 as border
#defined number/3.
{ wall(R, C, R, C + 1) } :- cell(R, C), cell(R, C + 1).
% rule: a number counts the walls right of its cell
:- number(R, C, N), N != #count { D : wall(R, C, R, D) }.
#show wall/4.
"""


def test_a_genre_whose_answer_is_not_read_refuses_check(tmp_path: Path, capsys) -> None:
    """A genre drawn by borders alone states no answer a player can write: --check says
    so by name (exit 2)."""
    rules, puzzle, answer = tmp_path / "walls.lp", tmp_path / "p.txt", tmp_path / "a.json"
    rules.write_text(WALLS)
    puzzle.write_text("1 2\n1 .\n")
    answer.write_text("{}")
    assert main([str(rules), str(puzzle), "--check", str(answer)]) == 2
    assert f"--check does not apply: {rules} reads no player's answer" in \
        capsys.readouterr().err


@pytest.mark.parametrize(("answer", "rules"), [
    ("10*75-8/2", []),  # the published answer
    ("# my way\n10 \u00d7 75\n  \u2212 8 \u00f7 2\n= 746\n", []),  # wrapped, signs, a comment
    ("75*(100/10)-8/2", ["the expression reaches the target (or, where none does, a "
                         "closest value) with the fewest numbers"]),  # five numbers
    ("10*75-(3-8)", ["each step combines two values of the given numbers, each number "
                     "used at most once, into a new positive whole number"]),  # 3-8 < 1
    ("(100-8/2)*8", ["each step combines two values of the given numbers, each number "
                     "used at most once, into a new positive whole number"]),  # 8 twice
])
def test_a_countdown_expression_is_checked(answer: str, rules: list[str]) -> None:
    path = INSTANCES / "countdown" / "reference.txt"
    data = session_for(path).check(answer, source="answer.txt").envelope()
    found = {violation["rule"] for violation in data["check"]["violations"]}
    assert set(rules) <= found and (data["status"] == "correct") == (not rules)


def test_an_rc4_keystream_worse_as_text_is_named_where_it_differs() -> None:
    """The best keystream is accepted (as text too); another key byte at position 1
    that keeps every character in the alphabet breaks "reads as text" at position 1 only:
    the rule is an aim, broken only by costing more than the best."""
    path = INSTANCES / "rc4" / "dickens.txt"
    session = session_for(path)
    keys = expected_for(path)["solutions"][0]["keystream"]
    assert session.check(json.dumps({"keystream": keys})).status == "correct"
    assert session.check(" ".join(f"{key:02x}" for key in keys)).status == "correct"
    wrapped = "# the keystream\n" + ", ".join(f"0x{key:02x}" for key in keys[:20]) + "\n" \
        + " ".join(f"{key:02x}" for key in keys[20:])
    assert session.check(wrapped).status == "correct"
    worse = session.check(json.dumps({"keystream": [0, *keys[1:]]})).envelope()["check"]
    assert {violation["rule"] for violation in worse["violations"]} == {
        "the plaintext reads as text (the fewest penalties)"}
    assert {violation["values"]["I"] for violation in worse["violations"]} == {1}


def test_a_division_is_read_by_the_clue_in_each_region() -> None:
    """Shikaku's regions (`region by clue`): each named by its clue's cell; a region with
    two clues breaks the rule of one number a rectangle, one with none leaves its cells in
    no rectangle; its text grid holds no regions."""
    path = INSTANCES / "shikaku" / "janko-001.txt"
    session = session_for(path)
    answer = answer_of(session, path)
    rows = answer["regions"]
    two = copy.deepcopy(answer)  # (1,5)-(1,6), the 2's rectangle, joined to the 4's
    two["regions"][0][4] = two["regions"][0][5] = rows[0][1]
    check = session.check(json.dumps(two)).envelope()["check"]
    texts = [violation["text"] for violation in check["violations"]]
    assert "each number has one rectangle of its size holding no other number (R=1, C=6, " \
           "I=(1,6))" in texts
    assert "a region is the rectangle of the one number in it, as many cells as the " \
           "number: (1,6) in the region of (1,2)" in texts
    none = copy.deepcopy(answer)
    none["regions"][0][0] = 99
    check = session.check(json.dumps(none)).envelope()["check"]
    assert [violation["text"] for violation in check["violations"]] == [
        "every cell is in exactly one rectangle (R=1, C=1): (1,1)"]
    with pytest.raises(InputError, match="read as --json only"):
        session.check(path.read_text(), source="answer.txt")


@pytest.mark.parametrize(("path", "text", "problem"), [
    ("countdown/reference.txt", "10*", "not an expression of numbers and + - * /"),
    ("countdown/reference.txt", "2**3", "only whole numbers from 1 and + - * / may be used"),
    ("countdown/reference.txt", "x" * 500, "longer than 400 characters"),
    ("rc4/dickens.txt", "04 d4 zz", "byte 3: expected a hex byte like 0xd9 or ? (open)"),
    ("rc4/dickens.txt", "04 d4", "expected 40 key bytes, one per position"),
    ("rc4/dickens.txt", '{"plaintext": ["It"]}', "expected a keystream"),
    ("shikaku/pzprjs-test.txt", '{"regions": [[1, 2]]}', "expected 6 rows of region numbers"),
    ("shikaku/pzprjs-test.txt", '{"regions": [[1, 1, 1, 1, 1, true]' + ', [1, 1, 1, 1, 1, 1]' * 5
     + "]}", "regions[0][5]: expected a region's number or null, found True"),
])
def test_a_malformed_answer_of_one_field_or_regions_is_one_line(path: str, text: str,
                                                                   problem: str) -> None:
    session = session_for(INSTANCES / path)
    with pytest.raises(InputError) as raised:
        session.check(text, source="answer.txt")
    assert problem in raised.value.problem and "\n" not in str(raised.value)
