"""Benchmark helpers: run the real `solve-asp` command and measure it.

`measure()` starts the command in a subprocess (as a user would run it), reads its
`--json` envelope for clingo's counters, and takes wall time and peak memory from the
operating system. `print_table()` prints rows as an aligned table. Timings are for
comparing within one run on one machine, never for asserting in tests.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "pyasp_runner"]
# A user's Python caches compiled modules; a machine with PYTHONDONTWRITEBYTECODE set
# would compile every import again on every run and measure that instead.
CHILD_ENV = {key: value for key, value in os.environ.items()
             if key != "PYTHONDONTWRITEBYTECODE"}
DEFAULT_COLUMNS = ("instance", "status", "unique", "wall_s", "ground_s", "solve_s", "choices",
                   "conflicts", "rules", "atoms", "peak_mb")


def measure(puzzle: str, input_path: str | Path, *extra: str, name: str | None = None,
            stdin: str | None = None) -> dict[str, Any]:
    """One run of `solve-asp PUZZLE INPUT --json EXTRA...` as a table row."""
    argv = [*COMMAND, puzzle, str(input_path), "--json", *extra]
    code, out, wall, peak, cpu = _run_child_cpu(argv, stdin)
    row: dict[str, Any] = {"instance": name or Path(str(input_path)).name, "exit": code,
                           "wall_s": wall, "peak_mb": peak, "cpu_s": cpu}
    try:
        data = json.loads(out)
    except json.JSONDecodeError:
        row["status"] = f"exit {code}"
        return row
    row.update(status=data["status"], unique=data["unique"], count=data["count"],
               complete=data["complete"], **data["stats"])
    return row


def _run_child(argv: Sequence[str], stdin: str | None) -> tuple[int, str, float, float]:
    """Run one child and read its own peak RSS from wait4 (exact per child)."""
    return _run_child_cpu(argv, stdin)[:4]


def _run_child_cpu(argv: Sequence[str], stdin: str | None,
                   cwd: Path = ROOT) -> tuple[int, str, float, float, float]:
    """`_run_child` and the child's CPU time (user and system, all its threads, from
    wait4): what a loaded machine's waiting for a core does not inflate."""
    start = time.perf_counter()
    process = subprocess.Popen(list(argv), stdin=subprocess.PIPE if stdin is not None else None,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               cwd=cwd, env=CHILD_ENV)
    if stdin is not None:
        process.stdin.write(stdin)
        process.stdin.close()
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return (process.returncode, out, wall, usage.ru_maxrss / 1024,
            usage.ru_utime + usage.ru_stime)


def baseline_seconds(repeat: int = 5) -> float:
    """The best of `repeat` runs of `python -c "import clingo, rich"`: the floor of any run.

    A first run of the command itself leaves the package's modules compiled in the cache.
    """
    subprocess.run([*COMMAND, "--list"], check=True, env=CHILD_ENV, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import clingo, rich"], check=True, env=CHILD_ENV)
        best = min(best, time.perf_counter() - start)
    return best


def machine() -> str:
    return f"{platform.node()} · {platform.machine()} · {os.cpu_count()} CPUs · " \
           f"Python {platform.python_version()} · {time.strftime('%Y-%m-%d')}"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "-" if value is None else str(value)


def print_table(rows: Sequence[dict[str, Any]], columns: Sequence[str] = DEFAULT_COLUMNS,
                title: str | None = None) -> None:
    """Rows as an aligned plain-text (Markdown) table on stdout."""
    cells = [[_cell(row.get(column)) for column in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    if title:
        print(f"\n{title}\n")
    print("| " + " | ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in cells:
        print("| " + " | ".join(c.rjust(w) if i else c.ljust(w)
                                for i, (c, w) in enumerate(zip(row, widths, strict=True))) + " |")


def run_peer(argv: Sequence[str], cwd: Path = ROOT) -> dict[str, Any]:
    """One run of a peer command (its exit code, wall time, peak memory and CPU time) as a
    row; `cwd`: the folder it runs in (`python -m pyasp_runner` there runs its package)."""
    code, _, wall, peak, cpu = _run_child_cpu([*argv], None, cwd)
    return {"exit": code, "wall_s": wall, "peak_mb": peak, "cpu_s": cpu,
            "status": "ok" if code == 0 else f"exit {code}"}


def alternated(runs: dict[str, Any], rounds: int) -> dict[str, dict[str, Any]]:
    """Call each of `runs` (label -> no-argument function returning a row) in turn, `rounds`
    times over, so that the load of a shared machine falls on all of them alike; per label
    the last row with `wall_s`, `peak_mb` and `cpu_s` replaced by their medians over the
    rounds."""
    rows: dict[str, list[dict[str, Any]]] = {label: [] for label in runs}
    for _ in range(rounds):
        for label, run in runs.items():
            rows[label].append(run())
    result = {}
    for label, done in rows.items():
        result[label] = done[-1] | {
            key: statistics.median(row[key] for row in done)
            for key in ("wall_s", "peak_mb", "cpu_s") if all(key in row for row in done)}
    return result


def tree_at(ref: str, folder: Path) -> Path:
    """The checkout's files as they were at git revision `ref`, written into `folder`
    (for before/after tables of the package itself: `python -m pyasp_runner` run in
    `folder` imports that revision's package, and reads its encodings)."""
    # Piped from one to the other, not read into this process: a child forked from a
    # larger parent reports a larger peak memory.
    archive = subprocess.Popen(["git", "archive", "--format=tar", ref], cwd=ROOT,
                               stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(folder)], stdin=archive.stdout, check=True)
    if archive.wait():
        raise subprocess.CalledProcessError(archive.returncode, archive.args)
    return folder


def encoding_at(ref: str, puzzle: str, folder: Path) -> Path:
    """asp/<puzzle>.lp as it was at git revision `ref`, written into `folder` (for
    before/after tables: pass it to the command with `--encoding`)."""
    text = subprocess.run(["git", "show", f"{ref}:asp/{puzzle}.lp"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    path = folder / f"{puzzle}-{ref.replace('/', '_')}.lp"
    path.write_text(text)
    return path
