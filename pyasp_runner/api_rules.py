"""The Python API's questions about rules (`pyasp_runner.check`, `pyasp_runner.why`;
docs/checking.md): a player's answer checked against the named rules, and the
deductions that lead to the solution with the rules that force each. `api.py` names
them with the rest of the API."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .session import Outcome, Session, Settings

__all__ = ["Checked", "Judged", "Steps", "check", "why"]


def _session(puzzle: str, text: str, source: str, time_limit: float | None,
             **settings: Any) -> Session:
    """The session of a call: its settings, the time limit counted from now."""
    return Session.open(puzzle, text, source=source, settings=Settings(**settings),
                        time_limit=time_limit)


@dataclass
class Judged:
    """A question about rules (`check`, `why`): its status and the envelope's object
    (`docs/checking.md`); in a notebook its board (the broken places marked, or the
    last step's cell)."""

    puzzle: str
    status: str
    data: dict[str, Any] = field(default_factory=dict, repr=False)
    outcome: Outcome | None = field(default=None, repr=False)

    def envelope(self) -> dict[str, Any]:
        return dict(self.data)

    def _repr_svg_(self) -> str | None:
        boards = self.outcome.boards() if self.outcome is not None else []
        if not boards:
            return None
        from .board.svg import svg

        return svg(boards, self.puzzle)


@dataclass
class Checked(Judged):
    """A player's answer checked: status "correct", "broken" (a rule broken) or
    "incomplete" (no rule broken so far, cells open); `violations`: each broken rule's
    instance with its name, values, places and clues."""

    correct: bool = False
    violations: list[dict[str, Any]] = field(default_factory=list)
    open: int = 0
    completable: bool | None = None


@dataclass
class Steps(Judged):
    """Justified steps: `steps` (each the cell and value fixed, how, and the rule
    instances and clues that force it), `start` (the cells the clues give), `left`
    (values not reached), `end` ("solved", "stuck", "stopped", ...)."""

    steps: list[dict[str, Any]] = field(default_factory=list)
    start: list[list[int]] = field(default_factory=list)
    left: int = 0
    end: str = ""


def check(puzzle: str, text: str, answer: str, *, source: str = "<text>",
          answer_source: str = "<answer>", time_limit: float | None = None,
          **settings: Any) -> Checked:
    """Check a player's `answer` (the `--json` solution object, or the puzzle's own text
    with the cells filled in) against the rules: which rules it breaks, and where.
    `settings`: as `solve` takes them (`encoding`, `options`, ...). Raises InputError
    for a malformed answer, `Stopped` at the time limit."""
    outcome = _session(puzzle, text, source, time_limit, **settings).check(
        answer, source=answer_source)
    data = outcome.envelope()
    found = data["check"]
    return Checked(outcome.puzzle.name, data["status"], data, outcome, found["correct"],
                   found["violations"], found["open"], found["completable"])


def why(puzzle: str, text: str, *, steps: bool = False, source: str = "<text>",
        time_limit: float | None = None, **settings: Any) -> Steps:
    """The next deduction a person could make, with the rule instances and clues that
    force it by propagation alone; with `steps`, one after another to the solution. A
    walk stopped by the time limit keeps its steps (its `end` says so)."""
    outcome = _session(puzzle, text, source, time_limit, **settings).why(steps=steps)
    data = outcome.envelope()
    walked = data["steps"]
    return Steps(outcome.puzzle.name, data["status"], data, outcome, walked["steps"],
                 walked["start"], walked["left"], walked["end"])
