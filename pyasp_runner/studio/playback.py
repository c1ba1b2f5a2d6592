"""Searches played back on the board: clingo's recorded search, step by step.

Each step is the board (the puzzle's own board description, drawn as SVG) after one
event of the search, with the cells that step changed: decided (the solver's guess) or
propagated (what followed from it), and whether the step jumped back after a conflict.
The page shows a step control and a slider over these steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from clingo import Symbol, parse_term

from .. import escape
from ..board import Board, Lines
from ..board.svg import svg
from ..errors import AnswerShapeError
from ..puzzle import Answer, Instance, Puzzle
from ..trace import Frame, Trace, frames

# The page shows at most this many steps of a search (the counts say how many there were).
MAX_STEPS = 300

Position = tuple[int, int]


def cell_values(board: Board) -> dict[Position, tuple[Any, ...]]:
    """What every cell shows, by the position the SVG gives it (data-row, data-col)."""
    layout = board.layout
    rows = ([row.cells for row in layout.rows] if isinstance(layout, Lines)
            else list(layout.cells))
    return {(r, c): (cell.value, cell.shape, cell.known)
            for r, row in enumerate(rows, start=1) for c, cell in enumerate(row, start=1)}


def changed(before: Board, after: Board) -> list[Position]:
    old, new = cell_values(before), cell_values(after)
    return sorted(position for position, value in new.items() if old.get(position) != value)


class Drawer:
    """Boards of partial answers for one puzzle and instance, with their cells."""

    def __init__(self, puzzle: Puzzle, instance: Instance) -> None:
        self.puzzle = puzzle
        self.instance = instance
        self.symbols: dict[str, Symbol] = {}
        self.cells: dict[str, list[Position]] = {}

    def board(self, atoms: frozenset[str] | set[str]) -> Board:
        answer = Answer(tuple(sorted(self.symbol(atom) for atom in atoms)))
        return self.puzzle.board(self.instance, answer)

    def cells_of(self, atom: str) -> list[Position]:
        """The cells an atom would show a value in (none for an atom not drawn)."""
        if atom not in self.cells:
            try:
                self.cells[atom] = changed(self.board(set()), self.board({atom}))
            except AnswerShapeError:  # an atom the drawing cannot take
                self.cells[atom] = []
        return self.cells[atom]

    def symbol(self, atom: str) -> Symbol:
        if atom not in self.symbols:
            self.symbols[atom] = parse_term(atom)
        return self.symbols[atom]


def clingo_steps(puzzle: Puzzle, instance: Instance, trace: Trace,
                 max_steps: int = MAX_STEPS) -> dict[str, Any]:
    """The page's playback of a recorded clingo search."""
    drawer = Drawer(puzzle, instance)
    title = f"{puzzle.name} · {escape.name(instance.source)} · clingo"
    replay = _kept(frames(trace.events))
    steps: list[dict[str, Any]] = []
    previous = drawer.board(replay[0][0].true) if replay else None
    for frame, decision in replay[:max_steps]:
        kind = frame.event["event"]
        board = drawer.board(frame.true)
        decided: list[Position] = []
        if frame.decided and previous is not None:
            decided = changed(drawer.board(frame.true - frame.decided), board)
        elif decision and decision.startswith("not ") and decision != "not a rule body":
            decided = drawer.cells_of(decision[4:])  # the cell the guess ruled a value out of
        propagated = [p for p in changed(previous, board) if p not in decided] \
            if previous is not None else []
        steps.append({
            "kind": kind, "level": frame.level, "svg": svg(board, title),
            "decided": decided, "propagated": propagated,
            "text": _describe(frame, decision, len(propagated)),
        })
        previous = board
    end = trace.end
    return {"steps": steps, "total_steps": len(replay), "truncated": end["truncated"],
            "counts": {"choices": end["choices"], "conflicts": end["conflicts"],
                       "answers": end["models"], "status": end["status"]}}


def imperative_steps(puzzle: Puzzle, instance: Instance, text: str, wanted: int,
                     max_steps: int = MAX_STEPS) -> dict[str, Any] | None:
    """The hand-written search of `pyasp_runner.imperative` for this puzzle, played back
    on the same board (None where the puzzle has no imperative solver to draw)."""
    import importlib

    from ..imperative import PUZZLES
    if puzzle.name not in PUZZLES:
        return None
    module = importlib.import_module(f"..imperative.{puzzle.name}", __package__)
    shown = getattr(module, "SHOWN_VALUE", None)
    if shown is None:
        return None
    events: list[tuple[str, list[list[Any]], tuple[int, int] | None]] = []
    cuts, total = [0], [0]

    def watch(kind: str, grid: Callable[[], list[list[Any]]],
              cell: tuple[int, int] | None) -> None:
        cuts[0] += kind == "cut"
        total[0] += 1
        if len(events) < max_steps:
            events.append((kind, grid(), cell))

    result = module.solve(text, wanted, watch=watch)
    drawer = Drawer(puzzle, instance)
    givens = {str(clue) for clue in instance.clues if clue.name == "given"}
    title = f"{puzzle.name} · {escape.name(instance.source)} · hand-written search"
    steps: list[dict[str, Any]] = []
    previous = drawer.board(givens)
    depth = 0
    for kind, grid, cell in events:
        atoms = givens | {f"{shown}({r},{c},{value})" for r, row in enumerate(grid, start=1)
                          for c, value in enumerate(row, start=1) if value is not None}
        board = drawer.board(atoms)
        position = [(cell[0] + 1, cell[1] + 1)] if cell is not None else []
        value = grid[cell[0]][cell[1]] if cell is not None else None
        depth = sum(v is not None for row in grid for v in row)
        steps.append({
            "kind": {"cut": "backjump", "solution": "model"}.get(kind, kind),
            "level": depth, "level_label": f"{depth} values on the board",
            "svg": svg(board, title),
            "decided": position if kind == "try" else [],
            "propagated": position if kind == "forced" else
            [p for p in changed(previous, board) if p not in position] if kind == "try" else [],
            "text": {"try": f"tried {value} at {position[0] if position else ''}",
                     "forced": f"placed {value} at {position[0] if position else ''}: "
                     "its only field left",
                     "cut": "a validity check failed: back to the last choice",
                     "solution": "a solution found"}[kind],
        })
        previous = board
    return {"steps": steps, "total_steps": total[0], "solver":
            f"pyasp_runner/imperative/{puzzle.name}.py",
            "counts": {"nodes": result.nodes, "tried": result.tried, "backtracks": cuts[0],
                       "solutions": len(result.solutions), "complete": result.complete}}


def _kept(replay: Sequence[Frame]) -> list[tuple[Frame, str | None]]:
    """Frames worth a step, each with the decision it shows (a decision is shown
    together with the propagation that follows it at its level)."""
    kept: list[tuple[Frame, str | None]] = []
    decision: str | None = None
    kept_decide = replay[0] if replay else None
    for frame in replay:
        event = frame.event
        if event["event"] == "decide":
            literal = event["literal"] or "a rule body (no atom)"
            if decision is not None and kept_decide is not None:  # it propagated nothing
                kept.append((kept_decide, decision))
            kept_decide, decision = frame, literal
            continue
        if event["event"] == "propagate" and decision is not None \
                and kept_decide is not None and event["level"] == kept_decide.level:
            kept.append((frame, decision))
            decision = None
            continue
        if decision is not None and kept_decide is not None:
            kept.append((kept_decide, decision))
            decision = None
        if event["event"] != "end":
            kept.append((frame, None))
    return kept


def _describe(frame: Frame, decision: str | None, propagated: int) -> str:
    event = frame.event
    kind = event["event"]
    if kind == "start":
        return "the clues as facts, before any propagation"
    if kind == "decide":
        return f"level {frame.level}: decided {decision}; propagation set no shown atom"
    if kind == "propagate":
        head = f"level {frame.level}: " + (f"decided {decision}; " if decision else "")
        return (f"{head}propagation set {len(event['true'])} shown atoms true "
                f"({propagated} cells changed) and {event['false']} false")
    if kind == "backjump":
        return (f"conflict or restart: jumped back from level {event['from']} "
                f"to level {event['to']}")
    if kind == "model":
        return f"answer {event['number']} found"
    return str(kind)
