"""Nonograms against a line-solving peer, large boards, and the encoding before and after.

    python benchmarks/nonogram_peers.py [--quick] [--large] [--random SIZES] [--rounds N]
                                        [--before REV] [--before-args ARGS] [--shared DIR]

Per puzzle, in one run and alternated round by round (so that a shared machine's load
falls on every command alike), each command's median wall time, CPU time (`_cpu`: user
and system, which a loaded machine's waiting for a core does not inflate) and peak memory:

- `asp`: `solve-asp nonogram FILE --json` (the whole process; it looks for a second
  solution, so the time includes the uniqueness proof);
- `before`: the same with `--encoding` set to asp/nonogram.lp as it was at git revision
  REV (with `--before`), the before/after table of an encoding change, and/or with the
  extra command-line arguments ARGS (with `--before-args`, e.g. `"--clingo-arg=--eq=5"`
  to undo one of the puzzle's own clingo options), the table of a settings change;
- `picross`: picross-solver (PyPI, `pip install -e '.[bench]'`) through
  benchmarks/peers/picross_nonogram.py, which reads the same file with the package's
  parser, solves (line solving, then guessing), checks the grid against the clues and
  exits 1 if it is wrong; it stops at the first solution. Skipped with a note when
  picross-solver is not installed.

Puzzles: the public `.non` files under DIR (default ../shared/benchmarks/nonogram; with
`--quick` only tiger 75x50, sun 50x60 and webpbn #529), and with `--large` three large
boards written to a temporary directory (each command gets 120 s on them): tiger tiled
2x2 (150x100) and 2x3 (150x150), and a random 150x150 image (seed 150, half the cells
black); with `--random 25,50` random square images of those sizes (seed: the size; each
cell black with probability 1/2; 120 s each too).
`settled` is the share of cells that clingo's propagation settles before its first
choice (the puzzle's encoding and options, in this process, not timed): what line
solving alone finds; 100% on a board that needs no search. `X/asp` columns are the other
command's median over asp's, of wall time or (`/asp_cpu`) of CPU time (above 1: asp is
faster).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shlex
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import (
    ROOT,
    alternated,
    baseline_seconds,
    encoding_at,
    machine,
    measure,
    print_table,
    run_peer,
)

PEER = Path(__file__).resolve().parent / "peers" / "picross_nonogram.py"
LARGE = ("tiger.non", "sun.non", "webpbn-529.non")
TIME_LIMIT = "120"


def runs_of(cells: list[int]) -> list[int]:
    lengths, count = [], 0
    for value in [*cells, 0]:
        if value:
            count += 1
        elif count:
            lengths.append(count)
            count = 0
    return lengths


def non_text(grid: list[list[int]], title: str) -> str:
    """A `.non` file for an image (rows of 0/1), with its goal line."""
    columns = [[row[c] for row in grid] for c in range(len(grid[0]))]
    clue = lambda cells: ",".join(map(str, runs_of(cells))) or "0"  # noqa: E731
    return "\n".join([f'title "{title}"', f"width {len(grid[0])}", f"height {len(grid)}",
                      "", "columns", *map(clue, columns), "", "rows", *map(clue, grid), "",
                      'goal "' + "".join(str(v) for row in grid for v in row) + '"', ""])


def goal_grid(path: Path) -> list[list[int]]:
    lines = path.read_text().splitlines()
    width = next(int(line.split()[1]) for line in lines if line.startswith("width"))
    goal = next(line.split('"')[1] for line in lines if line.startswith("goal"))
    return [[int(v) for v in goal[i:i + width]] for i in range(0, len(goal), width)]


def large_boards(shared: Path, folder: Path) -> list[Path]:
    tiger = goal_grid(next(shared.rglob("tiger.non")))
    rng = random.Random(150)
    boards = {
        "tiger-2x2-150x100": [row * 2 for row in tiger * 2],
        "tiger-2x3-150x150": [row * 2 for row in tiger * 3],
        "random-150x150": [[rng.randrange(2) for _ in range(150)] for _ in range(150)],
    }
    paths = []
    for name, grid in boards.items():
        path = folder / f"{name}.non"
        path.write_text(non_text(grid, name))
        paths.append(path)
    return paths


def random_boards(sizes: list[int], folder: Path) -> list[Path]:
    paths = []
    for size in sizes:
        rng = random.Random(size)
        grid = [[rng.randrange(2) for _ in range(size)] for _ in range(size)]
        path = folder / f"random-{size}x{size}.non"
        path.write_text(non_text(grid, path.stem))
        paths.append(path)
    return paths


def settled_share(path: Path) -> float:
    """The share of cells whose colour clingo's propagation settles before any choice."""
    import clingo

    from pyasp_runner.puzzle import facts_text
    from pyasp_runner.puzzles import registry

    puzzle = registry()["nonogram"]
    instance = puzzle.spec.parse(path.read_text(), str(path))
    ctl = clingo.Control([*puzzle.spec.clingo_options,
                          f"--configuration={puzzle.spec.configuration}"])
    ctl.load(str(ROOT / "asp" / "nonogram.lp"))
    ctl.add("base", [], facts_text(instance.facts))
    ctl.ground([("base", [])])
    counts: list[int] = []

    class FirstFixpoint:
        """Counts the black/2 atoms assigned at the first fixpoint of propagation, then
        ends the search (an empty clause)."""

        def init(self, init: clingo.PropagateInit) -> None:
            self.cells = [init.solver_literal(atom.literal)
                          for atom in init.symbolic_atoms.by_signature("black", 2)]
            init.check_mode = clingo.PropagatorCheckMode.Fixpoint

        def check(self, control: clingo.PropagateControl) -> None:
            if not counts and control.assignment.decision_level == 0:
                counts.extend([len(self.cells), sum(control.assignment.value(cell) is None
                                                    for cell in self.cells)])
                control.add_clause([])

    ctl.register_propagator(FirstFixpoint())
    ctl.solve()
    # No fixpoint: the clues contradict each other at once, and every cell is settled.
    # A cell without a black/2 atom is white by grounding alone.
    unknown = counts[1] if counts else 0
    cells = instance.data.width * instance.data.height
    return 100 * (cells - unknown) / cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path,
                        default=ROOT.parent / "shared" / "benchmarks" / "nonogram")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--large", action="store_true")
    parser.add_argument("--random", metavar="SIZES", default="",
                        help="comma-separated sizes of random square images")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", metavar="REV")
    parser.add_argument("--before-args", metavar="ARGS", default="")
    args = parser.parse_args()
    publics = sorted(args.shared.rglob("*.non"), key=lambda p: (len(p.parts), p.name))
    if args.quick:
        publics = [p for p in publics if p.name in LARGE]
    has_peer = importlib.util.find_spec("picross_solver") is not None
    print(f"# nonogram vs peers · {machine()} · baseline {baseline_seconds():.3f} s · "
          f"{args.rounds} rounds, medians")
    if not has_peer:
        print("picross-solver is not installed (pip install -e '.[bench]'): no peer column")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        before_args = shlex.split(args.before_args)
        if args.before:
            before_args += ["--encoding", str(encoding_at(args.before, "nonogram", folder))]
        before = bool(before_args)
        large = large_boards(args.shared, folder) if args.large else []
        sizes = [int(size) for size in args.random.split(",") if size.strip()]
        large += random_boards(sizes, folder)
        for path in [*publics, *large]:
            name = path.stem
            runs = {"asp": lambda p=path: measure("nonogram", p, "--time-limit", TIME_LIMIT,
                                                  "--force")}
            if before:
                runs["before"] = lambda p=path: measure("nonogram", p, "--time-limit",
                                                        TIME_LIMIT, "--force", *before_args)
            if has_peer:
                runs["picross"] = lambda p=path: run_peer(["timeout", TIME_LIMIT, sys.executable,
                                                          str(PEER), str(p)])
            result = alternated(runs, args.rounds)
            asp = result["asp"]
            row = {"instance": name, "status": asp["status"], "unique": asp.get("unique"),
                   "asp_s": asp["wall_s"], "asp_cpu": asp["cpu_s"], "asp_mb": asp["peak_mb"],
                   "settled": f"{settled_share(path):.0f}%",
                   "ground_s": asp.get("ground_s"), "choices": asp.get("choices"),
                   "rules": asp.get("rules")}
            for label in ("before", "picross"):
                if label in result:
                    other = result[label]
                    row[f"{label}_s"] = other["wall_s"]
                    row[f"{label}_status"] = other["status"]
                    row[f"{label}/asp"] = other["wall_s"] / asp["wall_s"]
                    row[f"{label}_cpu"] = other["cpu_s"]
                    row[f"{label}/asp_cpu"] = other["cpu_s"] / asp["cpu_s"]
                    if label == "before":
                        row["before_mb"] = other["peak_mb"]
            rows.append(row)
            print(f"  {name}: asp {asp['wall_s']:.3f} s", file=sys.stderr)
    columns = ["instance", "status", "unique", "asp_s", "asp_cpu", "asp_mb", "settled",
               "ground_s", "choices", "rules"]
    if before:
        columns += ["before_s", "before_mb", "before/asp", "before/asp_cpu"]
    if has_peer:
        columns += ["picross_s", "picross_status", "picross/asp", "picross_cpu",
                    "picross/asp_cpu"]
    print_table(rows, columns)


if __name__ == "__main__":
    main()
