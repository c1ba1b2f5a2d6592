"""Checking a player's answer against the rules: which rules it breaks, and where.

The encoding's rules are made soft (`programs.CHECK`): each broken instance of a rule
is an atom. The answer's atoms are assumed (a filled cell: its value true, the cell's
other values false); what it leaves open is free. Among the completions, those that
break the fewest rules are the models, and the instances broken in every one of them
(clingo's cautious consequences of the optimal models) are what the answer already
breaks: a complete answer has one completion, itself. A partial answer is also solved
once with the rules as they are, to tell whether it can still be completed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import clingo

from .. import runner
from ..player import PlayerAnswer
from ..puzzle import Answer, Instance, facts_text
from . import control, programs
from .named import CHOICE, NamedRule

Signature = tuple[str, int]


class Violation(NamedTuple):
    """One broken instance of a rule: the values of its variables, the answer atoms it
    concerns (those the answer holds, else every one it looks at) and the author's clues
    it concerns."""

    rule: NamedRule
    values: tuple[clingo.Symbol, ...]
    atoms: tuple[clingo.Symbol, ...]
    clues: tuple[clingo.Symbol, ...]

    @property
    def binding(self) -> str:
        """The values of the rule's variables: `R=3, H=5` (empty for an answer's value
        that the rules never allow, which is no instance of the rule)."""
        if len(self.values) != len(self.rule.variables):
            return ""
        return ", ".join(f"{name}={value}" for name, value in
                         zip(self.rule.variables, self.values, strict=True))


class Checked(NamedTuple):
    """What checking found: the broken instances (none: no rule broken so far), the
    answer read, the answer as shown atoms to draw (its atoms and the clues), for a
    partial answer whether the rules still let it be completed (None: it is complete),
    and whether the instances listed are broken however the answer is read (`certain`;
    False: every reading breaks some rule, but not always the same one, as where helper
    atoms the answer does not show can be chosen several ways: those listed are one
    reading's among those that break the fewest)."""

    violations: tuple[Violation, ...]
    answer: PlayerAnswer
    drawn: Answer
    completable: bool | None
    certain: bool = True

    @property
    def correct(self) -> bool:
        return not self.violations and self.answer.complete


def check(encoding: Path, instance: Instance, player: PlayerAnswer, limits: runner.Limits,
          deadline: float | None = None) -> Checked:
    """Check the `player`'s answer to `instance` against the rules of `encoding`."""
    shown = runner.shown_signatures(encoding)
    given = {(sym.name, len(sym.arguments)) for sym in instance.facts}
    answer_signatures = {sig for sig in shown if sig not in given}
    answer_signatures |= {(sym.name, len(sym.arguments)) for sym in player.atoms}
    args = control.arguments(limits, ["--opt-mode=optN", "--opt-strategy=usc",
                                      "--enum-mode=cautious", "--models=0"])
    ctl, rules = control.grounded(encoding, instance.facts, programs.CHECK, args, deadline)
    atoms = ctl.symbolic_atoms
    impossible = [sym for sym in player.atoms if atoms[sym] is None]
    assumptions = [(sym, True) for sym in player.atoms if atoms[sym] is not None]
    stated = set(player.atoms)
    decides = player.decider()
    for name, arity in answer_signatures:
        for atom in atoms.by_signature(name, arity):
            if atom.symbol not in stated and decides(atom.symbol):
                assumptions.append((atom.symbol, False))
    last: list[clingo.Symbol] = []  # the consequences of the best completions so far
    first: list[clingo.Symbol] = []  # the first completion found at the best cost
    best: list[tuple[int, ...]] = []

    def on_model(model: clingo.Model) -> None:
        symbols = model.symbols(shown=True)
        cost = tuple(model.cost)
        if not best or cost < best[0]:
            best[:] = [cost]
            first[:] = symbols
        last[:] = symbols

    result = control.search(ctl, deadline, assumptions, on_model)
    if not result.satisfiable:
        # Every rule is soft: only the rules' own definitions can fail (an edited
        # encoding whose helper atoms contradict the answer).
        raise RuntimeError("checking found no completion at all: a rule outside the "
                           "constraints contradicts the answer")
    certain = any(sym.name == programs.BROKEN for sym in last)
    chosen = last if certain or not (best and any(best[0])) else first
    clue_set = set(instance.clues)
    looked_at = places(ctl, [sym for sym in chosen if sym.name == programs.BROKEN], deadline)
    violations = [_violation(rules, sym, set(chosen), looked_at, answer_signatures, clue_set)
                  for sym in chosen if sym.name == programs.BROKEN]
    violations += [_impossible(rules, sym, ctl) for sym in impossible]
    ours = {programs.BROKEN, programs.PLACE}
    drawn = Answer(tuple(sorted(
        [*(sym for sym in last if sym.name not in ours
           and (sym.name, len(sym.arguments)) not in answer_signatures),
         *player.atoms])))
    completable = None if player.complete else _completable(encoding, instance, player,
                                                            limits, deadline)
    return Checked(tuple(sorted(violations, key=_order)), player, drawn, completable,
                   certain or not violations)


def places(ctl: clingo.Control, broken: Sequence[clingo.Symbol], deadline: float | None,
           ) -> dict[tuple[clingo.Symbol, clingo.Symbol], list[clingo.Symbol]]:
    """The atoms each of the `broken` instances looks at, by (rule number, values): the
    `_place` atoms of the places' program part, grounded for these instances, true or
    not (an aggregate's elements that do not hold are looked at too)."""
    found: dict[tuple[clingo.Symbol, clingo.Symbol], list[clingo.Symbol]] = {}
    if not broken:
        return found
    reported = [clingo.Function(programs.REPORTED, sym.arguments) for sym in broken]
    ctl.add(programs.PLACES, [], facts_text(reported))
    control.ground_part(ctl, programs.PLACES, deadline)
    for atom in ctl.symbolic_atoms.by_signature(programs.PLACE, 3):
        index, values, looked_at = atom.symbol.arguments
        found.setdefault((index, values), []).append(looked_at)
    return found


def _violation(rules: Sequence[NamedRule], broken: clingo.Symbol, model: set[clingo.Symbol],
               looked_at: dict[tuple[clingo.Symbol, clingo.Symbol], list[clingo.Symbol]],
               answer_signatures: set[Signature], clues: set[clingo.Symbol]) -> Violation:
    index, values = broken.arguments
    rule = rules[index.number]
    seen = looked_at.get((index, values), [])
    answer_atoms = [sym for sym in seen if sym.type == clingo.SymbolType.Function
                    and (sym.name, len(sym.arguments)) in answer_signatures]
    held = [sym for sym in answer_atoms if sym in model]
    return Violation(rule, tuple(values.arguments), tuple(sorted(set(held or answer_atoms))),
                     tuple(sorted({sym for sym in seen if sym in clues})))


def _impossible(rules: Sequence[NamedRule], atom: clingo.Symbol,
                ctl: clingo.Control) -> Violation:
    """An answer atom the rules never allow (the grounding has no such atom): a breach of
    the choice that generates its predicate."""
    from .named import NamedRule as Rule

    signature = (atom.name, len(atom.arguments))
    choices = [rule for rule in rules if signature in rule.generates]
    rule = choices[0] if choices else Rule(-1, "the values the rules allow", False,
                                           CHOICE, (), False, "", 0, (signature,))
    return Violation(rule, (), (atom,), ())


def _order(violation: Violation) -> tuple[int, tuple[clingo.Symbol, ...]]:
    return violation.rule.number, violation.values


def _completable(encoding: Path, instance: Instance, player: PlayerAnswer,
                 limits: runner.Limits, deadline: float | None) -> bool:
    """Whether some solution of the rules as they are holds the answer's atoms."""
    if deadline is not None:
        import time

        limits = limits._replace(time_limit=max(deadline - time.perf_counter(), 0.001))
    session = runner.Session(encoding, instance.facts, (), limits._replace(models=1),
                             deadline)
    return session.count(set(), deadline, player.atoms) > 0
