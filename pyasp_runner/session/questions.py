"""A loaded puzzle and its settings, asked the questions every front end asks.

`Session` holds a `Loaded` puzzle, the `Settings` it was loaded with and the deadline
of its searches; `solve`, `explain`, `hint`, `grade` and `trace` (and `check` and `why`,
the questions about rules of `judging.py`) each ask the one
runner (`runner.py`, and `reasoning.py` for the questions about clues) with the same
limits: the puzzle's preset and clingo options, the user's, threads, the deadline. Each
returns an `Outcome` (`record.py`), which the command line, the API, the studio and a
collection's workers present. Nothing here prints or exits.
"""

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import runner
from ..errors import AnswerShapeError, EncodingError, UserError
from ..puzzle import Answer
from . import judging
from .judging import answered
from .loading import DEFAULTS, Loaded, Settings, load, question_limits, solve_limits
from .record import EXPLAIN, GRADE, HINT, SOLVE, STEP, Outcome

if TYPE_CHECKING:
    from ..trace import Trace

Progress = Callable[[float, int], None]
"""Told (seconds so far, answers or searches so far) while a question runs."""


class Session(NamedTuple):
    """A puzzle read with its settings; every search of its questions ends by `deadline`
    (a `time.perf_counter()` time; None: no limit) or at Ctrl-C."""

    loaded: Loaded
    settings: Settings = DEFAULTS
    deadline: float | None = None

    @classmethod
    def open(cls, puzzle: str, text: str, *, source: str = "<text>",
             settings: Settings = DEFAULTS, time_limit: float | None = None) -> "Session":
        """Read `text` as `puzzle` with `settings`; the questions' searches may take
        `time_limit` seconds from now."""
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        return cls(load(puzzle, text, source=source, settings=settings), settings, deadline)

    def time_left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    @property
    def models(self) -> int | None:
        """The answers a solve looks for: the settings', else the puzzle's default (None:
        one, and a second to tell uniqueness)."""
        if self.settings.models is not None:
            return self.settings.models
        return self.loaded.puzzle.default_models(self.loaded.options)

    def limits(self, models: int | None) -> runner.Limits:
        """The runner's limits of a solve for `models` answers, with the time left."""
        return solve_limits(self.loaded.puzzle, self.settings, models, self.time_left(),
                            self.loaded.extra_args)

    def solve(self, *, progress: Progress | None = None,
              on_answer: Callable[[Answer], None] | None = None) -> Outcome:
        """Look for the settings' answers (`on_answer` is told each one as it is found)."""
        models = self.models
        found = runner.solve(self.loaded.encoding, self.loaded.instance.facts,
                             self.limits(models), progress, on_answer=on_answer)
        self.check_drawable(found)
        shown = 0 if self.settings.count else (1 if models is None else len(found.answers))
        return Outcome(self.loaded, SOLVE, found, shown, models, self.settings.count)

    def check_drawable(self, found: runner.Result) -> None:
        """An edited encoding whose answers the puzzle cannot read is an encoding error:
        one that shows none of the atoms the puzzle draws (an edited `#show`), or atoms of
        another shape."""
        loaded = self.loaded
        if not (loaded.edited and found.answers):
            return
        puzzle = loaded.puzzle
        try:
            nothing = puzzle.draws_nothing(loaded.instance, found.answers[0])
            puzzle.solution_json(loaded.instance, found.answers[0])
        except AnswerShapeError as error:
            raise EncodingError(str(loaded.encoding), "its answers do not fit the puzzle's "
                                "drawing", [f"{error} (keep the #show lines of "
                                            f"asp/{puzzle.name}.lp)"]) from None
        if nothing:
            raise EncodingError(str(loaded.encoding), "its answer holds none of the atoms the "
                                f"puzzle draws (compare its #show lines with "
                                f"asp/{puzzle.name}.lp)", [])

    def explain(self, *, progress: Progress | None = None) -> Outcome:
        """Solve; if there is no solution, a minimal set of the author's clues that cannot
        hold together. Raises `Stopped` if the deadline ends the search for it."""
        from .. import reasoning  # only the questions about clues load it

        refusal = self.loaded.puzzle.refuses_explain
        if refusal:
            raise UserError(f"--explain does not apply: {refusal}")
        solved = self.solve(progress=progress)
        if solved.status != runner.UNSOLVABLE:
            return solved._replace(question=EXPLAIN)
        instance = self.loaded.instance
        program = reasoning.ClueProgram(
            self.loaded.encoding, instance.structure, instance.clues, self.deadline,
            limits=question_limits(self.loaded, self.settings), progress=progress)
        conflict = answered(lambda: reasoning.minimal_conflict(program))
        explained = solved._replace(question=EXPLAIN, conflict=tuple(conflict or ()),
                                    checks=program.checks)
        return judging.conflict_rules(self.loaded, self.settings, self.deadline, explained)

    def check(self, answer: str, *, source: str = "<answer>") -> Outcome:
        """A player's answer (its text: the `--json` solution object, or the puzzle's own
        text with the cells filled in) checked against the rules: correct, or each
        broken rule with its places; a partial answer, what it already breaks and
        whether it can still be completed. Raises InputError for a malformed answer,
        `Stopped` at the deadline."""
        return judging.check(self.loaded, self.settings, self.deadline, answer, source)

    def why(self, *, steps: bool = False,
            told: Callable[[int, int], None] | None = None) -> Outcome:
        """The next deduction a person could make, with the rule instances and clues that
        force it by propagation alone (`steps`: one after another to the solution; `told`
        is told the steps made and the values left after each)."""
        return judging.why(self.loaded, self.settings, self.deadline, steps, told)

    def hint(self, *, step: bool = False, progress: Progress | None = None) -> Outcome:
        """The values forced by the clues: in every solution (cautious consequences) or,
        with `step`, by propagation alone. Raises `Stopped` at the deadline."""
        from .. import reasoning

        loaded = self.loaded
        refusal = loaded.puzzle.refuses_hint
        if refusal:
            raise UserError(f"--hint does not apply: {refusal}")
        started = time.perf_counter()
        instance = loaded.instance
        found = answered(lambda: reasoning.hints(
            loaded.encoding, instance.structure, instance.clues, step=step,
            deadline=self.deadline, limits=question_limits(loaded, self.settings),
            progress=progress))
        forced = None
        counts = (0, 0)
        if found.forced is not None and found.solution is not None:
            forced = Answer(found.forced)
            puzzle = loaded.puzzle
            given = puzzle.given_count(instance)  # values an author's clue fixes
            counts = (puzzle.known_count(instance, forced) - given,
                      puzzle.known_count(instance, found.solution) - given)
        return Outcome(loaded, STEP if step else HINT, None, forced=forced,
                       hint_counts=counts, seconds=time.perf_counter() - started)

    def grade(self, *, progress: Progress | None = None) -> Outcome:
        """Solve and grade: "easy" when propagation alone from the clues settles every
        value, else by the conflicts of one deterministic search (one thread, the
        puzzle's preset unless the settings name one, no random seed), "medium" up to
        `reasoning.MEDIUM_CONFLICTS`, "hard" beyond (docs/grading.md). Raises `Stopped`
        at the deadline."""
        from .. import reasoning

        loaded = self.loaded
        refusal = loaded.puzzle.refuses_hint
        if refusal:
            raise UserError(f"--grade does not apply: {refusal}")
        started = time.perf_counter()
        instance = loaded.instance
        program = reasoning.ClueProgram(loaded.encoding, instance.structure, instance.clues,
                                        self.deadline,
                                        limits=question_limits(loaded, self.settings, 1),
                                        progress=progress)
        graded = answered(lambda: reasoning.grade(program, instance.clues))
        found = graded.found._replace(stats={**graded.found.stats,
                                             "time_s": round(time.perf_counter() - started, 4)})
        self.check_drawable(found)
        given = loaded.puzzle.given_count(instance)
        data: dict[str, Any] = {"level": graded.level, "propagated": None, "open": None,
                                "choices": graded.choices, "conflicts": graded.conflicts,
                                "medium_conflicts": reasoning.MEDIUM_CONFLICTS,
                                "configuration": self.settings.configuration
                                or loaded.puzzle.spec.configuration or "auto"}
        if graded.solution is not None:
            puzzle = loaded.puzzle
            settled = Answer(tuple(sym for sym in graded.solution.symbols
                                   if sym in graded.propagated))
            data["propagated"] = puzzle.known_count(instance, settled) - given
            data["open"] = puzzle.known_count(instance, graded.solution) - given
        return Outcome(loaded, GRADE, found, 1, None, grade=data, checks=program.checks)

    def trace(self, models: int | None = None, max_events: int | None = None) -> "Trace":
        """Solve as `solve` does, with one thread, recording clingo's search (`trace.py`);
        `models`: answers to look for instead of the settings'."""
        from .. import trace

        wanted = self.models if models is None else models
        limits = self.limits(wanted)._replace(threads=1)
        if models is not None:
            limits = limits._replace(models=models, keep=models)
        return trace.record(self.loaded.encoding, self.loaded.instance.facts, limits,
                            self.loaded.puzzle.name, self.loaded.instance.source,
                            max_events=max_events or trace.MAX_EVENTS, deadline=self.deadline)
