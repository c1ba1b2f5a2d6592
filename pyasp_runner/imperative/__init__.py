"""Reference imperative solvers: hand-written depth-first search, counting search nodes.

One module per puzzle the original "Python vs Prolog" articles solved, named like the
puzzle, each following the algorithm that `shared/IMPERATIVE.md` describes: the
programmer writes the search, the branch cutting and the order of the successors. They
read the same puzzle files as `solve-asp` and give solutions in the same JSON shape, so
the rule checkers in `tests/checkers/` check them too. They are reference points for
`benchmarks/compare.py`, and the studio plays their search back beside clingo's, which
is why they live in the package (a package cannot import `benchmarks/`); nothing else in
the package uses them.

    python -m pyasp_runner.imperative PUZZLE FILE [--limit N]

Every module offers `solve(text: str, limit: int = 2, watch=None) -> Result`; `limit`
is the number of solutions to look for (2 proves uniqueness, 0 means all), `watch`
hears every value tried, forced and cut (`_common.Watch`) with the search's state as
rows of values. The studio draws a module's search on the puzzle's board when it says
how a state's value stands in the encoding's shown atoms: `SHOWN_VALUE` (the atom
`name(row,col,value)` of a grid) or `shown_atoms(row, col, value)`; it may also name
its depth (`DEPTH`, "values on the board") and say what an event did (`describe`).
"""

from pathlib import Path

# The puzzles with an imperative solver: the modules of this folder.
PUZZLES = tuple(sorted(path.stem for path in Path(__file__).parent.glob("*.py")
                       if not path.stem.startswith("_")))
