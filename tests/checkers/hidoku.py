"""Hidoku rules: every playable cell holds one of 1..K once, k and k+1 touch, givens kept."""

import re

from . import content_lines, grid_fields


def _board(text: str) -> list[list[str]]:
    rows = grid_fields(content_lines(text))
    empty_marks = any(re.fullmatch(r"_+|\?+|-+|0+", f) for row in rows for f in row)
    # dots: blocked where the file marks empty cells otherwise, else empty
    return [["X" if set(f) == {"."} and empty_marks else "_" if set(f) == {"."} else f
             for f in row] for row in rows]


def _blocked(field: str) -> bool:
    return field != "" and (set(field.lower()) == {"x"} or set(field) == {"*"})


def _given(field: str) -> bool:
    return field.isdigit() and int(field) > 0


def check(text: str, solution: dict) -> None:
    board = _board(text)
    grid = solution["grid"]
    assert len(grid) == len(board)
    where = {}
    for r, (fields, row) in enumerate(zip(board, grid, strict=True)):
        assert len(row) == len(fields)
        for c, (field, value) in enumerate(zip(fields, row, strict=True)):
            if _blocked(field):
                assert value is None, f"blocked cell ({r + 1},{c + 1}) got a number"
                continue
            assert isinstance(value, int), f"cell ({r + 1},{c + 1}) has no number"
            assert value not in where, f"{value} stands twice"
            where[value] = (r, c)
            if _given(field):
                assert value == int(field), f"given {field} at ({r + 1},{c + 1}) changed"
    assert set(where) == set(range(1, len(where) + 1)), "the numbers are not 1..K"
    for value in range(1, len(where)):
        (r1, c1), (r2, c2) = where[value], where[value + 1]
        assert max(abs(r1 - r2), abs(c1 - c2)) == 1, f"{value} and {value + 1} do not touch"
