"""What one studio request does, in its own child process: solve, explain, hint, step, trace.

A request is a plain dict (the page's JSON, already checked by the server); the answer is
a plain dict the page shows. Nothing here prints or exits: user-fixable errors become an
`error` entry with the CLI's one-line message, and clingo's located messages become
`errors` with line and column for the editor. Progress goes to `report(elapsed, found)`.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import escape, reasoning, runner
from ..board import Board
from ..board.svg import svg
from ..errors import AnswerShapeError, EncodingError, InputError, UserError
from ..genres.contract import GenrePuzzle
from ..puzzle import Answer, Instance, OptionValues, Puzzle, registry
from ..report import STATS_HELP, conflict_sentence, envelope
from .jobs import KEPT
from .rules import NEW_GENRE, check_rules

Report = Callable[[float, int], None]

# clingo's located message: `<file>:<line>:<column>[-<end>]: error: ...`
_LOCATED = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<column>\d+)(?:-(?:\d+:)?\d+)?: "
                      r"(?P<kind>error|info|warning): (?P<text>.*)$", re.DOTALL)
RULES_NAME = "rules.lp"


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
    except UserError as error:
        return {"status": "error", "error": str(error), "errors": []}
    except runner.Abandoned as stop:
        why = "time limit reached" if stop.status == runner.TIMEOUT else "stopped"
        return {"status": stop.status, "error": f"{why} before an answer was reached",
                "errors": []}


def _run(request: dict[str, Any], instances: Path | None, report: Report) -> dict[str, Any]:
    puzzle = puzzle_of(request)
    if request["puzzle"] == NEW_GENRE:  # this child's registry learns the page's genre
        registry().files[NEW_GENRE] = puzzle
    args = puzzle_arguments(puzzle)
    action = request["action"]
    refusal = {"explain": puzzle.spec.refuses_explain, "hint": puzzle.spec.refuses_hint,
               "step": puzzle.spec.refuses_hint}.get(action)
    if refusal:
        raise UserError(refusal)
    text, source = request["text"], request.get("source") or "<page>"
    instance = puzzle.configure(puzzle.parse(text, source), option_values(puzzle, args))
    puzzle.check_size(instance, None, False)
    time_limit = float(request["time_limit"])
    with tempfile.TemporaryDirectory(prefix="solve-asp-studio-") as folder:
        encoding = puzzle.encoding
        if request.get("rules") is not None:
            check_rules(request["rules"])
            encoding = Path(folder) / RULES_NAME
            encoding.write_text(request["rules"], encoding="utf-8")
        if action == "solve":
            return solve(puzzle, instance, encoding, args, int(request.get("index", 0)),
                         time_limit, report)
        if action == "explain":
            return explain(puzzle, instance, encoding, args, time_limit, report)
        if action in ("hint", "step"):
            return hint(puzzle, instance, encoding, action == "step", time_limit)
        if action == "trace":
            return trace(puzzle, instance, encoding, args, time_limit, text,
                         int(request.get("wanted", 2)))
        raise UserError(f"unknown action {action!r}")


def puzzle_of(request: dict[str, Any]) -> Puzzle:
    """The request's puzzle: a registered one, or the new genre its rules define (read
    from the rules' text, named rules.lp in messages)."""
    if request["puzzle"] == NEW_GENRE:
        check_rules(request["rules"])
        return GenrePuzzle(NEW_GENRE, Path(RULES_NAME), text=request["rules"])
    return registry()[request["puzzle"]]


def drawer_for(request: dict[str, Any]) -> Any:
    """The boards of a request's puzzle and instance (the server draws a trace's pages)."""
    from .playback import Drawer
    puzzle = puzzle_of(request)
    text, source = request["text"], request.get("source") or "<page>"
    instance = puzzle.parse(text, source)
    if puzzle.spec.options:
        instance = puzzle.configure(instance, option_values(puzzle, puzzle_arguments(puzzle)))
    return Drawer(puzzle, instance)


def puzzle_arguments(puzzle: Puzzle) -> argparse.Namespace:
    """The command line's defaults for this puzzle, its own options included."""
    from ..cli import build_parser  # the CLI's option table, so defaults are the same
    return build_parser(puzzle.name).parse_args([puzzle.name, "-"])


def option_values(puzzle: Puzzle, args: argparse.Namespace) -> OptionValues:
    from ..cli import option_values as given
    return given(puzzle, args)


def limits_for(puzzle: Puzzle, args: argparse.Namespace) -> runner.Limits:
    """The command line's limits for this puzzle without -n (its own default models)."""
    from ..loading import solve_limits
    return solve_limits(puzzle, models=puzzle.default_models(option_values(puzzle, args)))


def solve(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
          index: int, time_limit: float, report: Report) -> dict[str, Any]:
    """Answer number `index` (0-based) and what is known about the count after it."""
    limits = limits_for(puzzle, args)._replace(time_limit=time_limit)
    if limits.models != 0:
        models = max(limits.models, index + 2)  # one more proves there is no other
        limits = limits._replace(models=models, keep=models)
    result = runner.solve(encoding, instance.facts, limits, report)
    answer = result.answers[index] if index < len(result.answers) else None
    data = outcome(puzzle, instance, result)
    data["index"] = index
    data["has_next"] = index + 1 < result.count
    if answer is not None:
        data["board"] = picture(puzzle, instance, puzzle.board(instance, answer))
        data["solution"] = puzzle.solution_json(instance, answer)
    elif result.answers:
        data["board"] = picture(puzzle, instance, puzzle.board(instance, result.answers[-1]))
    return data


def outcome(puzzle: Puzzle, instance: Instance, result: runner.Result) -> dict[str, Any]:
    """Status, the page's one-line summary, and the statistics with their meanings."""
    data = envelope(puzzle, instance, result, shown=0)
    closest = puzzle.assess(instance, result.answers)
    return {
        "status": data["status"],
        "summary": summary(result, closest.summary if closest else None),
        "count": result.count,
        "complete": result.complete,
        "unique": data["unique"],
        "stats": [{"name": key, "value": value, "meaning": STATS_HELP.get(key, "")}
                  for key, value in result.stats.items()],
        "messages": [_without_folder(text) for text in result.messages],
    }


def summary(result: runner.Result, closest: str | None) -> str:
    """unique / N solutions / at least N / no solution / stopped, in one line."""
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
        return "No solution: the clues contradict the rules."
    what = "best answer" if result.optimising else "solution"
    if count == 1 and result.complete:
        return f"Solved: the {what} is unique."
    if result.complete:
        return f"{count} {what}s."
    return f"At least {count} {what}s."


def explain(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
            time_limit: float, report: Report) -> dict[str, Any]:
    """If there is no solution: a minimal set of clues that cannot hold together."""
    deadline = time.perf_counter() + time_limit
    limits = limits_for(puzzle, args)._replace(time_limit=time_limit)
    result = runner.solve(encoding, instance.facts, limits, report)
    data = outcome(puzzle, instance, result)
    if result.status != runner.UNSOLVABLE:
        data["explanation"] = ("The clues are consistent: the puzzle has a solution, "
                               "nothing to explain." if result.status == runner.SOLVED
                               else data["summary"])
        return data
    conflict = reasoning.minimal_conflict(reasoning.ClueProgram(
        encoding, instance.structure, instance.clues, deadline))
    if not conflict:
        data["explanation"] = ("No solution even without any clue: the rules cannot be "
                               "satisfied for this size.")
        data["conflict"] = []
        return data
    data["conflict"] = [puzzle.clue_json(instance, clue) for clue in conflict]
    if puzzle.draws_clues:
        data["board"] = picture(puzzle, instance, puzzle.conflict_board(instance, conflict))
    data["explanation"] = f"No solution: {conflict_sentence(puzzle, instance, conflict)}"
    return data


def hint(puzzle: Puzzle, instance: Instance, encoding: Path, step: bool,
         time_limit: float) -> dict[str, Any]:
    """The values forced in every solution, or (step) by propagation alone."""
    started = time.perf_counter()
    found = reasoning.hints(encoding, instance.structure, instance.clues, step=step,
                            deadline=started + time_limit)
    elapsed = {"name": "time_s", "value": round(time.perf_counter() - started, 4),
               "meaning": STATS_HELP["time_s"]}
    if found.forced is None or found.solution is None:
        return {"status": runner.UNSOLVABLE, "stats": [elapsed],
                "summary": "No solution: nothing is forced (Explain shows why)."}
    answer = Answer(found.forced)
    given = puzzle.given_count(instance)
    forced = puzzle.known_count(instance, answer) - given
    open_values = puzzle.known_count(instance, found.solution) - given
    how = "by propagation alone, without a guess" if step else "in every solution"
    return {"status": runner.SOLVED, "stats": [elapsed], "forced": forced,
            "open": open_values,
            "board": picture(puzzle, instance, puzzle.board(instance, answer).forced()),
            "solution": puzzle.solution_json(instance, answer),
            "summary": f"Forced {how}: {forced} of the {open_values} values not given."}


def trace(puzzle: Puzzle, instance: Instance, encoding: Path, args: argparse.Namespace,
          time_limit: float, text: str, wanted: int) -> dict[str, Any]:
    """clingo's search recorded and turned into board steps (as `--trace` records it),
    and beside it the hand-written search; both look for `wanted` solutions, as the
    comparison in docs/declarative-vs-imperative.md does. The page gets the counts and
    the first page of steps; the whole playbacks go to the server (`KEPT`), which draws
    further pages when the page asks."""
    from ..trace import record
    from .playback import MAX_EVENTS, Drawer, clingo_playback, imperative_playback
    # Both searches stop at 85% of the limit: the rest is for drawing the first pages.
    deadline = time.perf_counter() + 0.85 * time_limit
    limits = limits_for(puzzle, args)._replace(
        threads=1, models=wanted, keep=wanted,  # as the comparison's `--models N`
        time_limit=0.85 * time_limit)
    # The counts of `solve-asp --json` (and so of the comparison's table): recording joins
    # the solver as a propagator, which can change clasp's path.
    plain = runner.solve(encoding, instance.facts, limits)
    recorded = record(encoding, instance.facts, limits, puzzle.name, instance.source,
                      max_events=MAX_EVENTS, deadline=deadline)
    drawer = Drawer(puzzle, instance)
    clingo = clingo_playback(puzzle, instance, recorded)
    # The rules do not change the hand-written search; it stops at the deadline too.
    imperative = imperative_playback(puzzle, instance, text, wanted, deadline)
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


def picture(puzzle: Puzzle, instance: Instance, board: Board) -> str:
    """The board model's SVG picture (it escapes every text it writes)."""
    return svg(board, f"{puzzle.name} · {escape.name(instance.source)}")


def located(messages: list[str]) -> list[dict[str, Any]]:
    """clingo's messages about the edited rules, with 1-based line and column."""
    found = []
    for message in messages:
        match = _LOCATED.match(message.strip())
        if match and Path(match["file"]).name == RULES_NAME:
            found.append({"line": int(match["line"]), "column": int(match["column"]),
                          "message": f"{match['kind']}: {match['text'].strip()}"})
    return found


def _without_folder(text: str) -> str:
    """clingo names the edited rules by their temporary path; the page calls them rules.lp."""
    return re.sub(r"/\S*/solve-asp-studio-[^/\s]+/" + re.escape(RULES_NAME), RULES_NAME, text)
