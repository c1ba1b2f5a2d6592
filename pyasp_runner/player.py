"""A player's answer to a puzzle, as the atoms of the encoding it states.

A puzzle reads a player's answer (its `--json` solution object, which `--check` reads)
into a `PlayerAnswer`: the answer atoms it states true, and which atoms it decides at
all (a filled cell decides every value of that cell; an open cell decides none). What
the answer leaves open is counted, for "no rule broken so far; 14 cells open".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from clingo import Symbol


class AnswerError(ValueError):
    """A player's answer that cannot be read: `where` names the place in it (a JSON path
    such as `grid[2][4]`), `problem` what is wrong there."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


Key = tuple[str, tuple[Symbol, ...]]
"""An atom's predicate name and leading arguments: every atom of that name whose
arguments begin so (every value of a cell: `("tower", (1, 2))`)."""


class PlayerAnswer(NamedTuple):
    """What a player's answer states: `atoms` true; every other atom that matches one of
    the `decided` keys false; the rest open. `open`: the places it leaves open (cells,
    usually), `places`: how many it has in all; `drawn`: atoms of the answer that are
    drawn with it but left to the rules (a step of an expression that the rules allow)."""

    atoms: tuple[Symbol, ...]
    decided: frozenset[Key]
    open: int
    places: int
    drawn: tuple[Symbol, ...] = ()

    def decider(self) -> Callable[[Symbol], bool]:
        """Whether the answer says if an atom is true, asked of many atoms."""
        sizes: dict[str, set[int]] = {}
        for name, prefix in self.decided:
            sizes.setdefault(name, set()).add(len(prefix))
        decided = self.decided

        def decides(atom: Symbol) -> bool:
            wanted = sizes.get(atom.name)
            if not wanted:
                return False
            arguments = tuple(atom.arguments)
            return any((atom.name, arguments[:size]) in decided for size in wanted)

        return decides

    @property
    def complete(self) -> bool:
        return self.open == 0


def player_answer(atoms: Iterable[Symbol], decided: Iterable[Key], open_places: int,
                  places: int, drawn: Iterable[Symbol] = ()) -> PlayerAnswer:
    return PlayerAnswer(tuple(atoms), frozenset(decided), open_places, places, tuple(drawn))
