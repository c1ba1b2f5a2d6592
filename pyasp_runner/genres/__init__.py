"""Genres: puzzles defined by one `.lp` file each, rules and a header (docs/genres.md).

A shipped genre is `asp/<name>.lp` with a `%! genre` header and no module in
`pyasp_runner/puzzles/`; a genre file elsewhere is named by its path
(`solve-asp path/to/mine.lp INPUT`). This module finds them and reads their summaries
without clingo (`solve-asp --list` imports neither clingo nor a genre's machinery);
`contract.py` makes a genre the puzzle contract.
"""

from __future__ import annotations

import os
from pathlib import Path

GENRE_KEY = "%! genre "
SUMMARY_KEY = "%! summary "
SUFFIX = ".lp"
# A genre's header is at the top of its file: its first lines are enough to find it.
HEAD_BYTES = 64 * 1024


def asp_dir() -> Path:
    """`asp/` inside the wheel, else at the top of the checkout."""
    package = Path(__file__).resolve().parent.parent
    shipped = package / "asp"
    return shipped if shipped.is_dir() else package.parent / "asp"


def _head(path: Path) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read(HEAD_BYTES)
    except OSError:
        return ""


def header_value(text: str, key: str) -> str | None:
    for line in text.splitlines():
        if line.startswith(key):
            return line[len(key):].strip()
    return None


def names(modules: set[str]) -> list[str]:
    """The shipped genres: encodings in asp/ with a `%! genre` header and no module of
    their name among `modules` (the puzzles written in Python)."""
    try:
        files = os.listdir(asp_dir())
    except OSError:
        return []
    found = []
    for file in sorted(files):
        stem = file[:-len(SUFFIX)]
        if file.endswith(SUFFIX) and stem not in modules \
                and header_value(_head(asp_dir() / file), GENRE_KEY) is not None:
            found.append(stem)
    return found


def summary(path: Path) -> str | None:
    """A genre file's `%! summary`, read without parsing its rules."""
    return header_value(_head(path), SUMMARY_KEY)


def is_genre_path(name: str) -> bool:
    """Whether a puzzle named on the command line is a genre file by its path."""
    return name.endswith(SUFFIX) and os.path.isfile(name)
