"""A walk through a puzzle as justified steps, and the rules in a conflict.

`walk` solves the puzzle once (the values to explain), then asks an `Explainer`
(`why.py`) for one step after another, each taking what the steps before found as
known. The values the clues give directly (a given number: one rule instance that reads
nothing but that value fixes it) are known from the start. A walk stopped by its
deadline or Ctrl-C keeps the steps it made.

`rules_in_conflict` finds, for clues that cannot hold together, a minimal set of the
encoding's rules under which they still cannot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import clingo

from .. import program, runner
from ..puzzle import Instance
from . import control, programs
from .named import NamedRule
from .why import Explainer, Step

Signature = tuple[str, int]


class Walk(NamedTuple):
    """Steps from the clues towards the solution: the values known from the start (the
    clues give them), the steps, the values left (none when the walk reached the
    solution), and how it ended: "solved", "stuck" (no value is forced from here:
    the puzzle has several solutions), "unsolvable", or the runner's TIMEOUT or
    INTERRUPTED."""

    start: tuple[clingo.Symbol, ...]
    steps: tuple[Step, ...]
    left: int
    status: str
    checks: int
    fixed: tuple[clingo.Symbol, ...] = ()  # shown atoms the grounding alone gives (boxes)


def answer_signatures(encoding: Path, instance: Instance[Any]) -> set[Signature]:
    """The predicates of an answer: those the encoding shows that are not input facts."""
    given = {(sym.name, len(sym.arguments)) for sym in instance.facts}
    return {sig for sig in program.shown_signatures(encoding) if sig not in given}


def walk(encoding: Path, instance: Instance[Any], limits: runner.Limits, deadline: float | None,
         most: int | None = None, told: Callable[[int, int], None] | None = None) -> Walk:
    """Up to `most` steps (None: to the end); `told(steps made, values left)` once the
    walk is prepared (0 steps) and after each step."""
    signatures = answer_signatures(encoding, instance)
    found = runner.solve(encoding, instance.facts, limits._replace(models=1, keep=1,
                                                                     optimise=False))
    if found.status in (runner.TIMEOUT, runner.INTERRUPTED):
        raise runner.Abandoned(found.status, 0.0)
    if not found.answers:
        return Walk((), (), 0, "unsolvable", 1)
    solution = [sym for sym in found.answers[0].symbols
                if (sym.name, len(sym.arguments)) in signatures]
    explainer = Explainer(encoding, instance, signatures, limits, deadline)
    targets = sorted(explainer.literal[sym] for sym in solution if sym in explainer.literal)
    start = explainer.givens(targets)
    known = list(start)
    steps: list[Step] = []
    status = "solved"
    if told is not None:
        told(0, len(targets) - len(known))
    try:
        while True:
            left = [target for target in targets if target not in set(known)]
            if not left:
                break
            if most is not None and len(steps) >= most:
                status = "stopped"
                break
            step = explainer.step(known, left)
            if step is None:
                status = "stuck"
                break
            steps.append(step)
            known.append(explainer.literal[step.atom])
            if told is not None:
                told(len(steps), len(left) - 1)
    except runner.Abandoned as stop:
        status = stop.status
    left_count = len([target for target in targets if target not in set(known)])
    return Walk(tuple(explainer.answer[literal] for literal in start), tuple(steps),
                left_count, status, explainer.checks + 1, tuple(explainer.fixed))


def rules_in_conflict(encoding: Path, facts: Sequence[clingo.Symbol], limits: runner.Limits,
                      deadline: float | None) -> list[NamedRule]:
    """A minimal set of rules under which the `facts` have no answer set (every rule's
    instances switched on or off together); empty when they have none even without any
    rule an answer can break (the generating rules alone fail)."""
    args = control.arguments(limits, ["--opt-mode=ignore", "--models=1"])
    ctl, rules = control.grounded(encoding, facts, programs.SWITCHED, args, deadline)
    switches: dict[int, list[int]] = {}
    for atom in ctl.symbolic_atoms.by_signature(programs.ON, 2):
        switches.setdefault(atom.symbol.arguments[0].number, []).append(atom.literal)

    def unsatisfiable(numbers: Sequence[int]) -> bool:
        on = [literal for number in numbers for literal in switches[number]]
        return bool(control.search(ctl, deadline, on).unsatisfiable)

    kept = sorted(switches)
    if not unsatisfiable(kept):
        return []
    for number in list(kept):
        trial = [n for n in kept if n != number]
        if unsatisfiable(trial):
            kept = trial
    return [rules[number] for number in kept]
