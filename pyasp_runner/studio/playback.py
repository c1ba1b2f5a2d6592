"""Searches played back on the board: clingo's recorded search and the hand-written one.

A search becomes a `Playback`: a list of steps, each saying which shown atoms it made
true and which it undid, which it decided (the solver's guess) and what happened (a
decision with the propagation that followed it, a jump back after a conflict, an
answer). Steps are small, so a search of a hundred thousand events fits; the studio's
server keeps the playback and draws the boards of a page of steps when the page asks
for them (`Playback.page`), so every step is reachable with the step control and the
slider while the page only ever holds a few boards.

Decided cells are those of the atoms a step decided; propagated cells are those the
step's other new atoms changed on the board. The first step, before any choice, marks
as propagated the cells it shows beyond the puzzle's givens: what clingo settled while
it prepared the search (grounding, clasp's preprocessing), or the values a hand-written
search starts from.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from clingo import Symbol, parse_term

from .. import escape
from ..board import Board, Cell, Lines, Mark
from ..board.svg import svg
from ..errors import AnswerShapeError
from ..puzzle import Answer, Instance
from ..puzzles import Puzzle
from ..trace import Trace

# Events recorded per search (the search goes on; its counts stay whole).
MAX_EVENTS = 100_000
# Boards drawn per request of the page.
PAGE = 20
# Every KEYFRAME steps the whole state is kept, so a page is replayed from the nearest.
KEYFRAME = 64

Position = tuple[int, int]


def board_cells(board: Board) -> dict[Position, Cell]:
    """Every cell, by the position the SVG gives it (data-row, data-col)."""
    layout = board.layout
    rows = ([row.cells for row in layout.rows] if isinstance(layout, Lines)
            else list(layout.cells))
    return {(r, c): cell for r, row in enumerate(rows, start=1)
            for c, cell in enumerate(row, start=1)}


def cell_values(board: Board) -> dict[Position, tuple[Any, ...]]:
    """What every cell shows, by its position."""
    return {position: (cell.value, cell.shape, cell.known)
            for position, cell in board_cells(board).items()}


def changed(before: Board, after: Board) -> list[Position]:
    old, new = cell_values(before), cell_values(after)
    return sorted(position for position, value in new.items() if old.get(position) != value)


def settled(before: Board, after: Board) -> list[Position]:
    """The cells `after` shows that `before` did not, the puzzle's givens left out."""
    cells = board_cells(after)
    return [position for position in changed(before, after)
            if cells[position].mark != Mark.GIVEN]


class Drawer:
    """Boards of partial answers for one puzzle and instance, with their cells."""

    def __init__(self, puzzle: Puzzle, instance: Instance[Any]) -> None:
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


@dataclass(frozen=True)
class Step:
    """One step: its kind (start, decide, propagate, backjump, model, try, forced), its
    level, a sentence, the shown atoms it made true and undid, the atoms it decided."""

    kind: str
    level: int
    text: str
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    mark: tuple[str, ...] = ()


@dataclass
class Playback:
    """A search as steps, with the whole state kept every KEYFRAME steps."""

    title: str
    steps: list[Step]
    # What the page shows at once: counts, events recorded, events in the whole search
    # (None where the recording cannot know), whether the recording stopped early.
    info: dict[str, Any]
    level_label: str = ""              # "values on the board": the level is a depth
    keyframes: list[frozenset[str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        state: set[str] = set()
        self.keyframes = []
        for index, step in enumerate(self.steps):
            state.difference_update(step.remove)
            state.update(step.add)
            if index % KEYFRAME == 0:
                self.keyframes.append(frozenset(state))

    def state_after(self, index: int) -> set[str]:
        """The shown atoms true after step `index` (none before step 0)."""
        if index < 0:
            return set()
        base = index - index % KEYFRAME
        state = set(self.keyframes[base // KEYFRAME])
        for step in self.steps[base + 1:index + 1]:
            state.difference_update(step.remove)
            state.update(step.add)
        return state

    def find(self, kind: str, start: int) -> int | None:
        """The first step of this kind from `start` on (the page's "next answer")."""
        return next((index for index in range(max(start, 0), len(self.steps))
                     if self.steps[index].kind == kind), None)

    def view(self, drawer: Drawer) -> dict[str, Any]:
        """What the page gets at once: the counts, the number of steps, the first page."""
        return {**self.info, "title": self.title, "total_steps": len(self.steps),
                "page": PAGE, "steps": self.page(drawer, 0, PAGE)}

    def page(self, drawer: Drawer, start: int, count: int = PAGE) -> list[dict[str, Any]]:
        """Steps start.. (at most PAGE of them), each with its board's SVG and its marks."""
        start = max(0, min(start, len(self.steps)))
        end = min(start + max(0, min(count, PAGE)), len(self.steps))
        state = self.state_after(start - 1)
        previous = drawer.board(state)
        drawn = []
        for index in range(start, end):
            step = self.steps[index]
            state.difference_update(step.remove)
            state.update(step.add)
            board = drawer.board(state)
            decided = sorted({cell for atom in step.mark for cell in drawer.cells_of(atom)})
            propagated: list[Position] = []
            if step.kind == "start":  # what it shows beyond the givens, before any choice
                propagated = settled(previous, board)
            elif step.add and step.kind not in ("backjump", "model"):
                base = previous if not step.remove else drawer.board(state - set(step.add))
                propagated = [cell for cell in changed(base, board) if cell not in decided]
            drawn.append({
                "index": index, "kind": step.kind, "level": step.level,
                "level_label": f"{step.level} {self.level_label}" if self.level_label
                else f"level {step.level}",
                "svg": svg(board, self.title), "decided": decided,
                "propagated": propagated, "text": step.text})
            previous = board
        return drawn


def clingo_playback(puzzle: Puzzle, instance: Instance[Any], trace: Trace) -> Playback:
    """clingo's recorded search as steps: a decision is shown together with the
    propagation that follows it at its level; a decision that propagates no shown atom,
    a jump back and an answer are steps of their own."""
    events = trace.events
    facts = frozenset(events[0].get("facts", ())) if events else frozenset()
    drawer = Drawer(puzzle, instance)
    prepared = len(settled(drawer.board(set()), drawer.board(facts)))
    by_level: dict[int, set[str]] = {0: set()}
    current: set[str] = set(facts)   # the facts and what every open level set true
    shown: set[str] = set()          # what the last step showed
    steps: list[Step] = []
    level = 0
    pending: dict[str, Any] | None = None  # a decision waiting for its propagation

    def emit(kind: str, text: str, at: int, mark: tuple[str, ...] = (),
             state: set[str] | frozenset[str] | None = None) -> None:
        nonlocal shown
        target = set(current if state is None else state)
        steps.append(Step(kind, at, text, tuple(sorted(target - shown)),
                          tuple(sorted(shown - target)), mark))
        shown = target

    def undo(above: int) -> None:
        for deeper in [lv for lv in by_level if lv > above]:
            current.difference_update(by_level.pop(deeper))

    def flush() -> None:
        nonlocal pending
        if pending is not None:
            emit("decide", f"level {pending['level']}: decided {_literal(pending)}; "
                 "propagation set no shown atom", pending["level"], _marked(pending))
            pending = None

    for event in events:
        kind = event["event"]
        if kind == "start":
            # The shown atoms already true when the search starts: the clues, and what
            # clingo derived from them while preparing (not yet the search's propagation).
            emit("start", "before the search: the clues, and " + (
                f"{prepared:,} cell{'s' * (prepared != 1)} clingo settled from them while "
                "preparing it (grounding and clasp's preprocessing); no guess yet"
                if prepared else "no other cell: preparing the search (grounding and "
                "clasp's preprocessing) settled none; no guess yet"), 0)
        elif kind == "decide":
            flush()
            level = event["level"]
            undo(level - 1)
            by_level[level] = set()
            pending = event
        elif kind == "propagate":
            merged = pending is not None and pending["level"] == event["level"]
            if not merged:
                flush()
            level = event["level"]
            undo(level)
            new = set(event["true"]) - current
            by_level.setdefault(level, set()).update(new)
            current.update(new)
            head = f"level {level}: "
            mark: tuple[str, ...] = ()
            if merged and pending is not None:
                head += f"decided {_literal(pending)}; "
                mark = _marked(pending)
                pending = None
            emit("propagate", f"{head}propagation set {len(event['true'])} shown atoms "
                 f"true and {event['false']} false", level, mark)
        elif kind == "backjump":
            flush()
            level = event["to"]
            undo(level)
            emit("backjump", f"conflict or restart: jumped back from level {event['from']} "
                 f"to level {event['to']}", level)
        elif kind == "model":
            flush()
            emit("model", f"answer {event['number']} found", level,
                 state=facts | frozenset(event["atoms"]))
        elif kind == "end":
            flush()
    end = trace.end
    return Playback(
        f"{puzzle.name} · {escape.name(instance.source)} · clingo", steps,
        {"truncated": bool(end.get("truncated")), "recorded": end.get("events", len(events)),
         "events": None if end.get("truncated") else end.get("events", len(events)),
         "counts": {"choices": end["choices"], "conflicts": end["conflicts"],
                    "answers": end["models"], "status": end["status"]}})


def _literal(decision: dict[str, Any]) -> str:
    return decision["literal"] or "a rule body (no atom)"


def _marked(decision: dict[str, Any]) -> tuple[str, ...]:
    """The atom whose cell a shown decision concerns (set true, or ruled out)."""
    literal = decision["literal"]
    if not decision["shown"] or not literal:
        return ()
    return (literal.removeprefix("not "),)


# The hand-written search's events as the page names them.
_KINDS = {"cut": "backjump", "solution": "model"}


class _OutOfTime(Exception):
    """The hand-written search reached the trace's deadline."""


def imperative_playback(puzzle: Puzzle, instance: Instance[Any], text: str, wanted: int,
                        deadline: float | None = None) -> Playback | None:
    """The hand-written search of `pyasp_runner.imperative` for this puzzle, played back
    on the same board (None where the puzzle has no imperative solver to draw). At the
    deadline (a `time.perf_counter()` value) the search is stopped: its steps so far are
    kept, and the counts are those of its events (the nodes it opened are not known)."""
    from ..imperative import PUZZLES
    if puzzle.name not in PUZZLES:
        return None
    module = importlib.import_module(f"..imperative.{puzzle.name}", __package__)
    atoms_of: Callable[[int, int, Any], list[str]] | None = getattr(module, "shown_atoms", None)
    if atoms_of is None and getattr(module, "SHOWN_VALUE", None) is not None:
        name = module.SHOWN_VALUE

        def atoms_of(row: int, col: int, value: Any) -> list[str]:
            return [f"{name}({row + 1},{col + 1},{value})"]
    if atoms_of is None:
        return None
    describe = getattr(module, "describe", None)
    givens = tuple(sorted(str(clue) for clue in instance.clues))
    steps: list[Step] = []
    entries: dict[Position, Any] = {}
    counted = {"events": 0, "kept": 0, "cuts": 0, "tries": 0, "solutions": 0}

    def watch(kind: str, grid: Callable[[], list[list[Any]]], cell: Position | None) -> None:
        counted["events"] += 1
        counted["cuts"] += kind == "cut"
        counted["tries"] += kind == "try"
        counted["solutions"] += kind == "solution"
        if deadline is not None and counted["events"] % 1024 == 0 \
                and time.perf_counter() > deadline:
            raise _OutOfTime
        if counted["kept"] >= MAX_EVENTS:
            return
        counted["kept"] += 1
        if not steps and kind != "start":
            steps.append(Step("start", len(givens), "the puzzle as given", givens))
        now = {(r, c): value for r, row in enumerate(grid()) for c, value in enumerate(row)
               if value is not None}
        add: list[str] = []
        remove: list[str] = []
        for position in entries.keys() | now.keys():
            old, new = entries.get(position), now.get(position)
            if old != new:
                if old is not None:
                    remove.extend(atoms_of(*position, old))
                if new is not None:
                    add.extend(atoms_of(*position, new))
        entries.clear()
        entries.update(now)
        value = now.get(cell) if cell is not None else None
        mark = tuple(atoms_of(*cell, value)) if kind == "try" and cell and value is not None \
            else ()
        if kind == "start":  # the root: the clues, and the values the search starts from
            add = sorted({*givens, *add})
        steps.append(Step(_KINDS.get(kind, kind), len(now), _say(describe, kind, cell, value),
                          tuple(add), tuple(remove), mark))

    try:
        result = module.solve(text, wanted, watch=watch)
        counts = {"nodes": result.nodes, "tried": result.tried, "backtracks": counted["cuts"],
                  "solutions": len(result.solutions), "complete": result.complete}
    except _OutOfTime:
        counts = {"nodes": None, "tried": counted["tries"], "backtracks": counted["cuts"],
                  "solutions": counted["solutions"], "complete": False, "stopped": True}
        steps.append(Step("backjump", steps[-1].level if steps else 0,
                          "the time limit: the search is stopped here"))
    if not steps:  # the solver cut its root before searching: the clues clash
        counted["cuts"] += 1
        steps += [Step("start", len(givens), "the puzzle as given", givens),
                  Step("backjump", len(givens), "the root is cut at once: the clues "
                       "contradict each other, nothing to search")]
    return Playback(
        f"{puzzle.name} · {escape.name(instance.source)} · hand-written search", steps,
        {"truncated": counted["events"] > counted["kept"], "recorded": counted["kept"],
         "events": counted["events"], "solver": f"pyasp_runner/imperative/{puzzle.name}.py",
         "counts": counts},
        level_label=getattr(module, "DEPTH", "values on the board"))


def _say(describe: Callable[..., str] | None, kind: str, cell: Position | None,
         value: Any) -> str:
    """The sentence of one event of the hand-written search."""
    said = describe(kind, *cell, value) if describe is not None and cell is not None else ""
    if said:
        return said
    where = f"({cell[0] + 1},{cell[1] + 1})" if cell is not None else ""
    return {"try": f"tried {value} at {where}",
            "forced": f"placed {value} at {where}: its only field left",
            "cut": "a validity check failed: this branch is cut, back to the last choice",
            "solution": "a solution found",
            "start": "the root of the search, before any choice"}.get(kind, kind)

