"""Benchmark auditing a collection: 1,000 generated puzzles with 1 and 2 worker processes
and on a two-worker local Dask cluster.

(Named `collection.py`: a `collections.py` here would stand in for the standard library's
`collections` in every script of this folder, which Python runs with the folder first
on its module path.)

    python benchmarks/collection.py [--count N] [--rounds R] [--cache DIR] [--no-cluster]
                                    [--generate-only]

1. Makes `--count` puzzles (default 1,000) across the genres of MIX through the API
   (`api.generate`, seeds 1, 2, ...; a seed without a unique puzzle is skipped), two at a
   time in the worker pool, and keeps them in DIR (default: solve-asp-collections in the
   temporary directory), so later runs reuse them.
2. Audits them all as `solve-asp PUZZLE FILE...` does (the same worker function,
   `audit.solve_one`, through `batch.run`): with 1 worker process, with 2, and on a
   `distributed.LocalCluster` of 2 worker processes of one thread (the `cluster` extra),
   alternated `--rounds` times (default 1; medians). Prints per configuration the wall
   time, puzzles per second, the speed-up over 1 worker, the CPU seconds the workers spent
   in the puzzles (the sum of each line's `cpu_s`) and this process's own CPU seconds
   (it holds the Dask scheduler); CPU time does not fall when the shared machine is busy,
   wall time does, so the two together tell a slow machine from a bad speed-up. Each
   round also runs 100 CPU-bound reference tasks on 1 and on 2 workers: their speed-up
   is what the shared machine's second core gave at the time.
3. The cost per puzzle by genre (1 worker: mean wall and CPU seconds) and the overhead
   per task: 1,000 empty tasks through 1 local worker and through the 2-worker cluster.
4. The estimate for a 100,000-puzzle audit of this mix on 1 machine and on 10 (the model
   is in docs/collections.md).

Needs `pip install -e '.[cluster]'` for the cluster row (without it, or with
--no-cluster, that row is left out).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import machine, print_table

from pyasp_runner import audit, batch

# genre, size, share of the collection (sizes that generate in about a second or two).
MIX: list[tuple[str, str | None, int]] = [
    ("jodici", None, 3), ("magic", "3", 3), ("skyscrapers", "5", 3), ("abc", "5", 3),
    ("nonogram", "10x10", 3), ("equation", "3x3", 2), ("hidoku", "6x6", 2)]
EMPTY_TASKS = 1000
# Work that only needs a core, to see how much of a second core the shared machine gives.
REFERENCE_SIZE = 3_000_000
REFERENCE = [batch.Task(f"reference {n}", sum, (range(REFERENCE_SIZE),)) for n in range(100)]
PUZZLES = (100_000, "100,000")


def make(name: str, size: str | None, seed: int) -> str | None:
    """A generated puzzle's text (in a worker), or None when the seed gives none."""
    from pyasp_runner import api

    made = api.generate(name, size=size, seed=seed, time_limit=120)
    return made.text if made is not None else None


def collection(count: int, cache: Path) -> list[tuple[str, Path]]:
    """`count` puzzles across MIX, (genre, file), generated once into `cache`."""
    shares = sum(share for _, _, share in MIX)
    wanted = {(name, size): count * share // shares for name, size, share in MIX}
    first = MIX[0][:2]
    wanted[first] += count - sum(wanted.values())
    found: list[tuple[str, Path]] = []
    todo: list[batch.Task] = []
    for (name, size), number in wanted.items():
        folder = cache / f"{name}-{size or 'default'}"
        folder.mkdir(parents=True, exist_ok=True)
        made = sorted(folder.glob("*.txt"), key=lambda p: int(p.stem))
        found += [(name, path) for path in made[:number]]
        tried = [int(p.stem) for p in [*made, *folder.glob("*.none")]]  # none: no unique one
        start = max(tried, default=0) + 1
        seeds = range(start, start + max(0, number - len(made)))
        todo += [batch.Task(str(folder / str(seed)), make, (name, size, seed)) for seed in seeds]
    if todo:
        started = time.perf_counter()
        print(f"generating {len(todo)} puzzles into {cache} ...", flush=True)
        for done in batch.run(todo, jobs=2, preload=("__main__", *batch.PRELOAD)):
            if done.outcome == batch.OK and done.value is not None:
                Path(done.name + ".txt").write_text(done.value, encoding="utf-8")
            else:
                Path(done.name + ".none").write_text(done.error or "no unique puzzle")
        print(f"generated in {time.perf_counter() - started:.0f} s", flush=True)
        return collection(count, cache)
    return found


def audit_tasks(puzzles: list[tuple[str, Path]]) -> list[batch.Task]:
    return [batch.Task(str(path), audit.solve_one,
                       (audit.Settings(puzzle=name), path.read_text(encoding="utf-8"),
                        str(path)))
            for name, path in puzzles]


def cpu_now() -> float:
    times = os.times()
    return times.user + times.system


def timed(tasks: list[batch.Task], **where: Any) -> dict[str, Any]:
    """One audit: wall and CPU seconds, and each task's result by name."""
    cpu, started = cpu_now(), time.perf_counter()
    results = {done.name: done for done in batch.run(tasks, **where)}
    wall = time.perf_counter() - started
    assert len(results) == len(tasks), "every task once"
    failed = [done for done in results.values() if done.outcome != batch.OK]
    assert not failed, failed[:3]
    return {"wall_s": wall, "own_cpu_s": cpu_now() - cpu, "results": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir(), "solve-asp-collections"))
    parser.add_argument("--no-cluster", action="store_true")
    parser.add_argument("--generate-only", action="store_true",
                        help="make (or check) the cached collection and stop")
    args = parser.parse_args()
    print(machine())
    puzzles = collection(args.count, args.cache)
    if args.generate_only:
        return
    tasks = audit_tasks(puzzles)
    genre = {str(path): name for name, path in puzzles}
    cluster = None if args.no_cluster else start_cluster()
    try:
        configurations: dict[str, dict[str, Any]] = {"1 worker": {"jobs": 1},
                                                     "2 workers": {"jobs": 2}}
        if cluster is not None:
            configurations["Dask, 2 workers"] = {"scheduler": cluster.scheduler_address}
        runs: dict[str, list[dict[str, Any]]] = {label: [] for label in configurations}
        reference: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(args.rounds):
            for label, where in configurations.items():
                runs[label].append(timed(tasks, **where))
            for jobs in reference:
                reference[jobs].append(timed(REFERENCE, jobs=jobs)["wall_s"])
        overhead = {"local process": timed([batch.Task(str(n), abs, (n,))
                                            for n in range(EMPTY_TASKS)], jobs=1)}
        if cluster is not None:
            overhead["Dask"] = timed([batch.Task(str(n), abs, (n,))
                                      for n in range(EMPTY_TASKS)],
                                     scheduler=cluster.scheduler_address)
    finally:
        if cluster is not None:
            cluster.close()
    report(runs, overhead, genre, len(tasks))
    ceiling = statistics.median(reference[1]) / statistics.median(reference[2])
    print(f"\nThe machine's parallelism meanwhile: {len(REFERENCE)} CPU-bound tasks (a sum "
          f"of {REFERENCE_SIZE:,} numbers each) ran {ceiling:.2f} times as fast on 2 workers "
          f"as on 1 (medians of {args.rounds}); the 1 -> 2 speed-up above is to be read "
          f"against it, not against 2.")


def start_cluster() -> Any:
    try:
        import distributed
    except ImportError:
        print("(no distributed: pip install -e '.[cluster]' for the cluster row)")
        return None
    return distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                    host="127.0.0.1", dashboard_address=None)


def report(runs: dict[str, list[dict[str, Any]]], overhead: dict[str, dict[str, Any]],
           genre: dict[str, str], count: int) -> None:
    rows = []
    base = statistics.median(run["wall_s"] for run in runs["1 worker"])
    for label, done in runs.items():
        wall = statistics.median(run["wall_s"] for run in done)
        work = statistics.median(sum(d.value["stats"]["cpu_s"] for d in run["results"].values())
                                 for run in done)
        rows.append({"configuration": label, "puzzles": count, "wall_s": wall,
                     "puzzles_per_s": count / wall, "speed_up": base / wall,
                     "cpu_in_puzzles_s": work,
                     "own_cpu_s": statistics.median(run["own_cpu_s"] for run in done)})
    print_table(rows, ("configuration", "puzzles", "wall_s", "puzzles_per_s", "speed_up",
                       "cpu_in_puzzles_s", "own_cpu_s"),
                title=f"Auditing {count:,} generated puzzles (medians of {len(done)} rounds)")
    one = runs["1 worker"][-1]["results"]
    per_genre: dict[str, list[dict[str, float]]] = {}
    for name, done_task in one.items():
        per_genre.setdefault(genre[name], []).append(done_task.value["stats"])
    genre_rows = [{"genre": name, "puzzles": len(stats),
                   "mean_wall_ms": 1000 * statistics.fmean(s["time_s"] for s in stats),
                   "mean_cpu_ms": 1000 * statistics.fmean(s["cpu_s"] for s in stats),
                   "max_wall_ms": 1000 * max(s["time_s"] for s in stats)}
                  for name, stats in sorted(per_genre.items())]
    print_table(genre_rows, ("genre", "puzzles", "mean_wall_ms", "mean_cpu_ms", "max_wall_ms"),
                title="Cost per puzzle by genre (1 worker, wall and CPU inside the worker)")
    over_rows = [{"where": where, "tasks": EMPTY_TASKS,
                  "wall_ms_per_task": 1000 * run["wall_s"] / EMPTY_TASKS,
                  "own_cpu_ms_per_task": 1000 * run["own_cpu_s"] / EMPTY_TASKS}
                 for where, run in overhead.items()]
    print_table(over_rows, ("where", "tasks", "wall_ms_per_task", "own_cpu_ms_per_task"),
                title="Overhead per task (empty tasks; local: 1 worker, Dask: 2 workers)")
    estimate(rows, over_rows, count)


def estimate(rows: list[dict[str, Any]], overhead: list[dict[str, Any]], count: int) -> None:
    """100,000 puzzles of this mix, by the model of docs/collections.md: each puzzle costs
    its CPU time (clingo is single-threaded and CPU-bound, so on a free core its wall time)
    plus the overhead of its task, spread over the cores; on a cluster the one scheduler,
    which handles every task, bounds the rate whatever the number of machines."""
    number, shown = PUZZLES
    cpu = rows[0]["cpu_in_puzzles_s"] / count
    local = next(o for o in overhead if o["where"] == "local process")["wall_ms_per_task"] / 1000
    cores = batch.default_jobs()
    print(f"\nEstimate for {shown} puzzles of this mix (model in docs/collections.md):")
    print(f"  each puzzle: {cpu * 1000:.1f} ms of CPU, {cpu * number / 3600:.2f} core-hours "
          f"in all")
    print(f"  one machine, {cores} free cores: {number * (cpu + local) / cores / 60:.1f} min "
          f"({cpu * 1000:.1f} ms + {local * 1000:.1f} ms of pool overhead per puzzle, over "
          f"{cores} workers)")
    today = max(row["puzzles_per_s"] for row in rows if row["configuration"] != "Dask, 2 workers")
    print(f"  one machine at today's measured rate ({today:.1f} puzzles/s): "
          f"{number / today / 60:.1f} min")
    dask = [o["wall_ms_per_task"] / 1000 for o in overhead if o["where"] == "Dask"]
    if dask:
        work = number * (cpu + dask[0]) / (10 * cores)
        measured, documented = number * dask[0], number * 0.001
        print(f"  ten machines, {cores} cores each, Dask: {max(work, documented) / 60:.1f} to "
              f"{max(work, measured) / 60:.1f} min (the work over {10 * cores} workers: "
              f"{work / 60:.1f} min; the scheduler at Dask's documented 1 ms per task: "
              f"{documented / 60:.1f} min, at the {dask[0] * 1000:.1f} ms per empty task "
              f"measured here on a shared 2-core machine: {measured / 60:.1f} min)")


if __name__ == "__main__":
    main()
