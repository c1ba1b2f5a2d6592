"""Hardening: feed the real `solve-asp` bad and odd inputs and tabulate how it ends.

    python benchmarks/hardening.py [--jobs N] [--ceilings] [PUZZLE ...]

For every puzzle (or the puzzles named) the inputs are made from its real instance files
under instances/: an empty file, only comment lines, every instance with CRLF line ends
(and one with a UTF-8 byte-order mark; these must still solve with the exit code of
their .expected.json), tabs instead of commas and spaces, truncation at 1/4, 1/2 and
3/4, a field removed and one added, huge numbers (10**30, and 5,000 digits), a negative
number, non-UTF-8 bytes (Latin-1 bytes, UTF-16), random binary data and text with NUL
bytes, a missing file, an over-long and an empty argument, and injection texts (a line
of their own, and appended to a line); a directory is a collection (docs/collections.md):
an empty one and one with only files an audit skips are refused with one line, one with
instance copies and a bad file is audited (a JSON line per file, checked). The mutations
take the instance files in turn, so the puzzles' different formats all get some; edits
go to data lines, not to free-text metadata. Then oversize inputs that must be refused
before grounding (each run with `--time-limit 3` as a safety net, which a refusal never
reaches), the same with `--force --time-limit 2` (the time limit must then stop the
grounding or the search's preparation: exit 4; any run past its --time-limit by more
than 10 s, or a quarter of it, is reported), and edited copies of asp/jodici.lp with
instances/jodici/1.csv (letters outside ASCII in a rule, a string, a comment or an
included file among them). Then the hostile inputs of issue 27: a `-c` value outside
ASCII, countdown numbers whose product passes 2^31 (160 hundreds; a million ones under
`--time-limit 2`), a nonogram line of 500 runs (solved and checked), `--trace` with an
output of the answer, `--svg` or `--trace` naming the puzzle file (which must stay as
it was), `--memory-limit 0.01` (exit 7), options in other scripts' digits, `--svg
/dev/full` (exit 5), a `--resume` file another run holds locked (refused, not written)
and one inside the audited directory (not read as a puzzle).

Every run is a child process, N at a time (default 2: the machine is shared; the
ceilings below one at a time, alone), started as `python -m pyasp_runner` (as a user
would run it), with `--time-limit 10` (HARDENING_TIME_LIMIT_S) unless the case sets its
own, and killed at 60 s (a hang: the time limit did not hold). Per run: exit code, a
"Traceback" in its output (never allowed), whether an error (exit 2 or 3) is one line
whose first line names the input file (or, for an inline puzzle, `<argument>`) or the
encoding, the wall time and the child's peak resident memory (`peak_mb`, from wait4:
memory stays bounded).
Printed: a table per puzzle and one per category (`multi_line` counts errors that are
not such a line: for exit 2 more than one line, for exit 2 and 3 a first line that
does not name the input), the oversize and encoding runs one by one, then the surprising
outcomes (a traceback, an exit code outside 0/1/2/3/4/130, a crash signal, a child that
hit the timeout, an oversize input that was not refused) and the other outcomes worth a
look (an exit code other than the one its category calls for, an error message that is
not one line). Every run that does not check its own output is made with `--json`, and its answers
(solutions, or closest answers) are checked by the puzzle's independent checker in
tests/checkers/ (`checked`, `wrong`); `hangs` counts children killed at the timeout.

Then the resource ceilings: per puzzle the inputs found over 4 GiB or 60 s (now refused
before grounding: exit 2 at once) and the largest instances its size measure accepts
that an adversary can build (fewest givens, widest ranges and alphabets), each run alone
with `--time-limit 60` (HARDENING_CEILING_S) in an address space of 4 GiB: it must end
within the limit (solved, unsolvable, or stopped with what it found: 0, 1, 4) below
4 GiB. Then the largest public instance of each puzzle and the cases issue 27 found
refused, one at a time, with their size against the limit, time (wall and CPU) and
memory (benchmarks/public_ceilings.py). Last, 16 solves of each puzzle's reference
instance started together: their answers must be the same as alone; each child's peak
memory and their sum are shown. Takes about half an hour on a shared 2-core machine;
`--ceilings` runs only the resource ceilings and the public instances.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import public_ceilings
from bench import CHILD_ENV, COMMAND, ROOT, machine
from bench import print_table as _print_table

TIMEOUT_S = 60  # a child still running this long after its start is killed: a hang
# Every run without a time limit of its own gets this one (HARDENING_TIME_LIMIT_S), so
# that a slow mutated instance ends with exit 4 and what it found, not at the timeout.
INPUT_LIMIT_S = float(os.environ.get("HARDENING_TIME_LIMIT_S", "10"))
DOCUMENTED = (0, 1, 2, 3, 4, 5, 6, 7, 130, 143)
EXPECTED_EXIT = {"solved": 0, "closest": 0, "unsolvable": 1}
INJECTIONS = {
    "script": "). #script (python)",
    "constraint": ":- .",
    "quote": '"',
    "newline-in-string": '"a\nb"',
    "show": "#show.",
}
_SEPARATORS = re.compile(r"([,\s/]+)")
_DIGITS = re.compile(r"\d+")
# Free-text lines (janko.at and .non metadata, XML elements other than a clue line's,
# quoted strings): edits go to data lines.
_METADATA = re.compile(r'"|^\s*<(?!line>|count>)|^\s*(author|solver|source|info|unit|'
                       r'catalogue|title|by|copyright|license)\b', re.IGNORECASE)


@dataclass
class Case:
    """One command to run, and what its outcome should be."""

    puzzle: str
    category: str
    variant: str
    argument: str  # the INPUT argument: a path, or text for an inline puzzle
    options: tuple[str, ...] = ()
    expect: frozenset[int] | None = None  # None: any documented code is fine
    refuse: bool = False  # oversize: anything but a refusal (exit 2) is surprising
    names: tuple[str, ...] = ()  # what the first line of an error must name
    # A further check of the output (stdout, stderr) -> problems; see parser_cases.
    verify: Callable[[str, str], list[str]] | None = None
    # A directory as the input: a collection (its answers are JSON lines, not --json).
    collection: bool = False


@dataclass
class Outcome:
    case: Case
    code: int | None  # None: the child hit the timeout
    wall_s: float
    peak_mb: float  # the child's peak resident memory
    traceback: bool
    first_line: str
    lines: int
    problems: list[str] = field(default_factory=list)  # surprising
    remarks: list[str] = field(default_factory=list)  # worth a look
    checked: int = 0  # answers checked by tests/checkers (1 per run with answers)
    wrong: int = 0  # of them, answers a checker refused


# --- Making the inputs ---------------------------------------------------------------------

def instance_files(puzzle: str) -> list[Path]:
    """The puzzle's instances, the reference (or first) one first."""
    files = sorted(p for p in (ROOT / "instances" / puzzle).iterdir()
                   if p.is_file() and not p.name.endswith(".expected.json"))
    return sorted(files, key=lambda p: p.stem not in ("reference", "1"))


def expected_code(path: Path) -> int | None:
    expected = path.with_name(path.stem + ".expected.json")
    if not expected.exists():
        return None
    return EXPECTED_EXIT.get(json.loads(expected.read_text(encoding="utf-8")).get("status"))


def is_content(line: str) -> bool:
    return bool(line.strip()) and not line.lstrip().startswith("#")


# Sections that hold no clue (their edits cannot change the puzzle): a janko.at block's
# `solution` and `moves` (up to its next key), Gnonograms' free text, answer and player.
_SECTION = re.compile(r"^\s*(\[[^\]]+\]|begin|problem|solution|moves|end)\s*$", re.IGNORECASE)
_CLUELESS = {"solution", "moves", "[description]", "[license]", "[solution]",
             "[working grid]", "[state]"}


def clueless_lines(text: str) -> set[int]:
    """The indices of the lines inside a section that holds no clue."""
    found, inside = set(), False
    for index, line in enumerate(text.split("\n")):
        section = _SECTION.match(line)
        if section:
            inside = section[1].lower() in _CLUELESS
        elif inside:
            found.add(index)
    return found


def edit_line(text: str, pick, change) -> str:
    """`text` with the first data line for which `pick(line)` holds replaced by
    `change(line)` (or the first data line, if none)."""
    lines = text.split("\n")
    clueless = clueless_lines(text)
    content = [i for i, line in enumerate(lines) if is_content(line)
               and not _METADATA.search(line) and i not in clueless] or \
        [i for i, line in enumerate(lines) if is_content(line)]
    chosen = next((i for i in content if pick(lines[i])), content[0])
    lines[chosen] = change(lines[chosen])
    return "\n".join(lines)


def widest(text: str) -> int:
    """The most fields any content line has."""
    return max(len(_SEPARATORS.split(line.strip())[::2])
               for line in text.split("\n") if is_content(line))


def fields_edit(text: str, add: bool) -> str:
    """Remove (or duplicate) a middle field of the content line with the most fields."""
    most = widest(text)

    def change(line: str) -> str:
        parts = _SEPARATORS.split(line.strip())
        middle = (len(parts) // 4) * 2  # an even index: a field
        if add:
            separator = parts[middle + 1] if middle + 1 < len(parts) else " "
            return "".join([*parts[:middle + 1], separator, *parts[middle:]])
        return "".join(parts[:middle] + parts[middle + 2:]) if len(parts) > 1 else ""

    return edit_line(text, lambda line: len(_SEPARATORS.split(line.strip())[::2]) == most,
                     change)


def number_edit(text: str, replace, last: bool = False) -> str:
    """Replace the first (or last) number of the first data line with one; a line
    without any number gets its first field replaced."""

    def change(line: str) -> str:
        found = list(_DIGITS.finditer(line))
        if not found:
            head, *rest = _SEPARATORS.split(line, maxsplit=1)
            return replace(head) + "".join(rest)
        match = found[-1] if last else found[0]
        return line[:match.start()] + replace(match[0]) + line[match.end():]

    return edit_line(text, lambda line: bool(_DIGITS.search(line)), change)


def inline_puzzles() -> set[str]:
    """Puzzles that read an argument naming no file as the puzzle text itself."""
    from pyasp_runner.puzzles import registry

    return {name for name, puzzle in registry().items() if puzzle.spec.inline}


def after_first_line(text: str, inserted: str) -> str:
    return edit_line(text, lambda line: True, lambda line: f"{line}\n{inserted}")


def onto_first_line(text: str, appended: str) -> str:
    return edit_line(text, lambda line: True, lambda line: line + appended)


def mutations(puzzle: str, files: list[Path], rng: random.Random,
              ) -> Iterable[tuple[str, str, bytes | None, str | None, frozenset[int] | None]]:
    """(category, variant, file bytes or None, argument or None, expected exits)."""
    refused = frozenset({2})
    turn = iter(range(10_000))
    numbered = [path for path in files if any(
        _DIGITS.search(line) and is_content(line) and not _METADATA.search(line)
        for line in path.read_text(encoding="utf-8").split("\n"))] or files

    def base(numbers: bool = False) -> tuple[Path, str]:
        """The next instance file in turn (for a number edit: one with a number)."""
        among = numbered if numbers else files
        path = among[next(turn) % len(among)]
        return path, path.read_text(encoding="utf-8")

    yield "empty file", "0 bytes", b"", None, refused
    yield "comments only", "2 comment lines", b"# a comment\n  # another one\n\n", None, refused
    for path in files:
        raw = path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        yield "crlf", path.name, raw, None, frozenset({expected_code(path)})
    path = files[0]
    raw = b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n")
    yield "crlf", f"{path.name} +BOM", raw, None, frozenset({expected_code(path)})
    path, text = base()
    tabbed = "\n".join(re.sub(r",[ ]*|[ ]+", "\t", line.strip()) if is_content(line) else line
                       for line in text.split("\n"))
    yield "tabs", path.name, tabbed.encode(), None, None
    path, text = base()
    raw = text.encode()
    for quarter in (1, 2, 3):
        yield "truncated", f"{path.name} at {quarter}/4", raw[:len(raw) * quarter // 4], \
            None, None
    path, text = base()
    yield "field removed", path.name, fields_edit(text, add=False).encode(), None, None
    path, text = base()
    yield "field added", path.name, fields_edit(text, add=True).encode(), None, None
    path, text = base(numbers=True)
    yield "huge number", f"{path.name} 10**30", \
        number_edit(text, lambda _: str(10**30)).encode(), None, refused
    path, text = base(numbers=True)
    yield "huge number", f"{path.name} 5,000 digits", \
        number_edit(text, lambda _: "9" * 5000).encode(), None, refused
    path, text = base(numbers=True)
    yield "negative", path.name, \
        number_edit(text, lambda n: f"-{n}", last=True).encode(), None, None
    path, text = base()
    lines = text.encode().split(b"\n")
    content = next(i for i, line in enumerate(lines) if is_content(line.decode()))
    lines[content] += b" caf\xe9 \xff"
    yield "non-UTF-8", f"{path.name} Latin-1 bytes", b"\n".join(lines), None, refused
    yield "non-UTF-8", f"{path.name} UTF-16", text.encode("utf-16"), None, refused
    yield "binary", "4 KiB random", rng.randbytes(4096), None, refused
    path, text = base()
    yield "binary", f"{path.name} NUL bytes", \
        after_first_line(text, "\x00\x00 \x00").encode(), None, None
    yield "missing file", "no such file", None, "<missing>", refused
    yield "odd argument", "300 characters", None, "x" * 300, refused
    yield "odd argument", "empty string", None, "", refused
    for name, injected in INJECTIONS.items():
        path, text = base()
        # A line of its own starting with `#` is a comment line in every format.
        yield "injection", f"{path.name} {name} line", \
            after_first_line(text, injected).encode(), None, \
            None if injected.startswith("#") else refused
        path, text = base()
        yield "injection", f"{path.name} {name} appended", \
            onto_first_line(text, injected).encode(), \
            None, refused


def input_cases(puzzles: list[str], folder: Path) -> list[Case]:
    rng = random.Random(20240601)
    cases = []
    inline = inline_puzzles()
    for puzzle in puzzles:
        files = instance_files(puzzle)
        suffix = files[0].suffix
        for number, (category, variant, data, argument, expect) in enumerate(
                mutations(puzzle, files, rng)):
            if argument == "<missing>":
                argument = str(folder / f"{puzzle}-missing{suffix}")
            elif data is not None:
                path = folder / f"{puzzle}-{number:02d}{suffix}"
                path.write_bytes(data)
                argument = str(path)
            names = (argument[:60], "<argument>") if puzzle in inline else (argument[:60],)
            cases.append(Case(puzzle, category, variant, argument, expect=expect, names=names))
        cases += directory_cases(puzzle, files, folder / f"{puzzle}-directories")
    return cases


COLLECTION_SIZE = 3  # instance files copied into a directory audited as a collection


def directory_cases(puzzle: str, files: list[Path], folder: Path) -> list[Case]:
    """A directory as the input is a collection (docs/collections.md): one with nothing
    in it, and one with only what an audit skips (hidden files, a hidden directory,
    expected answers), are refused with one line naming it (exit 2); one holding copies
    of instances, a file that is not a puzzle and the files an audit skips is audited:
    one JSON line per puzzle file, each instance's status its .expected.json's, the bad
    file's line an error, the answers checked, the exit code the highest (2)."""
    empty, skipped, collection = folder / "empty", folder / "nothing to audit", \
        folder / "collection"
    for directory in (empty, skipped / ".hidden", collection / ".hidden"):
        directory.mkdir(parents=True)
    for directory in (skipped, collection):
        (directory / ".hidden" / files[0].name).write_bytes(files[0].read_bytes())
        (directory / ".notes.txt").write_text("not a puzzle\n")
        (directory / f"{files[0].stem}.expected.json").write_text("{}\n")
    expected: dict[str, str | None] = {}
    for path in files[:COLLECTION_SIZE]:
        (collection / path.name).write_bytes(path.read_bytes())
        answer = path.with_name(path.stem + ".expected.json")
        expected[str(collection / path.name)] = json.loads(answer.read_text(
            encoding="utf-8")).get("status") if answer.exists() else None
    bad = collection / f"zz-not-a-puzzle{files[0].suffix}"
    bad.write_bytes(b"\x00\x00 not a puzzle\n")
    expected[str(bad)] = "error"
    refused = frozenset({2})
    return [Case(puzzle, "directory", "empty", str(empty), expect=refused,
                 names=(str(empty),), collection=True),
            Case(puzzle, "directory", "nothing to audit", str(skipped), expect=refused,
                 names=(str(skipped),), collection=True),
            Case(puzzle, "directory", "a collection", str(collection),
                 ("--json-lines", "--jobs", "1"), expect=refused, names=(str(collection),),
                 collection=True, verify=collection_check(expected))]


def collection_check(expected: dict[str, str | None]) -> Callable[[str, str], list[str]]:
    """A verify hook for a directory audited as a collection: one JSON line per puzzle
    file (none for the files an audit skips), each with its expected status (None: any),
    the bad file's an error naming it."""

    def verify(stdout: str, stderr: str) -> list[str]:
        try:
            lines = [json.loads(line) for line in stdout.splitlines() if line.strip()]
        except ValueError:
            return ["collection: a --json-lines line is not JSON"]
        files = sorted(line.get("file", "?") for line in lines)
        if files != sorted(expected):
            return [f"collection: lines for {files}, expected {sorted(expected)}"]
        problems = []
        for line in lines:
            wanted = expected[line["file"]]
            if wanted is not None and line.get("status") != wanted:
                problems.append(f"collection: {Path(line['file']).name} is "
                                f"{line.get('status')}, expected {wanted}")
            if wanted == "error" and (line.get("exit_code") != 2
                                      or line["file"] not in line.get("error", "")):
                problems.append("collection: the bad file's line is not exit 2 naming it")
        return problems

    return verify


def oversize_cases(puzzles: list[str], folder: Path) -> list[Case]:
    """Inputs far beyond each puzzle's size limit, plain and with --force --time-limit 2."""
    made: list[tuple[str, str, str]] = []  # puzzle, variant, argument
    if "hidoku" in puzzles:
        for side in (500, 100):
            path = folder / f"hidoku-{side}x{side}.csv"
            path.write_text("\n".join([",".join(["_"] * side)] * side) + "\n")
            made.append(("hidoku", f"{side}x{side} empty grid", str(path)))
    if "nonogram" in puzzles:
        for runs in ("1.1.1.1.1", "1"):
            path = folder / f"nonogram-1000x1000-{runs}.txt"
            path.write_text("1000x1000:" + "/".join([runs] * 2000) + "\n")
            made.append(("nonogram", f"1000x1000, every line {runs}", str(path)))
    if "rc4" in puzzles:  # millions of rules; past grounding, clasp's long preparation
        path = folder / "rc4-1000-printable.txt"
        path.write_text("alphabet: [ -~]\n" + hex_bytes(1000))
        made.append(("rc4", "1,000 bytes, printable alphabet", str(path)))
    if "countdown" in puzzles:
        made.append(("countdown", "1..30 -> 500",
                     " ".join(str(n) for n in range(1, 31)) + " -> 500"))
        made.append(("countdown", "thirty 1s -> 500", " ".join(["1"] * 30) + " -> 500"))
    cases = []
    for puzzle, variant, argument in made:
        names = (argument[:60], "<argument>")
        cases.append(Case(puzzle, "oversize", variant, argument, ("--time-limit", "3"),
                          frozenset({2}), refuse=True, names=names))
        # A parser's hard limit (hidoku's 200 per side, countdown's 32-bit bound) still
        # refuses; what --force lets through must be stopped by the time limit.
        hard = variant.startswith(("500x500", "1..30"))
        cases.append(Case(puzzle, "oversize --force", variant, argument,
                          ("--force", "--time-limit", "2"),
                          frozenset({2}) if hard else frozenset({4}), names=names))
    return cases


def encoding_cases(folder: Path) -> list[Case]:
    """Edited copies of asp/jodici.lp, on the reference instance."""
    original = (ROOT / "asp" / "jodici.lp").read_text(encoding="utf-8")
    no_show = "\n".join(line for line in original.split("\n")
                        if not line.startswith("#show"))
    edits = {
        "syntax error": (original + "\nbroken(X :- value(X).\n", {3}, ()),
        "unsafe variable": (original + "\nunsafe(X) :- X > 1.\n", {3}, ()),
        # Without #show every atom is shown, the drawn ones too: it solves.
        "no #show section": (no_show, {0}, ()),
        "atoms of another shape": (original + "\nvalue(1,9,x).\n", {3}, ()),
        "never-ending grounding": (original + "\nn(1..3000).\n"
                                   "big(X,Y,Z) :- n(X), n(Y), n(Z), X+Y+Z = 4000.\n",
                                   {4}, ("--time-limit", "1")),
        # Its answer shows none of the atoms the puzzle draws: a bad encoding.
        "empty file": ("", {3}, ()),
        "not UTF-8 (in a comment)": (original + "\n% caf\xe9\n", {0}, ()),
        # clingo's lexer reads bytes: a letter outside ASCII where it reads tokens ended the
        # process (PANIC) before the encoding was read first (issue 27).
        "not UTF-8 (in a string)": (original + '\nlabel("caf\xe9").\n', {3}, ()),
        "a letter outside ASCII in a rule": (original + "\nwert(X) :- größe(X).\n", {3}, ()),
        "letters outside ASCII in a comment and a string": (
            original + '\n% Größe\nnote("größe").\n#show note/1.\n', {0}, ()),
        "a letter outside ASCII in an included file": (
            original + '\n#include "included.lp".\n', {3}, ()),
    }
    (folder / "included.lp").write_text("extra :- ärger.\n", encoding="utf-8")
    instance = str(ROOT / "instances" / "jodici" / "1.csv")
    cases = []
    for number, (variant, (text, expect, extra)) in enumerate(edits.items()):
        path = folder / f"enc{number}.lp"
        path.write_bytes(text.encode("latin-1" if variant.startswith("not UTF-8") else "utf-8"))
        cases.append(Case("jodici", f"encoding: {variant}", variant, instance,
                          ("--encoding", str(path), *extra), frozenset(expect),
                          names=(str(path), str(folder / "included.lp"))))
    for variant, path in (("missing", folder / "no-such.lp"), ("a directory", folder)):
        cases.append(Case("jodici", f"encoding: {variant}", variant, instance,
                          ("--encoding", str(path)), frozenset({2}), names=(str(path),)))
    return cases


# --- Hostile inputs of issue 27: each one line and its documented exit code -----------------

def round_three_cases(puzzles: list[str], folder: Path) -> list[Case]:
    """A -c value outside ASCII, numbers whose product has no float, a nonogram line of
    500 runs, outputs that contradict each other or overwrite an input, a memory limit
    too low to start, digits of other scripts in options, a picture that cannot be
    written, and --resume files (one locked by another run: see `LOCKED_RESUME`, one
    inside the audited directory)."""
    cases: list[Case] = []
    jodici = str(ROOT / "instances" / "jodici" / "1.csv")
    if "rc4" in puzzles:
        cases.append(Case("rc4", "options", "-c value outside ASCII",
                          str(ROOT / "instances" / "rc4" / "dickens.txt"),
                          ("-c", "space_cost=größe"), frozenset({2}), names=("-c",)))
    if "countdown" in puzzles:
        ones = folder / "countdown-ones.txt"
        ones.write_text(" ".join(["1"] * 1_000_000) + " -> 5\n")
        cases += [Case("countdown", "too large together", "160 hundreds",
                       " ".join(["100"] * 160) + " -> 5", (), frozenset({2}),
                       names=("<argument>",)),
                  Case("countdown", "too large together", "a million ones, --time-limit 2",
                       str(ones), ("--time-limit", "2"), frozenset({2}), names=(str(ones),))]
    if "nonogram" in puzzles:
        line = folder / "nonogram-999x1.txt"
        columns = [[1] if column % 2 else [] for column in range(1, 1000)]
        line.write_text(repr((columns, [[1] * 500])) + "\n")
        cases.append(Case("nonogram", "deep clue", "a line of 500 runs", str(line), (),
                          frozenset({0}), names=(str(line),)))
    if "jodici" not in puzzles:
        return cases
    copy = folder / "jodici-copy.csv"
    copy.write_text(Path(jodici).read_text())
    unchanged = raw_text_check("copy", "jodici", copy.read_text())
    options = [
        ("--trace - with --json", ("--trace", "-", "--json"), {2}, "--trace", None),
        ("--trace FILE with --svg -", ("--trace", str(folder / "t.jsonl"), "--svg", "-"),
         {2}, "--trace", None),
        ("--svg over the puzzle file", ("--svg", str(copy)), {2}, "--svg", unchanged),
        ("--trace over the puzzle file", ("--trace", str(copy)), {2}, "--trace", unchanged),
        ("--memory-limit 0.01", ("--memory-limit", "0.01"), {7}, "out of memory", None),
        ("--time-limit in Arabic-Indic digits", ("--time-limit", "\u0663"), {2},
         "--time-limit", None),
        ("--memory-limit in fullwidth digits", ("--memory-limit", "\uff13"), {2},
         "--memory-limit", None),
        ("--svg /dev/full", ("--svg", "/dev/full"), {5}, "/dev/full", None),
    ]
    for variant, argv, expect, named, verify in options:
        argument = str(copy) if verify is not None else jodici
        cases.append(Case("jodici", "options", variant, argument, argv, frozenset(expect),
                          names=(named,), verify=verify or (lambda out, err: [])))
    locked = folder / LOCKED_RESUME
    locked.write_text("")
    cases.append(Case("jodici", "--resume", "a file another run holds", jodici,
                      ("--resume", str(locked)), frozenset({2}), names=("--resume",),
                      verify=lambda out, err: [] if locked.read_text() == "" else
                      ["the locked --resume file was written"]))
    book = folder / "resume-book"
    book.mkdir()
    for name in ("1.csv", "several.csv"):
        (book / name).write_text((ROOT / "instances" / "jodici" / name).read_text())
    inside = book / "audit.jsonl"
    inside.write_text('{"type": "result", "file": "elsewhere.csv", "status": "solved"}\n')
    cases.append(Case("jodici", "--resume", "a file inside the audited directory", str(book),
                      ("--resume", str(inside), "--json-lines"), frozenset({0}),
                      collection=True, verify=lambda out, err: [
                          "the --resume file was read as a puzzle"
                          for line in out.splitlines()
                          if json.loads(line).get("file", "").endswith("audit.jsonl")]))
    return cases


# A --resume file the benchmark holds locked while it runs the cases, as a run resuming
# into it would: a case resuming into it must be refused.
LOCKED_RESUME = "locked-resume.jsonl"


# --- Numbers and names (issue 21): no silent wrong puzzle, no injection ------------------

# Standalone numbers of data lines: not inside a word, a hex byte or a Tatham run list.
_STANDALONE = re.compile(r"(?<![\w.])[0-9]+(?![\w.])")
UNICODE_DIGITS = {"superscript": "\u00b2", "Arabic-Indic": "\u0663", "fullwidth": "\uff13"}
HOSTILE_NAMES = {
    "newline": "a\nb",
    "escape sequences": "\x1b[2J\x1b]0;owned\x07x",
    "#script after a newline": "x\n#script (python)\nimport os\n#end.\ny",
    "carriage return": "c\rd",
    "right-to-left override": "r\u202etxt",
}


def fact_atoms(text: str) -> tuple[set[str], list[str]]:
    """The atoms of a facts text as clingo reads it, and what is not a plain fact."""
    import clingo

    control = clingo.Control(["--warn=none"])
    control.add("base", [], text)
    control.ground([("base", [])])
    atoms = {str(atom.symbol) for atom in control.symbolic_atoms}
    rules = [str(atom.symbol) for atom in control.symbolic_atoms if not atom.is_fact]
    return atoms, rules


def puzzle_atoms(puzzle: str, text: str) -> set[str]:
    from pyasp_runner.puzzles import registry

    return {str(symbol) for symbol in registry()[puzzle].parse(text, "original").facts}


def same_facts_check(expected: set[str], must_differ: bool) -> Callable[[str, str], list[str]]:
    """A verify hook for a --facts run: the facts must be `expected` (a variant of the
    puzzle), or, with `must_differ`, must not be (an edit that is not a variant)."""

    def verify(stdout: str, stderr: str) -> list[str]:
        if not stdout.strip():
            return []  # refused: the exit code and message are judged as usual
        try:
            atoms, rules = fact_atoms(stdout)
        except RuntimeError as error:
            return [f"wrong puzzle: the --facts output does not parse ({error})"]
        if rules:
            return [f"injection: the --facts output holds rules ({rules[:3]})"]
        if must_differ and atoms == expected:
            return ["wrong puzzle: an edited puzzle gave the original's facts"]
        if not must_differ and atoms != expected:
            return ["wrong puzzle: a padded puzzle gave other facts"]
        return []

    return verify


def raw_text_check(name: str, puzzle: str, original: str) -> Callable[[str, str], list[str]]:
    """A verify hook for a run on a file with a hostile name: the name is escaped in
    every line of output, and a --facts header keeps it inside its comment."""
    expected = puzzle_atoms(puzzle, original)

    def verify(stdout: str, stderr: str) -> list[str]:
        problems = []
        for stream, text in (("stdout", stdout), ("stderr", stderr)):
            if any(not line.isprintable() for line in text.splitlines()):
                problems.append(f"injection: a control character of the name on {stream}")
        if "% structure" in stdout:
            try:
                atoms, rules = fact_atoms(stdout)
            except RuntimeError as error:
                return [*problems, f"injection: the name broke the --facts output ({error})"]
            if rules or atoms != expected:
                problems.append("injection: the name became part of the facts")
        return problems

    return verify


def separator_doubled(text: str, separator: str) -> str | None:
    """`text` with the first separator of its first data line holding one doubled (None:
    no such line). The line is edited where it stands: a comment may quote it."""
    lines = text.split("\n")
    clueless = clueless_lines(text)
    for index, line in enumerate(lines):
        if (is_content(line) and not _METADATA.search(line) and index not in clueless
                and separator in line
                and not line.lower().startswith("alphabet")
                and "://" not in line):  # an address's host is free
            lines[index] = line.replace(separator, separator * 2, 1)
            return "\n".join(lines)
    return None


def parser_cases(puzzles: list[str], folder: Path) -> list[Case]:
    """Leading zeros (same facts), Unicode digits (refused), a doubled separator or an
    inserted digit (refused or other facts, never the same), a `.non` file short of a
    row (refused), and files with hostile names (escaped everywhere, --facts intact)."""
    cases: list[Case] = []
    inline = inline_puzzles()
    for puzzle in puzzles:
        for number, path in enumerate(instance_files(puzzle)):
            text = path.read_text(encoding="utf-8")
            try:
                expected = puzzle_atoms(puzzle, text)
            except Exception:  # an instance the parser refuses has nothing to compare
                continue
            names = (str(folder),) + (("<argument>",) if puzzle in inline else ())
            edits: list[tuple[str, str, str, bool | None]] = []
            if puzzle != "flower":  # flower's 0/1 are symbols, not numbers
                padded = "\n".join(line if not is_content(line) or _METADATA.search(line)
                                   else _STANDALONE.sub(lambda m: "00" + m[0], line)
                                   for line in text.split("\n"))
                if padded != text:
                    edits.append(("leading zeros", "every number 00-padded", padded, False))
            if _DIGITS.search(text):
                for label_, digit in UNICODE_DIGITS.items():
                    changed = number_edit(text, lambda n, d=digit: n[:-1] + d)
                    edits.append(("unicode digits", label_, changed, None))
                edits.append(("digit inserted", "a 7 inside a number",
                              number_edit(text, lambda n: n[:1] + "7" + n[1:]), True))
            # `..` is hidoku's run of blocked cells; rc4's alphabet is a set of characters.
            for separator in (",", "/") + ((".",) if puzzle != "hidoku" else ()):
                doubled = separator_doubled(text, separator)
                if doubled is not None:
                    edits.append(("separator doubled", repr(separator), doubled, True))
            if path.suffix == ".non":
                lines = text.split("\n")
                at = lines.index("rows") + 1 if "rows" in lines else None
                if at is not None:
                    short = "\n".join(lines[:at] + lines[at + 1:])
                    edits.append(("clue count", "a .non row line deleted", short, None))
            for index, (category, variant, changed, differ) in enumerate(edits):
                target = folder / f"{puzzle}-p{number:02d}-{index:02d}{path.suffix}"
                target.write_text(changed, encoding="utf-8")
                expect = frozenset({2}) if differ is None else None
                verify = None if differ is None else same_facts_check(expected, differ)
                cases.append(Case(puzzle, category, f"{path.name}: {variant}", str(target),
                                  ("--facts",), expect, names=names, verify=verify))
        path = instance_files(puzzle)[0]
        original = path.read_text(encoding="utf-8")
        for variant, hostile in HOSTILE_NAMES.items():
            directory = folder / f"{puzzle}-names"
            directory.mkdir(exist_ok=True)
            target = directory / f"{hostile}{path.suffix}"
            target.write_text(original, encoding="utf-8")
            for options in ((), ("--facts",)):
                cases.append(Case(puzzle, "hostile file name", f"{variant} {' '.join(options)}",
                                  str(target), options, frozenset({expected_code(path) or 0})
                                  if not options else frozenset({0}), names=(str(directory),),
                                  verify=raw_text_check(variant, puzzle, original)))
            broken = directory / f"{hostile}-bad{path.suffix}"
            broken.write_text("\x00 not a puzzle\n", encoding="utf-8")
            cases.append(Case(puzzle, "hostile file name", f"{variant}, refused", str(broken),
                              (), frozenset({2}), names=(str(directory),),
                              verify=raw_text_check(variant, puzzle, original)))
    return cases


# --- Resource ceilings: the largest instances the size checks accept ----------------------

CEILING_LIMIT_S = int(os.environ.get("HARDENING_CEILING_S", "60"))  # a ceiling run's --time-limit
CEILING_MEMORY = 4 * 2**30  # the address space a ceiling run may use (RLIMIT_AS)


def ceiling_inputs(folder: Path) -> list[tuple[str, str, str, bool]]:
    """(puzzle, what it is, argument, over): per puzzle the inputs issue 21 found over
    4 GiB or 60 s (`over`: now refused before grounding), and the largest instances an
    adversary can build under the size limit (fewest givens, widest ranges and
    alphabets, arrows across the board), found with the puzzle's own size measure."""
    made: list[tuple[str, str, str, bool]] = []

    def written(name: str, text: str) -> str:
        path = folder / name
        path.write_text(text)
        return str(path)

    def largest(puzzle: str, build: Callable[[int], str], low: int, high: int) -> int:
        """The largest n in low..high whose build(n) is within the puzzle's limit."""
        from pyasp_runner.errors import InputError
        from pyasp_runner.puzzles import registry

        size = registry()[puzzle].spec.size
        assert size is not None

        def within(n: int) -> bool:
            try:
                instance = registry()[puzzle].parse(build(n), "x")
            except InputError:  # refused by the parser (numbers beyond 32 bits, say)
                return False
            return size.measure(instance)[0] <= size.limit

        while low < high:
            middle = (low + high + 1) // 2
            low, high = (middle, high) if within(middle) else (low, middle - 1)
        return low

    def square(side: int, blank: str = "_") -> str:
        return "\n".join([",".join([blank] * side)] * side) + "\n"

    # Found over the limits (issue 21).
    dominoes = "\n=\n".join(["B,W"] * 200)
    made.append(("checkerboard", "20x20 board, 200 dominoes",
                 written("ceiling-cb-dominoes.txt", f"board: 20x20\n{dominoes}\n"), True))
    singles = "\n=\n".join(["B", "W"] * 242)
    made.append(("checkerboard", "22x22 board, 484 monominoes",
                 written("ceiling-cb-monominoes.txt", f"board: 22x22\n{singles}\n"), True))
    made.append(("equation", "one cell, range -1,000,000..1,000,000",
                 written("ceiling-eq-range.txt", "range: -1000000..1000000\n_ = _\n=\n_\n"),
                 True))
    for side in (30, 44):
        made.append(("hidoku", f"empty {side}x{side}",
                     written(f"ceiling-hidoku-{side}.csv", square(side)), True))
    made.append(("rc4", "2,000 bytes, printable alphabet",
                 written("ceiling-rc4-2000.txt", "alphabet: [ -~]\n" + hex_bytes(2000)), True))
    made.append(("signpost", "40x40 snake, only 1 and 1600 given", signpost_snake(40), True))
    made.append(("signpost", "26x26, no number given", "26x26:" + ("c" * 25 + "e") * 25
                 + "c" * 25 + "a", True))

    # The largest under the limits.
    made.append(("checkerboard", "8x7 board, 28 dominoes (identical stones)",
                 written("ceiling-cb-8x7.txt", "board: 8x7\n" + "\n=\n".join(["B,W"] * 28)
                         + "\n"), False))
    made.append(("checkerboard", "22x22 board, two stones of 22x10 and 22x12",
                 written("ceiling-cb-22.txt", "board: 22x22\n" + stone_rows(22, 10, 0)
                         + "\n=\n" + stone_rows(22, 12, 10) + "\n"), False))

    def sums(width: int) -> str:
        rows = []
        for row in range(9):
            rows.append(" + ".join(["_"] * 9) + " = _")
            if row < 8:
                rows.append(" ".join(["+"] * 9))
        return (f"range: 0..{width - 1}\n" + "\n".join(rows) + "\n" + " ".join(["="] * 9)
                + "\n" + " ".join(["_"] * 9) + "\n")

    width = largest("equation", sums, 10, 1_000_000)
    made.append(("equation", f"9x9 of sums, no givens, range 0..{width - 1}",
                 written("ceiling-eq-sums.txt", sums(width)), False))

    def product(width: int) -> str:
        return f"range: 1..{width}\n_ * _ = _\n=   =\n_   _\n"

    width = largest("equation", product, 10, 1_000_000)
    made.append(("equation", f"an open product, range 1..{width}",
                 written("ceiling-eq-product.txt", product(width)), False))
    rng = random.Random(64)
    disks = "\n".join(",".join(rng.choice("0001") for _ in range(176)) for _ in range(64))
    made.append(("flower", "64 disks of 176 positions",
                 written("ceiling-flower-64.txt", disks + "\n"), False))
    side = largest("hidoku", square, 2, 200)
    made.append(("hidoku", f"empty {side}x{side}",
                 written(f"ceiling-hidoku-{side}.csv", square(side)), False))
    for side in (10, 20):
        made.append(("magic", f"empty {side}x{side}",
                     written(f"ceiling-magic-{side}.csv", square(side)), False))
    for alphabet in ("", "alphabet: [ -~]\n"):
        count = largest("rc4", lambda n, a=alphabet: a + hex_bytes(n), 1, 20_000)
        made.append(("rc4", f"{count:,} bytes in one part, "
                     f"{'printable' if alphabet else 'default'} alphabet",
                     written(f"ceiling-rc4-{count}.txt", alphabet + hex_bytes(count)), False))
    for how in ("random", "across the board"):
        side = largest("signpost", lambda n, h=how: signpost_arrows(n, h), 2, 100)
        made.append(("signpost", f"{side}x{side}, arrows {how}, no number given",
                     signpost_arrows(side, how), False))
    return made


def hex_bytes(count: int) -> str:
    rng = random.Random(count)
    return ", ".join(f"0x{rng.randrange(256):02x}" for _ in range(count)) + "\n"


def stone_rows(width: int, height: int, first_row: int) -> str:
    """A rectangular stone cut from a chequered board at `first_row`."""
    return "\n".join(",".join("BW"[(first_row + r + c) % 2] for c in range(width))
                     for r in range(height))


def signpost_arrows(side: int, how: str) -> str:
    """A signpost ID without numbers: each arrow random (but pointing into the board) or
    across it (towards the most cells)."""
    steps = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
    rng = random.Random(side)

    def seen(r: int, c: int, step: tuple[int, int]) -> int:
        count = 0
        while 0 <= r + step[0] * (count + 1) < side and 0 <= c + step[1] * (count + 1) < side:
            count += 1
        return count

    arrows = []
    for r in range(side):
        for c in range(side):
            inward = [i for i, step in enumerate(steps) if seen(r, c, step)]
            choice = rng.choice(inward) if how == "random" else \
                max(inward, key=lambda i: seen(r, c, steps[i]))  # across the board
            arrows.append("abcdefgh"[choice])
    return f"{side}x{side}:" + "".join(arrows)


def signpost_snake(side: int) -> str:
    """A Tatham signpost ID whose arrows follow a boustrophedon path, first and last given."""
    cells = []
    for row in range(side):
        for col in range(side):
            forward = row % 2 == 0
            last_in_row = col == (side - 1 if forward else 0)
            arrow = "e" if last_in_row else ("c" if forward else "g")
            cells.append((row, col, arrow))
    order = {(r, c if r % 2 == 0 else side - 1 - c): r * side + c + 1
             for r in range(side) for c in range(side)}
    text = []
    for row, col, arrow in cells:
        number = order[(row, col)]
        given = str(number) if number in (1, side * side) else ""
        text.append(given + arrow)
    return f"{side}x{side}:" + "".join(text)


def ceiling_cases(folder: Path) -> list[Case]:
    """Over a limit: refused (exit 2, at once); under it: solved, unsolvable or stopped by
    the time limit, within the ceiling's memory (judge checks the peak)."""
    return [Case(puzzle, "ceiling", variant, argument,
                 ("--time-limit", str(CEILING_LIMIT_S)),
                 frozenset({2}) if over else frozenset({0, 1, 4}), refuse=over,
                 names=(argument[:60], "<argument>"))
            for puzzle, variant, argument, over in ceiling_inputs(folder)]


def _limit_memory() -> None:  # in the child, before it runs: what the ceiling allows
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CEILING_MEMORY, CEILING_MEMORY))


# --- Many at once --------------------------------------------------------------------------

CONCURRENT = 16


def concurrency(puzzles: list[str]) -> list[dict[str, object]]:
    """Each puzzle's reference instance solved alone, then 16 copies started together:
    the same answers (JSON status, count and solutions) as alone, and the children's
    peak memory (each from wait4)."""
    rows = []
    for puzzle in puzzles:
        path = str(instance_files(puzzle)[0])
        argv = [*COMMAND, puzzle, path, "--json", "--time-limit", "120"]
        begun = time.perf_counter()
        with tempfile.TemporaryFile() as out:
            child = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL,
                                     stdin=subprocess.DEVNULL, cwd=ROOT, env=CHILD_ENV)
            _, alone_mb = wait_with_peak(child.pid, begun + TIMEOUT_S * 4)
            alone_s = time.perf_counter() - begun
            out.seek(0)
            alone_stdout = out.read()
        started = time.perf_counter()
        files = [tempfile.TemporaryFile() for _ in range(CONCURRENT)]  # noqa: SIM115
        children = [subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL,
                                     stdin=subprocess.DEVNULL, cwd=ROOT, env=CHILD_ENV)
                    for out in files]
        ended = [wait_with_peak(child.pid, started + TIMEOUT_S * 4) for child in children]
        wall = time.perf_counter() - started
        same = 0
        expected = _answers(alone_stdout)  # None: no envelope alone, nothing can match
        for out in files:
            out.seek(0)
            same += expected is not None and _answers(out.read()) == expected
            out.close()
        rows.append({"puzzle": puzzle, "together": CONCURRENT, "same_answers": same,
                     "exit_codes": " ".join(sorted({str(code) for code, _ in ended})),
                     "alone_s": alone_s, "alone_mb": alone_mb, "wall_s": wall,
                     "peak_mb": max(peak for _, peak in ended),
                     "total_mb": sum(peak for _, peak in ended)})
    return rows


def _answers(stdout: bytes) -> object:
    try:
        data = json.loads(stdout)
    except ValueError:
        return None
    return data["status"], data["count"], data["solutions"]


# --- Running and judging -------------------------------------------------------------------

def run_case(case: Case) -> Outcome:
    # Runs without their own check of the output answer in JSON, for the checkers.
    as_json = case.verify is None and not case.collection and "--facts" not in case.options
    limit = () if "--time-limit" in case.options else ("--time-limit", f"{INPUT_LIMIT_S:g}")
    argv = [*COMMAND, case.puzzle, case.argument, *case.options, *limit,
            *["--json"] * as_json]
    ceiling = case.category == "ceiling"
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                   cwd=ROOT, env=CHILD_ENV,
                                   preexec_fn=_limit_memory if ceiling else None)
        code, peak = wait_with_peak(
            process.pid, start + (CEILING_LIMIT_S + 30 if ceiling else TIMEOUT_S))
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    lines = [line for line in stderr.splitlines() if line.strip()]
    outcome = Outcome(case, code, wall, peak, "Traceback" in stdout + stderr,
                      lines[0] if lines else "", len(lines))
    judge(outcome)
    if ceiling and not case.refuse and peak > CEILING_MEMORY / 2**20:
        outcome.problems.append(f"over the memory ceiling: {peak:,.0f} MB")
    # The limit covers the whole run (a collection's is per puzzle); the margin is for
    # starting Python on a loaded machine.
    bound = float(argv[argv.index("--time-limit") + 1])
    if code is not None and not case.collection and wall > bound + max(10, bound / 4):
        outcome.problems.append(f"not bounded by --time-limit {bound:g}: {wall:.0f} s")
    if case.verify is not None and code is not None:
        outcome.problems += case.verify(stdout, stderr)
    if as_json and code in (0, 1, 4, 130):
        check_answers(outcome, stdout)
    if case.collection and "--json-lines" in case.options and code is not None:
        for line in stdout.splitlines():  # each puzzle's line, its file the puzzle's
            try:
                data = json.loads(line)
            except ValueError:
                continue  # the verify hook reports it
            check_answers(outcome, line, data.get("file", ""))
    return outcome


def check_answers(outcome: Outcome, stdout: str, argument: str | None = None) -> None:
    """Check the answers of a JSON envelope (of the run, or of a collection's line for
    the puzzle in file `argument`) with the puzzle's independent checker."""
    try:
        data = json.loads(stdout)
    except ValueError:
        outcome.problems.append("no JSON envelope on stdout")
        return
    answers = data.get("solutions") or []
    closest = (data.get("closest") or {}).get("solutions") or []
    if not answers and not closest:
        return
    argument = outcome.case.argument if argument is None else argument
    path = Path(argument)
    try:
        text = path.read_text(encoding="utf-8-sig") if path.is_file() else argument
    except (OSError, ValueError):
        return  # a file the checker cannot read as text: the solver refused it, or so
    # In a child with a timeout: a checker may search (flower's proof of the fewest open
    # holes is brute force up to a bound), and a stuck check must not stop the run.
    job = json.dumps({"puzzle": outcome.case.puzzle, "text": text, "answers": answers,
                      "closest": data["closest"] if closest and not answers else None})
    try:
        done = subprocess.run([sys.executable, "-c", _CHECK, str(ROOT / "tests")], input=job,
                              capture_output=True, text=True, timeout=CHECK_TIMEOUT_S,
                              check=False)
    except subprocess.TimeoutExpired:
        outcome.remarks.append(f"answers not checked: the checker ran past {CHECK_TIMEOUT_S} s")
        return
    outcome.checked += 1
    if done.returncode != 0 or done.stdout.strip():
        outcome.wrong += 1
        why = done.stdout.strip() or done.stderr.strip().splitlines()[-1:]
        outcome.problems.append(f"wrong answer: {str(why)[:100]}")


CHECK_TIMEOUT_S = 120
_CHECK = """
import json, sys
sys.path.insert(0, sys.argv[1])
from checkers import checker
job = json.load(sys.stdin)
rules = checker(job["puzzle"])
try:
    for solution in job["answers"]:
        rules.check(job["text"], solution)
    if job["closest"] is not None and hasattr(rules, "check_closest"):
        rules.check_closest(job["text"], job["closest"])
except Exception as error:  # any refusal by a checker is a wrong answer
    print(f"{type(error).__name__}: {str(error)[:80]}")
"""


def wait_with_peak(pid: int, deadline: float) -> tuple[int | None, float]:
    """The child's exit code (None if killed at the deadline) and its peak RSS in MB,
    from wait4, which reports the resources of exactly that child."""
    killed = False
    while True:
        done, status, usage = os.wait4(pid, 0 if killed else os.WNOHANG)
        if done:
            code = None if killed else os.waitstatus_to_exitcode(status)
            return code, usage.ru_maxrss / 1024
        if time.perf_counter() > deadline:
            os.kill(pid, signal.SIGKILL)
            killed = True
        else:
            time.sleep(0.005)


def judge(outcome: Outcome) -> None:
    case, code = outcome.case, outcome.code
    if outcome.traceback:
        outcome.problems.append("Traceback")
    if code is None:
        outcome.problems.append(f"no exit within {TIMEOUT_S} s (killed)")
    elif code < 0:
        outcome.problems.append(f"killed by signal {-code}")
    elif code not in DOCUMENTED:
        outcome.problems.append(f"undocumented exit code {code}")
    if case.refuse and code is not None and code != 2:
        outcome.problems.append(
            "not refused: " + ("it solved" if code in (0, 1) else
                               "grounding started (stopped by the safety time limit)"
                               if code == 4 else f"exit {code}"))
    if (case.expect is not None and code is not None and code not in case.expect
            and not case.refuse and not outcome.problems):
        wanted = " or ".join(str(c) for c in sorted(case.expect))
        outcome.remarks.append(f"exit {code}, expected {wanted}")
    if message_problem(outcome):
        outcome.remarks.append(message_problem(outcome))


def message_problem(outcome: Outcome) -> str:
    """Why an error (exit 2 or 3) is not one line naming the input or encoding, or ''."""
    if outcome.code not in (2, 3):
        return ""
    if "--json-lines" in outcome.case.options:
        return ""  # a collection's errors are its puzzles' lines (its verify hook)
    if not outcome.first_line:
        return "error with an empty stderr"
    if outcome.code == 2 and outcome.lines > 1:
        return f"error of {outcome.lines} lines"
    if not any(name in outcome.first_line for name in outcome.case.names):
        return "first error line does not name the input"
    return ""


# --- Tables --------------------------------------------------------------------------------

def print_table(rows, columns, title: str) -> None:
    """bench.print_table, or a line saying there is nothing (a puzzle subset may have none)."""
    if rows:
        _print_table(rows, columns, title=title)
    else:
        print(f"\n{title}\n\n(none for these puzzles)")


EXIT_COLUMNS = ("0", "1", "2", "3", "4", "5", "6", "7", "130", "143", "other")


def summary(key: str, outcomes: list[Outcome]) -> dict[str, object]:
    codes = Counter(o.code if str(o.code) in EXIT_COLUMNS else "other" for o in outcomes)
    slowest = max(outcomes, key=lambda o: o.wall_s)
    row: dict[str, object] = {"group": key, "tried": len(outcomes)}
    row.update({column: codes.get(int(column) if column.isdigit() else column, 0)
                for column in EXIT_COLUMNS})
    row.update(refused_1line=sum(o.code == 2 and not message_problem(o)
                                 and "--json-lines" not in o.case.options for o in outcomes),
               checked=sum(o.checked for o in outcomes), wrong=sum(o.wrong for o in outcomes),
               hangs=sum(o.code is None for o in outcomes),
               traceback=sum(o.traceback for o in outcomes),
               injection=sum(any(p.startswith("injection") for p in o.problems)
                             for o in outcomes),
               multi_line=sum(bool(message_problem(o)) for o in outcomes),
               slowest_s=slowest.wall_s,
               slowest=label(slowest.case)[:44],
               peak_mb=max(o.peak_mb for o in outcomes))
    return row


def grouped(outcomes: list[Outcome], key) -> list[dict[str, object]]:
    groups: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault(key(outcome), []).append(outcome)
    rows = [summary(name, members) for name, members in groups.items()]
    return [*rows, summary("all", outcomes)]


def listing(outcomes: list[Outcome], which: str) -> None:
    flagged = [o for o in outcomes if getattr(o, which)]
    if not flagged:
        print("none")
        return
    for o in flagged:
        shown = "timeout" if o.code is None else o.code
        print(f"- {o.case.puzzle} · {label(o.case)}: "
              f"{'; '.join(getattr(o, which))} (exit {shown}, {o.wall_s:.2f} s)")
        print(f"    {shell_line(o.case)}")
        if o.first_line:
            print(f"    stderr: {o.first_line[:160]}")


def label(case: Case) -> str:
    if case.variant in case.category:
        return case.category
    return f"{case.category}: {case.variant}"


def shell_line(case: Case) -> str:
    argument = case.argument if len(case.argument) <= 80 else \
        f"{case.argument[:40]}...({len(case.argument)} chars)"
    return " ".join(["solve-asp", case.puzzle, repr(argument) if " " in argument else argument,
                     *case.options])


def main(argv: list[str]) -> None:
    jobs = 2
    if argv[:1] == ["--jobs"] and len(argv) > 1:
        jobs, argv = max(1, int(argv[1])), argv[2:]
    only_ceilings = "--ceilings" in argv
    argv = [arg for arg in argv if arg != "--ceilings"]
    known = sorted(p.name for p in (ROOT / "instances").iterdir() if p.is_dir())
    puzzles = argv or known
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="hardening-") as temp:
        folder = Path(temp)
        if not only_ceilings:
            cases = (input_cases(puzzles, folder) + oversize_cases(puzzles, folder)
                     + parser_cases(puzzles, folder))
            if "jodici" in puzzles:
                cases += encoding_cases(folder)
            cases += round_three_cases(puzzles, folder)
            with held_lock(folder / LOCKED_RESUME):
                outcomes = run_all(cases, jobs)
        ceilings = [case for case in ceiling_cases(folder) if case.puzzle in puzzles]
        # The ceilings one at a time, alone: their time and memory are the measurement.
        outcomes += run_all(ceilings, 1)
    public = public_ceilings.table(puzzles)
    if only_ceilings:
        print(f"machine: {machine()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
              f"load average {os.getloadavg()[0]:.1f} at the end")
        print_ceilings(outcomes)
        public_ceilings.print_rows(public)
        return
    print_report(outcomes, puzzles, jobs, time.perf_counter() - started, public)


@contextmanager
def held_lock(path: Path) -> Iterator[None]:
    """`path` locked (flock) by this process while the block runs, if it exists."""
    import fcntl

    if not path.exists():
        yield
        return
    with open(path, "a") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        yield


def run_all(cases: list[Case], jobs: int) -> list[Outcome]:
    """Each case as a child process, `jobs` at a time (the machine is shared: keep it
    modest); the outcomes in the cases' order."""
    from concurrent.futures import ThreadPoolExecutor

    done = 0

    def one(case: Case) -> Outcome:
        nonlocal done
        outcome = run_case(case)
        done += 1
        if sys.stderr.isatty():
            print(f"\r{done}/{len(cases)} runs", end="", file=sys.stderr)
        return outcome

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        outcomes = list(pool.map(one, cases))
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return outcomes


def print_ceilings(outcomes: list[Outcome]) -> None:
    ceilings = [o for o in outcomes if o.case.category == "ceiling"]
    print_table([{"case": f"{o.case.puzzle} · {o.case.variant}",
                  "exit": "timeout" if o.code is None else o.code, "wall_s": o.wall_s,
                  "peak_mb": o.peak_mb, "stderr (first line)": o.first_line[:70]}
                 for o in ceilings], ("case", "exit", "wall_s", "peak_mb", "stderr (first line)"),
                title=f"Resource ceilings: the largest instances the size checks accept, "
                f"--time-limit {CEILING_LIMIT_S}, address space {CEILING_MEMORY // 2**30} GiB "
                f"(exit 2: refused before grounding; 4: stopped by the limit; a crash or "
                f"no exit: the ceiling was exceeded)")
    listing([o for o in ceilings if o.problems], "problems")


def print_report(outcomes: list[Outcome], puzzles: list[str], jobs: int,
                 seconds: float, public: list[dict[str, object]]) -> None:
    columns = ("group", "tried", *EXIT_COLUMNS, "refused_1line", "checked", "wrong",
               "traceback", "injection", "hangs", "multi_line", "slowest_s", "slowest",
               "peak_mb")
    print(f"machine: {machine()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"{len(outcomes)} runs of `solve-asp`, {jobs} at a time (the ceilings one at a "
          f"time), each with --time-limit {INPUT_LIMIT_S:g} unless its case sets one, in "
          f"{seconds:.1f} s")
    print_table(grouped(outcomes, lambda o: o.case.puzzle), columns,
                title="Per puzzle (exit codes: 0 solved, 1 no solution, 2 bad input, "
                "3 bad encoding, 4 time limit, 5 output not written, 6 a collection's worker died, "
                "7 out of memory, 130 interrupted, 143 SIGTERM, other: any other or none; "
                "refused_1line: exit 2 with one line naming the input; checked: answers "
                "checked by tests/checkers, wrong: refused by them)")
    print_table(grouped(outcomes, lambda o: o.case.category), columns,
                title="Per category, across puzzles")
    special = [o for o in outcomes if o.case.category.startswith(("oversize", "encoding"))]
    print_table([{"case": f"{o.case.puzzle} · {label(o.case)}",
                  "exit": "timeout" if o.code is None else o.code, "wall_s": o.wall_s,
                  "peak_mb": o.peak_mb, "stderr (first line)": o.first_line[:80]}
                 for o in special],
                ("case", "exit", "wall_s", "peak_mb", "stderr (first line)"),
                title="Oversize inputs and edited encodings, run by run")
    print_ceilings(outcomes)
    public_ceilings.print_rows(public)
    print_table(concurrency(puzzles), ("puzzle", "together", "same_answers", "exit_codes",
                                       "alone_s", "alone_mb", "wall_s", "peak_mb", "total_mb"),
                title=f"{CONCURRENT} solves of each reference instance started together: "
                "answers the same as alone, the children's peak memory")
    print("\nSurprising outcomes (traceback, undocumented exit code, crash signal, "
          "timeout of the child, oversize input not refused):\n")
    listing(outcomes, "problems")
    print("\nOther outcomes worth a look (exit code not the one expected for the category, "
          "error message not one line naming the input):\n")
    listing(outcomes, "remarks")


if __name__ == "__main__":
    main(sys.argv[1:])
