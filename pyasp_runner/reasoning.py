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
- grade: how much reasoning a puzzle needs: propagation alone (what `--hint --step`
  settles), or else the choices and conflicts of one deterministic search;
- generate: a random full solution of an empty board, then clues dropped one by one
  while the solution stays unique (an inclusion-minimal clue set).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from clingo import Symbol

from . import runner
from .facts import Answer

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
        self.checks = 0  # searches made so far
        self.last_atoms = 0  # the size of the last grounding
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
        return self.limits._replace(models=models, keep=None, cap=0, time_limit=time_limit,
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
        self.last_atoms = int(result.stats["atoms"])
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


# Grade levels, from the reasoning a puzzle with one solution needs. "easy": unit
# propagation from the clues settles every value (`--hint --step` fills the board);
# otherwise the conflicts of one deterministic search (one thread, the puzzle's preset, no
# random seed) for the solution and the proof that there is no second one decide:
# "medium" up to MEDIUM_CONFLICTS of them, "hard" beyond. The bound is measured on
# Tatham's puzzles of known level (docs/grading.md, benchmarks/grade_agreement.py).
EASY, MEDIUM, HARD = "easy", "medium", "hard"
LEVELS = (EASY, MEDIUM, HARD)
MEDIUM_CONFLICTS = 6


@dataclass(frozen=True)
class Graded:
    """What grading found: the deterministic search (up to two answers: a second one means
    the puzzle is not unique, with its choices and conflicts in `found.stats`) and, when
    there is exactly one answer, the shown atoms that propagation alone sets; `level` is
    None unless there is exactly one solution."""

    found: runner.Result
    propagated: frozenset[Symbol]

    @property
    def solution(self) -> Answer | None:
        return self.found.answers[0] if self.found.count == 1 and self.found.complete \
            else None

    @property
    def choices(self) -> int:
        return int(self.found.stats["choices"])

    @property
    def conflicts(self) -> int:
        return int(self.found.stats["conflicts"])

    @property
    def settled_by_propagation(self) -> bool:
        return self.solution is not None and set(self.solution.symbols) <= self.propagated

    @property
    def level(self) -> str | None:
        if self.solution is None:
            return None
        if self.settled_by_propagation:
            return EASY
        return MEDIUM if self.conflicts <= MEDIUM_CONFLICTS else HARD


def grade(program: ClueProgram, active: Sequence[Symbol]) -> Graded:
    """Grade the puzzle of the `active` clues: a deterministic search for two answers
    (one thread, no random seed: the same puzzle always counts the same), and, when
    there is exactly one, what propagation alone sets."""
    limits = program.limits_for(2)._replace(threads=1)
    found = program.search(active, limits)
    propagated: frozenset[Symbol] = frozenset()
    if found.count == 1 and found.complete:
        propagated = frozenset(program.propagated(active))
    return Graded(found, propagated)


def settled_by_propagation(program: ClueProgram, active: Sequence[Symbol],
                           solution: Answer) -> bool:
    """Whether propagation from the `active` clues alone sets every shown atom of
    `solution` (then it is the only solution) but the program's clues left out."""
    left_out = set(program.clues) - set(active)
    return set(solution.symbols) - left_out <= program.propagated(active)


@dataclass(frozen=True)
class Generated:
    clues: tuple[Symbol, ...]
    solution: Answer
    checks: int  # groundings made (uniqueness and propagation checks)
    attempts: int  # random full solutions tried


def generate(encoding: Path, structure: Sequence[Symbol],
             clues_of: Callable[[Answer], Sequence[Symbol]], seed: int,
             minimise: bool = True, attempts: int = 20,
             deadline: float | None = None, *, limits: runner.Limits | None = None,
             progress: Progress | None = None,
             phase: Callable[[str], None] | None = None,
             random_answer: Callable[[random.Random], Answer | None] | None = None,
             clue_atom: Callable[[Symbol], Symbol | None] | None = None,
             easy: bool = False) -> Generated | None:
    """A puzzle with exactly one solution: random full solution, then minimal clues.
    `phase` is told what is being done ("dropping clues: 40 of 400 tried"), for a
    progress line.

    The full solution comes from `random_answer` (a puzzle's own random answer) or else
    from clingo's search of the empty board randomised by the seed. One whose complete
    clue set is still ambiguous (possible where the clues are fixed by the solution, as
    in nonograms) is replaced by the next random one, up to `attempts` times; None if
    none was unique. With `easy`, a clue is dropped only while propagation alone still
    settles the solution (the puzzle stays "easy"), as Tatham's generators drop clues
    only while their solver of the wanted level still solves the puzzle.
    """
    def doing(what: str) -> None:
        if phase is not None:
            phase(what)

    rng = random.Random(seed)
    empty = ClueProgram(encoding, structure, (), deadline, limits=limits, progress=progress)
    for attempt in range(attempts):
        doing(f"a random full solution (attempt {attempt + 1})")
        candidate = random_answer(rng) if random_answer is not None else None
        if candidate is None:  # one solution of the empty puzzle, from a seeded search
            found = empty.models((), 1, seed=seed + attempt)
            if not found:
                return None
            candidate = found[0]
        candidates = sorted(clues_of(candidate))
        program = ClueProgram(encoding, structure, candidates, deadline, limits=limits,
                              progress=progress)
        doing(f"checking that its {len(candidates)} clues give one solution")
        answers = program.models(candidates, 2)
        if len(answers) != 1:
            continue
        solution = answers[0]
        if easy and not settled_by_propagation(program, candidates, solution):
            continue

        checker: Checker = (EasyChecker(program, solution) if easy
                            else UniqueChecker(program, clue_atom))
        active = candidates
        if minimise:
            order = list(candidates)
            rng.shuffle(order)
            active = drop_clues(candidates, order, checker, doing)
        return Generated(tuple(active), solution, program.checks + empty.checks, attempt + 1)
    return None


class Checker(Protocol):
    def keeps(self, active: set[Symbol], chunk: set[Symbol],
              upcoming: Sequence[Symbol]) -> bool:
        """Whether the `active` clues without `chunk` still make a good puzzle;
        `upcoming`: the clues to be tried next in order, `chunk` first."""


class EasyChecker:
    """Propagation alone still settles the solution (a fresh grounding per question: an
    external clue would not be a fact to propagation)."""

    def __init__(self, program: ClueProgram, solution: Answer) -> None:
        self.program = program
        self.solution = solution

    def keeps(self, active: set[Symbol], chunk: set[Symbol],
              upcoming: Sequence[Symbol]) -> bool:
        trial = [clue for clue in self.program.clues if clue in active and clue not in chunk]
        return settled_by_propagation(self.program, trial, self.solution)


class UniqueChecker:
    """The solution stays unique, asked of few groundings: each holds the clues outside a
    window (the next `WINDOW` clues to be tried) as facts, and states the window's clues
    per search: by assuming the answer atom a clue states (`clue_atom`: a given number
    is the number in the answer), else as an external atom switched on or off. The
    questions about the window's clues then share one grounding and what its solver
    learned. The clues outside the window keep their pruning (module docstring); where
    the window's clues as externals still make the grounding much larger than a fresh
    one (`GROWTH` times), each question is grounded afresh, as before."""

    WINDOW = 16
    GROWTH = 3

    def __init__(self, program: ClueProgram,
                 clue_atom: Callable[[Symbol], Symbol | None] | None = None) -> None:
        self.program = program
        self.clue_atom = clue_atom or (lambda clue: None)
        self.session: runner.Grounding | None = None
        self.window: frozenset[Symbol] = frozenset()
        self.windowed = True

    def keeps(self, active: set[Symbol], chunk: set[Symbol],
              upcoming: Sequence[Symbol]) -> bool:
        program = self.program
        if len(chunk) > self.WINDOW // 2 or not self.windowed:  # a fresh one is cheap
            trial = [clue for clue in program.clues if clue in active and clue not in chunk]
            return len(program.models(trial, 2)) == 1
        if self.session is None or not chunk <= self.window:
            self.session = None  # its Control goes before the next is grounded
            self.window = frozenset(upcoming[:self.WINDOW])
            assert chunk <= self.window
            fixed = [clue for clue in program.clues if clue in active - self.window]
            externals = sorted(clue for clue in self.window if self.clue_atom(clue) is None)
            self.session = runner.Grounding(program.encoding, program.structure + tuple(fixed),
                                          externals, program.limits_for(2), program.deadline)
            if program.last_atoms and self.session.atoms > self.GROWTH * program.last_atoms:
                self.windowed = False
                self.session = None
                return self.keeps(active, chunk, upcoming)
        program.checks += 1
        if program.progress is not None:
            program.progress(time.perf_counter() - program.started, program.checks)
        on = (active - chunk) & self.window
        assumed = [atom for atom in map(self.clue_atom, on) if atom is not None]
        return self.session.count(on, program.deadline, assumed) == 1


def drop_clues(clues: Sequence[Symbol], order: Sequence[Symbol], checker: Checker,
               doing: Callable[[str], None]) -> list[Symbol]:
    """An inclusion-minimal subset of `clues` that `checker` accepts (it accepts `clues`),
    trying the clues in `order`: a run of them goes at once while the checker accepts
    the rest, the run doubling after each success and halving after a failure down to
    one clue, which then stays. A clue that could not go cannot go later either (fewer
    clues only allow more solutions), so one pass leaves a minimal set; the runs save
    checks where most clues go."""
    active = set(clues)
    position, run = 0, 1
    while position < len(order):
        doing(f"dropping clues: {position} of {len(order)} tried, "
              f"{len(active) - (len(order) - position)} kept")
        chunk = set(order[position:position + run])
        if checker.keeps(active, chunk, order[position:]):
            active -= chunk
            position += len(chunk)
            run *= 2
        elif run == 1:
            position += 1
        else:
            run //= 2
    return [clue for clue in clues if clue in active]
