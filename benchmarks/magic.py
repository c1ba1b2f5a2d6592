"""Magic boards: solve-asp before and after an encoding change, and the imperative solver.

    python benchmarks/magic.py [--before REV] [--repeat K] [--time-limit S] [FILE ...]

For every magic instance under instances/magic/ (or the files named), runs in turn, K
times (default 3), alternated so that a busy machine slows all three alike:

- `after`: `solve-asp magic FILE --json` with the encoding of the checkout;
- `before`: the same with `--encoding` set to asp/magic.lp as it was at git revision REV
  (default: the commit before the order encoding);
- `imperative`: `python -m pyasp_runner.imperative magic FILE`,
  looking for as many solutions as solve-asp (2, or the instance's cap).

Prints the medians of wall time (whole command, Python's start included) and clingo's
choices, and the ratios before/after and imperative/after (above 1: the new encoding is
faster). Both solve-asp runs must agree on status and uniqueness; a disagreement is
printed as `MISMATCH`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import ROOT, machine, measure, print_table

BENCHMARKS = Path(__file__).resolve().parent
# asp/magic.lp before it became an order encoding (value atoms, #sum per line).
BEFORE = "81436b3"
COLUMNS = ("instance", "status", "unique", "before_s", "after_s", "imp_s", "before/after",
           "imp/after", "before_choices", "after_choices", "imp_nodes")


def old_encoding(revision: str, folder: Path) -> Path:
    text = subprocess.run(["git", "show", f"{revision}:asp/magic.lp"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    path = folder / f"magic-{revision}.lp"
    path.write_text(text, encoding="utf-8")
    return path


def models_wanted(path: Path) -> int:
    expected = path.parent / f"{path.stem}.expected.json"
    if not expected.is_file():
        return 2
    data = json.loads(expected.read_text(encoding="utf-8"))
    if "count" in data:
        return data["count"] + 1
    return int(data.get("options", {}).get("cap", 2))


def imperative(path: Path, limit: int, time_limit: float) -> dict[str, Any]:
    argv = [sys.executable, "-m", "pyasp_runner.imperative", "magic", str(path),
            "--limit", str(limit)]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, cwd=BENCHMARKS, capture_output=True, text=True,
                              timeout=time_limit, check=False)
    except subprocess.TimeoutExpired:
        return {"wall_s": None, "nodes": None, "status": "timeout"}
    wall = time.perf_counter() - start
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"wall_s": None, "nodes": None, "status": f"exit {done.returncode}"}
    return {"wall_s": wall, "nodes": data["stats"]["nodes"], "status": data["status"]}


def median(values: list[Any]) -> Any:
    numbers = [v for v in values if isinstance(v, (int, float))]
    return statistics.median(numbers) if len(numbers) == len(values) and numbers else None


def ratio(top: Any, bottom: Any) -> float | None:
    return top / bottom if isinstance(top, float) and isinstance(bottom, float) and bottom else None


def bench_file(path: Path, before: Path, repeat: int, time_limit: float) -> dict[str, Any]:
    limit = models_wanted(path)
    extra = ("--models", str(limit), "--time-limit", str(time_limit))
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": [], "imp": []}
    for _ in range(repeat):
        runs["after"].append(measure("magic", path, *extra))
        runs["before"].append(measure("magic", path, *extra, "--encoding", str(before)))
        runs["imp"].append(imperative(path, limit, time_limit))
    after, old = runs["after"][0], runs["before"][0]
    status = after.get("status")
    if (old.get("status"), old.get("unique")) != (status, after.get("unique")) \
            and "timeout" not in (old.get("status"), status):
        status = f"MISMATCH {old.get('status')}/{status}"
    row: dict[str, Any] = {"instance": path.name, "status": status, "unique": after.get("unique")}
    for side in ("before", "after"):
        timed_out = any(r.get("status") == "timeout" for r in runs[side])
        row[f"{side}_s"] = None if timed_out else median([r["wall_s"] for r in runs[side]])
        row[f"{side}_choices"] = None if timed_out else median(
            [r.get("choices") for r in runs[side]])
    row["imp_s"] = median([r["wall_s"] for r in runs["imp"]])
    row["imp_nodes"] = median([r["nodes"] for r in runs["imp"]])
    row["before/after"] = ratio(row["before_s"], row["after_s"])
    row["imp/after"] = ratio(row["imp_s"], row["after_s"])
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--before", default=BEFORE, help="git revision of the old encoding")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    files = args.files or sorted(
        p for p in (ROOT / "instances" / "magic").iterdir()
        if p.suffix == ".csv")
    print(machine())
    print(f"median of {args.repeat} alternated runs; before = asp/magic.lp at {args.before}; "
          "a timed-out side shows '-'")
    with tempfile.TemporaryDirectory() as folder:
        before = old_encoding(args.before, Path(folder))
        rows = [bench_file(path.resolve(), before, args.repeat, args.time_limit)
                for path in files]
    print_table(rows, COLUMNS)


if __name__ == "__main__":
    main()
