"""Countdown benchmark: single rounds (time to the proven best answer) and batches.

    python benchmarks/countdown.py [--rounds N] [--before REV] [--targets LO..HI]

Single rounds: the reference, Hutton's 765 and 831, the 1997 episode's 952, an
unreachable target, and random rounds (two large numbers and four small, fixed seeds).
Batches: every target 100..999 (or the range `--targets` names) for one number set in
one run, a way per target, for six small numbers, two large and four large, and random
sets; the answer column counts the targets hit exactly. Goals: under 0.5 s per round,
under 10 s per batch.
Inputs are written to a temporary directory at run time.

Every row runs its commands alternated round by round (medians over `--rounds`, default
3): `solve-asp` itself; with `--before REV`, the same with asp/countdown.lp as it was at
git revision REV (`before_*`: wall and CPU time, grounding time and rules, the
before/after table of an encoding change); and for single rounds the plain Python solver
benchmarks/peers/countdown.py (`python_s`, the textbook subset-by-subset programme, no
pruning). `x/asp` columns are the other command's median over solve-asp's (above 1:
solve-asp is faster), `x/asp_cpu` the same for CPU time (user and system of the whole
process: what a loaded machine's waiting for a core does not inflate).
"""

from __future__ import annotations

import argparse
import random
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

from pyasp_runner import runner
from pyasp_runner.puzzles import registry

FOLDER = ROOT / "instances" / "countdown"
PEER = Path(__file__).resolve().parent / "peers" / "countdown.py"
COLUMNS = ("instance", "mode", "status", "answer", "wall_s", "cpu_s", "ground_s", "solve_s",
           "choices", "conflicts", "rules", "atoms", "peak_mb")
BEFORE_COLUMNS = ("before_s", "before_cpu_s", "before_ground_s", "before_rules", "before/asp",
                  "before/asp_cpu")
PEER_COLUMNS = ("python_s", "python_cpu_s", "python/asp", "python/asp_cpu")
LARGE, SMALL = (25, 50, 75, 100), tuple(range(1, 11)) * 2


def random_round(rng: random.Random, large: int) -> list[int]:
    return rng.sample(LARGE, large) + rng.sample(SMALL, 6 - large)


def answer_of(text: str, *options: str) -> str:
    """What the run answered, solved in process (the timings come from the subprocess)."""
    puzzle = registry()["countdown"]
    instance = puzzle.parse(text, "bench")
    if options:
        instance = puzzle.module.instance_of("bench", puzzle.module._with_target(
            instance.data, options[1], "bench", None))
    result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=1))
    data = puzzle.solution_json(instance, result.answers[0])
    if "answers" in data:
        return f"{data['reached']}/{len(data['answers'])} exact"
    return f"{data['expression']} = {data['value']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", metavar="REV")
    parser.add_argument("--targets", metavar="LO..HI", default="100..999",
                        help="the batches' range of targets (default 100..999)")
    args = parser.parse_args()
    print(f"# countdown benchmark · {machine()} · baseline {baseline_seconds():.3f} s\n")
    rng = random.Random(2026)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        singles = [FOLDER / name for name in ("reference.txt", "hutton-765.txt",
                                              "hutton-831.txt", "episode-952.txt",
                                              "unreachable-1000.txt")]
        for index in range(5):
            path = Path(tmp) / f"random-{index + 1}.txt"
            numbers = random_round(rng, 2)
            path.write_text(f"{' '.join(map(str, numbers))} -> {rng.randint(100, 999)}\n")
            singles.append(path)
        runs: list[tuple[Path, tuple[str, ...], str | None]] = [
            (path, (), None) for path in singles]
        sets = {"six small": [1, 2, 3, 4, 5, 6], "six small (dup)": [1, 1, 5, 7, 9, 10],
                "two large": [100, 75, 2, 10, 3, 8], "four large": [100, 75, 50, 25, 6, 3]}
        for large in (1, 2, 3):
            sets[f"random {large} large"] = random_round(rng, large)
        for name, numbers in sets.items():
            path = Path(tmp) / f"{name.replace(' ', '-')}.txt"
            path.write_text(" ".join(map(str, numbers)) + "\n")
            runs.append((path, ("--targets", args.targets),
                         f"{name}: {' '.join(map(str, numbers))}"))
        # Measure first: solving in this process would inflate the children's peak RSS
        # (a forked child starts with the parent's pages counted).
        before = encoding_at(args.before, "countdown", Path(tmp)) if args.before else None
        for path, options, name in runs:
            commands = {"asp": lambda p=path, o=options: measure("countdown", p, *o)}
            if before:
                commands["before"] = lambda p=path, o=options: measure(
                    "countdown", p, *o, "--encoding", str(before))
            if not options:
                commands["python"] = lambda p=path: run_peer(
                    [sys.executable, str(PEER), p.read_text()])
            result = alternated(commands, args.rounds)
            row = result["asp"] | {"instance": name or path.name,
                                   "mode": options[1] if options else "best"}
            for label in ("before", "python"):
                if label in result:
                    other = result[label]
                    row[f"{label}_s"] = other["wall_s"]
                    row[f"{label}_cpu_s"] = other["cpu_s"]
                    row[f"{label}/asp"] = other["wall_s"] / row["wall_s"]
                    row[f"{label}/asp_cpu"] = other["cpu_s"] / row["cpu_s"]
            if "before" in result:
                row["before_ground_s"] = result["before"].get("ground_s")
                row["before_rules"] = result["before"].get("rules")
            rows.append(row)
            print(f"  {row['instance']}: {row['wall_s']:.3f} s", file=sys.stderr)
        for row, (path, options, _) in zip(rows, runs, strict=True):
            row["answer"] = answer_of(path.read_text(), *options)
    print_table(rows, COLUMNS + (BEFORE_COLUMNS if before else ()) + PEER_COLUMNS)


if __name__ == "__main__":
    main()
