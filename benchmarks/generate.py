"""Benchmark puzzle generation: `solve-asp generate`, then a solve of every puzzle it made.

    python benchmarks/generate.py [PUZZLE ...] [--quick] [--seeds K]
    python benchmarks/generate.py --scale [--seeds K]

For every puzzle that can be generated (or the ones named) and each size in SIZES, runs
`solve-asp generate PUZZLE --size SIZE --seed N --time-limit 60` for seeds 1..K (K = 5,
`--quick`: seeds 1..2 and only the first size of each puzzle) as a user would, one child at
a time with a 90 s timeout, then solves each generated puzzle again with
`solve-asp PUZZLE FILE --json --time-limit 60` and checks that `unique` is true.

Sizes (about 2.5 minutes in all on a 2-core shared machine, a little under 0.5 minutes
with --quick):

    hidoku       5x5, 7x7, 9x9          abc, skyscrapers  4, 5, 6
    nonogram     5x5, 10x10, 15x15      magic             3, 4
    jodici       its one size (3x6)     equation          3x3, 4x4

A puzzle that becomes generable later without an entry in SIZES is run at its default
size. One table row per puzzle and size: puzzles made and failed (exit code not 0, child
timeout or no summary line on stderr), mean and max wall seconds of the whole command,
puzzles per minute (60 / mean), the mean seconds the command itself reports (generation
without Python's start-up), mean clue count and uniqueness checks (from the stderr line
`hidoku: 31 clues, unique solution, seed 7, 118 uniqueness checks, 2.41 s`), and whether
every generated puzzle was unique when solved again. Failures and non-unique puzzles are
listed after the table with the command, its output and the puzzle text.

`--scale`: the large boards of SCALE (a 20x20 hidoku, a 25x25 nonogram, a 9x9
skyscrapers), seeds 1..K (default 5), each `solve-asp generate` child timed as above,
with its CPU seconds and peak memory from wait4; one row per board with the medians and
maxima over the seeds, the median clues and the grades made. The machine is shared, so
wall seconds can be several times the CPU seconds.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import tempfile
import time
from pathlib import Path
from statistics import fmean, median
from typing import Any

from bench import CHILD_ENV, COMMAND, ROOT, baseline_seconds, machine, measure, print_table

from pyasp_runner.puzzles import registry

SEEDS = 5
QUICK_SEEDS = 2
TIME_LIMIT = 60
CHILD_TIMEOUT = 90  # the --time-limit does not bound start-up and writing; a margin on top
SIZES: dict[str, list[str | None]] = {
    "hidoku": ["5x5", "7x7", "9x9"],
    "abc": ["4", "5", "6"],
    "skyscrapers": ["4", "5", "6"],
    "nonogram": ["5x5", "10x10", "15x15"],
    "magic": ["3", "4"],
    "jodici": [None],  # one size, 3x6: --size left out, as a user would
    "equation": ["3x3", "4x4"],
}
DEFAULT_LABEL = {"jodici": "3x6"}  # what the size left out means, for the table
SUMMARY = re.compile(r"(?P<puzzle>\S+): (?P<clues>\d+) clues, unique solution, seed \d+, "
                     r"(?P<checks>\d+) uniqueness checks, (?P<seconds>[\d.]+) s")
COLUMNS = ("puzzle", "size", "seeds", "made", "failed", "mean_s", "max_s", "per_min", "gen_s",
           "clues", "checks", "all_unique")


SCALE = [("hidoku", "20x20"), ("nonogram", "25x25"), ("skyscrapers", "9")]
SCALE_COLUMNS = ("puzzle", "size", "seeds", "made", "wall_s", "max_wall_s", "cpu_s",
                 "max_cpu_s", "peak_mb", "max_peak_mb", "clues", "grades")
GRADE = re.compile(r"grade (easy|medium|hard)")


def scale_one(puzzle: str, size: str, seed: int) -> dict[str, Any]:
    """One `solve-asp generate` child of a large board: wall and CPU seconds, peak MB."""
    argv = [*COMMAND, "generate", puzzle, "--size", size, "--seed", str(seed),
            "--time-limit", str(2 * TIME_LIMIT)]
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as errors:
        child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=errors, text=True,
                                 cwd=ROOT, env=CHILD_ENV)
        assert child.stdout is not None
        out = child.stdout.read()
        _, _, usage = os.wait4(child.pid, 0)  # the child's own CPU time and peak memory
        errors.seek(0)
        err = errors.read()
    wall = time.perf_counter() - start
    summary = SUMMARY.search(" ".join(err.split()))
    grade = GRADE.search(" ".join(err.split()))
    run: dict[str, Any] = {"seed": seed, "wall_s": wall, "made": bool(summary and out),
                           "clues": int(summary["clues"]) if summary else None,
                           "grade": grade[1] if grade else None}
    run.update(cpu_s=usage.ru_utime + usage.ru_stime, peak_mb=usage.ru_maxrss / 1024)
    return run


def scale(seeds: int) -> None:
    rows = []
    for puzzle, size in SCALE:
        runs = [scale_one(puzzle, size, seed) for seed in range(1, seeds + 1)]
        made = [run for run in runs if run["made"]]
        row: dict[str, Any] = {"puzzle": puzzle, "size": size, "seeds": f"1..{seeds}",
                               "made": f"{len(made)} of {len(runs)}"}
        if made:
            grades = [run["grade"] for run in made]
            row.update(
                wall_s=median(run["wall_s"] for run in made),
                max_wall_s=max(run["wall_s"] for run in made),
                cpu_s=median(run["cpu_s"] for run in made),
                max_cpu_s=max(run["cpu_s"] for run in made),
                peak_mb=median(run["peak_mb"] for run in made),
                max_peak_mb=max(run["peak_mb"] for run in made),
                clues=median(run["clues"] for run in made),
                grades=", ".join(f"{grades.count(g)} {g}" for g in ("easy", "medium", "hard")
                                 if g in grades))
        rows.append(row)
    print(f"machine: {machine()}")
    print_table(rows, SCALE_COLUMNS, title=f"solve-asp generate of large boards, seeds "
                f"1..{seeds}: medians and maxima of wall seconds, CPU seconds (user + "
                f"system) and peak memory of the whole command")


def generable(names: list[str]) -> list[str]:
    puzzles = {name: p for name, p in registry().items() if p.can_generate}
    unknown = [name for name in names if name not in puzzles]
    if unknown:
        raise SystemExit(f"cannot generate: {', '.join(unknown)} (generable: "
                         f"{', '.join(puzzles)})")
    chosen = names or list(puzzles)
    return sorted(chosen, key=lambda n: (list(SIZES).index(n) if n in SIZES else len(SIZES), n))


def generate_one(puzzle: str, size: str | None, seed: int, folder: Path) -> dict[str, Any]:
    """One `solve-asp generate` child; its puzzle is written to a file in `folder`."""
    argv = [*COMMAND, "generate", puzzle, *(["--size", size] if size else []),
            "--seed", str(seed), "--time-limit", str(TIME_LIMIT)]
    shown = " ".join(["solve-asp", *argv[len(COMMAND):]])
    start = time.perf_counter()
    try:
        child = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=CHILD_ENV,
                               timeout=CHILD_TIMEOUT)
    except subprocess.TimeoutExpired as stop:
        return {"command": shown, "seed": seed, "error": f"no answer after {CHILD_TIMEOUT} s",
                "stderr": _text(stop.stderr), "stdout": _text(stop.output)}
    wall = time.perf_counter() - start
    run = {"command": shown, "seed": seed, "wall_s": wall, "exit": child.returncode,
           "stdout": child.stdout, "stderr": child.stderr}
    # rich may wrap the summary line at the terminal width it assumes: join it again
    summary = SUMMARY.search(" ".join(child.stderr.split()))
    if child.returncode != 0 or summary is None or not child.stdout.strip():
        run["error"] = f"exit {child.returncode}" + ("" if summary else ", no summary line")
        return run
    path = folder / f"{puzzle}-{size or 'default'}-seed{seed}.txt"
    path.write_text(child.stdout)
    run.update(path=path, clues=int(summary["clues"]), checks=int(summary["checks"]),
               gen_s=float(summary["seconds"]))
    return run


def _text(output: str | bytes | None) -> str:
    return output.decode(errors="replace") if isinstance(output, bytes) else output or ""


def check(puzzle: str, run: dict[str, Any]) -> None:
    """Solve the generated puzzle again; `unique` must be true."""
    solved = measure(puzzle, run["path"], "--time-limit", str(TIME_LIMIT))
    run["solved"] = solved
    run["unique"] = solved.get("unique") is True and solved.get("status") == "solved"


def row_of(puzzle: str, size: str | None, runs: list[dict[str, Any]]) -> dict[str, Any]:
    made = [run for run in runs if "error" not in run]
    walls = [run["wall_s"] for run in made]
    non_unique = [run["seed"] for run in made if not run["unique"]]
    row: dict[str, Any] = {
        "puzzle": puzzle, "size": size or DEFAULT_LABEL.get(puzzle, "default"),
        "seeds": f"1..{len(runs)}",
        "made": len(made), "failed": len(runs) - len(made),
        "all_unique": ("-" if not made else "yes" if not non_unique
                       else "NO: seed " + ",".join(map(str, non_unique))),
    }
    if made:
        row.update(mean_s=fmean(walls), max_s=max(walls), per_min=f"{60 / fmean(walls):.1f}",
                   gen_s=fmean(run["gen_s"] for run in made),
                   clues=f"{fmean(run['clues'] for run in made):.1f}",
                   checks=f"{fmean(run['checks'] for run in made):.1f}")
    return row


def report_problems(problems: list[tuple[str, dict[str, Any]]]) -> None:
    if not problems:
        print("\nNo failures; every generated puzzle was unique when solved again.")
        return
    print(f"\n{len(problems)} problem(s):")
    for puzzle, run in problems:
        print(f"\n$ {run['command']}")
        if "error" in run:
            print(f"  failed: {run['error']}")
        else:
            solved = run["solved"]
            print(f"  solving it again: status {solved.get('status')}, unique "
                  f"{solved.get('unique')}, count {solved.get('count')} "
                  f"(solve-asp {puzzle} FILE --json)")
        for name in ("stderr", "stdout"):
            text = run.get(name, "").strip()
            if text:
                print(f"  {name}:")
                print("\n".join("    " + line for line in text.splitlines()))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", help="puzzles to generate (default: all)")
    parser.add_argument("--quick", action="store_true",
                        help=f"seeds 1..{QUICK_SEEDS} and the first size of each puzzle")
    parser.add_argument("--seeds", type=int, metavar="K", help="seeds 1..K")
    parser.add_argument("--scale", action="store_true",
                        help="the large boards (20x20 hidoku, 25x25 nonogram, 9x9 "
                        "skyscrapers) with CPU time and peak memory")
    args = parser.parse_args(argv)
    if args.scale:
        scale(args.seeds or SEEDS)
        return
    seeds = args.seeds or (QUICK_SEEDS if args.quick else SEEDS)
    floor = baseline_seconds()  # also a first run, so children find compiled modules
    rows, problems = [], []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="generate-bench-") as folder:
        for puzzle in generable(args.puzzles):
            sizes = SIZES.get(puzzle, [None])
            for size in sizes[:1] if args.quick else sizes:
                runs = [generate_one(puzzle, size, seed, Path(folder))
                        for seed in range(1, seeds + 1)]
                for run in runs:
                    if "error" not in run:
                        check(puzzle, run)
                    if "error" in run or not run["unique"]:
                        problems.append((puzzle, run))
                rows.append(row_of(puzzle, size, runs))
    print(f"machine: {machine()}")
    print(f"baseline `python -c \"import clingo, rich\"`: {floor:.3f} s; whole benchmark "
          f"{time.perf_counter() - started:.0f} s")
    print_table(rows, COLUMNS, title=f"solve-asp generate, seeds 1..{seeds}, --time-limit "
                f"{TIME_LIMIT}; mean_s/max_s: wall seconds of the command; gen_s: the seconds "
                f"it reports")
    report_problems(problems)


if __name__ == "__main__":
    main()
