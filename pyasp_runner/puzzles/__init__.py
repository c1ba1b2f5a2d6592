"""The registry: one module per puzzle here, found by name; modules starting with `_`
are helpers the puzzles share. A genre (`asp/<name>.lp` with a header, or a genre file
named by its path; pyasp_runner.genres) is a registered puzzle too: a `GenrePuzzle`.

`registry()` maps each puzzle's name to a `Puzzle`: its module's declaration (the
contract's `PuzzleSpec`, `pyasp_runner.puzzle`), imported on first use, with its hooks
called with the contract's defaults applied, its encoding and its shipped examples.
Listing the puzzles (`names`, `summary_from_source`) imports none of them, nor clingo.
(The API's listing of the puzzles is `pyasp_runner.list_puzzles()`.)
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..errors import AnswerShapeError, InputError, UserError

if TYPE_CHECKING:  # the contract and clingo are imported when a puzzle is read, not listed
    from clingo import Symbol
    from rich.console import RenderableType

    from ..board import Board
    from ..facts import Answer
    from ..genres.contract import Genre
    from ..puzzle import Closest, Instance, OptionValues, PuzzleSpec


def names() -> list[str]:
    """Every registered puzzle's name, sorted: the modules here and the shipped genres
    (`asp/<name>.lp` files with a genre header, pyasp_runner.genres)."""
    from .. import genres

    modules = module_names()
    return sorted([*modules, *genres.names(set(modules))])


def module_names() -> list[str]:
    """The puzzles written as modules (the modules here not starting with `_`), sorted,
    found without importing any of them (nor pkgutil, which imports inspect)."""
    try:
        files = os.listdir(os.path.dirname(__file__))
    except OSError:  # not a folder (a zip archive): ask the import system
        import pkgutil

        return sorted(module.name for module in pkgutil.iter_modules(__path__)
                      if not module.name.startswith("_"))
    return sorted(file[:-3] for file in files
                  if file.endswith(".py") and not file.startswith("_"))


def summary_from_source(name: str) -> str | None:
    """The first line of puzzle `name`'s module docstring, read from its source without
    importing it (`--list` imports no puzzle), or a genre's `%! summary`; None where there
    is no source to read."""
    from .. import genres

    if name not in module_names():
        return genres.summary(genres.asp_dir() / f"{name}{genres.SUFFIX}")
    source = os.path.join(os.path.dirname(__file__), f"{name}.py")
    try:
        with open(source, encoding="utf-8") as file:
            text = file.read().lstrip()
    except OSError:
        return None
    if not text.startswith('"""'):
        return None
    doc = text[3:].split('"""', 1)[0].strip()
    return doc.splitlines()[0] if doc else name


class Puzzle:
    """A registered puzzle: its name, its module's `PUZZLE` (imported on first use) and
    its encoding file; the hooks called with the contract's defaults applied."""

    def __init__(self, name: str) -> None:
        self.name = name

    @cached_property
    def module(self) -> ModuleType:
        return importlib.import_module(f"{__name__}.{self.name}")

    @cached_property
    def spec(self) -> PuzzleSpec:
        from ..puzzle import PuzzleSpec

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
            read = summary_from_source(self.name)
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
        from ..board.terminal import terminal  # rich: only for whoever draws

        return terminal(self.board(instance, answer), legend)

    def render_conflict(self, instance: Instance, conflict: Sequence[Symbol]
                        ) -> RenderableType:
        """The author's clues drawn for the terminal, those in `conflict` marked."""
        from ..board.terminal import terminal

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
        """The answer as its JSON solution object, with `atoms`: its shown atoms as clingo
        writes them."""
        try:
            return {**self.spec.solution_json(instance, answer), "atoms": list(answer.texts)}
        except _SHAPE_ERRORS as error:
            raise AnswerShapeError(_shape_problem(answer, error)) from None

    def given_count(self, instance: Instance) -> int:
        """The values of a solution the author gave (a clue `given(...)` fixes one)."""
        return sum(clue.name == "given" for clue in instance.clues)

    def known_count(self, instance: Instance, answer: Answer) -> int:
        """The values a (partial) answer knows, as its JSON solution holds them."""
        return known_values(self.solution_json(instance, answer))

    def draws_nothing(self, instance: Instance, answer: Answer) -> bool:
        """True when the answer holds none of the atoms its drawing reads (an edited #show)."""
        from ..facts import Answer

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
        from ..board.terminal import terminal

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


class GenrePuzzle(Puzzle):
    """A registered genre: a `.lp` file whose header is its contract. `name` is how it is
    registered (a shipped genre's name, or the path a genre file was named by)."""

    def __init__(self, name: str, path: Path, text: str | None = None) -> None:
        super().__init__(name)
        self.path = path
        self.text = text  # the rules as edited (the studio), else read from `path`

    @cached_property
    def genre(self) -> Genre:
        from ..genres.contract import read_genre

        return read_genre(self.path, self.text)

    @cached_property
    def spec(self) -> PuzzleSpec:
        from ..genres.contract import spec

        made = spec(self.genre, self.name)
        made.check()
        return made

    @property
    def summary(self) -> str:
        if self.text is not None or "genre" in self.__dict__:
            return self.genre.header.summary
        from ..genres import summary

        return summary(self.path) or self.name

    @property
    def description(self) -> str:
        from ..genres import asp_dir

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
        from ..genres.vocabulary import KINDS

        predicate = KINDS[made.kind].predicate
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
        from ..genres import asp_dir

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


class Registry(dict[str, Puzzle]):
    """The puzzles by name; a genre file's path (`path/to/mine.lp`), asked for, is read
    and kept under that path (it is not listed with the shipped puzzles), as is a genre
    a front end adds to `files` (the studio's new genre)."""

    def __init__(self, puzzles: dict[str, Puzzle]) -> None:
        super().__init__(puzzles)
        self.files: dict[str, Puzzle] = {}

    def __missing__(self, name: str) -> Puzzle:
        from ..genres import is_genre_path

        if name not in self.files:
            if not is_genre_path(name):
                raise KeyError(name)
            self.files[name] = GenrePuzzle(name, Path(name))
        return self.files[name]

    def __contains__(self, name: object) -> bool:
        from ..genres import is_genre_path

        return super().__contains__(name) or name in self.files or (
            isinstance(name, str) and is_genre_path(name))


@cache
def registry() -> Registry:
    """Every puzzle: the modules here not starting with `_`, and the shipped genres
    (`asp/<name>.lp` with a genre header).

    Modules are imported only when used, so solving one puzzle loads one module.
    """
    from ..genres import asp_dir

    modules = set(module_names())
    return Registry({name: Puzzle(name) if name in modules
                     else GenrePuzzle(name, asp_dir() / f"{name}.lp") for name in names()})
