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
    130 interrupted by Ctrl-C (what was found is still reported)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import api, escape
from . import runner
from .errors import EncodingError, InputError, UserError
from .numerals import is_digits
from .puzzle import Answer, OptionValues, Puzzle, facts_text, registry
from .report import (
    conflict_sentence,
    stats_table,
    summary_line,
)

EXIT_SOLVED, EXIT_UNSOLVABLE, EXIT_USAGE, EXIT_ENCODING, EXIT_TIMEOUT, EXIT_INTERRUPTED = (
    0, 1, 2, 3, 4, 130,
)
STATUS_EXIT = {
    runner.SOLVED: EXIT_SOLVED,
    "closest": EXIT_SOLVED,
    runner.UNSOLVABLE: EXIT_UNSOLVABLE,
    runner.TIMEOUT: EXIT_TIMEOUT,
    runner.INTERRUPTED: EXIT_INTERRUPTED,
}
DEFAULT_CAP = 100_000
GENERATE = "generate"
EXAMPLE_PREFIX = "example:"  # `solve-asp PUZZLE example:NAME`: a shipped instance by name
ENCODING = "encoding"  # prints a puzzle's rules
EXAMPLES = "examples"  # lists a puzzle's shipped instances
STUDIO = "studio"  # parses its own options (a web server; its libraries load only then)
PRESETS = ["auto", "frumpy", "jumpy", "tweety", "handy", "crafty", "trendy", "many"]


class _Console(Console):
    def on_broken_pipe(self) -> None:  # rich would exit 1; the reader left, that is all
        raise BrokenPipeError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line and exit 2, like any bad input
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line: a subcommand per registered puzzle, and `generate`.

    Only the subcommand named by `command` gets its options (building them for every
    puzzle would import every puzzle module); without one, every subcommand is listed
    with its summary, for `--help`.
    """
    parser = _Parser(
        prog="solve-asp",
        usage="solve-asp PUZZLE INPUT [options] | solve-asp generate PUZZLE [options] | "
        "solve-asp --list",
        description="Solve a puzzle with its answer-set program (asp/<puzzle>.lp) and clingo.",
        epilog="Exit codes: 0 solved, 1 no solution, 2 bad input, 3 bad encoding, "
        "4 time limit reached, 130 interrupted. `solve-asp PUZZLE --help` shows a "
        "puzzle's options.",
    )
    parser.add_argument("--list", action="store_true", help="list the puzzles and stop")
    parser.add_argument("--version", action="version", version=version_text())
    commands = parser.add_subparsers(dest="command", metavar="PUZZLE", title="commands",
                                     parser_class=_Parser)
    listed = command is None
    generating = commands.add_parser(
        GENERATE, prog=f"solve-asp {GENERATE}",
        help="make a new puzzle with one solution" if listed else None,
        description="Make a puzzle with exactly one solution and minimal clues, printed in "
        "the puzzle's own input format.")
    if command == GENERATE:
        add_generate_options(generating)
    for name, what in ((ENCODING, "print a puzzle's rules (to edit a copy: solve-asp encoding "
                        "PUZZLE > my.lp; solve-asp PUZZLE FILE --encoding my.lp)"),
                       (EXAMPLES, "list the example instances shipped with a puzzle (solve "
                        "one with solve-asp PUZZLE example:NAME)")):
        sub = commands.add_parser(name, prog=f"solve-asp {name}",
                                  help=what if listed else None, description=what)
        sub.add_argument("puzzle", choices=list(registry()), metavar="PUZZLE",
                         help="the puzzle (see --list)")
    commands.add_parser(STUDIO, help="the rules editor and the board side by side, in a "
                        "browser (solve-asp studio --help)" if listed else None)
    for name, puzzle in registry().items():
        if listed or name == command:
            solving = commands.add_parser(
                name, prog=f"solve-asp {name}", help=puzzle.summary,
                description=puzzle.description if name == command else puzzle.summary,
                epilog=example_text(puzzle) if name == command else None,
                formatter_class=argparse.RawDescriptionHelpFormatter)
            add_solve_options(solving, puzzle)
        else:
            commands.add_parser(name)
    return parser


def version_text() -> str:
    import clingo

    from . import __version__
    return f"solve-asp {__version__} (clingo {clingo.__version__})"


def example_text(puzzle: Puzzle) -> str | None:
    """A short shipped instance of the puzzle, to show its input format in --help."""
    for name, path in puzzle.examples().items():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) <= 12 and max(map(len, text.splitlines()), default=0) <= 76:
            return (f"example (solve-asp {puzzle.name} example:{name}):\n\n"
                    + "".join(f"  {line}\n" for line in text.splitlines()))
    return None


def list_examples(puzzle: Puzzle, out: Console) -> int:
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("example")
    table.add_column("solve it with")
    for name in puzzle.examples():
        table.add_row(name, f"solve-asp {puzzle.name} example:{name}")
    out.print(table)
    return EXIT_SOLVED


def add_solve_options(parser: argparse.ArgumentParser, puzzle: Puzzle) -> None:
    parser.add_argument("input", nargs="?",
                        help="puzzle file, - for standard input, or the puzzle text itself")
    parser.add_argument("-n", "--models", type=_natural, metavar="N",
                        help="solutions to find and show (0 = all); default: look for a second "
                        "one to tell whether the solution is unique")
    parser.add_argument("--count", action="store_true",
                        help="count all solutions without printing them")
    parser.add_argument("--cap", type=_natural, default=DEFAULT_CAP, metavar="N",
                        help=f"stop enumerating (-n 0, --count) after N solutions "
                        f"(default {DEFAULT_CAP:,}; 0 = no cap)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--json-lines", action="store_true",
                        help="print one JSON object per answer as it is found "
                        '("type": "answer"), then the summary ("type": "result")')
    parser.add_argument("--stats", action="store_true", help="show clingo's statistics")
    parser.add_argument("--facts", action="store_true",
                        help="print the puzzle as clingo facts and stop")
    if puzzle.writers:
        parser.add_argument("--to", metavar="FORMAT", choices=list(puzzle.writers),
                            help="print the puzzle in FORMAT and stop: "
                            + ", ".join(puzzle.writers))
    add_search_options(parser)
    add_clingo_options(parser)
    clues = parser.add_argument_group("reasoning about the clues")
    clues.add_argument("--explain", action="store_true",
                       help="if there is no solution, show a minimal set of clues "
                       "that cannot hold together")
    clues.add_argument("--hint", action="store_true",
                       help="show the cells forced by the clues (the same in every solution)")
    clues.add_argument("--step", action="store_true",
                       help="with --hint: only what follows by propagation, without a guess")
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
    generators = [name for name, p in registry().items() if p.can_generate]
    parser.add_argument("puzzle", choices=generators, help="the puzzle to make")
    parser.add_argument("--size", metavar="SIZE", help="board size, e.g. 7x7 or 5")
    parser.add_argument("--seed", type=_natural, metavar="N",
                        help="random seed (the same seed gives the same puzzle, with one "
                        "thread)")
    parser.add_argument("--keep-all", action="store_true",
                        help="keep every clue of the random solution (no minimising)")
    parser.add_argument("--to", metavar="FORMAT",
                        help="write the puzzle in FORMAT (default: the puzzle's first; "
                        "e.g. tatham, puzzlink, non; solve-asp PUZZLE --help lists them)")
    add_search_options(parser)
    add_clingo_options(parser)


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """What every search takes: the encoding, the time limit, the size refusal."""
    parser.add_argument("--encoding", type=Path, metavar="FILE",
                        help="use this encoding instead of asp/<puzzle>.lp")
    parser.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                        help="stop after this long, keeping what was found")
    parser.add_argument("--max-size", type=_positive_int, metavar="N",
                        help="refuse larger instances (default: the puzzle's own limit)")
    parser.add_argument("--force", action="store_true",
                        help="solve however large the instance is")


def add_clingo_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-c", "--const", action="append", metavar="NAME=VALUE",
                        help="set a #const of the encoding, as clingo's -c does")
    parser.add_argument("--clingo-arg", action="append", default=[], metavar="ARG",
                        help="pass an option to clingo (e.g. --clingo-arg=--heuristic=Domain); "
                        "the runner's own settings win where they clash, with a note")
    parser.add_argument("--threads", type=_positive_int, default=1, metavar="N",
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


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def read_input(puzzle: Puzzle, argument: str) -> tuple[str, str]:
    """The puzzle text and its name for messages: a file, stdin, or inline text."""
    if argument == "-":
        return _decode(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    if argument.startswith(EXAMPLE_PREFIX):
        name = argument[len(EXAMPLE_PREFIX):]
        shipped = puzzle.examples()
        if name not in shipped:
            raise InputError(escape.name(argument), f"no such example of {puzzle.name} "
                             f"(solve-asp examples {puzzle.name} lists them)")
        return _decode(shipped[name].read_bytes(), argument), argument
    inline = puzzle.spec.inline
    if not argument.strip():
        raise InputError("<argument>", "empty: give a puzzle file"
                         + (" or the puzzle text" if inline else ""))
    path = Path(argument)
    try:
        is_dir, exists = path.is_dir(), path.exists()
    except OSError as err:  # a name too long to be a file, say: then it is text or nothing
        if inline:
            return argument, "<argument>"
        raise InputError(_shortened(argument), f"no such file ({err.strerror})") from None
    if is_dir:
        raise InputError(argument, "is a directory, not a puzzle file")
    if exists:
        try:
            return _decode(path.read_bytes(), argument), argument
        except OSError as err:
            raise InputError(argument, f"cannot be read: {err.strerror}") from None
    if inline and not _FILE_NAME.fullmatch(argument):
        return argument, "<argument>"
    raise InputError(argument, "no such file")


# What can only be a mistyped file name, never puzzle text given inline.
_FILE_NAME = re.compile(r"[\w./\\-]+\.(txt|csv|non|text|lp)", re.IGNORECASE)


def _shortened(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else f"{text[:limit]}..."


def _decode(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(source, f"not UTF-8 text (byte {err.start})") from None


def list_puzzles(console: Console) -> None:
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("puzzle")
    table.add_column("what it is")
    for name, puzzle in registry().items():
        table.add_row(name, puzzle.summary)
    console.print(table)


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
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
    if args.input is None:
        raise UserError(f"usage: solve-asp {args.command} INPUT [options]; "
                        f"solve-asp examples {args.command} lists the shipped instances")
    check_combinations(args)
    puzzle = registry()[args.command]
    text, source = read_input(puzzle, args.input)
    values = option_values(puzzle, args)
    settings = dict(source=source, encoding=args.encoding, options=values,
                    constants=constants_of(args.const), clingo_args=args.clingo_arg,
                    max_size=args.max_size, force=args.force)
    if getattr(args, "to", None) or args.facts:
        instance = puzzle.configure(puzzle.parse(text, source), values)
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
    search = dict(time_limit=args.time_limit, threads=args.threads,
                  configuration=args.configuration)
    if args.explain:
        with progress_shown(err, not machine_output(args), "explaining", "searches") as progress:
            explained = api.explain(puzzle.name, text, progress=progress, **settings, **search)
        return show_explained(explained, args, out, err)
    if args.hint:
        with progress_shown(err, not machine_output(args), "finding what is forced",
                            "searches") as progress:
            hinted = api.hint(puzzle.name, text, step=args.step, progress=progress,
                              **settings, **search)
        return show_hinted(hinted, args, out)
    loaded = api.load(puzzle.name, text, **settings)
    models = args.models if args.models is not None else puzzle.default_models(values)
    return show_solved(loaded, models, args, out, err, search)


def check_combinations(args: argparse.Namespace) -> None:
    """Options that contradict each other are refused, not silently ignored."""
    pairs = [("count", "models", "--count counts every solution; -n N shows N of them"),
             ("explain", "hint", "--explain and --hint are two different questions"),
             ("facts", "json", "--facts prints clingo facts, not JSON"),
             ("json", "json_lines", "--json prints one object, --json-lines one per line"),
             ("count", "explain", "--count and --explain are two different questions"),
             ("count", "hint", "--count and --hint are two different questions")]
    for first, second, why in pairs:
        if getattr(args, first, None) not in (None, False) and \
                getattr(args, second, None) not in (None, False):
            raise UserError(f"--{first.replace('_', '-')} and "
                            f"{'-n' if second == 'models' else '--' + second.replace('_', '-')} "
                            f"cannot be combined: {why}")
    if args.step and not args.hint:
        raise UserError("--step goes with --hint")


def machine_output(args: argparse.Namespace) -> bool:
    return bool(args.json or args.json_lines)


def constants_of(given: Sequence[str] | None) -> dict[str, str]:
    """`-c NAME=VALUE` options as a mapping (the API checks names and values)."""
    constants: dict[str, str] = {}
    for text in given or []:
        name, equals, value = text.partition("=")
        if not equals or not re.fullmatch(r"_*[a-z][A-Za-z0-9_']*", name.strip()):
            raise UserError(f"-c {text}: expected NAME=VALUE, e.g. -c weight=3")
        constants[name.strip()] = value.strip()
    return constants


def show_solved(loaded: api.Loaded, models: int | None, args: argparse.Namespace,
                out: Console, err: Console, search: dict[str, Any]) -> int:
    """Solve and show the answers; with an explicit -n they are shown as they are found."""
    puzzle, source = loaded.puzzle, loaded.instance.source
    streaming = args.models is not None and not args.count
    drawn: list[int] = []

    def shown(board: api.Board) -> None:
        drawn.append(1)
        if args.json_lines:
            line = {"type": "answer", "puzzle": puzzle.name, "index": len(drawn),
                    "solution": puzzle.solution_json(loaded.instance, board.answer),
                    "atoms": [str(sym) for sym in board.answer.symbols]}
            out.file.write(json.dumps(line) + "\n")
            out.file.flush()
        elif not args.json:
            if len(drawn) == 1:
                out.print(Text(f"{puzzle.name} · {escape.name(source)}", style="bold"),
                          soft_wrap=True)
            if models != 1:
                out.print(Text(f"Solution {len(drawn)}", style="bold"))
            draw_answer(loaded, board.answer, out)

    for note in loaded.notes:
        err.print(Text(escape.terminal(f"solve-asp: note: {note}"), style="yellow"))
    with progress_shown(err, not machine_output(args), "solving", "found") as progress:
        result = api.solve_loaded(loaded, models=models, count=args.count, cap=args.cap,
                                  progress=progress, on_answer=shown if streaming else None,
                                  **search)
    for note in result.notes[len(loaded.notes):]:
        for line in f"clingo: {note}".splitlines():
            err.print(Text(escape.terminal(line), style="dim"))
    data = result.envelope()
    if args.json:
        out.file.write(json.dumps(data) + "\n")
        return STATUS_EXIT[data["status"]]
    if args.json_lines:
        out.file.write(json.dumps({"type": "result", **data}) + "\n")
        return STATUS_EXIT[data["status"]]
    if not drawn:
        out.print(Text(f"{puzzle.name} · {escape.name(source)}", style="bold"),
                  soft_wrap=True)
        for answer in result.answers if not streaming else []:
            draw_answer(loaded, answer, out)
    closest = puzzle.assess(loaded.instance, result.answers)
    assert result.found is not None
    out.print(summary_line(result.found, data, counting=args.count, models=models,
                           cap=args.cap, closest_summary=closest.summary if closest else None,
                           unsolvable=puzzle.spec.unsolvable))
    if args.stats:
        out.print(stats_table(result.stats))
    return STATUS_EXIT[data["status"]]


def draw_answer(loaded: api.Loaded, answer: Answer, out: Console) -> None:
    """One answer drawn, with the atoms an edited encoding shows besides the drawing."""
    out.print(loaded.puzzle.render(loaded.instance, answer))
    extra = api.extra_atoms(loaded, answer)
    if extra:
        out.print(Text("Also shown: " + " ".join(escape.terminal(atom) for atom in extra)),
                  soft_wrap=True)


@contextmanager
def progress_shown(err: Console, shown: bool, doing: str,
                   counted: str) -> Iterator[runner.Progress | None]:
    """On a terminal, a spinner that a search tells how long it ran and how many
    (answers found, searches made) so far; elsewhere nothing."""
    if not (shown and err.is_terminal):
        yield None
        return
    with err.status("grounding…", spinner="dots") as status:
        def progress(elapsed: float, count: int) -> None:
            status.update(f"{doing}… {elapsed:.1f} s, {count:,} {counted} (Ctrl-C stops)")
        yield progress


def show_explained(explained: api.Explained, args: argparse.Namespace, out: Console,
                   err: Console) -> int:
    """A minimal conflict, or why there is nothing to explain."""
    data = explained.envelope()
    if args.json or args.json_lines:
        out.file.write(json.dumps(({"type": "result"} if args.json_lines else {}) | data)
                       + "\n")
        return STATUS_EXIT[data["status"]]
    loaded = explained.loaded
    assert loaded is not None
    puzzle, instance = loaded.puzzle, loaded.instance
    out.print(Text(f"{puzzle.name} · {escape.name(instance.source)}", style="bold"),
              soft_wrap=True)
    conflict = explained.conflict_clues
    if data["status"] != runner.UNSOLVABLE:
        consistent = "The clues are consistent: the puzzle has a solution, nothing to explain."
        if data["status"] != runner.SOLVED:  # stopped, or an optimum that is no solution
            closest = puzzle.assess(instance, explained.answers)
            assert explained.found is not None
            consistent = summary_line(explained.found, data, counting=False, models=None,
                                      cap=DEFAULT_CAP,
                                      closest_summary=closest.summary if closest else None,
                                      unsolvable=puzzle.spec.unsolvable).plain
        out.print(Text(consistent, style="bold green" * (data["status"] == runner.SOLVED)))
    elif not conflict:
        out.print(Text(f"No solution even without any clue: {puzzle.spec.unsolvable_alone}.",
                       style="bold red"))
    else:
        if puzzle.spec.render_conflict is not None:
            out.print(puzzle.spec.render_conflict(instance, conflict))
        out.print(Text(f"No solution: {conflict_sentence(puzzle, instance, conflict)}",
                       style="bold red"))
    return STATUS_EXIT[data["status"]]


def show_hinted(hinted: api.Hinted, args: argparse.Namespace, out: Console) -> int:
    """The values forced by the clues: in every solution, or (--step) by propagation."""
    data = hinted.envelope()
    if args.json or args.json_lines:
        out.file.write(json.dumps(({"type": "result"} if args.json_lines else {}) | data)
                       + "\n")
        return STATUS_EXIT[data["status"]]
    loaded = hinted.loaded
    assert loaded is not None
    out.print(Text(f"{loaded.puzzle.name} · {escape.name(loaded.instance.source)}",
                   style="bold"), soft_wrap=True)
    if hinted.answer is None:
        out.print(Text("No solution: nothing is forced (--explain shows why).", style="bold red"))
        return EXIT_UNSOLVABLE
    out.print(loaded.puzzle.render(loaded.instance, hinted.answer))
    how = "by propagation alone" if args.step else "in every solution"
    out.print(Text(f"Forced {how}: {hinted.forced} of the {hinted.open} values not given.",
                   style="bold"))
    if not args.step and hinted.forced == hinted.open:
        out.print(Text("The solution is unique, so everything is forced; --hint --step shows "
                       "what follows without a guess.", style="dim"))
    return EXIT_SOLVED


def generate(args: argparse.Namespace, out: Console, err: Console) -> int:
    """`solve-asp generate PUZZLE [--size S] [--seed N]`: a new puzzle with one solution."""
    with progress_shown(err, True, "generating", "searches") as progress:
        made = api.generate(args.puzzle, size=args.size, seed=args.seed,
                            minimise=not args.keep_all, to=args.to,
                            time_limit=args.time_limit, threads=args.threads,
                            configuration=args.configuration, encoding=args.encoding,
                            max_size=args.max_size, force=args.force, progress=progress)
    if made is None:
        raise Unsolvable(f"no puzzle with a unique solution found for seed {args.seed} "
                         f"(try another seed or size)")
    out.file.write(made.text)
    err.print(Text(f"{made.puzzle}: {made.clues} clues, unique solution, seed {made.seed}, "
                   f"{made.checks} uniqueness checks, {made.time_s:.2f} s", style="dim"))
    return EXIT_SOLVED


class Unsolvable(UserError):
    """Nothing to show: exit 1."""

    exit_code = EXIT_UNSOLVABLE


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named first on the command line (a puzzle, `generate`), if any."""
    if not argv or argv[0].startswith("-"):
        return None
    if argv[0] not in (GENERATE, STUDIO, ENCODING, EXAMPLES) and argv[0] not in registry():
        raise UserError(f"unknown puzzle {argv[0]!r}; known: {', '.join(registry())}")
    return argv[0]


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    out, err = _Console(), _Console(stderr=True, soft_wrap=True)  # messages stay one line
    message = None
    try:
        if argv[:1] == [STUDIO]:  # a web server with its own options and libraries
            from .studio import main as studio
            code = studio(argv[1:])
        else:
            code = run(build_parser(command_of(argv)).parse_args(argv), out, err)
    except EncodingError as error:
        message = f"solve-asp: {error}"
        err.print(Text(escape.terminal(message), style="bold red"))
        for more in error.messages[1:] if error.messages else []:
            for line in more.splitlines():  # clingo's lines, each shown safely
                err.print(Text(escape.terminal(line), style="red"))
        code = error.exit_code
    except UserError as error:
        message = f"solve-asp: {error}"
        err.print(Text(escape.terminal(message), style="bold red"))
        code = error.exit_code
    except BrokenPipeError:  # e.g. `solve-asp ... | head`: the reader left, nothing to report
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = EXIT_SOLVED
    except runner.Abandoned as stop:  # --explain, --hint or generate did not finish
        why = "time limit reached" if stop.status == runner.TIMEOUT else "interrupted"
        message = f"solve-asp: stopped ({why}) before an answer was reached"
        err.print(Text(message, style="bold yellow"))
        code = STATUS_EXIT[stop.status]
    except KeyboardInterrupt:  # Ctrl-C outside the search (e.g. while grounding)
        message = "solve-asp: interrupted"
        err.print(Text(message, style="bold red"))
        code = EXIT_INTERRUPTED
    if message is not None and ("--json" in argv or "--json-lines" in argv):
        # A program reading JSON gets the error as JSON too, with the same exit code.
        out.file.write(json.dumps({"status": "error", "error": message, "exit_code": code,
                                   **({"type": "result"} if "--json-lines" in argv else {})})
                       + "\n")
    return code


def run_command() -> None:
    """The `solve-asp` entry point: `main`, then exit, even past an abandoned grounding."""
    code = main()
    if runner.grounding_in_progress():  # clingo cannot stop its grounder: leave it behind
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)

