"""The worker pool of `pyasp_runner.batch`: streaming, time limits, crashes, recycling, stop.

The tasks are this module's functions: a worker imports them by name.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import alive_in

from pyasp_runner.batch import CRASHED, OK, RAISED, TIMEOUT, Stopped, Task, processes, run


def square(number: int) -> int:
    return number * number


def pause(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def worker_pid() -> int:
    return os.getpid()


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def fail() -> None:
    raise ValueError("a bug in the task")


def note_pid_and_wait(folder: str) -> None:
    Path(folder, str(os.getpid())).touch()
    time.sleep(600)


def test_every_task_once_with_its_index_and_value() -> None:
    tasks = [Task(f"t{n}", square, (n,)) for n in range(30)]
    done = list(run(tasks, jobs=2))
    assert sorted(d.index for d in done) == list(range(30))
    assert all(d.outcome == OK and d.value == d.index ** 2 and d.name == f"t{d.index}"
               for d in done)


def test_results_come_in_the_order_they_finish() -> None:
    tasks = [Task("slow", pause, (1.5,)), Task("fast", square, (3,))]
    assert [d.name for d in run(tasks, jobs=2)] == ["fast", "slow"]


def test_a_task_past_the_time_limit_is_killed_and_the_run_goes_on() -> None:
    tasks = [Task("long", pause, (60,)), *(Task(f"t{n}", square, (n,)) for n in range(4))]
    done = {d.name: d for d in run(tasks, jobs=2, time_limit=1)}
    assert done["long"].outcome == TIMEOUT and "time limit of 1 s" in (done["long"].error or "")
    assert [done[f"t{n}"].value for n in range(4)] == [0, 1, 4, 9]


def test_a_dead_worker_fails_only_its_own_task() -> None:
    tasks = [Task("a", square, (2,)), Task("dies", die), Task("b", square, (3,)),
             Task("raises", fail), Task("c", square, (4,))]
    done = {d.name: d for d in run(tasks, jobs=2)}
    assert done["dies"].outcome == CRASHED and "SIGKILL" in (done["dies"].error or "")
    assert done["raises"].outcome == RAISED
    assert done["raises"].error == "ValueError: a bug in the task"
    assert [done[name].value for name in "abc"] == [4, 9, 16]


def test_a_worker_seen_ended_before_its_last_message_is_read_fails_only_its_task(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Under load the pool can see a worker's end before it reads the worker's last
    # message ("I took task `dies`"). Here the pool reads no message until it has judged
    # a worker's end, every time: the task that died with its worker is "crashed", and
    # the pool is not declared broken (BrokenProcessPool for every task in flight).
    pool_class = processes._pool_class()
    judged = threading.Event()

    class Late(pool_class.Manager):  # type: ignore[name-defined]
        def process_next_message(self, timeout: float) -> None:
            judged.wait(120)
            super().process_next_message(timeout)

        def handle_worker_expiration(self, expiration: tuple[int, int | None]) -> None:
            super().handle_worker_expiration(expiration)
            judged.set()

    monkeypatch.setattr(pool_class, "Manager", Late)
    tasks = [Task("a", square, (2,)), Task("dies", die), Task("b", square, (3,))]
    done = {d.name: d for d in run(tasks, jobs=1)}
    assert judged.is_set()
    assert done["dies"].outcome == CRASHED and "SIGKILL" in (done["dies"].error or ""), done
    assert [done[name].value for name in "ab"] == [4, 9]


@pytest.mark.parametrize("recycle_after", [1, 3])
def test_workers_are_replaced_after_so_many_tasks(recycle_after: int) -> None:
    pids = [d.value for d in run([Task(str(n), worker_pid) for n in range(9)], jobs=2,
                                 recycle_after=recycle_after)]
    assert len(pids) == 9 and os.getpid() not in pids
    assert max(pids.count(pid) for pid in pids) <= recycle_after
    assert len(set(pids)) >= 9 // recycle_after


def test_stop_ends_the_workers_and_keeps_what_finished() -> None:
    stop = threading.Event()
    tasks = [Task("quick", pause, (0,)), *(Task(f"slow{n}", pause, (60,)) for n in range(3))]
    seen = []
    with pytest.raises(Stopped):
        for done in run(tasks, jobs=2, stop=stop):
            seen.append(done)
            stop.set()
    assert [d.name for d in seen] == ["quick"]
    running = [pid for pid in (seen[0].value,) if _alive(pid)]
    assert running == []


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_no_worker_outlives_a_killed_run(tmp_path: Path) -> None:
    # The run itself is killed (SIGKILL: no clean-up of its own): its forkserver ends,
    # and the workers forked from it are killed with it, instead of running on with the
    # run's output and memory.
    here = Path(__file__).parent
    script = ("import sys; from test_batch import note_pid_and_wait; "
              "from pyasp_runner.batch import Task, run; "
              "list(run([Task(str(n), note_pid_and_wait, (sys.argv[1],)) for n in range(2)], "
              "jobs=2))")
    process = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], cwd=here,
                               env=os.environ | {"PYTHONPATH": str(here)})
    try:
        workers = _wait_for(lambda: [int(f.name) for f in tmp_path.iterdir()] or None,
                            lambda pids: len(pids) == 2)
        assert process.pid not in workers and all(_alive(pid) for pid in workers)
    finally:
        process.kill()
        process.wait()
    assert _wait_for(lambda: [pid for pid in workers if _alive(pid)], lambda left: not left) == []


SLOW_PRELOAD = """
import os, pathlib, time
folder = pathlib.Path(os.environ["SIGNAL_TEST_FOLDER"])
(folder / "preloading").touch()
for _ in range(1200):  # until the test has sent its signal (at most two minutes)
    if (folder / "go").exists():
        break
    time.sleep(0.1)
"""
STOPPABLE_RUN = """
import signal, sys, threading
from test_batch import square
from pyasp_runner.batch import Stopped, Task, run
stop = threading.Event()
for number in (signal.SIGINT, signal.SIGTERM):
    signal.signal(number, lambda *_: stop.set())
try:
    list(run([Task(str(n), square, (n,)) for n in range(8)], jobs=2, stop=stop,
             preload=("slow_preload",)))
except Stopped:
    sys.exit(130)
"""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_to_the_whole_group_while_the_forkserver_starts_only_stops_the_run(
        tmp_path: Path, signum: int) -> None:
    # A terminal's Ctrl-C, or a supervisor's SIGTERM to the process group, reaches the
    # forkserver too. Sent while it imports its preload, it killed it (a traceback, then
    # BrokenProcessPool in the run); now only the run decides: it stops, 130.
    (tmp_path / "slow_preload.py").write_text(SLOW_PRELOAD)
    here = Path(__file__).parent
    process = subprocess.Popen(
        [sys.executable, "-c", STOPPABLE_RUN], cwd=here, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=os.environ | {"PYTHONPATH": f"{here}{os.pathsep}{tmp_path}",
                          "SIGNAL_TEST_FOLDER": str(tmp_path)})
    try:
        assert _wait_for(lambda: (tmp_path / "preloading").exists(), bool), \
            f"the forkserver never began its preload: {alive_in(process)}"
        os.killpg(process.pid, signum)
        (tmp_path / "go").touch()
        _, err = process.communicate(timeout=120)
    finally:
        left = alive_in(process)
        os.killpg(process.pid, signal.SIGKILL) if process.poll() is None else None
        process.wait(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err, (process.returncode, err)
    assert _wait_for(lambda: alive_in(process), lambda alive: not alive) == "", left


def _wait_for(look: Callable[[], Any], enough: Callable[[Any], bool]) -> Any:
    """What `look` sees once `enough` says so, or after two minutes what it sees then."""
    for _ in range(1200):
        seen = look()
        if seen is not None and enough(seen):
            return seen
        time.sleep(0.1)
    return look()


def test_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        tasks = [Task("slow", pause, (1.0,)), *(Task(f"t{n}", square, (n,)) for n in range(8)),
                 Task("raises", fail)]
        done = list(run(tasks, scheduler=cluster.scheduler_address))
    by_name = {d.name: d for d in done}
    assert sorted(d.index for d in done) == list(range(10))
    assert [by_name[f"t{n}"].value for n in range(8)] == [n * n for n in range(8)]
    assert by_name["raises"].outcome == RAISED
    assert by_name["raises"].error == "ValueError: a bug in the task"
    workers = {by_name["slow"].value}
    assert os.getpid() not in workers
