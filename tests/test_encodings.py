"""The encodings' layout, and their `% Redundant` blocks are redundant.

Every asp/<puzzle>.lp opens with a header (purpose, `Input:`, `Output:`), then its rules
under `% Define`, `% Generate`, `% Test` and `% Display`, in that order; after them, where
an encoding has them, `% Pruning` (what cannot hold is never grounded), `% Redundant`
(constraints the rules above already imply, for propagation) and `% Heuristic` (search
order), in that order. Measured timings belong in docs/performance-paths.md, not in
comments. A rule under `% Redundant` changes no answer: the encoding without that block
has the same answers, which is checked here on small instances.
"""

from __future__ import annotations

import re
from pathlib import Path

import clingo
import pytest
from conftest import INSTANCES

from pyasp_runner.puzzles import registry

PUZZLES = sorted(registry())
SECTIONS = ("Define", "Generate", "Test", "Display")
BLOCKS = ("Pruning", "Redundant", "Heuristic")
LABEL = re.compile(rf"% ({'|'.join(SECTIONS + BLOCKS)})\b")
# A duration in a comment: "0.45 s", "120 ms", "2.1s".
TIMING = re.compile(r"\b\d+(\.\d+)?\s?(s|ms)\b")


def _lines(name: str) -> list[str]:
    return registry()[name].encoding.read_text().splitlines()


def _labels(name: str) -> list[tuple[int, str]]:
    """Each section or block label in the file, with its line index, in file order."""
    return [(index, match[1]) for index, line in enumerate(_lines(name))
            if (match := LABEL.match(line))]


@pytest.mark.parametrize("name", PUZZLES)
def test_header_names_the_input_and_output(name):
    header = []
    for line in _lines(name):
        if not line.startswith("%"):
            break
        header.append(line)
    text = "\n".join(header)
    assert header and "% Input:" in text and "% Output:" in text, name


@pytest.mark.parametrize("name", PUZZLES)
def test_sections_then_blocks_in_order(name):
    labels = [label for _, label in _labels(name)]
    first = [labels.index(section) for section in SECTIONS if section in labels]
    assert len(first) == len(SECTIONS) and first == sorted(first), labels
    blocks = [label for label in labels if label in BLOCKS]
    assert blocks == sorted(set(blocks), key=BLOCKS.index), labels
    if blocks:
        display = max(i for i, label in enumerate(labels) if label == "Display")
        assert labels.index(blocks[0]) > display, labels


@pytest.mark.parametrize("name", PUZZLES)
def test_no_measured_timings_in_comments(name):
    comments = [line for line in _lines(name) if line.lstrip().startswith("%")
                or ("%" in line and not line.lstrip().startswith("#"))]
    assert not [line for line in comments if TIMING.search(line.split("%", 1)[1])], name


def _without_redundant(name: str) -> str:
    lines = _lines(name)
    labels = _labels(name)
    start = next(index for index, label in labels if label == "Redundant")
    end = next((index for index, label in labels if index > start), len(lines))
    return "\n".join(lines[:start] + lines[end:]) + "\n"


def _answers(program: str, facts: str) -> set[frozenset[str]]:
    """Every answer set's shown atoms, up to 101 answer sets: the instances below have at
    most a dozen, so a rule that is not redundant shows before the search runs long."""
    ctl = clingo.Control(["101"], logger=lambda code, message: None)
    ctl.add("base", [], program)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    answers: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda model: answers.add(
        frozenset(map(str, model.symbols(shown=True)))))
    return answers


# Small instances of every puzzle with a `% Redundant` block, solved, unsolvable and
# with several answers (all of them are compared).
REDUNDANT_CASES = [
    ("abc", "no-clues.txt"), ("abc", "janko-530.txt"), ("abc", "diagonal-givens.txt"),
    ("abc", "unsolvable.txt"),
    ("hidoku", "several.csv"), ("hidoku", "rosetta.txt"), ("hidoku", "unsolvable.csv"),
    ("magic", "3x3-empty.csv"), ("magic", "4x4-durer.csv"), ("magic", "3x3-unsolvable.csv"),
    ("signpost", "several.txt"), ("signpost", "corners.txt"), ("signpost", "unsolvable.txt"),
    ("skyscrapers", "givens.txt"), ("skyscrapers", "codewars-7x7-3.txt"),
    ("skyscrapers", "unsolvable.txt"),
]


def test_every_redundant_block_is_checked():
    with_block = {name for name in PUZZLES if "Redundant" in dict(_labels(name)).values()}
    assert with_block == {name for name, _ in REDUNDANT_CASES}


@pytest.mark.parametrize(("name", "file"), REDUNDANT_CASES)
def test_redundant_block_changes_no_answer(name, file):
    puzzle = registry()[name]
    path: Path = INSTANCES / name / file
    facts = "".join(f"{fact}.\n" for fact in puzzle.parse(path.read_text(), str(path)).facts)
    full = puzzle.encoding.read_text()
    reduced = _without_redundant(name)
    assert reduced != full and "% Redundant" not in reduced
    assert _answers(reduced, facts) == _answers(full, facts)
