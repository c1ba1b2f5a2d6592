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
import random
import re
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import escape, reasoning
from . import solve as runner
from .errors import AnswerShapeError, EncodingError, InputError, UserError
from .numerals import is_digits
from .puzzle import Answer, Instance, OptionValues, Puzzle, facts_text, registry
from .report import (
    conflict_sentence,
    envelope,
    hint_envelope,
    known_values,
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
    commands.add_parser(STUDIO, help="the rules editor and the board side by side, in a "
                        "browser (solve-asp studio --help)" if listed else None)
    for name, puzzle in registry().items():
        if listed or name == command:
            solving = commands.add_parser(name, prog=f"solve-asp {name}", help=puzzle.summary,
                                          description=puzzle.summary)
            add_solve_options(solving, puzzle)
        else:
            commands.add_parser(name)
    return parser


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


def limits_for(args: argparse.Namespace, puzzle: Puzzle, models: int | None) -> runner.Limits:
    """The runner's limits; `models`: answers asked for (None: the uniqueness check)."""
    if args.count:
        models, keep = 0, 1
    elif models is None:
        models, keep = 2, 2
    else:
        keep = None
    if models == 0 and keep is None:
        keep = args.cap or None
    return runner.Limits(models=models, keep=keep, cap=args.cap, time_limit=args.time_limit,
                         threads=args.threads,
                         configuration=args.configuration or puzzle.spec.configuration)


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    if args.list:
        list_puzzles(out)
        return EXIT_SOLVED
    if args.command is None or (args.command != GENERATE and args.input is None):
        raise UserError("usage: solve-asp PUZZLE INPUT [options]; solve-asp --list shows puzzles")
    if args.command == GENERATE:
        return generate(args, out, err)
    puzzle = registry()[args.command]
    if args.hint and puzzle.spec.refuses_hint:
        raise UserError(f"--hint does not apply: {puzzle.spec.refuses_hint}")
    if args.explain and puzzle.spec.refuses_explain:
        raise UserError(f"--explain does not apply: {puzzle.spec.refuses_explain}")
    if args.step and not args.hint:
        raise UserError("--step goes with --hint")
    text, source = read_input(puzzle, args.input)
    values = option_values(puzzle, args)
    instance = puzzle.configure(puzzle.parse(text, source), values)
    if getattr(args, "to", None):
        out.file.write(puzzle.writer(args.to)(instance, list(instance.clues)))
        return EXIT_SOLVED
    if args.facts:
        named = escape.lp_comment(escape.name(source))  # no character of it ends the comment
        out.file.write(f"% {puzzle.name} facts from {named}; "
                       f"run: clingo asp/{puzzle.name}.lp <this file>\n"
                       f"% structure\n{facts_text(instance.structure)}"
                       f"% clues\n{facts_text(instance.clues)}")
        return EXIT_SOLVED
    encoding = args.encoding or puzzle.encoding
    puzzle.check_size(instance, args.max_size, args.force)
    models = args.models if args.models is not None else puzzle.default_models(values)
    try:
        return respond(puzzle, instance, encoding, args, models, out, err)
    except AnswerShapeError as error:  # an edited encoding shows atoms of another shape
        raise EncodingError(str(encoding), "its answers do not fit the puzzle's drawing",
                            [f"{error} (keep the #show lines of asp/{puzzle.name}.lp)"]) from None


def respond(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
            models: int | None, out: Console, err: Console) -> int:
    """Solve (or explain, or hint) and show the outcome; returns the exit code."""
    if args.explain:
        return explain(puzzle, instance, encoding, args, models, out, err)
    if args.hint:
        return hint(puzzle, instance, encoding, args, out, err)
    limits = limits_for(args, puzzle, models)
    with progress_shown(err, not args.json, "solving", "found") as progress:
        result = runner.solve(encoding, instance.facts, limits, progress)
    for message in result.messages:
        for line in f"clingo: {message}".splitlines():
            err.print(Text(escape.terminal(line), style="dim"))
    if args.encoding and result.answers and puzzle.draws_nothing(instance, result.answers[0]):
        err.print(Text(f"solve-asp: note: the answer of {escape.name(str(args.encoding))} holds "
                       f"none of the atoms the drawing reads (compare its #show lines with "
                       f"asp/{puzzle.name}.lp)"))
    shown = 1 if models is None and not args.count else len(result.answers)
    if args.count:
        shown = 0
    data = envelope(puzzle, instance, result, shown)
    if args.json:
        out.file.write(json.dumps(data) + "\n")
    else:
        closest = puzzle.assess(instance, result.answers)
        out.print(Text(f"{puzzle.name} · {escape.name(instance.source)}", style="bold"),
              soft_wrap=True)
        for index, answer in enumerate(result.answers[:shown], start=1):
            if shown > 1:
                out.print(Text(f"Solution {index}", style="bold"))
            out.print(puzzle.render(instance, answer))
        out.print(summary_line(result, data, counting=args.count, models=models, cap=args.cap,
                               closest_summary=closest.summary if closest else None))
        if args.stats:
            out.print(stats_table(result.stats))
    return STATUS_EXIT[data["status"]]


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


def reasoning_limits(args: argparse.Namespace, puzzle: Puzzle) -> runner.Limits:
    """The clingo settings of the questions about clues (their time is a deadline)."""
    return runner.Limits(threads=args.threads,
                         configuration=args.configuration or puzzle.spec.configuration)


def explain(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
            models: int | None, out: Console, err: Console) -> int:
    """Solve; if there is no solution, a minimal set of the author's clues that cannot
    hold together (JSON: the envelope with `conflict`)."""
    deadline = deadline_of(args)
    with progress_shown(err, not args.json, "solving", "found") as progress:
        result = runner.solve(encoding, instance.facts, limits_for(args, puzzle, models),
                              progress)
    data = envelope(puzzle, instance, result, shown=1)
    conflict = None
    if result.status == runner.UNSOLVABLE:
        with progress_shown(err, not args.json, "explaining", "searches") as progress:
            conflict = reasoning.minimal_conflict(reasoning.ClueProgram(
                encoding, instance.structure, instance.clues, deadline,
                limits=reasoning_limits(args, puzzle), progress=progress))
        data["conflict"] = [puzzle.clue_json(instance, clue) for clue in conflict or []]
    if args.json:
        out.file.write(json.dumps(data) + "\n")
        return STATUS_EXIT[data["status"]]
    out.print(Text(f"{puzzle.name} · {escape.name(instance.source)}", style="bold"),
              soft_wrap=True)
    if result.status != runner.UNSOLVABLE:
        consistent = "The clues are consistent: the puzzle has a solution, nothing to explain."
        if data["status"] != runner.SOLVED:  # stopped, or an optimum that is no solution
            closest = puzzle.assess(instance, result.answers)
            consistent = summary_line(result, data, counting=args.count, models=models,
                                      cap=args.cap,
                                      closest_summary=closest.summary if closest else None).plain
        out.print(Text(consistent, style="bold green" * (data["status"] == runner.SOLVED)))
    elif not conflict:
        out.print(Text("No solution even without any clue: the rules cannot be satisfied "
                       "for this size.", style="bold red"))
    else:
        if puzzle.spec.render_conflict is not None:
            out.print(puzzle.spec.render_conflict(instance, conflict))
        out.print(Text(f"No solution: {conflict_sentence(puzzle, instance, conflict)}",
                       style="bold red"))
    return STATUS_EXIT[data["status"]]


def hint(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
         out: Console, err: Console) -> int:
    """The values forced by the clues: in every solution, or (--step) by propagation."""
    started = time.perf_counter()
    with progress_shown(err, not args.json, "finding what is forced", "searches") as progress:
        found = reasoning.hints(encoding, instance.structure, instance.clues, step=args.step,
                                deadline=deadline_of(args),
                                limits=reasoning_limits(args, puzzle), progress=progress)
    answer = None
    forced = open_values = 0
    if found.forced is not None and found.solution is not None:
        answer = Answer(found.forced)
        # Values are the cells of the JSON solution; a clue given(...) fixes one of them.
        given = sum(clue.name == "given" for clue in instance.clues)
        forced = known_values(puzzle.solution_json(instance, answer)) - given
        open_values = known_values(puzzle.solution_json(instance, found.solution)) - given
    how = "by propagation alone" if args.step else "in every solution"
    if args.json:
        # The envelope, with the forced values instead of a solution: a hint shows none.
        data = hint_envelope(puzzle, instance, answer, step=args.step,
                             counts=(forced, open_values),
                             time_s=time.perf_counter() - started)
        out.file.write(json.dumps(data) + "\n")
        return STATUS_EXIT[data["status"]]
    out.print(Text(f"{puzzle.name} · {escape.name(instance.source)}", style="bold"),
              soft_wrap=True)
    if answer is None:
        out.print(Text("No solution: nothing is forced (--explain shows why).", style="bold red"))
        return EXIT_UNSOLVABLE
    out.print(puzzle.render(instance, answer))
    out.print(Text(f"Forced {how}: {forced} of the {open_values} values not given.",
                   style="bold"))
    if not args.step and forced == open_values:
        out.print(Text("The solution is unique, so everything is forced; --hint --step shows "
                       "what follows without a guess.", style="dim"))
    return EXIT_SOLVED


def generate(args: argparse.Namespace, out: Console, err: Console) -> int:
    """`solve-asp generate PUZZLE [--size S] [--seed N]`: a new puzzle with one solution."""
    puzzle = registry()[args.puzzle]
    spec = puzzle.spec
    assert spec.blank and spec.clues_of and spec.write  # the parser offers only these
    to = args.to or next(iter(puzzle.writers))
    write = puzzle.writer(to)
    seed = args.seed if args.seed is not None else random.randrange(2**20)
    if seed >= 2**31:
        raise UserError(f"--seed must be below {2**31}")
    blank = spec.blank(args.size)
    puzzle.check_size(blank, args.max_size, args.force)
    clues_of = spec.clues_of
    started = time.perf_counter()
    with progress_shown(err, True, "generating", "searches") as progress:
        made = reasoning.generate(args.encoding or puzzle.encoding, blank.structure,
                                  lambda answer: clues_of(blank, answer), seed,
                                  minimise=not args.keep_all, deadline=deadline_of(args),
                                  limits=reasoning_limits(args, puzzle), progress=progress)
    elapsed = time.perf_counter() - started
    if made is None:
        err.print(Text(f"solve-asp: no puzzle with a unique solution found for seed {seed} "
                       f"(try another seed or size)", style="bold red"))
        return EXIT_UNSOLVABLE
    clues = set(made.clues)
    if to in spec.complete_formats:  # a format that states every clue the solution implies
        clues |= set(clues_of(blank, made.solution))
    out.file.write(write(blank, sorted(clues)))
    err.print(Text(f"{puzzle.name}: {len(made.clues)} clues, unique solution, seed {seed}, "
                   f"{made.checks} uniqueness checks, {elapsed:.2f} s", style="dim"))
    return EXIT_SOLVED


def deadline_of(args: argparse.Namespace) -> float | None:
    """When --time-limit runs out, on the clock of `time.perf_counter`."""
    return None if args.time_limit is None else time.perf_counter() + args.time_limit


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named first on the command line (a puzzle, `generate`), if any."""
    if not argv or argv[0].startswith("-"):
        return None
    if argv[0] not in (GENERATE, STUDIO) and argv[0] not in registry():
        raise UserError(f"unknown puzzle {argv[0]!r}; known: {', '.join(registry())}")
    return argv[0]


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    out, err = _Console(), _Console(stderr=True, soft_wrap=True)  # messages stay one line
    try:
        if argv[:1] == [STUDIO]:  # a web server with its own options and libraries
            from .studio import main as studio
            code = studio(argv[1:])
        else:
            code = run(build_parser(command_of(argv)).parse_args(argv), out, err)
    except EncodingError as error:
        err.print(Text(escape.terminal(f"solve-asp: {error}"), style="bold red"))
        for message in error.messages[1:] if error.messages else []:
            for line in message.splitlines():  # clingo's lines, each shown safely
                err.print(Text(escape.terminal(line), style="red"))
        code = error.exit_code
    except UserError as error:
        err.print(Text(escape.terminal(f"solve-asp: {error}"), style="bold red"))
        code = error.exit_code
    except BrokenPipeError:  # e.g. `solve-asp ... | head`: the reader left, nothing to report
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = EXIT_SOLVED
    except runner.Abandoned as stop:  # --explain, --hint or generate did not finish
        why = "time limit reached" if stop.status == runner.TIMEOUT else "interrupted"
        err.print(Text(f"solve-asp: stopped ({why}) before an answer was reached",
                       style="bold yellow"))
        code = STATUS_EXIT[stop.status]
    except KeyboardInterrupt:  # Ctrl-C outside the search (e.g. while grounding)
        err.print(Text("solve-asp: interrupted", style="bold red"))
        code = EXIT_INTERRUPTED
    return code


def run_command() -> None:
    """The `solve-asp` entry point: `main`, then exit, even past an abandoned grounding."""
    code = main()
    if runner.grounding_in_progress():  # clingo cannot stop its grounder: leave it behind
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)

