"""Several puzzles in one run on the command line (several inputs, a directory, --lines
or a collection option): each solved in a worker (`audit.py`, `batch/`), a JSON line
each (--json-lines, and --resume's file, locked for the run), a line for each puzzle
that is not simply unique, a progress bar on a terminal, then a summary. Ctrl-C and
SIGTERM end the workers and keep every line written."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from typing import IO, TYPE_CHECKING, Any

from .. import escape, inputs, output
from ..errors import ExitCode, UserError
from .checks import check_collection_combinations
from .options import SolveOptions, constants_of

if TYPE_CHECKING:
    from rich.console import Console, Group

    from ..puzzles import Puzzle

def collection_settings(options: SolveOptions, puzzle: Puzzle) -> Any:
    """How each puzzle of the collection is solved, as a worker receives it."""
    from ..audit import Settings
    from ..inputs import read_text

    encoding_text = None
    if options.encoding:
        inputs.check_encoding(options.encoding)
        if options.scheduler:  # the cluster's workers get the rules, not a file name
            encoding_text = read_text(options.encoding)
    return Settings(puzzle=puzzle.name, count=options.count, cap=options.cap,
                    time_limit=options.time_limit, threads=options.threads,
                    configuration=options.configuration, constants=constants_of(options.const),
                    encoding=str(options.encoding) if options.encoding else None,
                    encoding_text=encoding_text, options=dict(options.values),
                    clingo_args=options.clingo_arg, max_size=options.max_size,
                    force=options.force, killable=options.scheduler is None,
                    grade=bool(options.grade))


def audit_collection(options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """Solve every puzzle of a collection in workers: a JSON line each (--json-lines, and
    --resume's file), a line for each puzzle that is not unique, progress and a summary.
    Ctrl-C and SIGTERM end the workers and keep every line written."""
    from ..puzzles import registry

    check_collection_combinations(options)
    puzzle = registry()[options.puzzle]
    # --resume's file is opened first and locked: a second run resuming into it at the
    # same time is refused before it solves anything.
    sink = resume_file(options.resume) if options.resume is not None else None
    try:
        return audit_items(options, puzzle, sink, out, err)
    finally:
        if sink is not None:
            sink.close()


def audit_items(options: SolveOptions, puzzle: Puzzle, sink: IO[str] | None,
                out: Console, err: Console) -> ExitCode:
    """The collection's run (see `audit_collection`), its lines also written to `sink`."""
    from rich.text import Text

    from .. import audit, batch

    # A --resume file inside an audited directory is the run's output, not a puzzle.
    items = audit.items_of(puzzle, options.inputs, lines=options.lines,
                           leave_out=() if options.resume is None else (options.resume,))
    skipped = 0
    if options.resume is not None:
        finished = audit.already_done(options.resume)
        left = [item for item in items if item.key not in finished]
        skipped, items = len(items) - len(left), left
    if not items and not skipped:
        raise UserError(f"no puzzle found in {', '.join(map(escape.name, options.inputs))}")
    stdin_text = None
    if any(item.file == audit.STDIN and item.text is None for item in items):
        stdin_text = inputs.read_input("-", False, None)[0]
    settings = collection_settings(options, puzzle)
    jobs = options.jobs or batch.default_jobs()
    started = time.perf_counter()
    tally = audit.Tally()
    stopped = False
    output.writing_begins()  # from now on a signal sets output.stop: the loop ends cleanly
    # JSON lines on a terminal show the progress themselves (a bar would cut into them).
    bar = err.is_terminal and not (options.json_lines and out.is_terminal)
    with collection_progress(err, len(items), bar) as progress, closing(batch.run(
            audit.tasks(puzzle, items, settings, stdin_text), jobs=jobs,
            time_limit=audit.hard_limit(options.time_limit) if options.time_limit else None,
            scheduler=options.scheduler, stop=output.stop,
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
                record_line(line, options, out, sink)
                output.set_outcome(out.file, tally.worst)
                if not options.json_lines:
                    tell_line(line, item.name, say)
                if progress:
                    progress.update(progress.task_ids[0], advance=1,
                                    description=tally_text(tally.counts))
                if done.detail:  # a bug in the task: its traceback, for a report
                    err.print(Text(escape.terminal(done.detail), style="dim"))
        except batch.Stopped:
            stopped = True
    shown = err if options.json_lines else out
    if not options.json_lines or err.is_terminal:
        shown.print(collection_summary(tally, time.perf_counter() - started, jobs, options,
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


def record_line(line: dict[str, Any], options: SolveOptions, out: Console,
                sink: IO[str] | None) -> None:
    """One puzzle's JSON line: on standard output (--json-lines) and in --resume's file."""
    text = json.dumps(line) + "\n"
    if options.json_lines:
        out.file.write(text)
        out.file.flush()
    if sink is not None:
        try:
            sink.write(text)
            sink.flush()
        except OSError as error:
            raise output.FileNotWritten(f"{escape.name(options.resume or '')}: cannot be written: "
                                        f"{error.strerror}") from None


def tell_line(line: dict[str, Any], name: str, say: Callable[..., None]) -> None:
    """A line for a person, for each puzzle that is not simply unique."""
    from rich.text import Text

    from .. import audit

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
    from .. import audit

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


def collection_summary(tally: Any, seconds: float, jobs: int, options: SolveOptions,
                       skipped: int, total: int, stopped: bool) -> Group:
    """The table after a collection: how many puzzles ended how, and the slowest."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from .. import audit

    where = f"on the cluster at {options.scheduler}" if options.scheduler else f"{jobs} workers"
    done = f"{tally.done:,} of {total:,} puzzles" if stopped else f"{tally.done:,} puzzles"
    title = f"{done} in {seconds:.1f} s ({where})"
    if stopped:
        title += ", stopped: the rest were not solved"
    if skipped:
        title += f"; {skipped:,} already in {escape.name(options.resume or '')}"
    table = Table(box=None, show_header=False)
    table.add_column("outcome")
    table.add_column("puzzles", justify="right")
    for kind in audit.CATEGORIES:
        if kind in audit.ALWAYS_SHOWN or tally.counts[kind]:
            table.add_row(kind, f"{tally.counts[kind]:,}")
    for level in ("easy", "medium", "hard"):  # --grade: the unique puzzles by grade
        if options.grade:
            table.add_row(f"  graded {level}", f"{tally.grades[level]:,}")
    slowest = tally.slowest_first()
    named = Text("slowest: " if slowest else "", style="dim")
    named.append(", ".join(f"{escape.name(name)} ({seconds:.2f} s)"
                           for seconds, name in slowest))
    return Group(Text(title, style="bold"), table, named)
