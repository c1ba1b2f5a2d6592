"""Hidoku encodings side by side: clingo's counters for each variant on each board.

    python benchmarks/hidoku_variants.py [--time-limit S] [--only NAME] [--variant NAME]

Variants: `numbers` is the solver's own encoding, asp/hidoku.lp (one number per cell out
of its king-distance candidates); the others are the encodings in
benchmarks/hidoku-variants/ (each file says what it adds): `gap-path` (cells shared out
among the gaps between clues, successor edges, reachability), `gap-numbers` (that, with
the numbers counted along the edges), `numbers-linked` (asp/hidoku.lp with every gap's
cells connected to its clue), `numbers-degree`, `numbers-coverage` and `numbers-follow`; a
variant's line `% clingo options: ...` adds clingo options for it. Boards:
benchmarks/data/hidoku-sparse/*.csv (see sparse_hidoku.py) and every instance in
instances/hidoku/.

Per board the variants run in turn, each in this process through clingo's Python API as
the runner uses it: grounding (CPU seconds, rules, atoms), then a search for two answers
stopped at the time limit (default 10 s of wall time): status, the CPU seconds of the
search, choices and conflicts. CPU seconds, not wall time, so that a loaded machine
does not hide the difference. Every answer is checked by the independent checker
(tests/checkers/hidoku.py; a path's answer is numbered along its edges first), and two
answers must differ; a failed check stops the script.

A first table shows how much a coverage argument could settle before any search: per
sparse board, the gaps between clues and how many of them could hold each free cell (a
cell X fits the gap between clue a at A and b at B when d(A,X) + d(X,B) <= b - a, d the
king distance; a gap before the first or after the last clue bounds one distance only).
A cell that only one gap can hold is that gap's; a cell that none can hold makes the
board unsolvable.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

import clingo
from bench import ROOT, machine, print_table

sys.path.insert(0, str(ROOT / "tests"))
from checkers.hidoku import check

from pyasp_runner.puzzles import registry

parse = registry()["hidoku"].parse

VARIANTS = {"numbers": ROOT / "asp" / "hidoku.lp",
            **{path.stem: path for path in
               sorted((Path(__file__).resolve().parent / "hidoku-variants").glob("*.lp"))}}
BOARDS = [*sorted((ROOT / "benchmarks" / "data" / "hidoku-sparse").glob("*.csv")),
          *sorted(path for path in (ROOT / "instances" / "hidoku").iterdir()
                  if not path.name.endswith(".expected.json"))]


def grid_of(symbols: list[clingo.Symbol], rows: int, cols: int) -> list[list[int | None]]:
    """The numbers of an answer: its value/3 atoms (asp/hidoku.lp) or number/3 (a variant),
    or its start/2 and succ/4 walked."""
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    after, start = {}, None
    for symbol in symbols:
        args = [argument.number for argument in symbol.arguments]
        if symbol.name in ("value", "number"):
            grid[args[0] - 1][args[1] - 1] = args[2]
        elif symbol.name == "succ":
            after[tuple(args[:2])] = tuple(args[2:])
        elif symbol.name == "start":
            start = tuple(args)
    number, cell = 1, start
    while cell is not None:
        grid[cell[0] - 1][cell[1] - 1] = number
        number, cell = number + 1, after.get(cell)
    return grid


def _as_variant_reads(symbol: clingo.Symbol, encoding: Path) -> clingo.Symbol:
    """A fact as the encoding reads it: the gap variants were written when a clue was
    given(R,C,V) (the genre file's number(R,C,V), which the others include)."""
    if encoding.stem.startswith("gap-") and symbol.name == "number":
        return clingo.Function("given", symbol.arguments)
    return symbol


def coverage(board: Path) -> dict:
    """The gaps between the clues of a board and the gaps that could hold each free cell."""
    instance = parse(board.read_text(), str(board))
    rows, cols, blocked = instance.data.rows, instance.data.cols, instance.data.blocked
    givens = sorted((clue.arguments[2].number, (clue.arguments[0].number,
                                                clue.arguments[1].number))
                    for clue in instance.clues)
    ends = [(None, 0), *((cell, value) for value, cell in givens),
            (None, sum(1 for _ in instance.data.cells()) + 1)]
    gaps = [(low, high, high_value - low_value) for (low, low_value), (high, high_value)
            in itertools.pairwise(ends) if high_value - low_value > 1]
    clue_cells = {cell for _, cell in givens}

    def king(a: tuple[int, int], b: tuple[int, int]) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    # an open end (no clue before 1, none after K) is one step nearer than its placeholder
    fits = [sum((king(low, cell) if low else 0) + (king(cell, high) if high else 0)
                <= span - (low is None) - (high is None) for low, high, span in gaps)
            for cell in ((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1))
            if cell not in blocked and cell not in clue_cells]
    return {"board": board.stem, "gaps": len(gaps), "free_cells": len(fits),
            "gaps_per_cell": sum(fits) / len(fits), "fewest": min(fits),
            "one_gap_cells": sum(count == 1 for count in fits),
            "no_gap_cells": sum(count == 0 for count in fits)}


def options_of(encoding: Path) -> list[str]:
    """clingo options a variant asks for on a line `% clingo options: ...` (a domain
    heuristic needs `--heuristic=Domain`)."""
    marker = "% clingo options:"
    return [option for line in encoding.read_text().splitlines() if line.startswith(marker)
            for option in line[len(marker):].split()]


def run(encoding: Path, board: Path, limit: float) -> dict:
    text = board.read_text()
    instance = parse(text, str(board))
    control = clingo.Control(["2", *options_of(encoding)])
    control.load(str(encoding))
    control.add("base", [], "".join(f"{_as_variant_reads(symbol, encoding)}.\n"
                                    for symbol in instance.facts))
    started = time.process_time()
    control.ground([("base", [])])
    ground = time.process_time() - started
    answers: list[list[clingo.Symbol]] = []
    started = time.process_time()
    with control.solve(on_model=lambda model: answers.append(model.symbols(shown=True)),
                       async_=True) as handle:
        finished = handle.wait(limit)
        if not finished:
            handle.cancel()
        handle.get()
    solve = time.process_time() - started
    grids = [grid_of(answer, instance.data.rows, instance.data.cols) for answer in answers]
    for grid in grids:
        check(text, {"grid": grid})
    if len(grids) == 2 and grids[0] == grids[1]:
        sys.exit(f"{board.name}: {encoding.name} gave the same answer twice")
    status = ("unique" if len(grids) == 1 else "unsolvable" if not grids else "two answers") \
        if finished else f"timeout, {len(grids)} found"
    stats = control.statistics
    return {"status": status, "ground_cpu_s": ground, "solve_cpu_s": solve,
            "rules": int(stats["problem"]["lp"]["rules"]),
            "atoms": int(stats["problem"]["lp"]["atoms"]),
            "choices": int(stats["solving"]["solvers"]["choices"]),
            "conflicts": int(stats["solving"]["solvers"]["conflicts"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--only", metavar="NAME", help="boards whose name contains NAME")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS),
                        help="run only these variants (repeat the option for several)")
    args = parser.parse_args()
    variants = args.variant or list(VARIANTS)
    print(f"# Hidoku variants · {machine()} · search stopped at {args.time_limit:g} s")
    print_table([coverage(board) for board in BOARDS if board.parent.name == "hidoku-sparse"
                 and (not args.only or args.only in board.name)],
                ["board", "gaps", "free_cells", "gaps_per_cell", "fewest", "one_gap_cells",
                 "no_gap_cells"], title="Gaps that could hold each free cell")
    rows = []
    for board in BOARDS:
        if args.only and args.only not in board.name:
            continue
        for variant in variants:
            row = {"board": board.stem, "variant": variant,
                   **run(VARIANTS[variant], board, args.time_limit)}
            print(f"  {board.stem} {variant}: {row['status']}", file=sys.stderr, flush=True)
            rows.append(row)
    print_table(rows, ["board", "variant", "status", "ground_cpu_s", "solve_cpu_s", "rules",
                       "atoms", "choices", "conflicts"], title="Variants")


if __name__ == "__main__":
    main()
