"""The registered puzzles listed without importing any of them, nor clingo: their names
(the modules of this package not starting with `_`, and the shipped genres) and the
first line of each one's description, read from its source (`solve-asp --list`).
"""

from __future__ import annotations

import os


def names() -> list[str]:
    """Every registered puzzle's name, sorted: the modules here and the shipped genres
    (`asp/<name>.lp` files with a genre header, pyasp_runner.genres)."""
    from .. import genres

    modules = module_names()
    return sorted([*modules, *genres.names(set(modules))])


def module_names() -> list[str]:
    """The puzzles written as modules (the modules here not starting with `_`), sorted,
    found without importing any of them (nor pkgutil, which imports inspect)."""
    try:
        files = os.listdir(os.path.dirname(__file__))
    except OSError:  # not a folder (a zip archive): ask the import system
        import pkgutil

        return sorted(module.name for module in pkgutil.iter_modules([os.path.dirname(__file__)])
                      if not module.name.startswith("_"))
    return sorted(file[:-3] for file in files
                  if file.endswith(".py") and not file.startswith("_"))


def summary_from_source(name: str) -> str | None:
    """The first line of puzzle `name`'s module docstring, read from its source without
    importing it (`--list` imports no puzzle), or a genre's `%! summary`; None where there
    is no source to read."""
    from .. import genres

    if name not in module_names():
        return genres.summary(genres.asp_dir() / f"{name}{genres.SUFFIX}")
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
