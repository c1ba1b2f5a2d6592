"""`solve-asp studio`: rules and board side by side in the browser.

A local web server (Starlette on uvicorn, the optional extra `studio`) serves one page:
pick a puzzle and an instance or paste one, edit its `.lp` rules, solve, explain, hint,
step, and play back clingo's search beside a hand-written one. Imported only by the
`studio` subcommand, so `solve-asp PUZZLE FILE` never loads a web framework.
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import socket
import sys
import threading
import webbrowser
from collections.abc import Sequence

from ..cli import DEFAULT_MEMORY_GIB
from ..cli import _memory_size as memory_size  # the command's own checks of the values
from ..cli import _natural as natural
from ..cli import _Parser as Parser
from ..cli import _positive_float as positive_float

LOOPBACK = "127.0.0.1"
STOP_WAIT_S = 5  # on Ctrl-C, how long requests in flight may take to finish


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(  # the command's: a usage error is one line
        prog="solve-asp studio",
        description="Edit a puzzle's rules and watch them solve it, in the browser.")
    parser.add_argument("--port", type=natural, default=0,
                        help="port to listen on (default: a free one)")
    parser.add_argument("--host", default=None,
                        help=f"address to listen on (default {LOOPBACK}; anything else makes "
                        "the studio reachable from other machines, with a warning)")
    parser.add_argument("--no-browser", action="store_true",
                        help="print the address but do not open a browser")
    parser.add_argument("--time-limit", type=positive_float, default=60.0, metavar="SECONDS",
                        help="longest time one solve may take (default 60)")
    parser.add_argument("--memory-limit", type=memory_size, default=DEFAULT_MEMORY_GIB,
                        metavar="GIB", help="the memory (address space) one solve may use, in "
                        f"GiB (default {DEFAULT_MEMORY_GIB:g}; 0: no limit), as the command's "
                        "--memory-limit; past it the page says so")
    return parser


def missing_extra() -> str | None:
    """Why the studio cannot start, if its libraries are not installed."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        return (f"the studio needs the 'studio' extra ({error.name} is not installed): "
                "pip install 'solve-asp[studio]'")
    return None


def main(argv: Sequence[str], out=sys.stdout, err=sys.stderr) -> int:  # type: ignore[no-untyped-def]
    """Run the studio until Ctrl-C; the exit code."""
    args = build_parser().parse_args(argv)
    problem = missing_extra()
    if problem:
        print(f"solve-asp: {problem}", file=err)
        return 2
    if not 0 <= args.port <= 65535:
        print(f"solve-asp: --port must be 0..65535, got {args.port}", file=err)
        return 2
    import uvicorn

    from .app import Settings, create_app, instance_folder

    host = args.host or LOOPBACK
    if args.host and args.host != LOOPBACK:
        print(f"solve-asp: warning: listening on {host}: other machines that reach this "
              "address can use the studio (with the token)", file=err)
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, args.port))
        # Listening before the address is printed: a browser or a program that connects
        # as soon as it reads the address waits in the queue instead of being refused
        # while uvicorn starts (seconds on a loaded machine).
        sock.listen(128)
    except OSError as error:
        print(f"solve-asp: cannot listen on {host}:{args.port}: {error.strerror}", file=err)
        return 2
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)
    hosts = (LOOPBACK, "localhost") if host == LOOPBACK else (host,)
    settings = Settings(token=token, port=port, hosts=hosts, time_limit=args.time_limit,
                        memory_limit=args.memory_limit, instances=instance_folder())
    address = f"http://{hosts[0] if ':' not in hosts[0] else f'[{hosts[0]}]'}:{port}/?token={token}"
    # Ctrl-C or SIGTERM: uvicorn stops taking requests and waits for those in flight, at
    # most STOP_WAIT_S (a page's request takes a moment), then ends the jobs and exits.
    config = uvicorn.Config(create_app(settings), log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=STOP_WAIT_S)
    server = uvicorn.Server(config)
    print(f"solve-asp studio: {address}", file=out, flush=True)
    print("Ctrl-C stops it.", file=out, flush=True)
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops gracefully, then re-raises
        server.run(sockets=[sock])
    print("solve-asp studio: stopped.", file=out, flush=True)
    return 0
