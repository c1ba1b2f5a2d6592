"""The command line's options as typed records, made once from what the parser read
(`definition.parse`): every module after the parser takes one of these, none sees
argparse.

- `SolveOptions`: `solve-asp PUZZLE INPUT... [options]`, one puzzle's run or a
  collection's; `GenerateOptions`: `solve-asp generate PUZZLE`; `StudioOptions`:
  `solve-asp studio`; `Lookup`: `--list`, `encoding PUZZLE`, `examples PUZZLE`, or no
  command at all.

A field has the name of its option (`--json-lines` is `json_lines`), so that the checks
of combinations (`checks.py`) name both; `started` is when the run started (the time
limit counts from it).
"""

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple

from ..errors import UserError
from ..process import DEFAULT_MEMORY_GIB

# The commands besides the puzzles'.
GENERATE = "generate"
ENCODING = "encoding"  # prints a puzzle's rules
EXAMPLES = "examples"  # lists a puzzle's shipped instances
STUDIO = "studio"  # the rules editor in a browser (its libraries load only then)
EXAMPLE_PREFIX = "example:"  # `solve-asp PUZZLE example:NAME`: a shipped instance by name
GRADES = ["easy", "medium", "hard"]  # reasoning.LEVELS, without importing clingo here
# The session's `DEFAULT_CAP`, without importing clingo to read a command line.
DEFAULT_CAP = 100_000
NO_VALUES: Mapping[str, bool | str | None] = MappingProxyType({})


class SolveOptions(NamedTuple):
    """`solve-asp PUZZLE INPUT... [options]` (`values`: the puzzle's own options)."""

    puzzle: str
    inputs: tuple[str, ...] = ()
    started: float = 0.0
    models: int | None = None
    count: bool = False  # type: ignore[assignment]  # hides tuple.count(), as runner.Result
    cap: int = DEFAULT_CAP
    json: bool = False
    json_lines: bool = False
    stats: bool = False
    facts: bool = False
    svg: str | None = None
    to: str | None = None
    encoding: Path | None = None
    time_limit: float | None = None
    max_size: int | None = None
    force: bool = False
    memory_limit: float = DEFAULT_MEMORY_GIB
    const: tuple[str, ...] = ()
    clingo_arg: tuple[str, ...] = ()
    threads: int = 1
    configuration: str | None = None
    lines: bool = False
    jobs: int | None = None
    resume: str | None = None
    scheduler: str | None = None
    trace: str | None = None
    explain: bool = False
    hint: bool = False
    step: bool = False
    grade: bool = False
    check: str | None = None
    why: bool = False
    steps: bool = False
    values: Mapping[str, bool | str | None] = NO_VALUES

    @property
    def input(self) -> str:
        """The one input of a single puzzle's run."""
        return self.inputs[0]


class GenerateOptions(NamedTuple):
    """`solve-asp generate PUZZLE [options]` (`count`: how many puzzles; `grade`: the
    level to keep)."""

    puzzle: str
    started: float = 0.0
    size: str | None = None
    seed: int | None = None
    keep_all: bool = False
    svg: str | None = None
    to: str | None = None
    encoding: Path | None = None
    time_limit: float | None = None
    max_size: int | None = None
    force: bool = False
    memory_limit: float = DEFAULT_MEMORY_GIB
    const: tuple[str, ...] = ()
    clingo_arg: tuple[str, ...] = ()
    threads: int = 1
    configuration: str | None = None
    count: int = 1  # type: ignore[assignment]  # hides tuple.count(), as runner.Result
    grade: str | None = None
    jobs: int | None = None
    out: str | None = None
    json_lines: bool = False


class StudioOptions(NamedTuple):
    """`solve-asp studio [options]`: the server's."""

    port: int = 0
    host: str | None = None
    no_browser: bool = False
    time_limit: float = 60.0
    memory_limit: float = DEFAULT_MEMORY_GIB


class Lookup(NamedTuple):
    """A command that solves nothing: `--list` (command "list"), `encoding PUZZLE`,
    `examples PUZZLE`, or none given (command None)."""

    command: str | None
    puzzle: str | None = None


Options = SolveOptions | GenerateOptions | StudioOptions | Lookup
Searching = SolveOptions | GenerateOptions  # the commands that search: a time limit, --svg


def deadline_of(options: Searching) -> float | None:
    """When --time-limit runs out, on the clock of `time.perf_counter`: counted from the
    start of the run, so reading, parsing and writing are inside it."""
    if options.time_limit is None:
        return None
    return (options.started or time.perf_counter()) + float(options.time_limit)


def search_deadline(options: Searching) -> float | None:
    """When the searches must stop: at --time-limit, less a tenth of it (at most 1 s)
    kept for writing what was found."""
    deadline = deadline_of(options)
    if deadline is None or options.time_limit is None:
        return None
    return deadline - min(1.0, float(options.time_limit) / 10)


def machine_output(options: SolveOptions) -> bool:
    return bool(options.json or options.json_lines)


def constants_of(given: Sequence[str]) -> dict[str, str]:
    """`-c NAME=VALUE` options as a mapping (the session checks names and values)."""
    constants: dict[str, str] = {}
    for text in given:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise UserError(f"-c {text}: expected NAME=VALUE, e.g. -c weight=3")
        constants[name.strip()] = value.strip()
    return constants
