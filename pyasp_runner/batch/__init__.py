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

import threading
from collections.abc import Generator, Iterable

from .tasks import CRASHED, OK, RAISED, TIMEOUT, Done, Stopped, Task, default_jobs

__all__ = ["CRASHED", "OK", "PRELOAD", "RAISED", "RECYCLE_AFTER", "TIMEOUT", "Done", "Stopped",
           "Task", "default_jobs", "run"]

RECYCLE_AFTER = 50  # tasks a worker process runs before it is replaced (see above)
# What each forked worker has loaded already: clingo and the solving path.
PRELOAD = ("pyasp_runner.session",)


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
        from .cluster import on_cluster

        yield from on_cluster(tasks, scheduler, stop)
    else:
        from .processes import in_processes

        yield from in_processes(tasks, jobs or default_jobs(), time_limit, recycle_after,
                                stop, preload)
