"""The Python API: solve, explain, hint, grade and generate puzzles from a program or a notebook.

    from pyasp_runner import solve, explain, hint, generate, list_puzzles

    result = solve(name, text)                  # a puzzle's name and its text
    result = solve_file(name, path, models=2)   # or its file
    result.status, result.unique, result.solutions[0]   # the fields of the CLI's --json

Every function takes a puzzle's name (`list_puzzles()` lists them) and its text in any
input format the command line reads, and returns a result whose fields are those of the
command's JSON envelope (`docs/json.md`); `result.envelope()` is that JSON object.
Nothing is printed and nothing exits. Errors are exceptions carrying the command's
one-line message: `InputError` (bad input or usage, exit 2 on the command line),
`EncodingError` (an edited encoding clingo refuses, or whose answers the puzzle cannot
draw, 3) and, from explain, hint and generate, which have no partial answer, `Stopped`
(the time limit, 4, or Ctrl-C, 130). A solve stopped by its time limit is no error: its
status is "timeout" and it keeps what it found.

Each function is a front end of the session (`pyasp_runner.session`), as the command
is: the same settings give the same envelope. In Jupyter a result shows its status line
and its boards (`_repr_html_`; `_repr_svg_` is the picture alone); `result.boards()`, a
`Solutions` list, shows the boards as one picture, in a grid under one legend. `repr` of
a result or a board is one short line.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from . import runner
from .api_rules import Checked, Steps, check, why
from .board.html import figure, short_repr
from .errors import EncodingError, InputError, UserError
from .errors import Stopped as Stopped  # raised by explain, hint and generate: part of the API
from .inputs import read_text as read_text  # a puzzle file's text, or an InputError
from .puzzle import Answer, Instance, OptionValues
from .puzzles import registry
from .session import DEFAULT_CAP, Loaded, Outcome, Session, Settings
from .session.loading import extra_atoms
from .session.loading import puzzle_named as puzzle_named
from .session.making import generate as make

__all__ = ["Board", "Checked", "EncodingError", "Explained", "GeneratedPuzzle", "Graded",
           "Hinted", "InputError", "PuzzleInfo", "Result", "Solutions", "Steps", "Stopped",
           "UserError", "check", "explain", "generate", "grade", "hint", "list_puzzles",
           "solve", "solve_file", "why"]

Progress = Callable[[float, int], None]


@dataclass(frozen=True)
class PuzzleInfo:
    """A registered puzzle: its name, one-line summary, encoding, what it can do, and its
    shipped example instances (name -> file, for `solve_file`; the command's
    `example:NAME`)."""

    name: str
    summary: str
    encoding: Path
    can_generate: bool
    examples: Mapping[str, Path] = field(default_factory=dict)


def list_puzzles() -> dict[str, PuzzleInfo]:
    """Every puzzle by name."""
    return {name: PuzzleInfo(name, p.summary, p.encoding, p.can_generate, p.examples())
            for name, p in registry().items()}


def puzzles() -> dict[str, PuzzleInfo]:
    """Every puzzle by name: the former name of `list_puzzles` (deprecated: it shared its
    name with the package `pyasp_runner.puzzles`)."""
    warnings.warn("pyasp_runner.api.puzzles() is now list_puzzles()", DeprecationWarning,
                  stacklevel=2)
    return list_puzzles()


@dataclass
class Result:
    """What a solve found: the fields of the JSON envelope, and the answers to draw.

    status: "solved", "unsolvable", "timeout", "interrupted" (or a puzzle's own, such
    as "closest"); solutions: the answers as the JSON objects of `docs/json.md`; count:
    answers found; complete: the search was exhausted; unique: True, False or None
    (unknown); atoms: each kept answer's shown atoms as clingo prints them; extra: the
    atoms an edited encoding shows besides those the puzzle draws; notes: what loading
    noted and clingo's messages.
    """

    puzzle: str
    status: str
    solutions: list[dict[str, Any]]
    count: int
    complete: bool
    unique: bool | None
    stats: dict[str, float]
    closest: dict[str, Any] | None = None
    optimal: bool | None = None
    capped: bool = False
    atoms: list[list[str]] = field(default_factory=list)
    extra: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict, repr=False)
    loaded: Loaded | None = field(default=None, repr=False)
    answers: list[Answer] = field(default_factory=list, repr=False)
    found: runner.Result | None = field(default=None, repr=False)
    outcome: Outcome | None = field(default=None, repr=False)

    def envelope(self) -> dict[str, Any]:
        """The JSON object the command prints with --json."""
        return dict(self.data)

    def boards(self) -> Solutions:
        """Each shown answer as a drawable board."""
        if self.loaded is None:
            return Solutions([])
        return Solutions([Board(self.loaded, answer) for answer in self.answers])

    def _repr_svg_(self) -> str | None:
        boards = self.boards()
        return boards.svg(self.puzzle) if boards else None

    def _repr_html_(self) -> str:
        return figure(self.status_line(), self.notes, self._repr_svg_())

    def status_line(self) -> str:
        """The run in one line, as the notebook shows it over the picture."""
        unique = {True: "unique", False: "not unique", None: "uniqueness not known"}
        said = [self.status, *([unique[self.unique]] if self.count else [])]
        found = [f"{self.count} answer{'s' * (self.count != 1)}" + " (capped)" * self.capped,
                 "search complete" if self.complete else "search not complete"]
        if self.optimal is not None:
            found.append("optimal" if self.optimal else "not proven optimal")
        time_s = self.stats.get("time_s")
        timed = f" in {time_s:.3g} s" if isinstance(time_s, (int, float)) else ""
        return f"{self.puzzle}: {', '.join(said)} ({', '.join(found)}){timed}"

    def __repr__(self) -> str:
        return short_repr(type(self).__name__, self._brief())

    def _brief(self) -> dict[str, object]:
        return {"puzzle": self.puzzle, "status": self.status, "count": self.count,
                "unique": self.unique, "complete": self.complete}


@dataclass(frozen=True)
class Board:
    """One answer of a puzzle, drawn: as SVG in a notebook, with rich on a terminal."""

    loaded: Loaded
    answer: Answer

    def svg(self) -> str:
        return picture(self.loaded, self.answer)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __rich__(self) -> Any:
        return self.loaded.puzzle.render(self.loaded.instance, self.answer)

    def __repr__(self) -> str:
        return short_repr("Board", {"puzzle": self.loaded.puzzle.name,
                                    "source": self.loaded.instance.source,
                                    "atoms": len(self.answer.symbols)})


class Solutions(list[Board]):
    """Several boards; a notebook shows them as one picture, in a grid under one legend."""

    def svg(self, title: str = "") -> str:
        """The boards as one SVG picture, each under its caption ("Solution 2") when there
        are several, as the command's --svg draws them."""
        from .board.svg import svg

        if not self:
            raise ValueError("no board to draw")
        board = self[0].loaded.puzzle.board
        captions = [f"Solution {i}" for i in range(1, len(self) + 1)] if len(self) > 1 else []
        return svg([board(b.loaded.instance, b.answer) for b in self], title, captions)

    def _repr_html_(self) -> str:
        return figure(f"{len(self)} board{'s' * (len(self) != 1)}",
                      picture=self.svg() if self else None)


def picture(loaded: Loaded, answer: Answer) -> str:
    """The answer as an SVG picture of its board."""
    from .board.svg import svg

    return svg([loaded.puzzle.board(loaded.instance, answer)], loaded.puzzle.name)


def _session(puzzle: str, text: str, source: str, time_limit: float | None,
             **settings: Any) -> Session:
    """The session of a call: its settings, the time limit counted from now."""
    return Session.open(puzzle, text, source=source, settings=Settings(**settings),
                        time_limit=time_limit)


def solve(puzzle: str, text: str, *, source: str = "<text>", models: int | None = None,
          count: bool = False, cap: int = DEFAULT_CAP, time_limit: float | None = None,
          threads: int = 1, configuration: str | None = None,
          constants: Mapping[str, object] | None = None, encoding: str | Path | None = None,
          options: OptionValues | None = None, clingo_args: Sequence[str] = (),
          max_size: int | None = None, force: bool = False,
          progress: Progress | None = None,
          on_answer: Callable[[Board], None] | None = None) -> Result:
    """Solve a puzzle given as text.

    models: answers to look for (None: the puzzle's default, as the command's without
    -n: one, and a second to tell whether it is unique, or all where the puzzle lists
    every answer; 0: all, up to `cap`); count: only count them; time_limit: seconds for
    the whole run; constants: `#const` values of the encoding (as `-c NAME=VALUE`);
    encoding: an edited copy of the rules; options: the puzzle's own options (e.g.
    {"path": True}); clingo_args: clingo's own options, passed through; on_answer: told
    each answer as it is found.
    """
    session = _session(puzzle, text, source, time_limit, models=models, count=count,
                       cap=cap, threads=threads, configuration=configuration,
                       constants=constants or {}, encoding=encoding, options=options or {},
                       clingo_args=tuple(clingo_args), max_size=max_size, force=force)
    told = None
    if on_answer is not None:
        tell, loaded = on_answer, session.loaded

        def told(answer: Answer) -> None:
            tell(Board(loaded, answer))
    return result_of(session.solve(progress=progress, on_answer=told))


def solve_file(puzzle: str, path: str | Path, **settings: Any) -> Result:
    """`solve` for the puzzle in a file (its name appears in messages)."""
    return solve(puzzle, read_text(path), source=str(path), **settings)


def _fields(outcome: Outcome) -> dict[str, Any]:
    """A `Result`'s fields from an outcome with a search."""
    loaded, found = outcome.loaded, outcome.found
    assert found is not None
    data = outcome.envelope()
    answers = outcome.answers
    return {"puzzle": loaded.puzzle.name, "status": data["status"],
            "solutions": data["solutions"], "count": data["count"],
            "complete": data["complete"], "unique": data["unique"], "stats": data["stats"],
            "closest": data.get("closest"), "optimal": data.get("optimal"),
            "capped": bool(data.get("capped")), "atoms": data.get("atoms", []),
            "extra": [extra_atoms(loaded, answer) for answer in answers],
            "notes": outcome.notes, "data": data, "loaded": loaded, "answers": answers,
            "found": found, "outcome": outcome}


def result_of(outcome: Outcome) -> Result:
    """The API's result of a solve's outcome."""
    return Result(**_fields(outcome))


@dataclass(repr=False)
class Explained(Result):
    """A solve, and when there is no solution a minimal set of clues that cannot hold
    together (`conflict`: their JSON; None when there was a solution)."""

    conflict: list[dict[str, Any]] | None = None
    conflict_clues: list[clingo.Symbol] | None = field(default=None, repr=False)
    rules: list[dict[str, Any]] | None = None  # the rules the conflict needs

    def _repr_svg_(self) -> str | None:
        if self.loaded is None or not self.conflict_clues or not self.loaded.puzzle.draws_clues:
            return super()._repr_svg_()
        from .board.svg import svg

        puzzle = self.loaded.puzzle
        return svg([puzzle.conflict_board(self.loaded.instance, self.conflict_clues)],
                   f"{self.puzzle}: conflict")

    def status_line(self) -> str:
        line = super().status_line()
        if self.conflict is None:
            return line
        return f"{line}; a minimal conflict of {len(self.conflict)} clues"

    def _brief(self) -> dict[str, object]:
        return {**super()._brief(),
                "conflict": None if self.conflict is None else len(self.conflict)}


def explain(puzzle: str, text: str, *, source: str = "<text>",
            time_limit: float | None = None, threads: int = 1,
            configuration: str | None = None, constants: Mapping[str, object] | None = None,
            encoding: str | Path | None = None, options: OptionValues | None = None,
            clingo_args: Sequence[str] = (), max_size: int | None = None,
            force: bool = False, progress: Progress | None = None) -> Explained:
    """Solve; if there is no solution, find a minimal set of the author's clues that
    cannot hold together. Raises `Stopped` if the time limit ends the search for it."""
    session = _session(puzzle, text, source, time_limit, threads=threads,
                       configuration=configuration, constants=constants or {},
                       encoding=encoding, options=options or {},
                       clingo_args=tuple(clingo_args), max_size=max_size, force=force)
    outcome = session.explain(progress=progress)
    conflict = outcome.conflict
    data = outcome.envelope()
    return Explained(**_fields(outcome),
                     conflict=None if conflict is None else data["conflict"],
                     conflict_clues=None if conflict is None else list(conflict),
                     rules=data.get("rules"))


@dataclass
class Hinted:
    """The values the clues force: in every solution (cautious consequences) or, with
    `step`, by propagation alone. `solution` is the forced values as a partial JSON
    solution (None where open), `forced`/`open` count the values not given; status is
    "unsolvable" (nothing to force) or "solved"."""

    puzzle: str
    status: str
    mode: str
    forced: int
    open: int
    solution: dict[str, Any] | None
    stats: dict[str, float]
    data: dict[str, Any] = field(default_factory=dict, repr=False)
    loaded: Loaded | None = field(default=None, repr=False)
    answer: Answer | None = field(default=None, repr=False)

    def envelope(self) -> dict[str, Any]:
        return dict(self.data)

    def _repr_svg_(self) -> str | None:
        if self.loaded is None or self.answer is None:
            return None
        from .board.svg import svg

        return svg([self.loaded.puzzle.board(self.loaded.instance, self.answer).forced()],
                   f"{self.puzzle}: forced")

    def _repr_html_(self) -> str:
        by = "propagation alone" if self.mode == "propagation" else "every solution"
        line = (f"{self.puzzle}: {self.status}, {self.forced} of {self.open} open values "
                f"forced ({by})")
        return figure(line, (), self._repr_svg_())

    def __repr__(self) -> str:
        return short_repr("Hinted", {"puzzle": self.puzzle, "status": self.status,
                                     "mode": self.mode, "forced": self.forced,
                                     "open": self.open})


def hint(puzzle: str, text: str, *, step: bool = False, source: str = "<text>",
         time_limit: float | None = None, threads: int = 1,
         configuration: str | None = None, constants: Mapping[str, object] | None = None,
         encoding: str | Path | None = None, options: OptionValues | None = None,
         clingo_args: Sequence[str] = (), max_size: int | None = None,
         force: bool = False, progress: Progress | None = None) -> Hinted:
    """The values forced by the clues. Raises `Stopped` at the time limit."""
    session = _session(puzzle, text, source, time_limit, threads=threads,
                       configuration=configuration, constants=constants or {},
                       encoding=encoding, options=options or {},
                       clingo_args=tuple(clingo_args), max_size=max_size, force=force)
    outcome = session.hint(step=step, progress=progress)
    data = outcome.envelope()
    forced, open_values = outcome.hint_counts
    return Hinted(puzzle=outcome.puzzle.name, status=data["status"],
                  mode="propagation" if step else "cautious", forced=forced,
                  open=open_values,
                  solution=data["hint"]["solution"] if data["hint"] else None,
                  stats=data["stats"], data=data, loaded=outcome.loaded,
                  answer=outcome.forced)


@dataclass
class GeneratedPuzzle:
    """A new puzzle with exactly one solution: its text in the puzzle's input format, its
    clues, the seed that makes it again, the checks made, and its grade (the `grade`
    object of the JSON envelope, see `grade`)."""

    puzzle: str
    text: str
    clues: int
    seed: int
    checks: int
    time_s: float
    grade: dict[str, Any] = field(default_factory=dict)
    loaded: Loaded | None = field(default=None, repr=False)
    blank: Instance[Any] | None = field(default=None, repr=False)  # the board with its clues

    @property
    def level(self) -> str | None:
        """"easy", "medium" or "hard" (see `grade`)."""
        level: str | None = self.grade.get("level")
        return level

    def _repr_svg_(self) -> str | None:
        if self.loaded is None or self.blank is None:
            return None
        from .board.svg import svg

        return svg([self.loaded.puzzle.conflict_board(self.blank, [])], self.puzzle)

    def _repr_html_(self) -> str:
        line = (f"{self.puzzle}: generated, seed {self.seed}, {self.clues} clues, "
                f"{self.level or 'not graded'}")
        return figure(line, (), self._repr_svg_())

    def __repr__(self) -> str:
        return short_repr("GeneratedPuzzle", {"puzzle": self.puzzle, "seed": self.seed,
                                              "clues": self.clues, "level": self.level})


def generate(puzzle: str, *, size: str | None = None, seed: int | None = None,
             minimise: bool = True, to: str | None = None, time_limit: float | None = None,
             threads: int = 1,
             configuration: str | None = None, encoding: str | Path | None = None,
             max_size: int | None = None, force: bool = False,
             progress: Progress | None = None,
             phase: Callable[[str], None] | None = None,
             easy: bool = False) -> GeneratedPuzzle | None:
    """A new puzzle with one solution (None if no unique one was found for this seed),
    written in the format `to` (default: the puzzle's first), and graded. With `easy`,
    clues are dropped only while propagation alone still solves the puzzle, so it grades
    "easy". Raises `Stopped` at the time limit."""
    made = make(puzzle, Settings(encoding=encoding, max_size=max_size, force=force,
                                 threads=threads, configuration=configuration),
                size=size, seed=seed, minimise=minimise, to=to, time_limit=time_limit,
                progress=progress, phase=phase, easy=easy)
    if made is None:
        return None
    return GeneratedPuzzle(made.puzzle, made.text, made.clues, made.seed, made.checks,
                           made.time_s, made.grade, made.loaded, made.blank)


@dataclass(repr=False)
class Graded(Result):
    """A solve that also grades the puzzle by the reasoning it needs (`grade`: the JSON
    envelope's `grade` object; `level`: "easy", "medium", "hard", or None when the
    puzzle has no solution or several)."""

    grade: dict[str, Any] = field(default_factory=dict)
    level: str | None = None
    checks: int = 0

    def status_line(self) -> str:
        level = f"level {self.level}" if self.level else "no level (no unique solution)"
        return f"{super().status_line()}; {level}"

    def _brief(self) -> dict[str, object]:
        return {**super()._brief(), "level": self.level}


def grade(puzzle: str, text: str, *, source: str = "<text>",
          time_limit: float | None = None, configuration: str | None = None,
          constants: Mapping[str, object] | None = None, encoding: str | Path | None = None,
          options: OptionValues | None = None, clingo_args: Sequence[str] = (),
          max_size: int | None = None, force: bool = False,
          progress: Progress | None = None) -> Graded:
    """Solve and grade a puzzle: "easy" when propagation alone from the clues settles
    every value (what `hint(..., step=True)` fills in), else by the conflicts of one
    deterministic search (one thread, the puzzle's clingo preset unless `configuration`
    names one, no random seed), "medium" up to `reasoning.MEDIUM_CONFLICTS`, "hard"
    beyond (docs/grading.md). The same puzzle, settings and clingo version always get the
    same grade. Raises `Stopped` at the time limit."""
    session = _session(puzzle, text, source, time_limit, configuration=configuration,
                       constants=constants or {}, encoding=encoding, options=options or {},
                       clingo_args=tuple(clingo_args), max_size=max_size, force=force)
    outcome = session.grade(progress=progress)
    found = dict(outcome.grade or {})
    return Graded(**_fields(outcome), grade=found, level=found.get("level"),
                  checks=outcome.checks)
