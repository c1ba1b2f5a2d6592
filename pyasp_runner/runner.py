"""The one clingo runner: load an encoding, add facts, ground, solve within limits.

Every search goes through it: solving, and the questions of `reasoning.py` (explain,
hint, generate), so a preset, threads, the time limit and Ctrl-C apply to all. It knows
no puzzle. Answers are copied out of clingo in the model callback; counts and
uniqueness are over the shown atoms (`--project=show`); optimising encodings are run in
`optN` mode so that only proven-optimal answers are reported as answers.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, cast

import clingo

from .errors import EncodingError, OutOfMemory
from .lexing import check_file
from .puzzle import Answer, facts_text

# How a clingo search ended.
SOLVED = "solved"
UNSOLVABLE = "unsolvable"
TIMEOUT = "timeout"
INTERRUPTED = "interrupted"

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


class _Logger:
    """Collects clingo's messages; errors carry file:line:column locations."""

    def __init__(self) -> None:
        self.messages: list[tuple[clingo.MessageCode, str]] = []

    def __call__(self, code: clingo.MessageCode, text: str) -> None:
        self.messages.append((code, text.rstrip()))

    def texts(self) -> list[str]:
        return [text for _, text in self.messages]

    def errors(self) -> list[str]:
        return [text for _, text in self.messages if ": error:" in text or "<cmd>" in text]


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


class Abandoned(Exception):
    """Grounding was stopped from outside (time limit or Ctrl-C); `status` says which."""

    def __init__(self, status: str, elapsed: float) -> None:
        super().__init__(status)
        self.status = status
        self.elapsed = elapsed


# Each call into clingo that runs in a worker thread (grounding, a search's preparation),
# as its "finished" event with its Control: a Control must outlive the call, even an
# abandoned one (freeing it under the running grounder would crash the process).
# (Not Thread.is_alive: a join interrupted by Ctrl-C marks a running thread as stopped.)
_grounders: list[tuple[threading.Event, clingo.Control]] = []

# Controls whose clasp ran out of memory while preparing or searching: freeing one
# crashes the process (a segmentation fault after the one-line message), so they are
# kept until the process ends with os._exit.
_exhausted: list[clingo.Control] = []

T = TypeVar("T")


def grounding_in_progress() -> bool:
    """Whether an abandoned grounding (or a search's preparation) still runs, or a
    Control that ran out of memory is kept: then the process must end with os._exit."""
    _grounders[:] = [(done, ctl) for done, ctl in _grounders if not done.is_set()]
    return bool(_grounders) or bool(_exhausted)


def bounded(call: Callable[[], T], ctl: clingo.Control, deadline: float | None,
            discard: Callable[[T], None] | None = None) -> T:
    """`call()` (a call into `ctl` that clingo 5.8 cannot interrupt) in a worker thread
    (clingo releases the GIL), so that a deadline or Ctrl-C can stop waiting for it:
    raises `Abandoned` then, and leaves the call running (`ctl` is kept alive for it;
    what it returns after all is given to `discard`). Its exceptions are raised here."""
    done = threading.Event()
    lock = threading.Lock()
    box: dict[str, Any] = {}

    def work() -> None:
        _allocate_error_storage()
        try:
            value = call()
        except BaseException as error:  # raised on the caller's thread
            with lock:
                box["error"] = error
        else:
            with lock:
                box["value"] = value
                late = box.get("abandoned", False)
            if late and discard is not None:
                discard(value)
        finally:
            done.set()

    start = time.perf_counter()
    try:
        threading.Thread(target=work, name="clingo-call", daemon=True).start()
    except RuntimeError:  # "can't start new thread": no room for its stack below the limit
        raise MemoryError from None
    _grounders.append((done, ctl))
    try:
        while not done.wait(0.05):
            if deadline is not None and time.perf_counter() >= deadline:
                with lock:
                    if "value" not in box and "error" not in box:
                        box["abandoned"] = True
                        raise Abandoned(TIMEOUT, time.perf_counter() - start)
    except KeyboardInterrupt:  # stop, even if the call has just finished
        with lock:
            box["abandoned"] = True
            finished = "value" in box
        if finished and discard is not None:
            discard(box["value"])
        raise Abandoned(INTERRUPTED, time.perf_counter() - start) from None
    done.wait()  # finished (perhaps just as the deadline came): its outcome stands
    _grounders.remove((done, ctl))  # finished: the Control may go when its user is done
    if "error" in box:
        raise box["error"]
    return cast(T, box["value"])


def ground(ctl: clingo.Control, logger: _Logger, encoding: Path,
           deadline: float | None = None) -> float:
    """Ground, bounded by the deadline and Ctrl-C (see `bounded`): clingo 5.8 cannot
    interrupt the grounder itself."""
    start = time.perf_counter()
    try:
        bounded(lambda: ctl.ground([("base", [])]), ctl, deadline)
    except MemoryError:  # clingo's bad_alloc: the address-space limit was reached
        raise OutOfMemory("grounding") from None
    except RuntimeError:
        messages = logger.errors() or logger.texts()
        raise EncodingError(str(encoding), "cannot be grounded", messages) from None
    return time.perf_counter() - start


def start_search(ctl: clingo.Control, deadline: float | None,
                 **options: Any) -> clingo.SolveHandle:
    """`ctl.solve(async_=True, **options)`, bounded by the deadline and Ctrl-C (see
    `bounded`): the call itself prepares the ground program (clasp's preprocessing, an
    optimisation's set-up), which cannot be interrupted and takes half a minute on a
    program of millions of rules (an instance past its size limit); a search started
    after the caller gave up is cancelled at once."""

    def begin() -> clingo.SolveHandle:
        return cast(clingo.SolveHandle, ctl.solve(async_=True, **options))

    def cancel(handle: clingo.SolveHandle) -> None:
        with handle:  # closing the handle waits for the cancelled search to end
            handle.cancel()

    try:
        return bounded(begin, ctl, deadline, cancel)
    except MemoryError:  # clasp's bad_alloc while preparing
        _exhausted.append(ctl)
        raise OutOfMemory("solving") from None


def _allocate_error_storage() -> None:
    """Have clingo allocate this thread's storage for its last error now: allocated first
    when an out-of-memory error is being reported, it fails and the C library aborts the
    process ("cannot allocate memory for thread-local data") instead of a MemoryError."""
    with suppress(RuntimeError):
        clingo.parse_term("(", logger=lambda code, text: None)


def load_encoding(ctl: clingo.Control, logger: _Logger, encoding: Path) -> None:
    """Parse the encoding into `ctl`; clingo's messages with locations if it cannot."""
    if encoding.is_dir():  # clingo would read a directory as an empty program
        raise EncodingError(str(encoding), "is a directory, not an encoding file",
                            [f"{encoding}: expected a .lp file"])
    check_file(encoding)  # text clingo's lexer would end the process over, refused first
    try:
        ctl.load(str(encoding))
    except RuntimeError as error:  # clingo's message is logged, or (#script) only raised
        messages = logger.errors() or logger.texts() or [str(error).strip()]
        raise EncodingError(str(encoding), "cannot be parsed", messages) from None


def load(
    encoding: Path, facts: Iterable[clingo.Symbol], limits: Limits,
    deadline: float | None = None, externals: Iterable[clingo.Symbol] = (),
) -> tuple[clingo.Control, _Logger, float]:
    """A grounded Control for the encoding and the facts (and `externals`: atoms that
    each search switches on or off), with the grounding time."""
    logger = _Logger()
    try:
        ctl = clingo.Control(control_arguments(limits), logger=logger, message_limit=20)
    except RuntimeError as err:  # an unknown or malformed option in extra_args
        raise EncodingError("clingo", "bad option", [str(err)]) from None
    load_encoding(ctl, logger, encoding)
    ctl.add("base", [], facts_text(facts) + "".join(f"#external {sym}.\n" for sym in externals))
    return ctl, logger, ground(ctl, logger, encoding, deadline)


class Session:
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
            try:
                while not handle.wait(0.1):
                    if deadline is not None and time.perf_counter() >= deadline:
                        handle.cancel()
                        raise Abandoned(TIMEOUT, time.perf_counter() - started)
            except KeyboardInterrupt:
                handle.cancel()
                raise Abandoned(INTERRUPTED, time.perf_counter() - started) from None
            handle.get()
        return found


def solve(
    encoding: Path,
    facts: Iterable[clingo.Symbol],
    limits: Limits,
    progress: Progress | None = None,
    on_answer: Callable[[Answer], None] | None = None,
) -> Result:
    """Ground and solve; Ctrl-C and the time limit stop the search and keep what was found.

    `on_answer` is told each kept (proven) answer soon after it is found, on the calling
    thread, so that a command can show answers while the search goes on.
    """
    started = time.perf_counter()
    deadline = None if limits.time_limit is None else started + limits.time_limit
    try:
        ctl, logger, ground_time = load(encoding, facts, limits, deadline)
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
        _exhausted.append(ctl)
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


def shown_signatures(encoding: Path) -> frozenset[tuple[str, int]]:
    """The `name/arity` of every atom the encoding's `#show` statements show (`#show
    p/2.` and `#show p(X, Y) : ...` alike), read with clingo's parser; empty for a file
    clingo cannot parse (loading it reports why). Remembered while the file is unchanged."""
    try:
        stamp = encoding.stat()
    except OSError:
        return frozenset()
    return _shown_signatures(encoding, stamp.st_mtime_ns, stamp.st_size)


@cache
def _shown_signatures(encoding: Path, mtime: int, size: int) -> frozenset[tuple[str, int]]:
    from clingo.ast import ASTType, parse_files

    signatures: set[tuple[str, int]] = set()

    def visit(statement: Any) -> None:
        if statement.ast_type == ASTType.ShowSignature:
            signatures.add((statement.name, statement.arity))
        elif statement.ast_type == ASTType.ShowTerm:
            term = statement.term
            if term.ast_type == ASTType.Function:
                signatures.add((term.name, len(term.arguments)))
            elif term.ast_type == ASTType.SymbolicTerm:
                symbol = term.symbol
                if symbol.type == clingo.SymbolType.Function:
                    signatures.add((symbol.name, len(symbol.arguments)))

    try:
        parse_files([str(encoding)], visit, logger=lambda code, text: None)
    except RuntimeError:  # a syntax error
        return frozenset()
    return frozenset(signatures)


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
