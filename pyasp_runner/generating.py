"""Generate a collection: N distinct puzzles with one solution each, graded, from one seed.

Puzzle candidate i of a run with seed S is made from its own seed, `puzzle_seed(S, i)`
(S itself for i = 0, so the first puzzle is the one `generate --seed S` makes alone;
after it a number derived from S and i by SHA-256), by one task (`make`) that knows
nothing of the others. Candidates are judged in index order: one is kept when a unique
puzzle was made for its seed, it has the grade asked for (if any), and its text is new;
the first N kept are the collection. So the same S gives the same N puzzles however many
workers make them and in whatever order they finish (unless a candidate hits the time
limit, which depends on the machine).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Generator
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from . import runner
from .errors import Stopped
from .session import Settings as Solving
from .session.making import generate

MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class Settings:
    """What every puzzle of a collection shares (picklable: it crosses to workers)."""

    puzzle: str
    size: str | None = None
    grade: str | None = None  # keep only puzzles of this level
    minimise: bool = True
    to: str | None = None
    time_limit: float | None = None  # seconds per candidate
    configuration: str | None = None
    encoding: str | None = None
    max_size: int | None = None
    force: bool = False


def puzzle_seed(seed: int, index: int) -> int:
    """The seed of candidate `index` of a collection generated from `seed`."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"solve-asp generate {seed} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


def make(settings: Settings, index: int, seed: int,
         phase: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Candidate `index` of the collection from `seed`, as a JSON-ready record: `made`
    false when no unique puzzle was found for its seed (or the time limit stopped it,
    with `stopped`). A top-level function of picklable arguments, for worker processes."""
    own = puzzle_seed(seed, index)
    record: dict[str, Any] = {"index": index, "seed": own, "puzzle": settings.puzzle,
                              "size": settings.size}
    started = time.perf_counter()
    try:
        made = generate(settings.puzzle,
                        Solving(encoding=settings.encoding, max_size=settings.max_size,
                                force=settings.force, configuration=settings.configuration),
                        size=settings.size, seed=own, minimise=settings.minimise,
                        to=settings.to, time_limit=settings.time_limit,
                        easy=settings.grade == "easy", phase=phase)
    except Stopped as stop:
        if stop.status != runner.TIMEOUT:  # Ctrl-C stops the whole collection
            raise
        return record | {"made": False, "stopped": stop.status,
                         "time_s": round(time.perf_counter() - started, 4)}
    if made is None:
        return record | {"made": False, "time_s": round(time.perf_counter() - started, 4)}
    return record | {"made": True, "text": made.text, "clues": made.clues,
                     "grade": made.grade, "checks": made.checks, "time_s": made.time_s}


@dataclass
class Tally:
    """How the candidates so far went, for the progress bar and the summary."""

    wanted: int
    tried: int = 0  # candidates judged, in index order
    kept: int = 0
    not_unique: int = 0  # no unique puzzle for the candidate's seed
    other_grade: int = 0
    repeated: int = 0
    stopped: int = 0  # time limit, crash
    seconds: float = 0.0  # the candidates' own time, summed
    levels: dict[str, int] = field(default_factory=dict)

    def judge(self, record: dict[str, Any], grade: str | None, seen: set[str]) -> bool:
        """Whether the candidate is kept; counts it."""
        self.tried += 1
        self.seconds += float(record.get("time_s", 0.0))
        if not record.get("made"):
            if record.get("stopped"):
                self.stopped += 1
            else:
                self.not_unique += 1
            return False
        level = record["grade"]["level"]
        self.levels[level] = self.levels.get(level, 0) + 1
        if grade is not None and level != grade:
            self.other_grade += 1
            return False
        if record["text"] in seen:
            self.repeated += 1
            return False
        seen.add(record["text"])
        self.kept += 1
        return True


def collection(settings: Settings, count: int, seed: int, *, jobs: int = 1,
               tries: int | None = None, tally: Tally | None = None,
               phase: Callable[[str], None] | None = None,
               judged: Callable[[Tally], None] | None = None,
               stop: threading.Event | None = None) -> Generator[dict[str, Any], None, None]:
    """The first `count` kept candidates, in index order, from at most `tries` candidates
    (default: 50 per puzzle wanted, at least 200). `jobs` > 1 makes candidates in
    that many worker processes (`batch.run`, a candidate per task with the time limit);
    `phase` hears what the one candidate made in this process is doing; `judged` is
    told the tally after each candidate; `stop` (set on a signal) ends the workers.
    Ctrl-C raises `errors.Stopped` (one process) or `batch.Stopped` (workers)."""
    tally = tally if tally is not None else Tally(count)
    limit = tries if tries is not None else max(50 * count, 200)
    seen: set[str] = set()
    with closing(_records(settings, seed, limit, jobs, phase, stop)) as records:  # ends workers
        for record in records:
            kept = tally.judge(record, settings.grade, seen)
            if judged is not None:
                judged(tally)
            if kept:
                yield record
                if tally.kept >= count:
                    return


def _records(settings: Settings, seed: int, limit: int, jobs: int,
             phase: Callable[[str], None] | None,
             stop: threading.Event | None) -> Generator[dict[str, Any], None, None]:
    """Every candidate's record in index order, made here or by `jobs` workers."""
    if jobs <= 1:
        for index in range(limit):
            yield make(settings, index, seed, phase)
        return
    from . import batch

    tasks = (batch.Task(f"#{index}", make, (settings, index, seed)) for index in range(limit))
    waiting: dict[int, dict[str, Any]] = {}
    following = 0
    grace = None if settings.time_limit is None else settings.time_limit + 5
    for done in batch.run(tasks, jobs=jobs, time_limit=grace, stop=stop):
        waiting[done.index] = done.value if done.outcome == batch.OK else {
            "index": done.index, "seed": puzzle_seed(seed, done.index),
            "puzzle": settings.puzzle, "size": settings.size, "made": False,
            "stopped": done.outcome, "error": done.error}
        while following in waiting:
            yield waiting.pop(following)
            following += 1
