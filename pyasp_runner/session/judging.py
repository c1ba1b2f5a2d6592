"""The questions about rules, for every front end: is a player's answer right (and if
not, which rules does it break), why is a value forced, and which rules take part in
a conflict. `Session.check`, `Session.why` and `Session.explain` ask them here with the
session's loaded puzzle, settings and deadline; the work is `pyasp_runner.checking`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .. import runner
from ..errors import Stopped, UserError
from .loading import Loaded, Settings, question_limits
from .record import CHECK, STEPS, WHY, Outcome


def answered(question: Callable[[], Any]) -> Any:
    """A question about clues, whose stop (deadline, Ctrl-C) is `Stopped`: it has no
    partial answer."""
    try:
        return question()
    except runner.Abandoned as stop:
        raise Stopped(stop.status) from None


def check(loaded: Loaded, settings: Settings, deadline: float | None, answer: str,
          source: str) -> Outcome:
    """The player's `answer` (text of the file `source`) checked against the rules."""
    from ..checking import answers
    from ..checking.check import check as checked_answer

    started = time.perf_counter()
    player = answers.read(loaded.puzzle, loaded.instance, answer, source)
    limits = question_limits(loaded, settings)
    checked = answered(lambda: checked_answer(loaded.encoding, loaded.instance, player,
                                              limits, deadline))
    return Outcome(loaded, CHECK, None, checked=checked,
                   seconds=time.perf_counter() - started)


def why(loaded: Loaded, settings: Settings, deadline: float | None, steps: bool,
        told: Callable[[int, int], None] | None = None) -> Outcome:
    """The next deduction with the rule instances and clues that force it (`steps`:
    every deduction to the solution, numbered); a walk stopped by the deadline or
    Ctrl-C keeps its steps."""
    from ..checking import walk as walking

    refusal = loaded.puzzle.refuses_hint
    if refusal:
        raise UserError(f"--{'steps' if steps else 'hint --why'} does not apply: {refusal}")
    started = time.perf_counter()
    limits = question_limits(loaded, settings)
    walked = answered(lambda: walking.walk(loaded.encoding, loaded.instance, limits,
                                           deadline, None if steps else 1, told))
    return Outcome(loaded, STEPS if steps else WHY, None, walk=walked, checks=walked.checks,
                   seconds=time.perf_counter() - started)


def conflict_rules(loaded: Loaded, settings: Settings, deadline: float | None,
                   explained: Outcome) -> Outcome:
    """An explained conflict with the rules it needs: a minimal set of rules under which
    the conflict's clues still cannot hold together."""
    from ..checking.walk import rules_in_conflict

    if explained.conflict is None:
        return explained
    facts = (*loaded.instance.structure, *explained.conflict)
    limits = question_limits(loaded, settings)
    rules = answered(lambda: rules_in_conflict(loaded.encoding, facts, limits, deadline))
    return explained._replace(rules=tuple(rules))
