"""A registered puzzle (`Puzzle`): its declaration, the contract's `PuzzleSpec`, with its
hooks called as the contract says where a group or a hook is None; its encoding and its
shipped examples; and the folders the wheel ships (`asp`, `instances`).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..errors import AnswerShapeError, InputError, UserError
from ._listing import summary_from_source

if TYPE_CHECKING:  # the contract and clingo are imported when a puzzle is read, not listed
    from clingo import Symbol
    from rich.console import RenderableType

    from ..board import Board
    from ..facts import Answer
    from ..puzzle import Closest, Instance, Option, OptionValues, PuzzleSpec, Writer

class Puzzle:
    """A registered puzzle: its name and its declaration (a `PuzzleSpec`), with the hooks
    called as the contract says where a group or hook is None.

    A puzzle of this package reads its declaration from its module's `PUZZLE`, imported
    on first use; `Puzzle.of(spec)` registers a declaration built any other way (from
    data, with hooks made by shared code), which needs no module.
    """

    def __init__(self, name: str) -> None:
        self.name = name

    @classmethod
    def of(cls, spec: PuzzleSpec[Any]) -> Puzzle:
        """A puzzle for a declaration that no module holds (its encoding: `spec.encoding`,
        else asp/<name>.lp)."""
        spec.check()
        puzzle = cls(spec.name)
        puzzle.__dict__["spec"] = spec
        return puzzle

    @cached_property
    def module(self) -> ModuleType:
        return importlib.import_module(f"{__package__}.{self.name}")

    @cached_property
    def spec(self) -> PuzzleSpec[Any]:
        from ..puzzle import PuzzleSpec

        spec = self.module.PUZZLE
        if not isinstance(spec, PuzzleSpec):
            raise TypeError(f"{self.module.__name__}.PUZZLE is not a PuzzleSpec")
        spec.check()
        return spec

    @property
    def summary(self) -> str:
        """The first line of its description: read from the module's source where it can
        be (listing the puzzles then imports none of them)."""
        if "module" not in self.__dict__ and "spec" not in self.__dict__:
            read = summary_from_source(self.name)
            if read is not None:
                return read
        lines = self.description.splitlines()
        return lines[0] if lines else self.name

    @property
    def description(self) -> str:
        """What the puzzle is and its input formats: the declaration's, else its module's
        docstring."""
        described = self.spec.description
        return (described if described is not None
                else self.module.__doc__ or self.name).strip()

    @property
    def encoding(self) -> Path:
        """Its rules: asp/<name>.lp, or the file a declaration given to `Puzzle.of` names
        (a puzzle of this package names none, so listing the puzzles imports none)."""
        declared = self.__dict__["spec"].encoding if "spec" in self.__dict__ else None
        return declared if declared is not None else encoding_dir() / f"{self.name}.lp"

    def examples(self) -> dict[str, Path]:
        """The shipped instances (`instances/<name>/`), by file name without extension."""
        folder = data_dir("instances") / self.name
        files = sorted(path for path in folder.glob("*") if path.is_file()
                       and not path.name.endswith(".json") and not path.name.startswith(".")
                       and path.name != "README.md")
        return {path.stem: path for path in files}

    def parse(self, text: str, source: str) -> Instance[Any]:
        return self.spec.parse(text, source)

    @property
    def options(self) -> tuple[Option, ...]:
        """The puzzle's own command-line options (none: an empty tuple)."""
        return self.spec.options.flags if self.spec.options else ()

    def configure(self, instance: Instance[Any], values: OptionValues) -> Instance[Any]:
        options = self.spec.options
        return options.configure(instance, values) if options else instance

    def default_models(self, values: OptionValues) -> int | None:
        """Answers to look for without -n: an option that is on may say, else the puzzle."""
        for option in self.options:
            if values.get(option.name) and option.models is not None:
                return option.models
        return self.spec.default_models

    @property
    def refuses_hint(self) -> str | None:
        """Why --hint does not apply to it (None: it does)."""
        reasoning = self.spec.reasoning
        return reasoning.refuses_hint if reasoning else None

    @property
    def refuses_explain(self) -> str | None:
        """Why --explain does not apply to it (None: it does)."""
        reasoning = self.spec.reasoning
        return reasoning.refuses_explain if reasoning else None

    def render(self, instance: Instance[Any], answer: Answer, legend: bool = True
               ) -> RenderableType:
        """The answer drawn for the terminal (at the width of the console it is printed
        on); `legend`: with the lines saying how to read it."""
        from ..board.terminal import terminal  # rich: only for whoever draws

        return terminal(self.board(instance, answer), legend)

    def render_conflict(self, instance: Instance[Any], conflict: Sequence[Symbol]
                        ) -> RenderableType:
        """The author's clues drawn for the terminal, those in `conflict` marked."""
        from ..board.terminal import terminal

        return terminal(self.conflict_board(instance, conflict))

    def board(self, instance: Instance[Any], answer: Answer) -> Board:
        """The answer's board description (what the SVG and terminal renderers draw)."""
        try:
            return self.spec.drawing.board(instance, answer)
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def conflict_board(self, instance: Instance[Any], conflict: Sequence[Symbol]) -> Board:
        """The author's clues alone as a board, those in `conflict` marked."""
        conflict_board = self.spec.drawing.conflict_board
        if conflict_board is None:
            raise TypeError(f"{self.name} draws no clues")
        return conflict_board(instance, list(conflict))

    @property
    def draws_clues(self) -> bool:
        return self.spec.drawing.conflict_board is not None

    def solution_json(self, instance: Instance[Any], answer: Answer) -> dict[str, Any]:
        """The answer as its JSON solution object, with `atoms`: its shown atoms as clingo
        writes them."""
        try:
            solution = self.spec.drawing.solution_json(instance, answer)
            return {**solution, "atoms": list(answer.texts)}
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def given_count(self, instance: Instance[Any]) -> int:
        """The values of a solution the author gave (a clue `given(...)` fixes one)."""
        return sum(clue.name == "given" for clue in instance.clues)

    def known_count(self, instance: Instance[Any], answer: Answer) -> int:
        """The values a (partial) answer knows, as its JSON solution holds them."""
        return known_values(self.solution_json(instance, answer))

    def draws_nothing(self, instance: Instance[Any], answer: Answer) -> bool:
        """True when the answer holds none of the atoms its drawing reads (an edited #show)."""
        from ..facts import Answer

        solution_json = self.spec.drawing.solution_json
        try:
            return solution_json(instance, answer) == solution_json(instance, Answer(()))
        except _SHAPE_ERRORS:
            return False

    def describe_clue(self, instance: Instance[Any], clue: Symbol) -> str:
        """A clue for a person ("the 5 at (2,3)"); without the puzzle's hook, the atom."""
        describe = self.spec.reasoning.describe_clue if self.spec.reasoning else None
        return describe(instance, clue) if describe else str(clue)

    def clue_json(self, instance: Instance[Any], clue: Symbol) -> dict[str, Any]:
        """A clue for JSON: the last argument is the value, the others the position."""
        from ..facts import to_python

        values = [to_python(arg) for arg in clue.arguments]
        entry: dict[str, Any] = {"clue": clue.name}
        if values:
            entry |= {"position": values[:-1], "value": values[-1]}
        return entry | {"text": self.describe_clue(instance, clue)}

    @property
    def can_generate(self) -> bool:
        return self.spec.can_generate

    @property
    def why_not_generated(self) -> str:
        """Why `generate` does not make this puzzle ("": it does, or no reason to give)."""
        return ""

    @property
    def writers(self) -> dict[str, Writer[Any]]:
        """Format name -> writer of puzzle text from an instance and a subset of its clues,
        the default first."""
        writing = self.spec.writing
        return dict(writing.writers) if writing else {}

    def writer(self, name: str) -> Writer[Any]:
        """The writer of format `name`, or a UserError naming the formats written."""
        writers = self.writers
        if name not in writers:
            known = ", ".join(writers) or "none"
            raise UserError(f"{self.name} is not written as {name!r} (formats written: "
                            f"{known})")
        return writers[name]

    def assess(self, instance: Instance[Any], answers: list[Answer]) -> Closest | None:
        assess = self.spec.judging.assess if self.spec.judging else None
        return assess(instance, answers) if assess and answers else None

    def render_listing(self, instance: Instance[Any], answers: list[Answer]
                       ) -> RenderableType | None:
        """Several answers drawn as one compact board, where the puzzle lists them so."""
        listing = self.spec.drawing.listing
        board = listing(instance, answers) if listing and len(answers) > 1 else None
        if board is None:
            return None
        from ..board.terminal import terminal

        return terminal(board)

    def verdict(self, instance: Instance[Any], answers: list[Answer]) -> str | None:
        verdict = self.spec.judging.verdict if self.spec.judging else None
        return verdict(instance, answers) if verdict and answers else None

    @property
    def max_size(self) -> int | None:
        """Above this size an instance is refused before grounding (None: no limit)."""
        return self.spec.size.limit if self.spec.size else None

    def size_of(self, instance: Instance[Any]) -> tuple[int, str] | None:
        """How big the instance is, and in what (None: the puzzle does not measure)."""
        return self.spec.size.measure(instance) if self.spec.size else None

    def reach(self, instance: Instance[Any], generating: bool = False) -> str | None:
        """A note for before the search starts, if it is of a kind beyond what is known
        to finish in a minute (a size within the limit, clues that leave a hard search)."""
        reach = self.spec.size.reach if self.spec.size else None
        why = reach(instance, generating) if reach is not None else None
        return None if why is None else f"{why}; it may run long (--time-limit stops it)"

    def check_size(self, instance: Instance[Any], limit: int | None, force: bool) -> None:
        """Refuse, before grounding, an instance larger than `limit` (default: the
        puzzle's limit), unless forced."""
        limit = limit or self.max_size
        if force or limit is None:
            return
        measured = self.size_of(instance)
        if measured is None:
            return
        size, unit = measured
        if size > limit:
            raise InputError(instance.source, f"{size:,} {unit} is above the limit of "
                             f"{limit:,} for {self.name} (grounding would take too long or "
                             f"too much memory); --max-size N raises it, --force lifts it")


def known_values(solution: Any) -> int:
    """The values a (possibly partial) JSON solution knows: numbers, and characters of
    string rows; unknown ones are null, or `?` in a string row."""
    if isinstance(solution, dict):
        return sum(known_values(value) for key, value in solution.items()
                   if key != "atoms")  # its atoms restate its values
    if isinstance(solution, list):
        return sum(known_values(value) for value in solution)
    if isinstance(solution, str):
        return sum(char != "?" for char in solution)
    return int(solution is not None)


# What drawing code raises on atoms of an unexpected shape (wrong arity, a string where
# a number belongs, a position off the board): the encoding's fault, not a crash.
_SHAPE_ERRORS = (LookupError, TypeError, ValueError, AttributeError)


def _shape_problem(answer: Answer, error: Exception) -> str:
    atoms = " ".join(str(sym) for sym in answer.symbols[:6])
    more = " ..." if len(answer.symbols) > 6 else ""
    return f"cannot draw the answer {{{atoms}{more}}}: {type(error).__name__}: {error}"


def encoding_dir() -> Path:
    """`asp/` of a checkout (so edits take effect at once), else the copy inside the wheel."""
    return data_dir("asp")


def data_dir(name: str) -> Path:
    """A folder the wheel ships inside the package (`asp`, `instances`); in a checkout,
    the folder at its top."""
    package = Path(__file__).parent.parent
    shipped = package / name
    if shipped.is_dir():
        return shipped
    return package.resolve().parent / name
