"""A run imports only what its path uses (issue 22's start-up): `--list` neither clingo
nor rich's console nor any puzzle, `--version` no puzzle and no parser, `--json` no rich
and no dataclasses, and no run the reasoning, the studio, the batch runner or another
puzzle's module. Checked on the real command's imports (`sys.modules` at its exit), not
on its timing (benchmarks/startup.py measures that)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

from pyasp_runner.puzzles import module_names

JODICI = str(ROOT / "instances" / "jodici" / "1.csv")
COUNTDOWN = str(ROOT / "instances" / "countdown" / "reference.txt")
# What no solve of one puzzle needs: the questions about clues, generating, collections,
# the web editor, traces, pictures, the Python API (a solve reads its puzzle with
# `pyasp_runner.session`).
NEVER = {"pyasp_runner.reasoning", "pyasp_runner.generating", "pyasp_runner.batch",
         "pyasp_runner.audit", "pyasp_runner.studio", "pyasp_runner.trace", "pyasp_runner.api",
         "pyasp_runner.board.svg", "pyasp_runner.imperative", "rich.table", "rich.progress",
         "pebble", "starlette"}


# The `solve-asp` entry point, reporting at exit every module the run imported (python -X
# importtime misses those imported by importlib.import_module, as the puzzles are).
COMMAND = """import atexit, sys
atexit.register(lambda: sys.stderr.write("\\nmodules: " + " ".join(sys.modules) + "\\n"))
sys.argv[0] = "solve-asp"
from pyasp_runner.__main__ import run_command
run_command()
"""


def imported(*argv: str) -> set[str]:
    """Every module `solve-asp ARGV` imports."""
    done = subprocess.run([sys.executable, "-c", COMMAND, *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    modules = set(done.stderr.rsplit("\nmodules: ", 1)[1].split())
    assert "pyasp_runner.cli" in modules  # the list was read
    return modules


def other_puzzles(modules: set[str], solved: str | None) -> set[str]:
    prefix = "pyasp_runner.puzzles."
    return {name for name in modules if name.startswith(prefix)
            and not name[len(prefix):].startswith("_") and name != f"{prefix}{solved}"}


def test_list_imports_no_clingo_rich_console_or_puzzle():
    modules = imported("--list")
    assert not modules & (NEVER | {"clingo", "rich.console", "rich.text", "pyasp_runner.session",
                                   "pyasp_runner.runner", "pyasp_runner.puzzle", "inspect"})
    assert not other_puzzles(modules, None)


def test_version_imports_clingo_but_no_puzzle_parser_or_runner():
    modules = imported("--version")
    assert "clingo" in modules  # its version is in the line
    assert not modules & (NEVER | {"argparse", "rich.console", "pyasp_runner.session",
                                   "pyasp_runner.runner", "pyasp_runner.puzzle"})
    assert not other_puzzles(modules, None)


def first_solved(puzzle: str) -> str:
    """A shipped instance of the puzzle with a solution: the first such file by name."""
    folder = ROOT / "instances" / puzzle
    return str(min(path for path in folder.iterdir() if not path.name.endswith(".json")
                   and '"solved"' in path.with_name(f"{path.stem}.expected.json").read_text()))


PUZZLES = sorted(path.name for path in (ROOT / "instances").iterdir() if path.is_dir())


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_json_solve_imports_no_rich_and_no_dataclasses(puzzle):
    modules = imported(puzzle, first_solved(puzzle), "--json")
    own = f"pyasp_runner.puzzles.{puzzle}" if puzzle in module_names() \
        else "pyasp_runner.genres.contract"  # a genre: its file and the shared machinery
    assert {"clingo", own} <= modules
    assert not {name for name in modules if name.startswith("rich.")}
    assert not modules & NEVER
    assert not other_puzzles(modules, puzzle)
    # The contract's, the runner's and the puzzles' records are named tuples: no
    # dataclasses, no inspect (a drawing imports them anyway, with rich's console).
    assert not modules & {"dataclasses", "inspect"}


@pytest.mark.parametrize(("puzzle", "path"), [("jodici", JODICI), ("countdown", COUNTDOWN)],
                         ids=["jodici", "countdown"])
def test_puzzlink_reader_only_for_addresses(puzzle, path):
    # puzz.link's reader is imported for game IDs and addresses only, where the puzzle's
    # module does not need it for writing them too.
    assert "pyasp_runner.puzzles._pzpr" not in imported(puzzle, path, "--json")


@pytest.mark.parametrize(("extra", "tables"), [((), False), (("--stats",), True)])
def test_drawing_imports_only_its_puzzle(extra, tables):
    modules = imported("jodici", JODICI, *extra)
    assert {"rich.console", "pyasp_runner.board.terminal"} <= modules
    assert ("rich.table" in modules) is tables  # only the statistics table needs it
    assert not modules & (NEVER - {"rich.table"})
    assert not other_puzzles(modules, "jodici")
