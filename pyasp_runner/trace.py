"""clingo's search, recorded: each decision, what propagation sets at each decision
level, each jump back, each answer; written one JSON object per line (`--trace FILE`).

The recorder is a clingo propagator that changes nothing: it watches the solver
literals of the atoms the encoding shows (`#show name/arity`) and hears

- `decide`: clasp's heuristic chose a literal; the recorder returns that same choice
  and notes it (a decision may be on a hidden atom, or on a rule body, which has no
  atom: then `literal` says so);
- `propagate`: literals that became true at the current decision level; a shown atom
  becoming true or false is a deduction, not a guess;
- a decision level lower than the last one seen: the search jumped back, after a
  conflict (clingo learned a clause and jumped to the level where it propagates), or
  after a restart or an answer (to look for the next one). The `conflicts` of the
  `end` line are clingo's own count.

Events (the `event` key; levels count decisions, 0 is before the first one; clingo's own
levels below the root, where it keeps a solve call's assumptions, count as 0):

    {"event": "start", "puzzle", "source", "shown": ["number/3", ...], "facts": [atoms]}
    {"event": "decide", "level": L, "literal": "number(2,3,5)" | "not number(...)" |
     null (a rule body), "shown": bool}
    {"event": "propagate", "level": L, "true": [shown atoms], "false": N}
    {"event": "backjump", "from": L1, "to": L2}
    {"event": "model", "number": N, "atoms": [shown atoms]}
    {"event": "end", "status", "models", "complete", "choices", "conflicts",
     "events", "truncated"}

`frames(events)` replays them into board states: what is true at each step, which of
it was decided and which propagated. The recorder is an `Observer` of the one runner's
search (`runner.solve`), so the search recorded is a solve's, with its limits.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo
from clingo import Symbol

from . import runner
from .program import shown_signatures

# Recording stops (the search goes on) after this many events.
MAX_EVENTS = 100_000


class Recorder:
    """A clingo propagator that records the search and never changes it."""

    def __init__(self, shown: frozenset[tuple[str, int]], max_events: int = MAX_EVENTS
                 ) -> None:
        self.shown = shown
        self.max_events = max_events
        self.events: list[dict[str, Any]] = []
        self.truncated = False
        self.facts: list[str] = []
        self.names: dict[int, list[str]] = {}  # solver literal -> shown atoms it stands for
        self.any_name: dict[int, str] = {}     # solver literal -> some atom (decisions)
        self.level = 0
        self.models = 0

    def emit(self, event: dict[str, Any]) -> None:
        if len(self.events) < self.max_events:
            self.events.append(event)
        else:
            self.truncated = True

    # -- the propagator's hooks --
    def init(self, init: clingo.PropagateInit) -> None:
        assignment = init.assignment
        for atom in init.symbolic_atoms:
            symbol = atom.symbol
            literal = init.solver_literal(atom.literal)
            is_shown = (symbol.name, len(symbol.arguments)) in self.shown
            if assignment.is_true(literal):
                if is_shown:
                    self.facts.append(str(symbol))
                continue
            if assignment.is_false(literal):
                continue
            self.any_name.setdefault(literal, str(symbol))
            if is_shown:
                if literal not in self.names:
                    init.add_watch(literal)
                    init.add_watch(-literal)
                self.names.setdefault(literal, []).append(str(symbol))

    def decide(self, thread_id: int, assignment: clingo.Assignment, fallback: int) -> int:
        level = assignment.decision_level - assignment.root_level
        self._jumped(level)
        self.level = level + 1
        name = self.any_name.get(abs(fallback))
        literal = None if name is None else (name if fallback > 0 else f"not {name}")
        self.emit({"event": "decide", "level": level + 1, "literal": literal,
                   "shown": abs(fallback) in self.names})
        return fallback

    def propagate(self, control: clingo.PropagateControl, changes: Sequence[int]) -> None:
        assignment = control.assignment
        level = max(assignment.decision_level - assignment.root_level, 0)
        self._jumped(level)
        self.level = level
        true: list[str] = []
        false = 0
        for literal in changes:
            if literal in self.names:
                true.extend(self.names[literal])
            elif -literal in self.names:
                false += len(self.names[-literal])
        if true or false:
            self.emit({"event": "propagate", "level": level, "true": sorted(true),
                       "false": false})

    def _jumped(self, level: int) -> None:
        if level < self.level:
            self.emit({"event": "backjump", "from": self.level, "to": level})
            self.level = level

    def model(self, symbols: Iterable[Symbol]) -> None:
        self.models += 1
        self.emit({"event": "model", "number": self.models,
                   "atoms": sorted(str(symbol) for symbol in symbols)})


@dataclass
class Trace:
    """A recorded search: its events (start first, end last)."""

    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def end(self) -> dict[str, Any]:
        return self.events[-1]

    def jsonl(self) -> str:
        import json
        return "".join(json.dumps(event) + "\n" for event in self.events)


def record(encoding: Path, facts: Iterable[Symbol], limits: runner.Limits, puzzle: str = "",
           source: str = "", max_events: int = MAX_EVENTS,
           deadline: float | None = None) -> Trace:
    """Ground and solve as `runner.solve` does, with one thread, recording the search
    until `deadline` (a `time.perf_counter()` time)."""
    recorder = Recorder(shown_signatures(encoding), max_events)
    time_limit = None if deadline is None else max(0.0, deadline - time.perf_counter())
    found = runner.solve(encoding, facts, limits._replace(threads=1, time_limit=time_limit),
                         observer=recorder)
    start = {"event": "start", "puzzle": puzzle, "source": source,
             "shown": sorted(f"{name}/{arity}" for name, arity in recorder.shown),
             "facts": sorted(recorder.facts)}
    end = {"event": "end", "status": found.status, "models": recorder.models,
           "complete": found.complete, "choices": int(found.stats["choices"]),
           "conflicts": int(found.stats["conflicts"]), "events": len(recorder.events),
           "truncated": recorder.truncated}
    return Trace([start, *recorder.events, end])


@dataclass(frozen=True)
class Frame:
    """The board after one event: the shown atoms true, the one event that led here."""

    event: dict[str, Any]
    true: frozenset[str]
    decided: frozenset[str]     # set true by this step's decision
    propagated: frozenset[str]  # set true by propagation at this step
    level: int


def frames(events: Sequence[dict[str, Any]]) -> list[Frame]:
    """Replay the events: per step, what is true (levels above a jump are undone)."""
    by_level: dict[int, set[str]] = {0: set()}
    facts: frozenset[str] = frozenset()
    found: list[Frame] = []
    level = 0
    pending_decision: str | None = None
    for event in events:
        kind = event["event"]
        decided: frozenset[str] = frozenset()
        propagated: frozenset[str] = frozenset()
        if kind == "start":
            facts = frozenset(event.get("facts", ()))
        elif kind == "decide":
            level = event["level"]
            for deeper in [lv for lv in by_level if lv >= level]:
                del by_level[deeper]
            by_level[level] = set()
            literal = event["literal"]
            pending_decision = literal if event["shown"] and literal and \
                not literal.startswith("not ") else None
        elif kind == "propagate":
            level = event["level"]
            for deeper in [lv for lv in by_level if lv > level]:
                del by_level[deeper]
            new = set(event["true"]) - set().union(*by_level.values())
            by_level.setdefault(level, set()).update(new)
            if pending_decision is not None and pending_decision in new:
                decided = frozenset({pending_decision})
                new.discard(pending_decision)
            pending_decision = None
            propagated = frozenset(new)
        elif kind == "backjump":
            level = event["to"]
            for deeper in [lv for lv in by_level if lv > level]:
                del by_level[deeper]
        true = facts | frozenset().union(*by_level.values())
        if kind == "model":
            true = facts | frozenset(event["atoms"])
        found.append(Frame(event, true, decided, propagated, level))
    return found
