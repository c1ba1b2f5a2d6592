"""The `solve-asp` command line: the only place that prints or exits.

Its subcommands come from the registry: one per puzzle (`solve-asp PUZZLE INPUT`, with
the puzzle's own declared options) and `generate`.

Exit codes:
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

import argparse
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn, cast

from . import escape, inputs, output, puzzles
from .errors import (
    AnswerShapeError,
    EncodingError,
    InputError,
    MemoryLimitTooLow,
    OutOfMemory,
    Stopped,
    UserError,
)
from .numerals import is_digits

# A run imports what its path uses, inside the functions: `--list` neither clingo nor
# rich's console, `--json` no rich; only a drawing imports rich.text, rich.table.
if TYPE_CHECKING:
    from rich.console import Console, Group
    from rich.table import Table
    from rich.text import Text

    from . import runner
    from .board import Board
    from .puzzle import Answer, Instance, OptionValues, Puzzle
    from .session import Loaded, Session, Settings

EXIT_SOLVED, EXIT_UNSOLVABLE, EXIT_USAGE, EXIT_ENCODING, EXIT_TIMEOUT, EXIT_INTERRUPTED = (
    0, 1, 2, 3, 4, 130,
)
STATUS_EXIT = {  # the runner's statuses (runner.SOLVED, ...) and a closest answer's
    "solved": EXIT_SOLVED,
    "closest": EXIT_SOLVED,
    "unsolvable": EXIT_UNSOLVABLE,
    "timeout": EXIT_TIMEOUT,
    "interrupted": EXIT_INTERRUPTED,
}
DEFAULT_CAP = 100_000
GENERATE = "generate"
ENCODING = "encoding"  # prints a puzzle's rules
EXAMPLES = "examples"  # lists a puzzle's shipped instances
EXAMPLE_PREFIX = "example:"  # `solve-asp PUZZLE example:NAME`: a shipped instance by name
STUDIO = "studio"  # parses its own options (a web server; its libraries load only then)
# clingo's own bounds on what these options become (--models, --parallel-mode).
MAX_MODELS = 2**32 - 1
MAX_THREADS = 64
MAX_SECONDS = 10**7  # about 4 months: beyond it a time limit is a typo
# The memory budget the size limits keep accepted instances within (measured in
# benchmarks/hardening.py), enforced as the command's address-space limit: the
# program's own reserve (64 solver threads reserve about 1.5 GiB they never touch) fits.
DEFAULT_MEMORY_GIB = 4.0
# What the smallest search maps beyond the command's start (the threads' stacks, 8 MiB
# each, and clingo's own set-up; the smallest example needs 23 MiB): a limit leaving less is
# refused at once, since past it clingo does not always fail cleanly (a thread it cannot
# start, a library it cannot map, at some sizes a crash inside its grounder).
START_RESERVE = 32 * 2**20
MAX_MEMORY_GIB = 2**20
GRADES = ["easy", "medium", "hard"]  # reasoning.LEVELS, without importing clingo here
MEDIUM_CONFLICTS = 6  # reasoning.MEDIUM_CONFLICTS, likewise (a test holds them equal)
PRESETS = ["auto", "frumpy", "jumpy", "tweety", "handy", "crafty", "trendy", "many"]


class _UsageExit(SystemExit):
    """argparse's exit on a usage error, with its one line (for --json's error object)."""

    def __init__(self, message: str) -> None:
        super().__init__(EXIT_USAGE)
        self.message = message


class _Parser(argparse.ArgumentParser):
    # A puzzle's subcommand: its help ends with a shipped example, read only when the help
    # is shown (not on every solve).
    example_of: Puzzle | None = None

    def error(self, message: str) -> NoReturn:  # one line and exit 2, like any bad input
        line = f"{self.prog}: error: {message}"
        sys.stderr.write(line + "\n")
        raise _UsageExit(line)

    def format_help(self) -> str:
        if self.example_of is not None and self.epilog is None:
            self.epilog = example_text(self.example_of)
        return super().format_help()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line: a subcommand per registered puzzle, and `generate`.

    Only the subcommand named by `command` is made, with its options (building them for
    every puzzle would import every puzzle module; `command_of` has checked the name);
    without one, every subcommand is listed with its summary, for `--help`.
    """
    from .puzzle import registry

    parser = _Parser(
        prog="solve-asp",
        usage="solve-asp PUZZLE INPUT [options] | solve-asp generate PUZZLE [options] | "
        "solve-asp --list",
        description="Solve a puzzle with its answer-set program (solve-asp encoding PUZZLE "
        "prints it) and clingo.",
        epilog="Exit codes: 0 solved, 1 no solution, 2 bad input, 3 bad encoding, "
        "4 time limit reached, 5 output not written, 6 a worker died (several puzzles: the "
        "highest of their codes), 7 out of memory, 130 interrupted, 143 SIGTERM. "
        "`solve-asp PUZZLE --help` shows a "
        "puzzle's options.",
    )
    parser.add_argument("--list", action="store_true", help="list the puzzles and stop")
    parser.add_argument("--version", action="version", version=version_text())
    commands = parser.add_subparsers(dest="command", metavar="PUZZLE", title="commands",
                                     parser_class=_Parser)
    listed = command is None
    if listed or command == GENERATE:
        generating = commands.add_parser(
            GENERATE, prog=f"solve-asp {GENERATE}",
            help="make a new puzzle with one solution",
            description="Make a puzzle with exactly one solution and minimal clues, printed "
            "in the puzzle's own input format.")
        if command == GENERATE:
            add_generate_options(generating)
    for name, what in ((ENCODING, "print a puzzle's rules (to edit a copy: solve-asp encoding "
                        "PUZZLE > my.lp; solve-asp PUZZLE FILE --encoding my.lp)"),
                       (EXAMPLES, "list the example instances shipped with a puzzle (solve "
                        "one with solve-asp PUZZLE example:NAME)")):
        if listed or command == name:
            sub = commands.add_parser(name, prog=f"solve-asp {name}", help=what,
                                      description=what)
            sub.add_argument("puzzle", choices=list(registry()), metavar="PUZZLE",
                             help="the puzzle (see --list)")
    if listed:  # `solve-asp studio` parses its own options (dispatch)
        commands.add_parser(STUDIO, help="the rules editor and the board side by side, in a "
                            "browser (solve-asp studio --help)")
    for name, puzzle in registry().items():
        if listed or name == command:
            solving = commands.add_parser(
                name, prog=f"solve-asp {name}", help=puzzle.summary,
                description=puzzle.description if name == command else puzzle.summary,
                formatter_class=argparse.RawDescriptionHelpFormatter)
            if name == command:
                solving.example_of = puzzle
            add_solve_options(solving, puzzle)
    return parser


def version_text() -> str:
    import clingo

    from . import __version__
    return f"solve-asp {__version__} (clingo {clingo.__version__})"


HELP_EXAMPLE_LINES, HELP_EXAMPLE_WIDTH = 12, 76


def example_text(puzzle: Puzzle) -> str | None:
    """A shipped instance of the puzzle, to show its input format at the end of --help:
    the first that fits whole (at most HELP_EXAMPLE_LINES lines of HELP_EXAMPLE_WIDTH
    characters), else the first that fits with its long `#` comment lines wrapped, else
    the smallest one's first lines cut to the width, saying so."""
    import textwrap

    examples = {name: path.read_text(encoding="utf-8").splitlines()
                for name, path in puzzle.examples().items()}
    if not examples:
        return None

    def fits(lines: list[str]) -> bool:
        return len(lines) <= HELP_EXAMPLE_LINES and all(
            len(line) <= HELP_EXAMPLE_WIDTH for line in lines)

    def wrapped(lines: list[str]) -> list[str]:
        return [part for line in lines for part in (
            ["# " + piece for piece in textwrap.wrap(line.lstrip("# "),
                                                     HELP_EXAMPLE_WIDTH - 2)]
            if line.lstrip().startswith("#") and len(line) > HELP_EXAMPLE_WIDTH else [line])]

    def shown(name: str, lines: list[str], how: str = "") -> str:
        return (f"example{how} (solve-asp {puzzle.name} {EXAMPLE_PREFIX}{name}):\n\n"
                + "".join(f"  {line}\n" for line in lines))

    for lines_of in (lambda lines: lines, wrapped):
        for name, lines in examples.items():
            if fits(lines_of(lines)):
                return shown(name, lines_of(lines))
    name, lines = min(examples.items(), key=lambda item: sum(map(len, item[1])))
    kept = [line for line in lines if not line.lstrip().startswith("#")][:HELP_EXAMPLE_LINES]
    cut = [line if len(line) <= HELP_EXAMPLE_WIDTH
           else line[:HELP_EXAMPLE_WIDTH - 3] + "..." for line in kept]
    return shown(name, cut, f", its first lines cut at {HELP_EXAMPLE_WIDTH} characters; "
                 "solved whole by")


def list_examples(puzzle: Puzzle, out: Console) -> int:
    from rich.table import Table

    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("example")
    table.add_column("solve it with")
    for name in puzzle.examples():
        table.add_row(name, f"solve-asp {puzzle.name} {EXAMPLE_PREFIX}{name}")
    out.print(table)
    return EXIT_SOLVED


def add_solve_options(parser: argparse.ArgumentParser, puzzle: Puzzle) -> None:
    parser.add_argument("input", nargs="*", metavar="INPUT",
                        help="puzzle file, - for standard input, example:NAME for a shipped "
                        "instance (solve-asp examples PUZZLE), or the puzzle text itself; "
                        "several, or a directory, audit a collection")
    parser.add_argument("-n", "--models", type=_bounded(0, MAX_MODELS), metavar="N",
                        help="solutions to find and show (0 = all); default: look for a second "
                        "one to tell whether the solution is unique")
    parser.add_argument("--count", action="store_true",
                        help="count all solutions without printing them")
    parser.add_argument("--cap", type=_bounded(0, MAX_MODELS), default=DEFAULT_CAP,
                        metavar="N",
                        help=f"stop enumerating (-n 0, --count) after N solutions "
                        f"(default {DEFAULT_CAP:,}; 0 = no cap)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--json-lines", action="store_true",
                        help="print one JSON object per answer as it is found "
                        '("type": "answer"), then the summary ("type": "result"); with '
                        "several puzzles, one object per puzzle")
    parser.add_argument("--stats", action="store_true", help="show clingo's statistics")
    parser.add_argument("--facts", action="store_true",
                        help="print the puzzle as clingo facts and stop")
    add_svg_option(parser, "the answer (one board per answer with -n; with --explain the "
                   "conflict, with --hint the forced values)")
    if puzzle.writers:
        parser.add_argument("--to", metavar="FORMAT", choices=list(puzzle.writers),
                            help="print the puzzle in FORMAT and stop: "
                            + ", ".join(puzzle.writers))
    add_search_options(parser)
    add_clingo_options(parser)
    add_collection_options(parser)
    parser.add_argument("--trace", metavar="FILE",
                        help="record clingo's search (decisions, propagation per level, jumps "
                        "back, answers) as one JSON line per event in FILE (- for stdout)")
    clues = parser.add_argument_group("reasoning about the clues")
    clues.add_argument("--explain", action="store_true",
                       help="if there is no solution, show a minimal set of clues "
                       "that cannot hold together")
    clues.add_argument("--hint", action="store_true",
                       help="show the cells forced by the clues (the same in every solution)")
    clues.add_argument("--step", action="store_true",
                       help="with --hint: only what follows by propagation, without a guess")
    clues.add_argument("--grade", action="store_true",
                       help="grade the puzzle: easy (propagation alone solves it), medium "
                       f"(one deterministic search meets at most {MEDIUM_CONFLICTS} conflicts) "
                       "or hard (more)")
    if not puzzle.spec.options:
        return
    own = parser.add_argument_group(f"{puzzle.name} options")
    for option in puzzle.spec.options:
        if option.metavar is None:
            own.add_argument(option.flag, action="store_true", dest=option.name,
                             help=option.help)
        else:
            own.add_argument(option.flag, metavar=option.metavar, dest=option.name,
                             help=option.help)


def add_generate_options(parser: argparse.ArgumentParser) -> None:
    from .puzzle import registry

    generators = [name for name, p in registry().items() if p.can_generate]
    parser.add_argument("puzzle", choices=generators, help="the puzzle to make")
    parser.add_argument("--size", metavar="SIZE", help="board size, e.g. 7x7 or 5")
    parser.add_argument("--seed", type=_natural, metavar="N",
                        help="random seed (the same seed gives the same puzzle, with one "
                        "thread)")
    parser.add_argument("--keep-all", action="store_true",
                        help="keep every clue of the random solution (no minimising)")
    add_svg_option(parser, "the puzzle")
    parser.add_argument("--to", metavar="FORMAT",
                        help="write the puzzle in FORMAT (default: the puzzle's first; "
                        "e.g. tatham, puzzlink, non; solve-asp PUZZLE --help lists them)")
    add_search_options(parser)
    add_clingo_options(parser)
    add_generated_collection_options(parser)


def add_generated_collection_options(parser: argparse.ArgumentParser) -> None:
    """generate's options for a collection: how many, graded, in how many processes."""
    many = parser.add_argument_group("a collection")
    many.add_argument("--count", type=_bounded(1, 10**6), default=1, metavar="N",
                      help="make N distinct puzzles (puzzle i from a seed derived from "
                      "--seed and i, so the same seed gives the same N puzzles)")
    many.add_argument("--grade", choices=GRADES, metavar="LEVEL",
                      help="keep only puzzles of this grade (easy, medium, hard); easy "
                      "ones are made by dropping clues only while propagation solves them")
    many.add_argument("--jobs", type=_bounded(1, MAX_JOBS), metavar="J",
                      help="make the puzzles in J worker processes (default: the cores for "
                      "--count above 1, else this process); the output does not depend on J")
    many.add_argument("--out", metavar="DIR",
                      help="write each puzzle to a file in DIR (created), with "
                      "DIR/puzzles.jsonl listing them with their seeds and grades")
    many.add_argument("--json-lines", action="store_true",
                      help="write one JSON object per puzzle (text, seed, grade) on "
                      "standard output")


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """What every search takes: the encoding, the time limit, the size refusal."""
    parser.add_argument("--encoding", type=Path, metavar="FILE",
                        help="use these rules instead of the puzzle's own (solve-asp encoding "
                        "PUZZLE > FILE writes a copy to edit)")
    parser.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                        help="stop after this long, keeping what was found")
    parser.add_argument("--max-size", type=_positive_int, metavar="N",
                        help="refuse larger instances (default: the puzzle's own limit)")
    parser.add_argument("--force", action="store_true",
                        help="solve however large the instance is")
    parser.add_argument("--memory-limit", type=_memory_size, default=DEFAULT_MEMORY_GIB,
                        metavar="GIB", help="the memory (address space) the run may use, in "
                        f"GiB (default {DEFAULT_MEMORY_GIB:g}; 0: no limit); past it the run "
                        "ends with exit 7")


def add_svg_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--svg", metavar="FILE",
                        help=f"also draw {what} as an SVG picture in FILE (- for standard "
                        "output, instead of the text)")


def write_svg(args: argparse.Namespace, out: Console, err: Console, title: str,
              boards: Sequence[Board], captions: Sequence[str] = ()) -> None:
    """The boards as one SVG document (each under its caption) in --svg's file or stdout."""
    from rich.text import Text

    from .board.svg import svg  # only when a picture is asked for

    if not boards:
        err.print(Text("solve-asp: no picture written: there is no answer to draw",
                       style="yellow"))
        return
    document = svg(boards, title, captions)
    if args.svg == "-":
        out.file.write(document)
        return
    try:
        Path(args.svg).write_text(document, encoding="ascii")
    except OSError as error:
        raise output.FileNotWritten(f"cannot write the picture to {escape.name(args.svg)}: "
                                    f"{error.strerror}") from None


def say(console: Console, line: str, style: str) -> None:
    """One line in a style, its text shown as it is (no rich markup read from it)."""
    from rich.text import Text

    console.print(Text(line, style=style))


def heading(console: Console, puzzle: Puzzle, instance: Instance) -> Text:
    """The line above a drawing: the puzzle and its file (with a plain dash where the
    output's encoding has no middle dot)."""
    from rich.text import Text

    dot = "·" if can_show(console, "·") else "-"
    return Text(f"{puzzle.name} {dot} {escape.name(instance.source)}", style="bold")


def can_show(console: Console, text: str) -> bool:
    try:
        text.encode(console.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def text_out(args: argparse.Namespace, out: Console, err: Console) -> Console:
    """Where the text goes: stdout, or stderr when the picture takes stdout (--svg -)."""
    return err if getattr(args, "svg", None) == "-" else out


def add_clingo_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-c", "--const", action="append", metavar="NAME=VALUE",
                        help="set a #const of the encoding, as clingo's -c does")
    parser.add_argument("--clingo-arg", action="append", default=[], metavar="ARG",
                        help="pass an option to clingo (e.g. --clingo-arg=--heuristic=Domain); "
                        "the runner's own settings win where they clash, and it replaces the "
                        "puzzle's own setting of the same option, each with a note")
    parser.add_argument("--threads", type=_bounded(1, MAX_THREADS), default=1, metavar="N",
                        help="clingo's parallel solver threads")
    parser.add_argument("--configuration", metavar="NAME", choices=PRESETS,
                        help="clingo's search preset (e.g. trendy, crafty)")


def option_values(puzzle: Puzzle, args: argparse.Namespace) -> OptionValues:
    """The puzzle's own options as given, by `Option.name`."""
    return {option.name: getattr(args, option.name) for option in puzzle.spec.options}


def _natural(text: str) -> int:
    value = int(text) if is_digits(text) else -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return value


def _positive_int(text: str) -> int:
    value = _natural(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return value


def _bounded(low: int, high: int) -> Callable[[str], int]:
    """A whole number option within clingo's bounds, refused as a usage error otherwise."""
    def convert(text: str) -> int:
        value = int(text) if is_digits(text) and len(text) <= 30 else -1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high:,}, got {text[:40]!r}")
        return value
    return convert


def _decimal(text: str) -> float:
    """A number written in ASCII digits with an optional fraction (`2`, `0.5`, `.5`), as
    every numeric option takes it; -1.0 for anything else (float() would also take other
    scripts' digits, `1_000`, `1e3`, `inf`)."""
    return float(text) if re.fullmatch(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", text) else -1.0


def _memory_size(text: str) -> float:
    value = _decimal(text)
    if not 0 <= value <= MAX_MEMORY_GIB:
        raise argparse.ArgumentTypeError(
            f"expected a number of GiB from 0 (no limit) to {MAX_MEMORY_GIB:,}, "
            f"got {text[:40]!r}")
    return value


def limit_memory(gib: float) -> None:
    """Lower the process's address-space limit to `gib` GiB (0: leave it), so that running
    out of it is a MemoryError (exit 7, one line) rather than the system's out-of-memory
    killer; a lower limit already in force (`ulimit -v`) stays."""
    import resource

    if not gib:
        return
    wanted = int(gib * 2**30)
    in_use = address_space_in_use()
    if in_use is not None and wanted < in_use + START_RESERVE:
        raise MemoryLimitTooLow(gib, in_use, in_use + START_RESERVE)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft == resource.RLIM_INFINITY or wanted < soft:
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def address_space_in_use() -> int | None:
    """The bytes of address space the process has mapped (Linux's /proc), or None."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def _positive_float(text: str) -> float:
    value = _decimal(text)
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds above 0 and at most {MAX_SECONDS:,}, "
            f"got {text[:40]!r}")
    return value


def list_puzzles(console: Console) -> None:
    """Each puzzle and its summary, in two columns, the summaries wrapped to the terminal's
    width. Plain text: neither clingo nor a puzzle module nor rich's console is imported."""
    import shutil
    import textwrap

    def summary(name: str) -> str:  # from the source, else from the imported module
        read = puzzles.summary_from_source(name)
        if read is None:
            from .puzzle import Puzzle

            read = Puzzle(name).summary
        return read

    rows = [("puzzle", "what it is"), *((name, summary(name)) for name in puzzles.names())]
    indent = " " * (max(len(name) for name, _ in rows) + 2)
    width = max(len(indent) + 20, shutil.get_terminal_size().columns - 1)
    for name, what in rows:
        console.file.write(textwrap.fill(what, width, initial_indent=name.ljust(len(indent)),
                                         subsequent_indent=indent) + "\n")


def settings_of(args: argparse.Namespace, puzzle: Puzzle) -> Settings:
    """The session's settings from the command line."""
    from .session import Settings

    return Settings(encoding=args.encoding, options=option_values(puzzle, args),
                    constants=constants_of(args.const), clingo_args=tuple(args.clingo_arg),
                    max_size=args.max_size, force=args.force, models=args.models,
                    count=args.count, cap=args.cap, threads=args.threads,
                    configuration=args.configuration)


def search_deadline(args: argparse.Namespace) -> float | None:
    """When the searches must stop: at --time-limit, less a tenth of it (at most 1 s)
    kept for writing what was found."""
    deadline = deadline_of(args)
    if deadline is None:
        return None
    return deadline - min(1.0, float(args.time_limit) / 10)


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from .puzzle import facts_text, registry

    if args.list:
        list_puzzles(out)
        return EXIT_SOLVED
    if args.command is None:
        raise UserError("usage: solve-asp PUZZLE INPUT [options]; solve-asp --list shows puzzles")
    if args.command == GENERATE:
        return generate(args, out, err)
    if args.command == ENCODING:
        out.file.write(registry()[args.puzzle].encoding.read_text(encoding="utf-8"))
        return EXIT_SOLVED
    if args.command == EXAMPLES:
        return list_examples(registry()[args.puzzle], out)
    if is_collection(args):
        return audit_collection(args, out, err)
    args.input = args.input[0] if args.input else None
    if args.input is None:
        raise UserError(f"usage: solve-asp {args.command} INPUT [options]; "
                        f"solve-asp examples {args.command} lists the shipped instances")
    puzzle = registry()[args.command]
    if args.hint and puzzle.spec.refuses_hint:
        raise UserError(f"--hint does not apply: {puzzle.spec.refuses_hint}")
    if args.explain and puzzle.spec.refuses_explain:
        raise UserError(f"--explain does not apply: {puzzle.spec.refuses_explain}")
    check_combinations(args)
    text, source = read_input(puzzle, args, err)
    if getattr(args, "to", None) or args.facts:
        instance = puzzle.configure(puzzle.parse(text, source), option_values(puzzle, args))
        if args.facts:
            named = escape.lp_comment(escape.name(source))  # no character ends the comment
            rules = escape.lp_comment(escape.name(str(args.encoding or puzzle.encoding)))
            out.file.write(f"% {puzzle.name} facts from {named}; run: python -m clingo "
                           f"{rules} <this file>\n"
                           f"% structure\n{facts_text(instance.structure)}"
                           f"% clues\n{facts_text(instance.clues)}")
        else:
            out.file.write(puzzle.writer(args.to)(instance, list(instance.clues)))
        return EXIT_SOLVED
    if args.encoding:
        inputs.check_encoding(args.encoding)
    from .session import Session, load

    loaded = load(puzzle.name, text, source=source, settings=settings_of(args, puzzle))
    for note in loaded.notes:
        say(err, escape.terminal(f"solve-asp: note: {note}"), "yellow")
    session = Session(loaded, settings_of(args, puzzle), search_deadline(args))
    try:
        return respond(session, args, out, err)
    except AnswerShapeError as error:  # an edited encoding shows atoms of another shape
        raise EncodingError(str(loaded.encoding), "its answers do not fit the puzzle's "
                            "drawing", [f"{error} (keep the #show lines of "
                                        f"asp/{puzzle.name}.lp)"]) from None


def read_input(puzzle: Puzzle, args: argparse.Namespace, err: Console) -> tuple[str, str]:
    """The puzzle's text and its name: a shipped example by name, or what `inputs` reads;
    a missing `instances/PUZZLE/FILE` that names a shipped example is that example, with
    a note on `err` (the README's and the docs' paths, run outside a checkout)."""
    from . import runner

    if args.input.startswith(EXAMPLE_PREFIX):
        name = args.input[len(EXAMPLE_PREFIX):]
        shipped = puzzle.examples()
        if name not in shipped:
            raise InputError(escape.name(args.input), f"no such example of {puzzle.name} "
                             f"(solve-asp examples {puzzle.name} lists them)")
        return shipped[name].read_text(encoding="utf-8-sig"), args.input
    try:
        return inputs.read_input(args.input, puzzle.spec.inline, deadline_of(args))
    except inputs.ReadTimeout:
        raise runner.Abandoned(runner.TIMEOUT, time.perf_counter() - args.started) from None
    except inputs.MissingFile as missing:
        example = shipped_example(puzzle, args.input)
        if example is None:
            raise InputError(missing.source, f"no such file (the shipped instances: solve-asp "
                             f"examples {puzzle.name}, each solved as example:NAME)") from None
        say(err, escape.terminal(f"solve-asp: note: no file {args.input} here: it is the "
                                 f"shipped {EXAMPLE_PREFIX}{example.stem}"), "yellow")
        return example.read_text(encoding="utf-8-sig"), args.input


def shipped_example(puzzle: Puzzle, argument: str) -> Path | None:
    """The shipped example a relative path `instances/PUZZLE/FILE` names, if any."""
    parts = Path(os.path.normpath(argument)).parts
    if len(parts) != 3 or parts[:2] != ("instances", puzzle.name):
        return None
    found = puzzle.examples().get(Path(parts[2]).stem)
    return found if found is not None and found.name == parts[2] else None


def check_combinations(args: argparse.Namespace) -> None:
    """Options that contradict each other are refused, not silently ignored."""
    pairs = [("count", "models", "--count counts every solution; -n N shows N of them"),
             ("explain", "hint", "--explain and --hint are two different questions"),
             ("count", "explain", "--count and --explain are two different questions"),
             ("count", "hint", "--count and --hint are two different questions"),
             ("facts", "json", "--facts prints clingo facts, not JSON"),
             ("facts", "json_lines", "--facts prints clingo facts, not JSON"),
             ("json", "json_lines", "--json prints one object, --json-lines one per line"),
             ("explain", "models", "--explain shows a conflict, not solutions"),
             ("hint", "models", "--hint shows what every solution shares, not N solutions"),
             ("explain", "trace", "--trace records a search for solutions"),
             ("hint", "trace", "--trace records a search for solutions"),
             *(("trace", other, "--trace writes the search, not the answer (the answers "
                "are its model lines); run without --trace for the answer")
               for other in ("json", "json_lines", "svg", "stats", "count")),
             ("facts", "to", "each prints the puzzle and stops, in its own form")]
    # --facts and --to print the puzzle and stop: an option about solving has nothing to do.
    pairs += [(first, second, f"--{first} prints the puzzle and stops, nothing is solved")
              for first in ("facts", "to") for second in ("models", "count", "json",
                                                          "json_lines", "stats", "svg",
                                                          "trace", "explain", "hint")
              if (first, second) not in {(a, b) for a, b, _ in pairs}]
    for first, second, why in pairs:
        if getattr(args, first, None) not in (None, False) and getattr(
                args, second, None) not in (None, False):
            flag = "-n" if second == "models" else "--" + second.replace("_", "-")
            raise UserError(f"--{first.replace('_', '-')} and {flag} cannot be combined: {why}")
    if args.step and not args.hint:
        raise UserError("--step goes with --hint")
    check_grade_combinations(args)
    if args.svg and (args.count or (machine_output(args) and args.svg == "-")):
        raise UserError("--svg draws answers: not with --count, and not to standard output "
                        "with --json")
    check_outputs(args)


def check_outputs(args: argparse.Namespace) -> None:
    """A file the run writes (--svg, --trace, --resume) is none of the files it reads (the
    puzzle files, --encoding) and not another output's: it would overwrite them."""
    written = [(f"--{name}", path) for name in ("svg", "trace", "resume")
               if (path := getattr(args, name, None)) not in (None, "-")]
    given = args.input if isinstance(args.input, list) else [args.input]
    read = [("the puzzle file", name) for name in given
            if name and name != "-" and os.path.isfile(name)]
    if getattr(args, "encoding", None):
        read.append(("the --encoding file", str(args.encoding)))
    for number, (flag, path) in enumerate(written):
        clash = next(((what, other) for what, other in read + written[number + 1:]
                      if same_file(path, other)), None)
        if clash is not None:
            what, other = clash
            what = what if what.startswith("the ") else f"the {what} file"
            verb = "append to" if flag == "--resume" else "overwrite"
            raise UserError(f"{flag} {escape.name(path)} would {verb} {what} "
                            f"{escape.name(other)}: write to another file")


def same_file(first: str, second: str) -> bool:
    """Whether two paths name one file (one that exists, or the same path)."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):  # one does not exist yet
        return os.path.realpath(first) == os.path.realpath(second)


def check_grade_combinations(args: argparse.Namespace) -> None:
    """--grade asks its own question, of one deterministic search."""
    if not args.grade:
        return
    for flag, given in (("--explain", args.explain), ("--hint", args.hint),
                        ("--count", args.count), ("-n", args.models is not None),
                        ("--trace", args.trace)):
        if given:
            raise UserError(f"--grade and {flag} cannot be combined: --grade asks its own "
                            "question (one search for two solutions)")
    if args.threads > 1:
        raise UserError("--grade counts the conflicts of one solver: not with --threads")


def machine_output(args: argparse.Namespace) -> bool:
    return bool(args.json or args.json_lines)


def constants_of(given: Sequence[str] | None) -> dict[str, str]:
    """`-c NAME=VALUE` options as a mapping (the API checks names and values)."""
    constants: dict[str, str] = {}
    for text in given or []:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise UserError(f"-c {text}: expected NAME=VALUE, e.g. -c weight=3")
        constants[name.strip()] = value.strip()
    return constants


def respond(session: Session, args: argparse.Namespace, out: Console, err: Console) -> int:
    """Solve (or explain, or hint) and show the outcome; returns the exit code."""
    if args.grade:
        return grade(session, args, out, err)
    if args.explain:
        return explain(session, args, out, err)
    if args.hint:
        return hint(session, args, out, err)
    if args.trace:
        return trace(session, args, err, out)
    from . import runner

    loaded = session.loaded
    models = session.models
    puzzle, instance = loaded.puzzle, loaded.instance
    title = f"{puzzle.name} · {escape.name(instance.source)}"
    # With -n the answers are shown as they are found (--json-lines: one object each).
    streaming = args.models is not None and not args.count and not args.json and not args.svg
    streamed: list[Answer] = []
    reader_left: list[bool] = []  # the reader closed the output while answers streamed

    def show(answer: Answer) -> None:
        streamed.append(answer)
        if reader_left:
            return
        try:
            show_now(answer)
        except output.ReaderLeft:  # the search goes on; the exit code is its outcome's
            reader_left.append(True)

    def show_now(answer: Answer) -> None:
        if args.json_lines:
            line = {"type": "answer", "puzzle": puzzle.name, "index": len(streamed),
                    "solution": puzzle.solution_json(instance, answer),
                    "atoms": list(answer.texts)}
            out.file.write(json.dumps(line) + "\n")
            out.file.flush()
            return
        if len(streamed) == 1:
            out.print(heading(out, puzzle, instance), soft_wrap=True)
        if models != 1:
            say(out, f"Solution {len(streamed)}", "bold")
        draw_answer(loaded, answer, out, legend=len(streamed) == 1)

    with progress_shown(err, not machine_output(args), "solving", "found") as progress:
        outcome = session.solve(progress=progress, on_answer=show if streaming else None)
    output.writing_begins()  # from now on a signal ends the drawing, not the run
    result = outcome.found
    assert result is not None
    for message in result.messages:
        for line in f"clingo: {message}".splitlines():
            say(err, escape.terminal(line), "dim")
    shown = outcome.shown
    writing = time.perf_counter()
    output.set_outcome(out.file, exit_code(outcome.status))
    if reader_left:
        raise output.ReaderLeft
    if args.svg:
        write_svg(args, out, err, title, outcome.boards(), outcome.captions())
        out = text_out(args, out, err)
    if args.json or args.json_lines:
        pending = result.answers[:shown] if args.json else []
        solutions, stopped = written(
            (puzzle.solution_json(instance, answer) for answer in pending), args)
        outcome = outcome._replace(found=stopped_while_writing(result, stopped, args, writing))
        data = outcome.envelope(shown if args.json else 0, solutions)
        output.set_outcome(out.file, exit_code(data["status"]))
        out.file.write(json.dumps(({"type": "result"} if args.json_lines else {}) | data)
                       + "\n")
        return exit_code(data["status"])
    if not streamed:
        out.print(heading(out, puzzle, instance), soft_wrap=True)

    closest = puzzle.assess(instance, result.answers)
    # Several answers: one legend (the last board's); best answers that are no solutions
    # are named so.
    label = "Best answer" if closest is not None and not closest.in_solutions else "Solution"

    answers = result.answers

    def boards() -> Iterator[int]:
        pending = answers[:shown] if args.svg != "-" and not streaming else []
        listed = puzzle.render_listing(instance, pending)
        if listed is not None:  # the puzzle draws them as one compact list
            out.print(listed)
            yield from range(1, len(pending) + 1)
            return
        for index, answer in enumerate(pending, start=1):
            if shown > 1:
                say(out, f"{label} {index}", "bold")
            draw_answer(loaded, answer, out, legend=index == len(pending))
            yield index
    drawn, stopped = written(boards(), args)
    if streaming and len(streamed) < min(shown, len(result.answers)) and result.status in (
            runner.TIMEOUT, runner.INTERRUPTED):  # answers found faster than drawn
        drawn, stopped = streamed, result.status
    result = stopped_while_writing(result, stopped, args, writing)
    outcome = outcome._replace(found=result)
    output.set_outcome(out.file, exit_code(outcome.status))
    summary = summary_line(result, outcome.envelope(0), counting=args.count, models=models,
                           cap=args.cap,
                           closest_summary=closest.summary if closest else None,
                           unsolvable=puzzle.spec.unsolvable,
                           verdict=puzzle.verdict(instance, result.answers))
    if stopped:  # the summary says how the search ended; the drawing stopped early
        summary.append(f" {len(drawn):,} of {min(shown, len(result.answers)):,} drawn "
                    f"before the {'time limit' if stopped == runner.TIMEOUT else 'signal'}.")
    out.print(summary)
    if args.stats:
        out.print(stats_table(result.stats))
    return exit_code(outcome.status)


def summary_line(result: runner.Result, data: dict[str, Any], *, counting: bool,
                 models: int | None, cap: int, closest_summary: str | None,
                 unsolvable: str = "the clues contradict the rules",
                 verdict: str | None = None) -> Text:
    """The line under the answers: how the search ended and what that says.

    counting: only counted (--count); models: the answers asked for (None: the default
    uniqueness check); cap: the enumeration cap in force (0: none); verdict: the
    puzzle's own line for a solved answer (instead of whether it is unique).
    """
    from rich.text import Text

    from . import runner

    count = result.count
    more = "" if result.complete else "at least "
    if result.status in (runner.TIMEOUT, runner.INTERRUPTED):
        why = "time limit reached" if result.status == runner.TIMEOUT else "interrupted"
        found = (f"{count:,} solution{'s' * (count != 1)} found"
                 + (", all there are" if result.complete else " so far")) if count \
            else "nothing found"
        if not result.grounded:
            found = "still grounding (the rules were being instantiated), nothing found"
        if result.optimising and count and not result.optimal:
            found = "best answer so far shown, not proven optimal"
        return Text(f"Stopped ({why}) after {result.stats['time_s']:.1f} s: {found}.",
                    style="bold yellow")
    if closest_summary:
        return Text(closest_summary, style="bold")
    if result.status == runner.UNSOLVABLE:
        return Text(f"No solution: {unsolvable}.", style="bold red")
    if counting:
        capped = f" (stopped at the cap of {cap:,}; --cap 0 counts all)" * result.capped
        return Text(f"{more}{count:,} solution{'s' * (count != 1)}{capped}.", style="bold")
    if verdict:
        return Text(verdict, style="bold green")
    solution = "best answer" if result.optimising else "solution"
    if data["unique"]:
        return Text(f"Solved. The {solution} is unique.", style="bold green")
    if count >= 2 and models is None:
        return Text(f"Solved. Not unique: there is more than one {solution} "
                    "(-n 0 lists them, --count counts them).", style="bold yellow")
    if result.dropped:
        kept = len(result.answers)
        return Text(f"{more}{count:,} solutions; the first {kept:,} shown (the rest counted, "
                    f"not kept: all of them would take too much memory).", style="bold yellow")
    if result.capped:
        return Text(f"{count:,} solutions shown; stopped at the cap (--cap N to raise it).",
                    style="bold yellow")
    if result.complete:
        return Text(f"{count} solutions, all shown.", style="bold")
    return Text(f"{count} solution{'s' * (count != 1)} shown; there may be more.", style="bold")


def stats_table(stats: dict[str, float]) -> Table:
    from rich.table import Table

    from .session.record import STATS_HELP

    table = Table(title="clingo statistics", box=None, title_justify="left")
    table.add_column("counter")
    table.add_column("value", justify="right")
    table.add_column("meaning", style="dim")
    for key, value in stats.items():
        shown = f"{value:.3f}" if isinstance(value, float) else f"{value:,}"
        table.add_row(key, shown, STATS_HELP.get(key, ""))
    return table


def draw_answer(loaded: Loaded, answer: Answer, out: Console, legend: bool = True) -> None:
    """One answer drawn (`legend`: with the lines saying how to read it), with the atoms
    an edited encoding shows besides the drawing."""
    from rich.text import Text

    from .session.loading import extra_atoms

    out.print(loaded.puzzle.render(loaded.instance, answer, legend))
    extra = extra_atoms(loaded, answer)
    if extra:
        out.print(Text("Also shown: " + " ".join(escape.terminal(atom) for atom in extra)),
                  soft_wrap=True)


def written(items: Any, args: argparse.Namespace) -> tuple[list[Any], str | None]:
    """Take `items` (each one written or converted as it is taken) until the time limit
    passes or a signal arrives: what was taken, and why it stopped (None: all taken)."""
    from . import runner

    deadline = deadline_of(args)
    taken = []
    for item in items:
        taken.append(item)
        signalled = output.writing_deadline()
        if output.stop.is_set() or (signalled and time.perf_counter() >= signalled):
            return taken, runner.INTERRUPTED
        if deadline is not None and time.perf_counter() >= deadline:
            return taken, runner.TIMEOUT
    return taken, None


def stopped_while_writing(result: runner.Result, stopped: str | None,
                          args: argparse.Namespace, writing: float) -> runner.Result:
    """The result with the whole run's time and the output's in its statistics, and the
    status of a stop (time limit, signal) that came while the answers were written.
    The count stays what the search found (`complete` says whether it was exhausted)."""
    from . import runner

    now = time.perf_counter()
    stats = {**result.stats, "time_s": round(now - args.started, 4),
             "output_s": round(now - writing, 4)}
    status = stopped if stopped and result.status not in (runner.TIMEOUT, runner.INTERRUPTED) \
        else result.status
    return result._replace(status=status, stats=stats)


def exit_code(status: str) -> int:
    """The exit code of a run's status; SIGTERM's own for a run it stopped."""
    if status == "interrupted":  # runner.INTERRUPTED
        return output.interrupted_code()
    return STATUS_EXIT[status]


def trace(session: Session, args: argparse.Namespace, err: Console, out: Console) -> int:
    """Solve as usual (one thread), writing clingo's search to the --trace file."""
    from rich.text import Text

    from . import runner

    # The recording runs to --time-limit itself; its events are written at once.
    recorded = session._replace(deadline=deadline_of(args)).trace()
    text = recorded.jsonl()
    if args.trace == "-":
        out.file.write(text)
    else:
        try:
            Path(args.trace).write_text(text, encoding="utf-8")
        except OSError as error:
            raise output.FileNotWritten(f"{escape.name(args.trace)}: cannot be written: "
                                        f"{error.strerror}") from None
    end = recorded.end
    kinds = [event["event"] for event in recorded.events]
    where = "standard output" if args.trace == "-" else args.trace
    cut = " (recording stopped at the event limit; the search went on)" * end["truncated"]
    err.print(Text(f"trace: {len(kinds)} events to {where}: {kinds.count('decide')} decisions, "
                   f"{kinds.count('propagate')} propagation steps, {kinds.count('backjump')} "
                   f"jumps back, {end['models']} answers; clingo counted {end['choices']} "
                   f"choices and {end['conflicts']} conflicts{cut}", style="dim"))
    status = {"solved": runner.SOLVED, "unsolvable": runner.UNSOLVABLE,
              "timeout": runner.TIMEOUT, "interrupted": runner.INTERRUPTED}[end["status"]]
    return STATUS_EXIT[status]


@contextmanager
def progress_shown(err: Console, shown: bool, doing: str | list[str],
                   counted: str) -> Iterator[runner.Progress | None]:
    """On a terminal, a spinner that a search tells how long it ran and how many
    (answers found, searches made) so far; elsewhere nothing. `doing` names the work (a
    one-item list: a name that the work changes as it goes)."""
    if not (shown and err.is_terminal):
        yield None
        return
    with err.status("grounding…", spinner="dots") as status:
        def progress(elapsed: float, count: int) -> None:
            what = doing if isinstance(doing, str) else doing[0]
            status.update(f"{what}… {elapsed:.1f} s, {count:,} {counted} (Ctrl-C stops)")
        yield progress


def explain(session: Session, args: argparse.Namespace, out: Console, err: Console) -> int:
    """Solve; if there is no solution, a minimal set of the author's clues that cannot
    hold together (JSON: the envelope with `conflict`)."""
    from rich.text import Text

    from . import runner
    from .session.record import conflict_sentence

    puzzle, instance = session.loaded.puzzle, session.loaded.instance
    with progress_shown(err, not machine_output(args), "explaining", "searches") as progress:
        explained = session.explain(progress=progress)
    data = explained.envelope()
    conflict = explained.conflict
    output.writing_begins()
    output.set_outcome(out.file, exit_code(data["status"]))
    title = f"{puzzle.name} · {escape.name(instance.source)}"
    if args.svg:
        write_svg(args, out, err, title, explained.boards())
        out = text_out(args, out, err)
    if machine_output(args):
        out.file.write(json.dumps(({"type": "result"} if args.json_lines else {}) | data)
                       + "\n")
        return exit_code(data["status"])
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    if data["status"] != runner.UNSOLVABLE:
        consistent = "The clues are consistent: the puzzle has a solution, nothing to explain."
        if data["status"] != runner.SOLVED:  # stopped, or an optimum that is no solution
            closest = explained.closest
            assert explained.found is not None
            consistent = summary_line(explained.found, data, counting=False, models=None,
                                      cap=args.cap,
                                      closest_summary=closest.summary if closest else None,
                                      unsolvable=puzzle.spec.unsolvable).plain
        out.print(Text(consistent, style="bold green" * (data["status"] == runner.SOLVED)))
    elif not conflict:
        out.print(Text(f"No solution even without any clue: {puzzle.spec.unsolvable_alone}.",
                       style="bold red"))
    else:
        if puzzle.draws_clues and args.svg != "-":
            out.print(puzzle.render_conflict(instance, conflict))
        out.print(Text(f"No solution: {conflict_sentence(puzzle, instance, conflict)}",
                       style="bold red"))
    return exit_code(data["status"])


def hint(session: Session, args: argparse.Namespace, out: Console, err: Console) -> int:
    """The values forced by the clues: in every solution, or (--step) by propagation."""
    from rich.text import Text

    puzzle, instance = session.loaded.puzzle, session.loaded.instance
    with progress_shown(err, not machine_output(args), "finding what is forced",
                        "searches") as progress:
        hinted = session.hint(step=args.step, progress=progress)
    answer = hinted.forced
    output.writing_begins()
    output.set_outcome(out.file, exit_code(hinted.status))
    title = f"{puzzle.name} · {escape.name(instance.source)}"
    if args.svg:
        write_svg(args, out, err, title, hinted.boards())
        out = text_out(args, out, err)
    if machine_output(args):
        # The envelope, with the forced values instead of a solution: a hint shows none.
        out.file.write(json.dumps(({"type": "result"} if args.json_lines else {})
                                  | hinted.envelope()) + "\n")
        return exit_code(hinted.status)
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    if answer is None:
        out.print(Text("No solution: nothing is forced (--explain shows why).", style="bold red"))
        return EXIT_UNSOLVABLE
    if args.svg != "-":
        out.print(puzzle.render(instance, answer))
    forced, open_values = hinted.hint_counts
    how = "by propagation alone" if args.step else "in every solution"
    out.print(Text(f"Forced {how}: {forced} of the {open_values} values not given.",
                   style="bold"))
    if not args.step and forced == open_values:
        out.print(Text("The solution is unique, so everything is forced; --hint --step shows "
                       "what follows without a guess.", style="dim"))
    return EXIT_SOLVED


def grade(session: Session, args: argparse.Namespace, out: Console, err: Console) -> int:
    """Solve and grade the puzzle (JSON: the envelope with `grade`)."""
    from rich.text import Text

    puzzle, instance = session.loaded.puzzle, session.loaded.instance
    with progress_shown(err, not machine_output(args), "grading", "searches") as progress:
        graded = session.grade(progress=progress)
    data = graded.envelope()
    output.writing_begins()
    output.set_outcome(out.file, exit_code(data["status"]))
    if args.svg:
        write_svg(args, out, err, f"{puzzle.name} · {escape.name(instance.source)}",
                  graded.boards())
        out = text_out(args, out, err)
    if machine_output(args):
        out.file.write(json.dumps(({"type": "result"} if args.json_lines else {}) | data)
                       + "\n")
        return exit_code(data["status"])
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    if graded.answers and args.svg != "-":
        draw_answer(session.loaded, graded.answers[0], out)
    out.print(Text(grade_sentence(data), style="bold"))
    return exit_code(data["status"])


def grade_sentence(data: dict[str, Any]) -> str:
    """The grade in a sentence, with what it was measured by (`data`: the envelope)."""
    from . import runner

    found = data["grade"]
    if data["status"] == runner.UNSOLVABLE:
        return "No solution, so no grade (--explain shows why)."
    if data["unique"] is not True:
        return "Not graded: the puzzle has more than one solution."
    search = (f"one search ({found['configuration']} preset, one thread) needs "
              f"{found['choices']:,} choices and {found['conflicts']:,} conflicts")
    settled = (f"propagation alone settles {found['propagated']:,} of the "
               f"{found['open']:,} values not given")
    if found["level"] == "easy":
        return f"Grade: easy: {settled}."
    bound = f"(medium: at most {found['medium_conflicts']} conflicts)"
    return f"Grade: {found['level']}: {settled}; {search} {bound}."


def generate(args: argparse.Namespace, out: Console, err: Console) -> int:
    """`solve-asp generate PUZZLE [--size S] [--seed N]`: a new puzzle with one solution."""
    from rich.text import Text

    from .session import Settings
    from .session.making import generate as make
    from .session.making import generation_note

    if args.encoding:
        inputs.check_encoding(args.encoding)
    note = generation_note(args.puzzle, args.size)
    if note is not None:
        say(err, escape.terminal(f"solve-asp: note: {note}"), "yellow")
    if is_generated_collection(args):
        return generate_collection(args, out, err)
    doing = ["generating"]  # what the spinner names, as generate goes on

    def phase(what: str) -> None:
        doing[0] = what

    settings = Settings(encoding=args.encoding, constants=constants_of(args.const),
                        clingo_args=tuple(args.clingo_arg), max_size=args.max_size,
                        force=args.force, threads=args.threads,
                        configuration=args.configuration)
    deadline = search_deadline(args)
    with progress_shown(err, True, doing, "searches") as progress:
        made = make(args.puzzle, settings, phase=phase, size=args.size, seed=args.seed,
                    minimise=not args.keep_all, to=args.to, progress=progress,
                    time_limit=None if deadline is None
                    else max(0.0, deadline - time.perf_counter()))
    if made is None:
        err.print(Text(f"solve-asp: no puzzle with a unique solution found for seed {args.seed} "
                       f"(try another seed or size)", style="bold red"))
        return EXIT_UNSOLVABLE
    for note in made.notes:
        say(err, escape.terminal(f"solve-asp: note: {note}"), "yellow")
    if args.svg:
        write_svg(args, out, err, f"{made.puzzle} · generated, seed {made.seed}",
                  [made.board()])
    if args.svg != "-":
        out.file.write(made.text)
    err.print(Text(f"{made.puzzle}: {made.clues} clues, unique solution, seed {made.seed}, "
                   f"{made.checks} uniqueness checks, {made.time_s:.2f} s, "
                   f"{grade_words(made.grade)}", style="dim"))
    return EXIT_SOLVED


def grade_words(grade: dict[str, Any]) -> str:
    """`grade hard (40 choices, 12 conflicts)`: a grade object in words."""
    if grade.get("level") is None:
        return "no grade (not exactly one solution)"
    if grade["level"] == "easy":
        return "grade easy (propagation alone)"
    return (f"grade {grade['level']} ({grade['choices']:,} choices, "
            f"{grade['conflicts']:,} conflicts)")


def is_generated_collection(args: argparse.Namespace) -> bool:
    """Whether `generate` makes a collection (several puzzles, graded, in workers, to
    files or JSON lines) rather than one puzzle printed as text."""
    if args.count > 1 or args.out or args.json_lines:
        if args.svg:
            raise UserError("--svg draws one generated puzzle: not with --count, --out or "
                            "--json-lines")
        if args.out and args.json_lines:
            raise UserError("--out writes files, --json-lines standard output: choose one")
        if not (args.out or args.json_lines):
            raise UserError(f"--count {args.count} makes several puzzles: name a directory "
                            "with --out DIR, or use --json-lines")
        return True
    return bool(args.grade or args.jobs)


def generate_collection(args: argparse.Namespace, out: Console, err: Console) -> int:
    """`generate --count N [--grade LEVEL] [--jobs J] (--out DIR | --json-lines)`: N
    distinct unique puzzles, in index order, with a progress bar on a terminal."""
    from rich.text import Text

    from .generating import Settings, Tally, collection

    if args.threads > 1:
        raise UserError("--threads: a collection's puzzles are made one thread each "
                        "(use --jobs for more processes)")
    settings = Settings(args.puzzle, size=args.size, grade=args.grade,
                        minimise=not args.keep_all, to=args.to, time_limit=args.time_limit,
                        configuration=args.configuration,
                        encoding=str(args.encoding) if args.encoding else None,
                        max_size=args.max_size, force=args.force)
    folder = Path(args.out) if args.out else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "puzzles.jsonl").write_text("", encoding="utf-8")
        except OSError as error:
            raise output.FileNotWritten(f"--out {escape.name(args.out)}: cannot be created: "
                                        f"{error.strerror}") from None
    seed = args.seed if args.seed is not None else int(time.time()) % 2**31
    jobs = args.jobs
    if jobs is None:
        from .batch import default_jobs
        jobs = default_jobs() if args.count > 1 else 1
    tally = Tally(args.count)
    width = len(str(args.count))
    from .batch import Stopped as WorkersStopped

    stopped = False
    written = 0
    if jobs > 1:
        # Workers make the puzzles: a signal only sets output.stop, which the pool looks
        # at between results, so Ctrl-C never lands inside the pool's own bookkeeping.
        output.writing_begins()
    with generated_progress(err, args, tally, jobs) as (judged, phase):
        try:
            with closing(collection(settings, args.count, seed, jobs=jobs, tally=tally,
                                    judged=judged, phase=phase, stop=output.stop)) as made:
                for record in made:
                    with output.signals_deferred():
                        write_record(record, written + 1, width, folder, out)
                        written += 1
                    if output.stop.is_set():  # a signal while workers made puzzles
                        stopped = True
                        break
        except (Stopped, WorkersStopped, KeyboardInterrupt):  # Ctrl-C, SIGTERM
            stopped = True
    what = f"{args.puzzle}: {written} of {args.count} puzzles"
    grade = f" of grade {args.grade}" if args.grade else ""
    err.print(Text(f"{what}{grade} from seed {seed}: {tally.tried} candidates, "
                   f"{tally.not_unique} without a unique puzzle, {tally.other_grade} of "
                   f"another grade, {tally.repeated} repeated, {tally.stopped} stopped; "
                   f"levels made: {levels_text(tally.levels)}",
                   style="dim" if written == args.count else "bold red"))
    if stopped:
        err.print(Text(f"solve-asp: interrupted; the {written} puzzles made so far are "
                       "written", style="bold yellow"))
        return output.interrupted_code()
    return EXIT_SOLVED if written == args.count else EXIT_UNSOLVABLE


def levels_text(levels: dict[str, int]) -> str:
    return ", ".join(f"{levels[name]} {name}" for name in GRADES if name in levels) or "none"


def write_record(made: dict[str, Any], number: int, width: int, folder: Path | None,
                 out: Console) -> None:
    """One kept puzzle: a JSON line on standard output, or its file and manifest line."""
    record = {key: value for key, value in made.items() if key != "made"}
    if folder is None:
        out.file.write(json.dumps({"type": "puzzle", "number": number} | record) + "\n")
        out.file.flush()
        return
    name = f"{record['puzzle']}-{number:0{width}d}.txt"
    try:
        (folder / name).write_text(record["text"], encoding="utf-8")
        with (folder / "puzzles.jsonl").open("a", encoding="utf-8") as manifest:
            manifest.write(json.dumps({"file": name, "number": number} | record) + "\n")
    except OSError as error:
        raise output.FileNotWritten(f"{escape.name(str(folder / name))}: cannot be written: "
                                    f"{error.strerror}") from None


@contextmanager
def generated_progress(err: Console, args: argparse.Namespace, tally: Any,
                       jobs: int) -> Iterator[
        tuple[Callable[[Any], None] | None, Callable[[str], None] | None]]:
    """On a terminal, rich's progress bar over the puzzles kept, with the candidates
    tried and (one process) what the current one is doing; elsewhere nothing."""
    if not err.is_terminal:
        yield None, None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("{task.fields[note]}"))
    with Progress(*columns, console=err, transient=False) as bar:
        task = bar.add_task(f"{args.puzzle} {args.grade or ''}".strip(), total=tally.wanted,
                            note="")

        def judged(counts: Any) -> None:
            bar.update(task, completed=counts.kept,
                       note=f"{counts.tried} tried · {levels_text(counts.levels)}")

        def phase(what: str) -> None:
            bar.update(task, note=f"{tally.tried} tried · #{tally.tried + 1}: {what}")
        yield judged, phase if jobs <= 1 else None


# --- Collections: several puzzles in one run (pyasp_runner/audit.py, batch.py) ---------

MAX_JOBS = 1024
# What a single puzzle's run does that a collection's does not, and why.
COLLECTION_REFUSES = {
    "json": "--json prints one object; --json-lines prints one per puzzle",
    "models": "a collection is audited for uniqueness, or counted with --count",
    "facts": "--facts prints one puzzle's facts",
    "svg": "--svg draws one puzzle's answer",
    "to": "--to converts one puzzle",
    "stats": "each puzzle's statistics are in its --json-lines line",
    "trace": "--trace records one search",
    "explain": "--explain reasons about one puzzle",
    "hint": "--hint reasons about one puzzle",
    "step": "--step reasons about one puzzle",
}


def add_collection_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "collections (several inputs, a directory, or --lines)",
        "Each puzzle is solved in a worker; --json-lines writes one JSON object per puzzle, "
        "a terminal shows progress, then a summary. Exit code: the highest of the "
        "puzzles' own (0: every puzzle has a solution).")
    group.add_argument("--lines", action="store_true",
                       help="read each line of the inputs (a file, or - for standard input) "
                       "as one puzzle: game IDs, puzz.link addresses")
    group.add_argument("--jobs", type=_bounded(1, MAX_JOBS), metavar="N",
                       help="worker processes (default: the cores)")
    group.add_argument("--resume", metavar="OUT.jsonl",
                       help="append each puzzle's JSON line to OUT.jsonl, skipping the "
                       "puzzles it already holds (a stopped audit goes on where it stopped)")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="solve on the Dask cluster whose scheduler is at ADDRESS, e.g. "
                       "tcp://10.0.0.5:8786 (pip install 'solve-asp[cluster]')")


def is_collection(args: argparse.Namespace) -> bool:
    """Several inputs, a directory, or a collection option: a run over a collection. One
    file, without those options, is one puzzle's run."""
    given = args.input or []
    return (len(given) > 1 or any(name != "-" and os.path.isdir(name) for name in given)
            or bool(args.lines) or args.resume is not None or args.jobs is not None
            or args.scheduler is not None)


def check_collection_combinations(args: argparse.Namespace) -> None:
    for name, why in COLLECTION_REFUSES.items():
        if getattr(args, name, None) not in (None, False):
            flag = "-n" if name == "models" else "--" + name.replace("_", "-")
            raise UserError(f"{flag} does not apply to several puzzles: {why}")
    if args.jobs is not None and args.scheduler is not None:
        raise UserError("--jobs and --scheduler cannot be combined: the cluster's workers "
                        "solve the puzzles")
    check_grade_combinations(args)
    if not args.input:
        raise UserError(f"usage: solve-asp {args.command} INPUT... [options]")
    check_outputs(args)


def collection_settings(args: argparse.Namespace, puzzle: Puzzle) -> Any:
    """How each puzzle of the collection is solved, as a worker receives it."""
    from .api import read_text
    from .audit import Settings

    encoding_text = None
    if args.encoding:
        inputs.check_encoding(args.encoding)
        if args.scheduler:  # the cluster's workers get the rules, not a file name
            encoding_text = read_text(args.encoding)
    return Settings(puzzle=puzzle.name, count=args.count, cap=args.cap,
                    time_limit=args.time_limit, threads=args.threads,
                    configuration=args.configuration, constants=constants_of(args.const),
                    encoding=str(args.encoding) if args.encoding else None,
                    encoding_text=encoding_text, options=option_values(puzzle, args),
                    clingo_args=tuple(args.clingo_arg), max_size=args.max_size,
                    force=args.force, killable=args.scheduler is None,
                    grade=bool(args.grade))


def audit_collection(args: argparse.Namespace, out: Console, err: Console) -> int:
    """Solve every puzzle of a collection in workers: a JSON line each (--json-lines, and
    --resume's file), a line for each puzzle that is not unique, progress and a summary.
    Ctrl-C and SIGTERM end the workers and keep every line written."""
    from .puzzle import registry

    check_collection_combinations(args)
    puzzle = registry()[args.command]
    # --resume's file is opened first and locked: a second run resuming into it at the
    # same time is refused before it solves anything.
    sink = resume_file(args.resume) if args.resume is not None else None
    try:
        return audit_items(args, puzzle, sink, out, err)
    finally:
        if sink is not None:
            sink.close()


def audit_items(args: argparse.Namespace, puzzle: Puzzle, sink: IO[str] | None,
                out: Console, err: Console) -> int:
    """The collection's run (see `audit_collection`), its lines also written to `sink`."""
    from rich.text import Text

    from . import audit, batch

    # A --resume file inside an audited directory is the run's output, not a puzzle.
    items = audit.items_of(puzzle, args.input, lines=args.lines,
                           leave_out=() if args.resume is None else (args.resume,))
    skipped = 0
    if args.resume is not None:
        finished = audit.already_done(args.resume)
        left = [item for item in items if item.key not in finished]
        skipped, items = len(items) - len(left), left
    if not items and not skipped:
        raise UserError(f"no puzzle found in {', '.join(map(escape.name, args.input))}")
    stdin_text = None
    if any(item.file == audit.STDIN and item.text is None for item in items):
        stdin_text = inputs.read_input("-", False, None)[0]
    settings = collection_settings(args, puzzle)
    jobs = args.jobs or batch.default_jobs()
    started = time.perf_counter()
    tally = audit.Tally()
    stopped = False
    output.writing_begins()  # from now on a signal sets output.stop: the loop ends cleanly
    # JSON lines on a terminal show the progress themselves (a bar would cut into them).
    bar = err.is_terminal and not (args.json_lines and out.is_terminal)
    with collection_progress(err, len(items), bar) as progress, closing(batch.run(
            audit.tasks(puzzle, items, settings, stdin_text), jobs=jobs,
            time_limit=audit.hard_limit(args.time_limit) if args.time_limit else None,
            scheduler=args.scheduler, stop=output.stop,
            # The server preloads the solving path, this module and the puzzle's, so
            # a worker forked from it has them loaded already.
            preload=(*batch.PRELOAD, audit.__name__, f"pyasp_runner.puzzles.{puzzle.name}")
            )) as results:
        say = progress.console.print if progress and out.is_terminal else out.print
        try:
            for done in results:
                item = items[done.index]
                line = audit.result_line(puzzle.name, item, done)
                tally.add(line, item.name)
                record_line(line, args, out, sink)
                output.set_outcome(out.file, tally.worst)
                if not args.json_lines:
                    tell_line(line, item.name, say)
                if progress:
                    progress.update(progress.task_ids[0], advance=1,
                                    description=tally_text(tally.counts))
                if done.detail:  # a bug in the task: its traceback, for a report
                    err.print(Text(escape.terminal(done.detail), style="dim"))
        except batch.Stopped:
            stopped = True
    shown = err if args.json_lines else out
    if not args.json_lines or err.is_terminal:
        shown.print(collection_summary(tally, time.perf_counter() - started, jobs, args,
                                       skipped, len(items), stopped))
    return output.interrupted_code() if stopped else tally.worst


def resume_file(path: str) -> IO[str]:
    """--resume's file, opened to append on a line of its own and locked for this run
    (another run resuming into it now is refused: both would solve and write every
    puzzle)."""
    import fcntl

    try:
        handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - closed by the caller
    except OSError as error:
        raise output.FileNotWritten(f"{escape.name(path)}: cannot be written: "
                                    f"{error.strerror}") from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:  # held by another run
        handle.close()
        raise UserError(f"--resume {escape.name(path)}: another run is resuming into it "
                        "(the file is locked); let that run finish, or give another file"
                        ) from None
    except OSError:  # a file system without locks: the run goes on unguarded
        pass
    try:
        if handle.tell():
            handle.seek(handle.tell() - 1)
            last = handle.read(1)
            if last != "\n":  # a line cut short by a killed run: start a new one
                handle.write("\n")
    except OSError as error:
        raise output.FileNotWritten(f"{escape.name(path)}: cannot be written: "
                                    f"{error.strerror}") from None
    return handle


def record_line(line: dict[str, Any], args: argparse.Namespace, out: Console,
                sink: IO[str] | None) -> None:
    """One puzzle's JSON line: on standard output (--json-lines) and in --resume's file."""
    text = json.dumps(line) + "\n"
    if args.json_lines:
        out.file.write(text)
        out.file.flush()
    if sink is not None:
        try:
            sink.write(text)
            sink.flush()
        except OSError as error:
            raise output.FileNotWritten(f"{escape.name(args.resume)}: cannot be written: "
                                        f"{error.strerror}") from None


def tell_line(line: dict[str, Any], name: str, say: Callable[..., None]) -> None:
    """A line for a person, for each puzzle that is not simply unique."""
    from rich.text import Text

    from . import audit

    kind = audit.category(line)
    if kind == audit.UNIQUE:
        return
    detail = {audit.SEVERAL: f"{line.get('count', 2):,}+ solutions",
              audit.TIMED_OUT: f"after {audit.seconds_of(line):.1f} s",
              audit.BAD_INPUT: line.get("error", ""), audit.FAILED: line.get("error", "")
              }.get(kind, "")
    style = {audit.SEVERAL: "yellow", audit.SOLVED: "", audit.TIMED_OUT: "yellow"}.get(
        kind, "red")
    text = Text(f"{kind}: ", style=f"bold {style}")
    text.append(escape.name(name))
    if detail and kind not in (audit.BAD_INPUT, audit.FAILED):
        text.append(f" ({detail})")
    elif detail:  # the error names the file itself
        text = Text(f"{kind}: ", style=f"bold {style}")
        text.append(escape.terminal(str(detail)))
    say(text, soft_wrap=True)


def tally_text(counts: Counter[str]) -> str:
    """The counts so far, short, for the progress bar."""
    from . import audit

    return " · ".join(f"{counts[kind]:,} {audit.SHORT[kind]}" for kind in audit.CATEGORIES
                      if kind in audit.ALWAYS_SHOWN or counts[kind])


@contextmanager
def collection_progress(err: Console, total: int, shown: bool) -> Iterator[Any]:
    """A progress bar with the counts so far (when `shown`), or None."""
    if not shown:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(BarColumn(bar_width=24), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.description}"), console=err, transient=True) as progress:
        progress.add_task(tally_text(Counter()), total=total)
        yield progress


def collection_summary(tally: Any, seconds: float, jobs: int, args: argparse.Namespace,
                       skipped: int, total: int, stopped: bool) -> Group:
    """The table after a collection: how many puzzles ended how, and the slowest."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from . import audit

    where = f"on the cluster at {args.scheduler}" if args.scheduler else f"{jobs} workers"
    done = f"{tally.done:,} of {total:,} puzzles" if stopped else f"{tally.done:,} puzzles"
    title = f"{done} in {seconds:.1f} s ({where})"
    if stopped:
        title += ", stopped: the rest were not solved"
    if skipped:
        title += f"; {skipped:,} already in {escape.name(args.resume)}"
    table = Table(box=None, show_header=False)
    table.add_column("outcome")
    table.add_column("puzzles", justify="right")
    for kind in audit.CATEGORIES:
        if kind in audit.ALWAYS_SHOWN or tally.counts[kind]:
            table.add_row(kind, f"{tally.counts[kind]:,}")
    for level in ("easy", "medium", "hard"):  # --grade: the unique puzzles by grade
        if args.grade:
            table.add_row(f"  graded {level}", f"{tally.grades[level]:,}")
    slowest = tally.slowest_first()
    named = Text("slowest: " if slowest else "", style="dim")
    named.append(", ".join(f"{escape.name(name)} ({seconds:.2f} s)"
                           for seconds, name in slowest))
    return Group(Text(title, style="bold"), table, named)


def deadline_of(args: argparse.Namespace) -> float | None:
    """When --time-limit runs out, on the clock of `time.perf_counter`: counted from the
    start of the run, so reading, parsing and writing are inside it."""
    if args.time_limit is None:
        return None
    started: float = getattr(args, "started", time.perf_counter())
    return started + float(args.time_limit)


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named first on the command line (a puzzle, `generate`), if any."""
    if not argv or argv[0].startswith("-"):
        return None
    known = puzzles.names()
    if argv[0] not in (GENERATE, STUDIO, ENCODING, EXAMPLES) and argv[0] not in known:
        raise UserError(f"unknown puzzle {argv[0]!r}; known: {', '.join(known)}")
    return argv[0]


def main(argv: Sequence[str] | None = None, limit: bool = False) -> int:
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
        code = stdout.outcome if stdout.outcome is not None else EXIT_SOLVED
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
             limit: bool = False) -> int:
    """Run the command; a user's error becomes its message and exit code (with --json or
    --json-lines also a JSON object on standard output)."""
    if argv == ["--list"]:  # the parser would import every puzzle for its options
        list_puzzles(out)  # raises no user's error; main handles the output's
        return EXIT_SOLVED
    from . import runner  # any other command may solve: clingo

    try:
        if argv[:1] == [STUDIO]:  # a web server with its own options and libraries
            from .studio import main as studio
            return studio(argv[1:])
        try:
            args = build_parser(command_of(argv)).parse_args(argv)
        except _UsageExit as usage:  # printed; with --json also the error object
            failed(argv, out, usage.message, EXIT_USAGE)
            out.file.flush()
            raise
        args.started = started
        if limit and getattr(args, "memory_limit", None) is not None:
            limit_memory(args.memory_limit)
        return run(args, out, err)
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


def out_of_memory(argv: Sequence[str], out: Console, err: Console, error: UserError) -> int:
    """The one line of a run out of memory, written plainly: drawing it with rich could
    need an import there is no room for."""
    err.file.write(f"solve-asp: {error}\n")
    return failed(argv, out, str(error), error.exit_code)


# Within this much of its address-space limit, a process that cannot map a library or
# start a thread has run out of memory (a library or a thread's stack is a few MiB).
MEMORY_MARGIN = 64 * 2**20


def memory_starved() -> bool:
    """Whether the process has an address-space limit and is within MEMORY_MARGIN of it."""
    resource = sys.modules.get("resource")  # imported by limit_memory when it set a limit
    in_use = address_space_in_use()
    if resource is None or in_use is None:
        return False
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return bool(soft != resource.RLIM_INFINITY and soft - in_use < MEMORY_MARGIN)


def failed(argv: Sequence[str], out: Console, message: str, code: int) -> int:
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
    running = sys.modules.get(f"{__package__}.runner")
    if running is not None and running.grounding_in_progress():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)

