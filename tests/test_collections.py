"""Auditing collections through the real command: several files, a directory, lines on
standard input, bad files, time limits, --resume, Ctrl-C and SIGTERM, a Dask cluster.

Every solution a line claims is checked by the puzzle's independent checker.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from checkers import checker
from conftest import ROOT, watchdog

INSTANCES = ROOT / "instances"
# Signpost game IDs: a unique 5x5, and a 4x4 whose arrows allow two numberings.
SIGNPOST_5 = "5x5:1cceefcfggeeccghcac3e12hch10ah25a"
SLOW_GROUND = "n(1..3000). big(X,Y,Z) :- n(X), n(Y), n(Z), X+Y+Z = 4000.\n#show big/3.\n"
# The keys of every line; a solved or unsolvable line has the --json envelope's too.
HEAD = {"type", "file", "puzzle", "status"}
ENVELOPE = {"solutions", "count", "complete", "unique", "stats"}


def solve_asp(*argv: str, stdin: str | None = None, timeout: float = 120,
              cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyasp_runner", *argv], input=stdin,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          cwd=cwd)


def json_lines(text: str) -> list[dict]:
    return [json.loads(row) for row in text.splitlines()]


def expected(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def check_line(line: dict, text: str) -> None:
    """A line obeys the schema; a solution it claims obeys the puzzle's rules."""
    assert set(line) >= HEAD and line["type"] == "result"
    if line["status"] == "error":
        assert set(line) - HEAD <= {"line", "error", "exit_code"}
        # One of the codes an error line may carry (bad input, bad encoding, a worker
        # died); each test that makes an error says which.
        assert "\n" not in line["error"] and line["exit_code"] in (2, 3, 6)
        return
    assert set(line) >= ENVELOPE and "atoms" not in line
    assert len(line["solutions"]) <= line["count"]
    for solution in line["solutions"]:
        checker(line["puzzle"]).check(text, solution)


def test_a_directory_audits_each_puzzle_file_once() -> None:
    folder = INSTANCES / "hidoku"
    done = solve_asp("hidoku", str(folder), "--json-lines", "--jobs", "2")
    assert "Traceback" not in done.stderr
    lines = json_lines(done.stdout)
    files = sorted(p for p in folder.iterdir() if not p.name.endswith(".expected.json"))
    assert sorted(line["file"] for line in lines) == [str(p) for p in files]
    for line in lines:
        path = Path(line["file"])
        check_line(line, path.read_text())
        want = expected(path)
        assert line["status"] == want["status"]
        if "unique" in want:
            assert line["unique"] is want["unique"]
        if want.get("count", 1) > 1:
            assert line["unique"] is False
    assert done.returncode == 1  # the highest of its puzzles' codes: one is unsolvable


def test_several_files_and_the_summary_for_a_person() -> None:
    folder = INSTANCES / "jodici"
    done = solve_asp("jodici", str(folder / "1.csv"), str(folder / "several.csv"),
                     str(folder / "unsolvable.csv"))
    assert done.returncode == 1
    out = done.stdout
    assert "several solutions: " in out and "several.csv" in out
    assert "unsolvable: " in out and "unsolvable.csv" in out
    assert "1.csv" not in out.split("3 puzzles")[0]  # a unique puzzle gets no line of its own
    rows = {row.split()[0]: row.split()[-1] for row in out.splitlines()
            if row.strip().startswith(("unique ", "unsolvable "))}
    assert rows == {"unique": "1", "unsolvable": "1"}
    assert "slowest: " in out


def test_lines_on_standard_input_with_a_bad_line() -> None:
    text = f"# Signpost game IDs\n{SIGNPOST_5}\n\nnot-a-game-id\n{SIGNPOST_5}\n"
    done = solve_asp("signpost", "-", "--lines", "--json-lines", "--jobs", "2", stdin=text)
    assert "Traceback" not in done.stderr
    lines = sorted(json_lines(done.stdout), key=lambda line: line["line"])
    assert [(line["file"], line["line"]) for line in lines] == [
        ("<stdin>", 2), ("<stdin>", 4), ("<stdin>", 5)]
    for line in lines:
        check_line(line, text.splitlines()[line["line"] - 1])
    assert [line["status"] for line in lines] == ["solved", "error", "solved"]
    assert lines[1]["error"].startswith("<stdin>:4: ") and lines[1]["exit_code"] == 2
    assert lines[0]["unique"] is True
    assert done.returncode == 2


def test_lines_of_files_in_a_directory(tmp_path: Path) -> None:
    (tmp_path / "ids.txt").write_text(f"{SIGNPOST_5}\n# a comment\n4x4:a\n")
    (tmp_path / "more.txt").write_text(f"\n{SIGNPOST_5}\n")
    done = solve_asp("signpost", str(tmp_path), "--lines", "--json-lines")
    lines = {(Path(line["file"]).name, line["line"]): line for line in json_lines(done.stdout)}
    assert set(lines) == {("ids.txt", 1), ("ids.txt", 3), ("more.txt", 2)}
    assert lines[("ids.txt", 3)]["error"].startswith(f"{tmp_path / 'ids.txt'}:3: ")
    assert lines[("ids.txt", 3)]["exit_code"] == 2
    for (name, number), line in lines.items():
        check_line(line, (tmp_path / name).read_text().splitlines()[number - 1])
    assert lines[("more.txt", 2)]["unique"] is True
    assert done.returncode == 2


def test_a_bad_file_inside_a_batch_is_its_own_line(tmp_path: Path) -> None:
    shutil.copy(INSTANCES / "jodici" / "1.csv", tmp_path / "good.csv")
    (tmp_path / "binary.csv").write_bytes(b"\xff\xfe\x00 not text")
    (tmp_path / "short.csv").write_text("1,2,3\n")
    (tmp_path / ".hidden.csv").write_text("not read")
    (tmp_path / "good.expected.json").write_text("{}")
    done = solve_asp("jodici", str(tmp_path), "missing.csv", "--json-lines")
    assert "Traceback" not in done.stderr
    lines = {Path(line["file"]).name: line for line in json_lines(done.stdout)}
    assert set(lines) == {"good.csv", "binary.csv", "short.csv", "missing.csv"}
    for name in ("binary.csv", "short.csv", "missing.csv"):
        assert lines[name]["status"] == "error" and lines[name]["exit_code"] == 2
        assert name in lines[name]["error"]
    assert "not UTF-8" in lines["binary.csv"]["error"]
    assert lines["missing.csv"]["error"] == "missing.csv: no such file"
    check_line(lines["good.csv"], (tmp_path / "good.csv").read_text())
    assert lines["good.csv"]["unique"] is True
    assert done.returncode == 2


def test_a_grounding_past_the_time_limit_ends_its_worker(tmp_path: Path) -> None:
    rules = tmp_path / "slow.lp"
    rules.write_text(SLOW_GROUND)
    folder = INSTANCES / "jodici"
    done = solve_asp("jodici", str(folder / "1.csv"), str(folder / "several.csv"),
                     "--encoding", str(rules), "--time-limit", "1", "--json-lines")
    lines = json_lines(done.stdout)
    assert [line["status"] for line in lines] == ["timeout", "timeout"]
    assert all(line["count"] == 0 and line["complete"] is False for line in lines)
    assert done.returncode == 4


def test_options_that_do_not_apply_to_several_puzzles_are_refused() -> None:
    folder = str(INSTANCES / "jodici")
    for extra, named in ((["--json"], "--json"), (["-n", "2"], "-n"),
                         (["--svg", "x.svg"], "--svg"), (["--hint"], "--hint"),
                         (["--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"], "--jobs")):
        done = solve_asp("jodici", folder, *extra)
        assert done.returncode == 2
        assert done.stderr.startswith(f"solve-asp: {named} ") and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    done = solve_asp("hidoku", "-", "--lines", stdin="1,2\n")
    assert done.returncode == 2 and "hidoku has no one-line format" in done.stderr


def test_one_file_keeps_its_own_output() -> None:
    done = solve_asp("jodici", str(INSTANCES / "jodici" / "1.csv"), "--json")
    data = json.loads(done.stdout)
    assert "type" not in data and "file" not in data and data["unique"] is True


def _copies(folder: Path, count: int) -> list[Path]:
    """`count` copies of a 10x10 hidoku (a few tenths of a second each)."""
    source = (INSTANCES / "hidoku" / "10x10.csv").read_text()
    paths = [folder / f"h{n:03}.csv" for n in range(count)]
    for path in paths:
        path.write_text(source)
    return paths


def _stop_after(argv: list[str], lines_seen: int, signum: int,
                output: Path | None = None) -> tuple[int, str, str]:
    """Run the command, send `signum` once `lines_seen` result lines are out, and return
    its exit code, standard output and standard error."""
    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", *argv],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    assert process.stdout is not None
    seen: list[str] = []
    with watchdog(process, 240, f"solve-asp {' '.join(argv)}"):
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if output is not None:
                if output.exists() and output.read_text().count("\n") >= lines_seen:
                    break
                time.sleep(0.05)
            else:
                seen.append(process.stdout.readline())
                if len(seen) >= lines_seen:
                    break
        process.send_signal(signum)
        rest, err = process.communicate()
    return process.returncode, "".join(seen) + rest, err


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_during_a_batch_keeps_the_finished_lines(tmp_path: Path, signum: int,
                                                         code: int) -> None:
    paths = _copies(tmp_path, 40)
    returned, out, err = _stop_after(["hidoku", str(tmp_path), "--json-lines", "--jobs",
                                      "1"], 3, signum)
    assert returned == code
    assert "Traceback" not in err
    lines = json_lines(out)  # every line whole
    assert 3 <= len(lines) < len(paths)
    assert all(line["unique"] is True for line in lines)


def test_resume_after_a_stop_gives_every_puzzle_once(tmp_path: Path) -> None:
    folder = tmp_path / "book"
    folder.mkdir()
    paths = _copies(folder, 30)
    out = tmp_path / "audit.jsonl"
    returned, _, err = _stop_after(["hidoku", str(folder), "--resume", str(out), "--jobs",
                                    "1"], 3, signal.SIGINT, output=out)
    assert returned == 130 and "Traceback" not in err
    first = json_lines(out.read_text())
    assert 3 <= len(first) < len(paths)
    with out.open("a") as handle:  # a line cut short by a killed run: not counted
        handle.write('{"type": "result", "file": ')
    done = solve_asp("hidoku", str(folder), "--resume", str(out), "--jobs", "2")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert f"{len(first)} already in" in done.stdout
    rows = out.read_text().splitlines()
    cut = '{"type": "result", "file": '
    assert rows.count(cut) == 1
    lines = [json.loads(row) for row in rows if row != cut]
    assert sorted(line["file"] for line in lines) == [str(p) for p in paths]
    for line in lines:
        check_line(line, Path(line["file"]).read_text())
    again = solve_asp("hidoku", str(folder), "--resume", str(out))
    assert again.returncode == 0 and f"{len(paths)} already in" in again.stdout
    assert out.read_text().splitlines() == rows


def test_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    folder = INSTANCES / "skyscrapers"
    files = sorted(p for p in folder.iterdir() if not p.name.endswith(".expected.json"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        workers = len(cluster.scheduler_info["workers"])
        done = solve_asp("skyscrapers", str(folder), "--scheduler",
                         cluster.scheduler_address, "--json-lines", "--time-limit", "60")
    assert workers == 2
    assert "Traceback" not in done.stderr
    lines = json_lines(done.stdout)
    assert sorted(line["file"] for line in lines) == [str(p) for p in files]
    for line in lines:
        path = Path(line["file"])
        check_line(line, path.read_text())
        assert line["status"] == expected(path)["status"]
    assert done.returncode == max(0, *(1 for line in lines if line["status"] == "unsolvable"))


def test_the_cluster_option_without_a_scheduler_is_one_line() -> None:
    done = solve_asp("jodici", str(INSTANCES / "jodici"), "--scheduler", "tcp://127.0.0.1:9",
                     timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "no Dask scheduler reached" in done.stderr
    assert os.linesep not in done.stderr.strip()


def test_grade_each_puzzle_as_one_file_is_graded() -> None:
    levels = {str(INSTANCES / "skyscrapers" / name): level
              for name, level in (("codewars-4x4-1.txt", "medium"), ("codewars-7x7-2.txt", "hard"))}
    files = list(levels)
    done = solve_asp("skyscrapers", *files, "--grade", "--json-lines")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    lines = {line["file"]: line for line in json_lines(done.stdout)}
    for name in files:
        alone = json.loads(solve_asp("skyscrapers", name, "--grade", "--json").stdout)
        assert lines[name]["grade"] == alone["grade"]
        assert lines[name]["grade"]["level"] == levels[name]
        check_line(lines[name], Path(name).read_text())
