"""Flower disks: rotate stacked disks with holes so that wood covers every position.

Input: one disk per line, its positions as 0 (hole) or 1 (wood) separated by commas
or spaces, optionally in `[ ]` (a line may also be one run of digits, `001001000010`).
Disk 1 stays fixed (rotation 0); rotation r shifts a disk's list left by r. When no
rotation covers every hole, every stack position leaving the fewest holes open is shown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from clingo import Number

from ..board import Board, Cell, Lines, Mark, Rings, Row, Shape
from ..errors import InputError
from ..numerals import fields as split_fields
from ..player import AnswerError, PlayerAnswer, player_answer
from ..puzzle import Answer, Closest, Drawing, Instance, Judging, PuzzleSpec, Reasoning, Size, fact
from ._answers import LARGEST
from ._grid import content_lines

# A disk with more positions, or a stack with more disks, is not a physical puzzle;
# the limits keep the ground program (disks x positions x wood) small.
MAX_POSITIONS = 360
MAX_DISKS = 64
# The runner's size check (--max-size/--force): ground wood/2 rules, disks x positions^2.
MAX_SIZE = 2_000_000

WOOD, HOLE, UNKNOWN, OPEN = "●", "○", "·", "✗"
_RUN = re.compile(r"[01]{2,}")


class FlowerInput(NamedTuple):
    """The disks as read (unrotated), for drawing and JSON."""

    disks: tuple[tuple[int, ...], ...]

    @property
    def positions(self) -> int:
        return len(self.disks[0])


def parse(text: str, source: str) -> Instance[FlowerInput]:
    lines = content_lines(text, source)
    if len(lines) > MAX_DISKS:
        raise InputError(source, f"{len(lines)} disks is too many (limit {MAX_DISKS})",
                         lines[MAX_DISKS][0])
    disks = [_read_disk(number, line, source) for number, line in lines]
    width = len(disks[0])
    for (number, _), disk in zip(lines, disks, strict=True):
        if len(disk) != width:
            raise InputError(source, f"this disk has {len(disk)} positions, the first one "
                             f"{width}: every disk needs the same number", number)
    return _instance(source, disks)


def _instance(source: str, disks: list[tuple[int, ...]]) -> Instance[FlowerInput]:
    structure = [fact("disk", d) for d in range(1, len(disks) + 1)]
    structure += [fact("position", p) for p in range(len(disks[0]))]
    structure += [fact("solid", d, i) for d, disk in enumerate(disks, start=1)
                  for i, value in enumerate(disk) if value]
    return Instance(source, tuple(structure), (), FlowerInput(tuple(disks)))


def _read_disk(number: int, line: str, source: str) -> tuple[int, ...]:
    body = line.removesuffix(",").strip()  # a list literal's line: `[0, 1, 1],`
    if body.startswith("[") != body.endswith("]"):
        raise InputError(source, "unbalanced brackets: write [0,1,...] or leave them out",
                         number)
    body = body.removeprefix("[").removesuffix("]").strip()
    fields = split_fields(body, source, number, "positions")
    if len(fields) == 1 and _RUN.fullmatch(fields[0]):
        fields = list(fields[0])
    if not fields:
        raise InputError(source, "a disk with no positions", number)
    if len(fields) > MAX_POSITIONS:
        raise InputError(source, f"{len(fields)} positions is too many "
                         f"(limit {MAX_POSITIONS})", number)
    values = []
    for index, field in enumerate(fields, start=1):
        if field not in ("0", "1"):
            raise InputError(source, f"position {index}: unknown entry {field!r} "
                             "(0 for a hole, 1 for wood)", number)
        values.append(int(field))
    return tuple(values)


def size(instance: Instance[FlowerInput]) -> tuple[int, str]:
    stack = instance.data
    return len(stack.disks) * stack.positions ** 2, "disk placements"


def _rotations(instance: Instance[FlowerInput], answer: Answer) -> list[int | None]:
    stack = instance.data
    rotations: list[int | None] = [None] * len(stack.disks)
    for disk, rotation in answer.atoms("rot", 2):
        rotations[disk - 1] = rotation
    return rotations


def _rotated(instance: Instance[FlowerInput], answer: Answer) -> list[list[int] | None]:
    """Each disk as rotated (1 = wood) where its rotation is known, else None."""
    stack = instance.data
    wood = set(answer.atoms("wood", 2))
    return [
        None if rotation is None
        else [int((disk, p) in wood) for p in range(stack.positions)]
        for disk, rotation in enumerate(_rotations(instance, answer), start=1)
    ]


def solution_json(instance: Instance[FlowerInput], answer: Answer) -> dict[str, Any]:
    return {"rotations": _rotations(instance, answer), "disks": _rotated(instance, answer)}


def board(instance: Instance[FlowerInput], answer: Answer) -> Board:
    """The disks stacked (the first innermost), each turned as the answer says: wood and
    holes per position, the positions where a hole goes through every disk marked open."""
    stack = instance.data
    rotations = _rotations(instance, answer)
    unknown = Cell(None, Mark.UNKNOWN)
    cells = tuple(
        tuple(unknown for _ in range(stack.positions)) if row is None
        else tuple(Cell(None, shape=Shape.SOLID if wood else Shape.BLANK) for wood in row)
        for row in _rotated(instance, answer))
    labels = tuple(f"disk {d:>2} rot {'?' if r is None else r:>3}" + " fixed" * (d == 1)
                   for d, r in enumerate(rotations, start=1))
    known = None not in rotations
    open_positions = frozenset(p + 1 for (p,) in answer.atoms("open", 1)) if known \
        else frozenset()
    return Board(Rings(cells, ring_labels=labels, open_sectors=open_positions),
                 "position 1 at the top, clockwise; a position open through every disk is "
                 "marked")


def listing(instance: Instance[FlowerInput], answers: list[Answer]) -> Board | None:
    """Several best stack positions that leave holes open: a line each, the rotations and
    the positions left open (several full covers are drawn, a board each)."""
    if not answers[0].cost or answers[0].cost[0] == 0:
        return None
    rows = []
    for index, answer in enumerate(answers, start=1):
        rotations = _rotations(instance, answer)
        opened = sorted(p + 1 for (p,) in answer.atoms("open", 1))
        rows.append(Row(f"{index}:", (
            Cell("rotations"), *(Cell(str(r)) for r in rotations),
            Cell("open at"), *(Cell(str(p)) for p in opened))))
    disks = len(_rotations(instance, answers[0]))
    return Board(Lines(tuple(rows)), f"rotations of disks 1..{disks} (disk 1 fixed); open: "
                 "positions, 1 at the top, clockwise")


def assess(instance: Instance[FlowerInput], answers: list[Answer]) -> Closest | None:
    """When the best stack positions leave holes open: no solution, the closest ones."""
    cost = answers[0].cost
    if not cost or cost[0] == 0:
        return None
    holes = cost[0]
    count = len(answers)
    summary = (f"No solution: no rotation covers every hole. At best {holes} "
               f"hole{'s' * (holes != 1)} stay{'s' * (holes == 1)} open; {count} such stack "
               f"position{'s' * (count != 1)} found.")
    return Closest("unsolvable", summary, {"open": holes})


# --hint and --explain reason about clues (and ignore the optimisation).
NO_CLUES = ("flower has no clues (the disks are the puzzle), so there is nothing to reason "
            "about; without it every best stack position is shown")

# Every answer is shown by default (default_models=0): all solutions, or all the best
# stack positions when none covers every hole.
def read_answer(instance: Instance[FlowerInput], solution: Mapping[str, Any]
                ) -> PlayerAnswer:
    """A player's rotations, `{"rotations": [r, ...]}`, one per disk (null: left open)."""
    stack = instance.data
    rotations = solution.get("rotations") if isinstance(solution, Mapping) else None
    if not isinstance(rotations, list) or len(rotations) != len(stack.disks):
        raise AnswerError("rotations", f"expected a list of {len(stack.disks)} rotations")
    stated, decided, open_disks = [], [], 0
    for disk, rotation in enumerate(rotations, start=1):
        if rotation is None:
            open_disks += 1
            continue
        if not isinstance(rotation, int) or isinstance(rotation, bool) \
                or not -LARGEST <= rotation <= LARGEST:
            raise AnswerError(f"rotations[{disk - 1}]", f"expected a rotation (a whole "
                              f"number) or null, found {rotation!r:.40}")
        stated.append(fact("rot", disk, rotation))
        decided.append(("rot", (Number(disk),)))
    return player_answer(stated, decided, open_disks, len(stack.disks))


PUZZLE: PuzzleSpec[FlowerInput] = PuzzleSpec(
    name="flower", parse=parse,
    drawing=Drawing(board=board, solution_json=solution_json, conflict_board=None,
                    listing=listing),
    reasoning=Reasoning(describe_clue=None, refuses_hint=NO_CLUES, refuses_explain=NO_CLUES),
    writing=None, generating=None,
    judging=Judging(assess=assess, verdict=None),
    size=Size(measure=size, limit=MAX_SIZE),
    options=None,
    default_models=0,
    read_answer=read_answer,
)
