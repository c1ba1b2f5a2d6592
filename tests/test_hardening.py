"""Robustness across every puzzle: mutated files, injection, size, signals, pipes, encodings."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from pathlib import Path

import clingo
import pytest
from conftest import INSTANCES, ROOT, busy_for, instance_files, sampled_files, watchdog
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyasp_runner import escape
from pyasp_runner.cli import main
from pyasp_runner.errors import InputError
from pyasp_runner.puzzle import facts_text
from pyasp_runner.puzzles import registry

FILES = instance_files()
IDS = [str(p.relative_to(INSTANCES)) for p in FILES]

# Mutations read every puzzle's files, and a few of each genre's (conftest.sampled_files).
READERS_FILES = sampled_files(grids=2)
JODICI = str(INSTANCES / "jodici" / "1.csv")
# Grounds for far longer than any test waits: 3000^2 candidate triples.
SLOW_GROUND = "n(1..3000). big(X,Y,Z) :- n(X), n(Y), n(Z), X+Y+Z = 4000.\n#show big/3.\n"
INJECTIONS = ['). #script (python)', ':- .', '"', '\\"', '"\n:- .\n"', "a. b :- c.", "%*", "#show."]


def command(*argv: str, **options) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pyasp_runner", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, **options)


def _exact_facts(symbols) -> None:
    """The facts' text, read back by clingo, is exactly these atoms: nothing more, no rule."""
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], facts_text(symbols))
    ctl.ground([("base", [])])
    assert {atom.symbol for atom in ctl.symbolic_atoms} == set(symbols)
    assert all(atom.is_fact for atom in ctl.symbolic_atoms)


def _parse_or_reject(name: str, text: str) -> None:
    try:
        instance = registry()[name].parse(text, "mutated.txt")
    except InputError as error:
        assert str(error).startswith("mutated.txt") and "\n" not in str(error)
    else:
        _exact_facts(instance.facts)


@pytest.mark.parametrize("path", READERS_FILES, ids=lambda path: str(path.relative_to(INSTANCES)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_instance_files_parse_or_fail_cleanly(path, data):
    text = path.read_text(encoding="utf-8")
    cut = data.draw(st.integers(0, len(text)))
    where = data.draw(st.integers(0, len(text)))
    noise = data.draw(st.sampled_from(
        ["", "x", "-7", "99999999999999999999", "0", ",", "\t", "\r\n", "\x00", " ", "\n\n",
         "#", "%", *INJECTIONS]))
    mutations = [
        text[:cut],  # truncated
        text[:where] + noise + text[where:],  # something inserted
        text[:where] + noise + text[where + 1:],  # something replaced
        text.replace("\n", "\r\n"),
        text.replace(",", "\t"),
        text * 2,
    ]
    for mutated in mutations:
        _parse_or_reject(path.parent.name, mutated)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_injected_text_never_becomes_rules(path):
    text = path.read_text(encoding="utf-8")
    for injection in INJECTIONS:
        for mutated in (injection + "\n" + text, text.replace("\n", injection + "\n", 1)):
            _parse_or_reject(path.parent.name, mutated)


def test_facts_quote_strings(tmp_path):
    symbols = [clingo.Function("name", [clingo.String(text)]) for text in INJECTIONS]
    _exact_facts(symbols)


# --- Issue 21, parsers: numbers read whole, one rule for digits, names escaped -----------

# Each template holds {n} where one number of a valid puzzle stands.
NUMBER_PLACES = {
    "abc": "size: {n}\nletters: ABC\ntop: CBABA\n",
    "abc-janko": "begin\nsize {n}\ndepth 3\nend\n",
    "skyscrapers": "4:{n}/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1\n",
    "skyscrapers-grid": "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1,{n}o\n",
    "nonogram": "{n}x2:1/1/1/1\n",
    "nonogram-pattern": "pattern:{n}x2:1/1/1/1\n",
    "nonogram-non": "width {n}\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n",
    "nonogram-lists": "([[{n}],[1]],[[1],[1]])\n",
    "signpost": "{n}x2:1cc2ae4a\n",
    "hidoku": "1,_\n_,{n}\n",
    "jodici": "{n},7,_,_,_,_\n_,_,1,5,_,_\n6,_,_,_,_,_\n",
    "magic": "range: {n}..9\n_,_,_\n_,_,_\n_,_,_\n",
    "checkerboard": "board: {n}x1\nB\n",
    "countdown": "1 2 3 -> {n}\n",
    "equation": "{n} + _ = 3\n+    +\n_ + _ = 3\n=    =\n3    3\n",
    "rc4": "0x{n}, 0x02\n",
}


def _puzzle_of(template: str) -> str:
    return template.split("-")[0]


def _refused_in_one_line(capsys, puzzle: str, path) -> str:
    code = main([puzzle, str(path)])
    err = capsys.readouterr().err
    assert code == 2, (puzzle, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("template", sorted(NUMBER_PLACES))
@pytest.mark.parametrize("digit", ["²", "\u0663", "\uff13"])  # superscript, Arabic-Indic, fullwidth
def test_unicode_digits_are_refused_by_every_puzzle_in_one_line(capsys, tmp_path, template, digit):
    path = tmp_path / "unicode.txt"
    path.write_text(NUMBER_PLACES[template].format(n=digit), encoding="utf-8")
    assert str(path) in _refused_in_one_line(capsys, _puzzle_of(template), path)


@pytest.mark.parametrize(("puzzle", "text", "value"), [
    ("skyscrapers", "4:0000012/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1", "12"),
    ("skyscrapers", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1,00000012o", "12"),
    ("skyscrapers", "0000051:" + "/" * 203, "51"),
    ("abc", "size: 0000051\nletters: ABC\n", "51"),
    ("abc", "begin\nsize 0000051\ndepth 3\nend\n", "51"),
    ("abc", "size: 5\nletters: 0000051\n", "51"),
    ("nonogram", "00000012x2:1/1/1/1", "12"),
    ("nonogram", "width 0000051\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", "51"),
    ("hidoku", "1,_\n_,0000051\n", "51"),
    ("jodici", "0000051,7,_,_,_,_\n_,_,1,5,_,_\n6,_,_,_,_,_\n", "51"),
    ("magic", "0000051,_,_\n_,_,_\n_,_,_\n", "51"),
    ("countdown", "1 2 3 -> 0000000000000", "0"),
    ("rc4", "0x0001d9, 0x02\n", "0x0001d9"),
])
def test_numbers_are_read_whole_and_refused_with_their_value(capsys, tmp_path, puzzle, text,
                                                             value):
    path = tmp_path / "padded.txt"
    path.write_text(text + "\n", encoding="utf-8")
    err = _refused_in_one_line(capsys, puzzle, path)
    assert re.search(rf"(?<![0-9a-fx]){value}(?![0-9a-f])", err), err


@pytest.mark.parametrize(("puzzle", "plain", "padded"), [
    ("skyscrapers", "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1", "4:02/2/001/3/3/2/2/1/3/1/2/3/2/2/3/1"),
    ("abc", "size: 5\nletters: 3\n", "size: 005\nletters: 03\n"),
    ("hidoku", "1,_\n_,4\n", "01,_\n_,0004\n"),
    ("nonogram", "2x2:1/1/1/1", "02x002:01/1/1/001"),
])
def test_leading_zeros_give_the_same_puzzle(puzzle, plain, padded):
    parse = registry()[puzzle].parse
    assert parse(plain, "a").facts == parse(padded, "a").facts


STANDALONE = re.compile(r"(?<![\w.])[0-9]+(?![\w.])")  # not in a word, hex byte or run list


def _symbols_are_digits(name: str) -> bool:
    """A genre whose header gives a digit token a meaning (Binairo's 1 and 2 circles)."""
    puzzle = registry()[name]
    header = getattr(getattr(puzzle, "genre", None), "header", None)
    return header is not None and any(token.isdigit() for token in header.tokens)


def _padded(line: str) -> str:
    if line.startswith("http"):  # an address: its size, not its body's code
        head, _, body = line.rpartition("/")
        return STANDALONE.sub(lambda m: "00" + m[0], head) + "/" + body
    return STANDALONE.sub(lambda m: "00" + m[0], line)


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name != "flower"
                                  and not _symbols_are_digits(p.parent.name)],
                         ids=lambda path: str(path.relative_to(INSTANCES)))
def test_every_instance_with_its_numbers_zero_padded_is_the_same_puzzle(path):
    """flower's 0/1 are symbols, as a genre's digit tokens are; metadata (quoted, XML
    elements but the clues) is free."""
    text = path.read_text(encoding="utf-8")
    padded = "\n".join(line if line.lstrip().startswith(("#", "<?", "<!")) or '"' in line
                       else _padded(line) for line in text.split("\n"))
    parse = registry()[path.parent.name].parse
    assert set(parse(padded, "padded").facts) == set(parse(text, "plain").facts)


def test_webpbn_xml_refuses_what_is_not_a_clue_in_a_clue_block(capsys, tmp_path):
    text = (INSTANCES / "nonogram" / "webpbn-1-export.xml").read_text(encoding="utf-8")
    for bad in (text.replace("<line><count>7</count></line>", "<lin><count>7</count></lin>"),
                text.replace("<line><count>7</count></line>", "<line><count>7</count>x</line>")):
        path = tmp_path / "bad.xml"
        path.write_text(bad, encoding="utf-8")
        assert "unexpected" in _refused_in_one_line(capsys, "nonogram", path)


def test_a_non_file_short_of_a_row_line_is_bad_input(capsys, tmp_path):
    text = (INSTANCES / "nonogram" / "webpbn-1.non").read_text(encoding="utf-8").splitlines()
    start = text.index("rows")
    short = tmp_path / "short.non"
    short.write_text("\n".join(text[:start + 1] + text[start + 2:]) + "\n", encoding="utf-8")
    err = _refused_in_one_line(capsys, "nonogram", short)
    assert "too few row specifications" in err


@pytest.mark.parametrize(("puzzle", "text"), [
    ("countdown", "1,,2 -> 3"),
    ("flower", "0,,1\n1,0,1\n"),
    ("rc4", "0xd9,,0xef\n"),
    ("nonogram", "width 2\nheight 1\nrows\n1,,1\ncolumns\n1\n1\n"),
    ("nonogram", '[clues]\ncolumns = """\n1,, 1\n"""\nrows = """\n1 1\n"""\n'),
])
def test_an_empty_field_between_commas_is_refused_not_skipped(capsys, tmp_path, puzzle, text):
    path = tmp_path / "empty-field.txt"
    path.write_text(text, encoding="utf-8")
    assert "empty" in _refused_in_one_line(capsys, puzzle, path)


HOSTILE_NAMES = ["new\nline", "cr\rreturn", "esc\x1b[2J\x1b]0;owned\x07", "nl\n#script (python)\n"
                 "import os\n#end.\nx", "rtl\u202etxt.csv", "tab\tand\x7fdel", "ls\u2028ps\u2029"]


def _hostile_copy(tmp_path, name: str):
    path = tmp_path / (name + ".csv")
    path.write_bytes((INSTANCES / "jodici" / "1.csv").read_bytes())
    return path


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_facts_header_keeps_a_hostile_file_name_inside_its_comment(capsys, tmp_path, name):
    path = _hostile_copy(tmp_path, name)
    assert main(["jodici", str(path), "--facts"]) == 0
    facts = capsys.readouterr().out
    header = facts.splitlines()[0]
    assert header.startswith("% jodici facts from '") and header.isprintable()
    instance = registry()["jodici"].parse(path.read_text(encoding="utf-8"), str(path))
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], facts)  # the whole printed text: comments and facts, nothing else
    ctl.ground([("base", [])])
    assert {atom.symbol for atom in ctl.symbolic_atoms} == set(instance.facts)


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_hostile_file_names_are_shown_escaped(capsys, tmp_path, name):
    path = _hostile_copy(tmp_path, name)
    assert main(["jodici", str(path)]) == 0  # the title line names the file
    title = capsys.readouterr().out.splitlines()[0]
    assert title.isprintable() and escape.name(str(path)) in title
    path.write_text("3,7,_,_,_,_\n_,_,1,5,99,_\n6,_,_,_,_,_\n", encoding="utf-8")
    err = _refused_in_one_line(capsys, "jodici", path)
    assert err.rstrip("\n").isprintable()
    assert err.startswith(f"solve-asp: {escape.name(str(path))}:2: column 5: 99 is out of range")
    missing = tmp_path / (name + "-missing.csv")
    assert main(["jodici", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.rstrip("\n").isprintable() and escape.name(str(missing)) in err


def test_control_characters_of_the_puzzle_text_never_reach_the_terminal(capsys, tmp_path):
    path = tmp_path / "rc4.txt"
    path.write_bytes(b"alphabet: [\x1b\x07]\n0x1b, 0x07\n")  # the only plaintext: ESC BEL
    assert main(["rc4", str(path), "-n", "1"]) == 0
    out = capsys.readouterr().out
    assert all(line.isprintable() for line in out.splitlines()) and "\\x1b\\x07" in out


def test_a_hostile_encoding_name_is_shown_escaped(capsys, tmp_path):
    broken = tmp_path / "enc\n\x1b[31m.lp"
    broken.write_text("broken(X :- value(X).\n")
    assert main(["jodici", JODICI, "--encoding", str(broken)]) == 3
    err = capsys.readouterr().err
    assert "\x1b" not in err and escape.name(str(broken)) in err.splitlines()[0]


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00garbage", b"\x00" * 50, b"# only\n"])
def test_hostile_files_exit_two_with_one_line(capsys, tmp_path, content):
    for name in registry():
        path = tmp_path / "input.txt"
        path.write_bytes(content)
        code = main([name, str(path)])
        err = capsys.readouterr().err
        assert code == 2, (name, err)
        assert str(path) in err and "Traceback" not in err


def test_a_mistyped_file_name_is_missing_even_for_one_line_formats(capsys):
    for name in ("signpost", "countdown", "nonogram", "skyscrapers"):
        assert main([name, "no-such-puzzle.txt"]) == 2
        assert "no such file" in capsys.readouterr().err


def test_directory_and_missing_file(capsys, tmp_path):
    # A directory is a collection: one with no puzzle file in it (empty, or only what an
    # audit skips: hidden files and expected answers) is refused with one line naming it.
    empty, skipped = tmp_path / "empty", tmp_path / "skipped"
    (skipped / ".hidden").mkdir(parents=True)
    empty.mkdir()
    (skipped / ".hidden" / "1.csv").write_text(Path(JODICI).read_text())
    (skipped / ".1.csv").write_text(Path(JODICI).read_text())
    (skipped / "1.expected.json").write_text("{}")
    for directory in (empty, skipped):
        assert main(["jodici", str(directory)]) == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert lines == [f"solve-asp: no puzzle found in {directory}"]
    assert main(["jodici", str(tmp_path / "nothing.csv")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_time_limit_covers_grounding(tmp_path):
    slow = tmp_path / "slow.lp"
    slow.write_text(SLOW_GROUND)
    process = command("jodici", JODICI, "--encoding", str(slow), "--time-limit", "0.5",
                      "--json")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 4, err
    data = json.loads(out)
    assert data["status"] == "timeout" and data["solutions"] == [] and not data["complete"]


# Grounds in milliseconds, then clasp's preparation of the search (inside clingo's solve
# call, which cannot be interrupted) translates a count over 20,000 atoms into normal
# rules (--trans-ext=all): minutes, and gigabytes, as rc4 past its size limit spent half
# a minute there.
SLOW_PREPARATION = "{ big(1..20000) }. :- #count{ X : big(X) } < 10000.\n"


def test_time_limit_covers_the_preparation_of_the_search(tmp_path):
    slow = tmp_path / "slow-preparation.lp"
    slow.write_text((ROOT / "asp" / "jodici.lp").read_text() + SLOW_PREPARATION)
    for options in ((), ("--json",)):
        process = command("jodici", JODICI, "--encoding", str(slow), "--time-limit", "2",
                          "--clingo-arg=--trans-ext=all", *options)
        out, err = process.communicate(timeout=120)
        assert process.returncode == 4, err
        assert "Traceback" not in err
        if options:
            data = json.loads(out)
            assert data["status"] == "timeout" and data["solutions"] == []
            assert not data["complete"]
        else:
            assert "Stopped (time limit reached)" in out and "nothing found" in out


def test_ctrl_c_while_grounding(tmp_path):
    slow = tmp_path / "slow.lp"
    slow.write_text(SLOW_GROUND)
    process = command("jodici", JODICI, "--encoding", str(slow))
    with watchdog(process, 240):
        busy_for(process, 1.5)  # grounding
        process.send_signal(signal.SIGINT)
        out, err = process.communicate()
    assert process.returncode == 130
    assert "interrupted" in out and "Traceback" not in err


def test_closed_pipe_is_not_a_crash():
    process = command("jodici", JODICI, "-n", "0")
    process.stdout.close()  # the reader left before the answer was printed
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err
    assert process.returncode == 0


def test_answers_of_another_shape_are_an_encoding_error(capsys, tmp_path):
    odd = tmp_path / "odd.lp"
    odd.write_text("#defined given/3.\nvalue(1,9,x). value(7,1,3).\n#show value/3.\n")
    code = main(["jodici", JODICI, "--encoding", str(odd)])
    err = capsys.readouterr().err
    assert code == 3 and str(odd) in err and "Traceback" not in err
    assert main(["jodici", JODICI, "--encoding", str(odd), "--json"]) == 3


def test_encoding_without_show_still_solves(capsys, tmp_path):
    rules = (ROOT / "asp" / "jodici.lp").read_text()
    plain = tmp_path / "noshow.lp"
    plain.write_text("\n".join(line for line in rules.splitlines()
                               if not line.startswith("#show")))
    assert main(["jodici", JODICI, "--encoding", str(plain), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"]


def test_size_limits_are_declared_with_their_unit():
    for name, puzzle in registry().items():
        if puzzle.spec.size is None:
            continue
        measure, limit = puzzle.spec.size.measure, puzzle.spec.size.limit
        assert isinstance(limit, int), name
        for path in (INSTANCES / name).glob("*"):
            if path.is_file() and not path.name.endswith(".json"):
                size, unit = measure(puzzle.parse(path.read_text(encoding="utf-8"), str(path)))
                assert size <= limit and unit, path


@pytest.mark.parametrize("argument", ["x" * 300, " ".join(map(str, range(1, 120))) + " -> 5", ""])
def test_odd_arguments_exit_two_with_one_line(capsys, argument):
    for name in registry():
        assert main([name, argument]) == 2, name
        err = capsys.readouterr().err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, (name, err)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_a_number_of_thousands_of_digits_is_refused(capsys, tmp_path, path):
    lines = path.read_text(encoding="utf-8").splitlines()
    number = re.compile(r"(?<![\w.])\d+(?![\w.])")
    header = getattr(getattr(registry()[path.parent.name], "genre", None), "header", None)
    if header is not None and any(block.name == "rooms" for block in header.text):
        # a genre's rooms are labels, any token: the number is its size line's
        lines = [line for line in lines if not line.startswith("#")][:1]
    passed_over = ("solution", "moves")  # janko.at's sections that are not the puzzle
    if header is not None and any(line.strip("[] ").lower() in passed_over for line in lines):
        lines = lines[:next(i for i, line in enumerate(lines)
                            if line.strip("[] ").lower() in passed_over)]
    at = next((i for i, line in reversed(list(enumerate(lines)))  # the last: no metadata
               if not line.startswith("#") and '"' not in line and number.search(line)), None)
    if at is None:
        pytest.skip("no number standing alone in this file")
    lines[at] = number.sub("9" * 5000, lines[at], count=1)
    huge = tmp_path / path.name
    huge.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main([path.parent.name, str(huge)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(huge) in err


def test_a_directory_is_not_an_encoding(capsys, tmp_path):
    # A path that names no encoding file is bad usage (2), like a missing puzzle file.
    assert main(["jodici", JODICI, "--encoding", str(tmp_path)]) == 2
    assert "directory" in capsys.readouterr().err
    assert main(["jodici", JODICI, "--encoding", str(tmp_path), "--explain"]) == 2


@pytest.mark.parametrize("size", ["9" * 5000, "9" * 5000 + "x3", "5:" + "9" * 5000, "0", "-3"])
def test_generate_refuses_odd_sizes_with_one_line(capsys, size):
    for name, puzzle in registry().items():
        if not puzzle.can_generate:
            continue
        assert main(["generate", name, "--size", size]) == 2, (name, size)
        err = capsys.readouterr().err
        assert "Traceback" not in err and err.startswith("solve-asp: --size"), (name, err)


def test_generate_refuses_boards_above_the_size_limit(capsys):
    assert main(["generate", "magic", "--size", "30"]) == 2
    err = capsys.readouterr().err
    assert "above the limit" in err and "--max-size" in err


def test_generate_says_when_a_board_is_out_of_reach_and_stops_at_the_time_limit(capsys):
    # A path puzzle's own random path leaves only boards with clues to ground: a
    # 100x100 is not refused by its empty board's size, but the time it needs is said.
    assert main(["generate", "hidoku", "--size", "100x100", "--time-limit", "1"]) == 4
    err = capsys.readouterr().err
    assert err.startswith("solve-asp: note: making a hidoku puzzle of 10,000 cells is "
                          "beyond"), err
    assert "above the limit" not in err


def test_the_benchmark_doubles_a_separator_in_the_data_not_in_a_comment_quoting_it():
    """benchmarks/hardening.py's edit went to the first place the data line's text was
    found, a comment quoting it (countdown's and magic's sources), and so reported the
    unchanged puzzle as "an edited puzzle gave the original's facts"."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from hardening import separator_doubled

    for path in (INSTANCES / "countdown" / "classic-812-list.txt",
                 INSTANCES / "magic" / "checkio-example.txt"):
        text = path.read_text(encoding="utf-8")
        doubled = separator_doubled(text, ",")
        assert doubled is not None
        comments = [line for line in text.split("\n") if line.startswith("#")]
        assert [line for line in doubled.split("\n") if line.startswith("#")] == comments
        puzzle = registry()[path.parent.name]
        with pytest.raises(InputError, match=r"empty|fields"):
            puzzle.parse(doubled, str(path))


def test_the_benchmark_edits_clues_not_sections_that_hold_none():
    """benchmarks/hardening.py edited a Gnonograms [Description] date and a janko.at
    block's `moves` replay, which no reader turns into facts, and reported "an edited
    puzzle gave the original's facts"; its edits now go to clue lines, and are refused."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from hardening import number_edit, separator_doubled

    for path in (INSTANCES / "nonogram" / "gnonograms-42.gno",
                 INSTANCES / "hidoku" / "janko-014.txt"):
        text = path.read_text(encoding="utf-8")
        puzzle = registry()[path.parent.name]
        edits = [number_edit(text, lambda n: n[:1] + "7" + n[1:]),
                 number_edit(text, lambda n: n[:-1] + "\u00b2"),
                 separator_doubled(text, ","), separator_doubled(text, "/")]
        for edited in edits:
            if edited is not None:  # None: no clue line holds that separator
                with pytest.raises(InputError):
                    puzzle.parse(edited, str(path))
