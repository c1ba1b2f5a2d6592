"""`--hint --why` and `--steps` by board size: how long one justified step takes.

    python benchmarks/why.py [--puzzles skyscrapers,hidoku] [--sizes 4,5,6] [--seeds 1,2]
                             [--instances] [--step-limit 120]

For each puzzle and size, boards made by `generate` (seeded, so the same boards come
again) are walked to their solution step by step as `--steps` does
(`pyasp_runner.checking.walk`); with `--instances`, the shipped instances of those
puzzles too. Per board it prints the cells, the values the clues give, the steps made
by propagation and by search, the time to prepare (solve, ground the switchable rules,
read the ground program), and the median and largest time of one step, in wall and CPU
seconds (CPU is what a loaded machine's waiting does not inflate). A walk is stopped
after `--step-limit` seconds; the table says so.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, machine, print_table

from pyasp_runner.checking import walk as walking
from pyasp_runner.puzzles import registry
from pyasp_runner.session import Session, Settings
from pyasp_runner.session.loading import question_limits
from pyasp_runner.session.making import generate

COLUMNS = ["puzzle", "board", "cells", "given", "steps", "by search", "end", "prepare_s",
           "step median_s", "step max_s", "step median cpu_s", "step max cpu_s"]


def walk_row(puzzle: str, label: str, session: Session, step_limit: float) -> dict[str, Any]:
    loaded = session.loaded
    limits = question_limits(loaded, session.settings)
    times: list[tuple[float, float]] = []  # preparing, then each step
    marks = [time.perf_counter(), time.process_time()]

    def told(steps: int, left: int) -> None:
        now, cpu = time.perf_counter(), time.process_time()
        times.append((now - marks[0], cpu - marks[1]))
        marks[:] = [now, cpu]

    started = time.perf_counter()
    deadline = started + step_limit
    walked = walking.walk(loaded.encoding, loaded.instance, limits, deadline, None, told)
    walls = [wall for wall, _ in times[1:]]
    cpus = [cpu for _, cpu in times[1:]]
    searched = sum(step.kind == "search" for step in walked.steps)
    solution = loaded.puzzle.solution_json(loaded.instance, walking_answer(walked))
    cells = sum(len(row) for row in solution.get("grid", []))
    return {"puzzle": puzzle, "board": label, "cells": cells, "given": len(walked.start),
            "steps": len(walked.steps), "by search": searched,
            "end": walked.status if walked.left == 0 else f"{walked.status}, {walked.left} left",
            "prepare_s": times[0][0] if times else time.perf_counter() - started,
            "step median_s": statistics.median(walls) if walls else None,
            "step max_s": max(walls) if walls else None,
            "step median cpu_s": statistics.median(cpus) if cpus else None,
            "step max cpu_s": max(cpus) if cpus else None}


def walking_answer(walked: walking.Walk) -> Any:
    from pyasp_runner.puzzle import Answer

    return Answer(tuple(sorted({*walked.start, *(step.atom for step in walked.steps)})))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", default="skyscrapers,hidoku,abc")
    parser.add_argument("--sizes", default="4,5,6,7,8,9,10")
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--instances", action="store_true")
    parser.add_argument("--step-limit", type=float, default=120.0)
    args = parser.parse_args()
    rows = []
    for puzzle in args.puzzles.split(","):
        for size in args.sizes.split(","):
            for seed in args.seeds.split(","):
                made = generate(puzzle, size=size, seed=int(seed))
                if made is None:
                    continue
                session = Session(made.loaded, Settings())
                rows.append(walk_row(puzzle, f"{size}, seed {seed}", session,
                                     args.step_limit))
                print_table(rows[-1:], COLUMNS)
        if args.instances:
            for name, path in registry()[puzzle].examples().items():
                session = Session.open(puzzle, path.read_text(), source=str(path))
                rows.append(walk_row(puzzle, name, session, args.step_limit))
    print_table(rows, COLUMNS, title=f"--steps by board size ({machine()})")
    print(f"\nrun from {ROOT}")


if __name__ == "__main__":
    main()
