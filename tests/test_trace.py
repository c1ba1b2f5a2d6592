"""`--trace`: clingo's search recorded as JSON lines, and replayed into board states."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

from checkers import checker

from pyasp_runner import runner
from pyasp_runner.puzzle import Answer
from pyasp_runner.puzzles import registry
from pyasp_runner.trace import frames, record

ROOT = Path(__file__).resolve().parent.parent


def recorded(puzzle_name: str, file: str, models: int = 2):
    puzzle = registry()[puzzle_name]
    path = ROOT / "instances" / puzzle_name / file
    instance = puzzle.parse(path.read_text(), str(path))
    trace = record(puzzle.encoding, instance.facts, runner.Limits(models=models),
                   puzzle_name, str(path))
    return puzzle, instance, path, trace


def test_the_trace_of_a_unique_puzzle_ends_in_its_checked_answer():
    puzzle, instance, path, trace = recorded("hidoku", "10x10.csv")
    kinds = [event["event"] for event in trace.events]
    assert kinds[0] == "start" and kinds[-1] == "end" and kinds.count("model") == 1
    assert trace.end["status"] == "solved" and trace.end["complete"]
    assert kinds.count("decide") <= trace.end["choices"]
    model = next(event for event in trace.events if event["event"] == "model")
    from clingo import parse_term
    answer = Answer(tuple(parse_term(atom) for atom in model["atoms"]))
    checker("hidoku").check(path.read_text(), puzzle.solution_json(instance, answer))


def test_replayed_frames_only_grow_within_a_level_and_end_at_the_answer():
    _, _, _, trace = recorded("hidoku", "10x10.csv")
    replay = frames(trace.events)
    assert len(replay) == len(trace.events)
    model = next(frame for frame in replay if frame.event["event"] == "model")
    assert set(model.event["atoms"]) <= model.true
    for before, after in pairwise(replay):
        if after.event["event"] == "propagate" and after.level >= before.level:
            assert before.true <= after.true  # propagation only adds, until a jump back
            assert after.decided | after.propagated <= after.true - before.true
    decisions = [frame for frame in replay if frame.decided]
    assert all(len(frame.decided) == 1 for frame in decisions)


def test_a_search_with_conflicts_jumps_back():
    _, _, _, trace = recorded("jodici", "1.csv")
    jumps = [event for event in trace.events if event["event"] == "backjump"]
    assert trace.end["conflicts"] > 0 and jumps
    assert all(jump["to"] < jump["from"] for jump in jumps)
    levels = [event["level"] for event in trace.events if event["event"] == "decide"]
    assert max(levels) >= 2


def test_an_unsolvable_trace_says_so():
    _, _, _, trace = recorded("hidoku", "unsolvable.csv")
    assert trace.end["status"] == "unsolvable" and trace.end["models"] == 0


def test_the_command_writes_one_json_object_per_line(tmp_path):
    out = tmp_path / "trace.jsonl"
    done = subprocess.run([sys.executable, "-m", "pyasp_runner", "jodici",
                           str(ROOT / "instances/jodici/1.csv"), "--trace", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in out.read_text().splitlines()]
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    assert {event["event"] for event in events} >= {"decide", "propagate", "backjump", "model"}
    assert done.stderr.startswith(f"trace: {len(events)} events to {out}:")
