"""The studio's server without a browser: a test per safety rule, and its answers.

Requests go through Starlette's TestClient to the real application (middleware, routes,
a child process per solve); answers are checked with the independent checkers.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the studio extra is part of the test extra")

from checkers import checker
from conftest import comparison_table
from starlette.testclient import TestClient

from pyasp_runner.puzzles import module_names, registry
from pyasp_runner.studio.app import TOKEN_HEADER, Settings, create_app, instance_folder
from pyasp_runner.studio.jobs import KEEP_TRACES
from pyasp_runner.studio.playback import PAGE
from pyasp_runner.studio.rules import RulesRefused, check_rules

ROOT = Path(__file__).resolve().parent.parent
PORT = 8765
TOKEN = "test-token-0123456789"
ORIGIN = f"http://127.0.0.1:{PORT}"


@pytest.fixture(scope="module")
def client():
    settings = Settings(token=TOKEN, port=PORT, time_limit=20.0, max_body=200_000,
                        instances=instance_folder())
    with TestClient(create_app(settings), base_url=ORIGIN) as test_client:
        yield test_client


def headers(**extra: str) -> dict[str, str]:
    return {TOKEN_HEADER: TOKEN, "Origin": ORIGIN, **extra}


def run_job(client: TestClient, request: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
    answer = client.post("/api/jobs", json=request, headers=headers())
    assert answer.status_code == 200, answer.text
    job = answer.json()
    deadline = time.monotonic() + timeout
    while job["state"] == "running":
        assert time.monotonic() < deadline, "the solve did not finish"
        time.sleep(0.05)
        job = client.get(f"/api/jobs/{job['id']}", headers=headers()).json()
    return {**job["result"], "job": job["id"]}


# -- safety: one test per rule ---------------------------------------------------------

def test_a_request_without_the_token_is_refused(client):
    assert client.get("/api/puzzles", headers={"Origin": ORIGIN}).status_code == 401
    assert client.get("/api/jobs/1-x/steps?player=clingo&start=0").status_code == 401
    assert client.get("/").status_code == 401
    assert client.get("/static/studio.js").status_code == 401


def test_a_request_with_a_wrong_token_is_refused(client):
    wrong = {TOKEN_HEADER: TOKEN[:-1] + "X"}
    assert client.get("/api/puzzles", headers=wrong).status_code == 401
    assert client.get("/?token=guess").status_code == 401


def test_the_token_in_a_cookie_does_not_open_the_api(client):
    """Only the page's own script can set the header; a cookie rides along from anywhere."""
    answer = client.get("/api/puzzles", headers={"Cookie": f"solve_asp_studio={TOKEN}"})
    assert answer.status_code == 401


def test_the_page_with_the_token_sets_it_for_its_static_files(client):
    page = client.get(f"/?token={TOKEN}")
    assert page.status_code == 200
    assert f'content="{TOKEN}"' in page.text
    assert "solve_asp_studio=" in page.headers["set-cookie"]
    assert "samesite=strict" in page.headers["set-cookie"].lower()
    script = client.get("/static/editor.min.js",
                        headers={"Cookie": f"solve_asp_studio={TOKEN}"})
    assert script.status_code == 200 and "StudioEditor" in script.text


def test_a_foreign_origin_is_refused(client):
    foreign = {TOKEN_HEADER: TOKEN, "Origin": "http://evil.example"}
    assert client.get("/api/puzzles", headers=foreign).status_code == 403
    answer = client.post("/api/jobs", headers=foreign,
                         json={"action": "solve", "puzzle": "jodici", "instance": "1.csv"})
    assert answer.status_code == 403
    other_port = {TOKEN_HEADER: TOKEN, "Origin": f"http://127.0.0.1:{PORT + 1}"}
    assert client.get("/api/puzzles", headers=other_port).status_code == 403


def test_a_post_without_an_origin_is_refused(client):
    answer = client.post("/api/jobs", headers={TOKEN_HEADER: TOKEN},
                         json={"action": "solve", "puzzle": "jodici", "instance": "1.csv"})
    assert answer.status_code == 403


def test_a_foreign_host_is_refused(client):
    """DNS rebinding: a name that resolves to 127.0.0.1 but is not the studio's own."""
    answer = client.get("/api/puzzles", headers=headers(Host=f"evil.example:{PORT}"))
    assert answer.status_code == 403
    assert client.get("/api/puzzles", headers=headers()).status_code == 200


def test_rules_with_script_are_refused(client):
    rules = "a.\n#script (python)\nimport os\nos.system('touch /tmp/pwned')\n#end.\n"
    answer = client.post("/api/jobs", headers=headers(), json={
        "action": "solve", "puzzle": "jodici", "instance": "1.csv", "rules": rules})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("rules.lp:2: #script is not allowed")


def test_rules_with_include_are_refused(client):
    rules = '#include "/etc/passwd".\n'
    answer = client.post("/api/jobs", headers=headers(), json={
        "action": "solve", "puzzle": "jodici", "instance": "1.csv", "rules": rules})
    assert answer.status_code == 400
    assert "#include is not allowed" in answer.json()["error"]


@pytest.mark.parametrize(("rules", "where"), [('a.\nb("x\ud800").\n', "2:5: U+D800"),
                                               ("% \udfff in a comment\na.\n", "1:3: U+DFFF")])
def test_rules_with_half_a_character_are_refused_in_one_line(client, rules, where):
    """JSON carries lone UTF-16 surrogates (a browser's JSON.stringify writes them as
    `\\ud800`), which are no text clingo could read."""
    body = json.dumps({"action": "solve", "puzzle": "jodici", "instance": "1.csv",
                       "rules": rules})  # ASCII: the surrogate as an escape
    answer = client.post("/api/jobs", headers=headers(**{"Content-Type": "application/json"}),
                         content=body.encode("ascii"))
    assert answer.status_code == 400
    assert answer.json()["error"] == (f"rules.lp:{where} is half of a character (a lone "
                                      "UTF-16 surrogate), not text: delete it")
    assert client.get("/api/puzzles", headers=headers()).status_code == 200


def test_the_rules_check_reads_past_comments_and_strings_only():
    check_rules('% a comment naming #script is fine\nname("#include").\n%* #script *%\n')
    for hidden in ("a. #script(lua) x #end.", "%* c *% #include \"f\".", "% x\n#include <f>."):
        with pytest.raises(RulesRefused):
            check_rules(hidden)


def test_an_oversized_body_is_refused(client):
    big = {"action": "solve", "puzzle": "jodici", "text": "x" * 300_000}
    answer = client.post("/api/jobs", headers=headers(), json=big)
    assert answer.status_code == 413


def test_an_oversized_streamed_body_is_refused(client):
    def chunks():
        for _ in range(300):
            yield b"x" * 1000

    answer = client.post("/api/jobs", headers=headers(), content=chunks())
    assert answer.status_code == 413


# A name with a slash or a `..` matches no route (404); a name without one that is no
# instance of the puzzle is refused by the handler (400).
@pytest.mark.parametrize(("name", "status"), [
    ("../../pyproject.toml", 404), ("/etc/passwd", 404), ("1.csv/../../x", 404), ("..", 404),
    ("1.expected.json", 400)])
def test_a_path_from_the_page_is_never_opened(client, name, status):
    answer = client.get(f"/api/puzzles/jodici/instances/{name}", headers=headers())
    assert answer.status_code == status, answer.text
    assert "[project]" not in answer.text and "root:" not in answer.text
    job = client.post("/api/jobs", headers=headers(),
                      json={"action": "solve", "puzzle": "jodici", "instance": name})
    assert job.status_code == 400
    assert "no instance named" in job.json()["error"]


def test_a_puzzle_name_is_not_a_path(client):
    answer = client.get("/api/puzzles/..%2F..%2Fpyproject/rules", headers=headers())
    assert answer.status_code == 404, answer.text
    assert "[project]" not in answer.text


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'{"action": "format"}',
                                  b'{"action": "solve", "puzzle": "nope", "text": "x"}',
                                  b'{"action": "solve", "puzzle": "jodici"}',
                                  b'{"action": "solve", "puzzle": "jodici", "text": "x", '
                                  b'"index": -1}'])
def test_a_bad_request_gets_one_line_and_the_server_goes_on(client, body):
    answer = client.post("/api/jobs", headers=headers(), content=body)
    assert answer.status_code == 400
    assert "\n" not in answer.json()["error"]
    assert client.get("/api/puzzles", headers=headers()).status_code == 200


# -- what the page is told ------------------------------------------------------------

def test_the_puzzles_and_their_instances_are_listed(client):
    listed = {p["name"]: p for p in client.get("/api/puzzles", headers=headers()).json()["puzzles"]}
    assert "10x10.csv" in listed["hidoku"]["instances"]
    assert not any(name.endswith(".expected.json") for p in listed.values()
                   for name in p["instances"])
    rules = client.get("/api/puzzles/hidoku/rules", headers=headers()).text
    assert rules == (ROOT / "asp" / "hidoku.lp").read_text()


def test_solve_answers_with_a_checked_solution_and_the_statistics(client):
    result = run_job(client, {"action": "solve", "puzzle": "hidoku", "instance": "10x10.csv"})
    text = (ROOT / "instances/hidoku/10x10.csv").read_text()
    checker("hidoku").check(text, result["solution"])
    assert result["unique"] is True and result["summary"] == "Solved: the solution is unique."
    meanings = {stat["name"]: stat["meaning"] for stat in result["stats"]}
    assert meanings["choices"] == "decisions: atoms the solver guessed"


def test_next_walks_through_every_solution(client):
    text = (ROOT / "instances/hidoku/several.csv").read_text()
    expected = json.loads((ROOT / "instances/hidoku/several.expected.json").read_text())
    seen = []
    index, has_next = 0, True
    while has_next:
        result = run_job(client, {"action": "solve", "puzzle": "hidoku", "text": text,
                                  "index": index})
        checker("hidoku").check(text, result["solution"])
        seen.append(json.dumps(result["solution"], sort_keys=True))
        has_next, index = result["has_next"], index + 1
    assert len(set(seen)) == len(seen) == expected["count"]


def test_an_unsolvable_instance_is_said_so_and_explained(client):
    solved = run_job(client, {"action": "solve", "puzzle": "hidoku",
                              "instance": "unsolvable.csv"})
    assert solved["status"] == "unsolvable" and solved["summary"].startswith("No solution")
    explained = run_job(client, {"action": "explain", "puzzle": "hidoku",
                                 "instance": "unsolvable.csv"})
    assert sorted(c["position"] + [c["value"]] for c in explained["conflict"]) == [
        [1, 1, 1], [1, 4, 3]]
    assert "cannot both hold together" in explained["explanation"]


def test_a_broken_rule_is_reported_at_its_line_and_column(client):
    rules = (ROOT / "asp/jodici.lp").read_text().splitlines()
    line = next(i for i, text in enumerate(rules) if text and not text.startswith("%"))
    rules[line] = "this is not a rule"
    result = run_job(client, {"action": "solve", "puzzle": "jodici", "instance": "1.csv",
                              "rules": "\n".join(rules)})
    assert result["status"] == "error"
    assert result["errors"][0]["line"] == line + 1
    assert result["errors"][0]["column"] >= 1
    assert result["error"].startswith("rules.lp: cannot be parsed: rules.lp:")


def test_an_unsafe_variable_is_reported_with_its_notes_naming_the_rules_only(client):
    rules = (ROOT / "asp/jodici.lp").read_text() + "extra(X) :- not digit(X).\n"
    result = run_job(client, {"action": "solve", "puzzle": "jodici", "instance": "1.csv",
                              "rules": rules})
    line = rules.count("\n")
    assert result["errors"] == [{"line": line, "column": 1, "message":
                                 "error: unsafe variables in:\n  extra(X):-[#inc_base];not "
                                 f"digit(X).\nrules.lp:{line}:7-8: note: 'X' is unsafe"}]


def test_bad_puzzle_text_gets_the_cli_message(client):
    result = run_job(client, {"action": "solve", "puzzle": "hidoku", "text": "1,2\n3\n"})
    assert result["status"] == "error"
    assert result["error"] == "<pasted>:2: expected 2 fields like the first row, found 1"


def test_hint_and_step_give_the_forced_values(client):
    hint = run_job(client, {"action": "hint", "puzzle": "hidoku", "instance": "10x10.csv"})
    step = run_job(client, {"action": "step", "puzzle": "hidoku", "instance": "10x10.csv"})
    assert hint["forced"] == hint["open"] > 0
    assert 0 < step["forced"] <= hint["forced"]
    assert "by propagation alone" in step["summary"]


def test_a_long_solve_shows_progress_and_can_be_stopped(client):
    started = client.post("/api/jobs", headers=headers(), json={
        "action": "solve", "puzzle": "magic", "instance": "5x5-empty.csv", "index": 5000})
    job = started.json()
    time.sleep(1.0)
    running = client.get(f"/api/jobs/{job['id']}", headers=headers()).json()
    assert running["state"] == "running" and running["elapsed"] > 0
    assert client.get("/api/puzzles", headers=headers()).status_code == 200  # responsive
    client.post(f"/api/jobs/{job['id']}/stop", headers=headers(), json={})
    deadline = time.monotonic() + 10
    while running["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        running = client.get(f"/api/jobs/{job['id']}", headers=headers()).json()
    assert running["result"]["status"] == "interrupted"


def test_a_solve_past_the_memory_limit_says_so_and_the_server_goes_on():
    """Each solve's process is bounded as the command's --memory-limit bounds a run: rules
    that ground 25 million atoms answer "out of memory" with the limit; the next solve in
    the same server (and the same limit) is answered."""
    settings = Settings(token=TOKEN, port=PORT, time_limit=120.0, memory_limit=0.5,
                        instances=instance_folder())
    greedy = (ROOT / "asp/jodici.lp").read_text() + "n(1..5000). big(X,Y) :- n(X), n(Y).\n"
    with TestClient(create_app(settings), base_url=ORIGIN) as bounded:
        result = run_job(bounded, {"action": "solve", "puzzle": "jodici", "instance": "1.csv",
                                   "rules": greedy}, timeout=180)
        assert result["status"] == "error", result
        assert result["error"].startswith("out of memory while grounding"), result
        assert "0.5 GiB" in result["error"]
        solved = run_job(bounded, {"action": "solve", "puzzle": "hidoku",
                                   "instance": "10x10.csv"}, timeout=60)
        checker("hidoku").check((ROOT / "instances/hidoku/10x10.csv").read_text(),
                                solved["solution"])


def test_the_studio_command_refuses_a_bad_port_in_one_line():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pyasp_runner", "studio", "--port", "70000",
                           "--no-browser"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert done.stderr == "solve-asp: --port must be 0..65535, got 70000\n"


@pytest.mark.parametrize("instance", ["hidoku/10x10.csv", "jodici/1.csv", "flower/pairs.txt",
                                      "flower/original.txt", "equation/small-range.txt",
                                      "magic/4x4-durer.csv", "checkerboard/dominoes-4x2.txt"])
def test_the_trace_counts_are_those_of_the_measured_comparison(client, instance):
    """Both searches of a trace look for what the comparison looked for, and count alike;
    the page gets the counts and the first page of steps, the server keeps the rest."""
    puzzle, name = instance.split("/")
    result = run_job(client, {"action": "trace", "puzzle": puzzle, "instance": name})
    row = comparison_table()[instance]
    plain, counts = result["clingo"]["plain"], result["imperative"]["counts"]
    assert (plain["choices"], plain["conflicts"]) == (int(row["choices"]), int(row["conflicts"]))
    assert (counts["nodes"], counts["tried"]) == (int(row["nodes"]), int(row["tried"]))
    for player in ("clingo", "imperative"):
        played = result[player]
        assert [step["index"] for step in played["steps"]] == list(
            range(min(played["total_steps"], PAGE)))
        assert not played["truncated"]
    kept = client.app.state.jobs.get(result["job"]).kept
    steps = kept["imperative"].steps
    assert sum(step.kind == "try" for step in steps) == counts["tried"]
    assert sum(step.kind == "backjump" for step in steps) == counts["backtracks"]
    assert sum(step.kind == "model" for step in steps) == counts["solutions"]


def steps_page(client, job: str, player: str, start: int | str):
    return client.get(f"/api/jobs/{job}/steps", params={"player": player, "start": start},
                      headers=headers())


def test_every_step_of_a_long_trace_is_reachable(client):
    """Tens of thousands of steps: the page fetches any of them, a page at a time."""
    result = run_job(client, {"action": "trace", "puzzle": "magic", "instance": "5x5.csv"})
    for player in ("clingo", "imperative"):
        total = result[player]["total_steps"]
        assert total > 10_000
        assert len(result[player]["steps"]) == PAGE  # not the whole search in one answer
        for start in (total // 2, total - 1):
            page = steps_page(client, result["job"], player, start)
            assert page.status_code == 200, page.text
            steps = page.json()["steps"]
            assert [step["index"] for step in steps] == list(
                range(start, min(start + PAGE, total)))
            assert all("<svg" in step["svg"] and "data-row" in step["svg"] for step in steps)
    last = steps_page(client, result["job"], "imperative",
                      result["imperative"]["total_steps"] - 1).json()["steps"][0]
    # The search ends by backing out of its last node, the uniqueness proof done.
    assert last["kind"] == "backjump"


@pytest.mark.parametrize("query", [{"player": "nobody", "start": "0"},
                                   {"player": "clingo", "start": "-1"},
                                   {"player": "clingo", "start": "../../x"}])
def test_a_bad_page_request_gets_one_line(client, query):
    result = run_job(client, {"action": "trace", "puzzle": "hidoku",
                              "instance": "benedek-3.csv"})
    answer = steps_page(client, result["job"], query["player"], query["start"])
    assert answer.status_code == 400 and "\n" not in answer.json()["error"]


def test_old_traces_are_let_go(client):
    first = run_job(client, {"action": "trace", "puzzle": "hidoku", "instance": "benedek-3.csv"})
    for _ in range(KEEP_TRACES):
        run_job(client, {"action": "trace", "puzzle": "hidoku", "instance": "benedek-3.csv"})
    answer = steps_page(client, first["job"], "clingo", 0)
    assert answer.status_code == 400
    assert answer.json()["error"] == "this trace is no longer kept: press Trace again"


def test_another_host_than_loopback_is_named_with_a_warning():
    import signal
    import subprocess
    import sys

    from conftest import watchdog

    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", "studio", "--no-browser",
                                "--host", "127.0.0.2"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    with watchdog(process, 180, "the studio"):
        try:
            warning = process.stderr.readline()
            address = process.stdout.readline()
        finally:
            process.send_signal(signal.SIGINT)
            process.wait()
    assert warning.startswith("solve-asp: warning: listening on 127.0.0.2: other machines")
    assert address.startswith("solve-asp studio: http://127.0.0.2:")


def test_localhost_is_the_studio_too(client):
    answer = client.get("/api/puzzles", headers={TOKEN_HEADER: TOKEN,
                                                 "Host": f"localhost:{PORT}",
                                                 "Origin": f"http://localhost:{PORT}"})
    assert answer.status_code == 200


def test_a_request_that_fails_inside_the_server_gets_one_line_and_the_server_goes_on(
        client, monkeypatch):
    """A bug met while answering (here: drawing a page of a trace) is a 500 with one
    line; the server keeps answering."""
    from pyasp_runner.studio import work

    result = run_job(client, {"action": "trace", "puzzle": "hidoku",
                              "instance": "benedek-3.csv"})

    def broken(request):
        raise RuntimeError("a bug")

    monkeypatch.setattr(work, "drawer_for", broken)
    other = TestClient(client.app, base_url=ORIGIN, raise_server_exceptions=False)
    answer = other.get(f"/api/jobs/{result['job']}/steps",
                       params={"player": "clingo", "start": 0}, headers=headers())
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal error: RuntimeError"}
    assert other.get("/api/puzzles", headers=headers()).status_code == 200


def test_a_job_ends_with_a_studio_killed_outright(tmp_path):
    # The job's process is forked from the forkserver, not from the studio: killed
    # outright (SIGKILL, no clean-up), the studio can no longer end it, and a grounding
    # that never finishes would run on for ever. It ends with the studio.
    import contextlib
    import os
    import signal
    import subprocess
    import sys
    import urllib.request

    from conftest import alive_in, watchdog

    process = subprocess.Popen([sys.executable, "-m", "pyasp_runner", "studio", "--no-browser",
                                "--time-limit", "600"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        with watchdog(process, 180, "the studio"):
            address = process.stdout.readline().split(": ", 1)[1].strip()
        base, token = address.split("/?token=")
        slow = "n(1..3000). big(X,Y,Z) :- n(X), n(Y), n(Z), X+Y+Z = 4000.\n#show big/3.\n"
        request = urllib.request.Request(
            f"{base}/api/jobs", method="POST", headers={TOKEN_HEADER: token, "Origin": base,
                                                        "Content-Type": "application/json"},
            data=json.dumps({"action": "solve", "puzzle": "jodici", "instance": "1.csv",
                             "rules": slow}).encode())
        # The studio listens before it prints its address: no retry is needed.
        with urllib.request.urlopen(request, timeout=120) as answer:
            assert json.loads(answer.read())["state"] == "running"
        job = None
        for _ in range(1200):  # the job's process appears (at most two minutes)
            job = next((line.split()[0] for line in alive_in(process).splitlines()
                        if "forkserver" not in line and "resource_tracker" not in line
                        and int(line.split()[0]) != process.pid), None)
            if job:
                break
            time.sleep(0.1)
        assert job, f"no job process: {alive_in(process)}"
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
        for _ in range(1200):  # at most two minutes
            if not any(line.split()[0] == job for line in alive_in(process).splitlines()):
                break
            time.sleep(0.1)
        assert not any(line.split()[0] == job for line in alive_in(process).splitlines()), \
            alive_in(process)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=60)


def test_a_new_genre_is_solved_from_its_rules_and_a_pasted_puzzle(client):
    rules = (ROOT / "pyasp_runner/studio/static/new-genre.lp").read_text()
    text = (ROOT / "pyasp_runner/studio/static/new-genre.txt").read_text()
    result = run_job(client, {"action": "solve", "puzzle": "new genre", "rules": rules,
                              "text": text})
    assert result["status"] == "solved" and result["unique"] is True
    grid = [[int(value) for value in row] for row in result["solution"]["grid"]]
    assert all(sorted(row) == [1, 2, 3, 4] for row in grid)  # a Latin square, its givens kept
    assert all(sorted(column) == [1, 2, 3, 4] for column in zip(*grid, strict=True))
    givens = [line.split() for line in text.splitlines()[1:]]
    assert all(grid[r][c] == int(v) for r, row in enumerate(givens)
               for c, v in enumerate(row) if v != "-")
    result = run_job(client, {"action": "trace", "puzzle": "new genre", "rules": rules,
                              "text": text})
    page = client.get(f"/api/jobs/{result['job']}/steps?player=clingo&start=0",
                      headers=headers())
    assert page.status_code == 200 and page.json()["steps"]
    broken = rules.replace("%! show value/3 as number", "%! show value/3 as colour")
    result = run_job(client, {"action": "solve", "puzzle": "new genre", "rules": broken,
                              "text": text})
    line = broken.splitlines().index("%! show value/3 as colour") + 1
    assert result["status"] == "error"
    assert result["errors"] == [{"line": line, "column": 1, "message": "error: header: "
                                 "unknown role 'colour' (roles: number, letter, shaded, "
                                 "unshaded, symbol, region, border, line, edge, bridge, "
                                 "diagonal)"}]


@pytest.mark.parametrize("genre", sorted(set(registry()) - set(module_names())))
def test_a_shipped_genre_is_solved_and_hinted_from_its_instance(client, genre):
    """A genre in the package is in the studio's list as every puzzle is: its first
    instance with one answer solved (checked by the genre's own checker) and hinted."""
    path = next(p for p in sorted((ROOT / "instances" / genre).iterdir())
                if not p.name.endswith(".expected.json") and json.loads(
                    p.with_name(p.stem + ".expected.json").read_text())["unique"] is True)
    result = run_job(client, {"action": "solve", "puzzle": genre, "instance": path.name})
    assert result["status"] == "solved" and result["unique"] is True
    checker(genre).check(path.read_text(), result["solution"])
    hint = run_job(client, {"action": "hint", "puzzle": genre, "instance": path.name})
    assert hint["status"] == "solved"
    hinted, solved = dict(hint["solution"]), dict(result["solution"])  # (atoms in any order)
    assert sorted(hinted.pop("atoms")) == sorted(solved.pop("atoms")) and hinted == solved


def test_a_new_genre_needs_its_rules_and_a_pasted_puzzle(client):
    answer = client.post("/api/jobs", json={"action": "solve", "puzzle": "new genre",
                                            "text": "1 1\n-\n"}, headers=headers())
    assert answer.status_code == 400
    assert answer.json()["error"] == "a new genre is its rules and a pasted puzzle"
