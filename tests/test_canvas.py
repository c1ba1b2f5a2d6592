"""Canvas grids, the drawing of every genre: each display role drawn on the terminal (at
several widths, in bands when narrow) and as SVG, from small genres written in a test."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pyasp_runner import runner
from pyasp_runner.board.svg import svg
from pyasp_runner.board.terminal import lines_of
from pyasp_runner.puzzles import GenrePuzzle

NS = "{http://www.w3.org/2000/svg}"
GENRES = {
    "loop": ("%! input cells symbol\n%! token w symbol white\n%! token b symbol black\n"
             "%! show line/4 as line\nused :- symbol(_, _, _).\n"
             "line(1,1,1,2). line(1,2,2,2). line(2,2,2,1). line(2,1,1,1).\n#show line/4.\n",
             "2 2\nw -\n- b\n"),
    "edges": ("%! input cells number\n%! show edge/4 as edge\nused :- number(_, _, _).\n"
              "edge(0,0,0,1). edge(0,1,1,1). edge(1,1,1,0). edge(1,0,0,0).\n#show edge/4.\n",
              "1 2\n3 -\n"),
    "rooms": ("%! input regions\n%! input cells shaded\n%! token x shaded\n%! text cells rooms\n"
              "%! show star/2 as symbol star\n%! show black/2 as shaded\n"
              "used :- region(_, _, _).  used :- shaded(_, _).\n"
              "star(1,2). black(2,2).\n#show star/2. #show black/2.\n",
              "2 2\n- -\nx -\na b\na b\n"),
    "sums": ("%! input sums\n%! token - blocked\n%! token 0 empty\n%! show value/3 as number\n"
             "used :- sum(_, _, _, _).\nvalue(2,2,3).\n#show value/3.\n", "2 2\n- 3,\n,3 0\n"),
    "bridges": ("%! input cells number\n%! show bridge/5 as bridge\n%! show cut/3 as diagonal\n"
                "used :- number(_, _, _).\nbridge(1,1,1,3,2). cut(2,2,slash).\n"
                "#show bridge/5. #show cut/3.\n", "2 3\n2 - 2\n- - -\n"),
    "signs": ("%! input cells number\n%! input between symbol\n%! token < between lt\n"
              "%! token ^ between lt\n%! text cells+between\n%! show value/3 as number\n"
              "used :- number(_, _, _).  used :- between(_, _, _, _, _).\n"
              "value(1,1,1). value(1,2,2). value(2,1,1). value(2,2,2).\n#show value/3.\n",
              "2 2\n- < -\n^ - -\n1 - -\n"),
}


def solved(tmp_path: Path, name: str):  # type: ignore[no-untyped-def]
    rules, text = GENRES[name]
    path = tmp_path / f"{name}.lp"
    path.write_text(f"%! genre {name}\n%! summary a drawing of {name}\n{rules}")
    puzzle = GenrePuzzle(str(path), path)
    instance = puzzle.parse(text, "p.txt")
    found = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=1))
    return puzzle.board(instance, found.answers[0])


def elements(board, kind: str) -> list[ET.Element]:  # type: ignore[no-untyped-def]
    root = ET.fromstring(svg(board))
    return [e for e in root.iter() if kind in e.get("class", "").split()]


def test_a_loop_through_cell_centres(tmp_path):
    board = solved(tmp_path, "loop")
    assert lines_of(board, 80)[:5] == ["┏━━━┯━━━┓", "┃ ○━━━┓ ┃", "┠─┃─┼─┃─┨", "┃ ┗━━━● ┃",
                                       "┗━━━┷━━━┛"]  # the circles joined by the line
    lines = elements(board, "line")
    assert {(e.get("data-from"), e.get("data-to")) for e in lines} == {
        ("1,1", "1,2"), ("1,2", "2,2"), ("2,1", "2,2"), ("1,1", "2,1")}
    assert [e.get("class") for e in elements(board, "symbol")] == [
        "symbol white cell given", "symbol black cell given"]


def test_a_loop_on_the_grid_lines(tmp_path):
    board = solved(tmp_path, "edges")
    assert lines_of(board, 80)[:3] == ["┏━━━┓   ·", "┃[3]┃", "┗━━━┛   ·"]
    assert len(elements(board, "edge")) == 4 and len(elements(board, "grid-point")) == 6


def test_regions_symbols_and_shading(tmp_path):
    board = solved(tmp_path, "rooms")
    assert lines_of(board, 80)[:5] == ["┏━━━┳━━━┓", "┃   ┃ ★ ┃", "┠───╂───┨", "┃▓▓▓┃███┃",
                                       "┗━━━┻━━━┛"]  # a thick border between the rooms
    assert {(e.get("data-from"), e.get("data-to")) for e in elements(board, "border")} == {
        ("1,1", "1,2"), ("2,1", "2,2")}
    assert elements(board, "star")[0].get("data-row") == "1"
    assert [e.get("class") for e in elements(board, "solid")] == [
        "cell given solid", "cell filled solid"]


def test_blocks_with_sums(tmp_path):
    board = solved(tmp_path, "sums")
    assert lines_of(board, 80)[1:4] == ["┃▒▒▒│3\\ ┃", "┠───┼───┨", "┃\\3 │ 3 ┃"]
    assert sorted(e.text for e in elements(board, "sum")) == ["3", "3"]


def test_bridges_and_diagonals(tmp_path):
    board = solved(tmp_path, "bridges")
    slash = "\u2571"
    assert lines_of(board, 80)[1:4] == ["┃[2]═════[2]┃", "┠───┼───┼───┨", f"┃   │ {slash} │   ┃"]
    assert elements(board, "bridge")[0].get("data-strands") == "2"
    assert elements(board, "diagonal")[0].get("data-row") == "2"


@pytest.mark.parametrize("width", [12, 20, 200])
def test_narrow_consoles_get_bands_and_no_value_is_cut(tmp_path, width):
    board = solved(tmp_path, "rooms")
    drawn = lines_of(board, width)
    assert all(len(line) <= width for line in drawn)
    assert any("★" in line for line in drawn) and any("███" in line for line in drawn)


def test_clues_between_cells(tmp_path):
    board = solved(tmp_path, "signs")
    wedge = "\u2227"  # the upper cell is less
    assert lines_of(board, 80)[:4] == ["┏━━━┯━━━┓", "┃ 1 < 2 ┃", f"┠─{wedge}─┼───┨", "┃[1]│ 2 ┃"]
    assert [(e.get("data-direction"), e.text) for e in elements(board, "between")] == [
        ("right", "<"), ("down", wedge)]


def test_json_has_grid_edges_and_regions_as_docs_json_says(tmp_path):
    """--json's solution of a genre (docs/json.md): a string per cell, unit segments
    between 1-based cell centres or 0-based grid points, bridges with their count, a
    region id per cell, and the shown atoms."""
    def solution(name: str) -> dict:
        rules, text = GENRES[name]
        path = tmp_path / f"{name}.lp"
        path.write_text(f"%! genre {name}\n%! summary a drawing of {name}\n{rules}")
        puzzle = GenrePuzzle(str(path), path)
        instance = puzzle.parse(text, "p.txt")
        found = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=1))
        return puzzle.solution_json(instance, found.answers[0])

    loop = solution("loop")
    assert loop["grid"] == [["o", "."], [".", "x"]] and "regions" not in loop
    assert loop["edges"] == [[[1, 1], [1, 2]], [[1, 1], [2, 1]], [[1, 2], [2, 2]],
                             [[2, 1], [2, 2]]]
    assert solution("edges")["edges"] == [[[0, 0], [0, 1]], [[0, 0], [1, 0]],
                                          [[0, 1], [1, 1]], [[1, 0], [1, 1]]]
    assert solution("bridges")["edges"] == [[[1, 1], [1, 3], 2]]
    rooms = solution("rooms")
    assert rooms["grid"] == [[".", "*"], ["#", "#"]] and "edges" not in rooms
    assert rooms["regions"] == [[1, 2], [1, 2]]
    assert rooms["atoms"] == ["star(1,2)", "black(2,2)"]
