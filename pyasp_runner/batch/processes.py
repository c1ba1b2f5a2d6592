"""A batch run in local worker processes: pebble's pool, its workers forked from a
forkserver with the solving path preloaded (the measurements are in the package's
docstring), each replaced after a number of tasks and ended at a task's time limit.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import select
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, wait
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from ..errors import ExitCode
from .tasks import AHEAD, CRASHED, OK, POLL_S, RAISED, TIMEOUT, Done, Stopped, Task, one_line

JOIN_S = 10.0  # how long a stopped pool may take to end before its workers are killed here


def _context(preload: tuple[str, ...]) -> Any:
    """Workers forked from a forkserver with `preload` imported, where there is one."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(preload))
    start_forkserver()
    return context


def start_forkserver() -> None:
    """Start multiprocessing's forkserver (if it is not running) deaf to Ctrl-C.

    A terminal's Ctrl-C reaches every process of the run's group. The forkserver, still
    importing its preload (seconds on a loaded machine), printed a KeyboardInterrupt
    traceback and died of it, and the pool then broke with another. It is started with
    SIGINT blocked, which exec keeps and the processes forked from it inherit: the run
    alone ends them (pebble's workers ignore SIGINT anyway). The run itself blocks it
    only meanwhile (a Ctrl-C then is delivered to it right after, not lost).
    multiprocessing's resource tracker is started first: starting it unblocks SIGINT.
    SIGTERM keeps its default: sent to the whole group (by systemd, a CI runner), it
    ends the server and the workers silently, and the run, told by the same signal,
    stops (see `_schedule`).
    """
    import signal
    from multiprocessing import forkserver, resource_tracker

    resource_tracker.ensure_running()
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def in_processes(tasks: Iterable[Task], jobs: int, time_limit: float | None,
                  recycle_after: int, stop: threading.Event,
                  preload: tuple[str, ...]) -> Iterator[Done]:
    pool: Any = _pool_class()(max_workers=jobs, max_tasks=recycle_after,
                              context=_context(preload), initializer=_end_with_run,
                              initargs=(os.getpid(),))
    pending: dict[Future[Any], tuple[int, Task, float]] = {}
    numbered = enumerate(tasks)
    finished = False
    try:
        while True:
            for index, task in itertools.islice(numbered, max(0, jobs * AHEAD - len(pending))):
                pending[_schedule(pool, task, time_limit, stop)] = (index, task,
                                                                    time.perf_counter())
            if not pending:
                finished = True
                return
            done, _ = _wait(pending, stop)
            if stop.is_set():  # a signal to the whole process group also ends the workers
                raise Stopped  # and the forkserver: their tasks did not fail, they were stopped
            for future in done:
                index, task, started = pending.pop(future)
                yield _done_locally(future, index, task, started, time_limit)
    finally:
        # Stopped (Ctrl-C, `stop`, the caller closed the generator): end the workers now.
        _end(pool, finished)


def _schedule(pool: Any, task: Task, time_limit: float | None,
              stop: threading.Event) -> Future[Any]:
    """The task handed to the pool. A pool that cannot start workers (its forkserver was
    killed, e.g. by a SIGTERM sent to the whole process group) fails the task at once, or
    stops the run if a signal asked for that."""
    try:
        future: Future[Any] = pool.schedule(task.function, task.args, timeout=time_limit)
    except KeyboardInterrupt:  # Ctrl-C while the pool starts its workers
        raise Stopped from None
    except RuntimeError as error:  # BrokenProcessPool, or pebble's "error within the Pool"
        if stop.is_set():
            raise Stopped from None
        future = Future()
        future.set_exception(error)
    return future


_POOL: list[type] = []


def _pool_class() -> type:
    """pebble's `ProcessPool`, with the end of a worker matched to its task without a race.

    pebble reads the workers' messages in one thread and looks for ended workers in
    another. A worker that takes a task sends an acknowledgement ("worker W runs task T")
    and may die right after (killed for its memory, a crash in clingo); under load the
    ended worker can be seen before its acknowledgement is read. pebble then finds no
    task of that worker: with no other task known to be running it declares the whole
    pool broken (every task in flight fails with BrokenProcessPool), otherwise it
    forgets the worker, and the task, acknowledged later by a worker that is gone, waits
    for ever (an audit without --time-limit hung so).

    Here the two threads take turns (a lock around reading and handling messages), and
    before the end of a worker is judged, every message already sent is read: once a
    worker has ended, all it sent is in the pipe. Its acknowledged task then fails with
    ProcessExpired (it was running when its worker died). A task acknowledged by a worker
    the pool killed for another task's time limit (pebble issue #153) still ends at its
    own time limit (a run gives every task the same), so it cannot wait for ever.
    """
    if _POOL:
        return _POOL[0]
    from pebble import ProcessExpired, ProcessPool
    from pebble.common.types import Result, ResultStatus
    from pebble.pool import process as pebble

    class PoolManager(pebble.PoolManager):
        def __init__(self, context: Any, mp_context: Any) -> None:
            super().__init__(context, mp_context)
            self.turn = threading.Lock()

        def process_next_message(self, timeout: float) -> None:
            channel: Any = self.worker_manager.pool_channel
            try:
                if not channel.poll(timeout):
                    return
            except (OSError, ValueError):  # closed: the pool is ending
                time.sleep(timeout)
                return
            with self.turn:
                self.read_sent_messages()

        def read_sent_messages(self) -> None:
            """Handle every message the workers have sent so far (the caller holds `turn`)."""
            channel: Any = self.worker_manager.pool_channel
            while True:
                try:
                    if not channel.poll(0):
                        return
                except (OSError, ValueError):
                    return
                self.handle(self.worker_manager.receive(0))

        def handle(self, message: Any) -> None:
            if isinstance(message, pebble.Acknowledgement):
                self.task_manager.task_start(message.task, message.worker)
            elif isinstance(message, pebble.TaskResult):
                self.task_manager.task_done(message.task, message.result)
            elif isinstance(message, pebble.TaskProblem):
                self.task_manager.task_problem(message.task, message.error)

        def stop(self) -> None:
            # The workers first, then their channel: pebble closed the channel first,
            # unlinking its semaphores, while a worker just started could still be
            # unpickling them; it printed a FileNotFoundError traceback (cut short when
            # it was killed) into the run's standard error.
            workers: Any = self.worker_manager
            workers.force_stop_workers()
            workers.close_channels()

        def update_tasks(self) -> None:
            with self.turn:
                self.read_sent_messages()  # a result that came in time is taken as such
                super().update_tasks()  # type: ignore[no-untyped-call]

        def update_workers(self) -> None:
            with self.turn:
                for expiration in self.worker_manager.inspect_workers():
                    self.handle_worker_expiration(expiration)
            self.worker_manager.create_workers()  # type: ignore[no-untyped-call]

        def handle_worker_expiration(self, expiration: tuple[int, int | None]) -> None:
            worker, code = expiration
            self.read_sent_messages()
            running = [task for task in pebble.dictionary_values(self.task_manager.tasks)
                       if task.worker_id == worker]
            if running:
                for task in running:
                    expired = ProcessExpired(  # type: ignore[no-untyped-call]
                        "Abnormal termination", code=code, pid=worker)
                    self.task_manager.task_done(task.id, Result(ResultStatus.ERROR, expired))
            else:
                super().handle_worker_expiration(expiration)

    class Pool(ProcessPool):
        Manager = PoolManager

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pool_manager = self.Manager(self._context, kwargs["context"])

    _POOL.append(Pool)
    return Pool


def _end(pool: Any, finished: bool) -> None:
    """Close a finished pool, or stop an unfinished one, and wait for its workers to end.

    Either joins the pool's own threads, which can wait forever on a worker that was
    killed halfway through sending its result (pebble's channel); after `JOIN_S` the
    workers still alive are killed here and the join is left to finish on its own.
    """
    if finished:
        pool.close()
    else:
        pool.stop()
    joining = threading.Thread(target=pool.join, name="batch-pool-join", daemon=True)
    joining.start()
    joining.join(JOIN_S)
    if joining.is_alive():
        workers = getattr(getattr(getattr(pool, "_pool_manager", None), "worker_manager",
                                  None), "workers", {})
        for worker in list(workers.values()):
            if worker.is_alive():
                worker.kill()
        joining.join(JOIN_S)


def _end_with_run(run: int) -> None:
    """In each worker, first: end this process when the run (process `run`) ends.

    Workers are forked from the forkserver, not from the run, and the forkserver lives as
    long as any worker does; so a worker the pool failed to stop (the run was killed, or
    stopped while the worker was being started) would wait for tasks for ever, holding
    the run's standard output open and its memory. A daemon thread waits for the run's
    end (a pidfd, readable when that process exits) and ends the worker then.
    """
    end_with(run)


def end_with(run: int) -> None:
    """End this process (at once, `os._exit`, as a worker that died) when process `run`
    ends."""
    try:
        handle = os.pidfd_open(run)
    except (AttributeError, OSError):  # not Linux 5.3+, or the run has already ended
        if not _running(run):
            os._exit(ExitCode.WORKER)
        return

    def watch() -> None:
        select.select([handle], [], [])
        os._exit(ExitCode.WORKER)

    threading.Thread(target=watch, name="end-with-run", daemon=True).start()


def end_with_forkserver() -> None:
    """In a process forked from the forkserver: end (SIGKILL) when the server ends, which
    is when the process that started it (the run, the studio) ends; no thread needed.

    A process under a tight address-space limit (a studio job's) keeps all of it, where
    a watching thread (`end_with`) costs a malloc arena of its own. The server ends once
    every holder of its "alive" pipe has closed it: the run (at its end) and each
    process forked from it, which is handed a copy; this one closes its copy and asks
    Linux for SIGKILL when its parent ends (PR_SET_PDEATHSIG). Elsewhere: `end_with`.
    """
    import ctypes
    import signal
    from multiprocessing import forkserver

    parent = os.getppid()
    server: Any = getattr(forkserver, "_forkserver", None)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, int(signal.SIGKILL)) != 0:  # 1: PR_SET_PDEATHSIG
            raise OSError(ctypes.get_errno(), "prctl")
    except (AttributeError, OSError):  # not Linux
        end_with(parent)
        return
    alive = getattr(server, "_forkserver_alive_fd", None)
    if alive is not None:
        os.close(alive)
        server._forkserver_alive_fd = None
    if os.getppid() != parent:  # the server ended before the request was made
        os._exit(ExitCode.WORKER)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _wait(pending: Iterable[Future[Any]], stop: threading.Event) -> tuple[set[Future[Any]],
                                                                          set[Future[Any]]]:
    """The futures done so far, waiting until one is; raises Stopped when asked to stop."""
    while True:
        if stop.is_set():
            raise Stopped
        try:
            done, rest = wait(pending, timeout=POLL_S, return_when=FIRST_COMPLETED)
        except KeyboardInterrupt:
            raise Stopped from None
        if done:
            return done, rest


def _done_locally(future: Future[Any], index: int, task: Task, started: float,
                  time_limit: float | None) -> Done:
    from pebble import ProcessExpired

    seconds = round(time.perf_counter() - started, 4)
    try:
        value = future.result()
    except FutureTimeout:
        return Done(index, task.name, TIMEOUT, error=f"no result within the time limit of "
                    f"{time_limit:g} s: its worker process was ended", seconds=seconds)
    except ProcessExpired as error:
        return Done(index, task.name, CRASHED, error=f"its worker process ended unexpectedly "
                    f"({_exit_text(error.exitcode)}; out of memory?)", seconds=seconds)
    except CancelledError:
        return Done(index, task.name, CRASHED, error="cancelled", seconds=seconds)
    except Exception as error:  # the function raised: a bug in it, reported with its trace
        return Done(index, task.name, RAISED, error=one_line(error), seconds=seconds,
                    detail=getattr(error, "traceback", None))
    return Done(index, task.name, OK, value=value, seconds=seconds)


def _exit_text(code: int | None) -> str:
    import signal

    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
