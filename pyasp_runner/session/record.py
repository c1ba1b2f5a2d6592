"""What a question found, as one record every front end presents: `Outcome`.

An outcome builds the JSON envelope of `docs/json.md` (`envelope()`: the command's
`--json`, the API's fields, a studio answer's and a collection line's) and the boards
to draw (`boards()`: the terminal's, the SVG's, a notebook's); `status` is the
envelope's. The words said about an outcome that are not a drawing (a conflict in a
sentence, what each statistic means) are here too, for the command and the studio.
It knows no particular puzzle: values come through the registry's `Puzzle`.
"""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from clingo import Symbol

from .. import runner
from ..puzzle import Answer, Closest, Instance
from ..puzzles import Puzzle
from .loading import Loaded

if TYPE_CHECKING:
    from ..board import Board
    from ..checking.check import Checked
    from ..checking.named import NamedRule
    from ..checking.walk import Walk

# The questions (`Outcome.question`).
SOLVE, EXPLAIN, HINT, STEP, GRADE = "solve", "explain", "hint", "step", "grade"
CHECK, WHY, STEPS = "check", "why", "steps"
# The statuses of a checked answer (the envelope's, as "solved" is a solve's).
CORRECT, BROKEN, INCOMPLETE = "correct", "broken", "incomplete"

STATS_HELP = {
    "time_s": "whole run (reading, grounding, search, output so far), seconds",
    "ground_s": "grounding: rules instantiated for these facts",
    "solve_s": "search, including the uniqueness or optimality proof",
    "choices": "decisions: atoms the solver guessed",
    "conflicts": "guesses that led to a contradiction and were learned from",
    "rules": "ground rules after instantiation",
    "atoms": "ground atoms",
    "output_s": "writing the answers (JSON or drawings), seconds",
}


class Outcome(NamedTuple):
    """What one question about a loaded puzzle found.

    question: SOLVE, EXPLAIN, HINT, STEP or GRADE; found: the search for answers (a
    hint's: None); shown: how many of its answers are listed as solutions; models: the
    answers asked for (None: the uniqueness check); counting: only counted (--count);
    conflict: explain's minimal set of clues that cannot hold together (None: none
    looked for, the puzzle has a solution); forced: a hint's forced values as a partial
    answer (None: no solution), with `hint_counts` (forced, open); grade: the grade
    object of docs/grading.md; checks: the searches a question made; seconds: a
    hint's time; rules: explain's minimal set of rules under which the conflict's clues
    still cannot hold; checked: a player's answer checked (CHECK); walk: the justified
    steps of `--hint --why` (WHY, one step) and `--steps` (STEPS).
    """

    loaded: Loaded
    question: str
    found: runner.Result | None
    shown: int = 0
    models: int | None = None
    counting: bool = False
    conflict: tuple[Symbol, ...] | None = None
    forced: Answer | None = None
    hint_counts: tuple[int, int] = (0, 0)
    grade: Mapping[str, Any] | None = None
    checks: int = 0
    seconds: float = 0.0
    rules: "tuple[NamedRule, ...] | None" = None
    checked: "Checked | None" = None
    walk: "Walk | None" = None

    @property
    def puzzle(self) -> Puzzle:
        return self.loaded.puzzle

    @property
    def instance(self) -> Instance[Any]:
        return self.loaded.instance

    @property
    def answers(self) -> list[Answer]:
        """The answers listed as solutions."""
        return self.found.answers[:self.shown] if self.found is not None else []

    @property
    def closest(self) -> Closest | None:
        """The puzzle's judgement of an optimum that is not a solution (None: there is
        none, or the puzzle makes none)."""
        if self.found is None:
            return None
        return self.puzzle.assess(self.instance, self.found.answers)

    @property
    def status(self) -> str:
        """The envelope's status: the runner's, a hint's, a puzzle's own ("closest"), a
        checked answer's (CORRECT, BROKEN, INCOMPLETE), a walk's."""
        if self.checked is not None:
            return CORRECT if self.checked.correct else \
                BROKEN if self.checked.violations else INCOMPLETE
        if self.walk is not None:
            if self.walk.status in (runner.TIMEOUT, runner.INTERRUPTED, runner.UNSOLVABLE):
                return self.walk.status
            return runner.SOLVED
        if self.found is None:
            return runner.UNSOLVABLE if self.forced is None else runner.SOLVED
        closest = self.closest
        if closest is not None and self.found.status == runner.SOLVED:
            return closest.status
        return self.found.status

    @property
    def notes(self) -> list[str]:
        """What loading noted (an overridden clingo option) and clingo's messages."""
        messages = self.found.messages if self.found is not None else []
        return [*self.loaded.notes, *messages]

    def envelope(self, shown: int | None = None,
                 solutions: list[Any] | None = None) -> dict[str, Any]:
        """The JSON envelope, with the first `shown` answers (default: the outcome's) as
        solutions and their atoms; `solutions`: those answers already converted, when the
        writing made them (and stopped early, perhaps)."""
        if self.checked is not None or self.walk is not None:
            from ..checking import report

            return {"puzzle": self.puzzle.name, "status": self.status,
                    **report.outcome_json(self.puzzle, self.instance, self.checked, self.walk,
                                          self.question == WHY),
                    "stats": {"time_s": round(self.seconds, 4)}}
        if self.found is None:
            return self._hint_envelope()
        count = self.shown if shown is None else shown
        data = solve_envelope(self.puzzle, self.instance, self.found, count, solutions)
        if count:
            listed = len(solutions) if solutions is not None else count
            data["atoms"] = [list(answer.texts) for answer in self.found.answers[:listed]]
        if self.question == EXPLAIN and self.conflict is not None:
            data["conflict"] = [self.puzzle.clue_json(self.instance, clue)
                                for clue in self.conflict]
            if self.rules is not None:
                from ..checking import report

                data["rules"] = [report.rule_json(rule) for rule in self.rules]
        if self.grade is not None:
            data["grade"] = dict(self.grade)
        return data

    def _hint_envelope(self) -> dict[str, Any]:
        """--hint's envelope: no solutions, the forced values and their counts."""
        forced = self.forced
        data: dict[str, Any] = {
            "puzzle": self.puzzle.name, "status": self.status, "solutions": [],
            "count": int(forced is not None), "complete": forced is None, "unique": None,
            "hint": None, "stats": {"time_s": round(self.seconds, 4)}}
        if forced is not None:
            data["hint"] = {"mode": "propagation" if self.question == STEP else "cautious",
                            "forced": self.hint_counts[0], "open": self.hint_counts[1],
                            "solution": self.puzzle.solution_json(self.instance, forced)}
        return data

    def boards(self) -> list["Board"]:
        """What is drawn: the answers listed; explain's clues, those in the conflict
        marked (where the puzzle draws its clues; else the answer found); a hint's forced
        values; grade's solution."""
        puzzle, instance = self.puzzle, self.instance
        if self.checked is not None or self.walk is not None:
            from ..checking import report

            return report.outcome_boards(puzzle, instance, self.checked, self.walk)
        if self.found is None:
            return [puzzle.board(instance, self.forced).forced()] if self.forced else []
        if self.question == EXPLAIN:
            if self.conflict and puzzle.draws_clues:
                return [puzzle.conflict_board(instance, self.conflict)]
            return [puzzle.board(instance, answer) for answer in self.found.answers[:1]]
        return [puzzle.board(instance, answer) for answer in self.answers]

    def captions(self) -> list[str]:
        """A caption per board where there are several ("Solution 2"), else none."""
        count = len(self.answers) if self.question in (SOLVE, GRADE) else 1
        return [f"Solution {i}" for i in range(1, count + 1)] if count > 1 else []


def solve_envelope(puzzle: Puzzle, instance: Instance[Any], result: runner.Result,
                   shown: int, solutions: list[Any] | None = None) -> dict[str, Any]:
    """The JSON envelope of a search, with the first `shown` answers as solutions
    (`solutions`: those answers already converted, when the writing made them)."""
    closest = puzzle.assess(instance, result.answers)
    if solutions is None:
        solutions = [puzzle.solution_json(instance, a) for a in result.answers[:shown]]
    data: dict[str, Any] = {
        "puzzle": puzzle.name,
        "status": result.status,
        "solutions": solutions,
        "count": result.count,
        "complete": result.complete,
        "unique": result.unique,
    }
    if puzzle.verdict(instance, result.answers) is not None:
        data["unique"] = None  # one table of answers: no uniqueness question
    if closest is not None:
        if result.status == runner.SOLVED:
            data["status"] = closest.status
        data["unique"] = None
        data["closest"] = {**closest.extra, "solutions": solutions, "count": result.count}
        if not closest.in_solutions:  # the best answers are not solutions: none was found
            data["solutions"] = []
            data["count"] = 0
    if result.optimising:
        data["optimal"] = result.optimal
    if result.capped:
        data["capped"] = True
    data["stats"] = result.stats
    return data


def conflict_sentence(puzzle: Puzzle, instance: Instance[Any], conflict: Sequence[Symbol]) -> str:
    """A minimal conflict in words: "the 5 at (1,1) and the 5 at (1,2) cannot both hold"."""
    described = [puzzle.describe_clue(instance, clue) for clue in conflict]
    if len(described) == 1:
        return f"{described[0]} alone cannot hold."
    both = "both" if len(described) == 2 else "all"
    return (f"{'; '.join(described[:-1])} and {described[-1]} cannot {both} hold "
            f"together; without any one of them the rest can.")
