"""`solve-asp studio`: rules and board side by side in the browser.

A local web server (Starlette on uvicorn, the optional extra `studio`) serves one page:
pick a puzzle and an instance or paste one, edit its `.lp` rules, solve, explain, hint,
step, and play back clingo's search beside a hand-written one. Imported only by the
`studio` subcommand, so `solve-asp PUZZLE FILE` never loads a web framework. Its options
are read by the command line (`solve-asp studio --help`), which calls `serve`.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
import sys
import threading
import webbrowser
from typing import TextIO

from ..errors import ExitCode
from ..process import DEFAULT_MEMORY_GIB

LOOPBACK = "127.0.0.1"
STOP_WAIT_S = 5  # on Ctrl-C, how long requests in flight may take to finish
DEFAULT_TIME_LIMIT = 60.0


def missing_extra() -> str | None:
    """Why the studio cannot start, if its libraries are not installed."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        return (f"the studio needs the 'studio' extra ({error.name} is not installed): "
                "pip install 'solve-asp[studio]'")
    return None


def serve(*, port: int = 0, host: str | None = None, browser: bool = True,
          time_limit: float = DEFAULT_TIME_LIMIT, memory_limit: float = DEFAULT_MEMORY_GIB,
          out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> ExitCode:
    """Run the studio until Ctrl-C; the exit code. `port` 0: a free one; `host` None: this
    machine only; `browser`: open the page; `time_limit`, `memory_limit`: each solve's."""
    problem = missing_extra()
    if problem:
        print(f"solve-asp: {problem}", file=err)
        return ExitCode.USAGE
    if not 0 <= port <= 65535:
        print(f"solve-asp: --port must be 0..65535, got {port}", file=err)
        return ExitCode.USAGE
    import uvicorn

    from .app import Settings, create_app, instance_folder

    host_given, host = host, host or LOOPBACK
    if host_given and host_given != LOOPBACK:
        print(f"solve-asp: warning: listening on {host}: other machines that reach this "
              "address can use the studio (with the token)", file=err)
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        # Listening before the address is printed: a browser or a program that connects
        # as soon as it reads the address waits in the queue instead of being refused
        # while uvicorn starts (seconds on a loaded machine).
        sock.listen(128)
    except OSError as error:
        print(f"solve-asp: cannot listen on {host}:{port}: {error.strerror}", file=err)
        return ExitCode.USAGE
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)
    hosts = (LOOPBACK, "localhost") if host == LOOPBACK else (host,)
    settings = Settings(token=token, port=port, hosts=hosts, time_limit=time_limit,
                        memory_limit=memory_limit, instances=instance_folder())
    address = f"http://{hosts[0] if ':' not in hosts[0] else f'[{hosts[0]}]'}:{port}/?token={token}"
    # Ctrl-C or SIGTERM: uvicorn stops taking requests and waits for those in flight, at
    # most STOP_WAIT_S (a page's request takes a moment), then ends the jobs and exits.
    config = uvicorn.Config(create_app(settings), log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=STOP_WAIT_S)
    server = uvicorn.Server(config)
    print(f"solve-asp studio: {address}", file=out, flush=True)
    print("Ctrl-C stops it.", file=out, flush=True)
    if browser:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops gracefully, then re-raises
        server.run(sockets=[sock])
    print("solve-asp studio: stopped.", file=out, flush=True)
    return ExitCode.SOLVED
