"""What checking and explaining found, said for people and for programs: the JSON of a
broken rule or a step, a line of words for each, and the board with its places marked.

Places are cells of the puzzle's grid (`places.py`) and the author's clues (said by the
puzzle's `describe_clue`); rules by their names (`named.py`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

import clingo

from ..board import Board, Cell, Grid, Mark, Rings
from ..puzzle import Answer, Instance, to_python
from ..puzzles import Puzzle
from . import places
from .check import Checked, Violation
from .named import NamedRule
from .walk import Walk
from .why import Reason, Step


def rule_json(rule: NamedRule) -> dict[str, Any]:
    """A rule: its name and where it is written."""
    return {"rule": rule.name, "named": rule.named, "line": rule.line}


def values_json(rule: NamedRule, values: Sequence[clingo.Symbol]) -> dict[str, Any]:
    if len(values) != len(rule.variables):
        return {}
    return {name: to_python(value) for name, value in zip(rule.variables, values, strict=True)}


def violation_json(puzzle: Puzzle, instance: Instance[Any], violation: Violation) -> dict[str, Any]:
    """A broken instance: the rule, its variables' values, the cells and clues involved."""
    cells = places.cells(puzzle, instance, violation.atoms)
    return {**rule_json(violation.rule), "values": values_json(violation.rule, violation.values),
            "places": [list(cell) for cell in cells],
            "clues": [puzzle.clue_json(instance, clue) for clue in violation.clues],
            "text": violation_text(puzzle, instance, violation)}


def violation_text(puzzle: Puzzle, instance: Instance[Any], violation: Violation) -> str:
    """ "each row holds each height once (R=1, H=6): (1,1), (1,2)" """
    binding = f" ({violation.binding})" if violation.binding else ""
    cells = places.cells(puzzle, instance, violation.atoms)
    # A cell's region, where each atom is one cell's (not every region a cell may be in).
    regions = [places.region_name(puzzle, atom) for atom in violation.atoms]
    if all(regions) and len(cells) == len(regions):
        where = [region for region in regions if region]
    else:
        where = [places.cell_name(cell) for cell in cells]
    where += [puzzle.describe_clue(instance, clue) for clue in violation.clues]
    if not where and violation.atoms:
        where = [places.segment_name(puzzle, atom) or str(atom) for atom in violation.atoms]
    return f"{violation.rule.name}{binding}" + (f": {', '.join(where)}" if where else "")


def check_json(puzzle: Puzzle, instance: Instance[Any], checked: Checked) -> dict[str, Any]:
    """The `check` object of the envelope (docs/checking.md)."""
    answer = checked.answer
    return {"correct": checked.correct, "complete": answer.complete, "open": answer.open,
            "completable": checked.completable, "certain": checked.certain,
            "violations": [violation_json(puzzle, instance, v) for v in checked.violations]}


def check_summary(checked: Checked) -> str:
    """One line: the verdict."""
    broken = len(checked.violations)
    if checked.correct:
        return "Correct: the answer keeps every rule."
    if broken:
        rules = len({v.rule.number for v in checked.violations})
        what = f"{broken} broken instance{'s' * (broken != 1)} of {rules} rule{'s' * (rules != 1)}"
        reading = "" if checked.certain else \
            " (one reading of the answer: every reading breaks a rule, not always these)"
        return f"Not correct: {what}{reading}" + (_open_note(checked) or ".")
    note = _open_note(checked)
    return f"No rule broken so far{note}"


def _open_note(checked: Checked) -> str:
    answer = checked.answer
    if answer.complete:
        return ""
    cells = f"{answer.open} cell{'s' * (answer.open != 1)} open"
    if checked.completable is None:
        return f"; {cells}."
    can = "it can still be completed" if checked.completable else \
        "but no completion keeps every rule"
    return f"; {cells}; {can}."


def check_board(puzzle: Puzzle, instance: Instance[Any], checked: Checked) -> Board:
    """The player's answer drawn with the cells and clues of every broken rule marked."""
    atoms = [atom for violation in checked.violations for atom in violation.atoms]
    clues = {clue for violation in checked.violations for clue in violation.clues}
    return marked(puzzle, instance, puzzle.board(instance, checked.drawn),
                  set(places.cells(puzzle, instance, atoms)), clues)


def marked(puzzle: Puzzle, instance: Instance[Any], board: Board,
           cells: Collection[tuple[int, int]], clues: Collection[clingo.Symbol],
           mark: Mark = Mark.CONFLICT) -> Board:
    """`board` with `cells` and the author's `clues` marked (as a conflict is: in
    conflict; `mark` for the cells)."""
    layout = board.layout
    clue_layout = None
    if clues and puzzle.draws_clues:
        clue_layout = puzzle.conflict_board(instance, list(clues)).layout
    if not isinstance(layout, (Grid, Rings)):
        return board
    rows = []
    for r, row in enumerate(layout.cells, start=1):
        marked_row = []
        for c, cell in enumerate(row, start=1):
            if (r, c) in cells:
                cell = _remark(cell, mark)
            elif _clue_marked(clue_layout, r, c):
                cell = _remark(cell, Mark.CONFLICT)
            marked_row.append(cell)
        rows.append(tuple(marked_row))
    layout = layout._replace(cells=tuple(rows))
    if isinstance(layout, Grid) and isinstance(clue_layout, Grid):
        layout = layout._replace(**{side: _sides(layout.side(side), clue_layout.side(side))
                                    for side in ("top", "bottom", "left", "right")})
    return board._replace(layout=layout)


def _remark(cell: Cell, mark: Mark) -> Cell:
    return cell._replace(mark=mark) if cell.known else cell


def _clue_marked(layout: Any, r: int, c: int) -> bool:
    if not isinstance(layout, (Grid, Rings)):
        return False
    try:
        return bool(layout.cells[r - 1][c - 1].mark == Mark.CONFLICT)
    except IndexError:
        return False


def _sides(drawn: Any, clued: Any) -> Any:
    """The answer's edge clues, marked where the clue board marks them."""
    if len(drawn) != len(clued):
        return drawn
    lines = []
    for line, marks in zip(drawn, clued, strict=True):
        if len(line) == len(marks):
            line = tuple(clue._replace(mark=Mark.CONFLICT) if mark.mark == Mark.CONFLICT
                         else clue for clue, mark in zip(line, marks, strict=True))
        lines.append(line)
    return tuple(lines)


def reason_json(puzzle: Puzzle, instance: Instance[Any], reason: Reason) -> dict[str, Any]:
    return {**rule_json(reason.rule), "values": values_json(reason.rule, reason.values),
            "clues": [puzzle.clue_json(instance, clue) for clue in reason.clues],
            "text": reason_text(puzzle, instance, reason)}


def reason_text(puzzle: Puzzle, instance: Instance[Any], reason: Reason) -> str:
    binding = f" ({reason.binding})" if reason.binding else ""
    clues = [puzzle.describe_clue(instance, clue) for clue in reason.clues]
    return f"{reason.rule.name}{binding}" + (f", for {', '.join(clues)}" if clues else "")


def step_json(puzzle: Puzzle, instance: Instance[Any], step: Step, number: int | None = None
              ) -> dict[str, Any]:
    """A deduction: the cell and value it fixes, how, and the instances that force it."""
    found = places.filled(puzzle, instance, [step.atom])
    cell = next(iter(found), None)
    data: dict[str, Any] = {} if number is None else {"step": number}
    return {**data, "atom": str(step.atom), "cell": list(cell) if cell else None,
            "value": found.get(cell) if cell else None, "by": step.kind,
            "reasons": [reason_json(puzzle, instance, reason) for reason in step.reasons],
            "text": step_text(puzzle, instance, step)}


def step_text(puzzle: Puzzle, instance: Instance[Any], step: Step) -> str:
    """ "(3,4) is 5, by propagation from: each row holds each height once (R=3, H=5);
    each column ... (C=1, H=5), (C=2, H=5)": the instances grouped by rule."""
    what = places.describe(puzzle, instance, step.atom)
    how = "by propagation from" if step.kind == "propagation" else \
        "by trying the other values, under"
    grouped: dict[tuple[int, str], list[str]] = {}
    for reason in step.reasons:
        clues = [puzzle.describe_clue(instance, clue) for clue in reason.clues]
        said = f"({reason.binding})" if reason.binding else ""
        if clues:  # a clue says it better than the rule's values
            said = f"for {', '.join(clues)}"
        grouped.setdefault((reason.rule.number, reason.rule.name), []).append(said)
    reasons = "; ".join(f"{name} {', '.join(dict.fromkeys(filter(None, said)))}".strip()
                        for (_, name), said in grouped.items())
    return f"{what}, {how}: {reasons}" if reasons else f"{what}, {how} what is known"


def step_board(puzzle: Puzzle, instance: Instance[Any], known: Iterable[clingo.Symbol],
               step: Step) -> Board:
    """What is known drawn, the cell the step fixes marked forced."""
    answer = Answer(tuple(sorted({*known, step.atom, *instance.clues})))
    board = puzzle.board(instance, answer)
    cells = places.cells(puzzle, instance, [step.atom])
    board = marked(puzzle, instance, board, set(cells), (), Mark.FORCED)
    where = ", ".join(places.cell_name(cell) for cell in cells) or str(step.atom)
    return board._replace(notes=(*board.notes, f"the value this step deduces: {where}"))


def outcome_json(puzzle: Puzzle, instance: Instance[Any], checked: Checked | None,
                 walk: Walk | None, one: bool) -> dict[str, Any]:
    """The envelope's own part of a checked answer (`check`) or a walk (`steps`: one
    step with `--hint --why`)."""
    if checked is not None:
        return {"check": check_json(puzzle, instance, checked)}
    assert walk is not None
    return {"solutions": [], "steps": walk_json(puzzle, instance, walk, one)}


def walk_json(puzzle: Puzzle, instance: Instance[Any], walk: Walk, one: bool) -> dict[str, Any]:
    """The steps, the cells the clues give at the start, what is left, how it ended."""
    return {"mode": "why" if one else "steps",
            "start": [list(cell) for cell in places.cells(puzzle, instance, walk.start)],
            "steps": [step_json(puzzle, instance, step, number)
                      for number, step in enumerate(walk.steps, start=1)],
            "left": walk.left, "end": walk.status, "searches": walk.checks}


def walk_lines(puzzle: Puzzle, instance: Instance[Any], walk: Walk, one: bool) -> list[str]:
    """The walk in words: a numbered line per step, then how it ended."""
    lines = []
    if walk.start:
        lines.append(f"The clues give {len(walk.start)} value{'s' * (len(walk.start) != 1)}.")
    for number, step in enumerate(walk.steps, start=1):
        lines.append(f"{number}. {step_text(puzzle, instance, step)}" if not one
                     else step_text(puzzle, instance, step))
    ends = {"solved": "Solved." if walk.left == 0 and not one else "",
            "stopped": "",
            "stuck": "No value is forced from here: the puzzle has more than one solution.",
            "unsolvable": "No solution: nothing to explain (--explain shows why).",
            "timeout": "Stopped by the time limit.", "interrupted": "Interrupted."}
    if one and walk.status == "solved" and not walk.steps:
        lines.append("Every value is given: nothing left to deduce.")
    end = ends.get(walk.status, walk.status)
    if end:
        lines.append(end if walk.left == 0 or walk.status != "solved"
                     else f"{end} {walk.left} values left.")
    return lines


def outcome_boards(puzzle: Puzzle, instance: Instance[Any], checked: Checked | None,
                   walk: Walk | None) -> list[Board]:
    """A checked answer, marked; a walk's last board, the last step's cell marked."""
    if checked is not None:
        return [check_board(puzzle, instance, checked)]
    assert walk is not None
    if not walk.steps:
        return []
    known = [*walk.fixed, *walk.start, *(step.atom for step in walk.steps[:-1])]
    return [step_board(puzzle, instance, known, walk.steps[-1])]
