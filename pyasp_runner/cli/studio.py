"""`solve-asp studio`: the rules editor and the board side by side, in a browser; the
server (`pyasp_runner.studio`) run with the options the command line read."""

from __future__ import annotations

from ..errors import ExitCode
from .options import StudioOptions


def studio(options: StudioOptions) -> ExitCode:
    """Serve the studio until Ctrl-C; the exit code."""
    from ..studio import serve

    return serve(port=options.port, host=options.host, browser=not options.no_browser,
                 time_limit=options.time_limit, memory_limit=options.memory_limit)
