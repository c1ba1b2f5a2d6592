"""The Python API: solve, explain, hint and generate puzzles from a program or a notebook.

    from pyasp_runner import solve, explain, hint, generate, puzzles

    result = solve(name, text)                  # a puzzle's name and its text
    result = solve_file(name, path, models=2)   # or its file
    result.status, result.unique, result.solutions[0]   # the fields of the CLI's --json

Every function takes a puzzle's name (`puzzles()` lists them) and its text in any input
format the command line reads, and returns a result whose fields are those of the
command's JSON envelope (`docs/json.md`); `result.envelope()` is that JSON object. Nothing
is printed and nothing exits. Errors are exceptions carrying the command's one-line
message: `InputError` (bad input or usage, exit 2 on the command line), `EncodingError`
(an edited encoding clingo refuses, 3) and, from explain, hint and generate, which have
no partial answer, `Stopped` (the time limit, 4, or Ctrl-C, 130). A solve stopped by its
time limit is no error: its status is "timeout" and it keeps what it found.

In Jupyter a result shows its board as a picture (`_repr_svg_`); a `Solutions` list of
several answers shows them as a row of pictures.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from . import runner
from .errors import AnswerShapeError, EncodingError, InputError, UserError
from .errors import Stopped as Stopped  # raised by explain, hint and generate: part of the API
from .loading import (
    DEFAULT_CAP,
    Loaded,
    check_encoding_file,
    extra_atoms,
    limits,
    load,
    puzzle_named,
)
from .puzzle import Answer, Instance, OptionValues, registry
from .report import envelope, hint_envelope, known_values

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


def puzzles() -> dict[str, PuzzleInfo]:
    """Every puzzle by name."""
    return {name: PuzzleInfo(name, p.summary, p.encoding, p.can_generate, p.examples())
            for name, p in registry().items()}


@dataclass
class Result:
    """What a solve found: the fields of the JSON envelope, and the answers to draw.

    status: "solved", "unsolvable", "timeout", "interrupted" (or a puzzle's own, such
    as "closest"); solutions: the answers as the JSON objects of `docs/json.md`; count:
    answers found; complete: the search was exhausted; unique: True, False or None
    (unknown); atoms: each kept answer's shown atoms as clingo prints them.
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
        return boards[0]._repr_svg_() if boards else None


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


class Solutions(list[Board]):
    """Several boards; a notebook shows them as a row of pictures."""

    def _repr_html_(self) -> str:
        cells = "".join(f'<div style="display:inline-block;margin:0 1em 1em 0">{b.svg()}</div>'
                        for b in self)
        return f"<div>{cells}</div>"


def picture(loaded: Loaded, answer: Answer) -> str:
    """The answer as an SVG picture of its board."""
    from .board.svg import svg

    return svg([loaded.puzzle.board(loaded.instance, answer)], loaded.puzzle.name)



def solve(puzzle: str, text: str, *, source: str = "<text>", models: int | None = None,
          count: bool = False, cap: int = DEFAULT_CAP, time_limit: float | None = None,
          threads: int = 1, configuration: str | None = None,
          constants: Mapping[str, object] | None = None, encoding: str | Path | None = None,
          options: OptionValues | None = None, clingo_args: Sequence[str] = (),
          max_size: int | None = None, force: bool = False,
          progress: Progress | None = None,
          on_answer: Callable[[Board], None] | None = None) -> Result:
    """Solve a puzzle given as text.

    models: answers to look for (None: one, and a second to tell whether it is unique;
    0: all, up to `cap`); count: only count them; time_limit: seconds for the whole run;
    constants: `#const` values of the encoding (as `-c NAME=VALUE`); encoding: an edited
    copy of the rules; options: the puzzle's own options (e.g. {"path": True}); clingo_args:
    clingo's own options, passed through; on_answer: told each answer as it is found.
    """
    loaded = load(puzzle, text, source=source, encoding=encoding, options=options,
                  constants=constants, clingo_args=clingo_args, max_size=max_size,
                  force=force)
    return solve_loaded(loaded, models=models, count=count, cap=cap, time_limit=time_limit,
                        threads=threads, configuration=configuration, progress=progress,
                        on_answer=on_answer)


def solve_file(puzzle: str, path: str | Path, **settings: Any) -> Result:
    """`solve` for the puzzle in a file (its name appears in messages)."""
    return solve(puzzle, read_text(path), source=str(path), **settings)


def read_text(path: str | Path) -> str:
    """A puzzle file's text, or an InputError naming it."""
    try:
        return Path(path).read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise InputError(str(path), "no such file") from None
    except UnicodeDecodeError as err:
        raise InputError(str(path), f"not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        raise InputError(str(path), f"cannot be read: {err.strerror}") from None


def solve_loaded(loaded: Loaded, *, models: int | None = None, count: bool = False,
                 cap: int = DEFAULT_CAP, time_limit: float | None = None, threads: int = 1,
                 configuration: str | None = None, progress: Progress | None = None,
                 on_answer: Callable[[Board], None] | None = None) -> Result:
    """Solve a loaded puzzle (see `solve`)."""
    settings = limits(loaded, models=models, count=count, cap=cap, time_limit=time_limit,
                      threads=threads, configuration=configuration)
    told = None
    if on_answer is not None:
        tell = on_answer

        def told(answer: Answer) -> None:
            tell(Board(loaded, answer))
    found = runner.solve(loaded.encoding, loaded.instance.facts, settings, progress,
                         on_answer=told)
    shown = 0 if count else (1 if models is None else len(found.answers))
    return result_of(loaded, found, shown)


def result_of(loaded: Loaded, found: runner.Result, shown: int) -> Result:
    """The API's result of a runner's result, with the first `shown` answers as solutions."""
    puzzle, instance = loaded.puzzle, loaded.instance
    try:
        data = envelope(puzzle, instance, found, shown)
    except AnswerShapeError as error:  # an edited encoding shows atoms of another shape
        raise EncodingError(str(loaded.encoding), "its answers do not fit the puzzle's "
                            "drawing", [f"{error} (keep the #show lines of "
                                        f"asp/{puzzle.name}.lp)"]) from None
    answers = found.answers[:shown]
    atoms = [list(answer.texts) for answer in answers]
    extra = [extra_atoms(loaded, answer) for answer in answers]
    if shown:
        data["atoms"] = atoms
    notes = list(loaded.notes) + list(found.messages)
    if (loaded.encoding != puzzle.encoding and found.answers
            and puzzle.draws_nothing(instance, found.answers[0])):
        notes.append(f"the answer of {loaded.encoding} holds none of the atoms the drawing "
                     f"reads (compare its #show lines with asp/{puzzle.name}.lp)")
    return Result(puzzle=puzzle.name, status=data["status"], solutions=data["solutions"],
                  count=data["count"], complete=data["complete"], unique=data["unique"],
                  stats=data["stats"], closest=data.get("closest"),
                  optimal=data.get("optimal"), capped=bool(data.get("capped")),
                  atoms=atoms, extra=extra, notes=notes, data=data, loaded=loaded,
                  answers=list(answers), found=found)


@dataclass
class Explained(Result):
    """A solve, and when there is no solution a minimal set of clues that cannot hold
    together (`conflict`: their JSON; None when there was a solution)."""

    conflict: list[dict[str, Any]] | None = None
    conflict_clues: list[clingo.Symbol] | None = field(default=None, repr=False)

    def _repr_svg_(self) -> str | None:
        if self.loaded is None or not self.conflict_clues or not self.loaded.puzzle.draws_clues:
            return super()._repr_svg_()
        from .board.svg import svg

        puzzle = self.loaded.puzzle
        return svg([puzzle.conflict_board(self.loaded.instance, self.conflict_clues)],
                   f"{self.puzzle}: conflict")


def explain(puzzle: str, text: str, *, source: str = "<text>",
            time_limit: float | None = None, threads: int = 1,
            configuration: str | None = None, constants: Mapping[str, object] | None = None,
            encoding: str | Path | None = None, options: OptionValues | None = None,
            clingo_args: Sequence[str] = (), max_size: int | None = None,
            force: bool = False, progress: Progress | None = None) -> Explained:
    """Solve; if there is no solution, find a minimal set of the author's clues that
    cannot hold together. Raises `Stopped` if the time limit ends the search for it."""
    loaded = load(puzzle, text, source=source, encoding=encoding, options=options,
                  constants=constants, clingo_args=clingo_args, max_size=max_size,
                  force=force)
    return explain_loaded(loaded, time_limit=time_limit, threads=threads,
                          configuration=configuration, progress=progress)


def explain_loaded(loaded: Loaded, *, time_limit: float | None = None, threads: int = 1,
                   configuration: str | None = None,
                   progress: Progress | None = None) -> Explained:
    """`explain` for a loaded puzzle."""
    from . import reasoning  # only the questions about clues load it

    if loaded.puzzle.spec.refuses_explain:
        raise UserError(f"--explain does not apply: {loaded.puzzle.spec.refuses_explain}")
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    solved = solve_loaded(loaded, models=None, time_limit=time_limit, threads=threads,
                          configuration=configuration, progress=progress)
    explained = Explained(**{name: getattr(solved, name) for name in _RESULT_FIELDS})
    if solved.status == runner.UNSOLVABLE:
        program = reasoning.ClueProgram(
            loaded.encoding, loaded.instance.structure, loaded.instance.clues, deadline,
            limits=question_limits(loaded, threads, configuration), progress=progress)
        clues = _answered(lambda: reasoning.minimal_conflict(program))
        explained.conflict_clues = list(clues or [])
        explained.conflict = [loaded.puzzle.clue_json(loaded.instance, c)
                              for c in explained.conflict_clues]
        explained.data["conflict"] = explained.conflict
    return explained


_RESULT_FIELDS = [name for name in Result.__dataclass_fields__]


def question_limits(loaded: Loaded, threads: int, configuration: str | None) -> runner.Limits:
    """The clingo settings of the questions about clues (their time is a deadline)."""
    return runner.Limits(threads=threads,
                         configuration=configuration or loaded.puzzle.spec.configuration,
                         puzzle_args=loaded.puzzle.spec.clingo_options,
                         extra_args=loaded.extra_args)


def _answered(question: Callable[[], Any]) -> Any:
    try:
        return question()
    except runner.Abandoned as stop:
        raise Stopped(stop.status) from None


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


def hint(puzzle: str, text: str, *, step: bool = False, source: str = "<text>",
         time_limit: float | None = None, threads: int = 1,
         configuration: str | None = None, constants: Mapping[str, object] | None = None,
         encoding: str | Path | None = None, options: OptionValues | None = None,
         clingo_args: Sequence[str] = (), max_size: int | None = None,
         force: bool = False, progress: Progress | None = None) -> Hinted:
    """The values forced by the clues. Raises `Stopped` at the time limit."""
    loaded = load(puzzle, text, source=source, encoding=encoding, options=options,
                  constants=constants, clingo_args=clingo_args, max_size=max_size,
                  force=force)
    return hint_loaded(loaded, step=step, time_limit=time_limit, threads=threads,
                       configuration=configuration, progress=progress)


def hint_loaded(loaded: Loaded, *, step: bool = False, time_limit: float | None = None,
                threads: int = 1, configuration: str | None = None,
                progress: Progress | None = None) -> Hinted:
    """`hint` for a loaded puzzle."""
    from . import reasoning  # only the questions about clues load it

    spec = loaded.puzzle.spec
    if spec.refuses_hint:
        raise UserError(f"--hint does not apply: {spec.refuses_hint}")
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    instance = loaded.instance
    found = _answered(lambda: reasoning.hints(
        loaded.encoding, instance.structure, instance.clues, step=step, deadline=deadline,
        limits=question_limits(loaded, threads, configuration), progress=progress))
    answer = None
    forced = open_values = 0
    if found.forced is not None and found.solution is not None:
        answer = Answer(found.forced)
        # Values are the cells of the JSON solution; a clue given(...) fixes one of them.
        given = sum(clue.name == "given" for clue in instance.clues)
        forced = known_values(loaded.puzzle.solution_json(instance, answer)) - given
        open_values = known_values(loaded.puzzle.solution_json(instance, found.solution)) - given
    data = hint_envelope(loaded.puzzle, instance, answer, step=step,
                         counts=(forced, open_values), time_s=time.perf_counter() - started)
    return Hinted(puzzle=loaded.puzzle.name, status=data["status"],
                  mode="propagation" if step else "cautious", forced=forced,
                  open=open_values,
                  solution=data["hint"]["solution"] if data["hint"] else None,
                  stats=data["stats"], data=data, loaded=loaded, answer=answer)


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
    blank: Instance | None = field(default=None, repr=False)  # the board with its clues

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


def generation_note(puzzle: str, size: str | None = None) -> str | None:
    """Why generating a `puzzle` of this `size` is beyond what is known to finish in a
    minute: a note to say before starting; None if nothing is known against it."""
    found = puzzle_named(puzzle)
    if found.spec.blank is None:
        return None
    return found.reach(found.spec.blank(size), generating=True)


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
    import random

    from . import reasoning  # only the questions about clues load it

    found = puzzle_named(puzzle)
    spec = found.spec
    if not (spec.blank and spec.clues_of and spec.write):
        makers = ", ".join(name for name, p in registry().items() if p.can_generate)
        raise UserError(f"{found.name} cannot be generated (these can: {makers})")
    chosen = seed if seed is not None else random.randrange(2**20)
    if not 0 <= chosen < 2**31:
        raise UserError(f"--seed must be 0..{2**31 - 1}")
    formats = found.writers
    if to is not None and to not in formats:
        raise UserError(f"{found.name} cannot be written as {to!r} (formats: "
                        f"{', '.join(formats)})")
    write = found.writer(to or next(iter(formats)))
    blank = spec.blank(size)
    # The empty board is grounded when the full solution comes from solving it. A
    # puzzle's own random answer leaves only boards with clues to ground, each with
    # most of the answer given (a 30x30 path puzzle, 810,000 candidate pairs empty, is
    # made in half a minute): then the time is what grows (`generation_note`).
    if spec.random_answer is None:
        found.check_size(blank, max_size, force)
    rules = Path(encoding) if encoding is not None else found.encoding
    check_encoding_file(rules)
    fmt = to or next(iter(formats))
    complete = fmt in spec.complete_formats

    def writable(clue: clingo.Symbol) -> bool:
        """Whether the format can state this clue (puzz.link has no cell given empty)."""
        try:
            write(blank, [clue])
        except InputError:
            return False
        return True

    def clues_of(puzzle: Instance, answer: Answer) -> list[clingo.Symbol]:
        candidates = spec.clues_of(puzzle, answer)  # type: ignore[misc]
        return candidates if complete else [clue for clue in candidates if writable(clue)]

    random_answer = None
    if spec.random_answer is not None:
        answer_of = spec.random_answer

        def random_answer(rng: random.Random) -> Answer | None:
            return answer_of(blank, rng)

    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    settings = runner.Limits(threads=threads,
                             configuration=configuration or spec.configuration,
                             puzzle_args=spec.clingo_options)
    made = _answered(lambda: reasoning.generate(
        rules, blank.structure, lambda answer: clues_of(blank, answer), chosen,
        minimise=minimise, deadline=deadline, limits=settings, progress=progress,
        phase=phase, random_answer=random_answer, clue_atom=spec.clue_atom, easy=easy))
    if made is None:
        return None
    clues = set(made.clues)
    if complete:  # a format that states every clue the solution implies
        clues |= set(clues_of(blank, made.solution))
    text = write(blank, sorted(clues))
    loaded = load(found.name, text, source=f"generated, seed {chosen}", encoding=rules)
    if phase is not None:
        phase("grading")
    graded = grade_loaded(loaded, time_limit=None if deadline is None
                          else deadline - time.perf_counter(), configuration=configuration,
                          progress=progress)
    return GeneratedPuzzle(found.name, text, len(made.clues), chosen,
                           made.checks + graded.checks,
                           round(time.perf_counter() - started, 4), graded.grade, loaded,
                           blank._replace(clues=tuple(made.clues)))


@dataclass
class Graded(Result):
    """A solve that also grades the puzzle by the reasoning it needs (`grade`: the JSON
    envelope's `grade` object; `level`: "easy", "medium", "hard", or None when the
    puzzle has no solution or several)."""

    grade: dict[str, Any] = field(default_factory=dict)
    level: str | None = None
    checks: int = 0


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
    loaded = load(puzzle, text, source=source, encoding=encoding, options=options,
                  constants=constants, clingo_args=clingo_args, max_size=max_size,
                  force=force)
    return grade_loaded(loaded, time_limit=time_limit, configuration=configuration,
                        progress=progress)


def grade_loaded(loaded: Loaded, *, time_limit: float | None = None,
                 configuration: str | None = None,
                 progress: Progress | None = None) -> Graded:
    """`grade` for a loaded puzzle."""
    from . import reasoning  # only the questions about clues load it

    spec = loaded.puzzle.spec
    if spec.refuses_hint:
        raise UserError(f"--grade does not apply: {spec.refuses_hint}")
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    instance = loaded.instance
    program = reasoning.ClueProgram(loaded.encoding, instance.structure, instance.clues,
                                    deadline, limits=question_limits(loaded, 1, configuration),
                                    progress=progress)
    graded = _answered(lambda: reasoning.grade(program, instance.clues))
    found = graded.found._replace(stats={**graded.found.stats,
                                         "time_s": round(time.perf_counter() - started, 4)})
    solved = result_of(loaded, found, 1)
    given = sum(clue.name == "given" for clue in instance.clues)
    data: dict[str, Any] = {"level": graded.level, "propagated": None, "open": None,
                            "choices": graded.choices, "conflicts": graded.conflicts,
                            "medium_conflicts": reasoning.MEDIUM_CONFLICTS,
                            "configuration": configuration or spec.configuration or "auto"}
    if graded.solution is not None:
        puzzle = loaded.puzzle
        settled = Answer(tuple(sym for sym in graded.solution.symbols
                               if sym in graded.propagated))
        data["propagated"] = known_values(puzzle.solution_json(instance, settled)) - given
        data["open"] = known_values(puzzle.solution_json(instance, graded.solution)) - given
    solved.data["grade"] = data
    return Graded(**{name: getattr(solved, name) for name in _RESULT_FIELDS}, grade=data,
                  level=graded.level, checks=program.checks)
