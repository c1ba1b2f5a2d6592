"""A Control for a transformed encoding (`programs.py`): the rules added through
clingo's `ProgramBuilder`, the facts as symbols, grounded and searched within the
runner's deadline and Ctrl-C (`program.ground`, `program.start_search`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

import clingo
from clingo import ast

from .. import program, runner
from ..errors import EncodingError
from ..puzzle import facts_text
from . import named, programs

# Options this module sets itself for its searches: a puzzle's own must not override them.
OWN_OPTIONS = {"--models", "-n", "--opt-mode", "--enum-mode", "--project", "--solve-limit",
               "--opt-strategy", "--parallel-mode", "-t", "--configuration"}


def statements(encoding: Path) -> list[named.Statement]:
    """The encoding's statements with its rules named, read once while the file is
    unchanged."""
    stamp = encoding.stat()
    return _statements(encoding.resolve(), stamp.st_mtime_ns, stamp.st_size)


@cache
def _statements(encoding: Path, mtime: int, size: int) -> list[named.Statement]:
    read = named.read_file(encoding)
    reserved = programs.uses_reserved(read)
    if reserved is not None:
        raise EncodingError(str(encoding), "uses a predicate solve-asp reserves",
                            [f"{encoding}: {reserved[0]}/{reserved[1]} is reserved for "
                             f"checking answers; rename it"])
    return read


def arguments(limits: runner.Limits, own: Sequence[str]) -> list[str]:
    """clingo's arguments: this question's own, then the puzzle's preset and tuning
    options that do not touch what the question sets."""
    args = list(own)
    if limits.configuration:
        args.append(f"--configuration={limits.configuration}")
    kept = [arg for arg in (*limits.puzzle_args, *limits.extra_args)
            if runner.option_name(arg) not in OWN_OPTIONS]
    return args + kept


def grounded(encoding: Path, facts: Iterable[clingo.Symbol], mode: str, args: Sequence[str],
             deadline: float | None, observer: object | None = None,
             soft: Mapping[tuple[str, int], int] | None = None,
             ) -> tuple[clingo.Control, list[named.NamedRule]]:
    """The encoding transformed for `mode` (programs.CHECK or SWITCHED) with the facts,
    grounded (told to `observer`, a clingo Observer, if given; `soft`: derived
    predicates made soft, see `programs.build`); its rules, by number."""
    read = statements(encoding)
    logger = program.Logger()
    try:
        ctl = clingo.Control(list(args), logger=logger, message_limit=20)
    except RuntimeError as error:
        raise EncodingError("clingo", "bad option", [str(error)]) from None
    if observer is not None:
        ctl.register_observer(observer)  # type: ignore[arg-type]
    try:
        with ast.ProgramBuilder(ctl) as builder:
            programs.build(read, mode, builder.add, soft)
        ctl.add("base", [], facts_text(facts))
    except RuntimeError as error:
        messages = logger.errors() or logger.texts() or [str(error).strip()]
        raise EncodingError(str(encoding), "cannot be checked", messages) from None
    program.ground(ctl, logger, encoding, deadline)
    return ctl, named.rules_of(read)


def ground_part(ctl: clingo.Control, part: str, deadline: float | None) -> None:
    """Ground a program part added after the first grounding, within the deadline."""
    program.bounded(lambda: ctl.ground([(part, [])]), ctl, deadline)


Assumptions = Sequence[tuple[clingo.Symbol, bool]] | Sequence[int]


def search(ctl: clingo.Control, deadline: float | None, assumptions: Assumptions = (),
           on_model: Callable[[clingo.Model], None] | None = None,
           on_core: Callable[[Sequence[int]], None] | None = None) -> clingo.SolveResult:
    """One search, stopped by the deadline or Ctrl-C (raising `runner.Abandoned`)."""
    started = time.perf_counter()
    with program.start_search(ctl, deadline, on_model=on_model,
                             assumptions=list(assumptions)) as handle:
        try:
            while not handle.wait(0.05):
                if deadline is not None and time.perf_counter() >= deadline:
                    handle.cancel()
                    raise runner.Abandoned(runner.TIMEOUT, time.perf_counter() - started)
        except KeyboardInterrupt:
            handle.cancel()
            raise runner.Abandoned(runner.INTERRUPTED,
                                   time.perf_counter() - started) from None
        result: clingo.SolveResult = handle.get()
        if on_core is not None and result.unsatisfiable:
            on_core(handle.core())  # an asynchronous search calls no on_core itself
        return result
