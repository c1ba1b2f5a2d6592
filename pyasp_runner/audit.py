"""Auditing a collection: which puzzles several inputs name, each solved as a task, its JSON line.

`solve-asp PUZZLE FILE...` (several inputs, a directory, `--lines`, or one of the
collection options) solves every puzzle in a worker (`batch`) and writes one JSON
object per puzzle. This module decides what the puzzles are and what each line says;
the command line (`cli/collection.py`) prints.

What an input gives:
- a file: one puzzle; with `--lines`, one puzzle per line (for one-line formats: game
  IDs, puzz.link addresses, arithmetic rounds), blank lines and `#` comment lines skipped
  (so too each file of a directory);
- `-`: standard input, the same way (named `<stdin>`);
- a directory: every regular file under it, recursively, in name order, except hidden
  ones (a name starting with `.`, and whatever is inside a hidden directory) and the
  expected-answer files that sit beside instances (`*.expected.json`) and the run's own
  `--resume` file; symbolic links to directories are not followed;
- `example:NAME`: a shipped instance; for a puzzle with one-line formats, text that
  names no file is the puzzle itself.

Each puzzle's JSON line is the `--json` envelope of `docs/json.md` without `atoms`,
after `"type": "result"` and `"file"` (and `"line"` for a puzzle read from a line), or an
error line `{"type": "result", "file": ..., "puzzle": ..., "status": "error", "error":
"<one line>", "exit_code": N}`. A puzzle its worker did not finish within the time limit
(an unfinished grounding) has status "timeout" and a `message`.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import os
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import batch, inputs
from .errors import STATUS_EXIT, ExitCode, InputError, UserError
from .puzzles import Puzzle

EXPECTED_SUFFIX = ".expected.json"
STDIN = "<stdin>"
# A file of one-line puzzles may hold a whole collection: read up to this many bytes.
MAX_LINES_BYTES = 64 * inputs.MAX_INPUT_BYTES
SLOWEST = 5  # puzzles named in the summary
# A worker gets this much more than --time-limit (a tenth, and 2 s for its start and
# answer) before it is ended.
GRACE_S = 2.0

# The categories of the summary, in its order; a line's category is `category(line)`.
UNIQUE, SEVERAL, SOLVED, UNSOLVABLE, BAD_INPUT, TIMED_OUT, FAILED, INTERRUPTED = (
    "unique", "several solutions", "solved, uniqueness unknown", "unsolvable", "bad input",
    "timed out", "failed", "interrupted")
CATEGORIES = (UNIQUE, SEVERAL, SOLVED, UNSOLVABLE, BAD_INPUT, TIMED_OUT, FAILED, INTERRUPTED)
ALWAYS_SHOWN = (UNIQUE, SEVERAL, UNSOLVABLE, BAD_INPUT, TIMED_OUT)
SHORT = {UNIQUE: "unique", SEVERAL: "several", SOLVED: "solved", UNSOLVABLE: "unsolvable",
         BAD_INPUT: "bad", TIMED_OUT: "timed out", FAILED: "failed",
         INTERRUPTED: "interrupted"}


@dataclass(frozen=True)
class Item:
    """One puzzle of a collection: its file (or `<stdin>`, or the text given inline) and
    line, and its text when it is already known (a line)."""

    file: str
    line: int | None = None
    text: str | None = None

    @property
    def key(self) -> tuple[str, int | None]:
        return (self.file, self.line)

    @property
    def name(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Settings:
    """How every puzzle of the collection is solved (what a worker needs, picklable)."""

    puzzle: str
    count: bool = False
    cap: int = 100_000
    time_limit: float | None = None
    threads: int = 1
    configuration: str | None = None
    constants: Mapping[str, str] = field(default_factory=dict)
    encoding: str | None = None  # an edited encoding's file
    encoding_text: str | None = None  # its text, for a cluster's workers (not its files)
    options: Mapping[str, bool | str | None] = field(default_factory=dict)
    clingo_args: tuple[str, ...] = ()
    max_size: int | None = None
    force: bool = False
    killable: bool = True  # the worker is ended past its time limit (local processes)
    grade: bool = False  # grade each puzzle (`Session.grade`: the line gets its `grade`)


def items_of(puzzle: Puzzle, arguments: Sequence[str], *, lines: bool,
             leave_out: Sequence[str] = ()) -> list[Item]:
    """The puzzles the arguments name, in order (see the module's docstring); files of a
    directory that are one of `leave_out` (the run's --resume file) are left out."""
    if lines and not puzzle.spec.inline:
        raise UserError(f"--lines reads one puzzle per line; {puzzle.name} has no one-line "
                        f"format (give files or a directory)")
    found: list[Item] = []
    for argument in arguments:
        if argument != "-" and os.path.isdir(argument):
            files = [str(path) for path in puzzle_files(Path(argument))
                     if not any(_same_file(path, other) for other in leave_out)]
            found += [item for name in files
                      for item in (line_items(puzzle, name) if lines else [Item(name)])]
        elif lines:
            found += line_items(puzzle, argument)
        elif argument == "-":
            found.append(Item(STDIN))
        else:
            found.append(Item(os.path.normpath(argument) if os.path.exists(argument)
                              else argument))
    return found


def _same_file(path: Path, other: str) -> bool:
    try:
        return os.path.samefile(path, other)
    except OSError:  # `other` does not exist (yet)
        return False


def puzzle_files(directory: Path) -> list[Path]:
    """The puzzle files of a directory: every regular file under it, in name order, except
    hidden ones and expected answers."""
    found: list[Path] = []
    for top, folders, files in os.walk(directory):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        found += [Path(top, name) for name in sorted(files)
                  if not name.startswith(".") and not name.endswith(EXPECTED_SUFFIX)
                  and Path(top, name).is_file()]
    return sorted(found)


def line_items(puzzle: Puzzle, argument: str) -> list[Item]:
    """One item per line of a file (or standard input) that is neither blank nor `#`; a
    file that cannot be read is one item, whose reading then reports why."""
    name = STDIN if argument == "-" else os.path.normpath(argument)
    try:
        text, _ = inputs.read_input(argument, False, None, MAX_LINES_BYTES)
    except UserError:
        return [Item(name)]
    return [Item(name, number, line.strip())
            for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.lstrip().startswith("#")]


def already_done(path: str) -> set[tuple[str, int | None]]:
    """The puzzles with a result line in a --resume file (missing: none). A line cut short
    (the run was killed while writing it) does not count."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return set()
    except OSError as error:
        raise InputError(path, f"cannot be read: {error.strerror}") from None
    done: set[tuple[str, int | None]] = set()
    for row in text.splitlines():
        try:
            line = json.loads(row)
        except ValueError:
            continue
        if isinstance(line, dict) and line.get("type") == "result" and "file" in line \
                and line.get("status") != "interrupted":
            done.add((str(line["file"]), line.get("line")))
    return done


def tasks(puzzle: Puzzle, items: Iterable[Item], settings: Settings,
          stdin_text: str | None = None) -> Iterator[batch.Task]:
    """A task per item, its file read as it is handed out; a file that cannot be read
    becomes a task that reports its one-line error."""
    for item in items:
        try:
            text, source = read_item(puzzle, item, stdin_text)
        except UserError as error:
            yield batch.Task(item.name, refused, (str(error), error.exit_code))
            continue
        yield batch.Task(item.name, solve_one, (settings, text, source, item.line))


def read_item(puzzle: Puzzle, item: Item, stdin_text: str | None) -> tuple[str, str]:
    """An item's text and the name its messages use."""
    if item.text is not None:
        return item.text, item.file
    if item.file == STDIN:
        assert stdin_text is not None
        return stdin_text, STDIN
    if item.file.startswith("example:"):
        shipped = puzzle.examples()
        name = item.file.removeprefix("example:")
        if name not in shipped:
            raise InputError(item.file, f"no such example of {puzzle.name}")
        return shipped[name].read_text(encoding="utf-8-sig"), item.file
    return inputs.read_input(item.file, puzzle.spec.inline)


def refused(message: str, code: int) -> dict[str, Any]:
    """The result of a puzzle whose file could not be read."""
    return {"status": "error", "error": message, "exit_code": code}


def solve_one(settings: Settings, text: str, source: str,
              line: int | None = None) -> dict[str, Any]:
    """Solve one puzzle (in a worker): its JSON envelope without atoms, or its error.
    `line`: where the text stands in `source`, for a puzzle read from a line."""
    from . import program
    from .session import Session
    from .session import Settings as Solving

    cpu = time.process_time()
    solving = Solving(encoding=encoding_file(settings), options=settings.options,
                      constants=settings.constants, clingo_args=settings.clingo_args,
                      max_size=settings.max_size, force=settings.force, count=settings.count,
                      cap=settings.cap, threads=settings.threads,
                      configuration=settings.configuration)
    try:
        session = Session.open(settings.puzzle, text, source=source, settings=solving,
                               time_limit=settings.time_limit)
        outcome = session.grade() if settings.grade else session.solve()
    except InputError as error:  # located in the file, not in the line
        if line is not None:
            error = InputError(error.source, error.problem, line + (error.line or 1) - 1)
        return refused(str(error), error.exit_code)
    except UserError as error:
        return refused(str(error), error.exit_code)
    data = outcome.envelope()
    data.pop("atoms", None)
    data["stats"] = {**data["stats"], "cpu_s": round(time.process_time() - cpu, 4)}
    if settings.killable and program.grounding_in_progress():
        # The time limit stopped a grounding that goes on in a thread clingo cannot stop:
        # wait for the pool to end this process, which frees its CPU and memory.
        time.sleep(hard_limit(settings.time_limit or 0) + 60)
    return data


def encoding_file(settings: Settings) -> Path | None:
    """The edited encoding's file: on a cluster, a copy in the worker's temporary
    directory, written from the text the task carries."""
    if settings.encoding_text is None:
        return Path(settings.encoding) if settings.encoding else None
    digest = hashlib.sha256(settings.encoding_text.encode()).hexdigest()[:16]
    stem = Path(settings.encoding or "encoding.lp").stem
    path = Path(tempfile.gettempdir(), f"solve-asp-{digest}-{stem}.lp")
    if not path.exists():
        partial = path.with_suffix(f".{os.getpid()}.part")
        partial.write_text(settings.encoding_text, encoding="utf-8")
        partial.replace(path)
    return path


def hard_limit(time_limit: float) -> float:
    """When a worker past --time-limit is ended."""
    return time_limit * 1.1 + GRACE_S


def result_line(puzzle: str, item: Item, done: batch.Done) -> dict[str, Any]:
    """The JSON object of a finished puzzle."""
    head: dict[str, Any] = {"type": "result", "file": item.file}
    if item.line is not None:
        head["line"] = item.line
    if done.outcome == batch.OK:
        value: dict[str, Any] = done.value
        return head | {"puzzle": puzzle} | value
    if done.outcome == batch.TIMEOUT:
        return head | {"puzzle": puzzle, "status": "timeout", "solutions": [], "count": 0,
                       "complete": False, "unique": None, "stats": {"time_s": done.seconds},
                       "message": f"{item.name}: {done.error}"}
    return head | {"puzzle": puzzle, "status": "error", "error": f"{item.name}: {done.error}",
                   "exit_code": ExitCode.WORKER}


def category(line: Mapping[str, Any]) -> str:
    """Where a result line counts in the summary."""
    status = line.get("status")
    if status == "error":  # a grade stopped by its time limit is an error of exit code 4
        kinds: dict[int, str] = {ExitCode.USAGE: BAD_INPUT, ExitCode.TIMEOUT: TIMED_OUT}
        return kinds.get(int(line.get("exit_code", ExitCode.WORKER)), FAILED)
    if status == "timeout":
        return TIMED_OUT
    if status == "interrupted":
        return INTERRUPTED
    if status == "unsolvable":
        return UNSOLVABLE
    if line.get("unique") is True:
        return UNIQUE
    if line.get("unique") is False:
        return SEVERAL
    return SOLVED


def exit_code_of(line: Mapping[str, Any]) -> ExitCode:
    """The exit code the puzzle would have had alone (a dead worker: ExitCode.WORKER)."""
    status = line.get("status")
    if status == "error":
        return ExitCode(int(line.get("exit_code", ExitCode.WORKER)))
    return STATUS_EXIT[str(status)]


def seconds_of(line: Mapping[str, Any]) -> float:
    stats = line.get("stats")
    return float(stats.get("time_s", 0.0)) if isinstance(stats, dict) else 0.0


@dataclass
class Tally:
    """What the summary needs of the lines so far (not the lines: a collection may hold
    100,000 puzzles): the count by category, the highest exit code, the slowest."""

    counts: Counter[str] = field(default_factory=Counter)
    grades: Counter[str] = field(default_factory=Counter)  # with --grade: by level
    worst: ExitCode = ExitCode.SOLVED
    done: int = 0
    slowest: list[tuple[float, str]] = field(default_factory=list)  # a heap of SLOWEST

    def add(self, line: Mapping[str, Any], name: str) -> None:
        self.counts[category(line)] += 1
        graded = line.get("grade")
        if isinstance(graded, dict) and graded.get("level"):
            self.grades[str(graded["level"])] += 1
        self.worst = max(self.worst, exit_code_of(line))
        self.done += 1
        heapq.heappush(self.slowest, (seconds_of(line), name))
        if len(self.slowest) > SLOWEST:
            heapq.heappop(self.slowest)

    def slowest_first(self) -> list[tuple[float, str]]:
        return sorted(self.slowest, reverse=True)
