"""A genre file outside the package (docs/genres.md's Sudoku, written into a temporary
folder) runs through the whole tool: solved with uniqueness, drawn on the terminal and as
SVG, explained when its clues contradict each other, hinted, written back."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from checkers import checker
from conftest import ROOT

from pyasp_runner import api
from pyasp_runner.cli import main

DOC = (ROOT / "docs" / "genres.md").read_text(encoding="utf-8")


def _block_after(marker: str) -> str:
    """The indented block that follows the line holding `marker` in docs/genres.md."""
    lines = DOC.splitlines()
    start = next(i for i, line in enumerate(lines) if marker in line) + 1
    while not lines[start].startswith("    "):
        start += 1
    block = []
    for line in lines[start:]:
        if line.strip() and not line.startswith("    "):
            break
        block.append(line[4:])
    return "\n".join(block).strip() + "\n"


@pytest.fixture
def sudoku(tmp_path: Path) -> tuple[Path, Path]:
    rules = tmp_path / "mine" / "sudoku.lp"
    rules.parent.mkdir()
    rules.write_text(_block_after("Write `sudoku.lp`"))
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(_block_after("(`puzzle.txt`"))
    return rules, puzzle


def test_the_walkthrough_is_about_fifteen_lines_of_rules(sudoku):
    rules, _ = sudoku
    lines = [line for line in rules.read_text().splitlines()
             if line.strip() and not line.startswith("%")]
    assert 10 <= len(lines) <= 17


def test_it_solves_uniquely_and_draws(sudoku, capsys, tmp_path):
    rules, puzzle = sudoku
    picture = tmp_path / "board.svg"
    assert main([str(rules), str(puzzle), "--svg", str(picture)]) == 0
    out = capsys.readouterr().out
    assert "Solved. The solution is unique." in out
    assert "[1]" in out and "[3]" in out  # the givens, bold in brackets
    assert picture.read_text().count('class="cell given"') == 4
    assert main([str(rules), str(puzzle), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unique"] is True
    assert data["solutions"][0]["grid"] == [list("2143"), list("4312"), list("3421"),
                                            list("1234")]


def test_it_explains_a_contradiction_and_hints(sudoku, capsys, tmp_path):
    rules, puzzle = sudoku
    broken = tmp_path / "broken.txt"
    broken.write_text("4 4\n- 1 - 1\n- - - 2\n3 - - -\n- - 3 -\n")
    assert main([str(rules), str(broken), "--explain"]) == 1
    out = capsys.readouterr().out
    assert "the 1 at (1,2)" in out and "the 1 at (1,4)" in out
    assert main([str(rules), str(puzzle), "--hint", "--step", "--json"]) == 0
    hint = json.loads(capsys.readouterr().out)["hint"]
    assert hint["solution"]["grid"][0][1] == "1"


def test_the_pictures_in_docs_are_what_the_commands_draw(sudoku, capsys, tmp_path,
                                                         monkeypatch):
    """docs/genre-explained.svg and docs/genre-sudoku.svg, drawn again by the commands
    docs/genres.md gives for them."""
    rules, _ = sudoku
    monkeypatch.chdir(rules.parent)
    (rules.parent / "broken.txt").write_text("4 4\n- 1 - 1\n- - - 2\n3 - - -\n- - 3 -\n")
    drawn = tmp_path / "explained.svg"
    assert main(["sudoku.lp", "broken.txt", "--explain", "--svg", str(drawn)]) == 1
    assert drawn.read_text() == (ROOT / "docs" / "genre-explained.svg").read_text()
    monkeypatch.chdir(ROOT)
    assert main(["sudoku", "instances/sudoku/wikipedia.txt", "--svg", str(drawn)]) == 0
    assert drawn.read_text() == (ROOT / "docs" / "genre-sudoku.svg").read_text()
    capsys.readouterr()


def test_it_writes_itself_back_and_reads_addresses(sudoku, capsys):
    rules, puzzle = sudoku
    assert main([str(rules), str(puzzle), "--to", "puzzlink"]) == 0
    address = capsys.readouterr().out.strip()
    assert address == "https://puzz.link/p?sudoku/4/4/g1k23k3g"
    assert main([str(rules), address, "--to", "text"]) == 0
    assert capsys.readouterr().out == puzzle.read_text()


def test_it_audits_a_folder_in_worker_processes(sudoku, tmp_path):
    """A collection: each worker reads the genre file again by its path (as the real
    command runs, started as a user would start it)."""
    rules, puzzle = sudoku
    book = tmp_path / "book"
    book.mkdir()
    (book / "1.txt").write_text(puzzle.read_text())
    (book / "2.txt").write_text("4 4\n- 1 - 1\n- - - 2\n3 - - -\n- - 3 -\n")
    run = subprocess.run([sys.executable, "-m", "pyasp_runner", str(rules), str(book),
                          "--json-lines"], capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 1, run.stderr  # the highest of the puzzles': one unsolvable
    lines = {Path(line["file"]).name: line for line in map(json.loads, run.stdout.splitlines())
             if line["type"] == "result"}
    assert lines["2.txt"]["status"] == "unsolvable"
    assert lines["1.txt"]["puzzle"] == str(rules) and lines["1.txt"]["unique"] is True
    checker("sudoku").check(puzzle.read_text(), lines["1.txt"]["solutions"][0])


def test_the_python_api_takes_its_path(sudoku):
    rules, puzzle = sudoku
    result = api.solve(str(rules), puzzle.read_text())
    assert result.unique and result.solutions[0]["grid"][3] == list("1234")


def test_a_missing_genre_file_is_one_line(capsys, tmp_path):
    assert main([str(tmp_path / "none.lp"), "x.txt"]) == 2
    assert re.fullmatch(r"solve-asp: .*none\.lp: no such genre file\n", capsys.readouterr().err)


def test_generate_makes_a_genre_whose_header_says_how_and_refuses_others_by_name(
        sudoku, capsys, tmp_path):
    assert main(["generate", "sudoku", "--size", "4", "--seed", "1"]) == 0
    made = capsys.readouterr().out
    assert made.splitlines()[0] == "4 4"
    puzzle = tmp_path / "made.txt"
    puzzle.write_text(made)
    assert main(["sudoku", str(puzzle), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unique"] is True
    rules, _ = sudoku
    plain = tmp_path / "plain.lp"
    plain.write_text(rules.read_text().replace("%! generate number from value/3 size 9x9\n", "")
                     .replace("%! genre sudoku", "%! genre plain"))
    assert main(["generate", str(plain)]) == 2
    err = capsys.readouterr().err
    assert "cannot be generated: its header has no '%! generate' line" in err
