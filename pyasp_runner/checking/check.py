"""Checking a player's answer against the rules: which rules it breaks, and where.

The encoding's rules are made soft (`programs.CHECK`): each broken instance of a rule
is an atom. The answer's atoms are assumed (a filled cell: its value true, the cell's
other values false); what it leaves open is free, and so are helper atoms the answer
does not show. A first search finds the fewest broken instances of any completion; if
that is none, no rule is broken (so far). Otherwise a partial answer already breaks the
instances broken in every completion (clingo's cautious consequences; perhaps none,
when each completion breaks another: then it cannot be completed), and a complete
answer those broken in every reading that breaks the fewest (its helper atoms chosen
otherwise break more); where no instance is (one reading breaks one rule, another
another), those of one such reading are reported, and said to be one reading's.

What an answer shows may be derived from helper atoms (a stone's placement gives the
fields it covers): an answer that no choice of them gives has no completion at all.
Then the derivations of the predicates in clasp's core (of the assumptions) are made
soft as well (`programs.build`'s `soft`): an atom that no derivation gives, or that a
derivation gives but the answer does not hold, breaks the rule that defines it, and
the fewest such are found with the rest. A partial answer is also solved once with
the rules as they are, to tell whether it can still be completed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

import clingo

from .. import program, runner
from ..player import PlayerAnswer
from ..puzzle import Answer, Instance, facts_text
from . import control, named, programs
from .named import NamedRule

Signature = tuple[str, int]
Assumption = tuple[clingo.Symbol, bool]


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
        """The values of the rule's variables: `R=3, H=5` (empty for a rule broken by the
        answer's atoms themselves, as where no derivation gives them)."""
        if not self.values or len(self.values) != len(self.rule.variables):
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


class _Best(NamedTuple):
    """The search's findings: the consequences of every completion (`last`: the rule
    instances it holds are broken in each), the first completion found that breaks the
    fewest (`first`), and that cost."""

    last: list[clingo.Symbol]
    first: list[clingo.Symbol]
    cost: tuple[int, ...]


def check(encoding: Path, instance: Instance[Any], player: PlayerAnswer, limits: runner.Limits,
          deadline: float | None = None) -> Checked:
    """Check the `player`'s answer to `instance` against the rules of `encoding`."""
    given = {(sym.name, len(sym.arguments)) for sym in instance.facts}
    signatures = {sig for sig in program.shown_signatures(encoding) if sig not in given}
    signatures |= {(sym.name, len(sym.arguments)) for sym in player.atoms}
    args = control.arguments(limits, ["--opt-mode=opt", "--opt-strategy=usc",
                                      "--models=0"])
    ctl, rules = control.grounded(encoding, instance.facts, programs.CHECK, args, deadline)
    atoms = ctl.symbolic_atoms
    player = _as_grounded(player, atoms)
    violations = [_breaks(rules, (sym,)) for sym in player.atoms if atoms[sym] is None]
    assumptions = _assumptions(ctl, player, signatures)
    best = _search(ctl, assumptions, player.complete, deadline)
    if best is None:
        # No choice of the helper atoms derives the answer (no placement of a stone
        # covers the fields the answer gives it): the derivations of the answer's
        # predicates in clasp's core become soft too, so that the fewest fields that no
        # derivation gives are found and reported as breaking it.
        core = _core(ctl, assumptions, deadline)
        defined = named.definitions(control.statements(encoding))
        derived = sorted({(sym.name, len(sym.arguments)) for sym, _ in core} & set(defined))
        soft = {signature: len(rules) + k for k, signature in enumerate(derived)}
        # The answer's atoms of those predicates may hold where nothing derives them
        # (a cell shaded where no piece can lie), breaking their definition.
        stated = [clingo.Function(programs.STATED, [sym]) for sym in player.atoms
                  if (sym.name, len(sym.arguments)) in soft]
        ctl, rules = control.grounded(encoding, (*instance.facts, *stated), programs.CHECK,
                                      args, deadline, soft=soft)
        rules = [*rules, *(defined[signature]._replace(number=number)
                           for signature, number in soft.items())]
        assumptions = _assumptions(ctl, player, signatures)
        best = _search(ctl, assumptions, player.complete, deadline)
    if best is None:
        raise RuntimeError("checking found no completion: the rules that define what an "
                           "answer shows contradict each other")
    certain = any(sym.name == programs.BROKEN for sym in best.last)
    # A complete answer that breaks some rule in every reading, but no rule in all of
    # them: one reading's. A partial answer: only what every completion breaks.
    chosen = best.first if player.complete and not certain else best.last
    broken = [sym for sym in chosen if sym.name == programs.BROKEN]
    looked_at = places(ctl, broken, deadline)
    clues = set(instance.clues)
    # The places of a broken instance: the answer's atoms it looks at, not shown atoms
    # that grounding alone gives (boxes from the grid's size).
    answer = {signature for signature in signatures
              if not _all_facts(ctl.symbolic_atoms, signature)}
    violations += [_violation(rules, sym, set(chosen), looked_at, answer, clues)
                   for sym in broken]
    ours = {programs.BROKEN, programs.PLACE}
    grounded = ctl.symbolic_atoms
    # Drawn: the answer, and what the rules derive beside it (and shown atoms grounding
    # alone gives, as boxes from the grid's size), not the values a completion chose.
    drawn = Answer(tuple(sorted(
        [*(sym for sym in best.last if sym.name not in ours
           and ((sym.name, len(sym.arguments)) not in signatures
                or _is_fact(grounded, sym))),
         *player.atoms, *player.drawn])))
    completable = None if player.complete else _completable(encoding, instance, player,
                                                            limits, deadline)
    if any(v.rule.kind == named.MINIMIZE for v in violations):
        violations = _optimised(encoding, instance, player, limits, deadline, ctl,
                                signatures, violations)
    # An atom no grounding holds is also stated and not derived (where its definition
    # was made soft): the same breach, reported once.
    bound = {(v.rule.name, v.atoms) for v in violations if v.values}
    unique = [v for v in violations if v.values or (v.rule.name, v.atoms) not in bound]
    # A value no rule allows leaves its place without an allowed one: the choice's bounds
    # broken there are that same breach (a 5 where the choice allows 1..4), reported once.
    illegal = {(v.rule.number, _place(sym)) for v in unique if not v.values
               for sym in v.atoms}
    unique = [v for v in unique if not (
        v.values and v.atoms and not set(v.atoms) & set(player.atoms)
        and all((v.rule.number, _place(sym)) in illegal for sym in v.atoms))]
    return Checked(tuple(sorted(unique, key=_order)), player, drawn, completable,
                   certain or not broken)


def _optimised(encoding: Path, instance: Instance[Any], player: PlayerAnswer,
               limits: runner.Limits, deadline: float | None, ctl: clingo.Control,
               signatures: set[Signature], violations: list[Violation]) -> list[Violation]:
    """The `violations` with those of `#minimize` rules judged against the best answer.

    Where the best answer costs nothing (every position of a stack of disks covered),
    each element an answer holds breaks the rule, as found. Where every answer costs
    something (the numbers of an expression, the penalties of a text), the rule is an
    aim, not a rule an answer can keep: a complete answer that keeps every other rule
    breaks it only by costing more than the best answer, and then by the instances the
    best does not hold; otherwise it is not reported."""
    grounding = runner.Grounding(encoding, instance.facts, (), limits, deadline)
    best = _optimum(grounding.ctl, [], deadline)
    if best is None or not any(best[0]):
        return violations
    others = [v for v in violations if v.rule.kind != named.MINIMIZE]
    if others or not player.complete:
        return others
    answer = _optimum(grounding.ctl, _assumptions(grounding.ctl, player, signatures),
                      deadline)
    if answer is None or answer[0] <= best[0]:
        return others
    shown = tuple(sym for sym in best[1] if (sym.name, len(sym.arguments)) in signatures)
    found = _search(ctl, _assumptions(ctl, player._replace(atoms=shown), signatures), True,
                    deadline)
    held = {(sym.arguments[0].number, tuple(sym.arguments[1].arguments))
            for sym in (found.last if found else []) if sym.name == programs.BROKEN}
    return [v for v in violations if (v.rule.number, v.values) not in held]


def _optimum(ctl: clingo.Control, assumptions: Sequence[Assumption], deadline: float | None
             ) -> tuple[tuple[int, ...], list[clingo.Symbol]] | None:
    """The best cost of the rules as they are under the assumptions, with the shown atoms
    of an answer that costs it (None: no answer)."""
    found: list[tuple[tuple[int, ...], list[clingo.Symbol]]] = []

    def on_model(model: clingo.Model) -> None:
        found[:] = [(tuple(model.cost), list(model.symbols(shown=True)))]

    with _settings(ctl, "opt", "auto", "0"):
        control.search(ctl, deadline, assumptions, on_model)
    return found[0] if found else None


def _all_facts(atoms: clingo.SymbolicAtoms, signature: Signature) -> bool:
    found = list(atoms.by_signature(*signature))
    return bool(found) and all(atom.is_fact for atom in found)


def _is_fact(atoms: clingo.SymbolicAtoms, sym: clingo.Symbol) -> bool:
    atom = atoms[sym]
    return atom is not None and atom.is_fact


def _as_grounded(player: PlayerAnswer, atoms: clingo.SymbolicAtoms) -> PlayerAnswer:
    """The answer's atoms in the form the rules hold them, where it holds them in
    another: a segment's ends the other way round, a name as a string or a constant."""
    def grounded(sym: clingo.Symbol) -> clingo.Symbol:
        if atoms[sym] is not None:
            return sym
        return next((other for other in _other_forms(sym) if atoms[other] is not None), sym)

    return player._replace(atoms=tuple(grounded(sym) for sym in player.atoms))


def _other_forms(sym: clingo.Symbol) -> Iterator[clingo.Symbol]:
    args = list(sym.arguments)
    if len(args) in (4, 5):  # a segment, [its strands]: from the other end
        yield clingo.Function(sym.name, [*args[2:4], *args[0:2], *args[4:]])
    for index, arg in enumerate(args):
        if arg.type == clingo.SymbolType.String:
            for name in (arg.string, arg.string.lower()):
                if name.isidentifier():
                    yield clingo.Function(sym.name, [*args[:index], clingo.Function(name),
                                                     *args[index + 1:]])


def _assumptions(ctl: clingo.Control, player: PlayerAnswer,
                 signatures: set[Signature]) -> list[Assumption]:
    """The answer's atoms true, and every other atom it decides false (a filled cell's
    other values); atoms the grounding does not hold are left out."""
    atoms = ctl.symbolic_atoms
    assumptions = [(sym, True) for sym in player.atoms if atoms[sym] is not None]
    stated = set(player.atoms)
    decides = player.decider()
    for name, arity in sorted(signatures):
        for atom in atoms.by_signature(name, arity):
            if atom.symbol not in stated and decides(atom.symbol):
                assumptions.append((atom.symbol, False))
    return assumptions


def _search(ctl: clingo.Control, assumptions: Sequence[Assumption], complete: bool,
            deadline: float | None) -> _Best | None:
    """The fewest rules any completion breaks, with the first completion found that
    breaks no more, and (when some rule must break) the instances broken in every
    completion of a partial answer, or in every reading of a complete answer that breaks
    the fewest (helper atoms chosen otherwise break more). None: no completion at all."""
    first: list[clingo.Symbol] = []
    best: list[tuple[int, ...]] = []

    def on_best(model: clingo.Model) -> None:
        cost = tuple(model.cost)
        if not best or cost < best[0]:
            best[:] = [cost]
            first[:] = model.symbols(shown=True)

    if not control.search(ctl, deadline, assumptions, on_best).satisfiable:
        return None
    cost = best[0] if best else ()
    if not any(cost):
        return _Best(first, first, cost)
    last: list[clingo.Symbol] = []

    def on_model(model: clingo.Model) -> None:
        last[:] = model.symbols(shown=True)

    with _settings(ctl, "optN" if complete else "ignore", "cautious", "0"):
        control.search(ctl, deadline, assumptions, on_model)
    return _Best(last, first, cost)


@contextmanager
def _settings(ctl: clingo.Control, opt_mode: str, enum_mode: str, models: str
              ) -> Iterator[None]:
    """clingo's optimisation, enumeration and number of models, changed for a while."""
    solve = ctl.configuration.solve
    assert isinstance(solve, clingo.Configuration)
    saved = (solve.opt_mode, solve.enum_mode, solve.models)
    solve.opt_mode, solve.enum_mode, solve.models = opt_mode, enum_mode, models
    try:
        yield
    finally:
        solve.opt_mode, solve.enum_mode, solve.models = saved


def _core(ctl: clingo.Control, assumptions: Sequence[Assumption],
          deadline: float | None) -> list[Assumption]:
    """A set of the assumptions that has no completion: clasp's core of a search for any
    one completion (not the best). It is not made minimal: each deletion would be a
    proof that no completion exists, as hard as the puzzle (a tiling)."""
    with _settings(ctl, "ignore", "auto", "1"):
        core: list[int] = []
        control.search(ctl, deadline, assumptions, on_core=core.extend)
        in_core = set(core)
        atoms = ctl.symbolic_atoms
        return [(sym, true) for sym, true in assumptions
                if (literal := _literal(atoms, sym)) in in_core or -literal in in_core]


def _literal(atoms: clingo.SymbolicAtoms, symbol: clingo.Symbol) -> int:
    atom = atoms[symbol]
    assert atom is not None  # only atoms of the grounding are assumed
    return atom.literal


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
               signatures: set[Signature], clues: set[clingo.Symbol]) -> Violation:
    index, values = broken.arguments
    rule = rules[index.number]
    seen = looked_at.get((index, values), [])
    answer_atoms = [sym for sym in seen if sym.type == clingo.SymbolType.Function
                    and (sym.name, len(sym.arguments)) in signatures]
    held = [sym for sym in answer_atoms if sym in model]
    return Violation(rule, tuple(values.arguments), tuple(sorted(set(held or answer_atoms))),
                     tuple(sorted({sym for sym in seen if sym in clues})))


def _breaks(rules: Sequence[NamedRule], atoms: Sequence[clingo.Symbol]) -> Violation:
    """Answer atoms that the grounding never holds (no rule allows them): a breach of
    the rule that chooses or defines their predicate."""
    signature = (atoms[0].name, len(atoms[0].arguments))
    rule = next((rule for rule in rules if signature in rule.generates), None) or NamedRule(
        -1, f"the values the rules allow for {signature[0]}/{signature[1]}", False,
        named.DEFINITION, (), False, "", 0, (signature,))
    return Violation(rule, (), tuple(sorted(atoms)), ())


def _place(sym: clingo.Symbol) -> tuple[str, tuple[clingo.Symbol, ...]]:
    """An atom without its last argument: where it puts a value (value(4,4,_))."""
    return sym.name, tuple(sym.arguments[:-1])


def _order(violation: Violation) -> tuple[int, tuple[clingo.Symbol, ...]]:
    return violation.rule.number, violation.values


def _completable(encoding: Path, instance: Instance[Any], player: PlayerAnswer,
                 limits: runner.Limits, deadline: float | None) -> bool:
    """Whether some solution of the rules as they are holds the answer's atoms."""
    if deadline is not None:
        limits = limits._replace(time_limit=max(deadline - time.perf_counter(), 0.001))
    grounding = runner.Grounding(encoding, instance.facts, (), limits._replace(models=1),
                                 deadline)
    return grounding.count(set(), deadline, player.atoms) > 0
