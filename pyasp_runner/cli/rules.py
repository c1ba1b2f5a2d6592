"""The questions about the rules on the command line: `--check ANSWER` (a player's answer
checked, each broken rule by name with its places marked on the board) and `--hint
--why` / `--steps` (the next deduction, or all of them, with the rules and clues that
force each); each asks the session and shows its outcome (or prints its envelope)."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from .. import escape, inputs, output
from ..errors import ExitCode
from .options import SolveOptions, deadline_of, machine_output
from .present import exit_code, heading, progress_shown, say, text_out, write_svg

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ..board import Board
    from ..session import Outcome, Session


def check(session: Session, options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """The answer in --check's file checked: correct (exit 0), or each broken rule with
    its places, and the answer drawn with them marked (exit 1)."""
    from ..checking import report

    answer, source = read_answer(options)
    with progress_shown(err, not machine_output(options), "checking", "searches") as progress:
        if progress is not None:
            progress(0.0, 0)
        checked = session.check(answer, source=source)
    assert checked.checked is not None
    puzzle, instance = checked.puzzle, checked.instance
    out = begin(checked, options, out, err)
    if machine_output(options):
        return finish(checked, options, out)
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    if options.svg != "-":
        for board in checked.boards():
            out.print(terminal(board))
    style = "bold green" if checked.checked.correct else \
        "bold red" if checked.checked.violations else "bold"
    say(out, report.check_summary(checked.checked), style)
    for violation in checked.checked.violations:
        say(out, escape.terminal(f"- {report.violation_text(puzzle, instance, violation)}"),
            "")
    return exit_code(checked.status)


def walk(session: Session, options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """`--hint --why`: the next deduction in words, its board; `--steps`: every deduction,
    numbered, and the last board. A walk stopped by the time limit or Ctrl-C shows the
    steps it made."""
    from ..checking import report

    told: list[str] = ["deducing"]
    started = time.perf_counter()
    with progress_shown(err, not machine_output(options), told, "steps") as progress:
        def step_made(steps: int, left: int) -> None:
            told[0] = f"deducing ({left:,} values left)"
            if progress is not None:
                progress(time.perf_counter() - started, steps)

        walked = session.why(steps=options.steps, told=step_made)
    assert walked.walk is not None
    puzzle, instance = walked.puzzle, walked.instance
    out = begin(walked, options, out, err)
    if machine_output(options):
        return finish(walked, options, out)
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    lines = report.walk_lines(puzzle, instance, walked.walk, not options.steps)
    if options.svg != "-":
        for board in walked.boards():
            out.print(terminal(board))
    for line in lines:
        say(out, escape.terminal(line), "")
    return exit_code(walked.status)


def read_answer(options: SolveOptions) -> tuple[str, str]:
    """The text of --check's file (or standard input) and its name for messages."""
    from .. import runner

    assert options.check is not None
    try:
        return inputs.read_input(options.check, False, deadline_of(options))
    except inputs.ReadTimeout:
        raise runner.Abandoned(runner.TIMEOUT, time.perf_counter() - options.started) from None


def begin(outcome: Outcome, options: SolveOptions, out: Console, err: Console) -> Console:
    """The outcome's exit code set, its picture written (--svg); where the text goes."""
    output.writing_begins()
    output.set_outcome(out.file, exit_code(outcome.status))
    if options.svg:
        title = f"{outcome.puzzle.name} · {escape.name(outcome.instance.source)}"
        write_svg(options, out, err, title, outcome.boards())
        out = text_out(options, out, err)
    return out


def finish(outcome: Outcome, options: SolveOptions, out: Console) -> ExitCode:
    """The envelope as JSON (--json, --json-lines' one result line)."""
    out.file.write(json.dumps(({"type": "result"} if options.json_lines else {})
                              | outcome.envelope()) + "\n")
    return exit_code(outcome.status)


def terminal(board: Board) -> RenderableType:
    from ..board.terminal import terminal as drawn

    return drawn(board)
