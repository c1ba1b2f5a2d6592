"""Many tasks (one puzzle each) in worker processes, or on a Dask cluster; results as they finish.

    from pyasp_runner.batch import Task, run

    tasks = (Task(name, solve_one, (text,)) for name, text in puzzles)
    for done in run(tasks, jobs=4, time_limit=60):
        done.index, done.name     # which task: its position in `tasks`, and its name
        done.outcome              # "ok", "timeout", "crashed" or "raised"
        done.value                # what the function returned ("ok" only, else None)
        done.error                # one line saying what went wrong (None for "ok")
        done.seconds              # from handing it to the pool (its wait included) to its result

The interface:

- A `Task` is a name, a function and its arguments. The function must be importable by
  name (defined at the top level of a module) and its arguments and result picklable:
  they cross to a worker process. Errors a user can fix (a bad puzzle file) are the
  function's to turn into its result; an exception it raises becomes outcome "raised"
  with the exception's one-line text (the traceback is in `Done.detail`).
- `run(tasks, jobs=N)` consumes `tasks` lazily (a few per worker ahead, so a generator of
  100,000 puzzles is never held at once) and yields one `Done` per task in the order the
  tasks finish. The run goes on past every kind of failure: a task that outlives
  `time_limit` seconds has its worker killed and replaced (outcome "timeout"), a worker
  that dies (killed by the kernel for memory, a crash in clingo) makes its task
  "crashed", and the other tasks are not affected.
- Stopping: when `stop` (a `threading.Event`, e.g. set by a signal handler) is set, or
  Ctrl-C raises KeyboardInterrupt inside `run`, the workers are ended at once, nothing
  more is yielded and `run` raises `Stopped`; every `Done` yielded before stays valid.
  Closing the generator early (`break`) ends the workers too.
- `scheduler="HOST:PORT"`: the same on a Dask distributed cluster (the `cluster` extra,
  imported only then); each task is one Dask task, submitted a window ahead and
  collected as it completes. A Dask worker runs tasks in threads, which cannot be
  killed, so there `time_limit` is not enforced by the pool: a task's own limit must end
  it (the audit's solve passes it to clingo, whose runner returns when it passes, even
  from an unfinished grounding). A task whose workers died three times (Dask's
  `allowed-failures`, e.g. the nanny's memory limit) is "crashed".

Worker processes, measured on this machine (2 cores shared with other work, load about
10; Python 3.11; pebble's pool; a small puzzle whose solve takes 3 ms of CPU), wall time
per puzzle:

    start method, puzzles per worker      1 worker     2 workers
    spawn, 1                              199 ms       -
    fork, 1                               156 ms       -
    forkserver, 1                         245 ms       107 ms
    forkserver, 20                         16 ms         9 ms
    forkserver, 50                          8 ms         5 ms
    forkserver, never replaced              5 ms         3 ms

(the spawn and fork rows were measured at a lighter load, where forkserver, 1 took 145 ms).

A process per puzzle costs 0.1 s to 0.25 s of waiting per puzzle (the pool notices an
ended worker on its 0.1 s tick and starts a new one; the fork from the server itself
costs about 1 ms of CPU), 30 to 80 times a small puzzle's solve. clingo never hands
memory back inside a process, but a worker's memory is the peak of the largest puzzle it
solved, not a sum (900 small solves in one process: 29 MB at the 3rd, 32 MB at the
900th). So each worker is replaced after `recycle_after` puzzles (default 50): memory
stays bounded as with one puzzle per process (at most `jobs` times the largest puzzle's
peak), a large puzzle's memory is given back within 50 puzzles, and the cost is 3 ms a
puzzle. `recycle_after=1` gives every puzzle its own process. Workers are forked from a
forkserver: a clean single-threaded process with clingo and the package preloaded, so
no thread of the parent (rich's progress refresh, the pool's own) is copied into them.

The pool is pebble's `ProcessPool` (a small, pure-Python library made for this): unlike
`concurrent.futures.ProcessPoolExecutor`, it kills a task that outlives its time limit
and replaces the worker, and a worker that dies fails only its own task (the standard
executor marks the whole pool broken and fails every task in flight); its
`max_tasks` recycling also works on Python 3.10.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import select
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, wait
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

OK, TIMEOUT, CRASHED, RAISED = "ok", "timeout", "crashed", "raised"
RECYCLE_AFTER = 50  # tasks a worker process runs before it is replaced (see above)
AHEAD = 4  # tasks handed out per worker before the earlier ones finish
POLL_S = 0.2  # how often waiting looks at `stop`
JOIN_S = 10.0  # how long a stopped pool may take to end before its workers are killed here
# What each forked worker has loaded already: clingo and the solving path.
PRELOAD = ("pyasp_runner.session",)


@dataclass(frozen=True)
class Task:
    """One unit of work: `function(*args)` in a worker, known by `name` in the results."""

    name: str
    function: Callable[..., Any]
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Done:
    """A finished task: its position in the input and name, how it ended, its value."""

    index: int
    name: str
    outcome: str
    value: Any = None
    error: str | None = None
    seconds: float = 0.0
    detail: str | None = None  # the traceback of an exception the function raised


class Stopped(Exception):
    """The run was stopped by Ctrl-C (KeyboardInterrupt) before every task finished."""


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run(tasks: Iterable[Task], *, jobs: int | None = None, time_limit: float | None = None,
        recycle_after: int = RECYCLE_AFTER, scheduler: str | None = None,
        stop: threading.Event | None = None,
        preload: tuple[str, ...] = PRELOAD) -> Generator[Done, None, None]:
    """Run every task and yield its `Done` as it finishes (see the module's docstring).

    jobs: worker processes (default: the cores); time_limit: seconds a task may run
    before its worker is killed; recycle_after: tasks per worker process; scheduler: a
    Dask scheduler's address instead of local processes; stop: set it to stop the run;
    preload: modules every local worker has imported before its first task.
    """
    stop = stop or threading.Event()
    if scheduler is not None:
        yield from _on_cluster(tasks, scheduler, stop)
    else:
        yield from _in_processes(tasks, jobs or default_jobs(), time_limit, recycle_after,
                                 stop, preload)


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


def _in_processes(tasks: Iterable[Task], jobs: int, time_limit: float | None,
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
    """End this process (at once, `os._exit`) when process `run` ends."""
    try:
        handle = os.pidfd_open(run)
    except (AttributeError, OSError):  # not Linux 5.3+, or the run has already ended
        if not _running(run):
            os._exit(1)
        return

    def watch() -> None:
        select.select([handle], [], [])
        os._exit(1)

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
        os._exit(1)


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
        return Done(index, task.name, RAISED, error=_one_line(error), seconds=seconds,
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


def _one_line(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# --- Dask distributed --------------------------------------------------------------------


def cluster_client(scheduler: str) -> Any:
    """A Dask client connected to the scheduler at `scheduler`, or a UserError saying why not."""
    from .errors import UserError

    try:
        distributed = _distributed()
    except ImportError:
        raise UserError("--scheduler needs Dask distributed: pip install "
                        "'solve-asp[cluster]'") from None
    try:
        return distributed.Client(scheduler, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise UserError(f"--scheduler {scheduler}: no Dask scheduler reached there "
                        f"({_one_line(error)})") from None


def _distributed() -> Any:
    """Dask distributed (the `cluster` extra), imported only for --scheduler."""
    import importlib

    return importlib.import_module("distributed")


def _on_cluster(tasks: Iterable[Task], scheduler: str, stop: threading.Event) -> Iterator[Done]:
    client = cluster_client(scheduler)
    pending: dict[Any, tuple[int, Task, float]] = {}
    finished: queue.SimpleQueue[Any] = queue.SimpleQueue()  # told by each future when done
    try:
        workers = max(1, sum(client.nthreads().values()))
        numbered = enumerate(tasks)
        run_id = f"{os.getpid()}-{time.time_ns()}"
        while True:
            ahead = max(0, workers * AHEAD - len(pending))
            for index, task in itertools.islice(numbered, ahead):
                future = client.submit(task.function, *task.args, pure=False,
                                       key=f"solve-asp-{run_id}-{index}")
                pending[future] = (index, task, time.perf_counter())
                future.add_done_callback(finished.put)
            if not pending:
                return
            future = _next_finished(finished, stop)
            index, task, started = pending.pop(future)
            yield _done_on_cluster(future, index, task, started)
    finally:
        client.cancel(list(pending))
        client.close()


def _next_finished(finished: queue.SimpleQueue[Any], stop: threading.Event) -> Any:
    """The next future done, waiting until there is one; raises Stopped when asked to stop."""
    while True:
        if stop.is_set():
            raise Stopped
        try:
            return finished.get(timeout=POLL_S)
        except queue.Empty:
            continue
        except KeyboardInterrupt:
            raise Stopped from None


def _done_on_cluster(future: Any, index: int, task: Task, started: float) -> Done:
    seconds = round(time.perf_counter() - started, 4)
    if future.status == "finished":
        return Done(index, task.name, OK, value=future.result(), seconds=seconds)
    if future.status == "cancelled":
        return Done(index, task.name, CRASHED, error="cancelled on the cluster", seconds=seconds)
    error = future.exception()
    if isinstance(error, _distributed().KilledWorker):
        return Done(index, task.name, CRASHED, error="the workers running it died (out of "
                    "memory?); Dask gave up on it", seconds=seconds)
    return Done(index, task.name, RAISED, error=_one_line(error), seconds=seconds,
                detail="".join(_traceback_lines(future)))


def _traceback_lines(future: Any) -> list[str]:
    import traceback

    trace = future.traceback()
    return traceback.format_tb(trace) if trace is not None else []
