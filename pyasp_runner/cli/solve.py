"""A puzzle's run on the command line (`solve-asp PUZZLE INPUT`): its text read, its
facts or another format printed (--facts, --to), or the session asked (a solve, a trace,
or one of the questions of `questions.py`) and the outcome shown: drawn on the terminal
(answers as they are found with -n), as JSON (--json, --json-lines), as SVG (--svg),
within the time limit even while writing."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from .. import escape, inputs, output
from ..errors import AnswerShapeError, EncodingError, ExitCode, InputError, UserError
from .checks import check_combinations
from .options import (
    EXAMPLE_PREFIX,
    SolveOptions,
    constants_of,
    deadline_of,
    machine_output,
    search_deadline,
)
from .present import (
    draw_answer,
    exit_code,
    heading,
    progress_shown,
    say,
    stats_table,
    stopped_while_writing,
    summary_line,
    text_out,
    write_svg,
    written,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ..facts import Answer
    from ..puzzles import Puzzle
    from ..session import Session, Settings

def settings_of(options: SolveOptions) -> Settings:
    """The session's settings from the command line."""
    from ..session import Settings

    return Settings(encoding=options.encoding, options=options.values,
                    constants=constants_of(options.const), clingo_args=options.clingo_arg,
                    max_size=options.max_size, force=options.force, models=options.models,
                    count=options.count, cap=options.cap, threads=options.threads,
                    configuration=options.configuration)


def solve(options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """One puzzle's run: its facts or another format (--facts, --to), or a question asked
    of the session (a solve, --explain, --hint, --grade, --trace) and its outcome shown."""
    from ..puzzle import facts_text
    from ..puzzles import registry

    if not options.inputs:
        raise UserError(f"usage: solve-asp {options.puzzle} INPUT [options]; "
                        f"solve-asp examples {options.puzzle} lists the shipped instances")
    puzzle = registry()[options.puzzle]
    if options.hint and puzzle.refuses_hint:
        raise UserError(f"--hint does not apply: {puzzle.refuses_hint}")
    if options.explain and puzzle.refuses_explain:
        raise UserError(f"--explain does not apply: {puzzle.refuses_explain}")
    check_combinations(options)
    text, source = read_input(puzzle, options, err)
    if options.to or options.facts:
        instance = puzzle.configure(puzzle.parse(text, source), options.values)
        if options.facts:
            named = escape.lp_comment(escape.name(source))  # no character ends the comment
            rules = escape.lp_comment(escape.name(str(options.encoding or puzzle.encoding)))
            out.file.write(f"% {puzzle.name} facts from {named}; run: python -m clingo "
                           f"{rules} <this file>\n"
                           f"% structure\n{facts_text(instance.structure)}"
                           f"% clues\n{facts_text(instance.clues)}")
        elif options.to:
            out.file.write(puzzle.writer(options.to)(instance, list(instance.clues)))
        return ExitCode.SOLVED
    if options.encoding:
        inputs.check_encoding(options.encoding)
    from ..session import Session, load

    loaded = load(puzzle.name, text, source=source, settings=settings_of(options))
    for note in loaded.notes:
        say(err, escape.terminal(f"solve-asp: note: {note}"), "yellow")
    session = Session(loaded, settings_of(options), search_deadline(options))
    try:
        return respond(session, options, out, err)
    except AnswerShapeError as error:  # an edited encoding shows atoms of another shape
        raise EncodingError(str(loaded.encoding), "its answers do not fit the puzzle's "
                            "drawing", [f"{error} (keep the #show lines of "
                                        f"asp/{puzzle.name}.lp)"]) from None


def read_input(puzzle: Puzzle, options: SolveOptions, err: Console) -> tuple[str, str]:
    """The puzzle's text and its name: a shipped example by name, or what `inputs` reads;
    a missing `instances/PUZZLE/FILE` that names a shipped example is that example, with
    a note on `err` (the README's and the docs' paths, run outside a checkout)."""
    from .. import runner

    if options.input.startswith(EXAMPLE_PREFIX):
        name = options.input[len(EXAMPLE_PREFIX):]
        shipped = puzzle.examples()
        if name not in shipped:
            raise InputError(escape.name(options.input), f"no such example of {puzzle.name} "
                             f"(solve-asp examples {puzzle.name} lists them)")
        return shipped[name].read_text(encoding="utf-8-sig"), options.input
    try:
        return inputs.read_input(options.input, puzzle.spec.inline, deadline_of(options))
    except inputs.ReadTimeout:
        raise runner.Abandoned(runner.TIMEOUT, time.perf_counter() - options.started) from None
    except inputs.MissingFile as missing:
        example = shipped_example(puzzle, options.input)
        if example is None:
            raise InputError(missing.source, f"no such file (the shipped instances: solve-asp "
                             f"examples {puzzle.name}, each solved as example:NAME)") from None
        say(err, escape.terminal(f"solve-asp: note: no file {options.input} here: it is the "
                                 f"shipped {EXAMPLE_PREFIX}{example.stem}"), "yellow")
        return example.read_text(encoding="utf-8-sig"), options.input


def shipped_example(puzzle: Puzzle, argument: str) -> Path | None:
    """The shipped example a relative path `instances/PUZZLE/FILE` names, if any."""
    parts = Path(os.path.normpath(argument)).parts
    if len(parts) != 3 or parts[:2] != ("instances", puzzle.name):
        return None
    found = puzzle.examples().get(Path(parts[2]).stem)
    return found if found is not None and found.name == parts[2] else None


def respond(session: Session, options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """Solve (or explain, or hint) and show the outcome; returns the exit code."""
    if options.check is not None or options.steps or options.why:
        from . import rules  # only a question about rules loads it

        answer = rules.check if options.check is not None else rules.walk
        return answer(session, options, out, err)
    if options.grade or options.explain or options.hint:
        from . import questions  # only a question's run loads it

        ask = (questions.grade if options.grade else questions.explain if options.explain
               else questions.hint)
        return ask(session, options, out, err)
    if options.trace:
        return trace(session, options, err, out)
    from .. import runner

    loaded = session.loaded
    models = session.models
    puzzle, instance = loaded.puzzle, loaded.instance
    title = f"{puzzle.name} · {escape.name(instance.source)}"
    # With -n the answers are shown as they are found (--json-lines: one object each).
    streaming = (options.models is not None and not options.count and not options.json
                 and not options.svg)
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
        if options.json_lines:
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

    with progress_shown(err, not machine_output(options), "solving", "found") as progress:
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
    if options.svg:
        write_svg(options, out, err, title, outcome.boards(), outcome.captions())
        out = text_out(options, out, err)
    if options.json or options.json_lines:
        pending = result.answers[:shown] if options.json else []
        solutions, stopped = written(
            (puzzle.solution_json(instance, answer) for answer in pending), options)
        outcome = outcome._replace(found=stopped_while_writing(result, stopped, options, writing))
        data = outcome.envelope(shown if options.json else 0, solutions)
        output.set_outcome(out.file, exit_code(data["status"]))
        out.file.write(json.dumps(({"type": "result"} if options.json_lines else {}) | data)
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
        pending = answers[:shown] if options.svg != "-" and not streaming else []
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
    drawn, stopped = written(boards(), options)
    if streaming and len(streamed) < min(shown, len(result.answers)) and result.status in (
            runner.TIMEOUT, runner.INTERRUPTED):  # answers found faster than drawn
        drawn, stopped = streamed, result.status
    result = stopped_while_writing(result, stopped, options, writing)
    outcome = outcome._replace(found=result)
    output.set_outcome(out.file, exit_code(outcome.status))
    summary = summary_line(result, outcome.envelope(0), counting=options.count, models=models,
                           cap=options.cap,
                           closest_summary=closest.summary if closest else None,
                           unsolvable=puzzle.spec.unsolvable,
                           verdict=puzzle.verdict(instance, result.answers))
    if stopped:  # the summary says how the search ended; the drawing stopped early
        summary.append(f" {len(drawn):,} of {min(shown, len(result.answers)):,} drawn "
                    f"before the {'time limit' if stopped == runner.TIMEOUT else 'signal'}.")
    out.print(summary)
    if options.stats:
        out.print(stats_table(result.stats))
    return exit_code(outcome.status)


def trace(session: Session, options: SolveOptions, err: Console, out: Console) -> ExitCode:
    """Solve as usual (one thread), writing clingo's search to the --trace file."""
    from rich.text import Text


    # The recording runs to --time-limit itself; its events are written at once.
    recorded = session._replace(deadline=deadline_of(options)).trace()
    text = recorded.jsonl()
    path = options.trace or "-"
    if path == "-":
        out.file.write(text)
    else:
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as error:
            raise output.FileNotWritten(f"{escape.name(path)}: cannot be written: "
                                        f"{error.strerror}") from None
    end = recorded.end
    kinds = [event["event"] for event in recorded.events]
    where = "standard output" if options.trace == "-" else options.trace
    cut = " (recording stopped at the event limit; the search went on)" * end["truncated"]
    err.print(Text(f"trace: {len(kinds)} events to {where}: {kinds.count('decide')} decisions, "
                   f"{kinds.count('propagate')} propagation steps, {kinds.count('backjump')} "
                   f"jumps back, {end['models']} answers; clingo counted {end['choices']} "
                   f"choices and {end['conflicts']} conflicts{cut}", style="dim"))
    return exit_code(end["status"])
