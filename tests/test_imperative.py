"""The reference imperative solvers (pyasp_runner/imperative/) obey the same rule checkers.

Every instance of every puzzle they cover is solved imperatively; each answer must pass
the independent checker, and status, uniqueness and counts must match the instance's
expected file. Puzzles whose checker or instances have not landed yet are skipped.
"""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from checkers import checker
from conftest import INSTANCES, ROOT, expected_for, instance_files

imperative = importlib.import_module("pyasp_runner.imperative")
sys.path.insert(0, str(ROOT / "benchmarks"))
compare = importlib.import_module("compare")

FILES = [p for p in instance_files() if p.parent.name in imperative.PUZZLES
         and (ROOT / "pyasp_runner" / "imperative" / f"{p.parent.name}.py").is_file()]


def limit_for(expected: dict) -> int:
    """How many solutions to look for, read the way tests/test_instances.py reads options."""
    options = expected.get("options", {})
    if "count" in expected:
        return expected["count"] + 1
    if "cap" in options:
        return options["cap"]
    return 2


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(INSTANCES)) for p in FILES])
def test_imperative_answers_pass_the_checker(path: Path) -> None:
    name = path.parent.name
    if not (ROOT / "tests" / "checkers" / f"{name}.py").is_file():
        pytest.skip(f"no checker for {name} yet")
    expected = expected_for(path)
    solver = importlib.import_module(f"pyasp_runner.imperative.{name}")
    text = path.read_text(encoding="utf-8")
    result = solver.solve(text, limit_for(expected))
    assert result.nodes > 0
    assert result.status == expected["status"]
    rules = checker(name)
    for solution in result.solutions:
        rules.check(text, solution)
    if "unique" in expected:
        assert result.unique is expected["unique"]
    if "count" in expected:
        assert (len(result.solutions), result.complete) == (expected["count"], True)
    keys = {json.dumps(s, sort_keys=True) for s in result.solutions}
    if expected.get("all_solutions"):
        assert keys == {json.dumps(s, sort_keys=True) for s in expected["solutions"]}
    if "closest" in expected:
        assert result.closest is not None
        assert result.closest["open"] == expected["closest"]["open"]
        rules.check_closest(text, result.closest)
        if "solutions" in expected["closest"]:
            assert {json.dumps(s, sort_keys=True) for s in result.closest["solutions"]} == {
                json.dumps(s, sort_keys=True) for s in expected["closest"]["solutions"]}


def test_command_line_prints_the_envelope() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pyasp_runner.imperative", "jodici",
         str(INSTANCES / "jodici" / "1.csv")],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["status"] == "solved" and data["unique"] is True
    assert data["stats"]["nodes"] > 0


def test_jodici_counts_every_solution_without_givens() -> None:
    """A nearly empty disc has many solutions; the search must find more than one."""
    solver = importlib.import_module("pyasp_runner.imperative.jodici")
    result = solver.solve("3,7,_,_,_,_\n_,_,1,_,_,_\n_,_,_,_,_,_\n", 3)
    assert len(result.solutions) == 3 and result.unique is False
    for solution in result.solutions:
        checker("jodici").check("3,7,_,_,_,_\n_,_,1,_,_,_\n_,_,_,_,_,_\n", solution)


def test_hidoku_with_blocked_cells_and_open_ends() -> None:
    """An irregular board (X blocked) where neither 1 nor K is given: K = 7 playable cells."""
    text = "_,_,X\n_,4,_\nX,_,_\n"
    solver = importlib.import_module("pyasp_runner.imperative.hidoku")
    result = solver.solve(text, 0)
    assert result.complete and result.solutions
    for solution in result.solutions:
        checker("hidoku").check(text, solution)
        assert solution["grid"][0][2] is None and solution["grid"][2][0] is None


PROLOG = ("jodici", "flower", "equation")


@pytest.mark.skipif(shutil.which("swipl") is None, reason="swipl (swi-prolog-nox) not installed")
@pytest.mark.parametrize("path", [p for p in instance_files() if p.parent.name in PROLOG
                                  and compare.prolog_reads(p.parent.name, p)],
                         ids=lambda p: str(p.relative_to(INSTANCES)))
def test_prolog_answers_pass_the_checker(path: Path) -> None:
    name = path.parent.name
    if not (ROOT / "tests" / "checkers" / f"{name}.py").is_file():
        pytest.skip(f"no checker for {name} yet")
    expected = expected_for(path)
    program = ROOT / "benchmarks" / "prolog" / f"{name}.pl"
    out = subprocess.run(["swipl", "-q", str(program), str(path), "3"], capture_output=True,
                         text=True, check=True, timeout=60).stdout
    answers = [json.loads(line) for line in out.splitlines()]
    assert bool(answers) is (expected["status"] == "solved")
    if "unique" in expected:
        assert (len(answers) == 1) is expected["unique"]
    text = path.read_text(encoding="utf-8")
    disks = (importlib.import_module("pyasp_runner.imperative.flower").read(text)
             if name == "flower" else [])
    for answer in answers:
        if name == "flower":
            shown = [d[r:] + d[:r] for d, r in zip(disks, answer, strict=True)]
            checker(name).check(text, {"rotations": answer, "disks": shown})
        else:
            checker(name).check(text, {"grid": answer})


EQUATION = """\
26 - _ * _ = -278
+    +   *
_ * _ + _ = 216
-    +   -
_ * _ + _ = 11
=    =   =
36   27  245
"""
EQUATION_SOLUTION = [[26, 19, 16], [25, 8, 16], [15, 0, 11]]


def test_equation_reference_has_its_published_solution() -> None:
    solver = importlib.import_module("pyasp_runner.imperative.equation")
    result = solver.solve(EQUATION)
    assert result.unique is True
    assert result.solutions == [{"grid": EQUATION_SOLUTION}]


def test_equation_precedence_range_and_division() -> None:
    """`a - b * c` multiplies first, `/` must divide exactly, `range:` bounds the unknowns."""
    solver = importlib.import_module("pyasp_runner.imperative.equation")
    text = "range: 1..4\n8 / _ - 1 = 3\n* * *\n1 * 1 * 1 = 1\n+ + +\n_ + 1 + 1 = 3\n= = =\n" \
           "9 3 2\n"
    result = solver.solve(text, 0)
    assert result.complete
    assert result.solutions == [{"grid": [[8, 2, 1], [1, 1, 1], [1, 1, 1]]}]


@pytest.mark.skipif(shutil.which("swipl") is None, reason="swipl (swi-prolog-nox) not installed")
def test_prolog_equation_reference(tmp_path: Path) -> None:
    puzzle = tmp_path / "reference.txt"
    puzzle.write_text(EQUATION)
    program = ROOT / "benchmarks" / "prolog" / "equation.pl"
    out = subprocess.run(["swipl", "-q", str(program), str(puzzle)], capture_output=True,
                         text=True, check=True, timeout=60).stdout
    assert [json.loads(line) for line in out.splitlines()] == [EQUATION_SOLUTION]


def test_compare_counts_rule_and_code_lines(tmp_path: Path) -> None:
    compare = importlib.import_module("compare")
    rules = tmp_path / "x.lp"
    rules.write_text("% header\n\na(1). % fact\n%* block\ncomment *%\n:- a(X),\n   X > 2.\n")
    assert compare.rule_lines(rules) == 3
    code = tmp_path / "x.py"
    code.write_text('"""Doc."""\n\n# note\ndef read(t):\n    return t\n\n\ndef f(x):\n'
                    '    """Doc\n    more."""\n    y = (x +\n         1)  # why\n    return y\n')
    assert compare.code_lines(code) == 4


@pytest.mark.parametrize(("name", "text"), [
    ("hidoku", "1,_,_\n_,_,_\n_,_,2\n"),          # 1 and 2 cannot touch
    ("hidoku", "2,_,_\n"),                      # 2 at an end of a line of 3
    ("jodici", "9,9,9,_,_,_\n_,_,_,_,_,_\n_,_,_,_,_,_\n"),
    ("magic", "range: 2..10\n_,_,_\n_,2,_\n_,_,_\n"),  # the centre must be the middle number
    ("checkerboard", "B,W\n====\nB\n====\nB\n"),  # 3 black squares, 2 black fields
])
def test_clashing_clues_are_unsolvable(name: str, text: str) -> None:
    result = importlib.import_module(f"pyasp_runner.imperative.{name}").solve(text)
    assert result.complete and result.status == "unsolvable"


def test_magic_range_header_shifts_the_numbers() -> None:
    text = "range: 2..10\n_,_,_\n_,6,_\n_,_,3\n"
    result = importlib.import_module("pyasp_runner.imperative.magic").solve(text, 0)
    assert result.complete and result.solutions
    for solution in result.solutions:
        checker("magic").check(text, solution)


@pytest.mark.parametrize("instance", ["hidoku/10x10.csv", "jodici/1.csv", "magic/5x5.csv",
                                      "equation/small-range.txt"])
def test_a_watched_search_reports_every_value_tried_and_counts_the_same(instance: str) -> None:
    name = instance.split("/")[0]
    solver = importlib.import_module(f"pyasp_runner.imperative.{name}")
    text = (INSTANCES / instance).read_text()
    plain = solver.solve(text)
    seen: list[tuple[str, tuple[int, int] | None]] = []
    last_grid: list = []

    def watch(kind, grid, cell):
        seen.append((kind, cell))
        if kind == "solution":
            last_grid.append(grid())

    watched = solver.solve(text, watch=watch)
    assert (watched.nodes, watched.tried) == (plain.nodes, plain.tried)
    assert sum(kind == "try" for kind, _ in seen) == watched.tried
    assert all(cell is not None for kind, cell in seen if kind in ("try", "forced"))
    assert [{"grid": grid} for grid in last_grid] == watched.solutions
