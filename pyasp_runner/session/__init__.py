"""The session: one place that loads a puzzle with its settings and answers questions.

Every front end (the command line, the Python API, the studio's worker, a collection's
workers) reads its puzzle and asks its questions here, so all of them apply the same
settings (the puzzle's preset and clingo options, its default answers, the user's
limits) and say the same of the same puzzle:

- `loading.py`: `Settings` (what a front end may set) and `load` (text to a `Loaded`
  puzzle, checked against its size limit and options);
- `questions.py`: `Session` (a loaded puzzle, its settings and deadline): `solve`,
  `explain`, `hint`, `grade`, `trace`;
- `record.py`: `Outcome`, what a question found: its JSON envelope and its boards;
- `making.py`: `generate`, a new puzzle with one solution, graded.

It sits above the runner, the contract and the registry, and below the front ends; it
prints nothing and exits nothing.
"""

from __future__ import annotations

from .loading import DEFAULT_CAP, Loaded, Settings, load
from .questions import Progress, Session
from .record import Outcome

__all__ = ["DEFAULT_CAP", "Loaded", "Outcome", "Progress", "Session", "Settings", "load"]
