"""What one studio request does, in its own child process: solve, explain, hint, step, trace
(and check, why and steps: `judging.py`).

A request is a plain dict (the page's JSON, already checked by the server); the answer is
a plain dict the page shows. Each request is a session's question (`pyasp_runner.session`)
with the puzzle's own settings, as the command's without options (its preset, clingo
options and default answers); the answer presents the session's outcome: the page's
fields, and `envelope`, the command's `--json` object for the same question. Nothing here
prints or exits: user-fixable errors become an `error` entry with the CLI's one-line
message, and clingo's located messages become `errors` with line and column for the
editor. Progress goes to `report(elapsed, found)`.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import escape, runner
from ..board import Board
from ..board.svg import svg
from ..errors import AnswerShapeError, EncodingError, InputError, Stopped, UserError
from ..puzzles import GenrePuzzle, registry
from ..session import Outcome, Session, Settings, load
from ..session.record import STATS_HELP, conflict_sentence
from .rules import NEW_GENRE, check_rules

Report = Callable[[float, int], None]

# clingo's located message: `<file>:<line>:<column>[-<end>]: error: ...`
_LOCATED = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<column>\d+)(?:-(?:\d+:)?\d+)?: "
                      r"(?P<kind>error|info|warning): (?P<text>.*)$", re.DOTALL)
RULES_NAME = "rules.lp"
# The key of an answer's part that stays with the server (the whole playbacks of a trace).
KEPT = "_kept"


def run(request: dict[str, Any], instances: Path | None, report: Report) -> dict[str, Any]:
    """Do what the request asks; every user-fixable failure becomes a one-line `error`."""
    try:
        return _run(request, instances, report)
    except InputError as error:
        if error.source != RULES_NAME:  # the puzzle's text
            return {"status": "error", "error": str(error), "errors": []}
        # the header of a new genre's rules: its one line, marked in the editor
        return {"status": "error", "error": "",
                "errors": [{"line": error.line or 1, "column": 1,
                            "message": f"error: {error.problem}"}]}
    except EncodingError as error:
        return {"status": "error", "error": _without_folder(str(error)),
                "errors": located(error.messages)}
    except AnswerShapeError as error:
        return {"status": "error", "error": f"{RULES_NAME}: its answers do not fit the "
                f"puzzle's drawing: {error} (keep the #show lines of the packaged rules)",
                "errors": []}
    except Stopped as stop:
        why = "time limit reached" if stop.status == runner.TIMEOUT else "stopped"
        return {"status": stop.status, "error": f"{why} before an answer was reached",
                "errors": []}
    except UserError as error:
        return {"status": "error", "error": str(error), "errors": []}
    except runner.Abandoned as stop:
        why = "time limit reached" if stop.status == runner.TIMEOUT else "stopped"
        return {"status": stop.status, "error": f"{why} before an answer was reached",
                "errors": []}


def _run(request: dict[str, Any], instances: Path | None, report: Report) -> dict[str, Any]:
    action = request["action"]
    text, source = request["text"], request.get("source") or "<page>"
    time_limit = float(request["time_limit"])
    if request["puzzle"] == NEW_GENRE:  # this child's registry learns the page's genre
        registry().files[NEW_GENRE] = new_genre(request["rules"])
    with tempfile.TemporaryDirectory(prefix="solve-asp-studio-") as folder:
        settings = Settings()
        if request.get("rules") is not None:
            check_rules(request["rules"])
            encoding = Path(folder) / RULES_NAME
            encoding.write_text(request["rules"], encoding="utf-8")
            settings = settings._replace(encoding=encoding)
        if action == "trace":
            # Both searches stop at 85% of the limit: the rest is for drawing the first pages.
            session = Session.open(request["puzzle"], text, source=source, settings=settings,
                                   time_limit=0.85 * time_limit)
            return trace(session, text, int(request.get("wanted", 2)))
        session = Session.open(request["puzzle"], text, source=source, settings=settings,
                               time_limit=time_limit)
        if action == "solve":
            return solve(session, int(request.get("index", 0)), report)
        if action == "explain":
            return explain(session, report)
        if action in ("hint", "step"):
            return hint(session, action == "step")
        if action == "check":
            from .judging import check
            return check(session, request["answer"])
        if action in ("why", "steps"):
            from .judging import why
            return why(session, action == "steps")
        if action == "template":
            from .judging import template
            return {"status": "template", "template": template(session.loaded)}
        raise UserError(f"unknown action {action!r}")


def new_genre(rules: str) -> GenrePuzzle:
    """The genre that rules written on the page define (named rules.lp in messages)."""
    check_rules(rules)
    return GenrePuzzle(NEW_GENRE, Path(RULES_NAME), text=rules)


def drawer_for(request: dict[str, Any]) -> Any:
    """The boards of a request's puzzle and instance (the server draws a trace's pages)."""
    from .playback import Drawer
    text, source = request["text"], request.get("source") or "<page>"
    if request["puzzle"] == NEW_GENRE:
        genre = new_genre(request["rules"])
        return Drawer(genre, genre.parse(text, source))
    loaded = load(request["puzzle"], text, source=source)
    return Drawer(loaded.puzzle, loaded.instance)


def solve(session: Session, index: int, report: Report) -> dict[str, Any]:
    """Answer number `index` (0-based) and what is known about the count after it: the
    first is the command's default solve; a later one looks for one more answer than it
    shows, to tell whether there is a next."""
    if index and session.models != 0:
        wanted = max(session.models or 2, index + 2)
        session = session._replace(settings=session.settings._replace(models=wanted))
    outcome = session.solve(progress=report)
    found = outcome.found
    assert found is not None
    data = outcome_view(outcome)
    data["index"] = index
    data["has_next"] = index + 1 < found.count
    if index < len(found.answers):
        answer = found.answers[index]
        data["board"] = picture(outcome, outcome.puzzle.board(outcome.instance, answer))
        data["solution"] = outcome.puzzle.solution_json(outcome.instance, answer)
    elif found.answers:
        data["board"] = picture(outcome, outcome.puzzle.board(outcome.instance,
                                                               found.answers[-1]))
    return data


def outcome_view(outcome: Outcome) -> dict[str, Any]:
    """Status, the page's one-line summary, the statistics with their meanings, and the
    envelope of the command's --json."""
    data = outcome.envelope()
    found = outcome.found
    assert found is not None
    closest = outcome.closest
    return {
        "status": data["status"],
        "summary": summary(outcome, closest.summary if closest else None),
        "count": found.count,
        "complete": found.complete,
        "unique": data["unique"],
        "stats": stats_view(found.stats),
        "messages": [_without_folder(text) for text in found.messages],
        "envelope": data,
    }


def stats_view(stats: dict[str, float]) -> list[dict[str, Any]]:
    return [{"name": key, "value": value, "meaning": STATS_HELP.get(key, "")}
            for key, value in stats.items()]


def summary(outcome: Outcome, closest: str | None) -> str:
    """unique / N solutions / at least N / no solution / stopped, in one line."""
    result = outcome.found
    assert result is not None
    count = result.count
    if result.status in (runner.TIMEOUT, runner.INTERRUPTED):
        why = "time limit reached" if result.status == runner.TIMEOUT else "stopped"
        found = f"{count} solution{'s' * (count != 1)} found so far" if count else "nothing found"
        if not result.grounded:
            found = "still grounding, nothing found"
        return f"Stopped ({why}) after {result.stats['time_s']:.1f} s: {found}."
    if closest:
        return closest
    if result.status == runner.UNSOLVABLE:
        return f"No solution: {outcome.puzzle.spec.unsolvable}."
    what = "best answer" if result.optimising else "solution"
    if count == 1 and result.complete:
        return f"Solved: the {what} is unique."
    if result.complete:
        return f"{count} {what}s."
    return f"At least {count} {what}s."


def explain(session: Session, report: Report) -> dict[str, Any]:
    """If there is no solution: a minimal set of clues that cannot hold together."""
    outcome = session.explain(progress=report)
    data = outcome_view(outcome)
    puzzle, instance = outcome.puzzle, outcome.instance
    if outcome.conflict is None:
        data["explanation"] = ("The clues are consistent: the puzzle has a solution, "
                               "nothing to explain." if data["status"] == runner.SOLVED
                               else data["summary"])
        return data
    data["conflict"] = data["envelope"]["conflict"]
    if not outcome.conflict:
        data["explanation"] = (f"No solution even without any clue: "
                               f"{puzzle.spec.unsolvable_alone}.")
        return data
    boards = outcome.boards()
    if puzzle.draws_clues:
        data["board"] = picture(outcome, boards[0])
    data["explanation"] = f"No solution: {conflict_sentence(puzzle, instance, outcome.conflict)}"
    return data


def hint(session: Session, step: bool) -> dict[str, Any]:
    """The values forced in every solution, or (step) by propagation alone."""
    outcome = session.hint(step=step)
    data = outcome.envelope()
    elapsed = stats_view(data["stats"])
    if outcome.forced is None:
        return {"status": runner.UNSOLVABLE, "stats": elapsed, "envelope": data,
                "summary": "No solution: nothing is forced (Explain shows why)."}
    forced, open_values = outcome.hint_counts
    how = "by propagation alone, without a guess" if step else "in every solution"
    return {"status": runner.SOLVED, "stats": elapsed, "forced": forced,
            "open": open_values, "board": picture(outcome, outcome.boards()[0]),
            "solution": data["hint"]["solution"], "envelope": data,
            "summary": f"Forced {how}: {forced} of the {open_values} values not given."}


def trace(session: Session, text: str, wanted: int) -> dict[str, Any]:
    """clingo's search recorded and turned into board steps (as `--trace` records it),
    and beside it the hand-written search; both look for `wanted` solutions, as the
    comparison in docs/declarative-vs-imperative.md does. The page gets the counts and
    the first page of steps; the whole playbacks go to the server (`KEPT`), which draws
    further pages when the page asks."""
    from .playback import MAX_EVENTS, Drawer, clingo_playback, imperative_playback

    # The counts of `solve-asp --json -n WANTED` (and so of the comparison's table):
    # recording joins the solver as a propagator, which can change clasp's path.
    counted = session._replace(settings=session.settings._replace(models=wanted, threads=1))
    plain = counted.solve().found
    assert plain is not None
    recorded = session.trace(wanted, MAX_EVENTS)
    puzzle, instance = session.loaded.puzzle, session.loaded.instance
    drawer = Drawer(puzzle, instance)
    clingo = clingo_playback(puzzle, instance, recorded)
    # The rules do not change the hand-written search; it stops at the deadline too.
    imperative = imperative_playback(puzzle, instance, text, wanted, session.deadline)
    played = clingo.view(drawer)
    played["plain"] = {"choices": int(plain.stats["choices"]),
                       "conflicts": int(plain.stats["conflicts"]), "answers": plain.count}
    hand = imperative.view(drawer) if imperative else None
    more = f" (recording stopped after {played['recorded']:,} events)" \
        if played["truncated"] else ""
    beside = f"; the hand-written search in {hand['total_steps']:,} steps" if hand else ""
    return {"status": played["counts"]["status"], "clingo": played, "imperative": hand,
            "summary": f"Played back: clingo's search in {played['total_steps']:,} "
            f"steps{more}{beside}.",
            KEPT: {"clingo": clingo, "imperative": imperative}}


def picture(outcome: Outcome, board: Board) -> str:
    """The board model's SVG picture (it escapes every text it writes)."""
    return svg(board, f"{outcome.puzzle.name} · {escape.name(outcome.instance.source)}")


def located(messages: list[str]) -> list[dict[str, Any]]:
    """clingo's messages about the edited rules, with 1-based line and column."""
    found = []
    for message in messages:
        match = _LOCATED.match(message.strip())
        if match and Path(match["file"]).name == RULES_NAME:
            text = _without_folder(match["text"].strip())  # its notes name the file too
            found.append({"line": int(match["line"]), "column": int(match["column"]),
                          "message": f"{match['kind']}: {text}"})
    return found


def _without_folder(text: str) -> str:
    """clingo names the edited rules by their temporary path; the page calls them rules.lp."""
    return re.sub(r"/\S*/solve-asp-studio-[^/\s]+/" + re.escape(RULES_NAME), RULES_NAME, text)
