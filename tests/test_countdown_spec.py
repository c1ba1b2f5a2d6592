"""asp/countdown.lp against its specification, tests/specs/countdown.lp, on small rounds.

The specification states the numbers round plainly: every value of every subset of the
numbers, the closest values to the target, the fewest numbers among their ways. The fast
encoding must find the same: for one target, the same answers projected onto their
value and number count (every optimal answer, all of them); for a range, the same value
and number count for every target. The rounds are drawn, with a fixed seed, as the
television game draws them (two each of 1..10, one each of 25, 50, 75, 100), small
enough for the specification to build every value.
"""

from __future__ import annotations

import random
from collections import Counter

import clingo
import pytest
from checkers import countdown as checker
from conftest import ROOT

from pyasp_runner import api

SPEC = ROOT / "tests" / "specs" / "countdown.lp"
POOL = [*range(1, 11), *range(1, 11), 25, 50, 75, 100]
# Mostly four and five numbers, where the fast encoding takes its shortcuts; one number
# alone is a round too.
SIZES = (1, 2, 3, 4, 4, 5, 5, 5)


def _rounds(seed: int, count: int) -> list[tuple[list[int], int]]:
    draw = random.Random(seed)
    return [(draw.sample(POOL, draw.choice(SIZES)), draw.randint(1, 999)) for _ in range(count)]


def _ways(numbers: list[int], solutions: list[dict]) -> set[tuple[int, int]]:
    """Each solution's value and number count, its expression read by the checker: it
    makes that value from that many of the given numbers."""
    for solution in solutions:
        value, leaves = checker.evaluate(solution["expression"])
        assert (value, len(leaves)) == (solution["value"], solution["numbers_used"])
        assert not Counter(leaves) - Counter(numbers), solution
    return {(solution["value"], solution["numbers_used"]) for solution in solutions}


def _specified(numbers: list[int], goal: str) -> set[tuple[int, ...]]:
    """The specification's shown atoms' arguments over all its answer sets: (V, K) per
    answer for one target, (T, V, K) for a range."""
    ctl = clingo.Control(["0"], logger=lambda code, message: None)
    ctl.load(str(SPEC))
    ctl.add("base", [], "".join(f"number({i},{v}).\n" for i, v in enumerate(numbers, 1)) + goal)
    ctl.ground([("base", [])])
    shown: set[tuple[int, ...]] = set()
    ctl.solve(on_model=lambda model: shown.update(
        tuple(arg.number for arg in atom.arguments) for atom in model.symbols(shown=True)))
    return shown


# Rounds that take the fast encoding's rarer paths (each found by deleting one rule of
# asp/countdown.lp and drawing rounds until the answers differed): out of reach, a value
# of all but one number ending in a division; the whole set probed near the target.
RARE = [([7, 8, 100, 2, 6], 305), ([9, 100, 8, 9, 4], 924)]


@pytest.mark.parametrize(("numbers", "target"), _rounds(seed=28, count=30) + RARE)
def test_one_target_agrees_with_the_specification(numbers, target):
    found = api.solve("countdown", f"{' '.join(map(str, numbers))} -> {target}", models=0)
    assert found.complete
    assert _ways(numbers, found.solutions) == _specified(numbers, f"target({target}).")


# The last, [9, 3, 9, 4] from 508, needs the nearest value above the range's upper end.
@pytest.mark.parametrize(("numbers", "low"), [
    *((numbers, target % 900) for numbers, target in _rounds(seed=29, count=6)),
    ([9, 3, 9, 4], 508)])
def test_a_range_of_targets_agrees_with_the_specification(numbers, low):
    high = low + 40
    found = api.solve("countdown", " ".join(map(str, numbers)),
                      options={"targets": f"{low}..{high}"})
    answers = found.solutions[0]["answers"]
    _ways(numbers, answers)
    fast = {(entry["target"], entry["value"], entry["numbers_used"]) for entry in answers}
    assert fast == _specified(numbers, f"targets({low},{high}).")


@pytest.mark.parametrize(("target", "answers"), [
    (20, {(20, 3)}),             # reachable: the target, even with more numbers than 21
    (22, {(21, 2)}),             # 21 and 23 are as close: the fewer numbers win
    (16, {(15, 3), (17, 3)}),    # two closest values with as few numbers: both
    (60, {(42, 3)}),             # out of reach: the largest value there is
])
def test_the_specification_on_a_worked_round(target, answers):
    """The oracle itself, on 2 3 7 worked by hand: 2*3*7 = 42 is its largest value."""
    assert _specified([2, 3, 7], f"target({target}).") == answers
