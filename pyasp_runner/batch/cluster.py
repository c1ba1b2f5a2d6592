"""A batch run on a Dask distributed cluster (the `cluster` extra, imported only for
`--scheduler`): each task one Dask task, submitted a window ahead and collected as it
completes; a task whose workers died three times is "crashed".
"""

from __future__ import annotations

import itertools
import os
import queue
import threading
import time
from collections.abc import Iterable, Iterator
from typing import Any

from .tasks import AHEAD, CRASHED, OK, POLL_S, RAISED, Done, Stopped, Task, one_line


def cluster_client(scheduler: str) -> Any:
    """A Dask client connected to the scheduler at `scheduler`, or a UserError saying why not."""
    from ..errors import UserError

    try:
        distributed = _distributed()
    except ImportError:
        raise UserError("--scheduler needs Dask distributed: pip install "
                        "'solve-asp[cluster]'") from None
    try:
        return distributed.Client(scheduler, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise UserError(f"--scheduler {scheduler}: no Dask scheduler reached there "
                        f"({one_line(error)})") from None


def _distributed() -> Any:
    """Dask distributed (the `cluster` extra), imported only for --scheduler."""
    import importlib

    return importlib.import_module("distributed")


def on_cluster(tasks: Iterable[Task], scheduler: str, stop: threading.Event) -> Iterator[Done]:
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
    return Done(index, task.name, RAISED, error=one_line(error), seconds=seconds,
                detail="".join(_traceback_lines(future)))


def _traceback_lines(future: Any) -> list[str]:
    import traceback

    trace = future.traceback()
    return traceback.format_tb(trace) if trace is not None else []
