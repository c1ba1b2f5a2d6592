"""The studio's web application (Starlette): the page, its static files and a small JSON API.

Safety, because a local server is still a server that any page in the browser can reach:

- every request carries the session token: the page's address (`/?token=...`) sets it
  as a same-site cookie for the page and its static files, and every API call sends it
  in the `X-Studio-Token` header, which another site's page cannot set;
- the Host header must name this server (no DNS rebinding) and an Origin, when sent,
  must be this server's own (no other site's page can drive the studio);
- request bodies are limited in size; rules may not use `#script` or `#include`;
- instances are read only from the registry's own folders, looked up by the names the
  server listed, or come as text in the request: no path from the page is ever opened;
- every error becomes a JSON answer with one line; a request never ends the server.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..numerals import is_digits
from ..process import DEFAULT_MEMORY_GIB
from ..puzzles import registry
from .jobs import BusyError, Jobs
from .rules import NEW_GENRE, RulesRefused, check_rules

STATIC = Path(__file__).resolve().parent / "static"
TOKEN_HEADER = "x-studio-token"
TOKEN_COOKIE = "solve_asp_studio"
# A puzzle or a set of rules is a few kilobytes; the largest shipped instance is 60 kB.
MAX_BODY = 1_000_000
DEFAULT_TIME_LIMIT = 60.0
ACTIONS = ("solve", "explain", "hint", "step", "trace", "check", "why", "steps", "template")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Settings:
    """One studio server: its token, the names it answers to, its limits."""

    token: str
    port: int
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost")
    time_limit: float = DEFAULT_TIME_LIMIT
    memory_limit: float = DEFAULT_MEMORY_GIB  # GiB per solve's process; 0: no limit
    max_body: int = MAX_BODY
    instances: Path | None = None
    max_running: int = 2

    @property
    def origins(self) -> set[str]:
        return {f"http://{host}:{self.port}" for host in self.hosts}

    @property
    def host_headers(self) -> set[str]:
        return {f"{host}:{self.port}" for host in self.hosts}


def instance_folder() -> Path | None:
    """The registry's instances: inside an installed wheel, or `instances/` of a checkout."""
    package = Path(__file__).resolve().parents[1]
    for folder in (package / "instances", package.parent / "instances"):
        if folder.is_dir():
            return folder
    return None


def instance_files(folder: Path | None, puzzle: str) -> dict[str, Path]:
    """The puzzle's instances by name (the expected answers beside them left out)."""
    if folder is None or not (folder / puzzle).is_dir():
        return {}
    return {path.name: path for path in sorted((folder / puzzle).iterdir())
            if path.is_file() and not path.name.endswith(".expected.json")}


class Guard:
    """ASGI middleware: Host, Origin and token checks, and the body size limit."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1")
                   for key, value in scope["headers"]}
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            await JSONResponse({"error": refusal[1]}, status_code=refusal[0])(scope, receive, send)
            return
        length = headers.get("content-length", "0")
        # ASCII digits only (a latin-1 `²` passes isdigit, not int), never thousands of them
        if not is_digits(length) or len(length) > 15 or int(length) > self.settings.max_body:
            await _too_large(self.settings.max_body)(scope, receive, send)
            return
        await self.app(scope, _limited(receive, self.settings.max_body), send)

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        if headers.get("host") not in self.settings.host_headers:
            return 403, "refused: this server answers only to its own address"
        origin = headers.get("origin")
        if origin is not None and origin not in self.settings.origins:
            return 403, "refused: a request from another site's page"
        if scope["method"] not in ("GET", "HEAD") and origin is None:
            # Browsers send Origin with every POST; a request without one is no page's.
            return 403, "refused: a request without its page's origin"
        if not self.has_token(scope, headers):
            return 401, "refused: no valid session token (open the address the studio printed)"
        return None

    def has_token(self, scope: Scope, headers: dict[str, str]) -> bool:
        token = self.settings.token
        if scope["path"].startswith("/api/"):  # only the page's own script can set a header
            return hmac.compare_digest(headers.get(TOKEN_HEADER, ""), token)
        cookies = headers.get("cookie", "")
        sent = [part.strip()[len(TOKEN_COOKIE) + 1:] for part in cookies.split(";")
                if part.strip().startswith(f"{TOKEN_COOKIE}=")]
        query = dict(pair.split("=", 1) for pair in scope.get("query_string", b"")
                     .decode("latin-1").split("&") if "=" in pair)
        return any(hmac.compare_digest(candidate, token)
                   for candidate in [*sent, query.get("token", "")])


def _too_large(limit: int) -> Response:
    return JSONResponse({"error": f"refused: the request is larger than {limit:,} bytes"},
                        status_code=413)


class BodyTooLarge(Exception):
    """A chunked body went past the limit while it was read."""


def _limited(receive: Receive, limit: int) -> Receive:
    """`receive` that stops a streamed body (no Content-Length) at the limit."""
    seen = [0]

    async def guarded() -> Message:
        message = await receive()
        if message["type"] == "http.request":
            seen[0] += len(message.get("body", b""))
            if seen[0] > limit:
                raise BodyTooLarge
        return message

    return guarded


class BadRequest(Exception):
    """A request the page should not have sent: one line for it."""


def create_app(settings: Settings) -> Starlette:
    jobs = Jobs(settings.instances, settings.max_running, settings.memory_limit)

    async def page(request: Request) -> Response:
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        html = html.replace("{{TOKEN}}", escape(settings.token, quote=True))
        html = html.replace("{{TIME_LIMIT}}", f"{settings.time_limit:g}")
        response = HTMLResponse(html, headers={
            "Cache-Control": "no-store",
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
            "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
            "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"})
        response.set_cookie(TOKEN_COOKIE, settings.token, httponly=True, samesite="strict")
        return response

    async def puzzles(request: Request) -> Response:
        listed = []
        for name, puzzle in registry().items():
            listed.append({"name": name, "summary": puzzle.summary,
                           "inline": puzzle.spec.inline,
                           "instances": list(instance_files(settings.instances, name))})
        return JSONResponse({"puzzles": listed, "time_limit": settings.time_limit})

    async def rules(request: Request) -> Response:
        puzzle = _puzzle(request.path_params["puzzle"])
        return PlainTextResponse(registry()[puzzle].encoding.read_text(encoding="utf-8"))

    async def instance(request: Request) -> Response:
        puzzle = _puzzle(request.path_params["puzzle"])
        files = instance_files(settings.instances, puzzle)
        name = request.path_params["name"]
        if name not in files:  # looked up among the listed names, never joined as a path
            raise BadRequest(f"{puzzle} has no instance named {name!r}")
        return PlainTextResponse(files[name].read_text(encoding="utf-8", errors="replace"))

    async def start(request: Request) -> Response:
        body = await _json(request)
        job_request = _job_request(body, settings)
        try:
            job = jobs.start(job_request)
        except BusyError as busy:
            return JSONResponse({"error": f"busy: {busy}"}, status_code=429)
        return JSONResponse(job.view())

    async def status(request: Request) -> Response:
        job = jobs.get(request.path_params["job"])
        if job is None:
            raise BadRequest("no such solve (it finished long ago, or never started)")
        return JSONResponse(job.view())

    def steps(request: Request) -> Response:
        """A page of a trace's steps, drawn (a plain function: Starlette runs it in a
        worker thread, so drawing never holds up the event loop)."""
        job = jobs.get(request.path_params["job"])
        player = request.query_params.get("player", "")
        start = request.query_params.get("start", "0")
        if not is_digits(start) or len(start) > 9:
            raise BadRequest("start must be a step number")
        kept = job.kept if job is not None else None  # another thread may let it go
        if job is None or kept is None:
            raise BadRequest("this trace is no longer kept: press Trace again")
        playback = kept.get(player)
        if playback is None:
            raise BadRequest(f"no search named {player!r} in this trace")
        at: int | None = int(start)
        find = request.query_params.get("find")
        if find is not None:
            if find not in ("backjump", "model"):
                raise BadRequest("find must be backjump or model")
            at = playback.find(find, int(start))
            if at is None:
                return JSONResponse({"start": None, "steps": []})
        from .work import drawer_for
        with job.lock:
            if job.drawer is None:
                job.drawer = drawer_for(job.request)
            drawer = job.drawer
        return JSONResponse({"start": at, "steps": playback.page(drawer, at)})

    async def stop(request: Request) -> Response:
        job = jobs.get(request.path_params["job"])
        if job is None:
            raise BadRequest("no such solve")
        jobs.stop(job)
        return JSONResponse({"id": job.id, "state": "stopping"})

    async def bad_request(request: Request, error: Exception) -> Response:
        return JSONResponse({"error": str(error)}, status_code=400)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return JSONResponse({"error": str(error.detail)}, status_code=error.status_code)

    async def too_large(request: Request, error: Exception) -> Response:
        return _too_large(settings.max_body)

    async def internal(request: Request, error: Exception) -> Response:
        return JSONResponse({"error": f"internal error: {type(error).__name__}"},
                            status_code=500)

    @asynccontextmanager
    async def lifespan(app: Starlette):  # type: ignore[no-untyped-def]
        yield
        jobs.stop_all()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/puzzles", puzzles),
            Route("/api/puzzles/{puzzle}/rules", rules),
            Route("/api/puzzles/{puzzle}/instances/{name}", instance),
            Route("/api/jobs", start, methods=["POST"]),
            Route("/api/jobs/{job}", status),
            Route("/api/jobs/{job}/steps", steps),
            Route("/api/jobs/{job}/stop", stop, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={BadRequest: bad_request, HTTPException: http_error,
                            BodyTooLarge: too_large, Exception: internal},
        lifespan=lifespan,
    )
    app.state.jobs = jobs
    app.add_middleware(Guard, settings=settings)  # type: ignore[arg-type, unused-ignore]
    return app


def _puzzle(name: str) -> str:
    if name not in registry():
        raise BadRequest(f"unknown puzzle {name!r}")
    return name


async def _json(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("the request is not JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("the request is not a JSON object")
    return body


def _job_request(body: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """The child's request from the page's: each field checked, the instance text found."""
    action = body.get("action")
    if action not in ACTIONS:
        raise BadRequest(f"unknown action {action!r}; one of {', '.join(ACTIONS)}")
    new = body.get("puzzle") == NEW_GENRE
    puzzle = NEW_GENRE if new else _puzzle(str(body.get("puzzle")))
    name, text = body.get("instance"), body.get("text")
    if new and (name is not None or body.get("rules") is None):
        raise BadRequest("a new genre is its rules and a pasted puzzle")
    if name is not None:
        files = instance_files(settings.instances, puzzle)
        if not isinstance(name, str) or name not in files:
            raise BadRequest(f"{puzzle} has no instance named {name!r} "
                             "(instances come from the list, or as pasted text)")
        text, source = files[name].read_text(encoding="utf-8", errors="replace"), name
        wanted = solutions_wanted(files[name])
    elif isinstance(text, str):
        source, wanted = "<pasted>", 2
    else:
        raise BadRequest("give an instance from the list or the puzzle's text")
    rules = body.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise BadRequest("rules must be text")
    if rules is not None:
        try:
            check_rules(rules)
        except RulesRefused as refused:
            raise BadRequest(str(refused)) from None
    index = body.get("index", 0)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 10_000:
        raise BadRequest("index must be a whole number from 0 to 9999")
    answer = body.get("answer")
    if action == "check" and not isinstance(answer, str):
        raise BadRequest("check needs the answer, as text (the --json solution object, or "
                         "the puzzle's text with its cells filled in)")
    return {"action": action, "puzzle": puzzle, "text": text, "source": source,
            "rules": rules, "index": index, "time_limit": settings.time_limit,
            "wanted": wanted, "answer": answer}


def solutions_wanted(instance: Path) -> int:
    """Solutions a trace looks for: 2 (uniqueness), or as many as the instance's expected
    file counts plus one, as benchmarks/compare.py does, so the page's counts and the
    measured table in docs/declarative-vs-imperative.md agree."""
    expected = instance.parent / f"{instance.name.rsplit('.', 1)[0]}.expected.json"
    try:
        data = json.loads(expected.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 2
    if isinstance(data.get("count"), int):
        return int(data["count"]) + 1
    cap = data.get("options", {}).get("cap", 2)
    return cap if isinstance(cap, int) and cap > 0 else 2
