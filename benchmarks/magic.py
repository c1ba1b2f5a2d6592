"""Magic boards: solve-asp before and after an encoding change, and the imperative solver.

    python benchmarks/magic.py [--before REV | --before-encoding FILE] [--before-args ARGS]
                               [--repeat K] [--time-limit S] [--write] [--only NAME]
                               [--seeds A..B] [--no-imperative] [FILE ...]

For every magic instance under instances/magic/ and every seeded random board under
benchmarks/data/magic-third/ (or the files named), runs in turn, K times (default 3),
alternated so that a busy machine slows all three alike:

- `after`: `solve-asp magic FILE --json --models M` with the encoding of the checkout;
- `before`: the same command of the package as it was at git revision REV (its
  `pyasp_runner/` and `asp/`, taken with `git archive`; default: the commit before the
  order encoding), so that a revision from before magic was a genre file reads the
  board with its own reader;
- `imperative`: `python -m pyasp_runner.imperative magic FILE --limit M`,

where M is 2 (a solution and a second one: uniqueness), or the instance's count + 1 or
cap. Prints the medians of wall time and of CPU time (the child's user + system time, from
wait4: what a loaded machine's waiting for a core does not inflate), clingo's choices and
the imperative solver's nodes, and the CPU ratios before/after and imperative/after
(above 1: the checkout is faster). Every answer of every side is checked by the
independent checker (tests/checkers/magic.py): a wrong one, or two equal answers, stops
the script. Both solve-asp runs must agree on status and uniqueness; a disagreement is
printed as `MISMATCH`.

The random boards (issue 22: 6x6 and 8x8 with a third of the cells given) are made from
random magic squares (`random_magic`: a local search from a shuffled square, seeded), with
a third of the cells kept (`random.Random.sample`). Without `--write` the script first
makes every board again from its seed and stops if a file differs (the files are
reproducible); `--write` writes them. `--seeds A..B` adds fresh 6x6 and 8x8 boards made
the same way from seeds A..B (written to a temporary folder, not committed): a sample of
the class, where one board's time says little (a search's time on these boards varies
several-fold from board to board and with clasp's seed).

`--before-encoding FILE` compares against another encoding file (a genre file for the
checkout's `magic`) instead of a revision,
and `--before-args` adds solve-asp options to the `before` side only (e.g.
`--before-args="--configuration frumpy"`): a search setting measured against the
checkout's. `--no-imperative` leaves the imperative solver out (it takes its whole time
limit on most fresh 8x8 boards).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench import COMMAND, ROOT, _run_child_cpu, machine, print_table

sys.path.insert(0, str(ROOT / "tests"))
from checkers.magic import check

BENCHMARKS = Path(__file__).resolve().parent
DATA = BENCHMARKS / "data" / "magic-third"
# asp/magic.lp before it became an order encoding (value atoms, #sum per line).
BEFORE = "81436b3"
# (side, seed): random magic squares with a third of their cells given.
BOARDS = [(5, seed) for seed in range(1, 5)] + [(6, seed) for seed in range(1, 7)] + [
    (8, seed) for seed in range(1, 5)]
COLUMNS = ("instance", "status", "unique", "checked", "before_s", "after_s", "imp_s",
           "before_cpu", "after_cpu", "imp_cpu", "before/after", "imp/after",
           "before_choices", "after_choices", "imp_nodes")


def random_magic(n: int, rng: random.Random, steps: int = 300_000,
                 temperature: float = 0.7) -> list[list[int]]:
    """A magic square of 1..n*n: from a shuffled square, swap two cells when that does not
    raise the total distance of the 2n+2 line sums from the magic sum (or, rarely, when it
    does: simulated annealing at a fixed temperature); a fresh shuffle after `steps`."""
    target = n * (n * n + 1) // 2
    lines_of = [[r, n + c] + ([2 * n] if r == c else []) + ([2 * n + 1] if r + c == n - 1
                                                             else [])
                for r in range(n) for c in range(n)]
    while True:
        grid = list(range(1, n * n + 1))
        rng.shuffle(grid)
        sums = [0] * (2 * n + 2)
        for cell, value in enumerate(grid):
            for line in lines_of[cell]:
                sums[line] += value
        cost = sum(abs(total - target) for total in sums)
        for _ in range(steps):
            if cost == 0:
                return [grid[r * n:(r + 1) * n] for r in range(n)]
            i, j = rng.randrange(n * n), rng.randrange(n * n)
            shift = grid[j] - grid[i]
            if shift == 0:
                continue
            change: dict[int, int] = {}
            for line in lines_of[i]:
                change[line] = change.get(line, 0) + shift
            for line in lines_of[j]:
                change[line] = change.get(line, 0) - shift
            delta = sum(abs(sums[line] + d - target) - abs(sums[line] - target)
                        for line, d in change.items() if d)
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                grid[i], grid[j] = grid[j], grid[i]
                for line, d in change.items():
                    sums[line] += d
                cost += delta


def board_name(n: int, seed: int) -> str:
    return f"{n}x{n}-third-{seed}.csv"


def fresh_boards(seeds: str, folder: Path) -> list[Path]:
    """6x6 and 8x8 boards of seeds A..B (`--seeds A..B`) but the committed ones, written to
    `folder`."""
    first, _, last = seeds.partition("..")
    paths = []
    for n in (6, 8):
        for seed in range(int(first), int(last or first) + 1):
            if (n, seed) in BOARDS:
                continue
            path = folder / board_name(n, seed)
            path.write_text(board_text(n, seed), encoding="utf-8")
            paths.append(path)
    return paths


def board_text(n: int, seed: int) -> str:
    rng = random.Random(f"magic-{n}-{seed}")
    square = random_magic(n, rng)
    kept = set(rng.sample(range(n * n), round(n * n / 3)))
    rows = [",".join(str(square[r][c]) if r * n + c in kept else "_" for c in range(n))
            for r in range(n)]
    return (f"# a third of the cells of a random {n}x{n} magic square "
            f"(benchmarks/magic.py, seed {seed})\n" + "\n".join(rows) + "\n")


def make(write: bool) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for n, seed in BOARDS:
        text = board_text(n, seed)
        target = DATA / board_name(n, seed)
        if write:
            target.write_text(text, encoding="utf-8")
        elif not target.is_file() or target.read_text(encoding="utf-8") != text:
            sys.exit(f"{target} is not what its seed makes (run with --write)")


def old_checkout(revision: str, folder: Path) -> Path:
    """The package and its encodings as they were at `revision`, in a folder of `folder`:
    `python -m pyasp_runner` run there is that revision's command."""
    archive = subprocess.run(["git", "archive", revision, "pyasp_runner", "asp"], cwd=ROOT,
                             check=True, capture_output=True).stdout
    target = folder / f"at-{revision}"
    target.mkdir()
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def models_wanted(path: Path) -> int:
    expected = path.parent / f"{path.stem}.expected.json"
    if not expected.is_file():
        return 2
    data = json.loads(expected.read_text(encoding="utf-8"))
    if "count" in data:
        return data["count"] + 1
    return int(data.get("options", {}).get("cap", 2))


def checked(path: Path, solutions: list[dict]) -> int:
    """Check every answer with the independent checker; stop the script on a wrong one."""
    text = path.read_text(encoding="utf-8")
    grids = [solution["grid"] for solution in solutions]
    for grid in grids:
        try:
            check(text, {"grid": grid})
        except AssertionError as error:
            sys.exit(f"{path.name}: a wrong answer {grid}: {error}")
    if len({json.dumps(grid) for grid in grids}) != len(grids):
        sys.exit(f"{path.name}: the same answer twice")
    return len(grids)


def solve_asp(path: Path, limit: int, time_limit: float, *extra: str,
              cwd: Path = ROOT) -> dict[str, Any]:
    """`solve-asp magic` on `path` as the package in `cwd` has it (the checkout, or an
    old revision's `old_checkout`)."""
    argv = [*COMMAND, "magic", str(path), "--json", "--models", str(limit),
            "--time-limit", str(time_limit), *extra]
    code, out, wall, _, cpu = _run_child_cpu(argv, None, cwd)
    row: dict[str, Any] = {"wall_s": wall, "cpu_s": cpu, "status": f"exit {code}"}
    try:
        data = json.loads(out)
    except json.JSONDecodeError:
        return row
    row.update(status=data["status"], unique=data["unique"], choices=data["stats"].get("choices"),
               checked=checked(path, data["solutions"]))
    return row


def imperative(path: Path, limit: int, time_limit: float) -> dict[str, Any]:
    argv = [sys.executable, "-m", "pyasp_runner.imperative", "magic", str(path),
            "--limit", str(limit)]
    try:
        code, out, wall, _, cpu = _run_child_cpu(
            ["timeout", str(time_limit), *argv], None)
    except OSError as error:
        return {"status": f"error {error}"}
    try:
        data = json.loads(out)
    except json.JSONDecodeError:
        return {"status": "timeout" if code == 124 else f"exit {code}"}
    checked(path, data["solutions"])
    return {"wall_s": wall, "cpu_s": cpu, "nodes": data["stats"]["nodes"],
            "status": data["status"]}


def median(values: list[Any]) -> Any:
    numbers = [v for v in values if isinstance(v, (int, float))]
    return statistics.median(numbers) if len(numbers) == len(values) and numbers else None


def ratio(top: Any, bottom: Any) -> float | None:
    return top / bottom if isinstance(top, float) and isinstance(bottom, float) and bottom else None


def bench_file(path: Path, before: Path, before_args: list[str], repeat: int,
               time_limit: float, with_imperative: bool) -> dict[str, Any]:
    limit = models_wanted(path)
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": [], "imp": []}
    for _ in range(repeat):
        runs["after"].append(solve_asp(path, limit, time_limit))
        if before.is_dir():  # an old revision's package
            runs["before"].append(solve_asp(path, limit, time_limit, *before_args,
                                            cwd=before))
        else:
            runs["before"].append(solve_asp(path, limit, time_limit, "--encoding",
                                            str(before), *before_args))
        runs["imp"].append(imperative(path, limit, time_limit) if with_imperative
                           else {"status": "not run"})
    after, old = runs["after"][0], runs["before"][0]
    status = after.get("status")
    if (old.get("status"), old.get("unique")) != (status, after.get("unique")) \
            and "timeout" not in (old.get("status"), status):
        status = f"MISMATCH {old.get('status')}/{status}"
    row: dict[str, Any] = {"instance": path.name, "status": status,
                           "unique": after.get("unique"), "checked": after.get("checked")}
    for side in ("before", "after", "imp"):
        done = runs[side]
        timed_out = any(r.get("status") == "timeout" for r in done)
        short = "imp" if side == "imp" else side
        for key, column in (("wall_s", f"{short}_s"), ("cpu_s", f"{short}_cpu")):
            row[column] = None if timed_out else median([r.get(key) for r in done])
        count = "nodes" if side == "imp" else "choices"
        row["imp_nodes" if side == "imp" else f"{side}_choices"] = \
            None if timed_out else median([r.get(count) for r in done])
    row["before/after"] = ratio(row["before_cpu"], row["after_cpu"])
    row["imp/after"] = ratio(row["imp_cpu"], row["after_cpu"])
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--before", default=BEFORE,
                        help="git revision of the old package and encoding")
    parser.add_argument("--before-encoding", type=Path, metavar="FILE",
                        help="an encoding file as the `before` side (instead of --before)")
    parser.add_argument("--before-args", default="", metavar="ARGS",
                        help="solve-asp options for the `before` side only")
    parser.add_argument("--seeds", metavar="A..B", help="also fresh 6x6 and 8x8 boards")
    parser.add_argument("--no-imperative", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--only", metavar="NAME", help="boards whose file name contains NAME")
    parser.add_argument("--write", action="store_true", help="write the random boards")
    args = parser.parse_args()
    make(args.write)
    files = args.files or [
        *sorted(p for p in (ROOT / "instances" / "magic").iterdir() if p.suffix == ".csv"),
        *(DATA / board_name(n, seed) for n, seed in BOARDS)]
    files = [path for path in files if not args.only or args.only in path.name]
    print(machine())
    named = args.before_encoding or f"the package at {args.before}"
    print(f"median of {args.repeat} alternated runs; before = {named} {args.before_args}; "
          "CPU = the child's user + system time; ratios of CPU; a timed-out side shows '-'")
    with tempfile.TemporaryDirectory() as folder:
        before = args.before_encoding.resolve() if args.before_encoding else \
            old_checkout(args.before, Path(folder))
        if args.seeds:
            files += [path for path in fresh_boards(args.seeds, Path(folder))
                      if not args.only or args.only in path.name]
        rows = []
        for path in files:
            rows.append(bench_file(path.resolve(), before, args.before_args.split(),
                                   args.repeat, args.time_limit, not args.no_imperative))
            print(f"  {path.name}: after {rows[-1]['after_cpu']} s CPU", file=sys.stderr)
    print_table(rows, COLUMNS)
    spread = summary(rows)
    if spread:
        print_table(spread, ("boards", "side", "count", "timeouts", "median_cpu", "p90_cpu",
                             "max_cpu", "median_choices"),
                    title="random boards with a third given, by size (a timeout counts as "
                          "infinite)")


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per size of the random boards and per side: the spread of CPU time and choices."""
    found = []
    for n in (5, 6, 8):
        sized = [row for row in rows if row["instance"].startswith(f"{n}x{n}-third-")]
        for side in ("before", "after"):
            if not sized:
                continue
            cpu = sorted(row[f"{side}_cpu"] if row[f"{side}_cpu"] is not None
                         else math.inf for row in sized)
            choices = [row[f"{side}_choices"] for row in sized
                       if row[f"{side}_choices"] is not None]
            found.append({"boards": f"{n}x{n}", "side": side, "count": len(sized),
                          "timeouts": cpu.count(math.inf),
                          "median_cpu": statistics.median(cpu),
                          "p90_cpu": cpu[min(len(cpu) - 1, math.ceil(0.9 * len(cpu)) - 1)],
                          "max_cpu": cpu[-1],
                          "median_choices": round(statistics.median(choices)) if choices
                          else None})
    return found


if __name__ == "__main__":
    main()
