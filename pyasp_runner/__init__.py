"""solve-asp: puzzles as answer-set programs, solved by clingo, drawn with rich.

The Python API (`pyasp_runner.api`): `solve`, `solve_file`, `explain`, `hint`, `grade`,
`generate`, `check`, `why` and `list_puzzles`, imported on first use so that the command
starts fast.
(`pyasp_runner.puzzles` is the package of the puzzles' modules and their registry.)

Its layers, each importing only from those below (tests/test_layers.py): the base
(`facts`, `errors` with the exit codes, `board/`, `output`, `process`, `batch/`); clingo
(`program`, `runner`, `trace`, `reasoning`); the contract (`puzzle`, `genres/`); the
registry (`puzzles/`); the session (`session/`: a puzzle loaded with its settings, each
question answered by one `Outcome`); and the front ends, which only present an
`Outcome`: the command (`cli/`, the only one that prints or exits), this API (`api`), the
studio (`studio/`) and collections (`audit`, `generating`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

__all__ = ["__version__", "check", "explain", "generate", "grade", "hint", "list_puzzles",
           "solve", "solve_file", "why"]

if TYPE_CHECKING:
    from .api import check, explain, generate, grade, hint, list_puzzles, solve, solve_file, why

_LAZY = {"check", "explain", "generate", "grade", "hint", "list_puzzles", "solve",
         "solve_file", "why"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
