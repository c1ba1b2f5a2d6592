"""Reading a player's answer for `--check`: the `--json` solution object (or a whole
`--json` envelope: its first solution), or the puzzle's own text form with the cells
filled in (read by the puzzle's own reader: its given values are the answer's), or, for
a puzzle whose answer is one field (an expression), that field as text.

A malformed answer is an InputError naming the file and the line (exit 2).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..errors import InputError, UserError
from ..player import AnswerError, PlayerAnswer
from ..puzzle import Answer, Instance, to_python
from ..puzzles import GenrePuzzle, Puzzle

GIVEN = "given"


def read(puzzle: Puzzle, instance: Instance[Any], text: str, source: str) -> PlayerAnswer:
    """The player's answer in `text` (from the file `source`) to the puzzle `instance`."""
    read_answer = puzzle.spec.read_answer
    if read_answer is None:
        raise UserError(f"--check does not apply: {puzzle.name} reads no player's answer")
    if text.lstrip().startswith(("{", "[")):
        solution = _json_solution(text, source)
        where = None
    elif puzzle.spec.text_answer is not None:  # the answer's one field, written as text
        solution = {puzzle.spec.text_answer: text.strip()}
        where = 1
    else:
        solution = _text_solution(puzzle, instance, text, source)
        where = 1
    try:
        return read_answer(instance, solution)
    except AnswerError as error:
        line = json_line(text, error.where) if where is None else None
        raise InputError(source, f"{error}", line) from None


def _json_solution(text: str, source: str) -> Mapping[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(source, f"not JSON: {error.msg} (column {error.colno})",
                         error.lineno) from None
    except RecursionError:  # arrays in arrays past Python's stack
        raise InputError(source, "not an answer: JSON nested too deeply") from None
    if isinstance(data, dict) and "solutions" in data:  # a whole --json envelope
        solutions = data["solutions"]
        if not isinstance(solutions, list) or not solutions:
            raise InputError(source, "the envelope holds no solution to check",
                             json_line(text, "solutions"))
        data = solutions[0]
    if not isinstance(data, dict):
        raise InputError(source, "expected a solution object ({\"grid\": ...}) or a --json "
                         "envelope", 1)
    return data


def _text_solution(puzzle: Puzzle, instance: Instance[Any], text: str, source: str
                   ) -> dict[str, Any]:
    """The puzzle's own text with cells filled in: its given values as a solution object
    (`grid` rows of values, None where open), after checking it is the same puzzle."""
    filled = puzzle.parse(text, source)
    if filled.structure != instance.structure:
        raise InputError(source, "the answer is written for another board (its size or "
                         "shape differs from the puzzle's)", 1)
    if isinstance(puzzle, GenrePuzzle):
        return _genre_text_solution(puzzle, instance, filled, source)
    own = {clue for clue in instance.clues if clue.name != GIVEN}
    theirs = {clue for clue in filled.clues if clue.name != GIVEN}
    if own != theirs:
        differs = sorted(own ^ theirs)[0]
        raise InputError(source, f"the answer's clues differ from the puzzle's (at "
                         f"{puzzle.describe_clue(instance, differs)})", 1)
    shape = puzzle.solution_json(instance, Answer(())).get("grid")
    if not isinstance(shape, list):
        raise InputError(source, f"{puzzle.name}'s answers are read as --json only "
                         f"(its solution has no grid)", 1)
    grid: list[list[Any]] = [[None] * len(row) for row in shape]
    for clue in filled.clues:
        if clue.name == GIVEN and len(clue.arguments) == 3:
            row, col, value = (to_python(arg) for arg in clue.arguments)
            if isinstance(row, int) and isinstance(col, int) \
                    and 1 <= row <= len(grid) and 1 <= col <= len(grid[row - 1]):
                grid[row - 1][col - 1] = value
    return {"grid": grid}


def _genre_text_solution(puzzle: GenrePuzzle, instance: Instance[Any], filled: Instance[Any],
                         source: str) -> dict[str, Any]:
    """A genre's text grid with cells filled in: the puzzle's clues and more (numbers
    written in, `#` shaded, symbols), drawn as the solution object of no answer."""
    missing = sorted(set(instance.clues) - set(filled.clues))
    if missing:
        raise InputError(source, f"the answer's clues differ from the puzzle's (at "
                         f"{puzzle.describe_clue(instance, missing[0])})", 1)
    if any(show.by_clue for show in puzzle.genre.header.shows):
        raise InputError(source, f"{puzzle.name}'s answers are regions, read as --json only "
                         f"(its text grid has no regions)", 1)
    solution = puzzle.solution_json(filled, Answer(()))
    if "edges" in solution:
        raise InputError(source, f"{puzzle.name}'s answers are lines, read as --json only "
                         f"(its text grid has no lines)", 1)
    return {"grid": solution["grid"]}


def json_line(text: str, where: str) -> int | None:
    """The line of `text` (JSON) where the value at the path `where` (`grid[2][4]`, a
    key then indices) begins; None when it cannot be found."""
    key, _, rest = where.partition("[")
    indices = [int(part) for part in rest.rstrip("]").split("][")] if rest else []
    start = text.find(f'"{key}"')
    if start < 0:
        return None
    offset: int | None = text.find(":", start) + 1
    for index in indices:
        assert offset is not None
        offset = _element(text, offset, index)
        if offset is None:
            return None
    return text.count("\n", 0, offset) + 1


def _element(text: str, offset: int, wanted: int) -> int | None:
    """The offset of the `wanted`-th element of the JSON array (or string) that begins at
    or after `offset`."""
    while offset < len(text) and text[offset] in " \t\r\n":
        offset += 1
    if offset >= len(text) or text[offset] not in '["':
        return None
    if text[offset] == '"':  # a row of characters: its line is the string's
        return offset
    depth, index, position = 0, 0, offset + 1
    element_start = position
    in_string = False
    while position < len(text):
        char = text[position]
        if in_string:
            if char == "\\":
                position += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            if index == wanted:
                break
            index += 1
            element_start = position + 1
        position += 1
    if index != wanted:
        return None
    while element_start < len(text) and text[element_start] in " \t\r\n":
        element_start += 1
    return element_start
