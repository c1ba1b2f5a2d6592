"""An encoding as clingo takes it: loaded into a Control, grounded, a search started,
each within a deadline; and what it shows and which constants it defines.

Beside the facts (`facts.py`), the lowest layer the runner stands on. clingo 5.8 can
interrupt neither its grounder nor a search's preparation, so each runs in a worker
thread that a deadline or Ctrl-C stops waiting for (`bounded`): `Abandoned` then, and
the call is left running, its Control kept alive for it (`grounding_in_progress` tells
the command to end with `os._exit`). clingo's messages are collected with their
`file:line:column` (`Logger`) and become `EncodingError`s.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import clingo

from .errors import EncodingError, OutOfMemory
from .lexing import check_file

# How a clingo search ended.
SOLVED = "solved"
UNSOLVABLE = "unsolvable"
TIMEOUT = "timeout"
INTERRUPTED = "interrupted"


class Logger:
    """Collects clingo's messages; errors carry file:line:column locations."""

    def __init__(self) -> None:
        self.messages: list[tuple[clingo.MessageCode, str]] = []

    def __call__(self, code: clingo.MessageCode, text: str) -> None:
        self.messages.append((code, text.rstrip()))

    def texts(self) -> list[str]:
        return [text for _, text in self.messages]

    def errors(self) -> list[str]:
        return [text for _, text in self.messages if ": error:" in text or "<cmd>" in text]


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


def exhausted(ctl: clingo.Control) -> None:
    """Keep a Control whose clasp ran out of memory until the process ends (freeing it
    would crash the process)."""
    _exhausted.append(ctl)


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


def ground(ctl: clingo.Control, logger: Logger, encoding: Path,
           deadline: float | None = None, parts: tuple[str, ...] = (),
           base: str = "base") -> float:
    """Ground the `base` program (and the program `parts` named, with it), bounded by the
    deadline and Ctrl-C (see `bounded`): clingo 5.8 cannot interrupt the grounder
    itself."""
    start = time.perf_counter()
    program: list[tuple[str, list[clingo.Symbol]]] = [(base, []),
                                                      *((part, []) for part in parts)]
    try:
        bounded(lambda: ctl.ground(program), ctl, deadline)
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
        exhausted(ctl)
        raise OutOfMemory("solving") from None


def _allocate_error_storage() -> None:
    """Have clingo allocate this thread's storage for its last error now: allocated first
    when an out-of-memory error is being reported, it fails and the C library aborts the
    process ("cannot allocate memory for thread-local data") instead of a MemoryError."""
    with suppress(RuntimeError):
        clingo.parse_term("(", logger=lambda code, text: None)


def load_encoding(ctl: clingo.Control, logger: Logger, encoding: Path) -> None:
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


def constant_names(encoding: Path) -> set[str]:
    """The names of the encoding's `#const` definitions (included files too)."""
    from clingo.ast import ASTType, parse_files

    names: set[str] = set()

    def visit(statement: Any) -> None:
        if statement.ast_type == ASTType.Definition:
            names.add(statement.name)

    try:
        parse_files([str(encoding)], visit, logger=lambda code, text: None)
    except RuntimeError:  # a syntax error: loading it reports clingo's message
        return set()
    return names
