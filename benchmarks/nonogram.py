"""Nonogram benchmark: the shipped ladder encoding against a run-start encoding.

    python benchmarks/nonogram.py [--shared DIR] [--only ladder|blockstart]

Runs `solve-asp nonogram FILE --json` (which looks for a second solution, so the solve
time includes the uniqueness proof) on the reference 10x10 and on every `.non` file under
DIR (default `../shared/benchmarks/nonogram`, public puzzles with their licences inside;
they are read there, never copied). The alternative encoding is written to a temporary
file and passed with `--encoding`. Prints one table per encoding and the slowest puzzle.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import ROOT, baseline_seconds, machine, measure, print_table

REFERENCE = ROOT / "instances" / "nonogram" / "reference.txt"
COLUMNS = ("instance", "size", "status", "unique", "wall_s", "ground_s", "solve_s", "choices",
           "conflicts", "rules", "atoms", "peak_mb")

# Run-start ("blockstart") encoding: one start per run chosen among its slack positions,
# cells derived from the starts. Same input and output predicates as asp/nonogram.lp.
BLOCKSTART = """\
line(r,R,W) :- height(H), width(W), R = 1..H.
line(c,C,H) :- height(H), width(W), C = 1..W.
cell(R,C) :- height(H), width(W), R = 1..H, C = 1..W.
run(r,R,1,N,Rest) :- row_clue(R,Rest,N), N > 0.
run(c,C,1,N,Rest) :- col_clue(C,Rest,N), N > 0.
run(D,L,I+1,N,Rest) :- run(D,L,I,_,(N,Rest)).
clued(r,R) :- row_clue(R,_,_).
clued(c,C) :- col_clue(C,_,_).
lo(D,L,1,1) :- run(D,L,1,_,_).
lo(D,L,I+1,S+N+1) :- lo(D,L,I,S), run(D,L,I,N,(_,_)).
hi(D,L,I,Len-N+1) :- run(D,L,I,N,()), line(D,L,Len).
hi(D,L,I,S-N-1) :- hi(D,L,I+1,S), run(D,L,I,N,_).
1 { start(D,L,I,S) : S = Lo..Hi } 1 :- lo(D,L,I,Lo), hi(D,L,I,Hi).
:- start(D,L,I,S), start(D,L,I+1,S2), run(D,L,I,N,_), S2 <= S+N.
filled(D,L,X) :- start(D,L,I,S), run(D,L,I,N,_), X = S..S+N-1.
{ black(R,C) } :- cell(R,C).
on(r,R,C) :- black(R,C).
on(c,C,R) :- black(R,C).
:- filled(D,L,X), not on(D,L,X).
:- clued(D,L), on(D,L,X), not filled(D,L,X).
:- given(R,C,1), not black(R,C).
:- given(R,C,0), black(R,C).
white(R,C) :- cell(R,C), not black(R,C).
#defined width/1. #defined height/1. #defined row_clue/3. #defined col_clue/3.
#defined given/3.
#show black/2. #show white/2.
"""


def puzzles(shared: Path) -> list[Path]:
    return [REFERENCE, *sorted(shared.rglob("*.non"), key=lambda p: (len(p.parts), p.name))]


def size_of(path: Path) -> str:
    if path.suffix != ".non":
        return "10x10"
    words = dict(line.split()[:2] for line in path.read_text().splitlines()
                 if line.split()[:1] in (["width"], ["height"]))
    return f"{words['width']}x{words['height']}"


def run(paths: list[Path], shared: Path, extra: list[str], limit: float) -> list[dict]:
    rows = []
    for path in paths:
        name = str(path.relative_to(shared)) if path.is_relative_to(shared) else path.name
        row = measure("nonogram", path, "--time-limit", str(limit), *extra, name=name)
        row["size"] = size_of(path)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path,
                        default=ROOT.parent / "shared" / "benchmarks" / "nonogram")
    parser.add_argument("--only", choices=["ladder", "blockstart"])
    parser.add_argument("--time-limit", type=float, default=60.0)
    args = parser.parse_args()
    paths = puzzles(args.shared)
    print(f"machine: {machine()}")
    print(f"baseline `python -c \"import clingo, rich\"`: {baseline_seconds():.3f} s")
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        blockstart = Path(folder) / "nonogram_blockstart.lp"
        blockstart.write_text(BLOCKSTART)
        for label, extra in (("ladder", []), ("blockstart", ["--encoding", str(blockstart)])):
            if args.only in (None, label):
                results[label] = run(paths, args.shared, extra, args.time_limit)
                print_table(results[label], COLUMNS,
                            title=f"{label} encoding ({len(paths)} puzzles, models=2)")
    for label, rows in results.items():
        slowest = max(rows, key=lambda row: row["wall_s"])
        total = sum(row["wall_s"] for row in rows)
        over = [row["instance"] for row in rows if row["wall_s"] > 2]
        print(f"\n{label}: total {total:.2f} s, slowest {slowest['instance']} "
              f"({slowest['wall_s']:.2f} s wall), over 2 s: {', '.join(over) or 'none'}")
    if len(results) == 2:
        pairs = zip(results["ladder"], results["blockstart"], strict=True)
        ratios = [b["wall_s"] / a["wall_s"] for a, b in pairs]
        print(f"blockstart / ladder wall time: median {sorted(ratios)[len(ratios) // 2]:.2f}, "
              f"max {max(ratios):.2f}")


if __name__ == "__main__":
    main()
