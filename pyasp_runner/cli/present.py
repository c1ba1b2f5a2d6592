"""What the command line shows: one-line messages, the heading and the drawing of an
answer, the summary line and the statistics table, SVG pictures, a spinner on a
terminal, the version line, the list of puzzles and of a puzzle's examples; the exit
code of a status; and the writing of answers within the time limit (`written`,
`stopped_while_writing`).

A run imports what its path uses, inside the functions: `--list` neither clingo nor
rich's console, `--version` clingo alone (no puzzle, no parser), `--json` no rich; only
a drawing imports rich.text, rich.table.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import escape, output, puzzles
from ..errors import STATUS_EXIT, ExitCode
from .options import EXAMPLE_PREFIX, Searching, deadline_of

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from .. import runner
    from ..board import Board
    from ..puzzle import Answer, Instance
    from ..puzzles import Puzzle
    from ..session import Loaded

def list_examples(puzzle: Puzzle, out: Console) -> ExitCode:
    from rich.table import Table

    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("example")
    table.add_column("solve it with")
    for name in puzzle.examples():
        table.add_row(name, f"solve-asp {puzzle.name} {EXAMPLE_PREFIX}{name}")
    out.print(table)
    return ExitCode.SOLVED


def write_svg(options: Searching, out: Console, err: Console, title: str,
              boards: Sequence[Board], captions: Sequence[str] = ()) -> None:
    """The boards as one SVG document (each under its caption) in --svg's file or stdout."""
    from rich.text import Text

    from ..board.svg import svg  # only when a picture is asked for

    if not boards:
        err.print(Text("solve-asp: no picture written: there is no answer to draw",
                       style="yellow"))
        return
    document = svg(boards, title, captions)
    path = options.svg or "-"
    if path == "-":
        out.file.write(document)
        return
    try:
        Path(path).write_text(document, encoding="ascii")
    except OSError as error:
        raise output.FileNotWritten(f"cannot write the picture to {escape.name(path)}: "
                                    f"{error.strerror}") from None


def say(console: Console, line: str, style: str) -> None:
    """One line in a style, its text shown as it is (no rich markup read from it)."""
    from rich.text import Text

    console.print(Text(line, style=style))


def heading(console: Console, puzzle: Puzzle, instance: Instance[Any]) -> Text:
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


def text_out(options: Searching, out: Console, err: Console) -> Console:
    """Where the text goes: stdout, or stderr when the picture takes stdout (--svg -)."""
    return err if getattr(options, "svg", None) == "-" else out


def version_text() -> str:
    """`solve-asp --version`'s line: the package's version and clingo's."""
    import clingo

    from .. import __version__
    return f"solve-asp {__version__} (clingo {clingo.__version__})"


def list_puzzles(console: Console) -> None:
    """Each puzzle and its summary, in two columns, the summaries wrapped to the terminal's
    width. Plain text: neither clingo nor a puzzle module nor rich's console is imported."""
    import shutil
    import textwrap

    def summary(name: str) -> str:  # from the source, else from the imported module
        read = puzzles.summary_from_source(name)
        if read is None:
            from ..puzzles import Puzzle

            read = Puzzle(name).summary
        return read

    rows = [("puzzle", "what it is"), *((name, summary(name)) for name in puzzles.names())]
    indent = " " * (max(len(name) for name, _ in rows) + 2)
    width = max(len(indent) + 20, shutil.get_terminal_size().columns - 1)
    for name, what in rows:
        console.file.write(textwrap.fill(what, width, initial_indent=name.ljust(len(indent)),
                                         subsequent_indent=indent) + "\n")


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

    from .. import runner

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

    from ..session.record import STATS_HELP

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

    from ..session.loading import extra_atoms

    out.print(loaded.puzzle.render(loaded.instance, answer, legend))
    extra = extra_atoms(loaded, answer)
    if extra:
        out.print(Text("Also shown: " + " ".join(escape.terminal(atom) for atom in extra)),
                  soft_wrap=True)


def written(items: Any, options: Searching) -> tuple[list[Any], str | None]:
    """Take `items` (each one written or converted as it is taken) until the time limit
    passes or a signal arrives: what was taken, and why it stopped (None: all taken)."""
    from .. import runner

    deadline = deadline_of(options)
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
                          options: Searching, writing: float) -> runner.Result:
    """The result with the whole run's time and the output's in its statistics, and the
    status of a stop (time limit, signal) that came while the answers were written.
    The count stays what the search found (`complete` says whether it was exhausted)."""
    from .. import runner

    now = time.perf_counter()
    stats = {**result.stats, "time_s": round(now - options.started, 4),
             "output_s": round(now - writing, 4)}
    status = stopped if stopped and result.status not in (runner.TIMEOUT, runner.INTERRUPTED) \
        else result.status
    return result._replace(status=status, stats=stats)


def exit_code(status: str) -> ExitCode:
    """The exit code of a run's status; SIGTERM's own for a run it stopped."""
    if status == "interrupted":  # runner.INTERRUPTED
        return output.interrupted_code()
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
