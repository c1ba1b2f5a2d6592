"""The questions about the clues on the command line: `--explain` (a minimal set of
clues that cannot hold together), `--hint` and `--hint --step` (the values forced), and
`--grade`; each asks the session and shows its outcome (or prints its envelope)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import escape, output
from ..errors import ExitCode
from .options import SolveOptions, machine_output
from .present import (
    draw_answer,
    exit_code,
    heading,
    progress_shown,
    summary_line,
    text_out,
    write_svg,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ..session import Session

def explain(session: Session, options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """Solve; if there is no solution, a minimal set of the author's clues that cannot
    hold together (JSON: the envelope with `conflict`)."""
    from rich.text import Text

    from .. import runner
    from ..session.record import conflict_sentence

    puzzle, instance = session.loaded.puzzle, session.loaded.instance
    with progress_shown(err, not machine_output(options), "explaining", "searches") as progress:
        explained = session.explain(progress=progress)
    data = explained.envelope()
    conflict = explained.conflict
    output.writing_begins()
    output.set_outcome(out.file, exit_code(data["status"]))
    title = f"{puzzle.name} · {escape.name(instance.source)}"
    if options.svg:
        write_svg(options, out, err, title, explained.boards())
        out = text_out(options, out, err)
    if machine_output(options):
        out.file.write(json.dumps(({"type": "result"} if options.json_lines else {}) | data)
                       + "\n")
        return exit_code(data["status"])
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    if data["status"] != runner.UNSOLVABLE:
        consistent = "The clues are consistent: the puzzle has a solution, nothing to explain."
        if data["status"] != runner.SOLVED:  # stopped, or an optimum that is no solution
            closest = explained.closest
            assert explained.found is not None
            consistent = summary_line(explained.found, data, counting=False, models=None,
                                      cap=options.cap,
                                      closest_summary=closest.summary if closest else None,
                                      unsolvable=puzzle.spec.unsolvable).plain
        out.print(Text(consistent, style="bold green" * (data["status"] == runner.SOLVED)))
    elif not conflict:
        out.print(Text(f"No solution even without any clue: {puzzle.spec.unsolvable_alone}.",
                       style="bold red"))
    else:
        if puzzle.draws_clues and options.svg != "-":
            out.print(puzzle.render_conflict(instance, conflict))
        out.print(Text(f"No solution: {conflict_sentence(puzzle, instance, conflict)}",
                       style="bold red"))
    if explained.rules:
        names = list(dict.fromkeys(rule.name for rule in explained.rules))
        out.print(Text(escape.terminal(f"The rules that make them clash: {'; '.join(names)}."),
                       style="bold"))
    return exit_code(data["status"])


def hint(session: Session, options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """The values forced by the clues: in every solution, or (--step) by propagation."""
    from rich.text import Text

    puzzle, instance = session.loaded.puzzle, session.loaded.instance
    with progress_shown(err, not machine_output(options), "finding what is forced",
                        "searches") as progress:
        hinted = session.hint(step=options.step, progress=progress)
    answer = hinted.forced
    output.writing_begins()
    output.set_outcome(out.file, exit_code(hinted.status))
    title = f"{puzzle.name} · {escape.name(instance.source)}"
    if options.svg:
        write_svg(options, out, err, title, hinted.boards())
        out = text_out(options, out, err)
    if machine_output(options):
        # The envelope, with the forced values instead of a solution: a hint shows none.
        out.file.write(json.dumps(({"type": "result"} if options.json_lines else {})
                                  | hinted.envelope()) + "\n")
        return exit_code(hinted.status)
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    if answer is None:
        out.print(Text("No solution: nothing is forced (--explain shows why).", style="bold red"))
        return ExitCode.UNSOLVABLE
    if options.svg != "-":
        out.print(puzzle.render(instance, answer))
    forced, open_values = hinted.hint_counts
    how = "by propagation alone" if options.step else "in every solution"
    out.print(Text(f"Forced {how}: {forced} of the {open_values} values not given.",
                   style="bold"))
    if not options.step and forced == open_values:
        out.print(Text("The solution is unique, so everything is forced; --hint --step shows "
                       "what follows without a guess.", style="dim"))
    return ExitCode.SOLVED


def grade(session: Session, options: SolveOptions, out: Console, err: Console) -> ExitCode:
    """Solve and grade the puzzle (JSON: the envelope with `grade`)."""
    from rich.text import Text

    puzzle, instance = session.loaded.puzzle, session.loaded.instance
    with progress_shown(err, not machine_output(options), "grading", "searches") as progress:
        graded = session.grade(progress=progress)
    data = graded.envelope()
    output.writing_begins()
    output.set_outcome(out.file, exit_code(data["status"]))
    if options.svg:
        write_svg(options, out, err, f"{puzzle.name} · {escape.name(instance.source)}",
                  graded.boards())
        out = text_out(options, out, err)
    if machine_output(options):
        out.file.write(json.dumps(({"type": "result"} if options.json_lines else {}) | data)
                       + "\n")
        return exit_code(data["status"])
    out.print(heading(out, puzzle, instance), soft_wrap=True)
    if graded.answers and options.svg != "-":
        draw_answer(session.loaded, graded.answers[0], out)
    out.print(Text(grade_sentence(data), style="bold"))
    return exit_code(data["status"])


def grade_sentence(data: dict[str, Any]) -> str:
    """The grade in a sentence, with what it was measured by (`data`: the envelope)."""
    from .. import runner

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
