"""The studio in a real browser: headless Chromium (Debian's `chromium`) driven by selenium
through Debian's `chromium-driver`, against the real `solve-asp studio` command.

`.ci/run` installs both; in CI (CI=true) a missing browser fails these tests instead of
skipping them. With STUDIO_SCREENSHOTS=DIR the tests save their screenshots there (the
ones in docs/ were made so).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from checkers import checker

pytest.importorskip("starlette", reason="the studio extra is part of the test extra")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--window-size=1400,1000"]
SHOTS = os.environ.get("STUDIO_SCREENSHOTS")


def _browser_missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed"
    for path in (CHROMIUM, DRIVER):
        if not Path(path).exists():
            return f"{path} is missing (apt-get install chromium chromium-driver)"
    return None


@pytest.fixture(scope="module")
def studio():
    """The real command, on a free port; its printed address (with the token)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pyasp_runner", "studio", "--no-browser", "--time-limit", "30"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = process.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=\S+)", line)
    assert match, f"no address printed: {line!r} {process.stderr.read() if not match else ''}"
    yield match.group(1)
    process.send_signal(2)  # Ctrl-C
    try:
        assert process.wait(timeout=15) == 0
    finally:
        if process.poll() is None:
            process.kill()


@pytest.fixture(scope="module")
def browser():
    missing = _browser_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests need a browser in CI: {missing}")
        pytest.skip(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="studio-chromium-")
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.implicitly_wait(0)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def wait_for(condition, timeout: float = 90.0, what: str = "the page"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def screenshot(driver, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SHOTS) / f"studio-{name}.png"))


def text_of(driver, element_id: str) -> str:
    return driver.find_element("id", element_id).text


def open_puzzle(driver, address: str, puzzle: str, instance: str) -> None:
    from selenium.webdriver.support.ui import Select

    driver.get(address)
    wait_for(lambda: driver.find_elements("css selector", "#puzzle option"), what="puzzles")
    Select(driver.find_element("id", "puzzle")).select_by_value(puzzle)
    wait_for(lambda: driver.find_element("id", "rules-name").text == f"{puzzle}.lp"
             and driver.find_elements("css selector", "#instance option"), what="its rules")
    Select(driver.find_element("id", "instance")).select_by_value(instance)
    wait_for(lambda: driver.execute_script("return state.instance") == instance,
             what="the instance")


def press(driver, button: str) -> None:
    """Click a button and wait until its solve has finished."""
    driver.find_element("id", button).click()
    wait_for(lambda: driver.find_element("id", "solve").is_enabled()
             and not driver.find_element("id", "stop").is_enabled(), what=f"{button} to finish")


def board_grid(driver, where: str = "#board") -> list[list[int | None]]:
    """The numbers drawn on a grid board's SVG, by each value's data-row and data-col
    (cells without a number None)."""
    cells = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' svg text.cell')]"
        ".map(e => [Number(e.dataset.row), Number(e.dataset.col), e.textContent,"
        " e.getAttribute('class')])", where)
    assert cells, "no board drawn"
    rows = max(r for r, _, _, _ in cells)
    cols = max(c for _, c, _, _ in cells)
    grid: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for r, c, text, _ in cells:
        grid[r - 1][c - 1] = int(text) if text.isdigit() else None
    return grid


def marked(driver, mark: str, where: str = "#board") -> list[tuple[int, int, str]]:
    """The values drawn with a mark (a class: conflict, decided, ...), by position."""
    return sorted(tuple(cell) for cell in driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' svg .cell.' + arguments[1])]"
        ".map(e => [Number(e.dataset.row), Number(e.dataset.col), e.textContent])",
        where, mark))


def type_at_line(driver, line: int, keys: str) -> None:
    """Put the cursor at the start of a line of the editor and type, as a person does."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script(
        "const view = state.editor; const at = view.state.doc.line(arguments[0]).from;"
        "view.focus(); view.dispatch({selection: {anchor: at}});", line)
    ActionChains(driver).send_keys(keys).perform()


def test_the_page_solves_a_puzzle_and_draws_the_checked_answer(studio, browser):
    open_puzzle(browser, studio, "hidoku", "10x10.csv")
    assert "count(K)" in browser.find_element("css selector", "#editor .cm-content").text
    assert browser.find_elements("css selector", "#editor .cm-lineNumbers")
    press(browser, "solve")
    assert text_of(browser, "summary") == "Solved: the solution is unique."
    checker("hidoku").check((ROOT / "instances/hidoku/10x10.csv").read_text(),
                            {"grid": board_grid(browser)})
    stats = text_of(browser, "stats")
    assert "choices" in stats and "decisions: atoms the solver guessed" in stats
    screenshot(browser, "solved")


def test_breaking_the_successor_rule_shows_a_wrong_board_and_reset_fixes_it(studio, browser):
    open_puzzle(browser, studio, "hidoku", "10x10.csv")
    lines = (ROOT / "asp/hidoku.lp").read_text().splitlines()
    rule = next(i for i, text in enumerate(lines, 1) if "not number(R2,C2,V+1)" in text)
    # The successor rule and its mirror (the predecessor rule implies it) commented out.
    type_at_line(browser, rule, "% ")
    type_at_line(browser, rule + 1, "% ")
    assert text_of(browser, "edited") == "(edited)"
    press(browser, "solve")
    text = (ROOT / "instances/hidoku/10x10.csv").read_text()
    with pytest.raises(AssertionError):
        checker("hidoku").check(text, {"grid": board_grid(browser)})
    assert "unique" not in text_of(browser, "summary")
    browser.find_element("id", "reset").click()
    assert text_of(browser, "edited") == ""
    press(browser, "solve")
    checker("hidoku").check(text, {"grid": board_grid(browser)})
    assert text_of(browser, "summary") == "Solved: the solution is unique."


def test_a_broken_rule_is_marked_at_its_line(studio, browser):
    open_puzzle(browser, studio, "jodici", "1.csv")
    lines = (ROOT / "asp/jodici.lp").read_text().splitlines()
    rule = next(i for i, text in enumerate(lines, 1) if text and not text.startswith(("%", "#")))
    type_at_line(browser, rule, "oops ")
    press(browser, "solve")
    assert text_of(browser, "error").splitlines()[1].startswith(f"rules.lp:{rule}:")
    assert browser.find_elements("css selector", "#editor .cm-lintRange-error")
    # The editor moves its cursor to the error: the active line is the broken one.
    active = browser.find_element("css selector", "#editor .cm-activeLine").text
    assert active.startswith("oops ")
    screenshot(browser, "error")


def test_explain_marks_the_conflicting_clues(studio, browser):
    open_puzzle(browser, studio, "hidoku", "unsolvable.csv")
    press(browser, "solve")
    assert text_of(browser, "summary").startswith("No solution")
    press(browser, "explain")
    assert "the 1 at (1,1) and the 3 at (1,4) cannot both hold together" in text_of(
        browser, "summary")
    assert marked(browser, "conflict") == [(1, 1, "1"), (1, 4, "3")]
    screenshot(browser, "explain")


def test_a_long_solve_shows_progress_and_stop_ends_it(studio, browser):
    open_puzzle(browser, studio, "magic", "5x5-empty.csv")
    browser.execute_script("run('solve', {index: 5000})")
    wait_for(lambda: "s," in text_of(browser, "progress"), what="progress")
    browser.find_element("id", "stop").click()
    wait_for(lambda: browser.find_element("id", "solve").is_enabled(), what="the stop")
    assert text_of(browser, "summary") == "Stopped from the page."


def test_the_search_plays_back_step_by_step(studio, browser):
    open_puzzle(browser, studio, "hidoku", "10x10.csv")
    press(browser, "trace")
    player, hand = wait_for(lambda: browser.find_elements("css selector", "#players .player"),
                            what="the playback")
    counts = player.find_element("css selector", ".counts").text
    # The counts of docs/declarative-vs-imperative.md for this instance.
    assert counts == "7 choices, 3 conflicts, 1 answers", counts
    assert hand.find_element("css selector", ".counts").text.startswith(
        "2,051 nodes opened, 2,050 values tried, ")
    hand.find_element("css selector", ".next").click()
    assert marked(browser, "decided", "#players .player:nth-child(2)") or marked(
        browser, "propagated", "#players .player:nth-child(2)")
    position = player.find_element("css selector", ".position")
    assert position.text.startswith("step 1 of ") and position.text.endswith("level 0")
    seen_propagated = seen_jump = False
    texts = []
    for _ in range(int(position.text.split(" of ")[1].split()[0]) - 1):
        player.find_element("css selector", ".next").click()
        texts.append(player.find_element("css selector", ".step-text").text)
        seen_propagated |= bool(marked(browser, "propagated", "#players"))
        seen_jump |= bool(browser.find_elements("css selector", "#players .view.conflict"))
        level = int(position.text.rsplit("level ", 1)[1])
        assert level >= 0
    assert seen_propagated and seen_jump
    assert any(text.startswith("level 1: decided ") for text in texts)
    assert texts[-1] == "answer 1 found"
    checker("hidoku").check((ROOT / "instances/hidoku/10x10.csv").read_text(),
                            {"grid": board_grid(browser, "#players .player")})
    slider = player.find_element("css selector", ".slider")
    browser.execute_script("arguments[0].value = 2; arguments[0].dispatchEvent("
                           "new Event('input'))", slider)
    assert position.text.startswith("step 3 of ")
    screenshot(browser, "trace")


def test_a_pasted_game_id_is_solved(studio, browser):
    open_puzzle(browser, studio, "skyscrapers", next(
        p.name for p in sorted((ROOT / "instances/skyscrapers").iterdir())
        if not p.name.endswith(".expected.json")))
    game = "4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1"
    browser.find_element("css selector", "#paste-box summary").click()
    browser.find_element("id", "paste").send_keys(game)
    browser.find_element("id", "use-paste").click()
    assert text_of(browser, "source") == "pasted puzzle"
    press(browser, "solve")
    assert text_of(browser, "summary") == "Solved: the solution is unique."
    grid = board_grid(browser)
    assert sorted(map(sorted, grid)) == [[1, 2, 3, 4]] * 4  # a Latin square, drawn
    assert sorted(map(sorted, zip(*grid, strict=True))) == [[1, 2, 3, 4]] * 4
