"""The genres against puzzlekit's CP-SAT solvers, on the same public instances.

    python benchmarks/genres.py [GENRE ...] [--rounds N] [--write-doc]

For every instance in the plain text grid under instances/<genre>/ (puzz.link addresses
and Tatham's game IDs are skipped: puzzlekit reads addresses through its own converter,
not measured here, and IDs not at all; a genre without such instances, magic's CSV
boards, has all of its own; Easy as ABC's, in several forms, are each written in
puzzlekit's layout for it where that can state them), one row: our command `solve-asp asp/<genre>.lp
FILE --json`, which also proves the solution unique, and puzzlekit's
`puzzlekit.solve(TEXT, NAME)` run as a command of its own (a child Python that imports
puzzlekit, reads the same grid and solves it: one solution, no proof of uniqueness). The
two run alternated, `--rounds` times each (default 3), and a row holds their medians of
wall time, of CPU time (user and system, all threads, from wait4: CP-SAT searches with a
worker per core, clingo with one thread) and of peak memory (the command's maximum
resident set, from wait4). Both sides solve in the process that was started: `solve-asp`
solves one file in its own process (only a folder goes to its worker pool, whose workers
wait4 would not count: pyasp_runner/cli/collection.py), so `ours_mb` is the solve's own
peak, Python and clingo together.

Per genre, then, a summary row: the median and the maximum wall time of each side over
the genre's instances and their ratios, puzzlekit / ours (above 1: we are faster). Goals
(issue 29): at least puzzlekit's speed at every genre's median, no instance over 10 s.

`--write-doc` also puts the summary rows of the genres measured into docs/genres.md's
table (between its `genres-bench:start` / `genres-bench:end` marks), with a line saying
the machine, date, rounds and load of the run; rows of genres not measured now stay.
puzzlekit is the `bench` extra (`pip install '.[bench]'`); environment variable
PUZZLEKIT_PYTHON names another interpreter that has it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bench import ROOT, alternated, machine, measure, print_table, run_peer

# Each genre's name in puzzlekit's registry (None: puzzlekit has no solver for it, and
# the row has ours alone).
PUZZLEKIT: dict[str, str | None] = {
    "sudoku": "sudoku", "akari": "akari", "nurikabe": "nurikabe",
    "starbattle": "starbattle", "shikaku": "shikaku", "slitherlink": "slitherlink",
    "masyu": "masyu", "kakuro": "kakuro", "hitori": "hitori", "heyawake": "heyawake",
    "kurodoko": "kuromasu", "lits": "lits", "norinori": "norinori", "tents": "tent",
    "binairo": "binairo", "futoshiki": None, "ripple": "hakyuu",
    "killersudoku": "killer_sudoku", "hashi": None, "gokigen": None,
    "yajilin": "yajilin", "battleship": "battleship", "skyscrapers": "skyscraper",
    "magic": None, "abc": "abc_end_view"}
PUZZLEKIT_PYTHON = os.environ.get("PUZZLEKIT_PYTHON", sys.executable)
# puzzlekit's own default is 30 s; the peer gets longer than any of our runs takes.
PEER_LIMIT_S = 120.0
DOC = ROOT / "docs" / "genres.md"
START, END = "<!-- genres-bench:start -->", "<!-- genres-bench:end -->"
ROW_COLUMNS = ("instance", "size", "status", "unique", "ours_s", "peer_s", "peer/ours",
               "ours_cpu_s", "peer_cpu_s", "ours_mb", "peer_mb", "peer_status")
SUMMARY_COLUMNS = ("genre", "instances", "unique", "ours_median_s", "peer_median_s",
                   "median_ratio", "ours_max_s", "peer_max_s", "max_ratio", "ours_peak_mb",
                   "peer_failed")


def grid_text(path: Path, genre: str) -> str | None:
    """The instance as puzzlekit reads it: the text grid without the comment lines before
    its size line; None for another form (a puzz.link address, a Tatham game ID, a row
    of a grid without its size line), whose first line is not the genre's size line."""
    from pyasp_runner.genres.readers.textgrid import size_line_fields
    from pyasp_runner.puzzles import registry

    text = uncommented(path)
    first = text.split("\n", 1)[0]
    header = registry()[genre].genre.header
    if not first or not all(word.isdigit() for word in first.split()) \
            or size_line_fields(first, header) is None:
        return None
    return text


def uncommented(path: Path) -> str:
    """The file's text without the blank and comment lines before its first line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        lines.pop(0)
    return "\n".join(lines) + "\n"


def abc_text(path: Path) -> str | None:
    """An Easy as ABC instance (in any form we read) in puzzlekit's layout: `R C k` (the
    last letter), the letters above, below, left and right, the cells, lower case, `-`
    for none; None for what that layout cannot state (the diagonal variant, a cell given
    empty)."""
    from pyasp_runner.puzzles import registry

    read = registry()["abc"].parse(path.read_text(encoding="utf-8"), path.name).data
    if read.params.get("diagonals") or read.unshaded:
        return None
    count = read.params.get("letters", read.cols - 2)
    assert isinstance(count, int)

    def letter(value: int | None) -> str:
        return "-" if value is None else chr(ord("a") + value - 1)

    lines = [f"{read.rows} {read.cols} {letter(count)}"]
    for side, length in (("top", read.cols), ("bottom", read.cols), ("left", read.rows),
                         ("right", read.rows)):
        lines.append(" ".join(letter(read.outside.get((side, i), (None,))[0])
                              for i in range(1, length + 1)))
    lines += [" ".join(letter(read.numbers.get((r, c))) for c in range(1, read.cols + 1))
              for r in range(1, read.rows + 1)]
    return "\n".join(lines) + "\n"


# A genre whose instances are in forms puzzlekit does not read: each one it can state, as
# it reads it (the same puzzle: both sides solve it).
PEER_TEXT = {"abc": abc_text}


def instances(genre: str) -> list[tuple[Path, str]]:
    """The genre's instances in the plain text grid; for a genre that has none (its
    files are in the grid layouts, CSV and the like), every instance; for a genre of
    `PEER_TEXT`, every one puzzlekit's layout can state, in that layout."""
    folder = ROOT / "instances" / genre
    if genre in PEER_TEXT:
        stated = [(path, PEER_TEXT[genre](path)) for path in sorted(folder.glob("*.txt"))]
        return [(path, text) for path, text in stated if text is not None]
    found = []
    for path in sorted(folder.glob("*.txt")):
        text = grid_text(path, genre)
        if text is not None:
            found.append((path, text))
    return found or [(path, path.read_text(encoding="utf-8"))
                     for path in sorted(folder.iterdir())
                     if path.is_file() and not path.name.endswith(".expected.json")]


def grid_size(genre: str, path: Path, text: str) -> str:
    """ROWSxCOLS of the instance, as the genre reads it."""
    from pyasp_runner.puzzles import registry

    read = registry()[genre].parse(text, path.name).data
    return f"{read.rows}x{read.cols}"


def peer(name: str, path: str) -> None:
    """The peer itself, in a child: puzzlekit's solver on the instance's text grid; exit 0
    when it found a solution, 1 when not (its time limit, or no solution)."""
    import puzzlekit

    text = uncommented(Path(path))  # a plain text grid, as `instances` chose or wrote it
    result = puzzlekit.solve(text, name, solver_options={"time_limit_sec": PEER_LIMIT_S})
    sys.exit(0 if result.is_solved else 1)


def compare(genre: str, rounds: int) -> list[dict[str, Any]]:
    import tempfile

    encoding = str(ROOT / "asp" / f"{genre}.lp")
    rows = []
    folder = Path(tempfile.mkdtemp(prefix="genres-bench-"))
    for path, text in instances(genre):
        name = PUZZLEKIT[genre]
        runs = {"ours": lambda path=path: measure(encoding, path)}
        given = path
        if genre in PEER_TEXT:  # the peer reads the same puzzle in its own layout
            given = folder / path.name
            given.write_text(text, encoding="utf-8")
        if name is not None:
            runs["peer"] = lambda given=given, name=name: run_peer(
                [PUZZLEKIT_PYTHON, __file__, "--peer", name, str(given)])
        done = alternated(runs, rounds)
        ours, other = done["ours"], done.get("peer")
        row = {"instance": path.name, "size": grid_size(genre, path, text),
               "status": ours.get("status"), "unique": ours.get("unique"),
               "ours_s": ours["wall_s"], "ours_cpu_s": ours["cpu_s"], "ours_mb": ours["peak_mb"],
               "peer_s": None, "peer/ours": None, "peer_cpu_s": None, "peer_mb": None,
               "peer_status": "no peer"}
        if other is not None:
            row.update({"peer_s": other["wall_s"], "peer/ours": other["wall_s"] / ours["wall_s"],
                        "peer_cpu_s": other["cpu_s"], "peer_mb": other["peak_mb"],
                        "peer_status": "solved" if other["exit"] == 0 else "not solved"})
        rows.append(row)
    return rows


def summary(genre: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    ours = [row["ours_s"] for row in rows]
    theirs = [row["peer_s"] for row in rows if row["peer_s"] is not None]
    ours_median = statistics.median(ours)
    out = {"genre": genre, "instances": len(rows),
           "unique": sum(row["unique"] is True for row in rows),
           "ours_median_s": ours_median, "peer_median_s": None, "median_ratio": None,
           "ours_max_s": max(ours), "peer_max_s": None, "max_ratio": None,
           "ours_peak_mb": max(row["ours_mb"] for row in rows),
           "peer_failed": "no puzzlekit solver"}
    if theirs:
        peer_median = statistics.median(theirs)
        out.update({"peer_median_s": peer_median, "median_ratio": peer_median / ours_median,
                    "peer_max_s": max(theirs), "max_ratio": max(theirs) / max(ours),
                    "peer_failed": sum(row["peer_status"] != "solved" for row in rows)})
    return out


def write_doc(table: str, caption: str) -> None:
    """The summary rows of the genres measured now, in docs/genres.md's table between its
    marks: a genre measured before and not now keeps its row (and the caption says which
    run each row is from)."""
    text = DOC.read_text(encoding="utf-8")
    before, _, rest = text.partition(START)
    old, _, after = rest.partition(END)
    head, rows = _table(table)
    _, kept = _table(old)
    order = [*PUZZLEKIT, *sorted(set(kept) - set(PUZZLEKIT))]
    merged = {**kept, **rows}
    lines = [*head, *(merged[genre] for genre in order if genre in merged)]
    captions = [line for line in old.splitlines() if line.startswith("- ")]
    captions = [line for line in captions if not line.startswith(f"- {caption.split(':')[0]}:")]
    body = "\n".join(lines) + "\n\n" + "\n".join([*captions, f"- {caption}"]) + "\n"
    DOC.write_text(f"{before}{START}\n{body}{END}{after}", encoding="utf-8")


def _table(text: str) -> tuple[list[str], dict[str, str]]:
    """A markdown table's header lines, and its rows by their first cell."""
    head: list[str] = []
    rows: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        first = line.strip("|").split("|")[0].strip()
        if first == "genre" or set(first) <= {"-"}:
            head.append(line)
        else:
            rows[first] = line
    return head[:2], rows


def main() -> None:
    if sys.argv[1:2] == ["--peer"]:
        peer(sys.argv[2], sys.argv[3])
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("genres", nargs="*", default=list(PUZZLEKIT))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--write-doc", action="store_true")
    args = parser.parse_args()
    summaries = []
    for genre in args.genres:
        started = time.perf_counter()
        rows = compare(genre, args.rounds)
        print_table(rows, ROW_COLUMNS,
                    title=f"{genre} ({time.perf_counter() - started:.0f} s to measure)")
        summaries.append(summary(genre, rows))
    print_table(summaries, SUMMARY_COLUMNS, title=f"Per genre, wall time · {machine()}")
    if args.write_doc:
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            print_table(summaries, SUMMARY_COLUMNS)
        caption = (f"{', '.join(args.genres)}: {machine()}, {args.rounds} alternated "
                   f"round(s) a side, medians, load average {os.getloadavg()[0]:.1f} at the end")
        write_doc(out.getvalue(), caption)

if __name__ == "__main__":
    main()
