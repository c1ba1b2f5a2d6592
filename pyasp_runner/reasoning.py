"""Reasoning about clues, for every puzzle: explain, hint and generate.

All three ground a puzzle once with its clues as *assumable* atoms (`{ clue }.`
instead of `clue.`), so one grounded program can be solved with any subset of clues
switched on by assumptions:

- explain: clingo's unsatisfiable core over the clues, shrunk by deletion to a
  minimal set of clues that cannot hold together;
- hints: the cautious consequences (true in every solution), and the atoms that unit
  propagation alone sets before the first decision;
- generate: a random full solution of an empty board, then clues dropped one by one
  while the solution stays unique (an inclusion-minimal clue set).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import clingo
from clingo import Symbol

from .errors import EncodingError
from .puzzle import Answer, facts_text
from .solve import Abandoned, _Logger, ground

Assumptions = list[tuple[Symbol, bool]]


def grounded(encoding: Path, program: str, arguments: Sequence[str] = ()) -> clingo.Control:
    """A Control with the encoding and `program` grounded (errors as EncodingError)."""
    logger = _Logger()
    ctl = clingo.Control(["--opt-mode=ignore", *arguments], logger=logger, message_limit=20)
    try:
        ctl.load(str(encoding))
    except RuntimeError:
        raise EncodingError(str(encoding), "cannot be parsed",
                            logger.errors() or logger.texts()) from None
    ctl.add("base", [], program)
    try:
        ground(ctl, logger, encoding)
    except Abandoned:  # Ctrl-C while grounding
        raise KeyboardInterrupt from None
    return ctl


class ClueProgram:
    """A puzzle grounded once, with every candidate clue as an assumable atom."""

    def __init__(self, encoding: Path, structure: Sequence[Symbol], clues: Sequence[Symbol],
                 arguments: Sequence[str] = ()) -> None:
        self.clues = list(clues)
        choices = "".join(f"{{ {clue} }}.\n" for clue in self.clues)
        self.ctl = grounded(encoding, facts_text(structure) + choices, arguments)

    def assumptions(self, active: set[Symbol]) -> Assumptions:
        return [(clue, clue in active) for clue in self.clues]

    def models(self, active: set[Symbol], limit: int) -> list[Answer]:
        """Up to `limit` answers (projected on the shown atoms) with exactly `active` clues."""
        self.ctl.configuration.solve.models = str(limit)
        self.ctl.configuration.solve.project = "show"
        self.ctl.configuration.solve.enum_mode = "auto"
        found: list[Answer] = []
        self.ctl.solve(assumptions=self.assumptions(active),
                       on_model=lambda m: found.append(Answer(tuple(m.symbols(shown=True)))))
        return found

    def satisfiable(self, active: set[Symbol]) -> tuple[bool, list[Symbol]]:
        """Whether the active clues can hold together, else an unsatisfiable core of them."""
        self.ctl.configuration.solve.models = "1"
        core: list[int] = []
        result = self.ctl.solve(assumptions=self.assumptions(active), on_core=core.extend)
        if result.satisfiable:
            return True, []
        literal_of = {self.ctl.symbolic_atoms[clue].literal: clue for clue in active
                      if self.ctl.symbolic_atoms[clue] is not None}
        return False, [literal_of[lit] for lit in core if lit in literal_of]


def minimal_conflict(program: ClueProgram) -> list[Symbol] | None:
    """A minimal set of clues that cannot hold together, or None if all of them can.

    Start from clingo's core (often not minimal) and drop each clue whose removal
    leaves the rest still unsatisfiable (deletion-based MUS). An empty list means the
    puzzle has no solution even without any clue.
    """
    consistent, core = program.satisfiable(set(program.clues))
    if consistent:
        return None
    conflict = list(core) if core else list(program.clues)
    for clue in list(conflict):
        if clue not in conflict:  # already dropped with a smaller core
            continue
        trial = [c for c in conflict if c != clue]
        consistent, smaller = program.satisfiable(set(trial))
        if not consistent:
            conflict = [c for c in trial if c in set(smaller)] or trial
    return sorted(conflict)


@dataclass(frozen=True)
class Hints:
    """The shown atoms the clues force (None: no solution), and a solution's size."""

    forced: tuple[Symbol, ...] | None
    solution_size: int  # shown atoms of one solution, for "n of m"


def hints(encoding: Path, structure: Sequence[Symbol], clues: Sequence[Symbol],
          step: bool = False) -> Hints:
    """Cautious consequences (true in every solution), or with `step` the shown atoms
    that top-level propagation sets before any decision."""
    program = ClueProgram(encoding, structure, clues)
    active = set(clues)
    one = program.models(active, 1)
    if not one:
        return Hints(None, 0)
    size = len(one[0].symbols)
    if step:
        return Hints(propagated_atoms(encoding, structure, clues), size)
    ctl = program.ctl
    ctl.configuration.solve.models = "0"
    ctl.configuration.solve.project = "no"
    ctl.configuration.solve.enum_mode = "cautious"
    last: list[Symbol] = []
    ctl.solve(assumptions=program.assumptions(active),
              on_model=lambda m: last.__setitem__(slice(None), m.symbols(shown=True)))
    return Hints(tuple(sorted(last)), size)


def propagated_atoms(encoding: Path, structure: Sequence[Symbol],
                     clues: Sequence[Symbol]) -> tuple[Symbol, ...]:
    """Shown atoms that hold at the top level, before the solver's first decision.

    A solve with a conflict limit of zero runs clasp's preprocessing and unit
    propagation only; `cleanup()` then turns what became true into facts.
    """
    ctl = grounded(encoding, facts_text([*structure, *clues]))
    unlimited = ctl.configuration.solve.solve_limit
    ctl.configuration.solve.solve_limit = 0
    ctl.solve()
    ctl.cleanup()
    true_at_top = {atom.symbol for atom in ctl.symbolic_atoms if atom.is_fact}
    ctl.configuration.solve.solve_limit = unlimited
    shown: set[Symbol] = set()  # the shown atoms of one solution: a superset of those forced
    ctl.solve(on_model=lambda m: shown.update(m.symbols(shown=True)))
    return tuple(sorted(true_at_top & shown))


@dataclass(frozen=True)
class Generated:
    clues: tuple[Symbol, ...]
    solution: Answer
    checks: int  # uniqueness checks made
    attempts: int  # random full solutions tried


def generate(encoding: Path, structure: Sequence[Symbol],
             clues_of: Callable[[Answer], Sequence[Symbol]], seed: int,
             minimise: bool = True, attempts: int = 20) -> Generated | None:
    """A puzzle with exactly one solution: random full solution, then minimal clues.

    A full solution whose complete clue set is still ambiguous (possible where the
    clues are fixed by the solution, as in nonograms) is replaced by the next random
    one, up to `attempts` times; None if none was unique.
    """
    for attempt in range(attempts):
        solution = random_solution(encoding, structure, seed + attempt)
        if solution is None:
            return None
        candidates = sorted(clues_of(solution))
        program = ClueProgram(encoding, structure, candidates)
        active = set(candidates)
        checks = 1
        if len(program.models(active, 2)) != 1:
            continue
        if minimise:
            order = list(candidates)
            random.Random(seed).shuffle(order)
            for clue in order:
                trial = active - {clue}
                checks += 1
                if len(program.models(trial, 2)) == 1:
                    active = trial
        return Generated(tuple(sorted(active)), solution, checks, attempt + 1)
    return None


def random_solution(encoding: Path, structure: Sequence[Symbol], seed: int) -> Answer | None:
    """One solution of the empty puzzle, from a search randomised by the seed."""
    ctl = grounded(encoding, facts_text(structure),
                   ["--models=1", f"--seed={seed}", "--sign-def=rnd", "--rand-freq=0.2"])
    found: list[Answer] = []
    ctl.solve(on_model=lambda m: found.append(Answer(tuple(m.symbols(shown=True)))))
    return found[0] if found else None
