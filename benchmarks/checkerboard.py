"""Checkerboard benchmark: the encoding before and after a change, and the imperative solver.

    python benchmarks/checkerboard.py [--before REV] [--repeat K] [--time-limit SECONDS]
                                      [--skip-before] [FILE ...]

Runs `solve-asp checkerboard FILE --json` on the reference 12-stone 8x8 set (find one and
tell uniqueness; count all tilings; count up to the board's colour-preserving
symmetries), on tseaquist's 12-stone set (count all 3,116 tilings), on every instance
named, and on boards cut at random into stones of 4..6 squares (fixed seeds, written to
a temporary directory at run time; find one). Each row runs, K times (default 3) in turn
so that a busy machine slows all alike:

- `after`: the encoding and clingo options of the checkout;
- `before`: asp/checkerboard.lp as it was at git revision REV (default: the last commit
  before counting by orbits), with the puzzle's clingo options of the checkout;
- `imp`: `python -m pyasp_runner.imperative checkerboard FILE` on the "find one +
  uniqueness" rows (it looks for as many solutions), with the same time limit.

Prints the medians of wall time (whole command, Python's start included), clingo's
choices, and the ratios before/after and imp/after (above 1: `after` is faster). Both
encodings must agree on status and count; a disagreement shows as `MISMATCH`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, encoding_at, machine, measure, print_table

REFERENCE = ROOT / "instances" / "checkerboard" / "reference.txt"
TSEAQUIST = ROOT / "instances" / "checkerboard" / "tseaquist-12.txt"
# asp/checkerboard.lp before counting by orbits (with the first-field search order).
BEFORE = "e8cc01e"
COLUMNS = ("instance", "mode", "status", "count", "before_s", "after_s", "imp_s",
           "before/after", "imp/after", "before_choices", "after_choices", "imp_nodes")
FIND = ()
COUNT = ("--count", "--cap", "0")
SYMMETRY = ("--count", "--cap", "0", "--up-to-symmetry")


def dissection(side: int, seed: int) -> str:
    """A side x side board cut into connected stones of 4..6 squares, in the input format."""
    rng = random.Random(seed)
    free = {(r, c) for r in range(side) for c in range(side)}
    stones: list[set[tuple[int, int]]] = []
    while free:
        start = min(free)
        stone = {start}
        target = rng.randint(4, 6)
        while len(stone) < target:
            options = [(r + dr, c + dc) for r, c in stone
                       for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if (r + dr, c + dc) in free and (r + dr, c + dc) not in stone]
            if not options:
                break
            cell = rng.choice(options)
            stone.add(cell)
        free -= stone
        if len(stone) < 3 and stones:  # glue a scrap to a neighbouring stone
            host = next((s for s in stones if any(
                (r + dr, c + dc) in s for r, c in stone
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))), None)
            if host is not None:
                host |= stone
                continue
        stones.append(stone)
    rng.shuffle(stones)
    blocks = []
    for stone in stones:
        top, left = min(r for r, _ in stone), min(c for _, c in stone)
        bottom, right = max(r for r, _ in stone), max(c for _, c in stone)
        rows = [",".join(("B" if (r + c) % 2 == 0 else "W") if (r, c) in stone else "_"
                         for c in range(left, right + 1)) for r in range(top, bottom + 1)]
        blocks.append("\n".join(rows))
    return f"# random dissection, seed {seed}\n" + "\n====\n".join(blocks) + "\n"


def imperative(path: Path, time_limit: float) -> dict[str, Any]:
    argv = [sys.executable, "-m", "pyasp_runner.imperative", "checkerboard", str(path),
            "--limit", "2"]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True,
                              timeout=time_limit, check=False)
    except subprocess.TimeoutExpired:
        return {"wall_s": None, "nodes": None}
    try:
        nodes = json.loads(done.stdout)["stats"]["nodes"]
    except (json.JSONDecodeError, KeyError):
        return {"wall_s": None, "nodes": None}
    return {"wall_s": time.perf_counter() - start, "nodes": nodes}


def median(values: list[Any]) -> Any:
    numbers = [v for v in values if isinstance(v, (int, float))]
    return statistics.median(numbers) if len(numbers) == len(values) and numbers else None


def ratio(top: Any, bottom: Any) -> float | None:
    return top / bottom if isinstance(top, float) and isinstance(bottom, float) and bottom else None


def bench_row(path: Path, mode: str, extra: tuple[str, ...], before: Path | None,
              repeat: int, time_limit: float) -> dict[str, Any]:
    limit = ("--time-limit", str(time_limit))
    old = ("--encoding", str(before)) if before else ()
    runs: dict[str, list[dict[str, Any]]] = {"after": [], "before": [], "imp": []}
    for _ in range(repeat):
        runs["after"].append(measure("checkerboard", path, *extra, *limit))
        if before:
            runs["before"].append(measure("checkerboard", path, *extra, *limit, *old))
        if mode == "find one + uniqueness":
            runs["imp"].append(imperative(path, time_limit))
    after = runs["after"][0]
    row: dict[str, Any] = {"instance": path.name, "mode": mode, "status": after.get("status"),
                           "count": after.get("count")}
    if before:
        first = runs["before"][0]
        if "timeout" not in (first.get("status"), after.get("status")) and \
                (first.get("status"), first.get("count")) != (after.get("status"),
                                                              after.get("count")):
            row["status"] = f"MISMATCH {first.get('status')}/{after.get('status')}"
    for side in ("before", "after"):
        done = runs[side]
        if not done or any(r.get("status") in (None, "timeout") for r in done):
            continue
        row[f"{side}_s"] = median([r["wall_s"] for r in done])
        row[f"{side}_choices"] = median([r.get("choices") for r in done])
    if runs["imp"]:
        row["imp_s"] = median([r["wall_s"] for r in runs["imp"]])
        row["imp_nodes"] = median([r["nodes"] for r in runs["imp"]])
    row["before/after"] = ratio(row.get("before_s"), row.get("after_s"))
    row["imp/after"] = ratio(row.get("imp_s"), row.get("after_s"))
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="more instances (find one + "
                        "uniqueness, and count all)")
    parser.add_argument("--before", default=BEFORE, help="git revision of the old encoding")
    parser.add_argument("--skip-before", action="store_true", help="run the checkout only")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=120.0)
    args = parser.parse_args()
    print(machine())
    print(f"median of {args.repeat} alternated runs; before = asp/checkerboard.lp at "
          f"{args.before}; a side that timed out shows '-'")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        before = None if args.skip_before else encoding_at(args.before, "checkerboard",
                                                            Path(folder))
        work = [(REFERENCE, "find one + uniqueness", FIND), (REFERENCE, "count all", COUNT),
                (REFERENCE, "count up to symmetry", SYMMETRY), (TSEAQUIST, "count all", COUNT)]
        for path in args.files:
            work += [(path.resolve(), "find one + uniqueness", FIND),
                     (path.resolve(), "count all", COUNT)]
        for side, seed in ((8, 1), (10, 2), (12, 3), (14, 4)):
            path = Path(folder) / f"random-{side}x{side}-seed{seed}.txt"
            path.write_text(dissection(side, seed))
            work.append((path, "find one", ("-n", "1")))
        for path, mode, extra in work:
            rows.append(bench_row(path, mode, extra, before, args.repeat, args.time_limit))
            print(f"  done: {path.name}, {mode}", file=sys.stderr, flush=True)
    print_table(rows, COLUMNS)


if __name__ == "__main__":
    main()
