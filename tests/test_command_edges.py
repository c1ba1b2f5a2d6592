"""The command at its edges, each through the real `solve-asp` process: output that
cannot be written, readers that leave, signals, option bounds, inputs without end,
encodings that clingo refuses or that show nothing, and the time limit over the output.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from checkers import checker
from conftest import ROOT, busy_for, watchdog

from pyasp_runner.cli import main

JODICI = str(ROOT / "instances" / "jodici" / "1.csv")
# A 5x5 skyscrapers board without clues: 161,280 solutions, found faster than written.
OPEN_5 = "5:" + "/" * 19
OPEN_4 = "4:" + "/" * 15  # 576 solutions
SLOW_GROUND = "n(1..3000). big(X,Y,Z) :- n(X), n(Y), n(Z), X+Y+Z = 4000.\n#show big/3.\n"


def solve_asp(*argv: str, stdout=subprocess.PIPE, env=None, timeout=60,
              stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyasp_runner", *argv], stdout=stdout,
                          stderr=subprocess.PIPE, stdin=stdin, env=env, timeout=timeout,
                          check=False)


def one_line(stderr: bytes) -> str:
    text = stderr.decode()
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


# --- Output that cannot be written ---------------------------------------------------------

@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("form", [(), ("--json",)])
def test_full_disk_is_one_line_and_exit_five(form):
    with open("/dev/full", "wb") as full:
        done = solve_asp("jodici", JODICI, *form, stdout=full)
    assert done.returncode == 5
    assert "No space left on device" in one_line(done.stderr)


def test_unencodable_output_is_one_line_and_exit_five(monkeypatch, capsys):
    class Refusing(io.StringIO):  # what an ascii stream does with a character it lacks
        encoding = "ascii"

        def write(self, text: str) -> int:
            raise UnicodeEncodeError("ascii", text, 0, 1, "ordinal not in range(128)")

    monkeypatch.setattr(sys, "stdout", Refusing())
    assert main(["jodici", JODICI]) == 5
    err = capsys.readouterr().err
    assert err.startswith("solve-asp: standard output cannot be written: its encoding ascii")
    assert len(err.strip().splitlines()) == 1


def _reader_leaves(*argv: str) -> tuple[int, str]:
    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", *argv],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    with watchdog(process, 180):
        process.stdout.readline()  # like `| head -1`
        process.stdout.close()
        _, err = process.communicate()
    return process.returncode, err.decode()


def test_a_reader_that_leaves_keeps_the_outcomes_code():
    code, err = _reader_leaves("skyscrapers", OPEN_5, "-n", "0", "--time-limit", "3")
    assert code == 4 and "Traceback" not in err and "broken pipe" in err
    assert len(err.strip().splitlines()) == 1
    code, err = _reader_leaves("flower", str(ROOT / "instances" / "flower" / "original.txt"))
    assert code == 1 and "Traceback" not in err


# --- Signals -------------------------------------------------------------------------------

# The command as its entry point runs, with a signal sent to itself while the command's
# modules are being imported (from inside an exec() of a string, as dataclasses make
# their methods: CPython then remembers the interrupt as unhandled): while the command
# line itself is imported (`inputs`, before `cli.main` runs), or the solving modules
# (`runner`, imported by `cli.main` for the command).
SIGNALLED_START = """
import os, signal, sys
class Finder:
    def find_spec(self, name, path=None, target=None):
        if name == %r:
            exec("os.kill(os.getpid(), signal.%s)")
        return None
sys.meta_path.insert(0, Finder())
sys.argv = ["solve-asp", "jodici", %r]
from pyasp_runner.__main__ import run_command
run_command()
"""


@pytest.mark.parametrize("module", ["pyasp_runner.inputs", "pyasp_runner.runner"])
@pytest.mark.parametrize(("name", "code"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_signal_while_the_command_starts_ends_it_with_one_line(module, name, code):
    done = subprocess.run([sys.executable, "-c", SIGNALLED_START % (module, name, JODICI)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr, done.stdout) == (code, "solve-asp: interrupted\n", "")


@pytest.mark.parametrize("form", ["--json", "--stats"])
def test_sigterm_reports_what_was_found(form):
    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", "skyscrapers", OPEN_5,
                                "-n", "0", form], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    with watchdog(process, 240):
        busy_for(process, 1.5)  # in the search, with answers found
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate()
    assert process.returncode == 143 and "Traceback" not in err
    if form == "--json":
        data = json.loads(out)
        assert data["status"] == "interrupted" and data["complete"] is False
        assert 1 <= len(data["solutions"]) <= data["count"] < 161_280
        check = checker("skyscrapers").check
        for solution in data["solutions"][:50]:
            check(OPEN_5, solution)
    else:
        assert "Stopped (interrupted)" in out and "solutions found so far" in out


def test_sigterm_while_grounding(tmp_path):
    slow = tmp_path / "slow.lp"
    slow.write_text(SLOW_GROUND)
    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", "jodici", JODICI,
                                "--encoding", str(slow), "--json"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    with watchdog(process, 240):
        busy_for(process, 1.5)  # grounding
        process.send_signal(signal.SIGTERM)
        out, _ = process.communicate()
    assert process.returncode == 143
    data = json.loads(out)
    assert data["status"] == "interrupted" and data["solutions"] == [] and data["count"] == 0


# --- Options -------------------------------------------------------------------------------

@pytest.mark.parametrize("option", [
    ("--threads", "0"), ("--threads", "65"), ("--cap", "99999999999"),
    ("-n", "4294967296"), ("-n", "²"), ("--time-limit", "1e300"), ("--time-limit", "nan"),
    ("--time-limit", "0"), ("--max-size", "0"), ("--memory-limit", "-1"),
    ("--memory-limit", "nan"), ("--memory-limit", "1e99"),
])
def test_out_of_range_options_are_usage_errors(option):
    done = solve_asp("jodici", JODICI, *option)
    assert done.returncode == 2
    line = one_line(done.stderr)
    assert line.startswith("solve-asp jodici: error: argument") and option[0] in line


def test_all_solutions_without_a_cap_are_all_shown():
    done = solve_asp("skyscrapers", OPEN_4, "-n", "0", "--cap", "0", "--json")
    data = json.loads(done.stdout)
    assert done.returncode == 0 and data["complete"] and data["count"] == 576
    grids = {json.dumps(solution) for solution in data["solutions"]}
    assert len(grids) == 576
    for solution in data["solutions"]:
        checker("skyscrapers").check(OPEN_4, solution)
    done = solve_asp("skyscrapers", OPEN_4, "-n", "0", "--cap", "0")
    assert done.stdout.decode().count("Solution ") == 576
    assert "576 solutions, all shown." in done.stdout.decode()


# --- The time limit covers the whole run ---------------------------------------------------

@pytest.mark.parametrize("form", [(), ("--json",)])
def test_time_limit_bounds_the_output(form):
    done = solve_asp("skyscrapers", OPEN_5, "-n", "0", "--time-limit", "3", "--stats", *form)
    assert done.returncode == 4 and "Traceback" not in done.stderr.decode()
    if form:
        data = json.loads(done.stdout)
        assert data["status"] == "timeout" and 1 <= len(data["solutions"]) <= data["count"]
        assert 2.5 <= data["stats"]["time_s"] <= 3.5 and "output_s" in data["stats"]
    else:
        assert "drawn before the time limit" in done.stdout.decode()


def test_time_limit_covers_reading_standard_input():
    reader, writer = os.pipe()  # a writer that never writes nor closes
    try:
        done = solve_asp("jodici", "-", "--time-limit", "1", stdin=reader, timeout=30)
    finally:
        os.close(reader)
        os.close(writer)
    assert done.returncode == 4
    assert "time limit" in one_line(done.stderr)


# --- Inputs without end --------------------------------------------------------------------

@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused(device):
    done = solve_asp("jodici", device, "--time-limit", "2")
    assert done.returncode == 2
    assert f"{device}: is a character device, not a regular file" in one_line(done.stderr)


def test_endless_standard_input_is_refused_by_its_size():
    with open("/dev/zero", "rb") as zero:
        done = solve_asp("jodici", "-", stdin=zero)
    assert done.returncode == 2
    assert "<stdin>: larger than any puzzle" in one_line(done.stderr)


def test_a_fifo_is_refused_as_puzzle_and_as_encoding(tmp_path):
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    done = solve_asp("jodici", str(fifo), timeout=30)
    assert done.returncode == 2 and "FIFO" in one_line(done.stderr)
    done = solve_asp("jodici", JODICI, "--encoding", str(fifo), timeout=30)
    assert done.returncode == 2 and "FIFO" in one_line(done.stderr)  # a path, like the puzzle


def test_a_large_file_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.csv"
    with open(big, "wb") as handle:
        handle.truncate(100 * 2**20)  # 100 MB of one line, sparse on disk
    done = solve_asp("jodici", str(big))
    assert done.returncode == 2
    assert "104,857,600 bytes is larger than any puzzle" in one_line(done.stderr)


def test_a_symlink_loop_is_not_a_missing_file(tmp_path):
    loop = tmp_path / "loop.csv"
    loop.symlink_to(loop)
    done = solve_asp("jodici", str(loop))
    assert done.returncode == 2 and "loop of symbolic links" in one_line(done.stderr)
    done = solve_asp("jodici", JODICI, "--encoding", str(loop))
    assert done.returncode == 2 and "loop of symbolic links" in one_line(done.stderr)


# --- Encodings -----------------------------------------------------------------------------

def test_a_script_block_gets_clingos_own_message(tmp_path):
    scripted = tmp_path / "scripted.lp"
    scripted.write_text((ROOT / "asp" / "jodici.lp").read_text()
                        + "\n#script (python)\ndef f(): pass\n#end.\n")
    done = solve_asp("jodici", JODICI, "--encoding", str(scripted))
    assert done.returncode == 3
    line = one_line(done.stderr)
    assert f"{scripted}:" in line and "python support not available" in line
    assert "cannot be parsed: cannot be parsed" not in line


def test_an_empty_encoding_is_an_encoding_error(tmp_path):
    empty = tmp_path / "empty.lp"
    empty.write_text("")
    for form in ((), ("--json",)):
        done = solve_asp("jodici", JODICI, "--encoding", str(empty), *form)
        assert done.returncode == 3
        assert "holds none of the atoms the puzzle draws" in one_line(done.stderr)
        if form:  # with --json the error is a JSON object too, and no solution
            data = json.loads(done.stdout)
            assert (data["status"], data["exit_code"]) == ("error", 3)
        else:
            assert not done.stdout


def test_unsafe_variables_are_named(tmp_path):
    unsafe = tmp_path / "unsafe.lp"
    unsafe.write_text((ROOT / "asp" / "jodici.lp").read_text() + "\nodd(X, Y) :- X < Y.\n")
    done = solve_asp("jodici", JODICI, "--encoding", str(unsafe))
    err = done.stderr.decode()
    assert done.returncode == 3 and "Traceback" not in err
    assert "unsafe variables in:" in err and "'X' is unsafe" in err and "'Y' is unsafe" in err


# --- The envelope says one thing -----------------------------------------------------------

def test_flower_without_a_cover_counts_no_solution():
    flower = ROOT / "instances" / "flower" / "original.txt"
    done = solve_asp("flower", str(flower), "--json")
    data = json.loads(done.stdout)
    assert done.returncode == 1 and data["status"] == "unsolvable"
    assert (data["solutions"], data["count"], data["complete"]) == ([], 0, True)
    closest = data["closest"]
    assert closest["open"] == 1 and closest["count"] == len(closest["solutions"]) == 16
    for stack in closest["solutions"]:
        checker("flower").check_closest(flower.read_text(), {**closest, "solutions": [stack]})
