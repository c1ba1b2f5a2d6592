"""The puzzle interface: what a puzzle module provides and how the runner finds it.

A puzzle is one module in `pyasp_runner.puzzles` plus one encoding `asp/<name>.lp`.
The module's docstring's first line is its summary for `solve-asp --list`. It defines

    parse(text: str, source: str) -> Instance       # text -> facts, or InputError
    render(instance, answer) -> rich renderable     # one answer set, drawn
    board(instance, answer) -> board.Board          # one answer set, described for drawing
    solution_json(instance, answer) -> dict         # one answer set, as in PUZZLES.md

and may define

    describe_clue(instance, clue) -> str            # "the 5 at (2,3)"
    clue_json(instance, clue) -> dict               # {"position": [2, 3], "value": 5}
    render_conflict(instance, clues) -> renderable  # the clues, those given marked
    conflict_board(instance, clues) -> board.Board  # the clues as a board, those given marked
    blank(size: str | None) -> Instance             # an empty puzzle, for `generate`
    clues_of(instance, answer) -> list[Symbol]      # every clue a full answer implies
    write(instance, clues) -> str                   # puzzle text in its input format
    assess(instance, answers) -> Closest | None     # optimum that is not a solution
    DEFAULT_MODELS: int                             # answers wanted by default (2)
    CONFIGURATION: str                              # clingo preset (--configuration)
    size(instance) -> (int, str)                    # how big, and in what unit, for
    MAX_SIZE: int                                   #   the refusal above MAX_SIZE
                                                    #   (--max-size N, --force)
    INLINE: bool                                    # one-line format: text as argument
    add_options(group) -> None                      # its own command-line options
    configure(instance, args) -> Instance           # apply them (may set generic ones,
                                                    # e.g. args.models = 0 for "--all")

Nothing else in the package knows any particular puzzle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

from clingo import Function, Number, String, Symbol, SymbolType

from . import puzzles as _puzzles_package
from .errors import AnswerShapeError

Value = int | str | tuple["Value", ...]


@dataclass(frozen=True)
class Instance:
    """A parsed puzzle: structure facts, clue facts (the author's givens) and drawing data."""

    source: str
    structure: tuple[Symbol, ...]
    clues: tuple[Symbol, ...] = ()
    data: Any = None

    @property
    def facts(self) -> tuple[Symbol, ...]:
        return self.structure + self.clues


@dataclass(frozen=True)
class Answer:
    """One answer set, copied out of clingo: its shown symbols and its cost (if optimising)."""

    symbols: tuple[Symbol, ...]
    cost: tuple[int, ...] = ()

    def atoms(self, name: str, arity: int) -> list[tuple[Value, ...]]:
        """The arguments of every shown atom `name/arity`, as Python values, sorted."""
        return sorted(
            tuple(to_python(arg) for arg in sym.arguments)
            for sym in self.symbols
            if sym.type == SymbolType.Function and sym.name == name and len(sym.arguments) == arity
        )


@dataclass(frozen=True)
class Closest:
    """The optimum of an optimising encoding when it is not an exact solution.

    `status` goes into the JSON envelope ("unsolvable", or "closest" where the puzzle's
    rules make the nearest answer the answer); `summary` is the one line shown to a
    person; `extra` is merged into the envelope's `closest` object (its answers are
    listed there, or stay in `solutions` when `in_solutions` is true).
    """

    status: str
    summary: str
    extra: dict[str, Any] = field(default_factory=dict)
    in_solutions: bool = False


def fact(name: str, *args: Value) -> Symbol:
    """A clingo symbol from Python ints, strings and tuples: the only way input becomes facts."""
    return Function(name, [to_symbol(arg) for arg in args])


def to_symbol(value: Value) -> Symbol:
    if isinstance(value, bool):
        raise TypeError("booleans are not puzzle values")
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, str):
        return String(value)
    return Function("", [to_symbol(v) for v in value])


def to_python(sym: Symbol) -> Value:
    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function and sym.name == "":
        return tuple(to_python(a) for a in sym.arguments)
    if sym.type == SymbolType.Function and not sym.arguments:
        return sym.name
    return str(sym)


def facts_text(symbols: Iterable[Symbol]) -> str:
    """Facts as plain `.lp` text; `str(Symbol)` quotes strings, so input cannot become rules."""
    return "".join(f"{sym}.\n" for sym in symbols)


class Puzzle:
    """A registered puzzle: its module (imported on first use) and its encoding file."""

    def __init__(self, name: str) -> None:
        self.name = name

    @cached_property
    def module(self) -> ModuleType:
        return importlib.import_module(f"{_puzzles_package.__name__}.{self.name}")

    @property
    def summary(self) -> str:
        doc = (self.module.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else self.name

    @property
    def encoding(self) -> Path:
        return encoding_dir() / f"{self.name}.lp"

    @property
    def configuration(self) -> str | None:
        """clingo's search preset that suits this puzzle, unless the user names one."""
        return getattr(self.module, "CONFIGURATION", None)

    @property
    def default_models(self) -> int:
        return int(getattr(self.module, "DEFAULT_MODELS", 2))

    def parse(self, text: str, source: str) -> Instance:
        return self.module.parse(text, source)

    def configure(self, instance: Instance, args: Any) -> Instance:
        configure = getattr(self.module, "configure", None)
        return configure(instance, args) if configure else instance

    def render(self, instance: Instance, answer: Answer) -> Any:
        try:
            return self.module.render(instance, answer)
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def board(self, instance: Instance, answer: Answer) -> Any:
        """The answer's board description (`pyasp_runner.board.Board`)."""
        try:
            return self.module.board(instance, answer)
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def conflict_board(self, instance: Instance, conflict: Sequence[Symbol]) -> Any:
        """The author's clues alone as a board, those in `conflict` marked."""
        return self.module.conflict_board(instance, list(conflict))

    @property
    def draws_clues(self) -> bool:
        return hasattr(self.module, "conflict_board")

    def solution_json(self, instance: Instance, answer: Answer) -> dict[str, Any]:
        try:
            return self.module.solution_json(instance, answer)
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def draws_nothing(self, instance: Instance, answer: Answer) -> bool:
        """True when the answer holds none of the atoms its drawing reads (an edited #show)."""
        try:
            return (self.module.solution_json(instance, answer)
                    == self.module.solution_json(instance, Answer(())))
        except _SHAPE_ERRORS:
            return False

    def describe_clue(self, instance: Instance, clue: Symbol) -> str:
        describe: Callable[[Instance, Symbol], str] | None = getattr(
            self.module, "describe_clue", None
        )
        return describe(instance, clue) if describe else str(clue)

    def clue_json(self, instance: Instance, clue: Symbol) -> dict[str, Any]:
        """A clue for JSON; by default the last argument is the value, the rest the position."""
        custom = getattr(self.module, "clue_json", None)
        if custom:
            return custom(instance, clue)
        values = [to_python(arg) for arg in clue.arguments]
        entry: dict[str, Any] = {"clue": clue.name}
        if values:
            entry |= {"position": values[:-1], "value": values[-1]}
        return entry | {"text": self.describe_clue(instance, clue)}

    @property
    def can_generate(self) -> bool:
        return all(hasattr(self.module, name) for name in ("blank", "clues_of", "write"))

    def assess(self, instance: Instance, answers: Sequence[Answer]) -> Closest | None:
        assess = getattr(self.module, "assess", None)
        return assess(instance, answers) if assess and answers else None


# What drawing code raises on atoms of an unexpected shape (wrong arity, a string where
# a number belongs, a position off the board): the encoding's fault, not a crash.
_SHAPE_ERRORS = (LookupError, TypeError, ValueError, AttributeError)


def _shape_problem(answer: Answer, error: Exception) -> str:
    atoms = " ".join(str(sym) for sym in answer.symbols[:6])
    more = " ..." if len(answer.symbols) > 6 else ""
    return f"cannot draw the answer {{{atoms}{more}}}: {type(error).__name__}: {error}"


def encoding_dir() -> Path:
    """`asp/` of a checkout (so edits take effect at once), else the copy inside the wheel."""
    package = Path(__file__).resolve().parent
    shipped = package / "asp"
    return shipped if shipped.is_dir() else package.parent / "asp"


@cache
def registry() -> dict[str, Puzzle]:
    """Every puzzle module (a module of `pyasp_runner.puzzles` not starting with `_`).

    Modules are imported only when used, so solving one puzzle loads one module.
    """
    folder = Path(_puzzles_package.__file__).parent
    names = sorted(path.stem for path in folder.glob("*.py") if not path.stem.startswith("_"))
    return {name: Puzzle(name) for name in names}
