"""Peer for benchmarks/startup.py: the least a jodici solve with clingo and rich can do.

    python benchmarks/peers/minimal_jodici.py instances/jodici/1.csv [--json]

Reads its two arguments with argparse, the three CSV rows as given/3 facts, loads
asp/jodici.lp, grounds, asks clingo for two answers (to tell a unique one), and prints
the first as JSON, or else draws it with rich (a line of digits per ring). No checks, no
limits, no signals: what any solve pays beyond `import clingo, rich`, and no more.
"""

import argparse
import json
import os

import clingo

ENCODING = os.path.join(os.path.dirname(__file__), "..", "..", "asp", "jodici.lp")

parser = argparse.ArgumentParser()
parser.add_argument("input")
parser.add_argument("--json", action="store_true")
args = parser.parse_args()
with open(args.input, encoding="utf-8") as file:
    rows = [line.split(",") for line in file.read().split()]
facts = "ring(1..3). sector(1..6). " + "".join(
    f"given({r},{s},{v.strip()})." for r, row in enumerate(rows, 1)
    for s, v in enumerate(row, 1) if v.strip() != "_")
ctl = clingo.Control(["--models=2", "--project=show"])
ctl.load(ENCODING)
ctl.add("base", [], facts)
ctl.ground([("base", [])])
models: list[list[clingo.Symbol]] = []
ctl.solve(on_model=lambda model: models.append(model.symbols(shown=True)))
grid = [[0] * 6 for _ in range(3)]
for atom in models[0]:
    if atom.name == "value":
        ring, sector, digit = (arg.number for arg in atom.arguments)
        grid[ring - 1][sector - 1] = digit
if args.json:
    print(json.dumps({"solutions": [{"grid": grid}], "unique": len(models) == 1}))
else:
    from rich.console import Console

    Console().print("\n".join(" ".join(map(str, ring)) for ring in grid))
