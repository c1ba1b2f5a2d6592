"""The records of a batch run: a `Task` handed out, its `Done` when it finished, and
`Stopped` when the run was stopped; what the local pool (`processes.py`) and the
cluster (`cluster.py`) share."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

OK, TIMEOUT, CRASHED, RAISED = "ok", "timeout", "crashed", "raised"
AHEAD = 4  # tasks handed out per worker before the earlier ones finish
POLL_S = 0.2  # how often waiting looks at `stop`


@dataclass(frozen=True)
class Task:
    """One unit of work: `function(*args)` in a worker, known by `name` in the results."""

    name: str
    function: Callable[..., Any]
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Done:
    """A finished task: its position in the input and name, how it ended, its value."""

    index: int
    name: str
    outcome: str
    value: Any = None
    error: str | None = None
    seconds: float = 0.0
    detail: str | None = None  # the traceback of an exception the function raised


class Stopped(Exception):
    """The run was stopped by Ctrl-C (KeyboardInterrupt) before every task finished."""


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def one_line(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
