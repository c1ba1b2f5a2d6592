"""The largest public instance of each puzzle through the real command, with its time and
memory: the resource ceilings' other half (benchmarks/hardening.py runs it after the
adversarial ceilings; `python benchmarks/hardening.py --ceilings` runs only the two).

    python benchmarks/public_ceilings.py [PUZZLE ...]

Each row is an instance as its maker publishes it (files under instances/ and
benchmarks/data/public/, which say where they come from, and the shared public boards
beside the checkout, or in SHARED_BENCHMARKS, when they are there), or a case issue 27
found refused or found running without a word (a wider range than the published one, a
board made from a published one with fewer clues, a `generate` command), run alone as a
user runs it: the default solve (a second solution looked for), `--json`,
`--time-limit 60` (HARDENING_CEILING_S), in an address space of 4 GiB. Shown: its size
by the puzzle's measure against the limit, the exit code, wall and CPU seconds, the peak
memory, the processes the run used, whether a note said before starting that it is
beyond what is known to finish, and whether its answers were checked by tests/checkers
(`ok`, or the checker's complaint). On a loaded machine read `cpu_s`: a solve keeps one
core busy at a time.

Time and memory cover the command's whole process tree: wait4 of the command counts
only the command and the children it waited for, not a worker forked by a forkserver
(whose resources go to the forkserver), so the tree under the command is also sampled
from /proc every 50 ms: `peak_mb` is the larger of wait4's peak and the tree's summed
resident memory, `cpu_s` adds the CPU seconds of the processes under the command, and
`processes` counts the command and every process seen under it (1: the command solved
in its own process, and wait4's numbers are exact).
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from bench import CHILD_ENV, COMMAND, ROOT, machine, print_table

LIMIT_S = int(os.environ.get("HARDENING_CEILING_S", "60"))
MEMORY = 4 * 2**30  # the address space each run may use (RLIMIT_AS)
# The shared public benchmarks beside the checkout (or where SHARED_BENCHMARKS says).
SHARED = Path(os.environ.get("SHARED_BENCHMARKS", ROOT.parent / "shared" / "benchmarks"))
DATA = ROOT / "benchmarks" / "data" / "public"
INSTANCES = ROOT / "instances"


class Public(NamedTuple):
    """One row: a puzzle, what the instance is, and how to get its text (None: a
    `generate` command, `argv` then says which)."""

    puzzle: str
    what: str
    text: Callable[[], str] | None
    argv: tuple[str, ...] = ()


def _file(path: Path) -> Callable[[], str]:
    return lambda: path.read_text(encoding="utf-8-sig")


def _with_range(path: Path, low: int, high: int) -> Callable[[], str]:
    """An equation file with its `range:` line replaced (or added)."""
    def text() -> str:
        lines = [line for line in path.read_text().splitlines()
                 if not line.startswith(("#", "range:"))]
        return "\n".join([f"range: {low}..{high}", *lines]) + "\n"
    return text


def _signpost_share(path: Path, share: float, seed: int) -> Callable[[], str]:
    """A Tatham signpost with its own numbers replaced by a share of its solution's
    (from the `.expected.json` beside it), picked by random.Random(seed)."""
    def text() -> str:
        game_id = next(line for line in path.read_text().splitlines()
                       if line and not line.startswith("#"))
        params, _, desc = game_id.partition(":")
        arrows = [char for char in desc if char.isalpha()]
        expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        numbers = [n for row in expected["solutions"][0]["grid"] for n in row]
        kept = set(random.Random(seed).sample(range(len(arrows)), int(len(arrows) * share)))
        return params + ":" + "".join((str(numbers[i]) if i in kept else "") + arrow
                                      for i, arrow in enumerate(arrows)) + "\n"
    return text


def _random_nonogram(side: int, seed: int) -> Callable[[], str]:
    """A random image, each cell black with probability 1/2, as `.non` clues."""
    def text() -> str:
        rng = random.Random(seed)
        grid = [[rng.randrange(2) for _ in range(side)] for _ in range(side)]

        def runs(line: list[int]) -> str:
            found = [len(run) for run in "".join(map(str, line)).split("0") if run]
            return ",".join(map(str, found)) or "0"
        return "\n".join([f"width {side}", f"height {side}", "rows",
                          *(runs(row) for row in grid), "columns",
                          *(runs(list(col)) for col in zip(*grid, strict=True))]) + "\n"
    return text


def cases() -> list[Public]:
    rows = [
        Public("abc", "janko.at Abc-End-View 480 (8x8, letters A-G)",
               _file(INSTANCES / "abc" / "janko-480-8x8.txt")),
        Public("checkerboard", "taylorjg's draughtboard (8x8, 14 pieces)",
               _file(INSTANCES / "checkerboard" / "taylorjg-draughtboard.txt")),
        Public("countdown", "a TV round (6 numbers)",
               _file(INSTANCES / "countdown" / "episode-952.txt")),
        Public("equation", "the division crossword",
               _file(INSTANCES / "equation" / "division.txt")),
        Public("equation", "the reference at range -500..500",
               _with_range(INSTANCES / "equation" / "reference.txt", -500, 500)),
        Public("equation", "crossmath at range 1..300",
               _with_range(INSTANCES / "equation" / "crossmath.txt", 1, 300)),
        Public("flower", "the original flower", _file(INSTANCES / "flower" / "original.txt")),
        Public("hidoku", "janko.at Hidoku 014 (10x10, the largest there)",
               _file(INSTANCES / "hidoku" / "janko-014.txt")),
        Public("hidoku", "Hidato genius 200 (112 cells)",
               _file(INSTANCES / "hidoku" / "genius-200.txt")),
        Public("hidoku", "generate --size 30", None, ("--size", "30", "--seed", "1")),
        Public("jodici", "a published jodici (the size is fixed)",
               _file(INSTANCES / "jodici" / "1.csv")),
        Public("magic", "8x8, a third of a random square given",
               _file(INSTANCES / "magic" / "8x8-third.csv")),
        Public("magic", "Agrippa's 9x9 square of the Moon, a third given",
               _file(DATA / "magic-agrippa-moon-9x9-third.csv")),
        Public("magic", "generate --size 5", None, ("--size", "5", "--seed", "1")),
        Public("magic", "generate --size 8 (out of reach: the note)", None,
               ("--size", "8", "--seed", "1")),
        Public("nonogram", "Tatham's Pattern 30x30 (his largest preset)",
               _file(INSTANCES / "nonogram" / "tatham-30x30.txt")),
        Public("nonogram", "a random 150x150 image (out of reach: the note)",
               _random_nonogram(150, 150)),
        Public("rc4", "the Gettysburg address", _file(INSTANCES / "rc4" / "gettysburg.txt")),
        Public("signpost", "Tatham's 20x20", _file(INSTANCES / "signpost" / "tatham-20x20.txt")),
        Public("signpost", "Tatham's 25x25", _file(INSTANCES / "signpost" / "tatham-25x25.txt")),
        Public("signpost", "Tatham's 25x25, corners", _file(DATA / "signpost-tatham-25x25c.txt")),
        Public("signpost", "Tatham's 30x30", _file(DATA / "signpost-tatham-30x30.txt")),
        Public("signpost", "Tatham's 20x20, 40% of its numbers",
               _signpost_share(INSTANCES / "signpost" / "tatham-20x20.txt", 0.4, 40)),
        Public("signpost", "Tatham's 20x20, 30% of its numbers (the note)",
               _signpost_share(INSTANCES / "signpost" / "tatham-20x20.txt", 0.3, 30)),
        Public("skyscrapers", "Tatham's Towers 9x9 extreme (his largest size)",
               _file(INSTANCES / "skyscrapers" / "tatham-9x9-extreme.txt")),
    ]
    shared = [("nonogram", "webpbn #529 Swing (45x45)", SHARED / "nonogram" / "webpbn-529.non"),
              ("nonogram", "qnonograms' tiger (75x50, the largest there)",
               next(SHARED.rglob("tiger.non"), SHARED / "none")),
              ("checkerboard", "the shared 8x8 board", SHARED / "checkerboard" / "8x8_1.txt")]
    rows += [Public(puzzle, what, _file(path)) for puzzle, what, path in shared if path.is_file()]
    rows += _genre_rows()
    return sorted(rows, key=lambda row: row.puzzle)


def _genre_rows() -> list[Public]:
    """Each genre's largest shipped instance (the largest public board of its
    collections: its limit counts cells, so the largest file is the largest board)."""
    from pyasp_runner.puzzles import GenrePuzzle, registry

    rows = []
    for name, puzzle in registry().items():
        files = [path for path in (INSTANCES / name).glob("*.txt")]
        if isinstance(puzzle, GenrePuzzle) and files:
            largest = max(files, key=lambda path: path.stat().st_size)
            rows.append(Public(name, f"{largest.name} (its largest shipped board)",
                               _file(largest)))
    return rows


def _limit_memory() -> None:  # in the child, before it runs
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def size_of(puzzle: str, text: str) -> str:
    """The puzzle's size measure of `text` against its limit ("-": none)."""
    from pyasp_runner.puzzles import registry

    found = registry()[puzzle]
    size = found.spec.size
    if size is None:
        return "-"
    measure, _ = size.measure(found.parse(text, "x"))
    return f"{measure:,} / {size.limit:,}"


def check(puzzle: str, text: str, stdout: str) -> str:
    """The answers of a JSON envelope checked by the puzzle's independent checker."""
    try:
        data = json.loads(stdout)
    except ValueError:
        return "no JSON"
    if not data.get("solutions"):
        return "-"
    sys.path.insert(0, str(ROOT / "tests"))
    from checkers import checker

    try:
        for solution in data["solutions"]:
            checker(puzzle).check(text, solution)
    except (AssertionError, LookupError, ValueError, TypeError) as error:  # a refusal
        return f"wrong: {error}"[:40]
    return "ok"


def _tree(pid: int) -> list[int]:
    """The processes under `pid` (its children, theirs, ...), read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended while listed
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        below = children.get(todo.pop(), [])
        found += below
        todo += below
    return found


def _usage(pid: int) -> tuple[int, float]:
    """A process's resident bytes and CPU seconds so far (0, 0.0: it has ended)."""
    try:
        resident = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0, 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return resident * os.sysconf("SC_PAGE_SIZE"), (int(fields[11]) + int(fields[12])) / ticks


class Sampler(threading.Thread):
    """Every 50 ms, the command's process tree: the peak of its summed resident memory
    and the CPU seconds of the processes under the command (a worker's resources never
    reach the command's wait4 when the command does not wait for it, as with a
    forkserver's workers), and how many such processes there were."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.done = pid, threading.Event()
        self.peak, self.below_cpu = 0, dict[int, float]()

    def run(self) -> None:
        while not self.done.wait(0.05):
            below = _tree(self.pid)
            total = _usage(self.pid)[0]
            for pid in below:
                resident, cpu = _usage(pid)
                total += resident
                self.below_cpu[pid] = max(cpu, self.below_cpu.get(pid, 0.0))
            self.peak = max(self.peak, total)


def run(row: Public, folder: Path, number: int) -> dict[str, Any]:
    """One case through the real command, alone: its row of the table."""
    if row.text is None:
        argv = [*COMMAND, "generate", row.puzzle, *row.argv]
        text, size = None, "-"
    else:
        text = row.text()
        path = folder / f"{row.puzzle}-{number}.txt"
        path.write_text(text, encoding="utf-8")
        argv = [*COMMAND, row.puzzle, str(path), "--json"]
        size = size_of(row.puzzle, text)
    argv += ["--time-limit", str(LIMIT_S)]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                 cwd=ROOT, env=CHILD_ENV, preexec_fn=_limit_memory)
        sampler = Sampler(child.pid)
        sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        sampler.done.set()
        sampler.join()
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    code = os.waitstatus_to_exitcode(status)
    status_word = "-"
    if text is not None:
        try:
            data = json.loads(stdout)
            status_word = f"{data['status']}{', unique' if data.get('unique') else ''}"
        except ValueError:
            pass
    elif code == 0:
        status_word = "made"
    return {"puzzle": row.puzzle, "instance": row.what, "size / limit": size, "exit": code,
            "status": status_word, "wall_s": wall,
            "cpu_s": usage.ru_utime + usage.ru_stime + sum(sampler.below_cpu.values()),
            "peak_mb": max(usage.ru_maxrss * 1024, sampler.peak) / 2**20,
            "processes": 1 + len(sampler.below_cpu),
            "note": "yes" if "beyond what is known to finish" in stderr else "-",
            "checked": check(row.puzzle, text, stdout) if text is not None else "-",
            "stderr": next((line for line in stderr.splitlines() if "Traceback" in line),
                           "")}


COLUMNS = ("puzzle", "instance", "size / limit", "exit", "status", "wall_s", "cpu_s",
           "peak_mb", "processes", "note", "checked")


def table(puzzles: list[str] | None = None) -> list[dict[str, Any]]:
    """Every case of `puzzles` (all: None), one at a time."""
    chosen = [row for row in cases() if puzzles is None or row.puzzle in puzzles]
    with tempfile.TemporaryDirectory(prefix="public-ceilings-") as temp:
        return [run(row, Path(temp), number) for number, row in enumerate(chosen)]


def print_rows(rows: list[dict[str, Any]]) -> None:
    print_table(rows, COLUMNS, title=f"The largest public instances, one at a time: the "
                f"default solve (a second solution looked for) or generate, --time-limit "
                f"{LIMIT_S}, address space {MEMORY // 2**30} GiB (exit 0 solved or made, 1 no "
                f"solution, 4 stopped by the time limit; note: said before starting that "
                f"it is beyond what is known to finish; checked: answers checked by "
                f"tests/checkers)")
    tracebacks = [row for row in rows if row["stderr"]]
    for row in tracebacks:
        print(f"- {row['puzzle']} · {row['instance']}: {row['stderr']}")


def main(argv: list[str]) -> None:
    print(f"machine: {machine()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print_rows(table(argv or None))
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
