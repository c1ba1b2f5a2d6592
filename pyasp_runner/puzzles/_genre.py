"""A genre as a registered puzzle (`GenrePuzzle`): a `.lp` file whose header is its
contract (pyasp_runner.genres), and its --help text.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._registered import Puzzle

if TYPE_CHECKING:
    from ..facts import Answer
    from ..genres.contract import Genre
    from ..puzzle import Instance, PuzzleSpec

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
    def spec(self) -> PuzzleSpec[Any]:
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
        if self.genre.header.generates:
            return ""
        return ("its header has no '%! generate' line: its clues do not follow from a "
                "solution by copying (docs/genres.md)")

    def given_count(self, instance: Instance[Any]) -> int:
        """The answer's atoms that restate an author's clue (the clues `generate` copies
        from a solution): none where the answer shows no clue again."""
        from ..genres.vocabulary import CELL_KINDS, KINDS

        copied = {KINDS[made.kind].predicate for made in self.genre.header.generates
                  if made.kind in CELL_KINDS}
        return sum(clue.name in copied for clue in instance.clues)

    def known_count(self, instance: Instance[Any], answer: Answer) -> int:
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

    from ..genres.readers import labelled

    header = genre.header
    optional = dict(header.defaults)
    size = " ".join(["ROWS", "COLS", *(f"[{p.upper()}]" if p in optional else p.upper()
                                       for p in header.params)])
    lettered = header.numbers is not None and header.numbers.letters
    number = "a letter a number (A for 1)" if lettered else "a number a number"
    blocks = ", ".join(block.name + (" (may be left out)" if block.optional else "")
                       for block in header.text)
    tokens = "; ".join(f"{token} {read.meaning}" + (f" {read.symbol}" if read.symbol else "")
                       + (" (where the file writes its empty cells another way, else empty)"
                          if read.or_empty else "")
                       for token, read in header.tokens.items())
    paragraphs = [
        f"A genre: the rules of {genre.path.name} with a header that says what a puzzle "
        "holds and how its answer is drawn"
        + (f" ({printed_by} prints them)." if printed_by else "."),
        f"Input: the plain text grid: a line '{size}', then the blocks {blocks}, a line "
        f"per row of space-separated tokens (- empty, {number}"
        + (f"; {tokens}" if tokens else "") + ")"
        + ("; a parameter in [ ] may be left out: " + ", ".join(
            f"{name} {default}" for name, default in optional.items()) if optional else "")
        + "."]
    if labelled.reads(header):
        names = ["'size: N'", *(f"'{name}: ...'" for name in header.params),
                 *(f"'{block.name}: ...'" if block.name in ("top", "bottom", "left", "right")
                   else f"'{'grid' if block.name == 'cells' else block.name}:' and its rows"
                   for block in header.text)]
        paragraphs.append(f"Or each part on a line named by it: {', '.join(names)}.")
    paragraphs.append("Or janko.at's data block (begin ... end).")
    if header.tatham:
        paragraphs.append(f"Or a game ID of Simon Tatham's {header.tatham} (N:clues/.../"
                          "clues[,cells]; also its page's address or a save file).")
    names = [name for link in header.puzzlinks for name in link.names]
    if names:
        paragraphs.append(f"Or a puzz.link address of {', '.join(names)} "
                          f"(https://puzz.link/p?{names[0]}/COLS/ROWS/...).")
    return "\n\n".join([header.summary, *(textwrap.fill(p, 78) for p in paragraphs)])
