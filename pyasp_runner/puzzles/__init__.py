"""One module per puzzle (parse + render + JSON); modules starting with `_` are helpers.

(The API's listing of the puzzles is `pyasp_runner.list_puzzles()`.)
"""

from __future__ import annotations

import os


def names() -> list[str]:
    """The registered puzzles' names (the modules here not starting with `_`), sorted,
    found without importing any of them (nor pkgutil, which imports inspect)."""
    try:
        files = os.listdir(os.path.dirname(__file__))
    except OSError:  # not a folder (a zip archive): ask the import system
        import pkgutil

        return sorted(module.name for module in pkgutil.iter_modules(__path__)
                      if not module.name.startswith("_"))
    return sorted(file[:-3] for file in files
                  if file.endswith(".py") and not file.startswith("_"))


def summary_from_source(name: str) -> str | None:
    """The first line of puzzle `name`'s module docstring, read from its source without
    importing it (`--list` imports no puzzle); None where there is no source to read."""
    source = os.path.join(os.path.dirname(__file__), f"{name}.py")
    try:
        with open(source, encoding="utf-8") as file:
            text = file.read().lstrip()
    except OSError:
        return None
    if not text.startswith('"""'):
        return None
    doc = text[3:].split('"""', 1)[0].strip()
    return doc.splitlines()[0] if doc else name
