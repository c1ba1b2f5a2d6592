"""Solves off the event loop: one child process per request, watched by a thread.

Each solve, explain, hint or trace runs in its own process (forked from a forkserver that
has already imported clingo and the package, so a start costs milliseconds), so its memory
goes back to the system when it ends, a crash or a runaway grounding takes only that
process with it, and Stop is `terminate()`: clingo 5.8 cannot interrupt its grounder, but
a process can always be ended. A thread per job reads the child's progress and answer
from a pipe and enforces the time limit, so the server's event loop never waits. Each
child's address space is bounded as the command's `--memory-limit` bounds a run (4 GiB
unless `solve-asp studio --memory-limit` says otherwise): a solve past it answers "out of
memory" with the limit, instead of the system's out-of-memory killer taking a process
(perhaps the server) with it.
"""

from __future__ import annotations

import itertools
import multiprocessing
import secrets
import threading
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..batch.processes import start_forkserver

# After the time limit, the child gets this long to report what it found before it is ended.
GRACE_S = 3.0
# Finished jobs whose answer nobody fetched are forgotten after this many newer ones.
KEEP_FINISHED = 32
# The whole playbacks of this many traces stay with the server (a page asks for their
# steps a page at a time); older ones are let go.
KEEP_TRACES = 3


def _child(request: dict[str, Any], instances: Path | None, memory_limit: float,
           conn: Connection) -> None:
    """The child process: do the request within `memory_limit` GiB of address space (0:
    no limit), send progress now and then, then the answer.

    It ends with the server, even one killed outright (`end_with_forkserver`); Stop and
    the time limit end it with SIGTERM. Ctrl-C, which a terminal sends to the server's
    whole process group, stays blocked here (as in the forkserver, `start_forkserver`):
    the server ends its jobs itself on its way out, so the child prints no
    KeyboardInterrupt.
    """
    from ..batch.processes import end_with_forkserver
    from ..errors import OutOfMemory
    from ..process import limit_memory
    from .work import run

    end_with_forkserver()
    limit_memory(memory_limit)

    last = [0.0]

    def report(elapsed: float, found: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.2:
            last[0] = now
            conn.send(("progress", round(elapsed, 1), found))

    try:
        answer = run(request, instances, report)
    except MemoryError:  # past the limit outside clingo's own calls (clingo's: in `run`)
        answer = {"status": "error", "error": str(OutOfMemory("running")), "errors": []}
    except Exception:  # a bug: the page says so, the terminal shows where
        traceback.print_exc()
        answer = {"status": "error", "error": "internal error in the solver process "
                  "(the terminal running the studio shows the traceback)", "errors": []}
    conn.send(("done", answer))
    conn.close()


@dataclass
class Job:
    """One request in its process: progress while it runs, the answer when it is done."""

    id: str
    action: str
    time_limit: float
    process: Any
    conn: Connection
    started: float = field(default_factory=time.monotonic)
    found: int = 0
    result: dict[str, Any] | None = None
    stopped: bool = False
    request: dict[str, Any] = field(default_factory=dict)
    kept: dict[str, Any] | None = None  # a trace's playbacks, by player
    drawer: Any = None                  # the boards of its puzzle, made on first use
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def running(self) -> bool:
        return self.result is None

    def view(self) -> dict[str, Any]:
        """What the page polls: running with progress, or the answer."""
        if self.result is None:
            return {"id": self.id, "state": "running", "action": self.action,
                    "elapsed": round(time.monotonic() - self.started, 1), "found": self.found,
                    "time_limit": self.time_limit}
        return {"id": self.id, "state": "done", "action": self.action, "result": self.result}


class BusyError(Exception):
    """Too many solves are running at once."""


class Jobs:
    """The running and recently finished jobs of one studio server."""

    def __init__(self, instances: Path | None, max_running: int = 2,
                 memory_limit: float = 0.0) -> None:
        self.instances = instances
        self.max_running = max_running
        self.memory_limit = memory_limit  # GiB of address space per job's process; 0: none
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(["pyasp_runner.studio.work"])
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.counter = itertools.count(1)

    def start(self, request: dict[str, Any]) -> Job:
        with self.lock:
            running = sum(job.running for job in self.jobs.values())
            if running >= self.max_running:
                raise BusyError(f"{running} solves are running; stop one first")
            receiver, sender = self.context.Pipe(duplex=False)
            start_forkserver()  # deaf to the Ctrl-C a terminal sends the whole group
            process = self.context.Process(target=_child,
                                           args=(request, self.instances, self.memory_limit,
                                                 sender),
                                           daemon=True, name="solve-asp-studio-job")
            process.start()
            sender.close()
            job = Job(id=f"{next(self.counter)}-{secrets.token_hex(4)}", action=request["action"],
                      time_limit=float(request["time_limit"]), process=process, conn=receiver,
                      request=request)
            self.jobs[job.id] = job
            self._forget_old()
        threading.Thread(target=self._watch, args=(job,), daemon=True,
                         name=f"watch-{job.id}").start()
        return job

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def stop(self, job: Job) -> None:
        """End the job's process; the watcher records what that means."""
        job.stopped = True
        if job.process.is_alive():
            job.process.terminate()

    def stop_all(self) -> None:
        for job in list(self.jobs.values()):
            if job.running:
                self.stop(job)
        for job in list(self.jobs.values()):
            job.process.join(timeout=2)

    def _watch(self, job: Job) -> None:
        deadline = job.started + job.time_limit + GRACE_S
        result: dict[str, Any] | None = None
        try:
            while result is None:
                if time.monotonic() > deadline and job.process.is_alive():
                    job.process.terminate()
                    result = _ended("timeout", f"Stopped (time limit reached) after "
                                    f"{job.time_limit:g} s; the solver did not answer in time.")
                    break
                if not job.conn.poll(0.1):
                    if not job.process.is_alive() and not job.conn.poll(0):
                        break
                    continue
                message = job.conn.recv()
                if message[0] == "progress":
                    job.found = message[2]
                else:
                    result = message[1]
        except (EOFError, OSError):  # the child ended (stopped, or it crashed)
            pass
        job.process.join(timeout=5)
        if result is None:
            if job.stopped:
                result = _ended("interrupted", "Stopped from the page.")
            else:
                limit = (f"; each solve may use {self.memory_limit:g} GiB"
                         if self.memory_limit else "")
                result = _ended("error", f"The solver process ended unexpectedly "
                                f"(exit code {job.process.exitcode}: out of memory?{limit}).")
        job.conn.close()
        from .work import KEPT  # the worker's key; the server loaded the worker already

        job.kept = result.pop(KEPT, None)
        job.result = result
        if job.kept is not None:
            with self.lock:
                traces = [other for other in self.jobs.values() if other.kept is not None]
                for old in traces[:-KEEP_TRACES]:
                    old.kept = old.drawer = None

    def _forget_old(self) -> None:
        finished = [job_id for job_id, job in self.jobs.items() if not job.running]
        for job_id in finished[:-KEEP_FINISHED] if len(finished) > KEEP_FINISHED else []:
            del self.jobs[job_id]


def _ended(status: str, summary: str) -> dict[str, Any]:
    return {"status": status, "summary": summary, "errors": []}
