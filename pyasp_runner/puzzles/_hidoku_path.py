"""Hidoku's search order: clingo decides along the path, by Warnsdorff's rule.

A clingo propagator that only chooses clingo's decisions (its `decide` hook): it adds no
constraint and removes no answer, so what the solver finds and proves (an answer, a
second one, unsolvable) is what asp/hidoku.lp alone would; only the order of the search
changes. It reads the numbers placed so far (`number(R,C,V)` true) and decides the
successor of the smallest placed number whose successor is not placed (when every number
from there to K is placed, the predecessor of the smallest placed number): on the free
neighbour with the fewest free neighbours of its own (Warnsdorff's rule for a king's
tour), the nearer to the next placed number on a tie. clingo keeps everything else:
propagation, learning, backjumps and its own decisions when this one has none.

Used for asp/hidoku.lp (PuzzleSpec.propagator); an edited encoding without `cell/2` and
`number/3` of integers gets no decisions from it.
"""

from __future__ import annotations

from typing import Any

from clingo.propagator import PropagateControl, PropagateInit


class _Path:
    """The numbers placed in one solver thread."""

    def __init__(self, cells: int) -> None:
        self.value = [0] * cells  # the number on each cell, 0: none placed
        self.cell: dict[int, int] = {}  # number -> its cell


class PathDecisions:
    """A propagator whose decisions extend the path (see the module's docstring)."""

    def __init__(self) -> None:
        self.neighbours: list[list[int]] = []
        self.position: list[tuple[int, int]] = []
        self.total = 0
        self.placing: dict[int, list[tuple[int, int]]] = {}  # literal -> [(cell, number)]
        self.literal: dict[tuple[int, int], int] = {}  # (cell, number) -> literal
        self.paths: list[_Path] = []

    def init(self, init: PropagateInit) -> None:
        index: dict[tuple[int, int], int] = {}
        for atom in init.symbolic_atoms.by_signature("cell", 2):
            key = _integers(atom.symbol.arguments)
            if key is not None and key not in index:
                index[key] = len(index)
        self.position = list(index)
        self.total = len(index)
        self.neighbours = [[index[(row + dr, col + dc)] for dr in (-1, 0, 1)
                            for dc in (-1, 0, 1)
                            if (dr, dc) != (0, 0) and (row + dr, col + dc) in index]
                           for row, col in self.position]
        fixed: list[tuple[int, int]] = []
        for atom in init.symbolic_atoms.by_signature("number", 3):
            key = _integers(atom.symbol.arguments)
            if key is None or key[:2] not in index or not 1 <= key[2] <= self.total:
                continue
            cell, number = index[key[:2]], key[2]
            literal = init.solver_literal(atom.literal)
            self.literal[(cell, number)] = literal
            if init.assignment.is_true(literal):
                fixed.append((cell, number))  # a given: placed before the search
            elif not init.assignment.is_false(literal):
                self.placing.setdefault(literal, []).append((cell, number))
                init.add_watch(literal)
        self.paths = []
        for _ in range(init.number_of_threads):
            path = _Path(self.total)
            for cell, number in fixed:
                path.value[cell], path.cell[number] = number, cell
            self.paths.append(path)

    def propagate(self, control: PropagateControl, changes: list[int]) -> None:
        path = self.paths[control.thread_id]
        for literal in changes:
            for cell, number in self.placing[literal]:
                path.value[cell], path.cell[number] = number, cell

    def undo(self, thread_id: int, assignment: Any, changes: list[int]) -> None:
        path = self.paths[thread_id]
        for literal in changes:
            for cell, number in self.placing[literal]:
                if path.cell.get(number) == cell:
                    path.value[cell] = 0
                    del path.cell[number]

    def decide(self, thread_id: int, assignment: Any, fallback: int) -> int:
        path = self.paths[thread_id]
        if not path.cell:
            return fallback
        numbers = sorted(path.cell)
        target = None
        for at, number in enumerate(numbers):
            if number < self.total and (at + 1 == len(numbers) or numbers[at + 1] > number + 1):
                step = number + 1
                if at + 1 < len(numbers):
                    target = path.cell[numbers[at + 1]]
                break
        else:  # placed from the smallest placed number up to K: extend downwards
            number = numbers[0]
            if number == 1:
                return fallback
            step = number - 1
        value, neighbours = path.value, self.neighbours
        best, best_key = fallback, None
        for near in neighbours[path.cell[number]]:
            literal = self.literal.get((near, step))
            if value[near] or literal is None or assignment.value(literal) is not None:
                continue
            key = (sum(not value[other] for other in neighbours[near]),
                   0 if target is None else self._king(near, target))
            if best_key is None or key < best_key:
                best, best_key = literal, key
        return best

    def _king(self, one: int, other: int) -> int:
        (row, col), (row2, col2) = self.position[one], self.position[other]
        return max(abs(row - row2), abs(col - col2))


def _integers(arguments: Any) -> tuple[int, ...] | None:
    """The arguments as integers, or None if one is not an integer."""
    try:
        return tuple(argument.number for argument in arguments)
    except RuntimeError:  # a string or function argument
        return None

