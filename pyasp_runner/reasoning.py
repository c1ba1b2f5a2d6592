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
from dataclasses import dataclass
from pathlib import Path

import clingo
from clingo import Symbol

from .puzzle import Answer, facts_text
from .solve import INTERRUPTED, TIMEOUT, Abandoned, _Logger, ground, load_encoding


def grounded(encoding: Path, program: str, arguments: Sequence[str] = (),
             deadline: float | None = None) -> clingo.Control:
    """A Control with the encoding and `program` grounded (errors as EncodingError)."""
    logger = _Logger()
    ctl = clingo.Control(["--opt-mode=ignore", *arguments], logger=logger, message_limit=20)
    load_encoding(ctl, logger, encoding)
    ctl.add("base", [], program)
    ground(ctl, logger, encoding, deadline)
    return ctl


def shown_models(ctl: clingo.Control, deadline: float | None = None) -> list[Answer]:
    """Every model the Control's configuration asks for, as shown atoms.

    The search runs asynchronously so that Ctrl-C and the deadline stop it (as
    `Abandoned`); a blocking solve would defer Ctrl-C until it ends.
    """
    found: list[Answer] = []
    started = time.perf_counter()
    with ctl.solve(on_model=lambda m: found.append(Answer(tuple(m.symbols(shown=True)))),
                   async_=True) as handle:
        try:
            while not handle.wait(0.05):
                if deadline is not None and time.perf_counter() >= deadline:
                    handle.cancel()
                    raise Abandoned(TIMEOUT, time.perf_counter() - started)
        except KeyboardInterrupt:
            handle.cancel()
            raise Abandoned(INTERRUPTED, time.perf_counter() - started) from None
        handle.get()
    return found


class ClueProgram:
    """A puzzle's encoding and structure, asked questions about subsets of its clues.

    A clue only ever removes solutions, so a set of clues is satisfiable when a superset
    of it was, and unsatisfiable when a subset of it was: such answers come from what
    was learned before, without grounding again.
    """

    def __init__(self, encoding: Path, structure: Sequence[Symbol], clues: Sequence[Symbol],
                 deadline: float | None = None) -> None:
        self.encoding = encoding
        self.structure = facts_text(structure)
        self.clues = list(clues)
        self.deadline = deadline
        self.checks = 0  # groundings made so far
        self.satisfiable_sets: list[frozenset[Symbol]] = []
        self.unsatisfiable_sets: list[frozenset[Symbol]] = []

    def control(self, active: Sequence[Symbol], arguments: Sequence[str]) -> clingo.Control:
        """The encoding grounded with the structure and the `active` clues as facts."""
        self.checks += 1
        return grounded(self.encoding, self.structure + facts_text(active), arguments,
                        self.deadline)

    def models(self, active: Sequence[Symbol], limit: int) -> list[Answer]:
        """Up to `limit` answers (projected on the shown atoms) with exactly `active` clues."""
        ctl = self.control(active, [f"--models={limit}", "--project=show"])
        return shown_models(ctl, self.deadline)

    def satisfiable(self, active: Sequence[Symbol]) -> bool:
        clues = frozenset(active)
        if any(clues <= known for known in self.satisfiable_sets):
            return True
        if any(known <= clues for known in self.unsatisfiable_sets):
            return False
        found = bool(self.models(active, 1))
        (self.satisfiable_sets if found else self.unsatisfiable_sets).append(clues)
        return found


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
          step: bool = False, deadline: float | None = None) -> Hints:
    """Cautious consequences (true in every solution), or with `step` the shown atoms
    that top-level propagation sets before any decision."""
    program = ClueProgram(encoding, structure, clues, deadline)
    one = program.models(clues, 1)
    if not one:
        return Hints(None, None)
    shown = set(one[0].symbols)
    if step:
        return Hints(propagated_atoms(program, shown), one[0])
    # clingo's cautious enumeration: each model is the intersection of all answer sets
    # found so far; the last one, after the search is exhausted, is what every one shares.
    cautious = shown_models(program.control(clues, ["--models=0", "--enum-mode=cautious"]),
                            deadline)
    return Hints(tuple(sorted(cautious[-1].symbols)), one[0])


def propagated_atoms(program: ClueProgram, shown: set[Symbol]) -> tuple[Symbol, ...]:
    """Of the `shown` atoms of one solution, those true at the top level, before the
    solver's first decision.

    A solve with a conflict limit of zero runs clasp's preprocessing and unit
    propagation only; `cleanup()` then turns what became true into facts.
    """
    ctl = program.control(program.clues, [])
    solve_options = ctl.configuration.solve
    assert isinstance(solve_options, clingo.Configuration)
    solve_options.solve_limit = 0
    ctl.solve()
    ctl.cleanup()
    true_at_top = {atom.symbol for atom in ctl.symbolic_atoms if atom.is_fact}
    return tuple(sorted(true_at_top & shown))


@dataclass(frozen=True)
class Generated:
    clues: tuple[Symbol, ...]
    solution: Answer
    checks: int  # uniqueness checks made
    attempts: int  # random full solutions tried


def generate(encoding: Path, structure: Sequence[Symbol],
             clues_of: Callable[[Answer], Sequence[Symbol]], seed: int,
             minimise: bool = True, attempts: int = 20,
             deadline: float | None = None) -> Generated | None:
    """A puzzle with exactly one solution: random full solution, then minimal clues.

    A full solution whose complete clue set is still ambiguous (possible where the
    clues are fixed by the solution, as in nonograms) is replaced by the next random
    one, up to `attempts` times; None if none was unique.
    """
    for attempt in range(attempts):
        solution = random_solution(encoding, structure, seed + attempt, deadline)
        if solution is None:
            return None
        candidates = sorted(clues_of(solution))
        program = ClueProgram(encoding, structure, candidates, deadline)
        active = list(candidates)
        if len(program.models(active, 2)) != 1:
            continue
        if minimise:
            order = list(candidates)
            random.Random(seed).shuffle(order)
            for clue in order:
                trial = [c for c in active if c != clue]
                if len(program.models(trial, 2)) == 1:
                    active = trial
        return Generated(tuple(active), solution, program.checks, attempt + 1)
    return None


def random_solution(encoding: Path, structure: Sequence[Symbol], seed: int,
                    deadline: float | None = None) -> Answer | None:
    """One solution of the empty puzzle, from a search randomised by the seed."""
    ctl = grounded(encoding, facts_text(structure),
                   ["--models=1", f"--seed={seed}", "--sign-def=rnd", "--rand-freq=0.2"],
                   deadline)
    found = shown_models(ctl, deadline)
    return found[0] if found else None
