"""Shared test helpers: solving an instance file the way the command does, bad input, and
watching a command run in its own process (bounded waits).

Fixtures (ask for them by name in a test's arguments):
    solve(puzzle, instance, models=2, **limits)   a puzzle's encoding on a parsed instance
    render(puzzle, instance, answer, width=80)    an answer drawn for a terminal, as text
    golden(name, text)                            `text` equals tests/goldens/<name>

Golden files: tests/goldens/<puzzle>/<instance file>.txt and .svg hold each instance's
drawing, on an 80-column terminal and as SVG (test_board.py). A change to the drawings
fails there with a diff; when the change is meant, `pytest --update-goldens` (or
`pytest tests/test_board.py --update-goldens`) writes them anew, and `git diff
tests/goldens` is the review before they are committed.
"""

from __future__ import annotations

import difflib
import io
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pyasp_runner import runner
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import Answer, Instance
from pyasp_runner.puzzles import GenrePuzzle, Puzzle, registry
from pyasp_runner.session.record import solve_envelope

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"
GOLDENS = ROOT / "tests" / "goldens"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true", default=False,
                     help="write tests/goldens/ anew from what the code draws (then review "
                          "`git diff tests/goldens`)")


def updating_goldens(config: pytest.Config) -> bool:
    return bool(config.getoption("--update-goldens"))


def instance_files() -> list[Path]:
    """Every puzzle file under instances/ (the `.expected.json` files sit beside them)."""
    return sorted(
        path for path in INSTANCES.glob("*/*")
        if path.is_file() and not path.name.endswith(".expected.json")
        and not path.name.startswith(".") and path.name != "README.md"
    )


def sampled_files(grids: int) -> list[Path]:
    """Every puzzle's files, and of each genre (whose readers and paths are the header's,
    shared by all its files) pzprjs's address and its `grids` smallest text grids: for
    the tests that ask the same of every file at length (mutations, every front end),
    where a genre's largest boards test nothing new."""
    chosen = []
    files = instance_files()
    for folder in sorted({path.parent for path in files}):
        mine = [path for path in files if path.parent == folder]
        if not isinstance(registry()[folder.name], GenrePuzzle):
            chosen += mine
            continue
        sized = sorted((path for path in mine if path.name != PZPRJS_FILE),
                       key=lambda path: (path.stat().st_size, path.name))
        chosen += sorted([*(path for path in mine if path.name == PZPRJS_FILE),
                          *sized[:grids]])
    return chosen


PZPRJS_FILE = "pzprjs-test.txt"  # a genre's puzzle from pzprjs's test script (an address)


def comparison_table() -> dict[str, dict[str, str]]:
    """The measured rows of docs/declarative-vs-imperative.md, by instance (numbers
    without their thousands commas)."""
    lines = (ROOT / "docs/declarative-vs-imperative.md").read_text().splitlines()
    start = lines.index("<!-- compare:start -->")
    header_at = next(i for i in range(start, len(lines)) if lines[i].startswith("| instance"))
    names = [cell.strip() for cell in lines[header_at].strip("|").split("|")]
    rows = {}
    for line in lines[header_at + 2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip().replace(",", "") for cell in line.strip("|").split("|")]
        rows[cells[0]] = dict(zip(names, cells, strict=True))
    return rows


def without_atoms(solution: dict[str, Any]) -> dict[str, Any]:
    """A solution object without its `atoms` (which restate it), to compare its values."""
    return {key: value for key, value in solution.items() if key != "atoms"}


def expected_for(path: Path) -> dict[str, Any]:
    return json.loads((path.parent / f"{path.stem}.expected.json").read_text())


def solve_file(path: Path, **limits: Any) -> tuple[Puzzle, Any, runner.Result, dict[str, Any]]:
    puzzle = registry()[path.parent.name]
    instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
    result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(**limits))
    return puzzle, instance, result, solve_envelope(puzzle, instance, result, len(result.answers))


def solve_instance(puzzle: str, instance: Instance, models: int = 2,
                   **limits: Any) -> runner.Result:
    """The puzzle's encoding run on the instance's facts (models: answers to look for, 0 =
    all); clingo says nothing while doing it (a warning from a shipped encoding is a bug)."""
    result = runner.solve(registry()[puzzle].encoding, instance.facts,
                          runner.Limits(models=models, **limits))
    assert result.messages == []
    return result


def drawn_text(puzzle: str, instance: Instance, answer: Answer, width: int = 80) -> str:
    """The answer as the terminal drawing shows it at `width` columns, without colour."""
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(registry()[puzzle].render(instance, answer))
    return console.export_text()


@pytest.fixture
def solve() -> Callable[..., runner.Result]:
    return solve_instance


@pytest.fixture
def render() -> Callable[..., str]:
    return drawn_text


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Callable[[str, str], None]:
    """`golden(name, text)`: `text` must equal tests/goldens/<name> (lines compared without
    their trailing spaces); with --update-goldens the file is written instead."""
    def check(name: str, text: str) -> None:
        text = "".join(line.rstrip() + "\n" for line in text.splitlines())
        path = GOLDENS / name
        if updating_goldens(request.config):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        if not path.is_file():
            pytest.fail(f"no golden file tests/goldens/{name}: `pytest --update-goldens` "
                        "writes it (review it before committing)", pytrace=False)
        expected = path.read_text(encoding="utf-8")
        if text != expected:
            diff = list(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                             f"tests/goldens/{name}", "drawn now",
                                             lineterm=""))
            more = f"\n... {len(diff) - 60} more lines" if len(diff) > 60 else ""
            pytest.fail("the drawing differs from its golden file (`pytest "
                        "--update-goldens` rewrites it when the change is meant):\n"
                        + "\n".join(diff[:60]) + more, pytrace=False)
    return check


def assert_refused(parse: Callable[[str, str], Any], text: str, line: int | None, words: str,
                   source: str = "bad.txt") -> None:
    """`parse` refuses `text` with one line naming the file, the line and the problem."""
    with pytest.raises(InputError) as caught:
        parse(text, source)
    message = str(caught.value)
    assert caught.value.line == line
    assert message.startswith(source if line is None else f"{source}:{line}:")
    assert words in message and "\n" not in message


# --- Commands in their own processes -------------------------------------------------------

def alive_in(process: subprocess.Popen) -> str:
    """The processes still alive of the command's session (started with
    start_new_session=True: the command, its forkserver and workers), one `ps` line each."""
    lines = subprocess.run(["ps", "-o", "pid=,stat=,wchan:24=,args=", "-s", str(process.pid)],
                           capture_output=True, text=True, timeout=60).stdout.splitlines()
    return "\n".join(line for line in lines if line.split()[1:2] != ["Z"])


@contextmanager
def watchdog(process: subprocess.Popen, seconds: float = 120.0,
             what: str = "the command") -> Iterator[None]:
    """Bound every wait inside the block (a `readline`, a read to the end): after
    `seconds` the command's whole session is killed, which ends those waits, and the test
    fails naming the processes that were still alive."""
    alive: list[str] = []

    def fire() -> None:
        alive.append(alive_in(process))
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
    if alive:
        pytest.fail(f"{what} was still running after {seconds:g} s; its processes were:\n"
                    f"{alive[0]}", pytrace=False)


def cpu_seconds(pid: int) -> float:
    """The processor time process `pid` has used so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def busy_for(process: subprocess.Popen, seconds: float, timeout: float = 180.0) -> None:
    """Wait until the command has used `seconds` of processor time: past its start-up
    (importing clingo and rich, which takes seconds of waiting on a loaded machine but a
    fraction of a second of processor time) and into its work. A signal sent then meets
    the search or the grounding, whatever the machine's load."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the command ended (exit {process.returncode}) before it had used "
                        f"{seconds:g} s of processor time", pytrace=False)
        if cpu_seconds(process.pid) >= seconds:
            return
        time.sleep(0.05)
    process.kill()
    pytest.fail(f"the command used under {seconds:g} s of processor time in {timeout:g} s",
                pytrace=False)
