"""The studio's playback of long searches: what a trace costs, and what a page of it costs.

    python benchmarks/playback.py [--pages K] [PUZZLE/FILE ...]

For each instance (default: a few with searches of thousands to a hundred thousand
steps), runs the studio's trace request in this process, as its child process does
(`pyasp_runner.studio.work.run`): clingo solved plain, then recorded, and the
hand-written search watched. Then, per search, draws K pages (default 15) at steps
spread over the whole search, alternating the two searches, as the server does when
the page asks (`Playback.page`, 20 boards a page). Prints per search:

- `steps`: steps of the playback (a decision with its propagation is one step);
  `recorded`: events recorded (the search goes on after 100,000, its counts stay whole);
  `events`: events of the whole search, where the recorder knows them;
- `trace_s`: wall time of the whole trace request (both searches, both recorded);
- `kept_mb`: the playback the server keeps (pickled size: what crosses the pipe);
- `answer_kb`: the JSON the page gets at once (counts and the first page);
- `page_ms`, `page_kb`: median time and size of one page of boards;
- `all_boards_mb`: steps x the median board's size, what sending every board up front
  would have meant (a product of two measured numbers, not a run).
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
import time
from typing import Any

from bench import ROOT, machine, print_table

sys.path.insert(0, str(ROOT))

from pyasp_runner.studio.app import solutions_wanted
from pyasp_runner.studio.playback import PAGE
from pyasp_runner.studio.work import drawer_for, run

DEFAULT = ["hidoku/10x10.csv", "magic/5x5.csv", "jodici/few-givens.csv",
           "checkerboard/reference.txt", "flower/original.txt"]
COLUMNS = ("instance", "search", "steps", "recorded", "events", "trace_s", "kept_mb", "answer_kb",
           "page_ms", "page_kb", "all_boards_mb")


def trace(case: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], float]:
    puzzle, name = case.split("/")
    path = ROOT / "instances" / case
    request = {"action": "trace", "puzzle": puzzle, "text": path.read_text(encoding="utf-8"),
               "source": name, "rules": None, "index": 0, "time_limit": 600.0,
               "wanted": solutions_wanted(path)}
    started = time.perf_counter()
    answer = run(request, None, lambda elapsed, found: None)
    seconds = time.perf_counter() - started
    if answer.get("status") == "error":
        raise SystemExit(f"{case}: {answer['error']}")
    kept = answer.pop("_kept")
    return request, answer, kept, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", metavar="PUZZLE/FILE", default=DEFAULT)
    parser.add_argument("--pages", type=int, default=15)
    args = parser.parse_args()
    rows = []
    for case in args.cases:
        request, answer, kept, seconds = trace(case)
        drawer = drawer_for(request)
        names = [name for name in ("clingo", "imperative") if kept.get(name) is not None]
        timings: dict[str, list[float]] = {name: [] for name in names}
        sizes: dict[str, list[int]] = {name: [] for name in names}
        for turn in range(args.pages):
            for name in names:  # alternated, so a busy machine slows both alike
                steps = len(kept[name].steps)
                start = (steps - 1) * turn // max(args.pages - 1, 1)
                began = time.perf_counter()
                page = kept[name].page(drawer, start)
                timings[name].append(time.perf_counter() - began)
                sizes[name].append(len(json.dumps(page)))
        for name in names:
            playback = kept[name]
            board_kb = statistics.median(sizes[name]) / 1000 / PAGE
            rows.append({
                "instance": case, "search": name, "steps": len(playback.steps),
                "recorded": playback.info["recorded"], "events": playback.info["events"],
                "trace_s": seconds,
                "kept_mb": len(pickle.dumps(playback)) / 1e6,
                "answer_kb": len(json.dumps(answer[name])) / 1000,
                "page_ms": statistics.median(timings[name]) * 1000,
                "page_kb": statistics.median(sizes[name]) / 1000,
                "all_boards_mb": len(playback.steps) * board_kb / 1000,
            })
    print(f"machine: {machine()}\n")
    print_table(rows, COLUMNS)


if __name__ == "__main__":
    main()
