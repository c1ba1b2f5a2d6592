"""solve-asp: puzzles as answer-set programs, solved by clingo, drawn with rich.

The Python API (`pyasp_runner.api`): `solve`, `solve_file`, `explain`, `hint`, `grade`,
`generate` and `list_puzzles`, imported on first use so that the command starts fast.
(`pyasp_runner.puzzles` is the package of the puzzles' modules and their registry.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

__all__ = ["__version__", "explain", "generate", "grade", "hint", "list_puzzles", "solve",
           "solve_file"]

if TYPE_CHECKING:
    from .api import explain, generate, grade, hint, list_puzzles, solve, solve_file

_LAZY = {"explain", "generate", "grade", "hint", "list_puzzles", "solve", "solve_file"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
