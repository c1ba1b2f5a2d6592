"""Errors a user can fix: bad puzzle input and bad (edited) encodings, and the ends of a
run that are no crash (a question stopped by its time limit, memory run out); and the
command's exit codes, one `ExitCode` for every front end.

They are raised anywhere, caught by the front ends (the command line prints one line, an
encoding error adds clingo's own messages, and exits with its documented code; the API
raises them; the studio and a collection report their line and code).
"""

from __future__ import annotations

import math
from enum import IntEnum

from . import escape


class ExitCode(IntEnum):
    """The command's exit codes (the README's table), the same for every front end."""

    SOLVED = 0  # at least one solution (or a puzzle's closest answer)
    UNSOLVABLE = 1  # the search was exhausted without a solution
    USAGE = 2  # bad input or usage: one line naming the file and line
    ENCODING = 3  # bad encoding: clingo's message with file:line:column
    TIMEOUT = 4  # the time limit was reached (what was found is still reported)
    OUTPUT = 5  # standard output could not be written
    WORKER = 6  # several puzzles: the worker solving one of them died or failed
    MEMORY = 7  # out of memory: past --memory-limit (or ulimit -v)
    INTERRUPTED = 130  # Ctrl-C (what was found is still reported)
    TERMINATED = 143  # SIGTERM, like Ctrl-C

    def __str__(self) -> str:  # the number, on Python 3.10 too (as 3.11's IntEnum)
        return str(self.value)


# A run's status (the runner's, or a puzzle's closest answer) and its exit code; a run
# stopped by a signal exits TERMINATED for SIGTERM (`output.interrupted_code`).
STATUS_EXIT = {"solved": ExitCode.SOLVED, "closest": ExitCode.SOLVED,
               "unsolvable": ExitCode.UNSOLVABLE, "timeout": ExitCode.TIMEOUT,
               "interrupted": ExitCode.INTERRUPTED,
               # A checked answer (--check): correct, or not (a rule broken, cells open).
               "correct": ExitCode.SOLVED, "broken": ExitCode.UNSOLVABLE,
               "incomplete": ExitCode.UNSOLVABLE}


class UserError(Exception):
    """Base of every error the user can fix; `exit_code` is what the command returns."""

    exit_code: ExitCode = ExitCode.USAGE


class InputError(UserError):
    """A puzzle file the parser cannot accept, located by file and line."""

    exit_code = ExitCode.USAGE

    def __init__(self, source: str, problem: str, line: int | None = None) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        shown = escape.name(source)  # a newline or ESC in a file name stays in the line
        where = f"{shown}:{line}" if line is not None else shown
        super().__init__(f"{where}: {problem}")


class EncodingError(UserError):
    """An encoding that clingo cannot parse or ground, with clingo's located messages."""

    exit_code = ExitCode.ENCODING

    def __init__(self, encoding: str, summary: str, messages: list[str]) -> None:
        self.encoding = encoding
        self.messages = messages
        first = messages[0].splitlines()[0] if messages else ""
        named = escape.name(encoding)
        super().__init__(f"{named}: {summary}: {first}" if first else f"{named}: {summary}")

    def lines(self) -> list[str]:
        """The message, then the rest of clingo's messages whole (an unsafe-variable error
        names its variables in the notes that follow its first line)."""
        rest = [line for message in self.messages for line in message.splitlines()][1:]
        return [str(self), *rest]


class AnswerShapeError(UserError):
    """An answer set whose atoms the puzzle's drawing cannot use (an edited encoding)."""

    exit_code = ExitCode.ENCODING


class Stopped(UserError):
    """A question (explain, hint, generate) stopped by its time limit or Ctrl-C before it
    reached an answer; `status` is "timeout" or "interrupted" (the runner's TIMEOUT and
    INTERRUPTED). The API raises it as `pyasp_runner.api.Stopped`."""

    def __init__(self, status: str, doing: str | None = None) -> None:
        self.status = status
        self.exit_code = ExitCode.TIMEOUT if status == "timeout" else ExitCode.INTERRUPTED
        why = "time limit reached" if status == "timeout" else "interrupted"
        where = f" while {doing}," if doing else ""
        super().__init__(f"stopped ({why}){where} before an answer was reached")


class OutOfMemory(UserError):
    """Grounding or search needed more memory than the process may have (its address-space
    limit: `--memory-limit`, `ulimit -v`): one line and exit 7, never a traceback."""

    exit_code = ExitCode.MEMORY

    def __init__(self, stage: str) -> None:
        super().__init__(f"out of memory while {stage}: the instance needs more memory than "
                         f"the process may use ({memory_limit_text()}); a smaller instance, "
                         f"a lower --max-size, or a higher --memory-limit")


class MemoryLimitTooLow(UserError):
    """A memory limit that leaves a run no room to start (exit 7, as for any run out of
    memory, before the limit is set): `needed` bytes, of which `in_use` are already
    mapped when the limit would be set."""

    exit_code = ExitCode.MEMORY

    def __init__(self, gib: float, in_use: int, needed: int) -> None:
        at_least = math.ceil(needed / 2**30 * 100) / 100
        super().__init__(f"out of memory before starting: a memory limit of {gib:g} GiB "
                         f"leaves no room to start: the command has {in_use / 2**20:,.0f} "
                         f"MiB of address space mapped before it reads the puzzle, and a "
                         f"search needs {(needed - in_use) / 2**20:,.0f} MiB more (its "
                         f"threads' stacks, clingo's start); give at least {at_least:g} GiB "
                         f"(0: no limit)")


def memory_limit_text() -> str:
    """The process's address-space limit in words."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return "no address-space limit, so the machine's memory ran out"
    return f"an address space of {soft / 2**30:.3g} GiB"
