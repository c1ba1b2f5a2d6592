"""The `solve-asp` command line: the only front end that prints or exits.

`main` reads the command (`definition.py`, the only module that sees argparse, makes a
typed options record of it, `options.py`), checks its combinations (`checks.py`) and
runs it: a puzzle's run (`solve.py`, its questions about clues in `questions.py`), a
collection (`collection.py`), `generate` (`generate.py`), the studio (`studio.py`), or a
lookup (`--list`, `encoding`, `examples`). What is shown is `present.py`'s. Errors a user
can fix end the run with one line and their `errors.ExitCode`:

    0  solved (at least one solution, or the closest answer where a puzzle's rules make
       the nearest answer the answer)
    1  no solution (the search was exhausted without one)
    2  bad input or usage (the message names the file and line)
    3  bad encoding (clingo's message with file:line:column)
    4  stopped by --time-limit (what was found is still reported)
    5  an output could not be written: standard output (disk full, I/O error,
       unencodable text) or a file the run writes (--svg, --trace, --resume)
    6  several puzzles (a collection): the worker solving one of them died (killed, out
       of memory) or failed; a collection's code is the highest of its puzzles' codes
    7  out of memory: grounding or search needed more than the process may use
       (--memory-limit, ulimit -v)
    130 interrupted by Ctrl-C (what was found is still reported)
    143 stopped by SIGTERM (what was found is still reported, status "interrupted")
A reader that closes the output early (`| head -1`) does not change the exit code.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, cast

from .. import escape, output
from ..errors import (
    EncodingError,
    ExitCode,
    MemoryLimitTooLow,
    OutOfMemory,
    Stopped,
    UserError,
)
from ..process import limit_memory, memory_starved
from .options import (
    ENCODING,
    GenerateOptions,
    Lookup,
    Options,
    SolveOptions,
    StudioOptions,
)
from .present import exit_code, list_examples, list_puzzles, say, version_text

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["main", "run", "run_command"]


def main(argv: Sequence[str] | None = None, limit: bool = False) -> ExitCode:
    """Run the command; `limit`: apply --memory-limit to this process (the `solve-asp`
    command does; a program calling `main` keeps its own limits)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    started = time.perf_counter()
    stdout = output.Stdout(sys.stdout)
    out = output.console(file=cast(IO[str], stdout))
    err = output.console(stderr=True, soft_wrap=True)  # messages stay one line
    restore = output.install_signal_handlers()
    try:
        code = dispatch(argv, out, err, started, limit)
        stdout.flush()
    except output.ReaderLeft:  # e.g. `solve-asp ... | head -1`: the reader left early
        output.silence_stdout()
        code = stdout.outcome if stdout.outcome is not None else ExitCode.SOLVED
        say(err, f"solve-asp: standard output was closed by its reader (broken pipe); "
            f"exit code {code} is the outcome's", "dim")
    except output.OutputError as error:  # disk full, I/O error, an unencodable character
        output.silence_stdout()
        say(err, f"solve-asp: {error}", "bold red")
        code = error.exit_code
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM outside the search (e.g. while reading)
        say(err, "solve-asp: interrupted", "bold red")
        code = output.interrupted_code()
    finally:
        restore()
    return code


def dispatch(argv: list[str], out: Console, err: Console, started: float,
             limit: bool = False) -> ExitCode:
    """Run the command; a user's error becomes its message and exit code (with --json or
    --json-lines also a JSON object on standard output)."""
    if argv == ["--list"]:  # the parser would import every puzzle for its options
        list_puzzles(out)  # raises no user's error; main handles the output's
        return ExitCode.SOLVED
    if argv == ["--version"]:  # likewise (argparse's own --version, in any other place)
        out.file.write(version_text() + "\n")
        return ExitCode.SOLVED
    from .. import runner  # any other command may solve: clingo
    from .definition import UsageExit, parse

    try:
        try:
            options = parse(argv, started)
        except UsageExit as usage:  # printed; with --json also the error object
            failed(argv, out, usage.message, ExitCode.USAGE)
            out.file.flush()
            raise
        if limit and isinstance(options, (SolveOptions, GenerateOptions)):
            limit_memory(options.memory_limit)
        return run(options, out, err)
    except EncodingError as error:
        for number, line in enumerate(error.lines()):  # clingo's lines, each shown safely
            say(err, escape.terminal(f"solve-asp: {line}" if number == 0 else line),
                "bold red" if number == 0 else "red")
        return failed(argv, out, str(error), error.exit_code)
    except output.OutputError:
        raise
    except Stopped as stop:  # --explain, --hint or generate did not finish
        say(err, f"solve-asp: {stop}", "bold yellow")
        return failed(argv, out, str(stop), exit_code(stop.status))
    except (OutOfMemory, MemoryLimitTooLow) as error:
        return out_of_memory(argv, out, err, error)
    except UserError as error:
        say(err, escape.terminal(f"solve-asp: {error}"), "bold red")
        return failed(argv, out, str(error), error.exit_code)
    except MemoryError:  # past the address-space limit outside clingo's own calls
        return out_of_memory(argv, out, err, OutOfMemory("running"))
    except (ImportError, RuntimeError) as error:
        # A module whose library finds no room to be mapped, a thread none for its stack:
        # below the address-space limit these are memory run out; anything else is a bug.
        if not memory_starved():
            raise
        return out_of_memory(argv, out, err, OutOfMemory(
            "loading the program" if isinstance(error, ImportError) else "starting a thread"))
    except runner.Abandoned as stop:  # reading, --explain, --hint or generate did not finish
        why = "time limit reached" if stop.status == runner.TIMEOUT else "interrupted"
        message = f"stopped ({why}) before an answer was reached"
        say(err, f"solve-asp: {message}", "bold yellow")
        return failed(argv, out, message, exit_code(stop.status))


def run(options: Options, out: Console, err: Console) -> ExitCode:
    """Run a parsed command; its exit code."""
    if isinstance(options, Lookup):
        return look_up(options, out)
    if isinstance(options, StudioOptions):
        from .studio import studio

        return studio(options)
    if isinstance(options, GenerateOptions):
        from .generate import generate

        return generate(options, out, err)
    from .checks import is_collection

    if is_collection(options):
        from .collection import audit_collection

        return audit_collection(options, out, err)
    from .solve import solve

    return solve(options, out, err)


def look_up(options: Lookup, out: Console) -> ExitCode:
    """`--list`, `encoding PUZZLE` (its rules), `examples PUZZLE` (its shipped instances)."""
    from ..puzzles import registry

    if options.command == "list":
        list_puzzles(out)
        return ExitCode.SOLVED
    if options.command is None or options.puzzle is None:
        raise UserError("usage: solve-asp PUZZLE INPUT [options]; solve-asp --list shows puzzles")
    puzzle = registry()[options.puzzle]
    if options.command == ENCODING:
        out.file.write(puzzle.encoding.read_text(encoding="utf-8"))
        return ExitCode.SOLVED
    return list_examples(puzzle, out)


def out_of_memory(argv: Sequence[str], out: Console, err: Console, error: UserError) -> ExitCode:
    """The one line of a run out of memory, written plainly: drawing it with rich could
    need an import there is no room for."""
    err.file.write(f"solve-asp: {error}\n")
    return failed(argv, out, str(error), error.exit_code)


def failed(argv: Sequence[str], out: Console, message: str, code: ExitCode) -> ExitCode:
    """A run that ended in an error: with --json (--json-lines) the error is also one JSON
    object on standard output, so that a program reading it learns why."""
    wanted = [flag for flag in ("--json", "--json-lines") if flag in argv]
    if wanted:
        line = {"status": "error", "error": message, "exit_code": code}
        out.file.write(json.dumps(({"type": "result"} if "--json-lines" in wanted else {})
                                  | line) + "\n")
    return code


def run_command() -> None:
    """The `solve-asp` entry point: `main`, then exit, even past an abandoned grounding."""
    code = main(limit=True)
    # clingo cannot stop its grounder: leave it behind (a run that did not import the
    # runner grounded nothing)
    running = sys.modules.get(f"{__package__.rpartition('.')[0]}.program")
    if running is not None and running.grounding_in_progress():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
