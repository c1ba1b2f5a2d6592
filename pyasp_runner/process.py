"""Process limits: the memory (address space) a run may use.

The command applies `--memory-limit` to itself, the studio to each solve's process: past
the limit, grounding or search fails with a MemoryError, which becomes one line and exit
7 (`errors.OutOfMemory`), instead of the system's out-of-memory killer ending a process
(perhaps the studio's server) without a word.
"""

from __future__ import annotations

import os
import sys

from .errors import MemoryLimitTooLow
from .numerals import decimal

# The memory budget the size limits keep accepted instances within (measured in
# benchmarks/hardening.py), enforced as the run's address-space limit: the program's own
# reserve (64 solver threads reserve about 1.5 GiB they never touch) fits.
DEFAULT_MEMORY_GIB = 4.0
MAX_MEMORY_GIB = 2**20
# What the smallest search maps beyond the command's start (the threads' stacks, 8 MiB
# each, and clingo's own set-up; the smallest example needs 23 MiB): a limit leaving less is
# refused at once, since past it clingo does not always fail cleanly (a thread it cannot
# start, a library it cannot map, at some sizes a crash inside its grounder).
START_RESERVE = 32 * 2**20
# Within this much of its address-space limit, a process that cannot map a library or
# start a thread has run out of memory (a library or a thread's stack is a few MiB).
MEMORY_MARGIN = 64 * 2**20


def memory_gib(text: str) -> float:
    """A `--memory-limit` value: GiB from 0 (no limit) to MAX_MEMORY_GIB; ValueError with
    the reason otherwise."""
    value = decimal(text)
    if not 0 <= value <= MAX_MEMORY_GIB:
        raise ValueError(f"expected a number of GiB from 0 (no limit) to {MAX_MEMORY_GIB:,}, "
                         f"got {text[:40]!r}")
    return value


def limit_memory(gib: float) -> None:
    """Lower the process's address-space limit to `gib` GiB (0: leave it), so that running
    out of it is a MemoryError (exit 7, one line) rather than the system's out-of-memory
    killer; a lower limit already in force (`ulimit -v`) stays. A limit that leaves the
    run no room to start is `MemoryLimitTooLow`."""
    import resource

    if not gib:
        return
    wanted = int(gib * 2**30)
    in_use = address_space_in_use()
    if in_use is not None and wanted < in_use + START_RESERVE:
        raise MemoryLimitTooLow(gib, in_use, in_use + START_RESERVE)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft == resource.RLIM_INFINITY or wanted < soft:
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def address_space_in_use() -> int | None:
    """The bytes of address space the process has mapped (Linux's /proc), or None."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def memory_starved() -> bool:
    """Whether the process has an address-space limit and is within MEMORY_MARGIN of it."""
    resource = sys.modules.get("resource")  # imported by limit_memory when it set a limit
    in_use = address_space_in_use()
    if resource is None or in_use is None:
        return False
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return bool(soft != resource.RLIM_INFINITY and soft - in_use < MEMORY_MARGIN)
