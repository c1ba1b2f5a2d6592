"""What every imperative solver shares: the search result, node counting, reading."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# What a watched search reports: the event ("start": the root, before any choice; "try"
# a value on a cell, "forced" a value by simplification, "cut" by a validity check,
# "solution"), how to get the grid then (rows
# of values, None where empty; built only if the watcher asks) and the cell concerned
# (0-based row, column), if any.
Grid = Callable[[], list[list[Any]]]
Watch = Callable[[str, Grid, tuple[int, int] | None], None]


class Enough(Exception):
    """Raised inside a search to unwind it once the requested solutions are found."""


@dataclass
class Result:
    """Solutions found (JSON shape of PUZZLES.md) and the work the search did.

    `nodes` counts the search states opened (every state the search entered, the root
    included); `tried` counts the successors generated (every move tried, whether or
    not its validity check let the search enter it). `complete` is True when the whole
    search space was explored, so `len(solutions)` is the exact count.
    """

    solutions: list[dict[str, Any]] = field(default_factory=list)
    nodes: int = 0
    tried: int = 0
    complete: bool = False
    limit: int = 2
    closest: dict[str, Any] | None = None
    watch: Watch | None = None  # the studio's playback listens here; nothing else does

    def saw(self, kind: str, grid: Grid, cell: tuple[int, int] | None = None) -> None:
        """Tell the watcher, if any."""
        if self.watch is not None:
            self.watch(kind, grid, cell)

    def found(self, solution: dict[str, Any]) -> None:
        """Record a solution; unwind the search when the limit is reached."""
        self.solutions.append(solution)
        if self.limit and len(self.solutions) >= self.limit:
            raise Enough

    @property
    def status(self) -> str:
        return "solved" if self.solutions else "unsolvable" if self.complete else "unknown"

    @property
    def unique(self) -> bool | None:
        if len(self.solutions) > 1:
            return False
        return True if self.complete and self.solutions else None

    def envelope(self, puzzle: str, seconds: float) -> dict[str, Any]:
        data: dict[str, Any] = {
            "puzzle": puzzle, "status": self.status, "solutions": self.solutions,
            "count": len(self.solutions), "complete": self.complete, "unique": self.unique,
            "stats": {"time_s": round(seconds, 4), "nodes": self.nodes, "tried": self.tried},
        }
        if self.closest is not None:
            data["closest"] = self.closest
        return data


def content_lines(text: str) -> list[str]:
    """Non-blank lines that are not `#` comments, stripped."""
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def is_empty(field: str) -> bool:
    """`_`, `__`, ... (any run of underscores) is an empty cell."""
    return bool(re.fullmatch(r"_+", field.strip()))


def take_range(lines: list[str]) -> tuple[list[str], tuple[int, int] | None]:
    """Split an optional first line `range: LO..HI` from the other lines."""
    if lines and lines[0].lower().startswith("range:"):
        low, high = lines[0].split(":", 1)[1].split("..")
        return lines[1:], (int(low), int(high))
    return lines, None
