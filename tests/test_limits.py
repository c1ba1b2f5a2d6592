"""Size limits that refuse nothing real (issue 27): the largest public instance of each
puzzle is accepted, the cases found refused are accepted, the size measures count what
the encodings ground, and a search known to be out of reach is said to be before it
starts. Their times and memory are measured in benchmarks/public_ceilings.py, not here."""

from __future__ import annotations

import json
import subprocess
import sys

import clingo
import pytest
from checkers import checker
from conftest import INSTANCES, ROOT

from pyasp_runner.errors import InputError
from pyasp_runner.facts import facts_text
from pyasp_runner.puzzles import GenrePuzzle, registry, signpost
from pyasp_runner.session import Settings
from pyasp_runner.session.loading import load
from pyasp_runner.session.making import generation_note

PUBLIC = ROOT / "benchmarks" / "data" / "public"

# Per puzzle, the largest public instances: loaded with the size check of a solve.
LARGEST = {
    "abc": [INSTANCES / "abc" / "janko-480-8x8.txt"],
    "checkerboard": [INSTANCES / "checkerboard" / "taylorjg-draughtboard.txt"],
    "countdown": [INSTANCES / "countdown" / "episode-952.txt"],
    "equation": [INSTANCES / "equation" / "division.txt"],
    "flower": [INSTANCES / "flower" / "original.txt"],
    "hidoku": [INSTANCES / "hidoku" / "janko-014.txt", INSTANCES / "hidoku" / "genius-200.txt"],
    "jodici": [INSTANCES / "jodici" / "1.csv"],
    "magic": [INSTANCES / "magic" / "8x8-third.csv", PUBLIC / "magic-agrippa-moon-9x9-third.csv"],
    "nonogram": [INSTANCES / "nonogram" / "tatham-30x30.txt"],
    "rc4": [INSTANCES / "rc4" / "gettysburg.txt"],
    "signpost": [INSTANCES / "signpost" / "tatham-20x20.txt",
                 INSTANCES / "signpost" / "tatham-25x25.txt",
                 PUBLIC / "signpost-tatham-25x25c.txt", PUBLIC / "signpost-tatham-30x30.txt"],
    "skyscrapers": [INSTANCES / "skyscrapers" / "tatham-9x9-extreme.txt"],
}
# A genre's limit counts cells (its header's max-size): its largest shipped instances, the
# largest public boards of its collections, each accepted too.
LARGEST |= {name: sorted((INSTANCES / name).glob("*.txt"), key=lambda p: p.stat().st_size)[-2:]
            for name, puzzle in registry().items() if isinstance(puzzle, GenrePuzzle)}


def _loaded(puzzle: str, path_or_text, source: str = "x"):
    text = path_or_text.read_text(encoding="utf-8-sig") if hasattr(path_or_text, "read_text") \
        else path_or_text
    return load(puzzle, text, source=source, settings=Settings())


def test_every_puzzle_has_its_largest_public_instances_listed():
    assert set(LARGEST) == set(registry())


@pytest.mark.parametrize("puzzle", sorted(LARGEST))
def test_the_largest_public_instances_are_accepted_without_a_note(puzzle):
    for path in LARGEST[puzzle]:
        loaded = _loaded(puzzle, path, str(path))  # refused: InputError
        assert not any("beyond what is known" in note for note in loaded.notes), path


def _with_range(name: str, low: int, high: int) -> str:
    lines = [line for line in (INSTANCES / "equation" / name).read_text().splitlines()
             if not line.startswith(("#", "range:"))]
    return "\n".join([f"range: {low}..{high}", *lines]) + "\n"


@pytest.mark.parametrize(("puzzle", "text"), [
    ("signpost", (INSTANCES / "signpost" / "tatham-20x20.txt").read_text()),
    ("signpost", (INSTANCES / "signpost" / "tatham-25x25.txt").read_text()),
    ("equation", _with_range("reference.txt", -300, 300)),
    ("equation", _with_range("reference.txt", -500, 500)),
    ("equation", _with_range("crossmath.txt", 1, 300)),
])
def test_what_issue_27_found_refused_is_accepted(puzzle, text):
    _loaded(puzzle, text)


@pytest.mark.parametrize("name", ["tatham-20x20.txt", "tatham-25x25.txt"])
def test_tathams_large_signposts_solve_through_the_command_without_force(name):
    # Game IDs of 20x20 and 25x25 from Tatham's own generator (refused before issue 27).
    path = INSTANCES / "signpost" / name
    data = _solve_json("signpost", path.read_text())
    assert data["status"] == "solved" and data["unique"] is True
    checker("signpost").check(path.read_text(), data["solutions"][0])


def test_crossmath_over_a_wide_range_solves_within_32_bits():
    # The 32-bit guard counts what the encoding computes: 9 / _ * _ at 1..300 stays
    # below 27 M (it was refused as 8.1e9).
    text = _with_range("crossmath.txt", 1, 300)
    data = _solve_json("equation", text)
    assert data["status"] == "solved" and data["unique"] is True
    checker("equation").check(text, data["solutions"][0])


def test_the_32_bit_guard_is_exact_at_its_edge():
    # 46340**2 + 6 fits in 32 bits and every answer is right; 46341**2 does not fit.
    text = "range: 1..46340\n_ * _ = 6\n= =\n_ _\n"
    data = _solve_json("equation", text, "-n", "0")
    assert data["count"] == 4 and data["complete"]
    for solution in data["solutions"]:
        checker("equation").check(text, solution)
    with pytest.raises(InputError, match="32-bit"):
        registry()["equation"].parse(text.replace("46340", "46341"), "edge.txt")


def _solve_json(puzzle: str, text: str, *options: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "pyasp_runner", puzzle, "-", *options,
                           "--json"], input=text, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_signpost_measure_counts_the_candidates_the_encoding_grounds():
    found = registry()["signpost"]
    # The Define section and the Pruning block (where the candidates are), not the search.
    text = (ROOT / "asp" / "signpost.lp").read_text()
    pruning = "% Pruning" + text.split("% Pruning")[1].split("% Redundant")[0]
    rules = text.split("% Generate")[0] + pruning
    paths = [*sorted((INSTANCES / "signpost").glob("*.txt")),
             PUBLIC / "signpost-tatham-25x25c.txt"]
    for path in paths:
        instance = found.parse(path.read_text(), str(path))
        ctl = clingo.Control(["--warn=none"])
        ctl.add("base", [], rules + facts_text(instance.facts))
        ctl.ground([("base", [])])
        grounded = len(list(ctl.symbolic_atoms.by_signature("candidate", 3)))
        assert sum(cells.bit_count() for cells in signpost.candidates(instance)) == grounded, \
            path


def _signpost_with_share(share: float, seed: int) -> str:
    """Tatham's 20x20 with only a share of its solution's numbers given."""
    import random

    path = INSTANCES / "signpost" / "tatham-20x20.txt"
    game_id = path.read_text().splitlines()[-1]
    params, _, desc = game_id.partition(":")
    arrows = [char for char in desc if char.isalpha()]
    grid = json.loads(path.with_name("tatham-20x20.expected.json").read_text())[
        "solutions"][0]["grid"]
    numbers = [n for row in grid for n in row]
    kept = set(random.Random(seed).sample(range(400), int(400 * share)))
    return params + ":" + "".join((str(numbers[i]) if i in kept else "") + arrow
                                  for i, arrow in enumerate(arrows))


def _note(puzzle: str, text: str) -> str | None:
    found = registry()[puzzle]
    return found.reach(found.parse(text, "x"))


def test_open_boards_get_the_note_and_clued_ones_do_not():
    assert "beyond what is known to finish" in _note("signpost", _signpost_with_share(0.3, 30))
    assert _note("signpost", _signpost_with_share(0.5, 50)) is None
    sparse = (ROOT / "benchmarks" / "data" / "hidoku-sparse" / "20x20-5pct-random-1.csv")
    assert "candidate numbers per cell" in _note("hidoku", sparse.read_text())
    spread = sparse.with_name("30x30-15pct-spread-1.csv")
    assert _note("hidoku", spread.read_text()) is None


def _random_non(side: int, seed: int) -> str:
    import random

    rng = random.Random(seed)
    grid = [[rng.randrange(2) for _ in range(side)] for _ in range(side)]

    def runs(line) -> str:
        found = [len(run) for run in "".join(map(str, line)).split("0") if run]
        return ",".join(map(str, found)) or "0"
    return "\n".join([f"width {side}", f"height {side}", "rows", *map(runs, grid),
                      "columns", *(runs(col) for col in zip(*grid, strict=True))]) + "\n"


def test_a_random_nonogram_larger_than_60x60_gets_the_note_a_picture_does_not():
    assert "settle a cell by themselves" in _note("nonogram", _random_non(150, 150))
    assert _note("nonogram", _random_non(50, 50)) is None  # 1.3 s
    picture = (INSTANCES / "nonogram" / "tatham-30x30.txt").read_text()
    assert _note("nonogram", picture) is None


def test_generating_out_of_reach_is_said_before_starting():
    assert "beyond what is known" in generation_note("magic", "8")
    assert generation_note("magic", "5") is None
    assert "beyond what is known" in generation_note("hidoku", "40")
    assert generation_note("hidoku", "30") is None
    assert generation_note("jodici") is None


def test_the_note_comes_first_on_standard_error_and_the_time_limit_holds():
    done = subprocess.run([sys.executable, "-m", "pyasp_runner", "signpost",
                           _signpost_with_share(0.3, 30), "--time-limit", "2"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 4, done.stderr
    first = done.stderr.splitlines()[0]
    assert first.startswith("solve-asp: note: <argument>: its given numbers leave") and \
        "--time-limit stops it" in first, done.stderr
    made = subprocess.run([sys.executable, "-m", "pyasp_runner", "generate", "magic",
                           "--size", "8", "--time-limit", "2"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert made.returncode == 4 and made.stderr.startswith("solve-asp: note: "), made.stderr
    # What it was doing when stopped: the random square, or the clues dropped so far.
    assert "stopped (time limit reached) while " in made.stderr.splitlines()[-1], made.stderr


def test_generating_a_large_path_puzzle_is_not_refused_by_its_empty_board():
    # The empty 30x30 measures 810,000 candidate pairs, but generate grounds only boards
    # with most of its random path given: stopped by the time limit, not refused.
    done = subprocess.run([sys.executable, "-m", "pyasp_runner", "generate", "hidoku",
                           "--size", "30", "--seed", "1", "--time-limit", "1"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 4 and "above the limit" not in done.stderr, done.stderr
