"""The `solve-asp` command line: the only place that prints or exits.

Exit codes:
    0  solved (at least one solution; for countdown also the closest value)
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
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from . import escape, reasoning
from . import solve as runner
from .errors import AnswerShapeError, EncodingError, InputError, UserError
from .numerals import is_digits
from .puzzle import Answer, Instance, Puzzle, facts_text, registry

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

STATS_HELP = {
    "time_s": "whole run, seconds",
    "ground_s": "grounding: rules instantiated for these facts",
    "solve_s": "search, including the uniqueness or optimality proof",
    "choices": "decisions: atoms the solver guessed",
    "conflicts": "guesses that led to a contradiction and were learned from",
    "rules": "ground rules after instantiation",
    "atoms": "ground atoms",
}


class _Console(Console):
    def on_broken_pipe(self) -> None:  # rich would exit 1; the reader left, that is all
        raise BrokenPipeError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line and exit 2, like every other bad input
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser(puzzle: Puzzle | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="solve-asp",
        description="Solve a puzzle with its answer-set program (asp/<puzzle>.lp) and clingo.",
        epilog="Exit codes: 0 solved, 1 no solution, 2 bad input, 3 bad encoding, "
        "4 time limit reached, 130 interrupted.",
    )
    parser.add_argument("puzzle", nargs="?", help="puzzle name (see --list)")
    parser.add_argument("input", nargs="?",
                        help="puzzle file, - for standard input, or the puzzle text itself")
    parser.add_argument("--list", action="store_true", help="list the puzzles and stop")
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
    parser.add_argument("--encoding", type=Path, metavar="FILE",
                        help="solve with this encoding instead of asp/<puzzle>.lp")
    parser.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                        help="stop the search after this long (grounding is not interrupted)")
    parser.add_argument("--threads", type=_positive_int, default=1, metavar="N",
                        help="clingo's parallel solver threads")
    parser.add_argument("--configuration", metavar="NAME",
                        choices=["auto", "frumpy", "jumpy", "tweety", "handy", "crafty",
                                 "trendy", "many"],
                        help="clingo's search preset (e.g. trendy, crafty)")
    parser.add_argument("--trace", metavar="FILE",
                        help="record clingo's search (decisions, propagation per level, jumps "
                        "back, answers) as one JSON line per event in FILE (- for stdout)")
    add_size_options(parser)
    clues = parser.add_argument_group("reasoning about the clues")
    clues.add_argument("--explain", action="store_true",
                           help="if there is no solution, show a minimal set of clues "
                           "that cannot hold together")
    clues.add_argument("--hint", action="store_true",
                           help="show the cells forced by the clues (the same in every solution)")
    clues.add_argument("--step", action="store_true",
                           help="with --hint: only what follows by propagation, without a guess")
    add_options = getattr(puzzle.module, "add_options", None) if puzzle else None
    if add_options:
        add_options(parser.add_argument_group(f"{puzzle.name} options"))
    return parser


def add_size_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-size", type=_positive_int, metavar="N",
                        help="refuse larger instances (default: the puzzle's own limit)")
    parser.add_argument("--force", action="store_true",
                        help="solve however large the instance is")


def named_puzzle(argv: Sequence[str]) -> Puzzle | None:
    """The puzzle named on the command line, so that its own options can be offered."""
    puzzles = registry()
    return next((puzzles[word] for word in argv if word in puzzles), None)


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
    inline = getattr(puzzle.module, "INLINE", False)
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


def limits_for(args: argparse.Namespace, puzzle: Puzzle) -> runner.Limits:
    if args.count:
        models, keep = 0, 1
    elif args.models is None:
        models, keep = puzzle.default_models, max(puzzle.default_models, 1)
    else:
        models, keep = args.models, None
    if models == 0 and keep is None:
        keep = args.cap or None
    return runner.Limits(models=models, keep=keep, cap=args.cap, time_limit=args.time_limit,
                         threads=args.threads,
                         configuration=args.configuration or puzzle.configuration)


def envelope(puzzle: Puzzle, instance: Instance, result: runner.Result,
             shown: int) -> dict[str, Any]:
    closest = puzzle.assess(instance, result.answers)
    solutions = [puzzle.solution_json(instance, a) for a in result.answers[:shown]]
    data: dict[str, Any] = {
        "puzzle": puzzle.name,
        "status": result.status,
        "solutions": solutions,
        "count": result.count,
        "complete": result.complete,
        "unique": result.unique,
    }
    if closest is not None:
        if result.status == runner.SOLVED:
            data["status"] = closest.status
        data["unique"] = None
        if not closest.in_solutions:
            data["solutions"] = []
        data["closest"] = {**closest.extra, "solutions": solutions}
    if result.optimising:
        data["optimal"] = result.optimal
    if result.capped:
        data["capped"] = True
    data["stats"] = result.stats
    return data


def summary_line(result: runner.Result, data: dict[str, Any], args: argparse.Namespace,
                 closest_summary: str | None) -> Text:
    count = result.count
    more = "" if result.complete else "at least "
    if result.status in (runner.TIMEOUT, runner.INTERRUPTED):
        why = "time limit reached" if result.status == runner.TIMEOUT else "interrupted"
        found = f"{count} solution{'s' * (count != 1)} found so far" if count else "nothing found"
        if not result.grounded:
            found = "still grounding (the rules were being instantiated), nothing found"
        if result.optimising and count and not result.optimal:
            found = "best answer so far shown, not proven optimal"
        return Text(f"Stopped ({why}) after {result.stats['time_s']:.1f} s: {found}.",
                    style="bold yellow")
    if closest_summary:
        return Text(closest_summary, style="bold")
    if result.status == runner.UNSOLVABLE:
        return Text("No solution: the clues contradict the rules.", style="bold red")
    if args.count:
        capped = f" (stopped at the cap of {args.cap:,}; --cap 0 counts all)" * result.capped
        return Text(f"{more}{count:,} solution{'s' * (count != 1)}{capped}.", style="bold")
    solution = "best answer" if result.optimising else "solution"
    if data["unique"]:
        return Text(f"Solved. The {solution} is unique.", style="bold green")
    if count >= 2 and args.models is None:
        return Text(f"Solved. Not unique: there is more than one {solution} "
                    "(-n 0 lists them, --count counts them).", style="bold yellow")
    if result.capped:
        return Text(f"{count:,} solutions shown; stopped at the cap (--cap N to raise it).",
                    style="bold yellow")
    if result.complete:
        return Text(f"{count} solutions, all shown.", style="bold")
    return Text(f"{count} solution{'s' * (count != 1)} shown; there may be more.", style="bold")


def stats_table(stats: dict[str, float]) -> Table:
    table = Table(title="clingo statistics", box=None, title_justify="left")
    table.add_column("counter")
    table.add_column("value", justify="right")
    table.add_column("meaning", style="dim")
    for key, value in stats.items():
        shown = f"{value:.3f}" if isinstance(value, float) else f"{value:,}"
        table.add_row(key, shown, STATS_HELP.get(key, ""))
    return table


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    puzzles = registry()
    if args.list:
        list_puzzles(out)
        return EXIT_SOLVED
    if args.puzzle is None or args.input is None:
        raise UserError("usage: solve-asp PUZZLE INPUT [options]; solve-asp --list shows puzzles")
    if args.puzzle not in puzzles:
        raise UserError(f"unknown puzzle {args.puzzle!r}; known: {', '.join(puzzles)}")
    puzzle = puzzles[args.puzzle]
    text, source = read_input(puzzle, args.input)
    instance = puzzle.configure(puzzle.parse(text, source), args)
    if args.facts:
        named = escape.lp_comment(escape.name(source))  # no character of it ends the comment
        out.file.write(f"% {puzzle.name} facts from {named}; "
                       f"run: clingo asp/{puzzle.name}.lp <this file>\n"
                       f"% structure\n{facts_text(instance.structure)}"
                       f"% clues\n{facts_text(instance.clues)}")
        return EXIT_SOLVED
    encoding = args.encoding or puzzle.encoding
    if args.step and not args.hint:
        raise UserError("--step goes with --hint")
    check_size(puzzle, instance, args)
    try:
        return respond(puzzle, instance, encoding, args, out, err)
    except AnswerShapeError as error:  # an edited encoding shows atoms of another shape
        raise EncodingError(str(encoding), "its answers do not fit the puzzle's drawing",
                            [f"{error} (keep the #show lines of asp/{puzzle.name}.lp)"]) from None


def respond(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
           out: Console, err: Console) -> int:
    """Solve (or explain, or hint) and show the outcome; returns the exit code."""
    if args.explain:
        return explain(puzzle, instance, encoding, args, out)
    if args.hint:
        return hint(puzzle, instance, encoding, args, out)
    if args.trace:
        return trace(puzzle, instance, encoding, args, out, err)
    limits = limits_for(args, puzzle)
    show_progress = err.is_terminal and not args.json
    spinner = err.status("grounding…", spinner="dots") if show_progress else nullcontext()
    with spinner as status:
        def progress(elapsed: float, models: int) -> None:
            if status is not None:
                status.update(f"solving… {elapsed:.1f} s, {models:,} found (Ctrl-C stops)")
        result = runner.solve(encoding, instance.facts, limits, progress)
    for message in result.messages:
        for line in f"clingo: {message}".splitlines():
            err.print(Text(escape.terminal(line), style="dim"))
    if args.encoding and result.answers and puzzle.draws_nothing(instance, result.answers[0]):
        err.print(Text(f"solve-asp: note: the answer of {escape.name(str(args.encoding))} holds "
                       f"none of the atoms the drawing reads (compare its #show lines with "
                       f"asp/{puzzle.name}.lp)"))
    shown = 1 if args.models is None and not args.count else len(result.answers)
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
        out.print(summary_line(result, data, args, closest.summary if closest else None))
        if args.stats:
            out.print(stats_table(result.stats))
    return STATUS_EXIT[data["status"]]


def trace(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
          out: Console, err: Console) -> int:
    """Solve as usual (one thread), writing clingo's search to the --trace file."""
    from .trace import record  # only a traced run pays for the recorder
    recorded = record(encoding, instance.facts, limits_for(args, puzzle), puzzle.name,
                      instance.source, deadline=deadline_of(args))
    text = recorded.jsonl()
    if args.trace == "-":
        out.file.write(text)
    else:
        try:
            Path(args.trace).write_text(text, encoding="utf-8")
        except OSError as error:
            raise UserError(f"{args.trace}: cannot be written: {error.strerror}") from None
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


def explain(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
            out: Console) -> int:
    """Solve; if there is no solution, a minimal set of the author's clues that cannot
    hold together (JSON: the envelope with `conflict`)."""
    deadline = deadline_of(args)
    result = runner.solve(encoding, instance.facts, limits_for(args, puzzle))
    data = envelope(puzzle, instance, result, shown=1)
    conflict = None
    if result.status == runner.UNSOLVABLE:
        conflict = reasoning.minimal_conflict(reasoning.ClueProgram(
            encoding, instance.structure, instance.clues, deadline))
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
            consistent = summary_line(result, data, args, closest and closest.summary).plain
        out.print(Text(consistent, style="bold green" * (data["status"] == runner.SOLVED)))
    elif not conflict:
        out.print(Text("No solution even without any clue: the rules cannot be satisfied "
                       "for this size.", style="bold red"))
    else:
        draw = getattr(puzzle.module, "render_conflict", None)
        if draw:
            out.print(draw(instance, conflict))
        described = [puzzle.describe_clue(instance, clue) for clue in conflict]
        if len(described) == 1:
            line = f"{described[0]} alone cannot hold."
        else:
            both = "both" if len(described) == 2 else "all"
            line = (f"{'; '.join(described[:-1])} and {described[-1]} cannot {both} hold "
                    f"together; without any one of them the rest can.")
        out.print(Text(f"No solution: {line}", style="bold red"))
    return STATUS_EXIT[data["status"]]


def hint(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
         out: Console) -> int:
    """The values forced by the clues: in every solution, or (--step) by propagation."""
    started = time.perf_counter()
    found = reasoning.hints(encoding, instance.structure, instance.clues, step=args.step,
                            deadline=deadline_of(args))
    if found.forced is None or found.solution is None:
        status, answer = runner.UNSOLVABLE, None
        forced = open_values = 0
    else:
        status, answer = runner.SOLVED, Answer(found.forced)
        # Values are the cells of the JSON solution; a clue given(...) fixes one of them.
        given = sum(clue.name == "given" for clue in instance.clues)
        forced = known_values(puzzle.solution_json(instance, answer)) - given
        open_values = known_values(puzzle.solution_json(instance, found.solution)) - given
    how = "by propagation alone" if args.step else "in every solution"
    if args.json:
        # The envelope, with the forced values instead of a solution: a hint shows none.
        data: dict[str, Any] = {
            "puzzle": puzzle.name, "status": status, "solutions": [],
            "count": int(answer is not None), "complete": answer is None, "unique": None,
            "hint": None, "stats": {"time_s": round(time.perf_counter() - started, 4)}}
        if answer is not None:
            data["hint"] = {"mode": "propagation" if args.step else "cautious",
                            "forced": forced, "open": open_values,
                            "solution": puzzle.solution_json(instance, answer)}
        out.file.write(json.dumps(data) + "\n")
        return STATUS_EXIT[status]
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


def known_values(solution: Any) -> int:
    """The values a (possibly partial) JSON solution knows: numbers, and characters of
    string rows; unknown ones are null, or `?` in a string row."""
    if isinstance(solution, dict):
        return sum(known_values(value) for value in solution.values())
    if isinstance(solution, list):
        return sum(known_values(value) for value in solution)
    if isinstance(solution, str):
        return sum(char != "?" for char in solution)
    return int(solution is not None)


def generate(argv: Sequence[str], out: Console, err: Console) -> int:
    """`solve-asp generate PUZZLE [--size S] [--seed N]`: a new puzzle with one solution."""
    parser = _Parser(prog="solve-asp generate",
                     description="Make a puzzle with exactly one solution and minimal clues, "
                     "printed in the puzzle's own input format.")
    generators = [name for name, p in registry().items() if p.can_generate]
    parser.add_argument("puzzle", choices=generators, help="the puzzle to make")
    parser.add_argument("--size", metavar="SIZE", help="board size, e.g. 7x7 or 5")
    parser.add_argument("--seed", type=_natural, metavar="N",
                        help="random seed (the same seed gives the same puzzle)")
    parser.add_argument("--keep-all", action="store_true",
                        help="keep every clue of the random solution (no minimising)")
    parser.add_argument("--encoding", type=Path, metavar="FILE",
                        help="generate with this encoding instead of asp/<puzzle>.lp")
    parser.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                        help="give up after this long")
    add_size_options(parser)
    args = parser.parse_args(argv)
    puzzle = registry()[args.puzzle]
    seed = args.seed if args.seed is not None else random.randrange(2**20)
    if seed >= 2**31:
        raise UserError(f"--seed must be below {2**31}")
    blank = puzzle.module.blank(args.size)
    check_size(puzzle, blank, args)
    started = time.perf_counter()
    made = reasoning.generate(args.encoding or puzzle.encoding, blank.structure,
                              lambda answer: puzzle.module.clues_of(blank, answer), seed,
                              minimise=not args.keep_all, deadline=deadline_of(args))
    elapsed = time.perf_counter() - started
    if made is None:
        err.print(Text(f"solve-asp: no puzzle with a unique solution found for seed {seed} "
                       f"(try another seed or size)", style="bold red"))
        return EXIT_UNSOLVABLE
    out.file.write(puzzle.module.write(blank, list(made.clues)))
    err.print(Text(f"{puzzle.name}: {len(made.clues)} clues, unique solution, seed {seed}, "
                   f"{made.checks} uniqueness checks, {elapsed:.2f} s", style="dim"))
    return EXIT_SOLVED


def deadline_of(args: argparse.Namespace) -> float | None:
    """When --time-limit runs out, on the clock of `time.perf_counter`."""
    return None if args.time_limit is None else time.perf_counter() + args.time_limit


def check_size(puzzle: Puzzle, instance: Instance, args: argparse.Namespace) -> None:
    """Refuse, before grounding, an instance larger than the puzzle's MAX_SIZE says is sane."""
    measure = getattr(puzzle.module, "size", None)
    limit = args.max_size or getattr(puzzle.module, "MAX_SIZE", None)
    if args.force or measure is None or limit is None:
        return
    size, unit = measure(instance)
    if size > limit:
        raise InputError(instance.source, f"{size:,} {unit} is above the limit of {limit:,} "
                         f"for {puzzle.name} (grounding would take too long or too much "
                         f"memory); --max-size N raises it, --force lifts it")


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    out, err = _Console(), _Console(stderr=True, soft_wrap=True)  # messages stay one line
    try:
        if argv[:1] == ["generate"]:
            code = generate(argv[1:], out, err)
        elif argv[:1] == ["studio"]:  # a web server: its libraries are imported only here
            from .studio import main as studio
            code = studio(argv[1:])
        else:
            code = run(build_parser(named_puzzle(argv)).parse_args(argv), out, err)
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

