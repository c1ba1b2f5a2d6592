"""The one clingo runner: load an encoding, add facts, ground, solve within limits.

Every search goes through it: solving, the questions of `reasoning.py` (explain, hint,
generate) and the recording of a search (`trace.py`, an `Observer` of it), so a preset,
threads, the time limit and Ctrl-C apply to all. It knows no puzzle; it stands on
`facts.py` (answers) and `program.py` (loading and grounding within a deadline).
Answers are copied out of clingo in the model callback; counts and uniqueness are over
the shown atoms (`--project=show`); optimising encodings are run in `optN` mode so that
only proven-optimal answers are reported as answers.
"""

import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import clingo

from .errors import EncodingError, OutOfMemory
from .facts import Answer, facts_text
from .program import (
    INTERRUPTED,
    SOLVED,
    TIMEOUT,
    UNSOLVABLE,
    Abandoned,
    Logger,
    exhausted,
    ground,
    load_encoding,
    start_search,
)

# How a search ended, and a grounding stopped from outside: `program.py`'s, named here
# for the runner's callers.
__all__ = ["INTERRUPTED", "KEEP_ALL", "SOLVED", "TIMEOUT", "UNSOLVABLE", "Abandoned",
           "Grounding", "Limits", "Observer", "Progress", "Result", "control_arguments",
           "load", "option_name", "propagated", "solve"]


Progress = Callable[[float, int], None]
KEEP_ALL = -1  # Limits.keep: keep every answer found (-n 0 --cap 0)
# The symbols of kept answers, across all of them, stay below this: a search listing
# many large answers (thousands of answers of 8,000 atoms each) counts the rest instead
# of growing past the memory budget.
MAX_KEPT_SYMBOLS = 4_000_000


class Limits(NamedTuple):
    """What to look for and for how long (a named tuple, as `Result` is: a solve imports no
    `dataclasses`, see `pyasp_runner.puzzle`; `_replace` gives a changed copy).

    models: answers to find (0 = all, up to `cap`; cap 0 = no cap); keep: answers whose
    symbols are kept (the rest are only counted); time_limit: seconds, grounding included;
    threads: clingo's parallel solvers; configuration: clingo's preset; seed: a search
    randomised from this seed (random signs and decisions), the same seed giving the same
    answers with one thread; optimise: False ignores the encoding's optimisation (the
    questions about clues do); consequences: "cautious" (the atoms in every answer set)
    or "brave" (in some), whose one answer is the last, converged model; puzzle_args: the
    puzzle's own clingo options (`PuzzleSpec.clingo_options`); extra_args: the user's
    (`--clingo-arg`), which replace a puzzle option of the same name.
    """

    models: int = 2
    keep: int | None = None
    cap: int = 1_000_000
    time_limit: float | None = None
    threads: int = 1
    configuration: str | None = None
    seed: int | None = None
    optimise: bool = True
    consequences: str | None = None
    puzzle_args: tuple[str, ...] = ()
    extra_args: tuple[str, ...] = ()


class Result(NamedTuple):
    """One run: how it ended, the answers kept, how many were found, statistics."""

    status: str
    answers: list[Answer]
    count: int  # type: ignore[assignment]  # hides tuple.count(), which no result needs
    complete: bool
    capped: bool
    optimising: bool
    optimal: bool | None
    stats: dict[str, float]
    messages: list[str]  # clingo's, about the user's program
    grounded: bool = True  # False: stopped while grounding, before any search
    dropped: int = 0  # answers counted but not kept: MAX_KEPT_SYMBOLS was reached

    @property
    def unique(self) -> bool | None:
        if self.count >= 2:
            return False
        if self.count == 1 and self.complete:
            return True
        return None


# The program part that holds the facts when the base rules are left out (`load`).
FACTS_PART = "solve_asp_facts"


def control_arguments(limits: Limits) -> list[str]:
    models = limits.cap if limits.models == 0 else limits.models
    args = [f"--models={models}", "--project=show"]
    if limits.optimise:
        # Core-guided optimisation (usc) proves optima from below: on a text-likeness
        # objective with many tied optima it takes 0.1 s where branch-and-bound takes
        # minutes.
        args += ["--opt-mode=optN", "--opt-strategy=usc"]
    else:
        args.append("--opt-mode=ignore")
    if limits.consequences:
        args.append(f"--enum-mode={limits.consequences}")
    if limits.threads > 1:
        args.append(f"--parallel-mode={limits.threads}")
    if limits.configuration:
        args.append(f"--configuration={limits.configuration}")
    if limits.seed is not None:
        args += [f"--seed={limits.seed}", "--sign-def=rnd", "--rand-freq=0.2"]
    # The puzzle's own options yield to the user's and to what this run sets itself (a
    # hint's --enum-mode=cautious over a puzzle's --enum-mode=record).
    chosen = {option_name(arg) for arg in (*args, *limits.extra_args)}
    args += [arg for arg in limits.puzzle_args if option_name(arg) not in chosen]
    return args + list(limits.extra_args)


def option_name(arg: str) -> str:
    """The option a clingo argument sets: `--eq=0` -> `--eq`."""
    return arg.split("=", 1)[0]


class Observer(Protocol):
    """What watches a search without changing it (`trace.Recorder`): clingo's propagator
    hooks (`init`, `propagate`, `decide`), and each answer set found, optimal or not."""

    def init(self, init: clingo.PropagateInit) -> None: ...

    def propagate(self, control: clingo.PropagateControl, changes: Sequence[int]) -> None: ...

    def decide(self, thread_id: int, assignment: clingo.Assignment, fallback: int) -> int: ...

    def model(self, symbols: Sequence[clingo.Symbol]) -> None: ...


def load(
    encoding: Path, facts: Iterable[clingo.Symbol], limits: Limits,
    deadline: float | None = None, externals: Iterable[clingo.Symbol] = (),
    observer: Observer | None = None, parts: tuple[str, ...] = (), base: bool = True,
) -> tuple[clingo.Control, Logger, float]:
    """A grounded Control for the encoding and the facts (and `externals`: atoms that
    each search switches on or off; `observer`: a propagator that watches; `parts`:
    program parts grounded with the base, or without it unless `base`), with the
    grounding time."""
    logger = Logger()
    try:
        ctl = clingo.Control(control_arguments(limits), logger=logger, message_limit=20)
    except RuntimeError as err:  # an unknown or malformed option in extra_args
        raise EncodingError("clingo", "bad option", [str(err)]) from None
    load_encoding(ctl, logger, encoding)
    facts_part = "base" if base else FACTS_PART
    ctl.add(facts_part, [], facts_text(facts)
            + "".join(f"#external {sym}.\n" for sym in externals))
    if observer is not None:
        ctl.register_propagator(observer)  # type: ignore[arg-type]
    return ctl, logger, ground(ctl, logger, encoding, deadline, parts, facts_part)


class Grounding:
    """One grounding asked several questions: its `externals` are switched on (true, as
    if they were facts) or off (absent) for each search, which keeps what it learned."""

    def __init__(self, encoding: Path, facts: Iterable[clingo.Symbol],
                 externals: Iterable[clingo.Symbol], limits: Limits,
                 deadline: float | None = None) -> None:
        self.externals = tuple(externals)
        self.ctl, _, _ = load(encoding, facts, limits, deadline, self.externals)

    @property
    def atoms(self) -> int:
        """The ground program's atoms (its size)."""
        return int(self.ctl.statistics["problem"]["lp"]["atoms"])

    def count(self, on: set[clingo.Symbol], deadline: float | None = None,
              assume: Iterable[clingo.Symbol] = ()) -> int:
        """The answers found (up to the limits' `models`) with exactly the externals in
        `on` switched on and the atoms `assume` assumed true. Raises `Abandoned` at the
        deadline or on Ctrl-C."""
        for atom in self.externals:
            self.ctl.assign_external(atom, atom in on)
        assumptions = [(atom, True) for atom in assume]
        if any(self.ctl.symbolic_atoms[atom] is None for atom, _ in assumptions):
            return 0  # an atom the grounding ruled out cannot hold
        found = 0

        def on_model(model: clingo.Model) -> None:
            nonlocal found
            found += 1
        started = time.perf_counter()
        with start_search(self.ctl, deadline, on_model=on_model,
                          assumptions=assumptions) as handle:
            _finish(handle, deadline, started)
        return found


def solve(
    encoding: Path,
    facts: Iterable[clingo.Symbol],
    limits: Limits,
    progress: Progress | None = None,
    on_answer: Callable[[Answer], None] | None = None,
    observer: Observer | None = None,
) -> Result:
    """Ground and solve; Ctrl-C and the time limit stop the search and keep what was found.

    `on_answer` is told each kept (proven) answer soon after it is found, on the calling
    thread, so that a command can show answers while the search goes on; `observer`
    watches the search (clingo's propagator) and is told every answer set as it is found.
    """
    started = time.perf_counter()
    deadline = None if limits.time_limit is None else started + limits.time_limit
    try:
        ctl, logger, ground_time = load(encoding, facts, limits, deadline, observer=observer)
    except Abandoned as stop:
        stats = {"time_s": round(time.perf_counter() - started, 4),
                 "ground_s": round(stop.elapsed, 4), "solve_s": 0.0,
                 "choices": 0, "conflicts": 0, "rules": 0, "atoms": 0}
        return Result(stop.status, [], 0, complete=False, capped=False, optimising=False,
                      optimal=None, stats=stats, messages=[], grounded=False)
    keep: float = limits.keep if limits.keep is not None else (
        limits.models or limits.cap or KEEP_ALL)
    if keep == KEEP_ALL:
        keep = float("inf")
    found: list[Answer] = []
    convergent: list[Answer] = []  # the improving, not yet proven optimal answers
    counter = {"models": 0, "symbols": 0, "dropped": 0}

    def on_model(model: clingo.Model) -> None:
        if observer is not None:
            observer.model(model.symbols(shown=True))
        if limits.consequences:  # each model narrows (or widens) the last: keep the last
            counter["models"] = 1
            found[:] = [Answer(tuple(model.symbols(shown=True)))]
            return
        cost = tuple(model.cost)
        if cost and not model.optimality_proven:
            convergent[:] = [Answer(tuple(model.symbols(shown=True)), cost)]
            return
        counter["models"] += 1
        if len(found) < keep:
            symbols = model.symbols(shown=True)
            if found and counter["symbols"] + len(symbols) > MAX_KEPT_SYMBOLS:
                counter["dropped"] += 1
                return
            counter["symbols"] += len(symbols)
            found.append(Answer(tuple(symbols), cost))

    delivered = 0

    def deliver() -> None:
        nonlocal delivered
        while on_answer is not None and not limits.consequences and delivered < len(found):
            if deadline is not None and time.perf_counter() >= deadline:
                return  # the wait loop stops the search; no backlog outlives the limit
            delivered += 1
            on_answer(found[delivered - 1])

    stopped = None
    solve_start = time.perf_counter()
    try:
        handle = start_search(ctl, deadline, on_model=on_model)
    except Abandoned as stop:  # stopped while clasp prepared the search: nothing found
        stats = {"time_s": round(time.perf_counter() - started, 4),
                 "ground_s": round(ground_time, 4), "solve_s": round(stop.elapsed, 4),
                 "choices": 0, "conflicts": 0, "rules": 0, "atoms": 0}
        return Result(stop.status, [], 0, complete=False, capped=False, optimising=False,
                      optimal=None, stats=stats, messages=[])
    try:
        with handle:
            try:
                while not handle.wait(0.1):
                    deliver()
                    now = time.perf_counter()
                    if progress:
                        progress(now - started, counter["models"] or len(convergent))
                    if deadline is not None and now >= deadline:
                        stopped = TIMEOUT
                        handle.cancel()
                        break
            except KeyboardInterrupt:
                stopped = INTERRUPTED
                handle.cancel()
            outcome = handle.get()
    except MemoryError:  # clasp's bad_alloc while searching
        exhausted(ctl)
        raise OutOfMemory("solving") from None
    solve_time = time.perf_counter() - solve_start
    if stopped is None:  # a stopped search tells no more: its count says what was found
        deliver()

    optimising = bool(found and found[0].cost) or bool(convergent)
    if not found and convergent:  # stopped before the optimum was proven: keep the best seen
        found = convergent
    count = counter["models"] or len(found)
    complete = bool(outcome.exhausted) and stopped is None
    status = stopped or (SOLVED if count else UNSOLVABLE)
    # Capped: enumerating all (models 0) stopped at a cap in force, not by a time limit.
    capped = (limits.models == 0 and limits.cap > 0 and count >= limits.cap
              and stopped is None and not outcome.exhausted)
    return Result(
        status=status,
        answers=found,
        count=count,
        complete=complete,
        capped=capped,
        optimising=optimising,
        optimal=counter["models"] > 0 if optimising else None,
        stats=_statistics(ctl.statistics, ground_time, solve_time, time.perf_counter() - started),
        messages=[text for text in logger.texts() if not _is_noise(text)],
        dropped=counter["dropped"],
    )


def derived(encoding: Path, facts: Iterable[clingo.Symbol], parts: tuple[str, ...],
            limits: Limits, base: bool = True) -> set[clingo.Symbol]:
    """Every atom of the first answer set, shown or not, with the program `parts`
    grounded beside the base (facts that fix an answer: what the rules derive from it),
    or alone with the facts unless `base`; empty when there is none. Raises `Abandoned`
    at the time limit or on Ctrl-C."""
    started = time.perf_counter()
    deadline = None if limits.time_limit is None else started + limits.time_limit
    ctl, _, _ = load(encoding, facts, limits._replace(models=1), deadline, parts=parts,
                     base=base)
    atoms: set[clingo.Symbol] = set()

    def on_model(model: clingo.Model) -> None:
        atoms.update(model.symbols(atoms=True))
    with start_search(ctl, deadline, on_model=on_model) as handle:
        _finish(handle, deadline, started)
    return atoms


def _finish(handle: clingo.SolveHandle, deadline: float | None, started: float) -> None:
    """Wait for a search to end; `Abandoned` (cancelled) at the deadline or on Ctrl-C."""
    try:
        while not handle.wait(0.1):
            if deadline is not None and time.perf_counter() >= deadline:
                handle.cancel()
                raise Abandoned(TIMEOUT, time.perf_counter() - started)
    except KeyboardInterrupt:
        handle.cancel()
        raise Abandoned(INTERRUPTED, time.perf_counter() - started) from None
    handle.get()


def propagated(encoding: Path, facts: Iterable[clingo.Symbol],
               limits: Limits) -> set[clingo.Symbol]:
    """The atoms true at the top level, before the solver's first decision.

    A solve with a conflict limit of zero runs clasp's preprocessing and unit propagation
    only (it ends at once, so it needs no wait loop); `cleanup()` then turns what became
    true into facts. Raises `Abandoned` when the time limit or Ctrl-C stops the grounding.
    """
    started = time.perf_counter()
    deadline = None if limits.time_limit is None else started + limits.time_limit
    ctl, _, _ = load(encoding, facts, limits, deadline)
    solve_options = ctl.configuration.solve
    assert isinstance(solve_options, clingo.Configuration)
    solve_options.solve_limit = 0
    start_search(ctl, deadline).get()
    ctl.cleanup()
    return {atom.symbol for atom in ctl.symbolic_atoms if atom.is_fact}


def _is_noise(text: str) -> bool:
    """clasp's remarks about our own settings, not about the user's program."""
    return "optimality of last model not guaranteed" in text or "Oversubscription" in text


def _statistics(raw: dict[str, Any], ground: float, solve: float, total: float) -> dict[str, float]:
    solvers = raw.get("solving", {}).get("solvers", {})
    lp = raw.get("problem", {}).get("lp", {})
    return {
        "time_s": round(total, 4),
        "ground_s": round(ground, 4),
        "solve_s": round(solve, 4),
        "choices": int(solvers.get("choices", 0)),
        "conflicts": int(solvers.get("conflicts", 0)),
        "rules": int(lp.get("rules", 0)),
        "atoms": int(lp.get("atoms", 0)),
    }
