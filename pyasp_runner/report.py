"""What a run found, said two ways: the JSON envelope (`docs/json.md`) and the lines a
person reads (the one-line summary, the statistics table, a conflict in words).

It knows no particular puzzle: values come through the registry's `Puzzle`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import runner
from .puzzle import Answer, Instance, Puzzle

if TYPE_CHECKING:  # rich is imported by the lines a person reads, not by the JSON
    from clingo import Symbol
    from rich.table import Table
    from rich.text import Text

STATS_HELP = {
    "time_s": "whole run (reading, grounding, search, output so far), seconds",
    "ground_s": "grounding: rules instantiated for these facts",
    "solve_s": "search, including the uniqueness or optimality proof",
    "choices": "decisions: atoms the solver guessed",
    "conflicts": "guesses that led to a contradiction and were learned from",
    "rules": "ground rules after instantiation",
    "atoms": "ground atoms",
    "output_s": "writing the answers (JSON or drawings), seconds",
}


def envelope(puzzle: Puzzle, instance: Instance, result: runner.Result,
             shown: int, solutions: list[Any] | None = None) -> dict[str, Any]:
    """The JSON envelope of a solve, with the first `shown` answers as solutions
    (`solutions`: those answers already converted, when the writing made them)."""
    closest = puzzle.assess(instance, result.answers)
    if solutions is None:
        solutions = [puzzle.solution_json(instance, a) for a in result.answers[:shown]]
    data: dict[str, Any] = {
        "puzzle": puzzle.name,
        "status": result.status,
        "solutions": solutions,
        "count": result.count,
        "complete": result.complete,
        "unique": result.unique,
    }
    if puzzle.verdict(instance, result.answers) is not None:
        data["unique"] = None  # one table of answers: no uniqueness question
    if closest is not None:
        if result.status == runner.SOLVED:
            data["status"] = closest.status
        data["unique"] = None
        data["closest"] = {**closest.extra, "solutions": solutions, "count": result.count}
        if not closest.in_solutions:  # the best answers are not solutions: none was found
            data["solutions"] = []
            data["count"] = 0
    if result.optimising:
        data["optimal"] = result.optimal
    if result.capped:
        data["capped"] = True
    data["stats"] = result.stats
    return data


def summary_line(result: runner.Result, data: dict[str, Any], *, counting: bool,
                 models: int | None, cap: int, closest_summary: str | None,
                 unsolvable: str = "the clues contradict the rules",
                 verdict: str | None = None) -> Text:
    """The line under the answers: how the search ended and what that says.

    counting: only counted (--count); models: the answers asked for (None: the default
    uniqueness check); cap: the enumeration cap in force (0: none); verdict: the
    puzzle's own line for a solved answer (instead of whether it is unique).
    """
    from rich.text import Text

    count = result.count
    more = "" if result.complete else "at least "
    if result.status in (runner.TIMEOUT, runner.INTERRUPTED):
        why = "time limit reached" if result.status == runner.TIMEOUT else "interrupted"
        found = (f"{count:,} solution{'s' * (count != 1)} found"
                 + (", all there are" if result.complete else " so far")) if count \
            else "nothing found"
        if not result.grounded:
            found = "still grounding (the rules were being instantiated), nothing found"
        if result.optimising and count and not result.optimal:
            found = "best answer so far shown, not proven optimal"
        return Text(f"Stopped ({why}) after {result.stats['time_s']:.1f} s: {found}.",
                    style="bold yellow")
    if closest_summary:
        return Text(closest_summary, style="bold")
    if result.status == runner.UNSOLVABLE:
        return Text(f"No solution: {unsolvable}.", style="bold red")
    if counting:
        capped = f" (stopped at the cap of {cap:,}; --cap 0 counts all)" * result.capped
        return Text(f"{more}{count:,} solution{'s' * (count != 1)}{capped}.", style="bold")
    if verdict:
        return Text(verdict, style="bold green")
    solution = "best answer" if result.optimising else "solution"
    if data["unique"]:
        return Text(f"Solved. The {solution} is unique.", style="bold green")
    if count >= 2 and models is None:
        return Text(f"Solved. Not unique: there is more than one {solution} "
                    "(-n 0 lists them, --count counts them).", style="bold yellow")
    if result.dropped:
        kept = len(result.answers)
        return Text(f"{more}{count:,} solutions; the first {kept:,} shown (the rest counted, "
                    f"not kept: all of them would take too much memory).", style="bold yellow")
    if result.capped:
        return Text(f"{count:,} solutions shown; stopped at the cap (--cap N to raise it).",
                    style="bold yellow")
    if result.complete:
        return Text(f"{count} solutions, all shown.", style="bold")
    return Text(f"{count} solution{'s' * (count != 1)} shown; there may be more.", style="bold")


def stats_table(stats: dict[str, float]) -> Table:
    from rich.table import Table

    table = Table(title="clingo statistics", box=None, title_justify="left")
    table.add_column("counter")
    table.add_column("value", justify="right")
    table.add_column("meaning", style="dim")
    for key, value in stats.items():
        shown = f"{value:.3f}" if isinstance(value, float) else f"{value:,}"
        table.add_row(key, shown, STATS_HELP.get(key, ""))
    return table


def conflict_sentence(puzzle: Puzzle, instance: Instance, conflict: Sequence[Symbol]) -> str:
    """A minimal conflict in words: "the 5 at (1,1) and the 5 at (1,2) cannot both hold"."""
    described = [puzzle.describe_clue(instance, clue) for clue in conflict]
    if len(described) == 1:
        return f"{described[0]} alone cannot hold."
    both = "both" if len(described) == 2 else "all"
    return (f"{'; '.join(described[:-1])} and {described[-1]} cannot {both} hold "
            f"together; without any one of them the rest can.")


def hint_envelope(puzzle: Puzzle, instance: Instance, forced: Answer | None, *,
                  step: bool, counts: tuple[int, int], time_s: float) -> dict[str, Any]:
    """The envelope of --hint: no solutions, the forced values (`counts`: forced, open)."""
    data: dict[str, Any] = {
        "puzzle": puzzle.name, "status": runner.UNSOLVABLE if forced is None else runner.SOLVED,
        "solutions": [], "count": int(forced is not None), "complete": forced is None,
        "unique": None, "hint": None, "stats": {"time_s": round(time_s, 4)}}
    if forced is not None:
        data["hint"] = {"mode": "propagation" if step else "cautious",
                        "forced": counts[0], "open": counts[1],
                        "solution": puzzle.solution_json(instance, forced)}
    return data


def known_values(solution: Any) -> int:
    """The values a (possibly partial) JSON solution knows: numbers, and characters of
    string rows; unknown ones are null, or `?` in a string row."""
    if isinstance(solution, dict):  # its atoms restate its values
        return sum(known_values(value) for key, value in solution.items() if key != "atoms")
    if isinstance(solution, list):
        return sum(known_values(value) for value in solution)
    if isinstance(solution, str):
        return sum(char != "?" for char in solution)
    return int(solution is not None)
