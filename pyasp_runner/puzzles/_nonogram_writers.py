"""Writing a nonogram back in the formats other programs read (`.non`, `.nin`, `.mk`,
`.cwd`, puzz.link addresses), and reading a line's runs from its clue atom; Tatham's game
ID, the puzzle's first format, is written by the puzzle's module.

The writers read only the board's size from the instance: any record with a `width` and
a `height` will do (`Sized`).
"""

from __future__ import annotations

from typing import Protocol

from clingo import Symbol

from ..errors import InputError
from ..puzzle import Instance, Value, to_python
from ._nonogram_clues import UNKNOWN
from ._nonogram_ids import write_pzpr


class Sized(Protocol):
    """What the writers read of a nonogram's input record."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


def runs_of(clue: Symbol) -> list[int]:
    """The run lengths of a line clue."""
    return clue_runs(to_python(clue.arguments[2]), to_python(clue.arguments[1]))


def clue_runs(first: Value, later: Value) -> list[int]:
    """The run lengths of a clue's first run and nested list of later ones."""
    if not isinstance(first, int):
        raise ValueError(f"not a run length: {first!r}")
    if first <= 0:
        return []
    runs, term = [first], later
    while term != ():
        if not isinstance(term, tuple) or len(term) != 2 or not isinstance(term[0], int):
            raise ValueError(f"not a list of runs: {term!r}")
        runs.append(term[0])
        term = term[1]
    return runs


def clue_text(runs: list[int] | None, separator: str) -> str:
    """A line's runs written with `separator`, `0` for a line without black cells and `?`
    for a line without a clue."""
    if runs is None:
        return UNKNOWN
    return separator.join(map(str, runs)) if runs else "0"


def lines_of(instance: Instance[Sized], clues: list[Symbol]
             ) -> tuple[list[list[int] | None], list[list[int] | None],
                        dict[tuple[int, int], bool]]:
    """The column clues, row clues (None: no clue) and given cells among `clues`."""
    columns: list[list[int] | None] = [None] * instance.data.width
    rows: list[list[int] | None] = [None] * instance.data.height
    givens: dict[tuple[int, int], bool] = {}
    for clue in clues:
        if clue.name == "given":
            row, column, black = (arg.number for arg in clue.arguments)
            givens[row, column] = bool(black)
        else:
            lines = rows if clue.name == "row_clue" else columns
            lines[clue.arguments[0].number - 1] = runs_of(clue)
    return columns, rows, givens


def write_non(instance: Instance[Sized], clues: list[Symbol]) -> str:
    """A `.non` file (`?` for a line without a clue); given cells have no form there."""
    columns, rows, givens = lines_of(instance, clues)
    if givens:
        raise InputError(instance.source, "given cells cannot be written in a .non file "
                         "(a Tatham game ID holds them)")
    out = [f"width {instance.data.width}", f"height {instance.data.height}", "", "rows"]
    out += [clue_text(runs, ",") for runs in rows] + ["", "columns"]
    out += [clue_text(runs, ",") for runs in columns]
    return "\n".join(out) + "\n"


def _plain_lines(instance: Instance[Sized], clues: list[Symbol], name: str,
                 ) -> tuple[list[list[int]], list[list[int]]]:
    """Every column's and row's runs for a format of plain clue lines, which has no form
    for given cells or a line without a clue (`0` is an empty line there)."""
    columns, rows, givens = lines_of(instance, clues)
    if givens:
        raise InputError(instance.source, f"given cells cannot be written in a {name} file "
                         "(a Tatham game ID holds them)")
    if any(runs is None for runs in columns + rows):
        raise InputError(instance.source, f"a line without a clue cannot be written in a "
                         f"{name} file (there, 0 is a line without black cells)")
    return [runs or [0] for runs in columns if runs is not None], \
        [runs or [0] for runs in rows if runs is not None]


def _numbers(lines: list[list[int]]) -> list[str]:
    return [" ".join(map(str, runs)) for runs in lines]


def write_nin(instance: Instance[Sized], clues: list[Symbol]) -> str:
    """Jakub Wilk's `.nin`: `W H`, the row clues, the column clues."""
    columns, rows = _plain_lines(instance, clues, ".nin")
    return "\n".join([f"{instance.data.width} {instance.data.height}", *_numbers(rows),
                      *_numbers(columns)]) + "\n"


def write_mk(instance: Instance[Sized], clues: list[Symbol]) -> str:
    """Olšák's `.mk`: `H W`, the row clues, `#`, the column clues."""
    columns, rows = _plain_lines(instance, clues, ".mk")
    return "\n".join([f"{instance.data.height} {instance.data.width}", *_numbers(rows), "#",
                      *_numbers(columns)]) + "\n"


def write_cwd(instance: Instance[Sized], clues: list[Symbol]) -> str:
    """The `.cwd` layout: H, W, the row clues, a blank line, the column clues."""
    columns, rows = _plain_lines(instance, clues, ".cwd")
    return "\n".join([str(instance.data.height), str(instance.data.width), *_numbers(rows), "",
                      *_numbers(columns)]) + "\n"


def write_puzzlink(instance: Instance[Sized], clues: list[Symbol]) -> str:
    """A puzz.link address; pzprjs has no line without a clue and no given cell."""
    columns, rows, givens = lines_of(instance, clues)
    if givens:
        raise InputError(instance.source, "given cells cannot be written in a puzz.link "
                         "address (a Tatham game ID holds them)")
    known_columns = [runs for runs in columns if runs is not None]
    known_rows = [runs for runs in rows if runs is not None]
    if len(known_columns) < len(columns) or len(known_rows) < len(rows):
        raise InputError(instance.source, "a line without a clue cannot be written in a "
                         "puzz.link address (there, an empty line has no black cell)")
    return write_pzpr(instance.data.width, instance.data.height, known_columns, known_rows) + "\n"
