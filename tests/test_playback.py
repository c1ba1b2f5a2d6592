"""The studio's playback of both searches, without a server or a browser: every step is
reachable, the states the steps replay are the searches' own, and the answers they end
in pass the independent checkers.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from checkers import checker
from conftest import without_atoms

from pyasp_runner.puzzle import Answer
from pyasp_runner.puzzles import registry
from pyasp_runner.runner import Limits
from pyasp_runner.studio.playback import (
    KEYFRAME,
    PAGE,
    Drawer,
    clingo_playback,
    imperative_playback,
)
from pyasp_runner.trace import record

ROOT = Path(__file__).resolve().parent.parent
# One instance of each puzzle with a hand-written solver, small enough to replay whole.
CASES = ["hidoku/benedek-15.csv", "jodici/1.csv", "flower/pairs.txt",
         "equation/small-range.txt", "magic/3x3-lo-shu.csv", "checkerboard/dominoes-4x2.txt"]


def load(case: str):
    puzzle_name, name = case.split("/")
    puzzle = registry()[puzzle_name]
    text = (ROOT / "instances" / case).read_text()
    return puzzle, puzzle.parse(text, name), text


def answer_of(state: set[str]) -> Answer:
    from clingo import parse_term
    return Answer(tuple(sorted(parse_term(atom) for atom in state)))


def replayed(playback, index: int) -> set[str]:
    """The state after step `index`, the long way: every step from the first."""
    state: set[str] = set()
    for step in playback.steps[:index + 1]:
        state.difference_update(step.remove)
        state.update(step.add)
    return state


@pytest.mark.parametrize("case", CASES)
def test_the_hand_written_search_ends_in_its_checked_solutions(case):
    puzzle, instance, text = load(case)
    playback = imperative_playback(puzzle, instance, text, 3)
    assert playback is not None
    solver = __import__(f"pyasp_runner.imperative.{puzzle.name}", fromlist=["solve"])
    plain = solver.solve(text, 3)
    counts = playback.info["counts"]
    assert (counts["nodes"], counts["tried"]) == (plain.nodes, plain.tried)
    assert sum(step.kind == "try" for step in playback.steps) == plain.tried
    assert sum(step.kind == "backjump" for step in playback.steps) == counts["backtracks"]
    models = [i for i, step in enumerate(playback.steps) if step.kind == "model"]
    assert len(models) == len(plain.solutions) > 0
    for index, solution in zip(models, plain.solutions, strict=True):
        state = playback.state_after(index)
        drawn = without_atoms(puzzle.solution_json(instance, answer_of(state)))
        checker(puzzle.name).check(text, drawn)
        assert drawn == solution


@pytest.mark.parametrize("case", CASES)
def test_clingo_s_search_ends_in_its_checked_answers(case):
    puzzle, instance, text = load(case)
    trace = record(puzzle.encoding, instance.facts, Limits(models=3, threads=1),
                   puzzle.name, instance.source)
    playback = clingo_playback(puzzle, instance, trace)
    models = [i for i, step in enumerate(playback.steps) if step.kind == "model"]
    assert len(models) == trace.end["models"] > 0
    for index in models:
        checker(puzzle.name).check(
            text, puzzle.solution_json(instance, answer_of(playback.state_after(index))))
    decided = [step for step in playback.steps if step.mark]
    shown = [event for event in trace.events if event["event"] == "decide" and event["shown"]]
    # A guess on a shown atom is marked, on the step that carries it, and no other step.
    assert [step.mark for step in decided] == [
        (event["literal"].removeprefix("not "),) for event in shown]
    assert all(f"decided {event['literal']}" in step.text
               for step, event in zip(decided, shown, strict=True))


def test_any_step_s_state_is_the_replay_of_all_before_it():
    """Keyframes are a shortcut only: the state of a step is that of every step so far."""
    puzzle, instance, text = load("hidoku/10x10.csv")
    playback = imperative_playback(puzzle, instance, text, 2)
    assert playback is not None and len(playback.steps) > 10 * KEYFRAME
    for index in [0, KEYFRAME - 1, KEYFRAME, KEYFRAME + 1,
                  *random.Random(7).sample(range(len(playback.steps)), 20),
                  len(playback.steps) - 1]:
        assert playback.state_after(index) == replayed(playback, index), index


def test_a_page_draws_its_steps_with_their_marks():
    puzzle, instance, text = load("hidoku/10x10.csv")
    playback = imperative_playback(puzzle, instance, text, 2)
    assert playback is not None
    drawer = Drawer(puzzle, instance)
    last = len(playback.steps) - 1
    page = playback.page(drawer, last - 3)
    assert [step["index"] for step in page] == list(range(last - 3, last + 1))
    assert len(playback.page(drawer, 100)) == PAGE
    assert playback.page(drawer, last + 50) == []
    tried = next(step for step in playback.page(drawer, 1, PAGE) if step["kind"] == "try")
    assert len(tried["decided"]) == 1 and tried["decided"][0] not in tried["propagated"]
    assert f'data-row="{tried["decided"][0][0]}"' in tried["svg"]
    forced = next(i for i, step in enumerate(playback.steps) if step.kind == "forced")
    drawn = playback.page(drawer, forced, 1)[0]
    assert drawn["propagated"] and not drawn["decided"]
    assert drawn["level_label"].endswith(" values on the board")


def test_a_search_longer_than_the_recording_keeps_its_whole_counts(monkeypatch):
    from pyasp_runner.studio import playback as module
    puzzle, instance, text = load("hidoku/10x10.csv")
    whole = imperative_playback(puzzle, instance, text, 2)
    monkeypatch.setattr(module, "MAX_EVENTS", 50)
    cut = imperative_playback(puzzle, instance, text, 2)
    assert whole is not None and cut is not None
    assert cut.info["truncated"] and not whole.info["truncated"]
    assert cut.info["recorded"] == len(cut.steps) == 50
    assert cut.info["events"] == whole.info["events"] == len(whole.steps)
    assert cut.info["counts"] == whole.info["counts"]
    assert cut.steps == whole.steps[:50]
    trace = record(puzzle.encoding, instance.facts, Limits(models=2, threads=1), max_events=5)
    played = clingo_playback(puzzle, instance, trace)
    assert played.info["truncated"] and played.info["recorded"] == 5
    assert played.info["events"] is None  # the recorder stops counting


def test_the_hand_written_search_stops_at_the_deadline_with_what_it_did():
    import time
    puzzle, instance, text = load("hidoku/10x10.csv")
    stopped = imperative_playback(puzzle, instance, text, 2, deadline=time.perf_counter())
    assert stopped is not None
    counts = stopped.info["counts"]
    assert counts["stopped"] and counts["nodes"] is None and not counts["complete"]
    assert counts["tried"] == sum(step.kind == "try" for step in stopped.steps[:-1])
    assert stopped.info["events"] == 1024  # the clock is read every 1024 events
    assert stopped.steps[-1].text == "the time limit: the search is stopped here"


@pytest.mark.parametrize(("case", "settled"), [("hidoku/10x10.csv", 9), ("flower/pairs.txt", 6),
                                               ("jodici/1.csv", 0)])
def test_clingo_s_first_step_says_what_it_shows(case, settled):
    """The recording starts from the shown atoms true before the search: the clues and
    what grounding and clasp's preprocessing settled from them. The first step shows
    them, marks the cells beyond the givens and counts them."""
    from pyasp_runner.board import Mark
    from pyasp_runner.studio.playback import board_cells
    puzzle, instance, _ = load(case)
    trace = record(puzzle.encoding, instance.facts, Limits(models=2, threads=1))
    playback = clingo_playback(puzzle, instance, trace)
    first = playback.steps[0]
    assert set(first.add) == set(trace.events[0]["facts"]) and first.level == 0
    drawer = Drawer(puzzle, instance)
    drawn = playback.page(drawer, 0, 1)[0]
    cells = board_cells(drawer.board(set(first.add)))
    assert all(cells[position].known and cells[position].mark != Mark.GIVEN
               for position in drawn["propagated"])
    assert len(drawn["propagated"]) == settled and not drawn["decided"]
    assert first.text == ("before the search: the clues, and " + (
        f"{settled} cells clingo settled from them while preparing it (grounding and "
        "clasp's preprocessing); no guess yet" if settled else "no other cell: preparing "
        "the search (grounding and clasp's preprocessing) settled none; no guess yet"))

