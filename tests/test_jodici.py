"""Jodici: solution counts against an independent brute force, input variants, bad input."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from checkers import content_lines
from conftest import INSTANCES, assert_refused, expected_for, solve_file

from pyasp_runner.puzzles import jodici

Grid = list[list[int]]


def _givens(text: str) -> dict[tuple[int, int], int]:
    return {(ring, sector): int(field)
            for ring, line in enumerate(content_lines(text))
            for sector, field in enumerate(line.split(","))
            if field.strip().strip("_")}


def brute_force(givens: dict[tuple[int, int], int]) -> list[Grid]:
    """Every disc: a digit triple summing to 15 per sector, each digit twice, rings 30."""
    triples = [t for t in itertools.product(range(1, 10), repeat=3) if sum(t) == 15]
    options = [[t for t in triples if all(givens.get((r, s), t[r]) == t[r] for r in range(3))]
               for s in range(6)]
    found: list[Grid] = []
    used: Counter[int] = Counter()
    sectors: list[tuple[int, ...]] = []

    def extend(sector: int) -> None:
        if sector == 6:
            if all(sum(t[r] for t in sectors) == 30 for r in range(3)):
                found.append([[t[r] for t in sectors] for r in range(3)])
            return
        for triple in options[sector]:
            if any(used[d] + triple.count(d) > 2 for d in triple):
                continue
            used.update(triple)
            sectors.append(triple)
            extend(sector + 1)
            sectors.pop()
            used.subtract(triple)

    extend(0)
    return found


@pytest.mark.parametrize("name", ["1.csv", "several.csv", "few-givens.csv", "unsolvable.csv"])
def test_every_solution_and_no_other(name):
    path = INSTANCES / "jodici" / name
    expected = brute_force(_givens(path.read_text()))
    _, _, result, data = solve_file(path, models=0)
    assert result.complete and data["count"] == len(expected)
    key = json.dumps
    assert sorted(key(s["grid"]) for s in data["solutions"]) == sorted(map(key, expected))
    assert data["status"] == expected_for(path)["status"]


@pytest.mark.parametrize("text", [
    "3,7,_,_,_,_\n_,_,1,5,9,_\n6,_,_,_,_,_\n",
    "3, 7, __, ___, _, _\r\n_,_,1,5,9,_\r\n6,_,_,_,_,_",
    "# ring 1 first\n3,7,_,_,_,_\n\n_,_,1,5,9,_\n6,_,_,_,_,_\n",
])
def test_format_variants_give_the_same_clues(text):
    clues = sorted(str(c) for c in jodici.parse(text, "t.csv").clues)
    assert clues == ["given(1,1,3)", "given(1,2,7)", "given(2,3,1)", "given(2,4,5)",
                     "given(2,5,9)", "given(3,1,6)"]


@pytest.mark.parametrize(("text", "line", "words"), [
    ("", None, "empty"),
    ("3,7,_,_,_,_\n_,_,1,5,9,_\n", 2, "expected 3 rows"),
    ("3,7,_,_,_,_\n_,_,1,5,9,_\n6,_,_,_,_,_\n_,_,_,_,_,_\n", 4, "expected 3 rows"),
    ("3,7,_,_,_\n_,_,1,5,9,_\n6,_,_,_,_,_\n", 1, "expected 6"),
    ("3,7,_,_,_,_\n_,_,1,5,10,_\n6,_,_,_,_,_\n", 2, "out of range 1..9"),
    ("3,7,_,_,_,_\n_,_,1,5,0,_\n6,_,_,_,_,_\n", 2, "out of range 1..9"),
    ("3,7,_,_,_,_\n_,_,1,5,a,_\n6,_,_,_,_,_\n", 2, "unknown entry 'a'"),
])
def test_bad_input_names_file_line_and_problem(text, line, words):
    assert_refused(jodici.parse, text, line, words, "bad.csv")
