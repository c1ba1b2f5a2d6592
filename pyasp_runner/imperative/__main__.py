"""`python -m pyasp_runner.imperative PUZZLE FILE [--limit N]`: one solve, its JSON envelope."""

from __future__ import annotations

import argparse
import importlib
import json
import time
from pathlib import Path

from . import PUZZLES


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m pyasp_runner.imperative", description=__doc__)
    parser.add_argument("puzzle", choices=PUZZLES)
    parser.add_argument("file", type=Path)
    parser.add_argument("--limit", type=int, default=2,
                        help="solutions to look for (2 proves uniqueness, 0 = all)")
    args = parser.parse_args()
    module = importlib.import_module(f"{__package__}.{args.puzzle}")
    text = args.file.read_text(encoding="utf-8")
    start = time.perf_counter()
    result = module.solve(text, args.limit)
    print(json.dumps(result.envelope(args.puzzle, time.perf_counter() - start)))


if __name__ == "__main__":
    main()
