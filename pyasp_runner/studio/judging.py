"""The studio's questions about rules, in the request's child process: a player's answer
checked (the broken rules marked on the board, their lines for the editor), and the
next deduction or every one (`why`, `steps`), each step's board drawn for the page to
play back. Each presents a session's outcome (`Session.check`, `Session.why`), as the
command's `--check`, `--hint --why` and `--steps` do.
"""

from __future__ import annotations

from typing import Any

from .. import escape
from ..board.svg import svg
from ..checking import report
from ..puzzle import Answer
from ..puzzles import GenrePuzzle
from ..session import Loaded, Outcome, Session


def check(session: Session, answer: str) -> dict[str, Any]:
    """The answer checked: the verdict, each broken rule (with the line of the rules it
    is written on, for the editor to mark), the board with their places marked."""
    outcome = session.check(answer, source="answer")
    checked = outcome.checked
    assert checked is not None
    data = outcome.envelope()
    violations = data["check"]["violations"]
    lines: dict[int, str] = {}
    for violation in violations:
        if violation["line"]:  # the line where the rule is written, once per rule
            lines.setdefault(violation["line"], f"broken: {violation['rule']}")
    return {"status": outcome.status, "summary": report.check_summary(checked),
            "violations": violations,
            "rule_lines": [{"line": line, "column": 1, "message": message}
                           for line, message in sorted(lines.items())],
            "board": svg(outcome.boards()[0], title(outcome)), "envelope": data,
            "template": template(outcome.loaded)}


def why(session: Session, steps: bool) -> dict[str, Any]:
    """The next step (`steps`: every step) in words, each with its board: what is known
    by then, the cell it fixes marked."""
    outcome = session.why(steps=steps)
    walked = outcome.walk
    assert walked is not None
    puzzle, instance = outcome.puzzle, outcome.instance
    data = outcome.envelope()
    shown = []
    known = [*walked.fixed, *walked.start]
    heading = title(outcome)
    for number, (step, said) in enumerate(zip(walked.steps, data["steps"]["steps"],
                                               strict=True), start=1):
        board = report.step_board(puzzle, instance, known, step)
        shown.append({**said, "board": svg(board, f"{heading}, step {number}")})
        known.append(step.atom)
    lines = report.walk_lines(puzzle, instance, walked, not steps)
    if steps:  # the steps are listed beside the board: the summary says how it ended
        ending = [line for line in lines if not line[:1].isdigit()]
        summary = " ".join([f"{len(shown)} step{'s' * (len(shown) != 1)}.", *ending[-1:]])
    else:
        summary = " ".join(lines)
    return {"status": outcome.status, "summary": summary, "lines": lines, "steps": shown,
            "envelope": data}


def title(outcome: Outcome) -> str:
    return f"{outcome.puzzle.name} · {escape.name(outcome.instance.source)}"


def template(loaded: Loaded) -> Any:
    """The empty answer's solution object (None for a puzzle that reads no answer): the
    shape of the grid the page fills in; a division into regions read by their clues, its
    `regions` alone (a region's number per cell); a puzzle whose answer is one field
    (an expression), that field's name as `text` (pasted, not filled in)."""
    puzzle = loaded.puzzle
    if puzzle.spec.read_answer is None:
        return None
    if puzzle.spec.text_answer is not None:
        return {"text": puzzle.spec.text_answer}
    solution = puzzle.solution_json(loaded.instance, Answer(()))
    if isinstance(puzzle, GenrePuzzle) and any(show.by_clue
                                               for show in puzzle.genre.header.shows):
        return {"regions": solution["regions"]}
    return solution
