"""The registry: one module per puzzle here, found by name; modules starting with `_`
are helpers the puzzles share. A genre (`asp/<name>.lp` with a header, or a genre file
named by its path; pyasp_runner.genres) is a registered puzzle too: a `GenrePuzzle`.

`registry()` maps each puzzle's name to a `Puzzle`: its module's declaration (the
contract's `PuzzleSpec`, `pyasp_runner.puzzle`), imported on first use, with its hooks
called as the contract says where a group or a hook is None, its encoding and its
shipped examples. `Puzzle.of(spec)` makes one from a declaration no module holds.
Listing the puzzles (`names`, `summary_from_source`: `_listing`) imports none of them,
nor clingo. `Puzzle` is in `_registered`, `GenrePuzzle` in `_genre`.
(The API's listing of the puzzles is `pyasp_runner.list_puzzles()`.)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ._genre import GenrePuzzle, describe
from ._listing import module_names, names, summary_from_source
from ._registered import Puzzle, data_dir, encoding_dir, known_values

__all__ = ["GenrePuzzle", "Puzzle", "Registry", "data_dir", "describe", "encoding_dir",
           "known_values", "module_names", "names", "registry", "summary_from_source"]


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
