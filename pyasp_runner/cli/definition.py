"""The command line's definition: the parsers of every command, and the typed options
record made from what they read (`parse`). The only module that sees argparse.

Subcommands come from the registry: one per puzzle (`solve-asp PUZZLE INPUT`, with the
puzzle's own declared options), `generate`, `encoding`, `examples` and `studio`. Only
the subcommand named first is built (making every puzzle's would import every puzzle
module); `--help` alone lists them all. A usage error is one line and exit 2
(`UsageExit`, which carries the line for --json's error object).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .. import puzzles
from ..errors import ExitCode, InputError, UserError
from ..numerals import decimal, is_digits
from ..process import DEFAULT_MEMORY_GIB, memory_gib
from .options import (
    DEFAULT_CAP,
    ENCODING,
    EXAMPLE_PREFIX,
    EXAMPLES,
    GENERATE,
    GRADES,
    STUDIO,
    GenerateOptions,
    Lookup,
    Options,
    SolveOptions,
    StudioOptions,
)
from .present import version_text

if TYPE_CHECKING:
    from ..puzzle import OptionValues
    from ..puzzles import Puzzle



# clingo's own bounds on what these options become (--models, --parallel-mode).
MAX_MODELS = 2**32 - 1


MAX_THREADS = 64


MAX_SECONDS = 10**7  # about 4 months: beyond it a time limit is a typo




MEDIUM_CONFLICTS = 6  # reasoning.MEDIUM_CONFLICTS, likewise (a test holds them equal)


PRESETS = ["auto", "frumpy", "jumpy", "tweety", "handy", "crafty", "trendy", "many"]


class UsageExit(SystemExit):
    """argparse's exit on a usage error, with its one line (for --json's error object)."""

    def __init__(self, message: str) -> None:
        super().__init__(ExitCode.USAGE)
        self.message = message


class _Parser(argparse.ArgumentParser):
    # A puzzle's subcommand: its help ends with a shipped example, read only when the help
    # is shown (not on every solve).
    example_of: Puzzle | None = None

    def error(self, message: str) -> NoReturn:  # one line and exit 2, like any bad input
        line = f"{self.prog}: error: {message}"
        sys.stderr.write(line + "\n")
        raise UsageExit(line)

    def format_help(self) -> str:
        if self.example_of is not None and self.epilog is None:
            self.epilog = example_text(self.example_of)
        return super().format_help()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line: a subcommand per registered puzzle, and `generate`.

    Only the subcommand named by `command` is made, with its options (making them for
    every puzzle would import every puzzle module; `command_of` has checked the name);
    without one, every subcommand is listed with its summary, for `--help`.
    """
    from ..puzzles import registry

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
    found = registry()
    named = [command] if command is not None and not listed and command in found \
        and command not in dict.keys(found) else []  # a genre file, or the studio's
    for name, puzzle in [*found.items(), *((name, found[name]) for name in named)]:
        if listed or name == command:
            solving = commands.add_parser(
                name, prog=f"solve-asp {name}", help=puzzle.summary,
                description=puzzle.description if name == command else puzzle.summary,
                formatter_class=argparse.RawDescriptionHelpFormatter)
            if name == command:
                solving.example_of = puzzle
            add_solve_options(solving, puzzle)
    return parser


def build_studio_parser() -> argparse.ArgumentParser:
    """`solve-asp studio`'s options (the server's, `pyasp_runner.studio.serve`)."""
    parser = _Parser(  # a usage error is one line, as the command's
        prog=f"solve-asp {STUDIO}",
        description="Edit a puzzle's rules and watch them solve it, in the browser.")
    parser.add_argument("--port", type=_natural, default=0,
                        help="port to listen on (default: a free one)")
    parser.add_argument("--host", default=None,
                        help="address to listen on (default 127.0.0.1; anything else makes "
                        "the studio reachable from other machines, with a warning)")
    parser.add_argument("--no-browser", action="store_true",
                        help="print the address but do not open a browser")
    parser.add_argument("--time-limit", type=_positive_float, default=60.0, metavar="SECONDS",
                        help="longest time one solve may take (default 60)")
    parser.add_argument("--memory-limit", type=_memory_size, default=DEFAULT_MEMORY_GIB,
                        metavar="GIB", help="the memory (address space) one solve may use, in "
                        f"GiB (default {DEFAULT_MEMORY_GIB:g}; 0: no limit), as the command's "
                        "--memory-limit; past it the page says so")
    return parser


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
    rules = parser.add_argument_group("the rules, by name")
    rules.add_argument("--check", metavar="ANSWER",
                       help="check a player's answer against the rules: ANSWER is a file (- "
                       "for standard input) holding the --json solution object, or the "
                       "puzzle's own text with the cells filled in; each broken rule by name, "
                       "with its places (exit 0 correct, 1 not)")
    rules.add_argument("--why", action="store_true",
                       help="with --hint: the next value a person could deduce, with the "
                       "rules and clues that force it by propagation alone")
    rules.add_argument("--steps", action="store_true",
                       help="every deduction to the solution, numbered, each with the rules "
                       "and clues that force it")
    if not puzzle.options:
        return
    own = parser.add_argument_group(f"{puzzle.name} options")
    for option in puzzle.options:
        if option.metavar is None:
            own.add_argument(option.flag, action="store_true", dest=option.name,
                             help=option.help)
        else:
            own.add_argument(option.flag, metavar=option.metavar, dest=option.name,
                             help=option.help)


def add_generate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("puzzle", metavar="PUZZLE", help="the puzzle to make (one that "
                        "cannot be made is refused, saying why and which can)")
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
    return {option.name: getattr(args, option.name) for option in puzzle.options}


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


def _memory_size(text: str) -> float:
    try:
        return memory_gib(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive_float(text: str) -> float:
    value = decimal(text)
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds above 0 and at most {MAX_SECONDS:,}, "
            f"got {text[:40]!r}")
    return value


MAX_JOBS = 1024


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


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named first on the command line (a puzzle, `generate`), if any."""
    if not argv or argv[0].startswith("-"):
        return None
    known = puzzles.names()
    if argv[0] not in (GENERATE, STUDIO, ENCODING, EXAMPLES) and argv[0] not in known:
        from ..genres import SUFFIX, is_genre_path

        if is_genre_path(argv[0]):  # a genre file, named by its path
            return argv[0]
        if argv[0].endswith(SUFFIX):
            raise InputError(argv[0], "no such genre file")
        raise UserError(f"unknown puzzle {argv[0]!r}; known: {', '.join(known)}")
    return argv[0]


def parse(argv: Sequence[str], started: float | None = None) -> Options:
    """The options `argv` gives, as a typed record (`started`: when the run started, for
    its time limit); a usage error is printed in one line and raised as `UsageExit`."""
    if argv[:1] == [STUDIO]:
        given = build_studio_parser().parse_args(argv[1:])
        return StudioOptions(port=given.port, host=given.host, no_browser=given.no_browser,
                             time_limit=given.time_limit, memory_limit=given.memory_limit)
    args = build_parser(command_of(argv)).parse_args(argv)
    return options_of(args, time.perf_counter() if started is None else started)


def options_of(args: argparse.Namespace, started: float) -> Options:
    """The record of what the parser read (the one place a Namespace is read)."""
    from ..puzzles import registry

    if args.list:
        return Lookup("list")
    if args.command in (None, ENCODING, EXAMPLES):
        return Lookup(args.command, getattr(args, "puzzle", None))
    searching = {"started": started, "svg": args.svg, "to": getattr(args, "to", None),
                 "encoding": args.encoding, "time_limit": args.time_limit,
                 "max_size": args.max_size, "force": args.force,
                 "memory_limit": args.memory_limit, "const": tuple(args.const or ()),
                 "clingo_arg": tuple(args.clingo_arg), "threads": args.threads,
                 "configuration": args.configuration}
    if args.command == GENERATE:
        return GenerateOptions(args.puzzle, size=args.size, seed=args.seed,
                               keep_all=args.keep_all, count=args.count, grade=args.grade,
                               jobs=args.jobs, out=args.out, json_lines=args.json_lines,
                               **searching)
    puzzle = registry()[args.command]
    return SolveOptions(puzzle.name, inputs=tuple(args.input), models=args.models,
                        count=args.count, cap=args.cap, json=args.json,
                        json_lines=args.json_lines, stats=args.stats, facts=args.facts,
                        lines=args.lines, jobs=args.jobs, resume=args.resume,
                        scheduler=args.scheduler, trace=args.trace, explain=args.explain,
                        hint=args.hint, step=args.step, grade=args.grade,
                        check=args.check, why=args.why, steps=args.steps,
                        values=option_values(puzzle, args),
                        **searching)
