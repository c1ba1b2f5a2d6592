"""The puzzle contract: what a puzzle declares, and the registry that finds it.

A puzzle is one module in `pyasp_runner.puzzles` plus one encoding `asp/<name>.lp`. The
module's docstring's first line is its summary for `solve-asp --list`, and the module
ends with one declaration naming all of its parts:

    PUZZLE = PuzzleSpec(name="<name>", parse=parse, render=render, ...)

`PuzzleSpec` (below) is the contract: its docstring is the one list of the hooks, each
a typed field with its default. Nothing else in the package knows any particular puzzle.

The contract's records (`PuzzleSpec`, `Instance`, `Option`, `Closest`) are named tuples:
immutable, compared by value, changed with `_replace`. Every run makes them at import;
as named tuples they spare a solve the `dataclasses` module, which imports `inspect` and
was a large part of its start-up (docs/performance-paths.md).
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from clingo import Function, Number, String, Symbol, SymbolType

from . import puzzles as _puzzles_package
from .board import Board
from .errors import AnswerShapeError, InputError, UserError

if TYPE_CHECKING:  # rich is imported by whoever draws, not to read the contract
    import random

    from rich.console import RenderableType

Value = int | str | tuple["Value", ...]


class Instance(NamedTuple):
    """A parsed puzzle: structure facts, clue facts (the author's givens) and drawing data."""

    source: str
    structure: tuple[Symbol, ...]
    clues: tuple[Symbol, ...] = ()
    data: Any = None

    @property
    def facts(self) -> tuple[Symbol, ...]:
        return self.structure + self.clues


class Answer:
    """One answer set, copied out of clingo: its shown symbols and its cost (if optimising).

    A plain class, not a named tuple: what is read from it is cached on it (below).
    """

    def __init__(self, symbols: tuple[Symbol, ...], cost: tuple[int, ...] = ()) -> None:
        self.symbols = symbols
        self.cost = cost

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Answer)
                and (self.symbols, self.cost) == (other.symbols, other.cost))

    def __hash__(self) -> int:
        return hash((self.symbols, self.cost))

    def __repr__(self) -> str:
        return f"Answer(symbols={self.symbols!r}, cost={self.cost!r})"

    def atoms(self, name: str, arity: int) -> list[tuple[Any, ...]]:
        """The arguments of every shown atom `name/arity`, as Python values, sorted.

        Typed `Any`: an edited encoding may show atoms of any shape, and drawing code
        that meets the wrong one raises, which the registry reports (AnswerShapeError).
        """
        return sorted(self._by_signature.get((name, arity), ()))

    @cached_property
    def texts(self) -> tuple[str, ...]:
        """Every shown atom as clingo writes it, read once per answer (a call into clingo
        each): the atom lists of the JSON output and the reading below share it."""
        return tuple(map(str, self.symbols))

    @cached_property
    def _by_signature(self) -> dict[tuple[str, int], list[tuple[Any, ...]]]:
        """Every shown atom's arguments by (name, arity), read once per answer. An atom of
        numbers and tuples only (clue lists as nested tuples) is read from its text (one call
        into clingo instead of one per argument and tuple); any other through the
        symbol's parts."""
        groups: dict[tuple[str, int], list[tuple[Any, ...]]] = {}
        for sym, text in zip(self.symbols, self.texts, strict=True):
            plain = _NUMBERS_ONLY.fullmatch(text)
            nested = None if plain else _NUMBERS_AND_TUPLES.fullmatch(text)
            if plain:
                name, numbers = plain[1], plain[2]
                args: tuple[Any, ...] = tuple(map(int, numbers.split(","))) if numbers else ()
            elif nested:
                name, args = nested[1], _tuple_of_text(nested[2])
            elif sym.type == SymbolType.Function:
                name, args = sym.name, tuple(to_python(arg) for arg in sym.arguments)
            else:
                continue
            groups.setdefault((name, len(args)), []).append(args)
        return groups


def _tuple_of_text(text: str) -> tuple[Any, ...]:
    """Numbers and tuples as clingo writes them, `(3,(1,()),(5,))`, as nested tuples: the
    same text with brackets (a 1-tuple's trailing comma dropped) is a JSON array."""
    def tuples(value: Any) -> Any:
        return tuple(map(tuples, value)) if isinstance(value, list) else value
    return tuple(map(tuples, json.loads(text.replace(",)", ")").translate(_BRACKETS))))


# An atom whose arguments are all numbers, as clingo writes it: `black(3,-4)`, `done`.
_NUMBERS_ONLY = re.compile(r"([a-z_][A-Za-z0-9_']*)(?:\((-?[0-9]+(?:,-?[0-9]+)*)\))?")
# An atom whose arguments are numbers and tuples of them: `row_clue(2,(4,(1,())),3)`.
_NUMBERS_AND_TUPLES = re.compile(r"([a-z_][A-Za-z0-9_']*)(\([-0-9,()]*\))")
_BRACKETS = str.maketrans("()", "[]")


class Closest(NamedTuple):
    """The optimum of an optimising encoding when it is not an exact solution.

    `status` goes into the JSON envelope ("unsolvable", or "closest" where the puzzle's
    rules make the nearest answer the answer); `summary` is the one line shown to a
    person; `extra` is merged into the envelope's `closest` object (its answers are
    listed there, or stay in `solutions` when `in_solutions` is true).
    """

    status: str
    summary: str
    extra: Mapping[str, Any] = MappingProxyType({})
    in_solutions: bool = False


def fact(name: str, *args: Value) -> Symbol:
    """A clingo symbol from Python ints, strings and tuples: the only way input becomes facts."""
    return Function(name, [to_symbol(arg) for arg in args])


def to_symbol(value: Value) -> Symbol:
    """The clingo symbol of an int, a string or a tuple of them, nested to any depth (a
    line clue of 500 runs nests 500 tuples): built without recursion."""
    if not isinstance(value, tuple):
        return _plain_symbol(value)
    # Each open tuple with the symbols of its items made so far; a tuple is made when
    # all its items are.
    open_: list[tuple[tuple[Value, ...], list[Symbol]]] = [(value, [])]
    while True:
        items, made = open_[-1]
        if len(made) < len(items):
            item = items[len(made)]
            if isinstance(item, tuple):
                open_.append((item, []))
            else:
                made.append(_plain_symbol(item))
            continue
        open_.pop()
        symbol = Function("", made)
        if not open_:
            return symbol
        open_[-1][1].append(symbol)


def _plain_symbol(value: int | str) -> Symbol:
    if isinstance(value, bool):
        raise TypeError("booleans are not puzzle values")
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, str):
        return String(value)
    raise TypeError(f"not a puzzle value: {value!r}")


def to_python(sym: Symbol) -> Value:
    """The Python value of a symbol: ints, strings, tuples nested to any depth (read
    without recursion, as `to_symbol` builds them), a constant's name, else its text."""
    if not _is_tuple(sym):
        return _plain_value(sym)
    open_: list[tuple[Sequence[Symbol], list[Value]]] = [(sym.arguments, [])]
    while True:
        arguments, made = open_[-1]
        if len(made) < len(arguments):
            argument = arguments[len(made)]
            if _is_tuple(argument):
                open_.append((argument.arguments, []))
            else:
                made.append(_plain_value(argument))
            continue
        open_.pop()
        value = tuple(made)
        if not open_:
            return value
        open_[-1][1].append(value)


def _is_tuple(sym: Symbol) -> bool:
    return sym.type == SymbolType.Function and sym.name == ""


def _plain_value(sym: Symbol) -> Value:
    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function and not sym.arguments:
        return sym.name
    return str(sym)


def facts_text(symbols: Iterable[Symbol]) -> str:
    """Facts as plain `.lp` text; `str(Symbol)` quotes strings, so input cannot become rules."""
    return "".join(f"{sym}.\n" for sym in symbols)


OptionValues = Mapping[str, bool | str | None]
"""A puzzle's own options as given: `Option.name` -> True/False for a switch, the text
(or None when absent) for an option that takes a value."""


class Option(NamedTuple):
    """A command-line option a puzzle adds, as data (the command line builds it).

    flag: the option as typed (`--path`); help: one line for `--help`; metavar: the
    placeholder of its value, or None for a switch (on or off); models: answers to look
    for when the option is on and `-n` is not given (0 = all; None: no change).
    """

    flag: str
    help: str
    metavar: str | None = None
    models: int | None = None

    @property
    def name(self) -> str:
        """The key of its value in `OptionValues`: `--up-to-symmetry` -> `up_to_symmetry`."""
        return self.flag.lstrip("-").replace("-", "_")


def _clue_as_text(instance: Instance, clue: Symbol) -> str:
    return str(clue)


class PuzzleSpec(NamedTuple):
    """Everything a puzzle provides; the one list of the hooks (the module-level
    functions of the puzzle's module, named by keyword in its `PUZZLE = PuzzleSpec(...)`;
    `check` refuses what the types cannot say).

    Required:
        name            the module's, the encoding's and the CLI's name
        parse(text, source) -> Instance         text -> facts (structure apart from the
                                                author's clues), or InputError
        board(instance, answer) -> Board        one answer set (a partial one too:
                                                --hint) as a board description
                                                (pyasp_runner.board), which the
                                                terminal and SVG renderers draw
        solution_json(instance, answer) -> dict one answer set, as in PUZZLES.md

    Reasoning about clues (explain, hint):
        describe_clue(instance, clue) -> str    "the 5 at (2,3)"; default: the atom
        clue_json(instance, clue) -> dict       default: position = all arguments but
                                                the last, value = the last, text
        conflict_board(instance, clues) -> Board  the author's clues as a board, those
                                                given marked (none marked: the puzzle
                                                alone, generate --svg); None: the
                                                clues are only listed
        refuses_hint, refuses_explain           why --hint / --explain do not apply
                                                (None: they do)
    Writing puzzle text, and generate (blank and clues_of together, with write):
        write(instance, clues) -> str           puzzle text in its own input format
        writers                                 every format written (`--to`): name ->
                                                a write-like function, the first the
                                                default; empty: {"text": write}
        complete_formats                        writers that need every clue a solution
                                                implies (generate adds them)
        blank(size text or None) -> Instance    an empty puzzle of that size
        clues_of(instance, answer) -> [Symbol]  every clue a full answer implies
        random_answer(instance, rng) -> Answer | None  a random full answer of the
                                                blank board, where a search of the empty
                                                board is slow or makes poor puzzles;
                                                None (the default hook or its result):
                                                clingo's randomised search finds one
        clue_atom(clue) -> Symbol | None        the answer atom a clue states (a given
                                                number: the number in the answer), which
                                                generate assumes instead of grounding the
                                                clue; None: a clue it cannot state so
    Solving:
        assess(instance, answers) -> Closest | None  an optimum that is not a solution
        listing(instance, answers) -> Board | None  several answers as one compact
                                                board (a line each), drawn on a terminal
                                                instead of a board per answer; None: a
                                                board each
        verdict(instance, answers) -> str | None  the line said of a solved answer that
                                                is not one solution among others (a
                                                table of answers, one per target of a
                                                range), in place of the uniqueness
                                                verdict; None: that verdict
        size(instance) -> (int, unit)           how big, for refusing before grounding
        max_size                                above this `size` is refused (both or
                                                neither; --max-size N, --force)
        reach(instance, generating) -> str | None  why a search of it (generating: of
                                                a puzzle on this blank board) is beyond
                                                what is known to finish in a minute,
                                                though its size is within the limit: a
                                                note said before it starts
        default_models                          answers wanted without -n (None: look
                                                for a second one to tell uniqueness;
                                                0 = all)
        configuration                           clingo preset (unless --configuration)
        clingo_options                          clingo options the encoding is tuned
                                                with (("--eq=0",)), set after the
                                                preset; a --clingo-arg naming the same
                                                option replaces one (with a note)
        counting_options                        clingo options added when the run only
                                                counts (--count): e.g. a constant that
                                                lets the encoding count by orbits
        inline                                  the puzzle text may be the argument
        unsolvable                              what "no solution" means for it ("the
                                                clues contradict the rules")
        unsolvable_alone                        ... when even no clue at all has one
    Its own options:
        options                                 `Option`s, as data
        configure(instance, values) -> Instance apply their values (an `OptionValues`);
                                                may refuse them with InputError
    """

    name: str
    parse: Callable[[str, str], Instance]
    solution_json: Callable[[Instance, Answer], dict[str, Any]]
    board: Callable[[Instance, Answer], Board]
    describe_clue: Callable[[Instance, Symbol], str] = _clue_as_text
    clue_json: Callable[[Instance, Symbol], dict[str, Any]] | None = None
    conflict_board: Callable[[Instance, list[Symbol]], Board] | None = None
    refuses_hint: str | None = None
    refuses_explain: str | None = None
    blank: Callable[[str | None], Instance] | None = None
    clues_of: Callable[[Instance, Answer], list[Symbol]] | None = None
    random_answer: Callable[[Instance, random.Random], Answer | None] | None = None
    clue_atom: Callable[[Symbol], Symbol | None] | None = None
    write: Callable[[Instance, list[Symbol]], str] | None = None
    writers: Mapping[str, Callable[[Instance, list[Symbol]], str]] = MappingProxyType({})
    complete_formats: tuple[str, ...] = ()
    assess: Callable[[Instance, list[Answer]], Closest | None] | None = None
    verdict: Callable[[Instance, list[Answer]], str | None] | None = None
    listing: Callable[[Instance, list[Answer]], Board | None] | None = None
    size: Callable[[Instance], tuple[int, str]] | None = None
    max_size: int | None = None
    reach: Callable[[Instance, bool], str | None] | None = None
    default_models: int | None = None
    configuration: str | None = None
    clingo_options: tuple[str, ...] = ()
    counting_options: tuple[str, ...] = ()
    inline: bool = False
    unsolvable: str = "the clues contradict the rules"
    unsolvable_alone: str = "the rules cannot be satisfied for this size"
    options: tuple[Option, ...] = ()
    configure: Callable[[Instance, OptionValues], Instance] | None = None

    def check(self) -> None:
        """What the hooks' types cannot say, as a TypeError: the registry checks a puzzle's
        declaration when it first reads it (`Puzzle.spec`)."""
        if (self.blank is None) != (self.clues_of is None):
            raise TypeError(f"{self.name}: blank and clues_of go together (generate)")
        if self.blank is not None and self.write is None:
            raise TypeError(f"{self.name}: generate (blank, clues_of) needs write")
        if (self.size is None) != (self.max_size is None):
            raise TypeError(f"{self.name}: size and max_size go together")
        if self.options and self.configure is None:
            raise TypeError(f"{self.name}: options need configure to apply them")
        if self.default_models is not None and self.default_models < 0:
            raise TypeError(f"{self.name}: default_models is a number of answers, >= 0")
        if any(not option.startswith("--")
               for option in (*self.clingo_options, *self.counting_options)):
            raise TypeError(f"{self.name}: clingo_options are long options (--name=value)")
        if not set(self.complete_formats) <= set(self.writers):
            raise TypeError(f"{self.name}: complete_formats must name writers")

    @property
    def can_generate(self) -> bool:
        return self.blank is not None and self.clues_of is not None and self.write is not None


class Puzzle:
    """A registered puzzle: its name, its module's `PUZZLE` (imported on first use) and
    its encoding file; the hooks called with the contract's defaults applied."""

    def __init__(self, name: str) -> None:
        self.name = name

    @cached_property
    def module(self) -> ModuleType:
        return importlib.import_module(f"{_puzzles_package.__name__}.{self.name}")

    @cached_property
    def spec(self) -> PuzzleSpec:
        spec = self.module.PUZZLE
        if not isinstance(spec, PuzzleSpec):
            raise TypeError(f"{self.module.__name__}.PUZZLE is not a PuzzleSpec")
        spec.check()
        return spec

    @property
    def summary(self) -> str:
        """The first line of the module's docstring, read from its source where it can be
        (listing the puzzles then imports none of them), else from the imported module."""
        if "module" not in self.__dict__:
            read = _puzzles_package.summary_from_source(self.name)
            if read is not None:
                return read
        doc = (self.module.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else self.name

    @property
    def description(self) -> str:
        """The module's docstring: what the puzzle is and its input formats."""
        return (self.module.__doc__ or self.name).strip()

    @property
    def encoding(self) -> Path:
        return encoding_dir() / f"{self.name}.lp"

    def examples(self) -> dict[str, Path]:
        """The shipped instances (`instances/<name>/`), by file name without extension."""
        folder = data_dir("instances") / self.name
        files = sorted(path for path in folder.glob("*") if path.is_file()
                       and not path.name.endswith(".json") and not path.name.startswith(".")
                       and path.name != "README.md")
        return {path.stem: path for path in files}

    def parse(self, text: str, source: str) -> Instance:
        return self.spec.parse(text, source)

    def configure(self, instance: Instance, values: OptionValues) -> Instance:
        configure = self.spec.configure
        return configure(instance, values) if configure else instance

    def default_models(self, values: OptionValues) -> int | None:
        """Answers to look for without -n: an option that is on may say, else the puzzle."""
        for option in self.spec.options:
            if values.get(option.name) and option.models is not None:
                return option.models
        return self.spec.default_models

    def render(self, instance: Instance, answer: Answer, legend: bool = True
               ) -> RenderableType:
        """The answer drawn for the terminal (at the width of the console it is printed
        on); `legend`: with the lines saying how to read it."""
        from .board.terminal import terminal  # rich: only for whoever draws

        return terminal(self.board(instance, answer), legend)

    def render_conflict(self, instance: Instance, conflict: Sequence[Symbol]
                        ) -> RenderableType:
        """The author's clues drawn for the terminal, those in `conflict` marked."""
        from .board.terminal import terminal

        return terminal(self.conflict_board(instance, conflict))

    def board(self, instance: Instance, answer: Answer) -> Board:
        """The answer's board description (what the SVG and terminal renderers draw)."""
        try:
            return self.spec.board(instance, answer)
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def conflict_board(self, instance: Instance, conflict: Sequence[Symbol]) -> Board:
        """The author's clues alone as a board, those in `conflict` marked."""
        if self.spec.conflict_board is None:
            raise TypeError(f"{self.name} draws no clues")
        return self.spec.conflict_board(instance, list(conflict))

    @property
    def draws_clues(self) -> bool:
        return self.spec.conflict_board is not None

    def solution_json(self, instance: Instance, answer: Answer) -> dict[str, Any]:
        try:
            return self.spec.solution_json(instance, answer)
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def draws_nothing(self, instance: Instance, answer: Answer) -> bool:
        """True when the answer holds none of the atoms its drawing reads (an edited #show)."""
        try:
            return (self.spec.solution_json(instance, answer)
                    == self.spec.solution_json(instance, Answer(())))
        except _SHAPE_ERRORS:
            return False

    def describe_clue(self, instance: Instance, clue: Symbol) -> str:
        return self.spec.describe_clue(instance, clue)

    def clue_json(self, instance: Instance, clue: Symbol) -> dict[str, Any]:
        """A clue for JSON; by default the last argument is the value, the rest the position."""
        if self.spec.clue_json is not None:
            return self.spec.clue_json(instance, clue)
        values = [to_python(arg) for arg in clue.arguments]
        entry: dict[str, Any] = {"clue": clue.name}
        if values:
            entry |= {"position": values[:-1], "value": values[-1]}
        return entry | {"text": self.describe_clue(instance, clue)}

    @property
    def can_generate(self) -> bool:
        return self.spec.can_generate

    @property
    def writers(self) -> dict[str, Callable[[Instance, list[Symbol]], str]]:
        """Format name -> writer of puzzle text from an instance and a subset of its clues."""
        if self.spec.writers:
            return dict(self.spec.writers)
        return {"text": self.spec.write} if self.spec.write else {}

    def writer(self, name: str) -> Callable[[Instance, list[Symbol]], str]:
        """The writer of format `name`, or a UserError naming the formats written."""
        writers = self.writers
        if name not in writers:
            known = ", ".join(writers) or "none"
            raise UserError(f"{self.name} is not written as {name!r} (formats written: "
                            f"{known})")
        return writers[name]

    def assess(self, instance: Instance, answers: list[Answer]) -> Closest | None:
        assess = self.spec.assess
        return assess(instance, answers) if assess and answers else None

    def render_listing(self, instance: Instance, answers: list[Answer]
                       ) -> RenderableType | None:
        """Several answers drawn as one compact board, where the puzzle lists them so."""
        listing = self.spec.listing
        board = listing(instance, answers) if listing and len(answers) > 1 else None
        if board is None:
            return None
        from .board.terminal import terminal

        return terminal(board)

    def verdict(self, instance: Instance, answers: list[Answer]) -> str | None:
        verdict = self.spec.verdict
        return verdict(instance, answers) if verdict and answers else None

    def reach(self, instance: Instance, generating: bool = False) -> str | None:
        """A note for before the search starts, if it is of a kind beyond what is known
        to finish in a minute (a size within the limit, clues that leave a hard search)."""
        reach = self.spec.reach
        why = reach(instance, generating) if reach is not None else None
        return None if why is None else f"{why}; it may run long (--time-limit stops it)"

    def check_size(self, instance: Instance, limit: int | None, force: bool) -> None:
        """Refuse, before grounding, an instance larger than `limit` (default: the
        puzzle's `max_size`), unless forced."""
        measure, limit = self.spec.size, limit or self.spec.max_size
        if force or measure is None or limit is None:
            return
        size, unit = measure(instance)
        if size > limit:
            raise InputError(instance.source, f"{size:,} {unit} is above the limit of "
                             f"{limit:,} for {self.name} (grounding would take too long or "
                             f"too much memory); --max-size N raises it, --force lifts it")


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
    shipped = Path(__file__).parent / name
    if shipped.is_dir():
        return shipped
    return Path(__file__).resolve().parent.parent / name


@cache
def registry() -> dict[str, Puzzle]:
    """Every puzzle module (a module of `pyasp_runner.puzzles` not starting with `_`).

    Modules are imported only when used, so solving one puzzle loads one module.
    """
    return {name: Puzzle(name) for name in _puzzles_package.names()}
