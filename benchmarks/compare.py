"""Declarative vs imperative, measured: solve-asp next to hand-written search.

    python benchmarks/compare.py [PUZZLE ...] [--write-doc]

For every instance under instances/ of the puzzles the original "Python vs Prolog"
articles solved (hidoku, jodici, flower, equation, magic, checkerboard), one row:

- `lp_lines`: lines of rules in asp/<puzzle>.lp (no comments, no blank lines) that
  solving grounds: not its other program parts (`#program tour.`: for `generate` alone);
  `py_lines`: lines of search code in pyasp_runner/imperative/<puzzle>.py (no comments,
  docstrings, blank lines or the file reader);
- `asp_s` and `imp_s`: wall time of each as a command (`solve-asp ... --json` and
  `python -m pyasp_runner.imperative ...`, both paying Python's start), and `imp/asp`, their ratio;
- `choices`, `conflicts`: clingo's counters; `nodes`: search states the imperative
  solver opened; `tried`: moves it generated;
- peers, where installed, in the same run: `swipl_s` (SWI-Prolog running
  benchmarks/prolog/<puzzle>.pl, for jodici, flower and equation) and `puzzlekit_s`
  (OR-Tools CP-SAT through puzzlekit, for hidoku: it finds one solution and proves
  nothing about uniqueness; and for nonogram, which has no imperative solver here
  because the original reduced it to SAT; environment variable PUZZLEKIT_PYTHON names an interpreter
  that has puzzlekit if this one has not). A missing peer is skipped with a note.

`--write-doc` also puts the table, with the machine and date, into
docs/declarative-vs-imperative.md (between its `compare:start` / `compare:end` marks).

Both sides look for the same solutions: a second one to prove uniqueness, or all of them
(up to the instance's cap) where the instance's expected file counts them. Puzzles not
yet in the package (no asp/<puzzle>.lp) are skipped with a note. Timings are for one run
on one machine; compare within a run.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
import tokenize
from pathlib import Path
from typing import Any

from bench import ROOT, machine, measure, print_table

BENCHMARKS = Path(__file__).resolve().parent
from pyasp_runner.imperative import PUZZLES  # noqa: E402
from pyasp_runner.puzzles import registry  # noqa: E402

PROLOG = BENCHMARKS / "prolog"
PROLOG_PUZZLES = ("jodici", "flower", "equation")
PUZZLEKIT_PUZZLES = ("hidoku", "nonogram")
# Puzzles measured against peers only: the original solved nonograms by reduction to SAT
# (Haskell), not by a hand-written search, so there is no imperative solver for them.
PEER_ONLY = ("nonogram",)
ALL = (*PUZZLES, *PEER_ONLY)
PEER_TIMEOUT_S = 120.0
# The interpreter that has puzzlekit (`pip install '.[bench]'`); another one may be named.
PUZZLEKIT_PYTHON = os.environ.get("PUZZLEKIT_PYTHON", sys.executable)
DOC = ROOT / "docs" / "declarative-vs-imperative.md"
START, END = "<!-- compare:start -->", "<!-- compare:end -->"
COLUMNS = ("instance", "status", "lp_lines", "py_lines", "asp_s", "imp_s", "imp/asp",
           "choices", "conflicts", "nodes", "tried", "swipl_s", "puzzlekit_s")


def rule_lines(path: Path) -> int:
    """Lines of an encoding that hold the rules solving grounds: `%` comments, blank lines
    and program parts other than the base dropped."""
    count = 0
    in_block = False
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if text.startswith("#program") and not text.startswith("#program base"):
            break  # what follows is another part: generate's, the size's
        if in_block:
            in_block = "*%" not in text
            continue
        if text.startswith("%*"):
            in_block = "*%" not in text[2:]
            continue
        if text.split("%", 1)[0].strip():
            count += 1
    return count


def code_lines(path: Path, skip: tuple[str, ...] = ("read",)) -> int:
    """Lines of Python code: no comments, docstrings, blank lines or `skip` functions."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    excluded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in skip:
            excluded.update(range(node.lineno - len(node.decorator_list),
                                  (node.end_lineno or node.lineno) + 1))
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            excluded.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    lines: set[int] = set()
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
               tokenize.DEDENT, tokenize.ENCODING, tokenize.ENDMARKER}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in skipped:
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - excluded)


def solutions_wanted(expected: dict[str, Any]) -> int:
    """Solutions to look for: 2 (uniqueness), or all up to a cap where the file counts."""
    options = expected.get("options", {})
    if "count" in expected:
        return expected["count"] + 1
    return int(options.get("cap", 2))


def run_imperative(puzzle: str, path: Path, limit: int) -> dict[str, Any]:
    argv = [sys.executable, "-m", "pyasp_runner.imperative", puzzle, str(path),
            "--limit", str(limit)]
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=BENCHMARKS, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode:
        return {"imp_status": f"exit {done.returncode}", "imp_s": wall}
    data = json.loads(done.stdout)
    return {"imp_status": data["status"], "imp_s": wall, "nodes": data["stats"]["nodes"],
            "tried": data["stats"]["tried"]}


def prolog_reads(puzzle: str, path: Path) -> bool:
    """Whether the Prolog version takes this instance: its equation program reads the
    original article's 3x3 layout only."""
    if puzzle != "equation":
        return True
    layout = registry()[puzzle].parse(path.read_text(encoding="utf-8"), str(path)).data
    return (layout.rows, layout.columns) == (3, 3)


def run_swipl(puzzle: str, path: Path) -> float | str:
    """Wall time of the Prolog version, which prints every solution it finds."""
    program = PROLOG / f"{puzzle}.pl"
    argv = ["swipl", "-q", str(program), str(path)]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=PEER_TIMEOUT_S,
                              check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    wall = time.perf_counter() - start
    return wall if done.returncode == 0 else f"exit {done.returncode}"


def puzzlekit_text(puzzle: str, path: Path) -> str | None:
    """The instance in puzzlekit's own text format, or None if puzzlekit cannot take it.

    puzzlekit's hidoku has no blocked cells; its nonogram needs a clue on every line and
    no given cells. The file is read by this package's parser where one exists (the
    peer is timed, not checked).
    """
    text = path.read_text(encoding="utf-8")
    if puzzle == "hidoku":
        from pyasp_runner.puzzles import registry

        instance = registry()["hidoku"].parse(text, str(path))
        board = instance.data
        if board.blocked:
            return None
        fields = [["-"] * board.cols for _ in range(board.rows)]
        for clue in instance.clues:
            r, c, value = (arg.number for arg in clue.arguments)
            fields[r - 1][c - 1] = str(value)
        return f"{board.rows} {board.cols}\n" + "\n".join(" ".join(row) for row in fields)
    from pyasp_runner.puzzles import nonogram

    instance = nonogram.parse(text, str(path))
    size = {f.name: f.arguments[0].number for f in instance.facts if f.name in
            ("width", "height")}
    lines: dict[str, dict[int, list[int]]] = {"col_clue": {}, "row_clue": {}}
    for clue in instance.clues:
        if clue.name not in lines:
            return None  # a given cell
        lines[clue.name][clue.arguments[0].number] = nonogram.runs_of(clue)
    width, height = size["width"], size["height"]
    if len(lines["col_clue"]) != width or len(lines["row_clue"]) != height:
        return None
    if any(not runs for kind in lines.values() for runs in kind.values()):
        return None  # an empty line: puzzlekit's format has no way to say "no run"
    body = [" ".join(map(str, lines["col_clue"][c])) for c in range(1, width + 1)]
    body += [" ".join(map(str, lines["row_clue"][r])) for r in range(1, height + 1)]
    return f"{height} {width}\n" + "\n".join(body)


def puzzlekit_peer(puzzle: str) -> None:
    """The peer itself (run in a child): puzzlekit's CP-SAT solver on standard input.
    It looks for one solution only and proves nothing about uniqueness."""
    import puzzlekit

    result = puzzlekit.solve(sys.stdin.read(), puzzle)
    sys.exit(0 if result.is_solved else 1)


def run_puzzlekit(puzzle: str, path: Path) -> float | str:
    text = puzzlekit_text(puzzle, path)
    if text is None:
        return "n/a"
    argv = [PUZZLEKIT_PYTHON, __file__, "--peer-puzzlekit", puzzle]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, input=text, capture_output=True, text=True,
                              timeout=PEER_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return "timeout"
    wall = time.perf_counter() - start
    return wall if done.returncode == 0 else f"exit {done.returncode}"


def has_puzzlekit() -> bool:
    done = subprocess.run([PUZZLEKIT_PYTHON, "-c", "import puzzlekit"], capture_output=True,
                          check=False)
    return done.returncode == 0


def instances(puzzle: str) -> list[Path]:
    folder = ROOT / "instances" / puzzle
    return sorted(p for p in folder.glob("*") if p.is_file()
                  and not p.name.endswith(".expected.json") and not p.name.startswith(".")
                  and p.name != "README.md")


def compare(puzzles: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    notes: list[str] = []
    swipl = shutil.which("swipl") is not None
    puzzlekit = has_puzzlekit()
    if not swipl:
        notes.append("SWI-Prolog peer skipped: `swipl` is not installed "
                     "(Debian package swi-prolog-nox).")
    if not puzzlekit:
        notes.append("puzzlekit peer skipped: `puzzlekit` is not installed "
                     "(pip install '.[bench]', or set PUZZLEKIT_PYTHON).")
    rows: list[dict[str, Any]] = []
    for puzzle in puzzles:
        encoding = ROOT / "asp" / f"{puzzle}.lp"
        solver = ROOT / "pyasp_runner" / "imperative" / f"{puzzle}.py"
        if not encoding.is_file():
            notes.append(f"{puzzle} skipped: not in the package yet (no asp/{puzzle}.lp).")
            continue
        if not instances(puzzle):
            notes.append(f"{puzzle} skipped: no instances yet.")
            continue
        if puzzle in PEER_ONLY and not puzzlekit:
            continue
        if not solver.is_file() and puzzle not in PEER_ONLY:
            notes.append(f"{puzzle} skipped: no imperative solver yet.")
            continue
        if swipl and puzzle in PROLOG_PUZZLES and not (PROLOG / f"{puzzle}.pl").is_file():
            notes.append(f"{puzzle}: no Prolog version yet.")
        lp = rule_lines(encoding)
        py = code_lines(solver) if solver.is_file() else None
        for path in instances(puzzle):
            expected = json.loads((path.parent / f"{path.stem}.expected.json").read_text())
            limit = solutions_wanted(expected)
            extra = ["--models", str(limit)]
            row = measure(puzzle, path, *extra, name=f"{puzzle}/{path.name}")
            row.update(lp_lines=lp, py_lines=py, asp_s=row["wall_s"])
            if py is not None:
                row.update(run_imperative(puzzle, path, limit))
            if py is not None and row.get("imp_status") != row.get("status"):
                row["status"] = f"{row.get('status')}/{row.get('imp_status')}"
            if isinstance(row.get("imp_s"), float) and row["asp_s"]:
                row["imp/asp"] = row["imp_s"] / row["asp_s"]
            if swipl and (PROLOG / f"{puzzle}.pl").is_file():
                row["swipl_s"] = run_swipl(puzzle, path) if prolog_reads(puzzle, path) else "n/a"
            if puzzlekit and puzzle in PUZZLEKIT_PUZZLES:
                row["puzzlekit_s"] = run_puzzlekit(puzzle, path)
            rows.append(row)
    return rows, notes


def main() -> None:
    if sys.argv[1:2] == ["--peer-puzzlekit"]:
        puzzlekit_peer(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles", nargs="*", metavar="PUZZLE",
                        help=f"some of {', '.join(ALL)} (default all)")
    parser.add_argument("--write-doc", action="store_true",
                        help="also put the table into docs/declarative-vs-imperative.md")
    args = parser.parse_args()
    unknown = set(args.puzzles) - set(ALL)
    if unknown:
        parser.error(f"not compared: {', '.join(sorted(unknown))}")
    rows, notes = compare(list(args.puzzles) or list(ALL))
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        print(f"machine: {machine()}\n")
        print_table(rows, COLUMNS)
        if notes:
            print()
        for note in notes:
            print(f"- {note}")
    print(report.getvalue(), end="")
    if args.write_doc:
        text = DOC.read_text(encoding="utf-8")
        head, _, rest = text.partition(START)
        _, _, tail = rest.partition(END)
        DOC.write_text(f"{head}{START}\n{report.getvalue()}{END}{tail}", encoding="utf-8")
        print(f"written to {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
