"""The puzzle contract: what a puzzle declares.

A puzzle is an encoding plus one declaration, `PuzzleSpec`, that names every part of it,
as Simon Tatham's `const struct game` does: its reader (`parse`), then its hooks in
groups, each group listed by every declaration and `None` where the puzzle has none:

    PUZZLE = PuzzleSpec(
        name="<name>", parse=parse,
        drawing=Drawing(board=board, solution_json=solution_json,
                        conflict_board=conflict_board, listing=None),
        reasoning=Reasoning(describe_clue=describe_clue, refuses_hint=None,
                            refuses_explain=None),
        writing=Writing(writers={"text": write}, complete_formats=()),
        generating=Generating(blank=blank, clues_of=clues_of, random_answer=None,
                              clue_atom=None),
        judging=None, size=None, options=None,
    )

then its settings, which are data with defaults (a clingo preset, the words for "no
solution", ...). A puzzle module (`pyasp_runner.puzzles.<name>`) ends with such a
declaration; nothing in it needs a module, so a declaration can as well be built from
data (a genre's header) with hooks made by shared code.

The contract is generic in the puzzle's own input record (`<Puzzle>Input`, what `parse`
reads besides the facts): `Instance[InputT]` carries it, and every hook of a
`PuzzleSpec[InputT]` receives it typed, so a type checker holds each declaration's hooks
to its reader and no hook reads `Any` back.

The records are small immutable classes (compared by value, changed with `replace`),
not named tuples, which cannot be generic on Python 3.10, nor dataclasses, whose
import (it imports `inspect`) a `--json` solve spares (docs/performance-paths.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, overload

from clingo import Symbol

from .board import Board
from .facts import Answer, Value, fact, facts_text, to_python, to_symbol

if TYPE_CHECKING:
    import random

    from .player import PlayerAnswer

__all__ = ["Answer", "Closest", "Drawing", "Generating", "Instance", "Judging", "Option",
           "OptionValues", "Options", "PuzzleSpec", "Reasoning", "Size", "Value", "Writing",
           "fact", "facts_text", "to_python", "to_symbol"]

InputT = TypeVar("InputT")
# An instance is immutable, so one whose record is a subtype is itself a subtype: shared
# hooks may ask for any record with the fields they read.
InputT_co = TypeVar("InputT_co", covariant=True)
_R = TypeVar("_R", bound="_Record")


class _Record:
    """An immutable record whose fields are its `__slots__`: set once by `__init__`,
    compared and hashed by value, copied with changes by `replace`."""

    __slots__: tuple[str, ...] = ()

    def _set(self, **fields: Any) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: use replace()")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _Record) and type(other) is type(self)
                and self._values() == other._values())

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def replace(self: _R, **changes: Any) -> _R:
        """A copy with the fields named changed."""
        unknown = set(changes) - set(self.__slots__)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        copy = object.__new__(type(self))
        copy._set(**{name: changes.get(name, getattr(self, name)) for name in self.__slots__})
        return copy


class Instance(_Record, Generic[InputT_co]):
    """A parsed puzzle: structure facts, clue facts (the author's givens), and `data`, the
    puzzle's own record of what it read (its `<Puzzle>Input`; None where the facts say
    everything). Immutable: `replace` makes a changed copy."""

    __slots__ = ("clues", "data", "source", "structure")
    source: str
    structure: tuple[Symbol, ...]
    clues: tuple[Symbol, ...]
    data: InputT_co

    @overload
    def __init__(self: Instance[None], source: str, structure: tuple[Symbol, ...],
                 clues: tuple[Symbol, ...] = ()) -> None: ...

    @overload
    def __init__(self, source: str, structure: tuple[Symbol, ...], clues: tuple[Symbol, ...],
                 data: InputT_co) -> None: ...

    def __init__(self, source: str, structure: tuple[Symbol, ...],
                 clues: tuple[Symbol, ...] = (), data: Any = None) -> None:
        self._set(source=source, structure=structure, clues=clues, data=data)

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


Writer = Callable[[Instance[InputT], list[Symbol]], str]
"""Puzzle text in one input format, from an instance and a subset of its clues."""


class Drawing(_Record, Generic[InputT]):
    """How answers are shown (every puzzle has this group).

    board(instance, answer) -> Board       one answer (a partial one too: --hint) as a
                                           board description (pyasp_runner.board), which
                                           the terminal and SVG renderers draw
    solution_json(instance, answer) -> dict  one answer, as docs/json.md says
    conflict_board(instance, clues) -> Board | None: the author's clues alone as a
                                           board, those in `clues` marked (none marked:
                                           the puzzle as given, generate --svg); None:
                                           the clues are only listed
    listing(instance, answers) -> Board | None | None: several answers as one compact
                                           board (a line each) on a terminal, instead of
                                           a board per answer
    """

    __slots__ = ("board", "conflict_board", "listing", "solution_json")
    board: Callable[[Instance[InputT], Answer], Board]
    solution_json: Callable[[Instance[InputT], Answer], dict[str, Any]]
    conflict_board: Callable[[Instance[InputT], list[Symbol]], Board] | None
    listing: Callable[[Instance[InputT], list[Answer]], Board | None] | None

    def __init__(self, *, board: Callable[[Instance[InputT], Answer], Board],
                 solution_json: Callable[[Instance[InputT], Answer], dict[str, Any]],
                 conflict_board: Callable[[Instance[InputT], list[Symbol]], Board] | None,
                 listing: Callable[[Instance[InputT], list[Answer]], Board | None] | None
                 ) -> None:
        self._set(board=board, solution_json=solution_json, conflict_board=conflict_board,
                  listing=listing)


class Reasoning(_Record, Generic[InputT]):
    """Explain and hint, the questions about the author's clues (None: the clues named
    as clingo writes them, both questions apply).

    describe_clue(instance, clue) -> str | None: "the 5 at (2,3)"; None: the atom
    refuses_hint, refuses_explain          why --hint / --explain do not apply (None:
                                           they do)
    """

    __slots__ = ("describe_clue", "refuses_explain", "refuses_hint")
    describe_clue: Callable[[Instance[InputT], Symbol], str] | None
    refuses_hint: str | None
    refuses_explain: str | None

    def __init__(self, *, describe_clue: Callable[[Instance[InputT], Symbol], str] | None,
                 refuses_hint: str | None, refuses_explain: str | None) -> None:
        self._set(describe_clue=describe_clue, refuses_hint=refuses_hint,
                  refuses_explain=refuses_explain)


class Writing(_Record, Generic[InputT]):
    """Puzzle text written back in the puzzle's own formats (`--to`, generate).

    writers                                every format written: name -> writer, the
                                           first the default
    complete_formats                       writers that need every clue a solution
                                           implies (generate keeps them all)
    """

    __slots__ = ("complete_formats", "writers")
    writers: Mapping[str, Writer[InputT]]
    complete_formats: tuple[str, ...]

    def __init__(self, *, writers: Mapping[str, Writer[InputT]],
                 complete_formats: tuple[str, ...]) -> None:
        self._set(writers=MappingProxyType(dict(writers)), complete_formats=complete_formats)

    @property
    def write(self) -> Writer[InputT]:
        """The default format's writer."""
        return next(iter(self.writers.values()))


class Generating(_Record, Generic[InputT]):
    """generate: a new puzzle with one solution (needs `Writing` to write it).

    blank(size text or None) -> Instance   an empty puzzle of that size
    clues_of(instance, answer) -> [Symbol] every clue a full answer implies
    random_answer(instance, rng, deadline) -> Answer | None | None: a random full
                                           answer of the blank board, where a search of
                                           the empty board is slow or makes poor puzzles,
                                           found by `deadline` (perf_counter; None: no
                                           limit) or raising runner.Abandoned; None (the
                                           hook or its result): clingo's randomised search
    clue_atom(clue) -> Symbol | None | None: the answer atom a clue states (a given
                                           number: the number in the answer), which
                                           generate assumes instead of grounding the clue
    clues_by(rules, instance, answer) -> [Symbol] | None: clues_of where the rules
                                           derive clues (a count along a line): with the
                                           rules generate solves with (`--encoding`)
    """

    __slots__ = ("blank", "clue_atom", "clues_by", "clues_of", "random_answer")
    blank: Callable[[str | None], Instance[InputT]]
    clues_of: Callable[[Instance[InputT], Answer], list[Symbol]]
    random_answer: Callable[[Instance[InputT], random.Random, float | None],
                            Answer | None] | None
    clue_atom: Callable[[Symbol], Symbol | None] | None
    clues_by: Callable[[Path, Instance[InputT], Answer], list[Symbol]] | None

    def __init__(self, *, blank: Callable[[str | None], Instance[InputT]],
                 clues_of: Callable[[Instance[InputT], Answer], list[Symbol]],
                 random_answer: Callable[[Instance[InputT], random.Random, float | None],
                                         Answer | None] | None,
                 clue_atom: Callable[[Symbol], Symbol | None] | None,
                 clues_by: Callable[[Path, Instance[InputT], Answer], list[Symbol]]
                 | None = None) -> None:
        self._set(blank=blank, clues_of=clues_of, random_answer=random_answer,
                  clue_atom=clue_atom, clues_by=clues_by)


class Judging(_Record, Generic[InputT]):
    """What is said of the answers found, where uniqueness is not the whole story.

    assess(instance, answers) -> Closest | None | None: an optimum that is not a solution
    verdict(instance, answers) -> str | None | None: the line said of a solved answer that
                                           is not one solution among others (a table of
                                           answers), in place of the uniqueness verdict
    """

    __slots__ = ("assess", "verdict")
    assess: Callable[[Instance[InputT], list[Answer]], Closest | None] | None
    verdict: Callable[[Instance[InputT], list[Answer]], str | None] | None

    def __init__(self, *, assess: Callable[[Instance[InputT], list[Answer]], Closest | None]
                 | None,
                 verdict: Callable[[Instance[InputT], list[Answer]], str | None] | None
                 ) -> None:
        self._set(assess=assess, verdict=verdict)


class Size(_Record, Generic[InputT]):
    """How big an instance is, to refuse before grounding what would exceed the machine.

    measure(instance) -> (int, unit)       the count the encoding's grounding grows with
    limit                                  above it the instance is refused (--max-size N
                                           raises it, --force lifts it)
    reach(instance, generating) -> str | None | None: why a search of it (generating: of
                                           a puzzle on this blank board) is beyond what is
                                           known to finish in a minute, though its size is
                                           within the limit: a note said before it starts
    """

    __slots__ = ("limit", "measure", "reach")
    measure: Callable[[Instance[InputT]], tuple[int, str]]
    limit: int
    reach: Callable[[Instance[InputT], bool], str | None] | None

    def __init__(self, *, measure: Callable[[Instance[InputT]], tuple[int, str]],
                 limit: int,
                 reach: Callable[[Instance[InputT], bool], str | None] | None = None
                 ) -> None:
        self._set(measure=measure, limit=limit, reach=reach)


class Options(_Record, Generic[InputT]):
    """The puzzle's own command-line options.

    flags                                  `Option`s, as data
    configure(instance, values) -> Instance  apply their values (an `OptionValues`); may
                                           refuse them with InputError
    """

    __slots__ = ("configure", "flags")
    flags: tuple[Option, ...]
    configure: Callable[[Instance[InputT], OptionValues], Instance[InputT]]

    def __init__(self, *, flags: tuple[Option, ...],
                 configure: Callable[[Instance[InputT], OptionValues], Instance[InputT]]
                 ) -> None:
        self._set(flags=flags, configure=configure)


class PuzzleSpec(_Record, Generic[InputT]):
    """Everything a puzzle provides: the one list of its parts (`check` refuses what the
    types cannot say).

    Every declaration lists:
        name            the puzzle's name: its encoding's, its examples' folder's and the
                        command line's
        parse(text, source) -> Instance        text -> facts (structure apart from the
                                               author's clues) and the puzzle's input
                                               record, or InputError
        drawing         Drawing: how answers are shown
        reasoning       Reasoning | None: explain and hint
        writing         Writing | None: puzzle text written back (--to)
        generating      Generating | None: generate (needs writing)
        judging         Judging | None: what is said of the answers beyond uniqueness
        size            Size | None: the instances refused before grounding
        options         Options | None: the puzzle's own command-line options
    Settings, data with defaults:
        read_answer(instance, solution) -> PlayerAnswer  a player's answer (--check): the
                        JSON solution object as the answer atoms it states
                        (pyasp_runner.player); raises player.AnswerError (None: --check
                        does not apply)
        text_answer     the field of that solution object that an answer written as plain
                        text gives (an expression's `expression`; None: plain text is the
                        puzzle's own text form with the cells filled in)
        description     what the puzzle is and its input formats, its first line the
                        summary of `solve-asp --list` (None: the module's docstring)
        encoding        its rules (None: asp/<name>.lp)
        default_models  answers wanted without -n (None: look for a second one to tell
                        uniqueness; 0 = all)
        configuration   clingo preset (unless --configuration)
        clingo_options  clingo options the encoding is tuned with (("--eq=0",)), set
                        after the preset; a --clingo-arg naming the same option replaces
                        one (with a note)
        counting_options  clingo options added when the run only counts (--count): e.g.
                        a constant that lets the encoding count by orbits
        inline          the puzzle text may be the argument
        unsolvable      what "no solution" means for it ("the clues contradict the rules")
        unsolvable_alone  ... when even no clue at all has one
    """

    __slots__ = (
        "clingo_options",
        "configuration",
        "counting_options",
        "default_models",
        "description",
        "drawing",
        "encoding",
        "generating",
        "inline",
        "judging",
        "name",
        "options",
        "parse",
        "read_answer",
        "reasoning",
        "size",
        "text_answer",
        "unsolvable",
        "unsolvable_alone",
        "writing",
    )
    name: str
    parse: Callable[[str, str], Instance[InputT]]
    drawing: Drawing[InputT]
    reasoning: Reasoning[InputT] | None
    writing: Writing[InputT] | None
    generating: Generating[InputT] | None
    judging: Judging[InputT] | None
    size: Size[InputT] | None
    options: Options[InputT] | None
    description: str | None
    encoding: Path | None
    default_models: int | None
    configuration: str | None
    clingo_options: tuple[str, ...]
    counting_options: tuple[str, ...]
    inline: bool
    unsolvable: str
    unsolvable_alone: str
    read_answer: Callable[[Instance[InputT], Mapping[str, Any]], PlayerAnswer] | None
    text_answer: str | None

    def __init__(self, *, name: str, parse: Callable[[str, str], Instance[InputT]],
                 drawing: Drawing[InputT], reasoning: Reasoning[InputT] | None,
                 writing: Writing[InputT] | None, generating: Generating[InputT] | None,
                 judging: Judging[InputT] | None, size: Size[InputT] | None,
                 options: Options[InputT] | None, description: str | None = None,
                 encoding: Path | None = None, default_models: int | None = None,
                 configuration: str | None = None, clingo_options: tuple[str, ...] = (),
                 counting_options: tuple[str, ...] = (), inline: bool = False,
                 unsolvable: str = "the clues contradict the rules",
                 unsolvable_alone: str = "the rules cannot be satisfied for this size",
                 read_answer: Callable[[Instance[InputT], Mapping[str, Any]], PlayerAnswer]
                 | None = None, text_answer: str | None = None) -> None:
        self._set(name=name, parse=parse, drawing=drawing, reasoning=reasoning,
                  writing=writing, generating=generating, judging=judging, size=size,
                  options=options, description=description, encoding=encoding,
                  default_models=default_models, configuration=configuration,
                  clingo_options=clingo_options, counting_options=counting_options,
                  inline=inline, unsolvable=unsolvable, unsolvable_alone=unsolvable_alone,
                  read_answer=read_answer, text_answer=text_answer)

    def check(self) -> None:
        """What the types cannot say, as a TypeError: the registry checks a declaration
        when it first reads it."""
        if self.generating is not None and self.writing is None:
            raise TypeError(f"{self.name}: generating needs writing (generate writes its "
                            "puzzle)")
        if self.writing is not None:
            if not self.writing.writers:
                raise TypeError(f"{self.name}: writing names no writer")
            if not set(self.writing.complete_formats) <= set(self.writing.writers):
                raise TypeError(f"{self.name}: complete_formats must name writers")
        if self.default_models is not None and self.default_models < 0:
            raise TypeError(f"{self.name}: default_models is a number of answers, >= 0")
        if any(not option.startswith("--")
               for option in (*self.clingo_options, *self.counting_options)):
            raise TypeError(f"{self.name}: clingo_options are long options (--name=value)")

    @property
    def can_generate(self) -> bool:
        return self.generating is not None and self.writing is not None
