"""`solve-asp generate PUZZLE`: a new puzzle with one solution, made by the session
(`session.making`) and printed in the puzzle's own format (or drawn, --svg); with
--count, --grade, --jobs, --out or --json-lines a collection of them (`generating.py`),
with a progress bar on a terminal."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import escape, inputs, output
from ..errors import ExitCode, Stopped, UserError
from .checks import is_generated_collection
from .options import GRADES, GenerateOptions, constants_of, search_deadline
from .present import progress_shown, say, write_svg

if TYPE_CHECKING:
    from rich.console import Console

def generate(options: GenerateOptions, out: Console, err: Console) -> ExitCode:
    """`solve-asp generate PUZZLE [--size S] [--seed N]`: a new puzzle with one solution."""
    from rich.text import Text

    from ..session import Settings
    from ..session.making import generate as make
    from ..session.making import generation_note

    if options.encoding:
        inputs.check_encoding(options.encoding)
    note = generation_note(options.puzzle, options.size)
    if note is not None:
        say(err, escape.terminal(f"solve-asp: note: {note}"), "yellow")
    if is_generated_collection(options):
        return generate_collection(options, out, err)
    doing = ["generating"]  # what the spinner names, as generate goes on

    def phase(what: str) -> None:
        doing[0] = what

    settings = Settings(encoding=options.encoding, constants=constants_of(options.const),
                        clingo_args=options.clingo_arg, max_size=options.max_size,
                        force=options.force, threads=options.threads,
                        configuration=options.configuration)
    deadline = search_deadline(options)
    try:
        with progress_shown(err, True, doing, "searches") as progress:
            made = make(options.puzzle, settings, phase=phase, size=options.size,
                        seed=options.seed, minimise=not options.keep_all, to=options.to,
                        progress=progress, time_limit=None if deadline is None
                        else max(0.0, deadline - time.perf_counter()))
    except Stopped as stop:  # say how far it got: a random solution, clues dropped
        raise Stopped(stop.status, doing[0]) from None
    if made is None:
        err.print(Text(f"solve-asp: no puzzle with a unique solution found for seed {options.seed} "
                       f"(try another seed or size)", style="bold red"))
        return ExitCode.UNSOLVABLE
    for note in made.notes:
        say(err, escape.terminal(f"solve-asp: note: {note}"), "yellow")
    if options.svg:
        write_svg(options, out, err, f"{made.puzzle} · generated, seed {made.seed}",
                  [made.board()])
    if options.svg != "-":
        out.file.write(made.text)
    err.print(Text(f"{made.puzzle}: {made.clues} clues, unique solution, seed {made.seed}, "
                   f"{made.checks} uniqueness checks, {made.time_s:.2f} s, "
                   f"{grade_words(made.grade)}", style="dim"))
    return ExitCode.SOLVED


def grade_words(grade: dict[str, Any]) -> str:
    """`grade hard (40 choices, 12 conflicts)`: a grade object in words."""
    if grade.get("level") is None:
        return "no grade (not exactly one solution)"
    if grade["level"] == "easy":
        return "grade easy (propagation alone)"
    return (f"grade {grade['level']} ({grade['choices']:,} choices, "
            f"{grade['conflicts']:,} conflicts)")


def generate_collection(options: GenerateOptions, out: Console, err: Console) -> ExitCode:
    """`generate --count N [--grade LEVEL] [--jobs J] (--out DIR | --json-lines)`: N
    distinct unique puzzles, in index order, with a progress bar on a terminal."""
    from rich.text import Text

    from ..generating import Settings, Tally, collection

    if options.threads > 1:
        raise UserError("--threads: a collection's puzzles are made one thread each "
                        "(use --jobs for more processes)")
    settings = Settings(options.puzzle, size=options.size, grade=options.grade,
                        minimise=not options.keep_all, to=options.to, time_limit=options.time_limit,
                        configuration=options.configuration,
                        encoding=str(options.encoding) if options.encoding else None,
                        max_size=options.max_size, force=options.force)
    folder = Path(options.out) if options.out else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "puzzles.jsonl").write_text("", encoding="utf-8")
        except OSError as error:
            raise output.FileNotWritten(f"--out {escape.name(str(folder))}: cannot be created: "
                                        f"{error.strerror}") from None
    seed = options.seed if options.seed is not None else int(time.time()) % 2**31
    jobs = options.jobs
    if jobs is None:
        from ..batch import default_jobs
        jobs = default_jobs() if options.count > 1 else 1
    tally = Tally(options.count)
    width = len(str(options.count))
    from ..batch import Stopped as WorkersStopped

    stopped = False
    written = 0
    if jobs > 1:
        # Workers make the puzzles: a signal only sets output.stop, which the pool looks
        # at between results, so Ctrl-C never lands inside the pool's own bookkeeping.
        output.writing_begins()
    with generated_progress(err, options, tally, jobs) as (judged, phase):
        try:
            with closing(collection(settings, options.count, seed, jobs=jobs, tally=tally,
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
    what = f"{options.puzzle}: {written} of {options.count} puzzles"
    grade = f" of grade {options.grade}" if options.grade else ""
    err.print(Text(f"{what}{grade} from seed {seed}: {tally.tried} candidates, "
                   f"{tally.not_unique} without a unique puzzle, {tally.other_grade} of "
                   f"another grade, {tally.repeated} repeated, {tally.stopped} stopped; "
                   f"levels made: {levels_text(tally.levels)}",
                   style="dim" if written == options.count else "bold red"))
    if stopped:
        err.print(Text(f"solve-asp: interrupted; the {written} puzzles made so far are "
                       "written", style="bold yellow"))
        return output.interrupted_code()
    return ExitCode.SOLVED if written == options.count else ExitCode.UNSOLVABLE


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
def generated_progress(err: Console, options: GenerateOptions, tally: Any,
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
        task = bar.add_task(f"{options.puzzle} {options.grade or ''}".strip(), total=tally.wanted,
                            note="")

        def judged(counts: Any) -> None:
            bar.update(task, completed=counts.kept,
                       note=f"{counts.tried} tried · {levels_text(counts.levels)}")

        def phase(what: str) -> None:
            bar.update(task, note=f"{tally.tried} tried · #{tally.tried + 1}: {what}")
        yield judged, phase if jobs <= 1 else None
