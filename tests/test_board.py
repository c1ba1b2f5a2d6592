"""Every instance drawn from its board description: as SVG (the document parses as XML
and the values drawn in it, found by their stable classes and positions, are those of
the answer found) and on terminals 40, 80 and 200 columns wide (no line longer, no value
cut); the 80-column drawing and the SVG document equal the instance's golden files
(tests/goldens/, rewritten by `pytest --update-goldens`: see conftest.py)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from conftest import GOLDENS, INSTANCES, instance_files, solve_file, updating_goldens

from pyasp_runner import runner
from pyasp_runner.board import SYMBOLS, Board, Grid, Mark, Rings, Shape
from pyasp_runner.board.svg import svg
from pyasp_runner.board.terminal import lines_of
from pyasp_runner.cli import main
from pyasp_runner.puzzle import Answer, fact
from pyasp_runner.puzzles import GenrePuzzle, registry
from pyasp_runner.puzzles.checkerboard import stone_label

FILES = instance_files()
NS = "{http://www.w3.org/2000/svg}"


def _values(document: str) -> dict[tuple[int, int], ET.Element]:
    """Every drawn value of the first board by (row, column): the elements of class `cell`."""
    root = ET.fromstring(document)
    board = root.find(f"{NS}g[@class='board']")
    assert board is not None
    found: dict[tuple[int, int], ET.Element] = {}
    for element in board.iter():
        classes = element.get("class", "").split()
        if "cell" in classes:
            key = (int(element.get("data-row", "0")), int(element.get("data-col", "0")))
            assert key not in found, f"two values drawn at {key}"
            found[key] = element
    return found


def _text(values: dict[tuple[int, int], ET.Element], key: tuple[int, int]) -> str | None:
    element = values[key]
    classes = element.get("class", "").split()
    if "unknown" in classes:
        return None
    if "solid" in classes or "blocked" in classes:
        return "#"
    if "shaded" in classes and "given" in classes:
        return "#"  # a clue on a cell the answer shades: the JSON grid writes the cell "#"
    if "blank" in classes:
        return "."
    if "diagonal" in classes:  # a diagonal reads as `/` or `\` (a genre's JSON grid)
        return element.get("data-diagonal")
    if "symbol" in classes:  # a symbol reads as its character (a genre's JSON grid)
        return SYMBOLS[classes[classes.index("symbol") + 1]].char
    return element.text


def _expected(name: str, solution: dict[str, Any]) -> dict[tuple[int, int], str | None]:
    """What each drawn value must read, from the answer's JSON (the puzzle's contract)."""
    if name == "flower":
        return {(d, p): "#" if wood else "." for d, disk in enumerate(solution["disks"], 1)
                for p, wood in enumerate(disk, 1)}
    if name == "rc4":
        return {(p, i): ch for p, line in enumerate(solution["plaintext"], 1)
                for i, ch in enumerate(line, 1)}
    if name == "countdown":
        if "targets" in solution:
            return {cell: text for row, entry in enumerate(solution["answers"], 3)
                    for cell, text in (((row, 1), entry["expression"]),
                                       ((row, 3), str(entry["value"])))}
        return {(3, 1): solution["expression"], (3, 3): str(solution["value"])}
    grid = solution["grid"]
    if name == "nonogram":
        return {(r, c): ch for r, row in enumerate(grid, 1) for c, ch in enumerate(row, 1)}
    if name == "checkerboard":
        return {(r, c): stone_label(v) for r, row in enumerate(grid, 1)
                for c, v in enumerate(row, 1)}
    if isinstance(registry()[name], GenrePuzzle):  # a genre: "." is an empty cell, not drawn
        return {(r, c): str(v) for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1)
                if v not in (".", None)}  # `%! json integers`: numbers, null where none
    return {(r, c): None if v is None else str(v) for r, row in enumerate(grid, 1)
            for c, v in enumerate(row, 1) if v is not None}


def _check_terminal(board: Board) -> None:
    """At 40, 80 and 200 columns: no line longer than the console, every value whole."""
    layout = board.layout
    values = []
    if isinstance(layout, (Grid, Rings)):
        values = [cell.value for row in layout.cells for cell in row
                  if cell.known and cell.shape == Shape.VALUE and cell.value]
    for width in (40, 80, 200):
        lines = lines_of(board, width)
        assert max(len(line) for line in lines) <= width, f"a line wider than {width}"
        text = "\n".join(lines)
        assert "\u2026" not in text and "..." not in text
        for value in values:
            assert value in text, f"{value!r} not drawn whole at width {width}"


def _check_goldens(golden, path, board: Board, document: str) -> None:
    name = f"{path.parent.name}/{path.name}"
    golden(f"{name}.txt", "\n".join(lines_of(board, 80)))
    golden(f"{name}.svg", document)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(INSTANCES)) for p in FILES])
def test_every_instance_draws_its_answer_as_svg_and_on_a_terminal(path, golden):
    puzzle, instance, result, _ = solve_file(path, models=1, time_limit=60)
    # The drawing of a search cut short would be no golden: say so rather than differ.
    assert result.status != runner.TIMEOUT, "the instance's solve ran out of time"
    title = f"{puzzle.name} · {path.name}"
    if not result.answers:  # no answer: the puzzle alone, its clues as given
        board: Board = (puzzle.conflict_board(instance, []) if puzzle.draws_clues
                        else puzzle.board(instance, Answer(())))
        _check_terminal(board)
        document = svg(board, title)
        _check_goldens(golden, path, board, document)
        values = _values(document)
        clues = Answer(instance.clues).atoms("given", 3)
        for r, c, v in clues:
            if puzzle.name != "nonogram":
                assert _text(values, (r, c)) == str(v)
        assert all("given" in e.get("class", "") or "unknown" in e.get("class", "")
                   for e in values.values())
        return
    answer = result.answers[0]
    board = puzzle.board(instance, answer)
    _check_terminal(board)
    document = svg(board, title)
    _check_goldens(golden, path, board, document)
    values = _values(document)
    expected = _expected(puzzle.name, puzzle.solution_json(instance, answer))
    assert expected
    for key, value in expected.items():
        drawn = _text(values, key)
        if puzzle.name == "checkerboard":
            assert drawn is not None and drawn.upper() == value
        else:
            assert drawn == value, f"at {key}"
    givens = Answer(instance.clues).atoms("given", 3)
    for r, c, _ in givens:  # the author's values are drawn as given
        if (r, c) in values:
            assert "given" in values[(r, c)].get("class", "").split()


def test_every_golden_file_belongs_to_an_instance(request):
    """Two golden files per instance and no other (--update-goldens removes the others)."""
    wanted = {f"{p.parent.name}/{p.name}.{kind}" for p in FILES for kind in ("txt", "svg")}
    present = {str(p.relative_to(GOLDENS)) for p in GOLDENS.glob("*/*") if p.is_file()}
    if updating_goldens(request.config):
        for name in present - wanted:
            (GOLDENS / name).unlink()
        return
    assert present - wanted == set(), "golden files of no instance"
    assert wanted - present == set(), "instances without golden files"


def test_conflict_and_forced_marks_are_drawn_in_classes():
    puzzle = registry()["magic"]
    instance = puzzle.parse("4,9,_\n_,_,_\n_,_,8\n", "t.csv")
    conflict = [fact("number", 1, 2, 9)]
    values = _values(svg(puzzle.conflict_board(instance, conflict)))
    assert values[(1, 2)].get("class") == "cell conflict"
    assert values[(1, 1)].get("class") == "cell given"
    assert (2, 2) not in values  # an open cell holds no text
    forced = puzzle.board(instance, Answer((fact("value", 2, 2, 5),))).forced()
    assert _values(svg(forced))[(2, 2)].get("class") == "cell forced"
    assert any(cell.mark == Mark.FORCED for row in forced.layout.cells for cell in row)


def test_user_text_is_escaped_and_the_document_is_ascii():
    puzzle = registry()["jodici"]
    title = 'a<b>&"c\' \u00b7 \x01 </svg><script>x</script>'
    document = svg(puzzle.conflict_board(puzzle.parse("1,_,_,_,_,_\n" + "_,_,_,_,_,_\n" * 2,
                                                       "t"), []), title)
    document.encode("ascii")
    root = ET.fromstring(document)
    assert root.find(f"{NS}title").text == 'a<b>&"c\' \u00b7 \ufffd </svg><script>x</script>'
    assert root.find(f".//{NS}script") is None


def test_cli_writes_one_svg_per_run_with_every_answer(tmp_path, capsys):
    out = tmp_path / "several.svg"
    assert main(["jodici", str(INSTANCES / "jodici" / "several.csv"), "-n", "2",
                 "--svg", str(out)]) == 0
    root = ET.fromstring(out.read_text())
    assert len(root.findall(f"{NS}g[@class='board']")) == 2
    assert "Solution 2" in capsys.readouterr().out
    assert main(["jodici", str(INSTANCES / "jodici" / "1.csv"), "--svg", "-"]) == 0
    printed = capsys.readouterr()
    assert ET.fromstring(printed.out).tag == f"{NS}svg"
    assert "unique" in printed.err


def test_cli_draws_the_conflict_the_hint_and_a_generated_puzzle(tmp_path, capsys):
    out = tmp_path / "x.svg"
    assert main(["hidoku", str(INSTANCES / "hidoku" / "unsolvable.csv"), "--explain",
                 "--svg", str(out)]) == 1
    classes = [e.get("class") for e in ET.fromstring(out.read_text()).iter()]
    assert classes.count("cell conflict") >= 2
    assert main(["skyscrapers", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1", "--hint",
                 "--svg", str(out)]) == 0
    classes = [e.get("class") for e in ET.fromstring(out.read_text()).iter()]
    assert classes.count("cell forced") == 16
    capsys.readouterr()
    assert main(["generate", "magic", "--size", "3", "--seed", "1", "--svg", str(out)]) == 0
    written = capsys.readouterr().out
    givens = [e.text for e in ET.fromstring(out.read_text()).iter()
              if e.get("class") == "cell given"]
    assert givens and sorted(givens) == sorted(t for t in written.split()[2:] if t != "_")
    # A picture that cannot be written is an output not written, as for standard output.
    assert main(["jodici", str(INSTANCES / "jodici" / "1.csv"), "--svg",
                 str(tmp_path / "no" / "such" / "dir.svg")]) == 5


def test_column_clues_never_run_together():
    puzzle, instance, result, _ = solve_file(INSTANCES / "nonogram" / "webpbn-6.non", models=1)
    lines = lines_of(puzzle.board(instance, result.answers[0]), 80)
    clue_line = next(line for line in lines if "10" in line)
    assert "10 13" in " ".join(clue_line.split())  # not "1013"


def test_a_wide_board_at_forty_columns_keeps_every_value():
    puzzle, instance, result, _ = solve_file(INSTANCES / "hidoku" / "10x10.csv", models=1)
    text = "\n".join(lines_of(puzzle.board(instance, result.answers[0]), 40))
    assert "[93]" in text and "[100]" in text and "\u2026" not in text


@pytest.mark.parametrize("name", sorted(registry()))
def test_plain_ascii_where_the_output_cannot_show_box_drawing(name):
    """With PYTHONIOENCODING=ascii every puzzle's answer is drawn, in ASCII, exit 0."""
    import os
    import subprocess
    import sys

    path = next(p for p in FILES if p.parent.name == name
                and json.loads(p.with_name(f"{p.stem}.expected.json").read_text())["status"]
                in ("solved", "closest"))
    done = subprocess.run([sys.executable, "-m", "pyasp_runner", name, str(path), "-n", "1"],
                          capture_output=True, env={**os.environ, "PYTHONIOENCODING": "ascii",
                                                    "COLUMNS": "60"}, check=False)
    assert done.returncode == 0, done.stderr
    done.stdout.decode("ascii")
    drawing = done.stdout.decode().splitlines()[1:]  # below the heading (the file's name)
    assert max(len(line) for line in drawing) <= 60


def test_the_white_background_lies_under_every_board_with_or_without_a_title():
    puzzle = registry()["jodici"]
    path = INSTANCES / "jodici" / "1.csv"
    instance = puzzle.parse(path.read_text(), str(path))
    result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=1))
    board = puzzle.board(instance, result.answers[0])
    for title in ("", "jodici"):
        children = list(ET.fromstring(svg([board], title)))
        kinds = [child.tag.split("}")[-1] for child in children]
        first_board = next(i for i, c in enumerate(children) if c.get("class") == "board")
        assert kinds.index("rect") < first_board
