"""One module per puzzle (parse + render + JSON); modules starting with `_` are helpers.

This package is also the API's `puzzles()`: `from pyasp_runner import puzzles` finds
this package (a package's subpackage wins over its `__getattr__`), so calling it lists
the registered puzzles, as `pyasp_runner.api.puzzles()` does.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any


class _Listing(ModuleType):
    def __call__(self) -> Any:
        from ..api import puzzles

        return puzzles()


sys.modules[__name__].__class__ = _Listing
