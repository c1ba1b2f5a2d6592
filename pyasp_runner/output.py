"""Standard output that may fail, and the signals that stop a run.

Writing can fail after the answer is known: the reader of a pipe leaves (`| head -1`),
the disk is full (`> /dev/full`), or the output's encoding cannot show a character
(`PYTHONIOENCODING=ascii`). `Stdout` wraps the stream so that each failure becomes one
exception the command line turns into one line on standard error:

- `ReaderLeft`: the pipe was closed; the run keeps the exit code of its outcome
  (`Stdout.outcome`, set before the answer is written), as if the rest had been read;
- `OutputError`: nothing more can be written; exit code 5.

SIGTERM (what `timeout`, systemd and CI runners send) is treated like Ctrl-C: during
the search it raises `Terminated`, a KeyboardInterrupt, so the runner stops and keeps
what it found; while the answer is being written, both signals only set `stop`, which
the writing checks between boards, so the output that is printed is complete.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, TextIO, cast

from .errors import ExitCode, UserError

if TYPE_CHECKING:
    from rich.console import Console

# After a signal, writing what was found may take this long (then it stops between boards):
# whoever sent it wants the process to end soon.
WRITE_GRACE_S = 1.0


class OutputError(UserError):
    """Standard output cannot be written (disk full, I/O error, unencodable text)."""

    exit_code = ExitCode.OUTPUT


class FileNotWritten(UserError):
    """A file the run writes (--svg, --trace, --resume, generate's --out) could not be
    written: exit 5, as for standard output; standard output itself still works, so with
    --json the error object is written there."""

    exit_code = ExitCode.OUTPUT


class ReaderLeft(Exception):
    """The reader of standard output closed it (a broken pipe)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived during the search: stop it like Ctrl-C."""


class Stdout:
    """A text stream whose write failures become `ReaderLeft` or `OutputError`."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.outcome: ExitCode | None = None  # the run's exit code, once it is known

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except (OSError, UnicodeEncodeError) as error:  # any other error is a bug: raised
            raise _failure(error) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except (OSError, UnicodeEncodeError) as error:
            raise _failure(error) from None

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding, ...
        return getattr(self.stream, name)


def console(file: IO[str] | None = None, stderr: bool = False, **options: Any) -> Console:
    """A rich `Console` made when first used: a run that writes only JSON or plain text
    (through `.file`) never imports rich's console, a third of the start-up. Writing to a
    closed pipe raises `ReaderLeft` (rich itself would exit 1)."""
    return cast("Console", _LazyConsole(file, stderr, options))


class _LazyConsole:
    def __init__(self, file: IO[str] | None, stderr: bool, options: dict[str, Any]) -> None:
        self._file, self._stderr, self._options = file, stderr, options
        self._console: Console | None = None

    @property
    def file(self) -> IO[str]:  # what rich's Console.file is, without making one
        if self._console is not None:
            return self._console.file
        return self._file or (sys.stderr if self._stderr else sys.stdout)

    def __getattr__(self, name: str) -> Any:  # print, is_terminal, status, width, ...
        if name in ("_file", "_stderr", "_options", "_console"):  # not yet set
            raise AttributeError(name)
        if self._console is None:
            from rich.console import Console

            class _Console(Console):
                def on_broken_pipe(self) -> None:  # the reader left, that is all
                    raise ReaderLeft

            self._console = _Console(file=self._file, stderr=self._stderr, **self._options)
        return getattr(self._console, name)


def set_outcome(stream: object, code: ExitCode) -> None:
    """Record the run's exit code on `Stdout` before the answer is written."""
    if isinstance(stream, Stdout):
        stream.outcome = code


def _failure(error: OSError | UnicodeEncodeError) -> Exception:
    if isinstance(error, BrokenPipeError):
        return ReaderLeft()
    if isinstance(error, UnicodeEncodeError):
        char = error.object[error.start:error.end]
        return OutputError(f"standard output cannot be written: its encoding "
                           f"{error.encoding} cannot show {char!r} "
                           f"(PYTHONIOENCODING=utf-8 can)")
    return OutputError(f"standard output cannot be written: {error.strerror or error}")


def silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null so that the exit's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives to exit


# --- Signals ---------------------------------------------------------------------------

stop = threading.Event()  # SIGTERM or Ctrl-C while the answer was being written
terminated = threading.Event()  # a SIGTERM arrived at some point of the run
_writing = threading.Event()
_signalled: list[float] = []  # when the first signal arrived (time.perf_counter)


def _on_signal(signum: int, frame: object) -> None:
    if signum == signal.SIGTERM:
        terminated.set()
    if not _signalled:
        _signalled.append(time.perf_counter())
    if _writing.is_set():
        stop.set()
        return
    raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt


def install_signal_handlers() -> Callable[[], None]:
    """SIGTERM like Ctrl-C; both only mark `stop` once writing has begun. Returns what
    puts the previous handlers back."""
    stop.clear()
    terminated.clear()
    _writing.clear()
    _signalled.clear()
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous = {number: signal.signal(number, _on_signal)
                for number in (signal.SIGTERM, signal.SIGINT)}

    def restore() -> None:
        for number, handler in previous.items():
            signal.signal(number, handler)
    return restore


def signal_arrived() -> bool:
    """Whether Ctrl-C or SIGTERM has arrived since the handlers were installed."""
    return bool(_signalled)


def writing_deadline() -> float | None:
    """When writing must stop because a signal asked the run to end (None: no signal)."""
    return _signalled[0] + WRITE_GRACE_S if _signalled else None


def writing_begins() -> None:
    """From now on a signal stops the output between boards instead of raising."""
    _writing.set()


@contextmanager
def signals_deferred() -> Iterator[None]:
    """A signal inside the block only marks `stop`, and is raised at its end (as
    KeyboardInterrupt, or `Terminated` for SIGTERM): a line is written whole, and
    counted, or not at all."""
    if _writing.is_set():  # already writing: signals only mark `stop`
        yield
        return
    _writing.set()
    try:
        yield
    finally:
        _writing.clear()
    if stop.is_set():
        raise Terminated if terminated.is_set() else KeyboardInterrupt


def interrupted_code() -> ExitCode:
    """The exit code of a run stopped by a signal: 143 for SIGTERM, 130 for Ctrl-C."""
    return ExitCode.TERMINATED if terminated.is_set() else ExitCode.INTERRUPTED
