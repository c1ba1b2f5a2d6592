"""A genre file as the puzzle contract: its header read and checked against its rules,
then one `PuzzleSpec` whose hooks are the shared readers, writers and drawing, driven by
the header (the thin adapter between a genre and the rest of the tool).
"""

from __future__ import annotations

from functools import cached_property, partial
from pathlib import Path
from typing import Any, NamedTuple

from clingo import Function, Symbol

from ..board import Board
from ..errors import InputError, UserError
from ..inputs import MAX_INPUT_BYTES
from ..puzzle import Answer, Instance, Puzzle, PuzzleSpec, to_python
from . import asp_dir, display, layers
from . import vocabulary as words
from .check import check
from .header import Header, read_header
from .readers import pzpr, textgrid
from .rules import Usage, usage

# Without `%! max-size`, a genre refuses grids above this many cells before grounding
# (`--max-size` raises it, `--force` lifts it): the largest public puzzles are 40x58.
DEFAULT_MAX_SIZE = 10_000


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


def spec(genre: Genre, name: str) -> PuzzleSpec:
    """The genre as the puzzle contract, registered as `name`."""
    header = genre.header
    writers: dict[str, Any] = {"text": partial(_write, header, textgrid.write)}
    if header.puzzlinks:
        writers["puzzlink"] = partial(_write, header, pzpr.write)
    made = header.generate
    return PuzzleSpec(
        name=name,
        parse=partial(_parse, header),
        solution_json=partial(_solution_json, header),
        board=partial(_board, header),
        describe_clue=partial(_describe, header),
        conflict_board=partial(_conflict_board, header),
        write=writers["text"],
        writers=writers,
        blank=partial(_blank, header) if made else None,
        clues_of=partial(_clues_of, header) if made else None,
        clue_atom=partial(_clue_atom, header) if made else None,
        size=_size,
        max_size=header.max_size or DEFAULT_MAX_SIZE,
        configuration=header.configuration,
        clingo_options=header.options,
        inline=bool(header.puzzlinks),
    )


def _parse(header: Header, text: str, source: str) -> Instance:
    lines = textgrid.content_lines(text)
    if header.puzzlinks and len(lines) == 1 and pzpr.looks_like_address(lines[0][1]):
        read = pzpr.read(lines[0][1], source, lines[0][0], header)
    else:
        read = textgrid.read(text, source, header)
    structure, clues = layers.facts(read, header)
    return Instance(source, structure, clues, read)


def _size(instance: Instance) -> tuple[int, str]:
    read: layers.Layers = instance.data
    return read.rows * read.cols, "cells"


def _board(header: Header, instance: Instance, answer: Answer) -> Board:
    return display.board(header, instance.data, answer)


def _conflict_board(header: Header, instance: Instance, conflict: list[Symbol]) -> Board:
    return display.clue_board(header, instance.data, conflict)


def _solution_json(header: Header, instance: Instance, answer: Answer) -> dict[str, Any]:
    return display.solution_json(header, instance.data, answer)


def _write(header: Header, writer: Any, instance: Instance, clues: list[Symbol]) -> str:
    read: layers.Layers = instance.data
    subset = layers.from_facts(read.rows, read.cols, (*instance.structure, *clues))
    try:
        text: str = writer(subset, header)
    except ValueError as error:
        raise UserError(f"cannot be written: {error}") from None
    return text


def _describe(header: Header, instance: Instance, clue: Symbol) -> str:
    args = [to_python(arg) for arg in clue.arguments]
    at = f"at ({args[0]},{args[1]})" if len(args) >= 2 else ""
    name = clue.name
    if name in ("number", "letter"):
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
        return f"the {value} {where} {line}"
    if name == "sum":
        return f"the sum {args[3]} {args[2]} from ({args[0]},{args[1]})"
    if name == "point":
        return f"the {args[2]} at the grid point ({args[0]},{args[1]})"
    if name == "between":
        return f"the {args[4]} between ({args[0]},{args[1]}) and ({args[2]},{args[3]})"
    return str(clue)


# --- generate: clues copied from a solution -------------------------------------------------

def _blank(header: Header, size: str | None) -> Instance:
    """An empty grid of `size` (ROWSxCOLS, or N for NxN; default the header's)."""
    made = header.generate
    assert made is not None
    rows, cols = made.size or (9, 9)
    if size is not None:
        first, times, second = size.strip().lower().partition("x")
        if not first.isdigit() or (times and not second.isdigit()) \
                or len(first) > 4 or len(second) > 4:
            raise InputError("--size", f"expected ROWSxCOLS or N, found {size[:40]!r}")
        rows, cols = int(first), int(second) if times else int(first)
        if not (1 <= rows <= textgrid.MAX_SIDE and 1 <= cols <= textgrid.MAX_SIDE):
            raise InputError("--size", f"{rows}x{cols}: a grid has 1 to "
                             f"{textgrid.MAX_SIDE} rows and columns")
    empty = layers.empty(rows, cols)
    structure, clues = layers.facts(empty, header)
    return Instance("--size", structure, clues, empty)


def _clues_of(header: Header, instance: Instance, answer: Answer) -> list[Symbol]:
    made = header.generate
    assert made is not None
    predicate = words.KINDS[made.kind].predicate
    return [Function(predicate, list(sym.arguments)) for sym in answer.symbols
            if sym.name == made.predicate and len(sym.arguments) == made.arity]


def _clue_atom(header: Header, clue: Symbol) -> Symbol | None:
    made = header.generate
    assert made is not None
    if clue.name != words.KINDS[made.kind].predicate:
        return None
    return Function(made.predicate, list(clue.arguments))


class GenrePuzzle(Puzzle):
    """A registered genre: a `.lp` file whose header is its contract. `name` is how it is
    registered (a shipped genre's name, or the path a genre file was named by)."""

    def __init__(self, name: str, path: Path, text: str | None = None) -> None:
        super().__init__(name)
        self.path = path
        self.text = text  # the rules as edited (the studio), else read from `path`

    @cached_property
    def genre(self) -> Genre:
        return read_genre(self.path, self.text)

    @cached_property
    def spec(self) -> PuzzleSpec:
        made = spec(self.genre, self.name)
        made.check()
        return made

    @property
    def summary(self) -> str:
        if self.text is not None or "genre" in self.__dict__:
            return self.genre.header.summary
        from . import summary

        return summary(self.path) or self.name

    @property
    def description(self) -> str:
        shipped = self.path.parent.resolve() == asp_dir().resolve()
        return describe(self.genre, f"solve-asp encoding {self.name}" if shipped else None)

    @property
    def encoding(self) -> Path:
        return self.path

    @property
    def why_not_generated(self) -> str:
        if self.genre.header.generate is not None:
            return ""
        return ("its header has no '%! generate' line: its clues do not follow from a "
                "solution by copying (docs/genres.md)")

    def given_count(self, instance: Instance) -> int:
        """The answer's atoms that restate an author's clue (the clues `generate` copies
        from a solution): none where the answer shows no clue again."""
        made = self.genre.header.generate
        if made is None:
            return 0
        predicate = words.KINDS[made.kind].predicate
        return sum(clue.name == predicate for clue in instance.clues)

    def known_count(self, instance: Instance, answer: Answer) -> int:
        """The values a (partial) answer knows: its atoms that the header draws; regions
        only where they are the answer (a division into rectangles), not beside a cell's
        value (boxes that its rules derive from the grid)."""
        shows = self.genre.header.shows
        valued = any(show.role not in ("region", "border") for show in shows)
        drawn = {(show.predicate, show.arity) for show in shows
                 if not (valued and show.role == "region")}
        return sum((sym.name, len(sym.arguments)) in drawn for sym in answer.symbols)

    def examples(self) -> dict[str, Path]:
        if self.path.parent.resolve() != asp_dir().resolve():
            return {}
        return super().examples()


def describe(genre: Genre, printed_by: str | None = None) -> str:
    """A genre's --help text: its summary and the forms of input it reads (`printed_by`:
    the command that prints a shipped genre's file)."""
    import textwrap

    header = genre.header
    size = " ".join(["ROWS", "COLS", *(p.upper() for p in header.params)])
    blocks = ", ".join(block.name + (" (may be left out)" if block.optional else "")
                       for block in header.text)
    tokens = "; ".join(f"{token} {read.meaning}" + (f" {read.symbol}" if read.symbol else "")
                       for token, read in header.tokens.items())
    paragraphs = [
        f"A genre: the rules of {genre.path.name} with a header that says what a puzzle "
        "holds and how its answer is drawn"
        + (f" ({printed_by} prints them)." if printed_by else "."),
        f"Input: the plain text grid: a line '{size}', then the blocks {blocks}, a line "
        "per row of space-separated tokens (- empty, a number a number"
        + (f"; {tokens}" if tokens else "") + ")."]
    names = [name for link in header.puzzlinks for name in link.names]
    if names:
        paragraphs.append(f"Or a puzz.link address of {', '.join(names)} "
                          f"(https://puzz.link/p?{names[0]}/COLS/ROWS/...).")
    return "\n\n".join([header.summary, *(textwrap.fill(p, 78) for p in paragraphs)])
