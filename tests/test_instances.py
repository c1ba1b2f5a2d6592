"""Every instance file solves to its expected answer, checked against the puzzle's rules."""

from __future__ import annotations

import json
from collections.abc import Iterable

import clingo
import pytest
from checkers import checker
from conftest import INSTANCES, expected_for, instance_files, solve_file

FILES = instance_files()


def envelope_problems(data: dict) -> list[str]:
    """Where a JSON envelope contradicts itself (the rules of docs/json.md)."""
    problems = []
    count, solutions, status = data["count"], data["solutions"], data["status"]
    if len(solutions) > count:
        problems.append(f"{len(solutions)} solutions listed but count {count}")
    if status in ("solved", "closest") and count < 1:
        problems.append(f"status {status} with count {count}")
    if status == "unsolvable" and (count, solutions, data["complete"], data["unique"]) != (
            0, [], True, None):
        problems.append("unsolvable, yet count, solutions, complete or unique say otherwise")
    if data["unique"] is True and (count, data["complete"]) != (1, True):
        problems.append("unique, yet not exactly one solution in an exhausted search")
    if data["unique"] is False and count < 2:
        problems.append("not unique, yet fewer than two solutions")
    if data.get("capped") and data["complete"]:
        problems.append("capped and complete")
    closest = data.get("closest")
    if closest is not None:
        if len(closest["solutions"]) > closest["count"]:
            problems.append("more closest answers listed than closest.count")
        if status == "unsolvable" and closest["count"] < 1:
            problems.append("a closest object without a closest answer")
    return problems


def _key(solution: dict, keys: Iterable[str] | None = None) -> str:
    """A solution as text, without its `atoms` (which restate it), or only its `keys`."""
    kept = {k: v for k, v in solution.items() if k != "atoms" and (keys is None or k in keys)}
    return json.dumps(kept, sort_keys=True)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(INSTANCES)) for p in FILES])
def test_instance(path):
    expected = expected_for(path)
    options = dict(expected.get("options", {}))
    if "count" in expected:
        options.setdefault("models", 0)
        options.setdefault("cap", expected["count"] + 1)
    puzzle, _, result, data = solve_file(path, **options)
    assert result.messages == [], "a shipped encoding must ground without clingo messages"
    assert data["status"] == expected["status"]
    assert envelope_problems(data) == []
    rules = checker(puzzle.name)
    text = path.read_text(encoding="utf-8")
    for solution in data["solutions"]:
        rules.check(text, solution)
        assert all(clingo.parse_term(atom).type == clingo.SymbolType.Function
                   for atom in solution["atoms"]), "atoms: the shown atoms, as clingo writes them"
    if "unique" in expected:
        assert data["unique"] is expected["unique"]
    if "count" in expected:
        assert (data["count"], data["complete"]) == (expected["count"], True)
    if "capped" in expected:
        assert data.get("capped", False) is expected["capped"]
    keys = {key for solution in expected.get("solutions", []) for key in solution}
    found = {_key(s, keys) for s in data["solutions"]}
    for solution in expected.get("solutions", []):
        assert _key(solution) in found, "the published solution was not found"
    if data["complete"] and "solutions" in expected and expected.get("all_solutions"):
        assert found == {_key(s) for s in expected["solutions"]}
    if "closest" in expected:
        closest = data["closest"]
        for key, value in expected["closest"].items():
            if key != "solutions":
                assert closest[key] == value
        rules.check_closest(text, closest)
        if "solutions" in expected["closest"]:
            assert {_key(s) for s in closest["solutions"]} == {
                _key(s) for s in expected["closest"]["solutions"]}
