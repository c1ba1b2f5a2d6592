"""The puzzle contract: what a puzzle declares.

A puzzle is one module in `pyasp_runner.puzzles` plus one encoding `asp/<name>.lp`. The
module's docstring's first line is its summary for `solve-asp --list`, and the module
ends with one declaration naming all of its parts:

    PUZZLE = PuzzleSpec(name="<name>", parse=parse, render=render, ...)

`PuzzleSpec` (below) is the contract: its docstring is the one list of the hooks, each
a typed field with its default. Nothing else in the package knows any particular puzzle;
the registry that finds the declarations is the `pyasp_runner.puzzles` package. The
values a puzzle's hooks trade in (facts made with `fact`, answers read as Python values)
are `pyasp_runner.facts`', named here too for the puzzles' modules.

The contract's records (`PuzzleSpec`, `Instance`, `Option`, `Closest`) are named tuples:
immutable, compared by value, changed with `_replace`. Every run makes them at import;
as named tuples they spare a solve the `dataclasses` module, which imports `inspect` and
was a large part of its start-up (docs/performance-paths.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from clingo import Symbol

from .board import Board
from .facts import Answer, Value, fact, facts_text, to_python, to_symbol

if TYPE_CHECKING:
    import random

__all__ = ["Answer", "Closest", "Instance", "Option", "OptionValues", "PuzzleSpec", "Value",
           "fact", "facts_text", "to_python", "to_symbol"]


class Instance(NamedTuple):
    """A parsed puzzle: structure facts, clue facts (the author's givens) and drawing data."""

    source: str
    structure: tuple[Symbol, ...]
    clues: tuple[Symbol, ...] = ()
    data: Any = None

    @property
    def facts(self) -> tuple[Symbol, ...]:
        return self.structure + self.clues



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
