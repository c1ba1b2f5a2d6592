"""Reasoning about clues, for every puzzle: explain, hint and generate.

Every question is asked of the puzzle's own encoding with some subset of the author's
clues as facts, grounded afresh for that subset. Clues must stay facts: encodings prune
their domains with them in the grounder (a path puzzle grounds a number only near the
givens), so a clue switched off by an assumption would leave its pruning behind, and clues as
choice atoms instead would make that pruning ground for every subset at once.

- explain: clues are dropped, halves first, while the rest stays unsatisfiable, down
  to single clues (a deletion-based minimal unsatisfiable subset: without any one of
  its clues the rest has a solution);
- hints: the cautious consequences (true in every solution), and the atoms that unit
  propagation alone sets before the first decision;
- generate: a random full solution of an empty board, then clues dropped one by one
  while the solution stays unique (an inclusion-minimal clue set).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from clingo import Symbol

from . import runner
from .puzzle import Answer

Progress = Callable[[float, int], None]
"""Told (seconds since the question was asked, searches made so far) while it runs."""


class ClueProgram:
    """A puzzle's encoding and structure, asked questions about subsets of its clues.

    Every question is a search of the one runner (`runner.py`) with `limits` (preset,
    threads) and what is left of the time until `deadline`; a search stopped by the
    deadline or Ctrl-C raises `solve.Abandoned`, as no partial answer to a question
    about clues is an answer.

    A clue only ever removes solutions, so a set of clues is satisfiable when a superset
    of it was, and unsatisfiable when a subset of it was: such answers come from what
    was learned before, without grounding again.
    """

    def __init__(self, encoding: Path, structure: Sequence[Symbol], clues: Sequence[Symbol],
                 deadline: float | None = None, *, limits: runner.Limits | None = None,
                 progress: Progress | None = None) -> None:
        self.encoding = encoding
        self.structure = tuple(structure)
        self.clues = list(clues)
        self.deadline = deadline
        self.limits = limits or runner.Limits()
        self.progress = progress
        self.started = time.perf_counter()
        self.checks = 0  # groundings made so far
        self.satisfiable_sets: list[frozenset[Symbol]] = []
        self.unsatisfiable_sets: list[frozenset[Symbol]] = []

    def limits_for(self, models: int, seed: int | None = None,
                   consequences: str | None = None) -> runner.Limits:
        """This program's limits for one search: `models` answers, optimisation ignored,
        the time left until the deadline."""
        time_limit = self.limits.time_limit
        if self.deadline is not None:
            time_limit = self.deadline - time.perf_counter()
            if time_limit <= 0:
                raise runner.Abandoned(runner.TIMEOUT, time.perf_counter() - self.started)
        return replace(self.limits, models=models, keep=None, cap=0, time_limit=time_limit,
                       optimise=False, seed=seed, consequences=consequences)

    def search(self, active: Sequence[Symbol], limits: runner.Limits) -> runner.Result:
        """One search with exactly the `active` clues as facts."""
        self.checks += 1
        progress = None
        if self.progress is not None:
            report = self.progress
            report(time.perf_counter() - self.started, self.checks)  # each search counts

            def progress(elapsed: float, found: int) -> None:
                report(time.perf_counter() - self.started, self.checks)
        result = runner.solve(self.encoding, self.structure + tuple(active), limits, progress)
        if result.status in (runner.TIMEOUT, runner.INTERRUPTED):
            raise runner.Abandoned(result.status, time.perf_counter() - self.started)
        return result

    def models(self, active: Sequence[Symbol], limit: int, seed: int | None = None,
               ) -> list[Answer]:
        """Up to `limit` answers (projected on the shown atoms) with exactly `active` clues."""
        return self.search(active, self.limits_for(limit, seed=seed)).answers

    def satisfiable(self, active: Sequence[Symbol]) -> bool:
        clues = frozenset(active)
        if any(clues <= known for known in self.satisfiable_sets):
            return True
        if any(known <= clues for known in self.unsatisfiable_sets):
            return False
        found = bool(self.models(active, 1))
        (self.satisfiable_sets if found else self.unsatisfiable_sets).append(clues)
        return found

    def cautious(self, active: Sequence[Symbol]) -> Answer | None:
        """The shown atoms true in every answer set (None: there is none)."""
        result = self.search(active, self.limits_for(0, consequences="cautious"))
        return result.answers[-1] if result.answers else None

    def propagated(self, active: Sequence[Symbol]) -> set[Symbol]:
        """The atoms unit propagation sets before the first decision."""
        self.checks += 1
        return runner.propagated(self.encoding, self.structure + tuple(active),
                                 self.limits_for(1))


def minimal_conflict(program: ClueProgram) -> list[Symbol] | None:
    """A minimal set of clues that cannot hold together, or None if all of them can.

    Deletion in shrinking chunks: try to drop half of the remaining clues at once, then
    quarters, ..., then single clues; a chunk goes for good when the rest is still
    unsatisfiable. The last pass over single clues makes the set minimal. An empty list
    means the puzzle has no solution even without any clue.
    """
    conflict = sorted(program.clues)
    if program.satisfiable(conflict):
        return None
    chunk = max(len(conflict) // 2, 1)
    while True:
        start = 0
        while start < len(conflict):
            rest = conflict[:start] + conflict[start + chunk:]
            if program.satisfiable(rest):
                start += chunk
            else:
                conflict = rest
        if chunk == 1:
            return conflict
        chunk //= 2


@dataclass(frozen=True)
class Hints:
    """The shown atoms the clues force (None: no solution), and one solution."""

    forced: tuple[Symbol, ...] | None
    solution: Answer | None

    @property
    def solution_size(self) -> int:
        """Shown atoms of one solution (what "everything is forced" would be)."""
        return len(self.solution.symbols) if self.solution else 0


def hints(encoding: Path, structure: Sequence[Symbol], clues: Sequence[Symbol],
          step: bool = False, deadline: float | None = None, *,
          limits: runner.Limits | None = None, progress: Progress | None = None) -> Hints:
    """Cautious consequences (true in every solution), or with `step` the shown atoms
    that top-level propagation sets before any decision."""
    program = ClueProgram(encoding, structure, clues, deadline, limits=limits,
                          progress=progress)
    one = program.models(clues, 1)
    if not one:
        return Hints(None, None)
    shown = set(one[0].symbols)
    if step:
        return Hints(tuple(sorted(program.propagated(clues) & shown)), one[0])
    # clingo's cautious enumeration: each model is the intersection of all answer sets
    # found so far; the last one, after the search is exhausted, is what every one shares.
    every = program.cautious(clues)
    return Hints(tuple(sorted(every.symbols)) if every else (), one[0])


@dataclass(frozen=True)
class Generated:
    clues: tuple[Symbol, ...]
    solution: Answer
    checks: int  # uniqueness checks made
    attempts: int  # random full solutions tried


def generate(encoding: Path, structure: Sequence[Symbol],
             clues_of: Callable[[Answer], Sequence[Symbol]], seed: int,
             minimise: bool = True, attempts: int = 20,
             deadline: float | None = None, *, limits: runner.Limits | None = None,
             progress: Progress | None = None,
             phase: Callable[[str], None] | None = None) -> Generated | None:
    """A puzzle with exactly one solution: random full solution, then minimal clues.
    `phase` is told what is being done ("dropping clue 3 of 40"), for a progress line.

    A full solution whose complete clue set is still ambiguous (possible where the
    clues are fixed by the solution, as in nonograms) is replaced by the next random
    one, up to `attempts` times; None if none was unique.
    """
    def doing(what: str) -> None:
        if phase is not None:
            phase(what)

    empty = ClueProgram(encoding, structure, (), deadline, limits=limits, progress=progress)
    for attempt in range(attempts):
        doing(f"a random full solution (attempt {attempt + 1})")
        # One solution of the empty puzzle, from a search randomised by the seed.
        found = empty.models((), 1, seed=seed + attempt)
        if not found:
            return None
        solution = found[0]
        candidates = sorted(clues_of(solution))
        program = ClueProgram(encoding, structure, candidates, deadline, limits=limits,
                              progress=progress)
        active = list(candidates)
        doing(f"checking that its {len(candidates)} clues give one solution")
        if len(program.models(active, 2)) != 1:
            continue
        if minimise:
            order = list(candidates)
            random.Random(seed).shuffle(order)
            for number, clue in enumerate(order, start=1):
                doing(f"dropping clue {number} of {len(order)} ({len(active)} kept)")
                trial = [c for c in active if c != clue]
                if len(program.models(trial, 2)) == 1:
                    active = trial
        return Generated(tuple(active), solution, program.checks, attempt + 1)
    return None
