"""The SVG pictures' layout, read from the documents the command writes: every text fits
the picture's width, several answers share one legend and stand in a grid, a long list
is set in columns, a path runs under its numbers, a checkerboard's fields alternate dark
and light; and, in headless Chromium, no text or shape of any puzzle's picture lies
outside the picture."""

from __future__ import annotations

import math
import os
import re
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import INSTANCES, expected_for, instance_files

from pyasp_runner.board.html import figure
from pyasp_runner.board.measure import mono_width, text_width, wrap
from pyasp_runner.board.svg import MARGIN
from pyasp_runner.cli import main
from pyasp_runner.puzzles import registry

NS = "{http://www.w3.org/2000/svg}"
BOLD = {"title", "caption", "given", "conflict"}
SIZES = {"title": 15.0, "caption": 14.0, "legend": 12.0, "note": 12.0}


def drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str], *command: str) -> ET.Element:
    """The picture the command writes with --svg."""
    out = tmp_path / "picture.svg"
    assert main([*command, "--svg", str(out)]) in (0, 1)
    capsys.readouterr()
    return ET.fromstring(out.read_text(encoding="ascii"))


def placed(root: ET.Element) -> list[tuple[ET.Element, float, float, bool]]:
    """Every element with the offset of the groups it stands in, and whether it is in a
    monospace block (`lines`)."""
    found = []

    def walk(element: ET.Element, dx: float, dy: float, mono: bool) -> None:
        moved = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform", ""))
        if moved:
            dx, dy = dx + float(moved[1]), dy + float(moved[2])
        mono = mono or "lines" in element.get("class", "").split()
        found.append((element, dx, dy, mono))
        for child in element:
            walk(child, dx, dy, mono)

    walk(root, 0.0, 0.0, False)
    return found


def text_extent(element: ET.Element, dx: float, mono: bool) -> tuple[float, float]:
    """A text's left and right edge, by the estimate the pictures are laid out with."""
    classes = set(element.get("class", "").split())
    size = float(element.get("font-size") or next(
        (SIZES[c] for c in classes if c in SIZES), 16.0))
    text = element.text or ""
    width = mono_width(text, size) if mono else text_width(text, size, bool(classes & BOLD))
    x = dx + float(element.get("x", "0"))
    anchor = element.get("text-anchor", "start")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, left + width


def width_of(root: ET.Element) -> float:
    return float(root.get("width", "0"))


def test_the_picture_is_as_wide_as_every_text_it_holds(tmp_path, capsys):
    # A short file name used to make a 200-px picture whose legend was cut ("a sm...").
    short = tmp_path / "s.csv"
    short.write_text((INSTANCES / "hidoku" / "several.csv").read_text())
    root = drawn(tmp_path, capsys, "hidoku", str(short), "--hint")
    texts = [(e, dx, mono) for e, dx, _, mono in placed(root) if e.tag == f"{NS}text"]
    assert texts
    for element, dx, mono in texts:
        left, right = text_extent(element, dx, mono)
        assert left >= 0 and right <= width_of(root) - MARGIN + 0.01, element.text
    legend = [e.text or "" for e in root.iter(f"{NS}text") if e.get("class") == "legend"]
    assert len(legend) >= 2  # wrapped, not one long line
    assert " ".join(legend) == ("bold: given by the puzzle; grey: not part of the board; a "
                                "small dot: not known; Hidoku (Hidato): number the cells "
                                "1..K so that consecutive numbers touch (king moves)")


def test_wrapping_keeps_every_word_and_breaks_a_word_wider_than_the_line():
    text = "a legend with a/very/long/path/that/cannot/fit/on/one/line.txt in it"
    lines = wrap(text, 120, 12)
    assert all(text_width(line, 12) <= 120 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert any(line.endswith("/") for line in lines)  # broken after a slash


def test_several_answers_share_one_legend_and_stand_in_a_grid(tmp_path, capsys):
    root = drawn(tmp_path, capsys, "flower", "example:original")
    boards = [(float(x), float(y)) for g in root if g.get("class") == "board"
              for x, y in [re.findall(r"[-\d.]+", g.get("transform", ""))]]
    assert len(boards) == 16
    assert len({x for x, _ in boards}) == 4 and len({y for _, y in boards}) == 4
    legends = [e for e in root.iter(f"{NS}text") if "brown: solid" in (e.text or "")]
    assert len(legends) == 1 and legends[0].get("class") == "legend"
    width, height = width_of(root), float(root.get("height", "0"))
    assert 0.75 <= width / height <= 2.0 and height < 2000  # stacked, it was 6,886 px tall
    # Captions read in order, left to right, then down.
    captions = [(float(e.get("y", "0")), float(e.get("x", "0")), e.text)
                for e in root.iter(f"{NS}text") if e.get("class") == "caption"]
    assert [text for *_, text in sorted(captions)] == [f"Solution {i}" for i in range(1, 17)]


def test_boards_of_different_answers_keep_their_own_legend_lines(tmp_path, capsys):
    # countdown's legend counts the numbers each way uses: it stays under its own board.
    root = drawn(tmp_path, capsys, "countdown", "example:reference", "--all")
    notes = [e.text or "" for e in root.iter(f"{NS}text") if e.get("class") == "note"]
    boards = [g for g in root if g.get("class") == "board"]
    assert len(boards) > 1 and sum(" numbers, " in note for note in notes) == len(boards)
    shared = [e.text or "" for e in root.iter(f"{NS}text") if e.get("class") == "legend"]
    assert "regular: filled in by the solver" in " ".join(shared)
    assert not any(" numbers, " in line for line in shared)


def test_a_long_list_is_set_in_columns_read_downwards(tmp_path, capsys):
    root = drawn(tmp_path, capsys, "countdown", "example:batch-small")
    labels = {e.text: (float(e.get("x", "0")), float(e.get("y", "0")))
              for e in root.iter(f"{NS}text") if e.get("class") == "label"}
    targets = [f"{t}:" for t in range(100, 1000)]
    assert all(t in labels for t in targets)
    columns = sorted({labels[t][0] for t in targets})
    assert len(columns) >= 4
    height = float(root.get("height", "0"))
    assert height < 5000 and 0.75 <= width_of(root) / height <= 2.0  # was 27,156 px tall
    x100, y100 = labels["100:"]
    assert labels["101:"] == (x100, y100 + 30)  # down the column
    assert labels["numbers:"][1] < y100 and labels["targets:"][1] < y100  # above the list


def test_the_path_runs_under_its_numbers(tmp_path, capsys):
    root = drawn(tmp_path, capsys, "hidoku", str(INSTANCES / "hidoku" / "rosetta.txt"),
                 "--path")
    board = next(g for g in root if g.get("class") == "board")
    order = list(board.iter())
    line = next(i for i, e in enumerate(order) if e.get("class") == "path")
    plates = {(e.get("data-row"), e.get("data-col")): i for i, e in enumerate(order)
              if "path-plate" in e.get("class", "").split()}
    values = {(e.get("data-row"), e.get("data-col")): (i, e) for i, e in enumerate(order)
              if e.tag == f"{NS}text" and "cell" in e.get("class", "").split()}
    assert len(plates) == len(values) == 40
    for at, (index, text) in values.items():
        assert line < plates[at] < index  # line, then the plate, then the number
        plate = order[plates[at]]
        centre = float(plate.get("x", "0")) + float(plate.get("width", "0")) / 2
        assert math.isclose(centre, float(text.get("x", "0")), abs_tol=0.01)
        size = float(text.get("font-size", "0"))
        bold = "given" in text.get("class", "")
        glyphs = text_width(text.text or "", size, bold, room=False)  # DejaVu's own width
        assert float(plate.get("width", "0")) >= glyphs + 4
    starts = [e for e in order if "path-start" in e.get("class", "").split()]
    assert len(starts) == 1 and (starts[0].get("data-row"), starts[0].get("data-col")) == (
        next((r, c) for (r, c), (_, e) in values.items() if e.text == "1"))


def _luminance(colour: str) -> float:
    def linear(part: int) -> float:
        c = part / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def test_checkerboard_fields_read_as_a_chequer(tmp_path, capsys):
    path = INSTANCES / "checkerboard" / "reference.txt"
    root = drawn(tmp_path, capsys, "checkerboard", str(path))
    fields = {(int(e.get("data-row", "0")), int(e.get("data-col", "0"))): e
              for e in root.iter(f"{NS}rect") if "field" in e.get("class", "").split()}
    size = math.isqrt(len(fields))
    assert len(fields) == size * size == 64
    dark = {at for at, e in fields.items() if "dark" in e.get("class", "").split()}
    # The board's fields alternate (its corner's colour first), and so do the fills.
    corner_dark = (1, 1) in dark
    assert dark == {(r, c) for r in range(1, size + 1) for c in range(1, size + 1)
                    if ((r + c) % 2 == 0) == corner_dark}
    shade = {at: _luminance(e.get("fill", "")) for at, e in fields.items()}
    assert max(shade[at] for at in dark) < 0.2 < 0.4 < min(
        shade[at] for at in fields if at not in dark)
    stones = registry()["checkerboard"].parse(path.read_text(), str(path)).data.stones
    assert {e.get("data-region") for e in fields.values()} == {str(s) for s in range(
        len(stones))}  # every stone a piece of its own
    on_dark = [e for e in root.iter(f"{NS}text") if "on-dark" in e.get("class", "").split()]
    assert {(int(e.get("data-row", "0")), int(e.get("data-col", "0"))) for e in on_dark} == dark


def test_a_notebook_status_line_is_escaped():
    page = figure("hidoku: <b>solved</b>", ["a note & <i>more</i>"], "<?xml version='1.0'?>\n"
                  "<svg/>")
    assert "<b>hidoku</b>:" in page and "&lt;b&gt;solved&lt;/b&gt;" in page
    assert "a note &amp; &lt;i&gt;more&lt;/i&gt;" in page
    assert "<?xml" not in page and "<svg/>" in page


# -- in a real browser --------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@pytest.fixture(scope="module")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing: str | None = "selenium is not installed"
    else:
        missing = next((f"{p} is missing" for p in (CHROMIUM, DRIVER) if not Path(p).exists()),
                       None)
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests need a browser in CI: {missing}")
        pytest.skip(missing)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="pictures-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--window-size=1200,900", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _solved_example(name: str) -> Path:
    return next(p for p in instance_files() if p.parent.name == name
                and expected_for(p)["status"] in ("solved", "closest"))


PICTURES = {
    **{name: (name, str(_solved_example(name))) for name in sorted(registry())},
    "flower-original": ("flower", "example:original"),
    "hidoku-path": ("hidoku", str(INSTANCES / "hidoku" / "10x10.csv"), "--path"),
    "abc-explain": ("abc", str(INSTANCES / "abc" / "unsolvable.txt"), "--explain"),
    "skyscrapers-explain": ("skyscrapers", str(INSTANCES / "skyscrapers" / "unsolvable.txt"),
                            "--explain"),
    "jodici-several": ("jodici", str(INSTANCES / "jodici" / "several.csv"), "-n", "3"),
    "countdown-batch": ("countdown", "example:batch-small"),
}

OUTSIDE = """
const picture = document.documentElement.getBoundingClientRect();
const out = [];
for (const e of document.querySelectorAll('svg > text, svg > g *')) {
  const box = e.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;
  if (box.left < picture.left - 0.5 || box.top < picture.top - 0.5
      || box.right > picture.right + 0.5 || box.bottom > picture.bottom + 0.5)
    out.push([e.tagName, e.getAttribute('class'), e.textContent,
              box.left - picture.left, box.right - picture.left,
              box.top - picture.top, box.bottom - picture.top,
              picture.width, picture.height]);
}
return out;
"""


def test_no_text_or_shape_of_any_picture_lies_outside_it(browser, tmp_path, capsys):
    for name, command in PICTURES.items():
        out = tmp_path / f"{name}.svg"
        assert main([*command, "--svg", str(out)]) in (0, 1), name
        capsys.readouterr()
        browser.get(out.as_uri())
        assert browser.execute_script(OUTSIDE) == [], name
