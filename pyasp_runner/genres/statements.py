"""What a genre's header states, one type per statement (`header.py` reads them)."""

from __future__ import annotations

from typing import NamedTuple

from . import vocabulary as words


class Token(NamedTuple):
    meaning: str            # one of vocabulary.MEANINGS
    symbol: str | None      # the symbol's (or the between clue's) name
    line: int
    # `blocked or empty`: blocked where the file writes its empty cells another way
    # (Rosetta Code's Hidato: `__` empty, `.` off the board), else empty
    or_empty: bool = False


class Decoder(NamedTuple):
    name: str
    args: tuple[str, ...]
    optional: bool = False  # `NAME?`, the last: written only when it holds something


class Puzzlink(NamedTuple):
    names: tuple[str, ...]
    decoders: tuple[Decoder, ...]
    line: int


class Show(NamedTuple):
    predicate: str
    arity: int
    role: str
    symbol: str | None      # `symbol NAME`: the one symbol p(R, C) draws
    line: int
    by_clue: bool = False   # `region by clue`: a region's Id is the cell (R, C) of its clue


class Generate(NamedTuple):
    kind: str               # the clue kind a solution gives (`number`)
    predicate: str          # ... from this shown predicate (`value`)
    arity: int
    size: tuple[int, int] | None
    line: int
    reach: int | None = None  # `reach CELLS`: larger blank grids are beyond a minute
    # `answer SEARCH,DERIVE`: a blank grid's random solution drawn by these program parts
    answer: tuple[str, str] | None = None


Bound = tuple[tuple[int, str], ...]   # terms added up: (sign, a whole number or a word)


class Numbers(NamedTuple):
    """`%! numbers LOW..HIGH [once] [letters]`: the numbers a cell's clue may hold; `once`:
    no two cells are given the same; `letters`: they are read and written as letters,
    A (or a) for 1 ... Z for 26, and a whole number is read as well."""

    low: Bound
    high: Bound
    once: bool
    line: int
    letters: bool = False   # `letters`: written as letters, A for 1


class Preamble(NamedTuple):
    """`%! preamble KEY NAME[?=DEFAULT]`: a line `KEY: VALUE` before the grid gives the
    parameter NAME, which the size line then does not hold."""

    key: str
    param: str
    default: str | None
    line: int


class Limit(NamedTuple):
    """`%! limit NAME LOW..HIGH`: the values a parameter may take (bounds as `numbers`')."""

    param: str
    low: Bound
    high: Bound
    line: int


class Block(NamedTuple):
    name: str
    optional: bool


class Header(NamedTuple):
    """What a genre file's header says, with the line of each statement."""

    source: str
    genre: str
    summary: str
    inputs: dict[str, int]                 # kind -> line (vocabulary.KINDS)
    sides: tuple[str, ...]                 # the `outside` layer's sides
    between: tuple[str, ...]               # the `between` layer's kinds
    params: tuple[str, ...]                # the parameters' names, in order
    param_list: bool                       # the last parameter takes every number left
    tokens: dict[str, Token]
    text: tuple[Block, ...]
    puzzlinks: tuple[Puzzlink, ...]
    structure: dict[str, int]              # kind -> line
    shows: tuple[Show, ...]
    generates: tuple[Generate, ...]        # a line per clue kind a solution gives
    configuration: str | None
    options: tuple[str, ...]
    max_size: int | None
    lines: dict[str, int]                  # key -> its (first) line
    tatham: str | None = None              # the Tatham game whose IDs are read
    json_integers: bool = False            # --json writes the grid's numbers as numbers
    square: bool = False                   # a grid has as many rows as columns
    defaults: tuple[tuple[str, str], ...] = ()  # parameters that may be left out, defaults
    numbers: Numbers | None = None         # the range of the cells' numbers
    preambles: tuple[Preamble, ...] = ()   # parameters stated on lines before the grid
    json_rows: bool = False                # --json writes each row as one string
    limits: tuple[Limit, ...] = ()         # the values parameters may take
    path: str | None = None                # `--path` follows this answer's numbers
    measure: str | None = None             # `max-size LIMIT PART`: the part that counts

    def has(self, kind: str) -> bool:
        return kind in self.inputs

    def written(self, number: int) -> str:
        """A number as files and pictures write it: a letter (A for 1) where the numbers
        are letters (`%! numbers ... letters`)."""
        if self.numbers is not None and self.numbers.letters and 1 <= number <= 26:
            return chr(ord("A") + number - 1)
        return str(number)

    def letter_number(self, token: str) -> int | None:
        """The number a letter stands for (A or a for 1), where the numbers are letters."""
        if (self.numbers is not None and self.numbers.letters and len(token) == 1
                and "a" <= token.lower() <= "z"):
            return ord(token.lower()) - ord("a") + 1
        return None

    def clue_kinds(self) -> tuple[str, ...]:
        """The declared kinds that are the author's clues (the rest is structure)."""
        return tuple(kind for kind in self.inputs
                     if words.KINDS[kind].clue and kind not in self.structure)
