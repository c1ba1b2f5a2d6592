"""Sparse Hidato: large boards with few numbers given, against the imperative solver.

    python benchmarks/sparse_hidoku.py [--rounds N] [--time-limit S] [--only NAME] [--write]

The boards are benchmarks/data/hidoku-sparse/*.csv, each made from a random Hamiltonian
king path (benchmarks/paths.py's `random_path`, Warnsdorff's rule with random ties) with a
fixed seed, in two families:

- `spread`: 1, the last number and every (1/share)-th number from a random offset, the
  family of issue 22's goals (30x30 with 10% of the numbers given, 20x20 with 5%);
- `random`: 1, the last number and numbers drawn at random up to the share (gaps of very
  different lengths).

Without `--write` the script first makes every board again from its seed and stops if a
file differs (the files are reproducible); `--write` writes them. Per board, alternated
round by round, each command's median wall time: `asp` is `solve-asp hidoku FILE --json
-n 2 --force` (it looks for a second solution, so "unique" is proved or a second solution
shown; --force: the largest boards pass hidoku's size limit), `imp` is the imperative
solver (`python -m pyasp_runner.imperative hidoku FILE`, also looking for two), both
stopped at the time limit (default 30 s). Every answer is checked: each solution by the
independent checker of tests/checkers/hidoku.py, two solutions must differ, and "unique"
must mean the solution is the planted path (which solves the board). A failed check
stops the script with an error.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

from bench import COMMAND, ROOT, _run_child, alternated, machine, print_table
from paths import hidato_text, king_moves, random_path

sys.path.insert(0, str(ROOT / "tests"))
from checkers.hidoku import check

DATA = Path(__file__).resolve().parent / "data" / "hidoku-sparse"
# (side, share of the numbers given, family, seed)
BOARDS = [(side, share, family, seed)
          for side, share in ((20, 0.10), (30, 0.15), (30, 0.10), (20, 0.05))
          for family in ("spread", "random") for seed in (1, 2)]


def name_of(side: int, share: float, family: str, seed: int) -> str:
    return f"{side}x{side}-{round(share * 100)}pct-{family}-{seed}"


def planted(side: int, share: float, family: str, seed: int) -> tuple[list, set[int]]:
    """The board's path (cells in order) and the numbers given."""
    rng = random.Random(f"{side}-{share}-{family}-{seed}")
    path = random_path(side, king_moves, rng)
    total = side * side
    if family == "spread":
        step = round(1 / share)
        keep = {1, total, *range(1 + rng.randrange(step), total, step)}
    else:
        keep = {1, total, *rng.sample(range(2, total), round(share * total) - 2)}
    return path, keep


def make(write: bool) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for board in BOARDS:
        path, keep = planted(*board)
        text = hidato_text(board[0], path, keep)
        target = DATA / f"{name_of(*board)}.csv"
        if write:
            target.write_text(text)
        elif not target.is_file() or target.read_text() != text:
            sys.exit(f"{target} is not what its seed makes (run with --write)")


def run_imperative(file: Path, limit: float) -> dict:
    argv = [sys.executable, "-m", "pyasp_runner.imperative", "hidoku", str(file)]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=limit, cwd=ROOT,
                              check=False)
    except subprocess.TimeoutExpired:
        return {"wall_s": limit, "peak_mb": 0.0, "status": "timeout"}
    wall = time.perf_counter() - start
    status = json.loads(done.stdout)["status"] if done.returncode == 0 else \
        f"exit {done.returncode}"
    return {"wall_s": wall, "peak_mb": 0.0, "status": status}


def checked(file: Path, board: tuple, limit: float) -> dict:
    """One run of `solve-asp hidoku FILE --json -n 2` (the uniqueness check, with both
    answers in the output), its answers checked (a wrong one stops the script)."""
    argv = [*COMMAND, "hidoku", str(file), "--json", "-n", "2", "--time-limit", str(limit),
            "--force"]  # the largest boards pass hidoku's size limit, measured all the same
    code, out, wall, peak = _run_child(argv, None)
    row = {"wall_s": wall, "peak_mb": peak, "status": f"exit {code}"}
    try:
        data = json.loads(out)
    except json.JSONDecodeError:
        return row
    row.update(status=data["status"], unique=data["unique"], **data["stats"])
    text = file.read_text()
    for solution in data["solutions"]:
        check(text, solution)
    grids = [solution["grid"] for solution in data["solutions"]]
    if len(grids) == 2 and grids[0] == grids[1]:
        sys.exit(f"{file.name}: the two solutions are the same")
    path, _ = planted(*board)
    truth = [[0] * board[0] for _ in range(board[0])]
    for number, (r, c) in enumerate(path, start=1):
        truth[r][c] = number
    if data["unique"] and grids[0] != truth:
        sys.exit(f"{file.name}: 'unique', but the planted path is another solution")
    row["checked"] = len(grids)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--only", metavar="NAME", help="boards whose name contains NAME")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    make(args.write)
    print(f"# sparse Hidato · {machine()} · {args.rounds} rounds, medians · "
          f"time limit {args.time_limit:g} s")
    rows = []
    for board in BOARDS:
        name = name_of(*board)
        if args.only and args.only not in name:
            continue
        file = DATA / f"{name}.csv"
        result = alternated({"asp": lambda f=file, b=board: checked(f, b, args.time_limit),
                             "imp": lambda f=file: run_imperative(f, args.time_limit)},
                            args.rounds)
        asp, imp = result["asp"], result["imp"]
        rows.append({"instance": name, "clues": len(planted(*board)[1]),
                     "status": asp["status"], "unique": asp.get("unique"),
                     "checked": asp.get("checked", 0), "asp_s": asp["wall_s"],
                     "ground_s": asp.get("ground_s"), "choices": asp.get("choices"),
                     "atoms": asp.get("atoms"), "asp_mb": asp["peak_mb"],
                     "imp_status": imp["status"], "imp_s": imp["wall_s"],
                     "imp/asp": imp["wall_s"] / asp["wall_s"]})
        print(f"  {name}: asp {asp['status']} {asp['wall_s']:.2f} s", file=sys.stderr)
    print_table(rows, ["instance", "clues", "status", "unique", "checked", "asp_s", "ground_s",
                       "choices", "atoms", "asp_mb", "imp_status", "imp_s", "imp/asp"])


if __name__ == "__main__":
    main()
