"""Resource ceilings (issue 21): what would take more than 4 GiB or 60 s is refused before
grounding by a size measure that covers what drives grounding (ranges, alphabets,
identical stones, empty cells), answers kept stay within memory, and running out of the
address space is one line and exit 7. benchmarks/hardening.py measures the largest
instances under each limit; these tests use inputs over the limits, which are refused at
once, and check that every real instance stays under them."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import INSTANCES, ROOT

from pyasp_runner import runner
from pyasp_runner.cli import main
from pyasp_runner.puzzles import registry

SHARED = ROOT.parent / "shared" / "benchmarks"


def _board(side: int, blank: str = "_") -> str:
    return "\n".join([",".join([blank] * side)] * side) + "\n"


def _signpost_snake(side: int) -> str:
    """Arrows along a boustrophedon path, only 1 and the last number given."""
    cells = []
    for row in range(side):
        for col in range(side):
            forward = row % 2 == 0
            arrow = "e" if col == (side - 1 if forward else 0) else ("c" if forward else "g")
            number = row * side + (col if forward else side - 1 - col) + 1
            cells.append((str(number) if number in (1, side * side) else "") + arrow)
    return f"{side}x{side}:" + "".join(cells) + "\n"


def _random_bytes(count: int) -> str:
    rng = random.Random(count)
    return ", ".join(f"0x{rng.randrange(256):02x}" for _ in range(count)) + "\n"


# Each found over 4 GiB or 60 s (issues 21 and 27), and the measure that refuses it.
OVER = {
    "checkerboard-20x20-dominoes": ("checkerboard", "board: 20x20\n" + "\n=\n".join(
        ["B,W"] * 200) + "\n", "placements and order checks"),
    "checkerboard-22x22-monominoes": ("checkerboard", "board: 22x22\n" + "\n=\n".join(
        ["B", "W"] * 242) + "\n", "placements and order checks"),
    "equation-range-of-two-million": ("equation", "range: -1000000..1000000\n_ = _\n=\n_\n",
                                      "cell values and operand combinations"),
    "equation-open-product": ("equation", "range: 1..40000\n_ * _ = _\n=   =\n_   _\n",
                              "cell values and operand combinations"),
    "hidoku-empty-30x30": ("hidoku", _board(30), "candidate cell-number pairs"),
    "hidoku-empty-44x44": ("hidoku", _board(44), "candidate cell-number pairs"),
    "rc4-2000-bytes-printable-alphabet": ("rc4", "alphabet: [ -~]\n" + _random_bytes(2000),
                                          "character choices and pairs"),
    # Issue 27: a 31x31 snake grounds in 40 s and 171 MB, and solves; these do not.
    "signpost-40x40-snake": ("signpost", _signpost_snake(40), "number-successor checks"),
    "signpost-26x26-no-numbers": ("signpost", "26x26:" + ("c" * 25 + "e") * 25 + "c" * 25
                                  + "a\n", "number-successor checks"),
}


@pytest.mark.parametrize("case", OVER)
def test_inputs_over_the_resource_ceilings_are_refused_before_grounding(capsys, tmp_path,
                                                                        monkeypatch, case):
    puzzle, text, unit = OVER[case]
    path = tmp_path / f"{case}.txt"
    path.write_text(text)

    grounded = runner.ground

    def never(*args, **kwargs):
        # A genre's measuring part (`max-size LIMIT PART`) is grounded alone, with the
        # facts in a part of their own: that counts what the rules would ground.
        if kwargs.get("base", args[5] if len(args) > 5 else "base") == "base":
            raise AssertionError("grounding started")
        return grounded(*args, **kwargs)

    monkeypatch.setattr(runner, "ground", never)
    assert main([puzzle, str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(path) in err, err
    assert unit in err and "above the limit" in err and "--force" in err, err


def _sizes(puzzle: str, paths: list[Path]) -> list[tuple[Path, int]]:
    found = registry()[puzzle]
    sized = [(path, found.size_of(found.parse(path.read_text(encoding="utf-8-sig"),
                                              str(path)))) for path in paths]
    return [(path, size[0]) for path, size in sized if size is not None]


def test_every_instance_is_within_its_puzzles_limit():
    for name, puzzle in registry().items():
        if puzzle.max_size is None:
            continue
        files = [p for p in (INSTANCES / name).iterdir()
                 if p.is_file() and not p.name.endswith(".json")]
        for path, size in _sizes(name, files):
            assert size <= puzzle.max_size, (path, size)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared public benchmarks are not beside "
                    "this checkout")
def test_every_public_benchmark_file_is_within_its_puzzles_limit():
    checked = 0
    for folder in SHARED.iterdir():
        if not folder.is_dir() or folder.name not in registry():
            continue
        puzzle = registry()[folder.name]
        files = [p for p in folder.rglob("*") if p.is_file() and p.suffix in (".txt", ".non")
                 and p.name != "SURVEY-TIMINGS.txt"]  # a table of timings, no puzzle
        for path, size in _sizes(folder.name, files):
            assert puzzle.max_size is not None and size <= puzzle.max_size, (path, size)
            checked += 1
    assert checked >= 10


def test_sparse_hidoku_boards_are_measured_by_their_candidates_not_their_area():
    # A 30x30 path numbered in rows, every 10th number given: far fewer candidate pairs
    # than an empty 30x30 (810,000), so the board is accepted.
    side = 30
    rows = [[str(r * side + (c if r % 2 == 0 else side - 1 - c) + 1) for c in range(side)]
            for r in range(side)]
    text = "\n".join(",".join(v if int(v) % 10 == 1 or int(v) == side * side else "_"
                              for v in row) for row in rows) + "\n"
    hidoku = registry()["hidoku"]
    size, _ = hidoku.size_of(hidoku.parse(text, "sparse.csv"))
    assert size <= hidoku.max_size < side ** 4


def test_the_size_measures_count_what_the_encodings_ground():
    # hidoku's measure is the encoding's own candidate count, exactly.
    import clingo

    from pyasp_runner.puzzle import facts_text

    hidoku = registry()["hidoku"]
    # The Define section and the Pruning block (where the candidates are), not the search.
    text = (ROOT / "asp" / "hidoku.lp").read_text()
    pruning = "% Pruning" + text.split("% Pruning")[1].split("% Redundant")[0]
    rules = text.split("% Generate")[0] + pruning
    for path in sorted((INSTANCES / "hidoku").glob("*.csv")):
        instance = hidoku.parse(path.read_text(), str(path))
        ctl = clingo.Control(["--warn=none"])
        ctl.add("base", [], rules + facts_text(instance.facts))
        ctl.ground([("base", [])])
        grounded = len(list(ctl.symbolic_atoms.by_signature("candidate", 3)))
        assert hidoku.size_of(instance)[0] == grounded, path


def test_answers_kept_stay_within_memory_and_the_rest_are_counted(capsys, monkeypatch):
    # Listing every answer keeps answers up to a budget of symbols, and counts the rest.
    monkeypatch.setattr(runner, "MAX_KEPT_SYMBOLS", 20)
    path = str(INSTANCES / "checkerboard" / "dominoes-4x4.txt")
    assert main(["checkerboard", path, "-n", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["complete"] and data["count"] > len(data["solutions"]) >= 1
    assert main(["checkerboard", path, "-n", "0"]) == 0
    out = capsys.readouterr().out
    assert f"the first {len(data['solutions'])} shown" in out and "all shown" not in out


def test_running_out_of_memory_while_preparing_the_search_is_exit_seven(tmp_path):
    # clasp runs out of memory translating a count over 20,000 atoms into normal rules;
    # the Control it leaves must not be freed (that crashed the process after the message).
    encoding = tmp_path / "slow-preparation.lp"
    encoding.write_text((ROOT / "asp" / "jodici.lp").read_text()
                        + "{ big(1..20000) }. :- #count{ X : big(X) } < 10000.\n")
    done = subprocess.run([sys.executable, "-m", "pyasp_runner", "jodici",
                           str(INSTANCES / "jodici" / "1.csv"), "--encoding", str(encoding),
                           "--clingo-arg=--trans-ext=all", "--memory-limit", "0.5",
                           "--time-limit", "200"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 7, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "out of memory while solving" in lines[0], done.stderr


def test_running_out_of_memory_is_one_line_and_exit_seven(tmp_path):
    path = tmp_path / "empty.csv"
    path.write_text(_board(30))
    done = subprocess.run([sys.executable, "-m", "pyasp_runner", "hidoku", str(path), "--force",
                           "--memory-limit", "0.5", "--time-limit", "120"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 7, done.stderr
    # The empty board is said to be beyond reach before it starts (a note), then the error.
    lines = [line for line in done.stderr.strip().splitlines()
             if not line.startswith("solve-asp: note: ")]
    assert len(lines) == 1 and "out of memory while grounding" in lines[0], done.stderr
    assert "0.5 GiB" in lines[0] and "Traceback" not in done.stderr
