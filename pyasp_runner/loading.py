"""A puzzle read from its text and made ready to solve: the puzzle, its instance, the
encoding and clingo's settings (`Loaded`), and the runner's limits for a search of it.

The command line's solve and the API (`api.py`) both start here. The API's result types
and its questions about clues (explain, hint, grade, generate) stay in `api.py`, which a
plain solve on the command line does not import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import clingo

from . import runner
from .errors import UserError
from .puzzle import Answer, Instance, OptionValues, Puzzle, registry

DEFAULT_CAP = 100_000


class Loaded(NamedTuple):
    """A puzzle read from its text, with the encoding and clingo settings to solve it."""

    puzzle: Puzzle
    instance: Instance
    encoding: Path
    extra_args: tuple[str, ...]
    notes: tuple[str, ...]


def load(puzzle: str, text: str, *, source: str = "<text>", encoding: str | Path | None = None,
         options: OptionValues | None = None, constants: Mapping[str, object] | None = None,
         clingo_args: Sequence[str] = (), max_size: int | None = None,
         force: bool = False) -> Loaded:
    """Read `text` as a `puzzle` and check it against the size limit and the options."""
    found = puzzle_named(puzzle)
    values: dict[str, bool | str | None] = {option.name: None for option in found.spec.options}
    values.update(options or {})
    unknown = sorted(set(values) - {option.name for option in found.spec.options})
    if unknown:
        raise UserError(f"{found.name} has no option {unknown[0]!r} "
                        f"(its options: {', '.join(o.name for o in found.spec.options) or 'none'})")
    instance = found.configure(found.parse(text, source), values)
    found.check_size(instance, max_size, force)
    rules = Path(encoding) if encoding is not None else found.encoding
    check_encoding_file(rules)
    args, notes = clingo_arguments(rules, constants or {}, clingo_args,
                                   found.spec.clingo_options, found.name)
    reach = found.reach(instance)
    if reach is not None:
        notes += (f"{instance.source}: {reach}",)
    return Loaded(found, instance, rules, args, notes)


def puzzle_named(name: str) -> Puzzle:
    puzzles_by_name = registry()
    if name not in puzzles_by_name:
        raise UserError(f"unknown puzzle {name!r}; known: {', '.join(puzzles_by_name)}")
    return puzzles_by_name[name]


def check_encoding_file(encoding: Path) -> None:
    """An encoding clingo can load without hanging (an existing regular file), or a
    one-line error naming it (exit 2, like any missing input)."""
    from .inputs import check_encoding

    check_encoding(encoding)


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
        known = constant_names(encoding)
        for name, value in constants.items():
            if name not in known:
                listed = ", ".join(sorted(known)) or "none"
                raise UserError(f"-c {name}: {encoding.name} has no #const {name} "
                                f"(its constants: {listed})")
            text = str(value)
            try:
                clingo.parse_term(text)
            except RuntimeError:
                raise UserError(f"-c {name}={text}: the value is not a clingo term "
                                f"(a number, a constant or a quoted string)") from None
            args.append(f"--const={name}={text}")
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


def constant_names(encoding: Path) -> set[str]:
    """The names of the encoding's `#const` definitions (included files too)."""
    from clingo.ast import ASTType, parse_files

    names: set[str] = set()

    def visit(statement: Any) -> None:
        if statement.ast_type == ASTType.Definition:
            names.add(statement.name)

    try:
        parse_files([str(encoding)], visit, logger=lambda code, text: None)
    except RuntimeError:  # a syntax error: loading it reports clingo's message
        return set()
    return names


@cache
def shown_signatures(encoding: Path) -> frozenset[tuple[str, int]]:
    """The `name/arity` of every atom the encoding's `#show` statements show."""
    from clingo.ast import ASTType, parse_files

    signatures: set[tuple[str, int]] = set()

    def visit(statement: Any) -> None:
        if statement.ast_type == ASTType.ShowSignature:
            signatures.add((statement.name, statement.arity))
        elif statement.ast_type == ASTType.ShowTerm:
            term = statement.term
            if term.ast_type == ASTType.Function:
                signatures.add((term.name, len(term.arguments)))
            elif term.ast_type == ASTType.SymbolicTerm:
                symbol = term.symbol
                if symbol.type == clingo.SymbolType.Function:
                    signatures.add((symbol.name, len(symbol.arguments)))

    parse_files([str(encoding)], visit, logger=lambda code, text: None)
    return frozenset(signatures)


def extra_atoms(loaded: Loaded, answer: Answer) -> list[str]:
    """Atoms of an answer that the packaged encoding does not show: what a user added to
    `#show` in an edited encoding, listed as clingo prints them."""
    if loaded.encoding.resolve() == loaded.puzzle.encoding.resolve():
        return []
    drawn = shown_signatures(loaded.puzzle.encoding)
    return [str(sym) for sym in answer.symbols
            if sym.type != clingo.SymbolType.Function
            or (sym.name, len(sym.arguments)) not in drawn]


def limits(loaded: Loaded, *, models: int | None, count: bool, cap: int,
           time_limit: float | None, threads: int, configuration: str | None) -> runner.Limits:
    """The runner's limits for a loaded puzzle (see `solve_limits`)."""
    return solve_limits(loaded.puzzle, models=models, count=count, cap=cap,
                        time_limit=time_limit, threads=threads, configuration=configuration,
                        extra_args=loaded.extra_args)


def solve_limits(puzzle: Puzzle, *, models: int | None, count: bool = False,
                 cap: int = DEFAULT_CAP, time_limit: float | None = None, threads: int = 1,
                 configuration: str | None = None,
                 extra_args: tuple[str, ...] = ()) -> runner.Limits:
    """The runner's limits: `models` answers (None: the uniqueness check; 0: all up to
    `cap`), or only counting; the puzzle's preset unless `configuration` names one."""
    keep: int | None
    if count:
        wanted, keep = 0, 1
    elif models is None:
        wanted, keep = 2, 2
    else:
        wanted, keep = models, (cap or runner.KEEP_ALL) if models == 0 else None
    return runner.Limits(models=wanted, keep=keep, cap=cap, time_limit=time_limit,
                         threads=threads,
                         configuration=configuration or puzzle.spec.configuration,
                         puzzle_args=puzzle.spec.clingo_options
                         + (puzzle.spec.counting_options if count else ()),
                         extra_args=extra_args)
