"""A puzzle read from its text and made ready to solve, with its settings.

`Settings` is everything a front end may set about a run (the command's options, the
API's keywords, a studio request's, a collection's): how the puzzle is read (encoding,
its own options, constants, clingo's arguments, the size limit) and how it is searched
(answers wanted, counting, the cap, threads, preset). `load` reads the text into a
`Loaded` puzzle (the puzzle, its instance, the encoding and clingo's arguments), which
`Session` (`questions.py`) asks its questions of.
"""

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

import clingo

from .. import program, runner
from ..errors import UserError
from ..puzzle import Answer, Instance, OptionValues
from ..puzzles import Puzzle, registry

DEFAULT_CAP = 100_000
NO_VALUES: Mapping[str, Any] = MappingProxyType({})


class Settings(NamedTuple):
    """How a puzzle is read and searched, whoever asks (a named tuple: a solve imports
    no `dataclasses`; `_replace` gives a changed copy).

    encoding: an edited copy of the rules (None: the packaged ones); options: the
    puzzle's own options (`Option.name` -> value); constants: `#const` values (`-c
    NAME=VALUE`); clingo_args: clingo's own options, passed through; max_size, force:
    the size refusal; models: answers to look for (None: the puzzle's default, which is
    a second one to tell uniqueness unless the puzzle says otherwise; 0: all up to
    `cap`); count: only count them; threads, configuration: clingo's parallel solvers
    and preset (None: the puzzle's own).
    """

    encoding: str | Path | None = None
    options: OptionValues = NO_VALUES
    constants: Mapping[str, object] = NO_VALUES
    clingo_args: tuple[str, ...] = ()
    max_size: int | None = None
    force: bool = False
    models: int | None = None
    count: bool = False  # type: ignore[assignment]  # hides tuple.count(), as runner.Result does
    cap: int = DEFAULT_CAP
    threads: int = 1
    configuration: str | None = None


DEFAULTS = Settings()


class Loaded(NamedTuple):
    """A puzzle read from its text, with the encoding and clingo settings to solve it."""

    puzzle: Puzzle
    instance: Instance[Any]
    encoding: Path
    extra_args: tuple[str, ...]
    notes: tuple[str, ...]
    options: OptionValues = NO_VALUES

    @property
    def edited(self) -> bool:
        """Whether the encoding is another than the puzzle's packaged one."""
        return self.encoding.resolve() != self.puzzle.encoding.resolve()


def load(puzzle: str, text: str, *, source: str = "<text>",
         settings: Settings = DEFAULTS) -> Loaded:
    """Read `text` as a `puzzle` and check it against the size limit and the options."""
    found = puzzle_named(puzzle)
    values: dict[str, bool | str | None] = {option.name: None for option in found.options}
    values.update(settings.options)
    unknown = sorted(set(values) - {option.name for option in found.options})
    if unknown:
        raise UserError(f"{found.name} has no option {unknown[0]!r} "
                        f"(its options: {', '.join(o.name for o in found.options) or 'none'})")
    instance = found.configure(found.parse(text, source), values)
    found.check_size(instance, settings.max_size, settings.force)
    rules = Path(settings.encoding) if settings.encoding is not None else found.encoding
    check_encoding_file(rules)
    args, notes = clingo_arguments(rules, settings.constants, settings.clingo_args,
                                   found.spec.clingo_options, found.name)
    reach = found.reach(instance)
    if reach is not None:
        notes += (f"{instance.source}: {reach}",)
    return Loaded(found, instance, rules, args, notes, MappingProxyType(values))


def puzzle_named(name: str) -> Puzzle:
    puzzles_by_name = registry()
    if name not in puzzles_by_name:
        raise UserError(f"unknown puzzle {name!r}; known: {', '.join(puzzles_by_name)}")
    return puzzles_by_name[name]


def check_encoding_file(encoding: Path) -> None:
    """An encoding clingo can load without hanging (an existing regular file), or a
    one-line error naming it (exit 2, like any missing input); and whose text clingo's
    lexer can read (`lexing`), or an error naming the line (exit 3)."""
    from ..inputs import check_encoding
    from ..lexing import check_file

    check_encoding(encoding)
    check_file(encoding)


# Options the runner sets itself; a pass-through argument naming one is dropped, with a note.
RUNNER_OPTIONS = {"--models": "-n/--count", "-n": "-n/--count", "--project": "none",
                  "--opt-mode": "none", "--enum-mode": "--hint",
                  "--parallel-mode": "--threads", "-t": "--threads",
                  "--configuration": "--configuration", "--seed": "generate --seed",
                  "--const": "-c NAME=VALUE", "-c": "-c NAME=VALUE",
                  "--outf": "none", "--time-limit": "--time-limit", "--opt-strategy": "none"}


def clingo_arguments(encoding: Path, constants: Mapping[str, object],
                     clingo_args: Sequence[str], puzzle_options: Sequence[str] = (),
                     puzzle: str = "the puzzle") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """clingo's arguments for `-c NAME=VALUE` constants (each must be a `#const` of the
    encoding, its value a clingo term) and for passed-through options, with a note for
    each passed-through option that the runner's own settings override, and for each
    that replaces one of the puzzle's own `puzzle_options` (the user's wins)."""
    args: list[str] = []
    notes: list[str] = []
    if constants:
        known = program.constant_names(encoding)
        for name, value in constants.items():
            if name not in known:
                listed = ", ".join(sorted(known)) or "none"
                raise UserError(f"-c {name}: {encoding.name} has no #const {name} "
                                f"(its constants: {listed})")
            args.append(f"--const={name}={constant_value(name, str(value))}")
    for arg in clingo_args:
        flag = arg.split("=", 1)[0]
        if flag in RUNNER_OPTIONS:
            instead = RUNNER_OPTIONS[flag]
            how = "" if instead == "none" else f" (use {instead})"
            notes.append(f"--clingo-arg={arg} ignored: solve-asp sets {flag} itself{how}")
            continue
        try:  # an option clingo refuses is a usage error, named by what the user typed
            clingo.Control([arg])
        except RuntimeError as error:
            reason = (str(error).strip().splitlines() or ["refused"])[-1]
            reason = reason.removeprefix("In context '<libclingo>': ")
            raise UserError(f"--clingo-arg={arg}: clingo does not take it ({reason})") from None
        replaced = [own for own in puzzle_options if runner.option_name(own) == flag]
        if replaced:
            notes.append(f"--clingo-arg={arg} replaces {puzzle}'s own {replaced[0]}")
        args.append(arg)
    return tuple(args), tuple(notes)


def constant_value(name: str, text: str) -> str:
    """`text` if it is a clingo term, else a one-line error naming the option."""
    from .. import escape
    from ..lexing import first_outside, problem

    what = f"-c {escape.name(f'{name}={text}')}: the value is not a clingo term"
    outside = first_outside(text)  # clingo's own message would end the process
    if outside is not None:
        raise UserError(f"{what}: {problem(outside[2])}")
    try:
        clingo.parse_term(text)
    except (RuntimeError, UnicodeError):  # UnicodeError: a byte of the argument not UTF-8
        raise UserError(f"{what} (a number, a constant or a quoted string)") from None
    return text


def extra_atoms(loaded: Loaded, answer: Answer) -> list[str]:
    """Atoms of an answer that the packaged encoding does not show: what a user added to
    `#show` in an edited encoding, listed as clingo prints them."""
    if not loaded.edited:
        return []
    drawn = program.shown_signatures(loaded.puzzle.encoding)
    return [str(sym) for sym in answer.symbols
            if sym.type != clingo.SymbolType.Function
            or (sym.name, len(sym.arguments)) not in drawn]


def solve_limits(puzzle: Puzzle, settings: Settings, models: int | None,
                 time_limit: float | None, extra_args: tuple[str, ...] = ()) -> runner.Limits:
    """The runner's limits of a solve: `models` answers (None: the uniqueness check; 0:
    all up to the cap), or only counting (`settings.count`); the puzzle's preset and
    clingo options unless the settings name others."""
    keep: int | None
    if settings.count:
        wanted, keep = 0, 1
    elif models is None:
        wanted, keep = 2, 2
    else:
        cap = settings.cap
        wanted, keep = models, (cap or runner.KEEP_ALL) if models == 0 else None
    spec = puzzle.spec
    return runner.Limits(models=wanted, keep=keep, cap=settings.cap, time_limit=time_limit,
                         threads=settings.threads,
                         configuration=settings.configuration or spec.configuration,
                         puzzle_args=spec.clingo_options
                         + (spec.counting_options if settings.count else ()),
                         extra_args=extra_args)


def question_limits(loaded: Loaded, settings: Settings, threads: int | None = None
                    ) -> runner.Limits:
    """The clingo settings of the questions about clues (explain, hint, grade), whose
    time is a deadline: the puzzle's preset and clingo options, as a solve has them."""
    puzzle = loaded.puzzle
    return runner.Limits(threads=settings.threads if threads is None else threads,
                         configuration=settings.configuration or puzzle.spec.configuration,
                         puzzle_args=puzzle.spec.clingo_options,
                         extra_args=loaded.extra_args)
