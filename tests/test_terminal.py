"""The real command as it goes: on a terminal (a pseudo-terminal) answers drawn as they
are found, Ctrl-C keeping them, and the progress line of generate, --explain and --hint;
through a pipe, --json-lines written answer by answer."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest
from conftest import ROOT, watchdog

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")

_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def on_terminal(*argv: str, interrupt_at: str | None = None,
                timeout: float = 120) -> tuple[int, str, bool | None]:
    """Run `solve-asp ARGV` with a terminal as its input and outputs: the exit code, what
    the terminal showed (escapes removed), and, with `interrupt_at`, whether the command
    was still running when that text appeared (it then gets Ctrl-C's SIGINT)."""
    master, slave = os.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40",
           "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", *argv], stdin=slave,
                               stdout=slave, stderr=slave, env=env)
    os.close(slave)
    shown, running = b"", None
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if not select.select([master], [], [], 0.1)[0]:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed: the command ended
                break
            if not chunk:
                break
            shown += chunk
            if interrupt_at and running is None and interrupt_at.encode() in shown:
                running = process.poll() is None
                process.send_signal(signal.SIGINT)
    finally:
        os.close(master)
    with watchdog(process, 60, f"solve-asp {' '.join(argv)}, after its terminal closed"):
        code = process.wait()
    return code, _ESCAPE.sub("", shown.decode("utf-8", "replace")).replace("\r", ""), running


def test_all_answers_are_drawn_as_found_and_ctrl_c_keeps_them(tmp_path):
    # An open 6x6 hidoku has a vast number of numberings: -n 0 is still searching when
    # the fifth is on the screen.
    grid = tmp_path / "open.txt"
    grid.write_text("\n".join(["_ _ _ _ _ _"] * 6) + "\n")
    code, shown, running = on_terminal("hidoku", str(grid), "-n", "0",
                                       interrupt_at="Solution 5")
    assert running is True, "the answers were drawn only after the search ended"
    assert code == 130
    assert shown.index("Solution 1") < shown.index("Solution 5")
    assert "Stopped (interrupted)" in shown and "solutions found so far" in shown


def test_generate_names_what_it_is_doing_on_a_terminal():
    code, shown, _ = on_terminal("generate", "skyscrapers", "--size", "9", "--seed", "3")
    assert code == 0
    assert re.search(r"dropping clues: \d+ of \d+ tried, \d+ kept… [\d.]+ s, \d+ searches",
                     shown)
    assert "skyscrapers: " in shown and "unique solution, seed 3" in shown


@pytest.mark.parametrize(("argv", "doing", "exit_code"), [
    (("checkerboard", "example:unsolvable", "--explain"), "explaining", 1),
    (("hidoku", "example:several", "--hint"), "finding what is forced", 0)])
def test_explain_and_hint_show_their_progress_on_a_terminal(argv, doing, exit_code):
    code, shown, _ = on_terminal(*argv)
    assert code == exit_code
    assert re.search(rf"{doing}… [\d.]+ s, \d+ searches? \(Ctrl-C stops\)", shown)


def test_json_lines_are_written_as_found_and_ctrl_c_ends_them_with_the_summary(tmp_path):
    # Through a pipe: the first answer's line arrives while the search goes on; after
    # SIGINT every line is whole and the last is the summary (status interrupted).
    grid = tmp_path / "open.txt"
    grid.write_text("\n".join(["_ _ _ _ _ _"] * 6) + "\n")
    # Unbuffered: readline takes the first line only, so communicate (which reads the
    # pipe itself, past any reader's buffer) gets every later line.
    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", "hidoku", str(grid),
                                "-n", "0", "--json-lines"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, bufsize=0, start_new_session=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdout is not None
    with watchdog(process, 240):
        first = json.loads(process.stdout.readline())
        assert process.poll() is None, "the first answer came only after the search ended"
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate()
    lines = [first] + [json.loads(line) for line in rest.decode().splitlines()]
    assert process.returncode == 130
    assert [line["type"] for line in lines] == ["answer"] * (len(lines) - 1) + ["result"]
    assert [line["index"] for line in lines[:-1]] == list(range(1, len(lines)))
    assert lines[-1]["status"] == "interrupted" and lines[-1]["count"] >= len(lines) - 1
