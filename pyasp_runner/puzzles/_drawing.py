"""Board descriptions (`pyasp_runner.board`) from facts: shared by the puzzles."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from clingo import Symbol

from ..board import SIDES, Clue, Edges, Mark, Pos
from ..puzzle import Answer, Value


def given_values(symbols: Iterable[Symbol], name: str = "given") -> dict[Pos, Value]:
    """The `given(R,C,V)` facts among `symbols`: value by (row, column)."""
    return {(int(r), int(c)): v
            for r, c, v in Answer(tuple(symbols)).atoms(name, 3)}


def given_cells(symbols: Iterable[Symbol], name: str = "given") -> set[Pos]:
    return set(given_values(symbols, name))


def sides(size: int, clues: Iterable[tuple[str, int, Clue]]) -> Edges:
    """(side, line, clue) triples as the four sides of a square grid, one clue or none
    per line."""
    lines: dict[str, list[tuple[Clue, ...]]] = {side: [()] * size for side in SIDES}
    for side, line, clue in clues:
        lines[side][line - 1] = (clue,)
    return Edges(*(tuple(lines[side]) for side in SIDES))


def answer_sides(size: int, answer: Answer, clues: Iterable[Symbol]) -> Edges:
    """The shown `clue(Side,Line,Value)` atoms as edge clues; a partial answer (a hint)
    that shows none, the puzzle's `clues`."""
    if not answer.atoms("clue", 3):
        return conflict_sides(size, clues, ())
    return sides(size, [(str(s), int(n), Clue(str(v)))
                        for s, n, v in answer.atoms("clue", 3)])


def conflict_sides(size: int, clues: Iterable[Symbol],
                   conflict: Collection[Symbol]) -> Edges:
    """The `clue(Side,Line,Value)` facts among `clues`, marked if they are in `conflict`."""
    return sides(size, [(clue.arguments[0].string, clue.arguments[1].number,
                         Clue(str(Answer((clue,)).atoms("clue", 3)[0][2]),
                              Mark.CONFLICT if clue in conflict else Mark.GIVEN))
                        for clue in clues if clue.name == "clue"])
