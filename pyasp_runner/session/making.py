"""A new puzzle with one solution, made and graded: `generate`, whoever asks.

A random full solution (clingo's search with random decisions from the seed, or the
puzzle's own random answer), then clues dropped while the solution stays unique
(`reasoning.generate`), written in one of the puzzle's input formats, read back and
graded (`Session.grade`). The command's `generate`, the API's `generate` and a
generated collection's workers (`generating.py`) all make puzzles here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import runner
from ..errors import InputError, UserError
from ..puzzle import Answer, Instance
from ..puzzles import registry
from .judging import answered
from .loading import DEFAULTS, Loaded, Settings, check_encoding_file, clingo_arguments, puzzle_named
from .questions import Progress, Session

if TYPE_CHECKING:
    from clingo import Symbol

    from ..board import Board


class Made(NamedTuple):
    """A new puzzle: its text in the format written, the clues it keeps, the seed that
    makes it again, the searches made, the time, its grade (docs/grading.md), and the
    puzzle read back (`loaded`) and drawn with its clues (`blank`)."""

    puzzle: str
    text: str
    clues: int
    seed: int
    checks: int
    time_s: float
    grade: dict[str, Any]
    loaded: Loaded
    blank: Instance[Any]
    notes: tuple[str, ...] = ()

    def board(self) -> Board:
        """The new puzzle as a board: its clues, nothing solved."""
        return self.loaded.puzzle.conflict_board(self.blank, [])


def generation_note(puzzle: str, size: str | None = None) -> str | None:
    """Why generating a `puzzle` of this `size` is beyond what is known to finish in a
    minute: a note to say before starting; None if nothing is known against it."""
    found = puzzle_named(puzzle)
    making = found.spec.generating
    if making is None:
        return None
    return found.reach(making.blank(size), generating=True)


def generate(puzzle: str, settings: Settings = DEFAULTS, *, size: str | None = None,
             seed: int | None = None, minimise: bool = True, to: str | None = None,
             time_limit: float | None = None, progress: Progress | None = None,
             phase: Callable[[str], None] | None = None, easy: bool = False) -> Made | None:
    """A new puzzle with one solution (None if no unique one was found for this seed),
    written in the format `to` (default: the puzzle's first), and graded. With `easy`,
    clues are dropped only while propagation alone still solves the puzzle, so it grades
    "easy". `settings`: the encoding, threads, preset and size limit. Raises `Stopped`
    at the time limit."""
    from .. import reasoning  # only the questions about clues load it

    found = puzzle_named(puzzle)
    spec = found.spec
    making, writing = spec.generating, spec.writing
    if making is None or writing is None:
        makers = ", ".join(name for name, p in registry().items() if p.can_generate)
        why = found.why_not_generated
        raise UserError(f"{found.name} cannot be generated{': ' + why if why else ''} "
                        f"(these can: {makers})")
    chosen = seed if seed is not None else random.randrange(2**20)
    if not 0 <= chosen < 2**31:
        raise UserError(f"--seed must be 0..{2**31 - 1}")
    formats = found.writers
    if to is not None and to not in formats:
        raise UserError(f"{found.name} cannot be written as {to!r} (formats: "
                        f"{', '.join(formats)})")
    fmt = to or next(iter(formats))
    write = found.writer(fmt)
    blank = making.blank(size)
    # The empty board is grounded when the full solution comes from solving it. A
    # puzzle's own random answer leaves only boards with clues to ground, each with
    # most of the answer given (a 30x30 path puzzle, 810,000 candidate pairs empty, is
    # made in half a minute): then the time is what grows (`generation_note`).
    if making.random_answer is None:
        found.check_size(blank, settings.max_size, settings.force)
    rules = Path(settings.encoding) if settings.encoding is not None else found.encoding
    check_encoding_file(rules)
    extra_args, notes = clingo_arguments(rules, settings.constants, settings.clingo_args,
                                         spec.clingo_options, found.name)
    complete = fmt in writing.complete_formats

    def writable(clue: Symbol) -> bool:
        """Whether the format can state this clue (puzz.link has no cell given empty)."""
        try:
            write(blank, [clue])
        except InputError:
            return False
        return True

    def clues_of(puzzle: Instance[Any], answer: Answer) -> list[Symbol]:
        candidates = making.clues_of(puzzle, answer) if making.clues_by is None else \
            making.clues_by(rules, puzzle, answer)  # clues the rules derive: these rules'
        return candidates if complete else [clue for clue in candidates if writable(clue)]

    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    random_answer = None
    if making.random_answer is not None:
        answer_of = making.random_answer

        def random_answer(rng: random.Random) -> Answer | None:
            return answer_of(blank, rng, deadline)

    limits = runner.Limits(threads=settings.threads,
                           configuration=settings.configuration or spec.configuration,
                           puzzle_args=spec.clingo_options, extra_args=extra_args)
    made = answered(lambda: reasoning.generate(
        rules, blank.structure, lambda answer: clues_of(blank, answer), chosen,
        minimise=minimise, deadline=deadline, limits=limits, progress=progress,
        phase=phase, random_answer=random_answer, clue_atom=making.clue_atom, easy=easy))
    if made is None:
        return None
    clues = set(made.clues)
    if complete:  # a format that states every clue the solution implies
        clues |= set(clues_of(blank, made.solution))
    text = write(blank, sorted(clues))
    read_back = Settings(encoding=rules, constants=settings.constants,
                         clingo_args=settings.clingo_args, configuration=settings.configuration)
    session = Session.open(found.name, text, source=f"generated, seed {chosen}",
                           settings=read_back)._replace(deadline=deadline)
    if phase is not None:
        phase("grading")
    graded = session.grade(progress=progress)
    assert graded.grade is not None
    return Made(found.name, text, len(made.clues), chosen, made.checks + graded.checks,
                round(time.perf_counter() - started, 4), dict(graded.grade), session.loaded,
                blank.replace(clues=tuple(made.clues)), notes)
