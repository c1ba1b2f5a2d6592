"""Why a value is forced: the clues and rule instances under which propagation alone
fixes it, and a walk through a puzzle as such steps.

The encoding is grounded once with every rule switchable per instance
(`programs.SWITCHED`: rule `I` for the values `T` holds only while `_on(I, T)` is
assumed). A value `a` is explained by a set S of instances when clasp's unit
propagation, from what is already known, S switched on and `a` assumed false, meets a
conflict before its first decision (so no search was needed: a person following the
rules of S sees it). The explanation is made small in three moves:

1. the instances are ordered by how near they are to `a`: an instance looks at the
   answer atoms its ground rules depend on (its cone, read from the ground program with
   a clingo `Observer`); those that look at `a` come first, then those that look at what
   they look at, and so on;
2. every instance is switched on, the nearest first, and when propagation refutes `a`
   being false, clasp's core (the assumptions its conflict rests on) is taken;
3. the core is shrunk by deletion: an instance goes when the rest still refutes.

The next step of a walk is the value with the smallest explanation found, first in
reading order among equals. A value that no propagation fixes is fixed by search (a
full solve refutes it being false) and says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import clingo

from .. import runner
from ..puzzle import Instance
from . import control, programs
from .named import NamedRule

PROPAGATION, SEARCH = "propagation", "search"
MAX_LEVELS = 4  # rings of instances around a value before switching every instance on
SHRINK_FIRST = 4  # candidates whose cores are shrunk each step, the smallest cores first


class Reason(NamedTuple):
    """One instance of a rule in an explanation: the values of its variables and the
    author's clues it reads."""

    rule: NamedRule
    values: tuple[clingo.Symbol, ...]
    clues: tuple[clingo.Symbol, ...]

    @property
    def binding(self) -> str:
        return ", ".join(f"{name}={value}" for name, value in
                         zip(self.rule.variables, self.values, strict=True))


class Step(NamedTuple):
    """A deduction: the answer atom it fixes, the instances that force it, and how:
    PROPAGATION (no search) or SEARCH (the rules refute every other value only after
    trying)."""

    atom: clingo.Symbol
    reasons: tuple[Reason, ...]
    kind: str


class _FirstDecision:
    """A propagator that stops a search at its first decision: what propagation alone
    set by then is read (the `watched` program literals that are true), and the search
    is interrupted (no dive follows). `made` says whether a decision was reached: a
    conflict found without one was reached by propagation alone."""

    def __init__(self, ctl: clingo.Control, watched: Sequence[int]) -> None:
        self.ctl = ctl
        self.watched = list(watched)
        self.solver_literals: list[int] | None = None
        self.made = False
        self.reading = False  # read the watched literals at the first decision
        self.true: list[int] = []

    def init(self, init: clingo.PropagateInit) -> None:
        # Called before every search; the program does not change between them, nor
        # does the solver literal of a program literal.
        if self.solver_literals is None:
            self.solver_literals = [init.solver_literal(literal) for literal in self.watched]

    def decide(self, thread_id: int, assignment: clingo.Assignment, fallback: int) -> int:
        if not self.made:
            self.made = True
            if self.reading and self.solver_literals is not None:
                self.true = [literal for literal, solver in
                             zip(self.watched, self.solver_literals, strict=True)
                             if assignment.is_true(solver)]
            self.ctl.interrupt()
        return fallback


class _Cones:
    """The ground program's rules by head atom, recorded while grounding (a clingo
    `Observer`), to find the answer atoms each instance depends on."""

    def __init__(self) -> None:
        self.bodies: dict[int, list[Sequence[int]]] = {}

    def rule(self, choice: bool, head: Sequence[int], body: Sequence[int]) -> None:
        for atom in head:
            self.bodies.setdefault(atom, []).append(body)

    def weight_rule(self, choice: bool, head: Sequence[int], lower_bound: int,
                    body: Sequence[tuple[int, int]]) -> None:
        literals = [literal for literal, _ in body]
        for atom in head:
            self.bodies.setdefault(atom, []).append(literals)

    def cone(self, atom: int, answer: set[int], memo: dict[int, frozenset[int]]
             ) -> frozenset[int]:
        """The answer atoms `atom` depends on (through rules, never past an answer atom)."""
        if atom in memo:
            return memo[atom]
        if atom in answer:
            return frozenset((atom,))
        memo[atom] = frozenset()  # a cycle adds nothing new
        found: set[int] = set()
        stack = [atom]
        seen = {atom}
        while stack:
            current = stack.pop()
            for body in self.bodies.get(current, ()):
                for literal in body:
                    inner = abs(literal)
                    if inner in answer:
                        found.add(inner)
                    elif inner in memo and inner != atom:
                        found |= memo[inner]
                    elif inner not in seen:
                        seen.add(inner)
                        stack.append(inner)
        memo[atom] = frozenset(found)
        return memo[atom]


class Explainer:
    """One grounding of a puzzle with its rules switchable, asked why values hold."""

    def __init__(self, encoding: Path, instance: Instance[Any],
                 answer_signatures: Iterable[tuple[str, int]], limits: runner.Limits,
                 deadline: float | None = None) -> None:
        self.deadline = deadline
        self.checks = 0
        args = control.arguments(limits, ["--opt-mode=ignore", "--models=1"])
        self.cones = _Cones()
        self.ctl, self.rules = control.grounded(encoding, instance.facts, programs.SWITCHED,
                                                args, deadline, observer=self.cones)
        atoms = self.ctl.symbolic_atoms
        signatures = set(answer_signatures)
        self.answer: dict[int, clingo.Symbol] = {}
        # Shown atoms that grounding alone makes facts (boxes, from the grid's size):
        # nothing to deduce, but part of every board drawn.
        self.fixed: list[clingo.Symbol] = []
        for name, arity in signatures:
            found = list(atoms.by_signature(name, arity))
            if found and all(atom.is_fact for atom in found):
                self.fixed += sorted(atom.symbol for atom in found)
                continue
            for atom in found:
                self.answer[atom.literal] = atom.symbol
        self.literal = {symbol: literal for literal, symbol in self.answer.items()}
        clues = set(instance.clues)
        looked_at: dict[tuple[clingo.Symbol, clingo.Symbol], list[clingo.Symbol]] = {}
        for atom in atoms.by_signature(programs.PLACE, 3):
            index, values, seen = atom.symbol.arguments
            if seen in clues:
                looked_at.setdefault((index, values), []).append(seen)
        self.switches: list[int] = []  # the `_on` literal of each instance
        self.reasons: list[Reason] = []
        self.looks_at: list[frozenset[int]] = []  # each instance's cone
        memo: dict[int, frozenset[int]] = {}
        answer = set(self.answer)
        for atom in atoms.by_signature(programs.ON, 2):
            index, values = atom.symbol.arguments
            broken = atoms[clingo.Function(programs.BROKEN, [index, values])]
            assert broken is not None
            self.switches.append(atom.literal)
            self.reasons.append(Reason(self.rules[index.number], tuple(values.arguments),
                                       tuple(sorted(looked_at.get((index, values), ())))))
            self.looks_at.append(self.cones.cone(broken.literal, answer, memo))
        self.readers: dict[int, list[int]] = {}  # answer atom -> instances looking at it
        for number, cone in enumerate(self.looks_at):
            for literal in cone:
                self.readers.setdefault(literal, []).append(number)
        self.first = _FirstDecision(self.ctl, sorted(self.answer))
        self.ctl.register_propagator(self.first)  # type: ignore[arg-type]

    def refuted(self, known: Sequence[int], target: int, on: Sequence[int]) -> list[int] | None:
        """Whether propagation alone, from the `known` literals and the instances `on`
        switched on, refutes the `target` literal being false: the instances of clasp's
        core if so (the assumptions its conflict rests on), None if not."""
        core: list[int] = []
        result = self._propagate([*known, -target, *(self.switches[n] for n in on)],
                                 core.extend)
        if not result.unsatisfiable or self.first.made:
            return None
        in_core = set(core)
        return [n for n in on if self.switches[n] in in_core]

    def propagated(self, known: Sequence[int]) -> set[int]:
        """The answer atoms (literals) propagation sets true from the `known` literals
        with every instance on."""
        self.first.reading = True
        try:
            result = self._propagate([*known, *self.switches])
        finally:
            self.first.reading = False
        if result.unsatisfiable:
            raise RuntimeError("what is known contradicts the rules")
        return set(self.first.true)

    def _propagate(self, assumptions: Sequence[int],
                   on_core: Callable[[Sequence[int]], None] | None = None,
                   ) -> clingo.SolveResult:
        """A search stopped at its first decision (`_FirstDecision`)."""
        self._check_deadline()
        self.checks += 1
        self.first.made = False
        self.first.true = []
        return self.ctl.solve(assumptions=list(assumptions), on_core=on_core)

    def _check_deadline(self) -> None:
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise runner.Abandoned(runner.TIMEOUT, 0.0)

    def rings(self, target: int) -> list[list[int]]:
        """The instances around `target`, ring by ring: those that look at it, then
        those that look at what the first ring looks at, and so on; the last ring holds
        every instance left."""
        reached: set[int] = set()
        atoms = {target}
        rings: list[list[int]] = []
        for _ in range(MAX_LEVELS):
            ring = sorted({n for atom in atoms for n in self.readers.get(atom, ())
                           if n not in reached})
            if not ring:
                break
            rings.append(ring)
            reached.update(ring)
            atoms = {atom for n in ring for atom in self.looks_at[n]}
        rest = [n for n in range(len(self.switches)) if n not in reached]
        if rest:
            rings.append(rest)
        return rings

    def core(self, known: Sequence[int], target: int) -> list[int] | None:
        """A core of instances under which propagation refutes the target's negation
        (None: propagation does not, even with every instance on). Every instance is
        switched on, those nearest the target first: clasp's core holds the assumptions
        its conflict rests on, and assumed first, the near ones are what it finds."""
        return self.refuted(known, target, [n for ring in self.rings(target) for n in ring])

    def shrink(self, known: Sequence[int], target: int, core: list[int]) -> list[int]:
        """The core made minimal by deletion: without any one of its instances,
        propagation no longer refutes."""
        kept = list(core)
        index = 0
        while index < len(kept):
            trial = kept[:index] + kept[index + 1:]
            smaller = self.refuted(known, target, trial)
            if smaller is None:
                index += 1
            else:  # what the trial's own core needs, which may be less than the trial
                needed = set(smaller)
                kept = [n for n in trial if n in needed]
        return kept

    def by_search(self, known: Sequence[int], target: int) -> list[int] | None:
        """Instances under which a full search refutes the target's negation, made
        minimal by deletion (None: not refuted: the target is not forced)."""
        every = list(range(len(self.switches)))
        if not self._search_refutes(known, target, every):
            return None
        kept = every
        for number in list(every):
            trial = [n for n in kept if n != number]
            if self._search_refutes(known, target, trial):
                kept = trial
        return kept

    def _search_refutes(self, known: Sequence[int], target: int, on: Sequence[int]) -> bool:
        self._check_deadline()
        self.checks += 1
        self.first.made = True  # no stop at the first decision: a full search
        assumptions = [*known, -target, *(self.switches[n] for n in on)]
        return bool(control.search(self.ctl, self.deadline, assumptions).unsatisfiable)

    def step(self, known: Sequence[int], targets: Sequence[int]) -> Step | None:
        """The next deduction among `targets` (literals of answer atoms not yet known):
        the one with the smallest explanation by propagation, else one by search.

        Those that propagation sets from what is known (one search) are explained, else
        each target whose negation propagation refutes (a search each)."""
        wanted = set(targets)
        fixed = sorted(self.propagated(known) & wanted)
        cores = []
        for target in fixed or targets:
            found = self.core(known, target)
            if found is not None:
                cores.append((len(found), target, found))
        if cores:
            cores.sort()
            best: tuple[int, int, list[int]] | None = None
            for _, target, found in cores[:SHRINK_FIRST]:
                small = self.shrink(known, target, found)
                if best is None or (len(small), target) < (len(best[2]), best[1]):
                    best = (len(small), target, small)
            assert best is not None
            return self._step(best[1], best[2], PROPAGATION)
        for target in targets:
            found = self.by_search(known, target)
            if found is not None:
                return self._step(target, found, SEARCH)
        return None

    def _step(self, target: int, instances: Sequence[int], kind: str) -> Step:
        reasons = tuple(sorted((self.reasons[n] for n in instances),
                               key=lambda r: (r.rule.number, r.values)))
        return Step(self.answer[target], reasons, kind)

    def givens(self, targets: Iterable[int]) -> list[int]:
        """The targets an instance that looks at nothing else fixes alone (a given value:
        `:- given(R,C,V), not number(R,C,V).`)."""
        wanted = set(targets)
        found = []
        for number, cone in enumerate(self.looks_at):
            if len(cone) == 1:
                (target,) = cone
                if target in wanted and self.refuted((), target, [number]) is not None:
                    found.append(target)
                    wanted.discard(target)
        return sorted(found)
