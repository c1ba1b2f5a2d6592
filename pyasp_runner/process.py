"""Process limits: the memory (address space) a run may use.

The command applies `--memory-limit` to itself, the studio to each solve's process: past
the limit, grounding or search fails with a MemoryError, which becomes one line and exit
7 (`errors.OutOfMemory`), instead of the system's out-of-memory killer ending a process
(perhaps the studio's server) without a word.
"""

from __future__ import annotations

# The memory budget the size limits keep accepted instances within (measured in
# benchmarks/hardening.py), enforced as the run's address-space limit: the program's own
# reserve (64 solver threads reserve about 1.5 GiB they never touch) fits.
DEFAULT_MEMORY_GIB = 4.0
MAX_MEMORY_GIB = 2**20


def memory_gib(text: str) -> float:
    """A `--memory-limit` value: GiB from 0 (no limit) to MAX_MEMORY_GIB; ValueError with
    the reason otherwise."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_MEMORY_GIB:
        raise ValueError(f"expected a number of GiB from 0 (no limit) to {MAX_MEMORY_GIB:,}, "
                         f"got {text[:40]!r}")
    return value


def limit_memory(gib: float) -> None:
    """Lower the process's address-space limit to `gib` GiB (0: leave it), so that running
    out of it is a MemoryError (exit 7, one line) rather than the system's out-of-memory
    killer; a lower limit already in force (`ulimit -v`) stays."""
    import resource

    if not gib:
        return
    wanted = int(gib * 2**30)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft == resource.RLIM_INFINITY or wanted < soft:
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def memory_limit_text() -> str:
    """The process's address-space limit in words."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return "no address-space limit, so the machine's memory ran out"
    return f"an address space of {soft / 2**30:.3g} GiB"
