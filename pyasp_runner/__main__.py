"""`python -m pyasp_runner` is `solve-asp`; `run_command` is the `solve-asp` entry point.

Ctrl-C and SIGTERM are handled from the first moment of the run: the handlers are
installed before the command line's modules (rich, clingo) are imported, which takes
seconds on a loaded machine; a signal then ends the run with one line and exit 130 or
143, never a traceback or a process killed outright.
"""

from __future__ import annotations

import sys

from . import output


def run_command() -> None:
    """`cli.run_command`, with signals handled while it is being imported and started."""
    output.install_signal_handlers()
    try:
        from . import cli

        cli.run_command()
    except BaseException as error:
        # Before the command's own handling began. An import a signal interrupted can
        # also fail with another error (Python 3.11 wraps a KeyboardInterrupt raised in
        # a class's __set_name__ in a RuntimeError).
        if isinstance(error, SystemExit) or not output.signal_arrived():
            raise
        sys.stderr.write("solve-asp: interrupted\n")
        sys.exit(output.interrupted_code())
    finally:
        # CPython remembers a KeyboardInterrupt that left an exec() of a string (as
        # dataclasses make their methods) as unhandled, even once it was handled, and
        # then ends the process with SIGINT instead of its exit code; an exec() of a
        # string that returns clears that. (Only then: out of memory, even that fails.)
        if output.signal_arrived():
            exec("None")  # a constant string, only to clear that flag


if __name__ == "__main__":
    run_command()
