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
from conftest import comparison_table, watchdog

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
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        start_new_session=True)
    with watchdog(process, 180, "the studio, starting"):
        line = process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=\S+)", line)
        assert match, f"no address printed: {line!r} {process.stderr.read() if not match else ''}"
    yield match.group(1)
    process.send_signal(2)  # Ctrl-C
    with watchdog(process, 60, "the studio, stopping after Ctrl-C"):
        assert process.wait() == 0


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
    """The whole page (the window grown to its height for the picture)."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        size = driver.get_window_size()
        height = driver.execute_script(
            "return Math.max(document.documentElement.scrollHeight, ...[...document"
            ".querySelectorAll('main > section')].map(e => e.getBoundingClientRect().bottom"
            " + window.scrollY))")
        driver.set_window_size(size["width"], max(size["height"], int(height) + 140))
        driver.save_screenshot(str(Path(SHOTS) / f"studio-{name}.png"))
        driver.set_window_size(size["width"], size["height"])


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


def shown(driver, css: str) -> list:
    """The elements matching `css` that the page displays."""
    return [e for e in driver.find_elements("css selector", css) if e.is_displayed()]


def test_the_page_solves_a_puzzle_and_draws_the_checked_answer(studio, browser):
    open_puzzle(browser, studio, "hidoku", "10x10.csv")
    assert "count(K)" in browser.find_element("css selector", "#editor .cm-content").text
    assert browser.find_elements("css selector", "#editor .cm-lineNumbers")
    # Before any answer the board's side says what to press, on what.
    empty = browser.find_element("id", "empty")
    assert empty.is_displayed()
    assert empty.text.startswith("Press Solve to solve instances/hidoku/10x10.csv with the rules")
    screenshot(browser, "start")
    press(browser, "solve")
    assert not empty.is_displayed()
    assert text_of(browser, "summary") == "Solved: the solution is unique."
    checker("hidoku").check((ROOT / "instances/hidoku/10x10.csv").read_text(),
                            {"grid": board_grid(browser)})
    stats = text_of(browser, "stats")
    assert "choices" in stats and "decisions: atoms the solver guessed" in stats
    screenshot(browser, "solved")


def test_a_broken_rule_is_marked_at_its_line(studio, browser):
    open_puzzle(browser, studio, "jodici", "1.csv")
    press(browser, "solve")  # an answer first: the error replaces it
    assert shown(browser, "#board svg") and shown(browser, "#stats")
    lines = (ROOT / "asp/jodici.lp").read_text().splitlines()
    rule = next(i for i, text in enumerate(lines, 1) if text and not text.startswith(("%", "#")))
    type_at_line(browser, rule, "oops ")
    press(browser, "solve")
    # clingo's message once, in the command's one line, and nothing of the last answer
    error = text_of(browser, "error")
    assert re.fullmatch(rf"rules\.lp: cannot be parsed: rules\.lp:{rule}:\d+(-\d+)?: "
                        r"error: syntax error, [^\n]*", error), error
    assert not shown(browser, "#board svg") and not shown(browser, "#stats")
    assert text_of(browser, "summary") == ""
    assert browser.find_elements("css selector", "#editor .cm-lintRange-error")
    # The editor moves its cursor to the error: the active line is the broken one.
    active = browser.find_element("css selector", "#editor .cm-activeLine").text
    assert active.startswith("oops ")
    screenshot(browser, "error")
    browser.find_element("id", "reset").click()  # the packaged rules are back
    assert text_of(browser, "edited") == ""
    assert "oops" not in browser.find_element("css selector", "#editor .cm-content").text
    assert not browser.find_elements("css selector", "#editor .cm-lintRange-error")


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


def player_of(driver, name: str):
    return driver.find_element("css selector", f'#players .player[data-player="{name}"]')


def step_of(driver, name: str) -> int:
    return int(player_of(driver, name).get_attribute("data-step"))


def click_in(driver, name: str, button: str, until=None) -> None:
    """Click a player's button and wait until its step is drawn."""
    before = step_of(driver, name)
    player_of(driver, name).find_element("css selector", f".{button}").click()
    wait_for(until or (lambda: step_of(driver, name) != before
                       and "drawing" not in player_of(driver, name).text),
             timeout=30, what=f"{name}'s {button}")


def test_done_when_break_the_successor_rule_fix_it_and_watch_both_searches(studio, browser):
    """The issue's walk: pick hidoku, break the successor rule, see the board go wrong,
    fix it, and watch clingo's decisions and propagation fill the board beside the
    hand-written search, counted as docs/declarative-vs-imperative.md counts them."""
    instance = "hidoku/10x10.csv"
    text = (ROOT / "instances" / instance).read_text()
    open_puzzle(browser, studio, *instance.split("/"))
    lines = (ROOT / "asp/hidoku.lp").read_text().splitlines()
    rule = next(i for i, line in enumerate(lines, 1) if "not value(R2,C2,V+1)" in line)
    # Its mirror, the predecessor rule, in the Redundant block, implies it.
    mirror = next(i for i, line in enumerate(lines, 1) if "not value(R2,C2,V-1)" in line)
    # Break it: the successor rule and its mirror.
    type_at_line(browser, rule, "% ")
    type_at_line(browser, mirror, "% ")
    assert text_of(browser, "edited") == "(edited)"
    press(browser, "solve")
    with pytest.raises(AssertionError):  # the board went wrong: numbers no longer touch
        checker("hidoku").check(text, {"grid": board_grid(browser)})
    assert "unique" not in text_of(browser, "summary")
    screenshot(browser, "broken")
    # Fix it as it was broken: delete the two comment marks again.
    type_at_line(browser, rule, "\ue017\ue017")  # Delete, Delete
    type_at_line(browser, mirror, "\ue017\ue017")
    assert text_of(browser, "edited") == ""
    press(browser, "solve")
    checker("hidoku").check(text, {"grid": board_grid(browser)})
    assert text_of(browser, "summary") == "Solved: the solution is unique."

    press(browser, "trace")
    clingo, hand = player_of(browser, "clingo"), player_of(browser, "imperative")
    assert clingo.rect["y"] == hand.rect["y"] and clingo.rect["x"] < hand.rect["x"]  # beside
    # The rules keep their room beside the boards (36em), their bar on one line.
    assert browser.find_element("id", "rules-pane").rect["width"] >= 36 * 14
    reset, save = (browser.find_element("id", name).rect for name in ("reset", "save"))
    assert save["x"] > reset["x"] and save["y"] < reset["y"] + reset["height"]
    row = comparison_table()[instance]
    assert clingo.find_element("css selector", ".counts").text == (
        f"{int(row['choices'])} choices, {int(row['conflicts'])} conflicts, 1 answer")
    assert hand.find_element("css selector", ".counts").text.startswith(
        f"{int(row['nodes']):,} nodes opened, {int(row['tried']):,} values tried, ")
    # clingo: every step, one by one, with its decision level; guesses and propagation
    # marked, a jump back flashed, the last step its checked answer.
    position = clingo.find_element("css selector", ".position")
    total = int(clingo.get_attribute("data-total"))
    assert position.text == f"step 1 of {total} · level 0"
    # Step 1: the clues, and the cells clingo settled from them before its search,
    # marked and counted (on this board clasp's preprocessing places 9 numbers).
    givens = {(r, c): int(value) for r, line in enumerate(
        (line for line in text.splitlines() if not line.startswith("#")), start=1)
        for c, value in enumerate(line.split(","), start=1) if value.strip().isdigit()}
    drawn = {(r, c): value for r, row in enumerate(board_grid(browser, '[data-player="clingo"]'),
                                                   start=1)
             for c, value in enumerate(row, start=1) if value is not None}
    settled = {(r, c) for r, c, _ in marked(browser, "propagated", '[data-player="clingo"]')}
    assert {cell: drawn.get(cell) for cell in givens} == givens
    assert settled == drawn.keys() - givens.keys() and len(settled) == 9
    assert clingo.find_element("css selector", ".step-text").text == (
        "before the search: the clues, and 9 cells clingo settled from them while preparing "
        "it (grounding and clasp's preprocessing); no guess yet")
    screenshot(browser, "trace-step-1")
    seen = {"decided": 0, "propagated": 0, "jump": 0}
    both = None  # a step with a guess and its propagation, for the picture
    for _ in range(total - 1):
        click_in(browser, "clingo", "next")
        assert re.fullmatch(rf"step \d+ of {total} · level \d+", position.text)
        decided = bool(marked(browser, "decided", '[data-player="clingo"]'))
        propagated = bool(marked(browser, "propagated", '[data-player="clingo"]'))
        seen["decided"] += decided
        seen["propagated"] += propagated
        seen["jump"] += bool(clingo.find_elements("css selector", ".view.conflict"))
        if decided and propagated and both is None:
            both = step_of(browser, "clingo")
    assert all(seen.values()) and both is not None, seen
    assert clingo.find_element("css selector", ".step-text").text == "answer 1 found"
    checker("hidoku").check(text, {"grid": board_grid(browser, '[data-player="clingo"]')})
    # The slider goes back to any step.
    browser.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent("
                           "new Event('input'))", clingo.find_element("css selector", ".slider"),
                           both)
    wait_for(lambda: step_of(browser, "clingo") == both, what="the slider's step")
    assert position.text.startswith(f"step {both + 1} of {total} · level ")
    assert clingo.find_element("css selector", ".step-text").text.startswith(
        f"level {position.text.rsplit(' ', 1)[1]}: decided ")
    # The hand-written search: its first forced values, then straight to its answer and
    # its last step, thousands of steps on, drawn a page at a time.
    click_in(browser, "imperative", "next")
    assert marked(browser, "propagated", '[data-player="imperative"]')
    while not marked(browser, "decided", '[data-player="imperative"]'):
        click_in(browser, "imperative", "next")
    assert hand.find_element("css selector", ".step-text").text.startswith("tried ")
    screenshot(browser, "trace")
    click_in(browser, "imperative", "to-answer")
    assert hand.find_element("css selector", ".step-text").text == "a solution found"
    checker("hidoku").check(text, {"grid": board_grid(browser, '[data-player="imperative"]')})
    click_in(browser, "imperative", "last")
    steps = int(hand.get_attribute("data-total"))
    assert steps > 5_000
    assert hand.find_element("css selector", ".position").text.startswith(
        f"step {steps:,} of {steps:,} · ")


@pytest.mark.parametrize("instance", ["flower/pairs.txt", "checkerboard/dominoes-4x2.txt"])
def test_flower_and_checkerboard_searches_play_back_side_by_side(studio, browser, instance):
    open_puzzle(browser, studio, *instance.split("/"))
    press(browser, "trace")
    row = comparison_table()[instance]
    clingo, hand = player_of(browser, "clingo"), player_of(browser, "imperative")
    assert clingo.find_element("css selector", ".counts").text.startswith(
        f"{int(row['choices'])} choices, {int(row['conflicts'])} conflicts, ")
    assert hand.find_element("css selector", ".counts").text.startswith(
        f"{int(row['nodes']):,} nodes opened, {int(row['tried']):,} values tried, ")
    while not marked(browser, "decided", '[data-player="imperative"]'):
        click_in(browser, "imperative", "next")  # the first placement: a stone, or a disk
    assert len(marked(browser, "decided", '[data-player="imperative"]')) >= 2
    screenshot(browser, f"trace-{instance.split('/')[0]}")
    click_in(browser, "imperative", "to-answer")
    assert hand.find_element("css selector", ".step-text").text == "a solution found"
    click_in(browser, "clingo", "to-answer")
    assert clingo.find_element("css selector", ".step-text").text == "answer 1 found"


def choose_puzzle(driver, puzzle: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "puzzle")).select_by_value(puzzle)
    wait_for(lambda: driver.find_element("id", "rules-name").text == f"{puzzle}.lp",
             what=f"{puzzle}'s rules")


def test_a_new_puzzle_a_new_solve_or_an_error_clears_what_no_longer_belongs(studio, browser):
    """hidoku, Trace, then flower, Solve: only flower's board; then a broken rule: only
    the error."""
    from selenium.webdriver.support.ui import Select

    open_puzzle(browser, studio, "hidoku", "benedek-15.csv")
    press(browser, "trace")
    assert len(shown(browser, "#players .player")) == 2
    hand = player_of(browser, "imperative")
    Select(hand.find_element("css selector", ".speed")).select_by_visible_text("fastest")
    hand.find_element("css selector", ".play").click()
    wait_for(lambda: step_of(browser, "imperative") > 25, timeout=30, what="the playing")
    choose_puzzle(browser, "flower")
    since = browser.execute_script("return performance.now()")
    time.sleep(1.5)  # a playing search that is no longer shown fetches no more steps
    assert browser.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes("
        "'/steps?') && e.startTime > arguments[0]).length", since) == 0
    assert not shown(browser, "#players") and not shown(browser, "#board-pane svg")
    assert "tracing" not in browser.find_element("css selector", "main").get_attribute("class")
    assert text_of(browser, "empty").startswith(
        f"Press Solve to solve instances/flower/{browser.execute_script('return state.instance')} ")
    press(browser, "solve")
    pictures = shown(browser, "#board-pane svg")
    assert len(pictures) == 1 and "flower · " in pictures[0].text
    assert not shown(browser, "#players")
    screenshot(browser, "after-trace")
    type_at_line(browser, 1, "oops ")  # a comment line no longer
    press(browser, "solve")
    assert shown(browser, "#error") and not shown(browser, "#board-pane svg")
    assert not shown(browser, "#stats") and text_of(browser, "summary") == ""


def test_a_solve_running_for_another_puzzle_is_stopped_and_forgotten(studio, browser):
    open_puzzle(browser, studio, "magic", "5x5-empty.csv")
    browser.execute_script("run('solve', {index: 5000})")
    wait_for(lambda: "s," in text_of(browser, "progress"), what="progress")
    choose_puzzle(browser, "hidoku")
    wait_for(lambda: browser.find_element("id", "solve").is_enabled(), what="the stop")
    assert text_of(browser, "summary") == "" and not shown(browser, "#board-pane svg")
    assert text_of(browser, "empty").startswith("Press Solve to solve instances/hidoku/")


def test_rules_with_half_a_character_get_one_line(studio, browser):
    """A lone UTF-16 surrogate cannot be written for clingo: refused, naming where."""
    open_puzzle(browser, studio, "jodici", "1.csv")
    line = (ROOT / "asp/jodici.lp").read_text().count("\n") + 2
    browser.execute_script(
        "StudioEditor.setText(state.editor, state.packaged + '\\n% \\ud800\\n')")
    press(browser, "solve")
    assert text_of(browser, "error") == (
        f"rules.lp:{line}:3: U+D800 is half of a character (a lone UTF-16 surrogate), "
        "not text: delete it")


def test_check_marks_the_broken_rules_on_the_board_and_in_the_rules(studio, browser):
    open_puzzle(browser, studio, "skyscrapers", "codewars-4x4-1.txt")
    press(browser, "solve")
    browser.find_element("id", "answer-box").click()  # open: the grid to fill in
    wait_for(lambda: len(shown(browser, "#answer-grid input")) == 16, what="the answer grid")
    browser.find_element("id", "answer-from-board").click()
    first = browser.find_element("css selector", '#answer-grid input[data-row="0"][data-col="0"]')
    second = browser.find_element("css selector", '#answer-grid input[data-row="0"][data-col="1"]')
    solved = [first.get_attribute("value"), second.get_attribute("value")]
    assert all(value.isdigit() for value in solved)
    press(browser, "check")
    assert text_of(browser, "summary") == "Correct: the answer keeps every rule."
    assert not shown(browser, "#violations li")
    second.clear()
    second.send_keys(solved[0])  # row 1 holds (1,1)'s height twice
    press(browser, "check")
    assert text_of(browser, "summary").startswith("Not correct:")
    items = [item.text for item in shown(browser, "#violations li")]
    assert any("(1,1), (1,2)" in item for item in items), items
    assert (1, 1, solved[0]) in marked(browser, "conflict")
    assert (1, 2, solved[0]) in marked(browser, "conflict")
    rows_rule = next(i for i, text in enumerate(
        (ROOT / "asp/skyscrapers.lp").read_text().splitlines(), 1)
        if "#count{ C : tower(R, C, H) }" in text)
    marks = browser.execute_script(
        "return [...document.querySelectorAll('#editor .cm-lintRange-error')].length")
    assert marks >= 1
    lines = browser.execute_script(
        "const view = state.editor; return [...document.querySelectorAll("
        "'#editor .cm-lintRange-error')].map(e => view.state.doc.lineAt("
        "view.posAtDOM(e)).number)")
    assert rows_rule in lines
    screenshot(browser, "check")


def test_why_and_steps_play_the_deductions_on_the_board(studio, browser):
    open_puzzle(browser, studio, "skyscrapers", "codewars-4x4-1.txt")
    press(browser, "why")
    summary = text_of(browser, "summary")
    assert re.match(r"\(\d,\d\) is \d, by ", summary), summary
    assert len(marked(browser, "forced")) == 1
    press(browser, "steps")
    steps = shown(browser, "#walk-steps li")
    assert len(steps) == 16 and text_of(browser, "summary").startswith("16 steps.")
    assert text_of(browser, "walk-position") == "step 1 of 16"
    browser.find_element("id", "walk-next").click()
    assert text_of(browser, "walk-position") == "step 2 of 16"
    steps[9].click()
    assert text_of(browser, "walk-position") == "step 10 of 16"
    filled = [value for row in board_grid(browser) for value in row if value is not None]
    assert len(filled) == 10  # the nine values before it and the one it fixes
    screenshot(browser, "steps")


def test_a_new_genre_is_written_pasted_and_solved(studio, browser):
    from selenium.webdriver.support.ui import Select

    browser.get(studio)
    wait_for(lambda: browser.find_elements("css selector", "#puzzle option"), what="puzzles")
    Select(browser.find_element("id", "puzzle")).select_by_value("new genre")
    wait_for(lambda: "%! genre my_genre" in browser.find_element(
        "css selector", "#editor .cm-content").text, what="the new genre's rules")
    assert text_of(browser, "source") == "pasted puzzle"
    press(browser, "solve")
    assert text_of(browser, "summary") == "Solved: the solution is unique."
    assert board_grid(browser) == [[2, 1, 4, 3], [4, 3, 1, 2], [3, 4, 2, 1], [1, 2, 3, 4]]
    screenshot(browser, "new-genre")
    # A header naming an input the rules never use: refused, marked at its line.
    lines = (ROOT / "pyasp_runner/studio/static/new-genre.lp").read_text().splitlines()
    show = next(i for i, text in enumerate(lines, 1) if text.startswith("%! show"))
    type_at_line(browser, show, "%! input cells shaded\n")
    press(browser, "solve")
    assert text_of(browser, "error") == (f"rules.lp:{show}:1: error: header: the input "
                                         "'shaded' is shaded/2, which the rules never use")
    assert browser.find_elements("css selector", "#editor .cm-lintRange-error")
    screenshot(browser, "new-genre-error")


def test_a_genre_answer_is_checked_and_its_steps_played(studio, browser):
    open_puzzle(browser, studio, "sudoku", "pzprjs-4x4.txt")
    browser.find_element("id", "answer-box").click()
    wait_for(lambda: len(shown(browser, "#answer-grid input")) == 16, what="the answer grid")
    for col, value in enumerate("2143"):  # row 1: the given 1 and three numbers
        cell = browser.find_element(
            "css selector", f'#answer-grid input[data-row="0"][data-col="{col}"]')
        cell.clear()
        cell.send_keys(value)
    second = browser.find_element("css selector",
                                  '#answer-grid input[data-row="1"][data-col="0"]')
    second.clear()
    second.send_keys("2")  # (2,1) is 2: the box and the column already hold a 2
    press(browser, "check")
    assert text_of(browser, "summary").startswith("Not correct:")
    items = [item.text for item in shown(browser, "#violations li")]
    assert any(item.startswith("each box holds each number once") for item in items), items
    assert (2, 1, "2") in marked(browser, "conflict")
    screenshot(browser, "genre-check")
    press(browser, "steps")
    assert text_of(browser, "summary") == "12 steps. Solved."
    screenshot(browser, "genre-steps")


def test_a_division_into_regions_is_filled_in_as_region_numbers(studio, browser):
    """Shikaku's answer is its rectangles: the grid to fill in holds a region's number per
    cell, taken from the board solved; a cell given to the region beside it is named."""
    open_puzzle(browser, studio, "shikaku", "pzprjs-test.txt")
    press(browser, "solve")
    browser.find_element("id", "answer-box").click()
    wait_for(lambda: len(shown(browser, "#answer-grid input")) == 36, what="the answer grid")
    browser.find_element("id", "answer-from-board").click()
    first = browser.find_element("css selector", '#answer-grid input[data-row="0"][data-col="0"]')
    assert first.get_attribute("value").isdigit()
    press(browser, "check")
    assert text_of(browser, "summary") == "Correct: the answer keeps every rule."
    cells = [browser.find_element(
        "css selector", f'#answer-grid input[data-row="0"][data-col="{col}"]')
        for col in range(6)]
    values = [cell.get_attribute("value") for cell in cells]
    col = next(c for c in range(5) if values[c] != values[c + 1])
    cells[col].clear()
    cells[col].send_keys(values[col + 1])  # (1, col + 1) given to the region on its right
    press(browser, "check")
    assert text_of(browser, "summary").startswith("Not correct:")
    items = [item.text for item in shown(browser, "#violations li")]
    assert any(f"(1,{col + 1}) in the region of" in item for item in items), items
    screenshot(browser, "shikaku-check")


def test_a_countdown_expression_is_pasted_and_checked(studio, browser):
    """A puzzle whose answer is one field: the expression pasted as text is checked, the
    broken step named and its rule's line marked in the rules."""
    open_puzzle(browser, studio, "countdown", "reference.txt")
    browser.find_element("id", "answer-box").click()
    wait_for(lambda: "its expression" in text_of(browser, "answer-grid"),
             what="the answer's form")
    paste = browser.find_element("id", "answer-text")
    paste.send_keys("10*75-8/2")
    press(browser, "check")
    assert text_of(browser, "summary") == "Correct: the answer keeps every rule."
    paste.clear()
    paste.send_keys("100*9")  # no 9 among the numbers
    press(browser, "check")
    assert text_of(browser, "summary").startswith("Not correct:")
    items = [item.text for item in shown(browser, "#violations li")]
    assert any(item.startswith("each step combines two values of the given numbers")
               for item in items), items
    step_rule = next(i for i, text in enumerate(
        (ROOT / "asp/countdown.lp").read_text().splitlines(), 1)
        if text.startswith("node(S,V,O,A,VA,B,VB) :-"))
    lines = browser.execute_script(
        "const view = state.editor; return [...document.querySelectorAll("
        "'#editor .cm-lintRange-error')].map(e => view.state.doc.lineAt("
        "view.posAtDOM(e)).number)")
    assert step_rule in lines
    screenshot(browser, "countdown-check")
