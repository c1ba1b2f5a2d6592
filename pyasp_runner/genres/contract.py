"""A genre file as the puzzle contract: its header read and checked against its rules,
then one `PuzzleSpec` whose hooks are the shared readers, writers and drawing, driven by
the header (the thin adapter between a genre and the rest of the tool; the registry's
`GenrePuzzle`, pyasp_runner/puzzles, holds one).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from clingo import Function, Symbol

from ..board import Board
from ..errors import EncodingError, InputError
from ..facts import Answer, to_python
from ..inputs import MAX_INPUT_BYTES
from ..player import PlayerAnswer
from ..puzzle import (
    Drawing,
    Generating,
    Instance,
    Option,
    Options,
    OptionValues,
    PuzzleSpec,
    Reasoning,
    Size,
    Writer,
    Writing,
)
from . import answers, display, layers
from . import vocabulary as words
from .check import check
from .header import read_header
from .readers import janko, labelled, layouts, preamble, pzpr, tatham, textgrid
from .rules import Usage, usage
from .statements import Header

# Without `%! max-size`, a genre refuses grids above this many cells before grounding
# (`--max-size` raises it, `--force` lifts it): the largest public puzzles are 40x58.
DEFAULT_MAX_SIZE = 10_000
_WHOLE = re.compile(r"[+-]?[0-9]+")


class Genre(NamedTuple):
    """A genre file: where it is, its header and what its rules use."""

    path: Path
    header: Header
    rules: Usage

    @property
    def name(self) -> str:
        return self.header.genre


def read_genre(path: Path, text: str | None = None) -> Genre:
    """The genre of the file at `path` (or of `text`, its rules as edited): its header
    read and checked against its rules; InputError (exit 2) naming the header's line."""
    source = str(path)
    if text is None:
        try:
            if path.stat().st_size > MAX_INPUT_BYTES:
                raise InputError(source, "too large for a genre file")
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise InputError(source, f"cannot be read ({error.strerror or error})") from None
        except UnicodeDecodeError:
            raise InputError(source, "is not UTF-8 text") from None
    header = read_header(text, source)
    rules = usage(text, source)
    check(header, rules)
    return Genre(path, header, rules)


def spec(genre: Genre, name: str) -> PuzzleSpec[layers.Layers]:
    """The genre as the puzzle contract, registered as `name`: its input record is the
    grid's layers as read."""
    header = genre.header
    writers: dict[str, Writer[layers.Layers]] = {}
    if header.tatham:  # the form its puzzles come in first: the default of --to
        writers["tatham"] = partial(_write, header, tatham.write)
    writers["text"] = partial(_write, header, textgrid.write)
    if header.puzzlinks:
        writers["puzzlink"] = partial(_write, header, pzpr.write)
    generating = None
    if header.generates:
        generating = Generating(blank=partial(_blank, header),
                                clues_of=partial(_clues_by, genre, genre.path),
                                random_answer=_drawn(genre), clue_atom=partial(_clue_atom, header),
                                clues_by=partial(_clues_by, genre))
    return PuzzleSpec(
        name=name,
        parse=partial(_parse, header),
        drawing=Drawing(board=partial(_board, header),
                        solution_json=partial(_solution_json, header),
                        conflict_board=partial(_conflict_board, header), listing=None),
        reasoning=Reasoning(describe_clue=partial(_describe, header), refuses_hint=None,
                            refuses_explain=None),
        writing=Writing(writers=writers, complete_formats=()),
        generating=generating,
        judging=None,
        size=Size(measure=partial(_measured, genre) if header.measure else _size,
                  limit=header.max_size or DEFAULT_MAX_SIZE,
                  reach=partial(_reach, genre)),
        options=Options(flags=(_PATH,), configure=_configure) if header.path else None,
        configuration=header.configuration,
        clingo_options=header.options,
        inline=bool(header.puzzlinks or header.tatham),
        read_answer=partial(_read_answer, header) if answers.readable(header) else None,
    )


# `%! path NAME/3`: the option that draws the answer's numbers in order.
_PATH = Option("--path", "draw an arrow from every number towards the next one")


def _configure(instance: Instance[layers.Layers], options: OptionValues
               ) -> Instance[layers.Layers]:
    if options[_PATH.name]:
        return instance.replace(data=instance.data._replace(path=True))
    return instance


def _parse(header: Header, text: str, source: str) -> Instance[layers.Layers]:
    lines = textgrid.content_lines(text)
    if "#" not in header.tokens:  # then a line beginning with `#` is a comment anywhere
        lines = [line for line in lines if not line[1].startswith("#")]
    if header.puzzlinks and len(lines) == 1 and pzpr.looks_like_address(lines[0][1]):
        read = pzpr.read(lines[0][1], source, lines[0][0], header)
    elif janko.looks_like(lines):
        read = janko.read(lines, source, header)
    elif header.tatham and _is_game_id(lines):
        read = tatham.read(text, source, header)
    else:
        stated, lines = preamble.read(lines, source, header)
        if labelled.applies(header, lines):
            read = labelled.read(lines, source, header, stated.params)
        elif layouts.applies(header, lines):
            read = layouts.read(text, lines, source, header, stated.params)
        else:
            read = textgrid.read_lines(lines, source, header, stated.params)
        preamble.check_range(stated, read, header, source)
    if len(read.blocked) == read.rows * read.cols:
        raise InputError(source, "every cell is blocked: no board to solve",
                         lines[0][0] if lines else None)
    if misplaced := layers.misplaced_number(read, header):  # an address's, a game ID's
        (row, col), problem = misplaced
        raise InputError(source, f"row {row}, column {col}: {problem}",
                         lines[0][0] if lines else None)
    if wrong_param := layers.misplaced_param(read, header):
        name, problem = wrong_param
        raise InputError(source, f"{name}: {problem}", _param_line(lines, name, header))
    if wrong := layers.misplaced_outside(read, header):
        (side, index), problem = wrong
        raise InputError(source, f"{side} clue {index}: {problem}",
                         lines[0][0] if lines else None)
    read = layers.without_defaults(read, header)
    if header.square and read.rows != read.cols:
        raise InputError(source, f"a {read.cols}x{read.rows} grid: this puzzle's grid is "
                         "square", lines[0][0] if lines else None)
    structure, clues = layers.facts(read, header)
    return Instance(source, structure, clues, read)


def _param_line(lines: list[tuple[int, str]], name: str, header: Header) -> int | None:
    """The line that states a parameter by its name (`letters: 4`, janko.at's `depth`
    for the first), else the first line (the size line holds it)."""
    for number, text in lines:
        key = text.split(":")[0].split()[0].lower() if text.split() else ""
        if key == name or (key == "depth" and header.params[:1] == (name,)
                           and lines[0][1].lower() == "begin"):
            return number
    return lines[0][0] if lines else None


def _is_game_id(lines: list[tuple[int, str]]) -> bool:
    """A Tatham game ID (`N:...`, its web address, a save file) rather than a text grid,
    whose first line is its size (whole numbers)."""
    return not lines or not all(_WHOLE.fullmatch(word) for word in lines[0][1].split())


def _read_answer(header: Header, instance: Instance[layers.Layers], solution: Any
                 ) -> PlayerAnswer:
    return answers.read(header, instance.data, solution)


def _size(instance: Instance[layers.Layers]) -> tuple[int, str]:
    read = instance.data
    return read.rows * read.cols, f"cells ({read.rows}x{read.cols})"


def _measured(genre: Genre, instance: Instance[layers.Layers]) -> tuple[int, str]:
    """The size that the genre's own part counts (`max-size LIMIT PART`): `size(N, Unit)`
    derived by `#program PART.` grounded alone with the puzzle's facts (what the rules
    would ground, counted without grounding it)."""
    part = genre.header.measure
    for atom in _measuring(genre, instance):
        if atom.name == "size" and len(atom.arguments) == 2:
            count, unit = (to_python(arg) for arg in atom.arguments)
            if isinstance(count, int) and isinstance(unit, str):
                return count, unit
    raise EncodingError(str(genre.path), "cannot measure a puzzle",
                        [f"its '#program {part}.' derives no size(N, \"unit\")"])


def _measuring(genre: Genre, instance: Instance[layers.Layers]) -> set[Symbol]:
    """The atoms of the genre's measuring part, grounded alone with the puzzle's facts."""
    from ..runner import Limits, derived  # clingo: only for a genre that measures so

    part = genre.header.measure
    return derived(genre.path, instance.facts, (part,) if part else (), Limits(), base=False)


def _reach(genre: Genre, instance: Instance[layers.Layers], generating: bool
           ) -> str | None:
    """Generating on a blank grid larger than the header's `reach`, or solving a puzzle
    its measuring part says `beyond("why")` of: beyond what is known to finish in a
    minute."""
    header = genre.header
    if header.measure and not generating:
        return next((str(to_python(atom.arguments[0])) for atom in
                     sorted(_measuring(genre, instance))
                     if atom.name == "beyond" and len(atom.arguments) == 1), None)
    cells, _ = _size(instance)
    reach = min((made.reach for made in header.generates if made.reach), default=None)
    if not generating or reach is None or cells <= reach:
        return None
    return (f"making a {header.genre} puzzle of {cells:,} cells is beyond what is known to "
            f"finish in a minute (its genre file: {reach:,} cells at most)")


def _board(header: Header, instance: Instance[layers.Layers], answer: Answer) -> Board:
    return display.board(header, instance.data, answer)


def _conflict_board(header: Header, instance: Instance[layers.Layers],
                    conflict: list[Symbol]) -> Board:
    """The instance's clues as its facts hold them (those `generate` kept on a blank
    grid, too), the `conflict` marked."""
    read = instance.data
    stated = layers.from_facts(read.rows, read.cols, (*instance.structure, *instance.clues))
    return display.clue_board(header, stated, conflict)


def _solution_json(header: Header, instance: Instance[layers.Layers], answer: Answer
                   ) -> dict[str, Any]:
    return display.solution_json(header, instance.data, answer)


def _write(header: Header, writer: Callable[[layers.Layers, Header], str],
           instance: Instance[layers.Layers], clues: list[Symbol]) -> str:
    read = instance.data
    subset = layers.without_defaults(
        layers.from_facts(read.rows, read.cols, (*instance.structure, *clues)), header)
    try:
        text = writer(subset, header)
    except ValueError as error:  # what the form cannot say (blocked cells in an address)
        raise InputError(instance.source, f"cannot be written: {error}") from None
    return text


def _describe(header: Header, instance: Instance[layers.Layers], clue: Symbol) -> str:
    args = [to_python(arg) for arg in clue.arguments]
    at = f"at ({args[0]},{args[1]})" if len(args) >= 2 else ""
    name = clue.name
    if name == "number":
        return f"the {header.written(args[2]) if isinstance(args[2], int) else args[2]} {at}"
    if name == "letter":
        return f"the {args[2]} {at}"
    if name == "unknown":
        return f"the ? {at}"
    if name in ("shaded", "unshaded"):
        return f"the {name} cell {at}"
    if name == "symbol":
        return f"the {args[2]} {at}"
    if name == "arrow":
        return f"the arrow {args[2]} {at}"
    if name == "outside":
        side, line, _, value = args
        where = {"top": "above column", "bottom": "below column", "left": "left of row",
                 "right": "right of row"}[str(side)]
        shown = header.written(value) if isinstance(value, int) else value
        return f"the {shown} {where} {line}"
    if name == "sum":
        return f"the sum {args[3]} {args[2]} from ({args[0]},{args[1]})"
    if name == "point":
        return f"the {args[2]} at the grid point ({args[0]},{args[1]})"
    if name == "between":
        return f"the {args[4]} between ({args[0]},{args[1]}) and ({args[2]},{args[3]})"
    return str(clue)


# --- generate: clues copied from a solution -------------------------------------------------

def _blank(header: Header, size: str | None) -> Instance[layers.Layers]:
    """An empty grid of `size` (ROWSxCOLS, or N for NxN; default the header's)."""
    rows, cols = next((made.size for made in header.generates if made.size), (9, 9))
    if size is not None:
        first, times, second = size.strip().lower().partition("x")
        if not first.isdigit() or (times and not second.isdigit()) \
                or len(first) > 4 or len(second) > 4:
            raise InputError("--size", f"expected ROWSxCOLS or N, found {size[:40]!r}")
        rows, cols = int(first), int(second) if times else int(first)
        if header.square and rows != cols:
            raise InputError("--size", f"{rows}x{cols}: this puzzle's grid is square")
        if not (1 <= rows <= textgrid.MAX_SIDE and 1 <= cols <= textgrid.MAX_SIDE):
            raise InputError("--size", f"{rows}x{cols}: a grid has 1 to "
                             f"{textgrid.MAX_SIDE} rows and columns")
    empty = layers.empty(rows, cols)
    structure, clues = layers.facts(empty, header)
    return Instance("--size", structure, clues, empty)


def _clues_by(genre: Genre, rules: Path, instance: Instance[layers.Layers],
              answer: Answer) -> list[Symbol]:
    """Every clue a full answer gives: its shown atoms copied, and what the `rules`
    (the genre's own, or those `generate --encoding` solves with) derive from it without
    showing it (a count along a line), found by solving with the answer's atoms as facts,
    the rules' `#program generate.` part grounded with them."""
    makes = genre.header.generates
    atoms = list(answer.symbols)
    if any((made.predicate, made.arity) not in genre.rules.shown for made in makes):
        from ..runner import Limits, derived  # clingo: only for whoever generates

        atoms = sorted(derived(rules, (*instance.facts, *answer.symbols),
                               (words.GENERATE_PART,), Limits()))
    return [Function(words.KINDS[made.kind].predicate, list(sym.arguments))
            for made in makes for sym in atoms
            if sym.name == made.predicate and len(sym.arguments) == made.arity]


def _drawn(genre: Genre) -> Callable[[Instance[layers.Layers], random.Random, float | None],
                                     Answer | None] | None:
    """A blank grid's random solution drawn by two program parts of the genre file
    (`generate ... answer SEARCH,DERIVE`), not by its rules: SEARCH solved at random with
    the grid's facts alone; the atoms of its answer, as facts, ground DERIVE, whose atoms
    of the generate line's predicate are the solution. None: the rules draw it."""
    made = next((made for made in genre.header.generates if made.answer), None)
    if made is None or made.answer is None:
        return None
    search, derive = made.answer

    def draw(instance: Instance[layers.Layers], rng: random.Random, deadline: float | None
             ) -> Answer | None:
        from ..runner import Limits, derived  # clingo: only for whoever generates

        def left() -> float | None:
            return None if deadline is None else max(deadline - time.perf_counter(), 1e-3)

        found = derived(genre.path, instance.facts, (search,),
                        Limits(seed=rng.randrange(2**31), time_limit=left()), base=False)
        if not found:
            return None
        atoms = derived(genre.path, (*instance.facts, *found), (derive,),
                        Limits(time_limit=left()), base=False)
        return Answer(tuple(sorted(sym for sym in atoms if sym.name == made.predicate
                                   and len(sym.arguments) == made.arity)))
    return draw


def _clue_atom(header: Header, clue: Symbol) -> Symbol | None:
    """The answer's atom that states a clue of a cell again (a given number is the
    number in its cell); a clue outside the grid states no atom of the answer."""
    for made in header.generates:
        if made.kind in words.CELL_KINDS and clue.name == words.KINDS[made.kind].predicate:
            return Function(made.predicate, list(clue.arguments))
    return None
