"""explain, hint and generate, for every puzzle with clues and a unique reference instance."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from checkers import checker
from clingo import Function, Number, String, Symbol, SymbolType
from conftest import INSTANCES, expected_for, instance_files
from rich.console import Console, RenderableType

from pyasp_runner import reasoning, runner
from pyasp_runner.cli import main
from pyasp_runner.puzzle import Answer, Instance
from pyasp_runner.puzzles import Puzzle, registry


def _unique_instances() -> list[tuple[Puzzle, Instance]]:
    """Per puzzle, its smallest instance with five clues or more that is expected to have
    one solution (reasoning grounds once per clue subset: small keeps the suite quick)."""
    chosen: dict[str, tuple[Puzzle, Instance]] = {}
    for path in instance_files():
        puzzle = registry()[path.parent.name]
        if expected_for(path).get("unique") is not True:
            continue
        instance = puzzle.parse(path.read_text(encoding="utf-8"), str(path))
        smaller = puzzle.name not in chosen or len(instance.facts) < len(
            chosen[puzzle.name][1].facts)
        if len(instance.clues) >= 5 and smaller:
            chosen[puzzle.name] = (puzzle, instance)
    return list(chosen.values())


UNIQUE = _unique_instances()
IDS = [puzzle.name for puzzle, _ in UNIQUE]
GENERATORS = [name for name, puzzle in registry().items() if puzzle.can_generate]


def _changed(clue: Symbol, delta: int) -> Symbol | None:
    """The clue with its value (last argument, a number or a letter) moved by `delta`."""
    *place, value = clue.arguments
    if value.type == SymbolType.String and len(value.string) == 1 and value.string.isalpha():
        letter = chr(ord(value.string) + delta)
        return Function(clue.name, [*place, String(letter)]) if letter.isalpha() else None
    if value.type != SymbolType.Number or value.number + delta < 0:
        return None
    return Function(clue.name, [*place, Number(value.number + delta)])


def _satisfiable(puzzle: Puzzle, instance: Instance, clues: list[Symbol]) -> bool:
    facts = instance.structure + tuple(clues)
    return runner.solve(puzzle.encoding, facts, runner.Limits(models=1)).count > 0


def _solution(puzzle: Puzzle, instance: Instance) -> Answer:
    return runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=1)).answers[0]


def _broken(puzzle: Puzzle, instance: Instance) -> Iterator[tuple[Symbol, list[Symbol]]]:
    """The clues with one of the first four changed so that the puzzle has no solution, as
    (the changed clue, all the clues), for each such change."""
    for index, clue in enumerate(instance.clues[:4]):
        for delta in (1, -1):
            wrong = _changed(clue, delta)
            if wrong is None or wrong in instance.clues:
                continue
            clues = list(instance.clues)
            clues[index] = wrong
            if not _satisfiable(puzzle, instance, clues):
                yield wrong, clues


def _conflict(puzzle: Puzzle, instance: Instance, clues: list[Symbol]) -> list[Symbol] | None:
    program = reasoning.ClueProgram(puzzle.encoding, instance.structure, clues)
    return reasoning.minimal_conflict(program)


@pytest.mark.parametrize(("puzzle", "instance"), UNIQUE, ids=IDS)
def test_explain_blames_the_changed_clue_with_a_minimal_conflict(puzzle, instance):
    tried = 0
    for wrong, clues in _broken(puzzle, instance):
        tried += 1
        conflict = _conflict(puzzle, instance, clues)
        assert conflict, "an unsolvable puzzle must get a conflict"
        assert wrong in conflict
        assert not _satisfiable(puzzle, instance, conflict)
        for dropped in conflict:  # minimal: without any one clue the rest can hold
            assert _satisfiable(puzzle, instance, [c for c in conflict if c != dropped])
        if tried == 2:
            return
    assert tried, "no changed clue made the puzzle unsolvable"


def _marks(drawing: RenderableType) -> Counter[str]:
    """The `>...<` conflict marks in a drawing's plain text (its legend's included)."""
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(drawing)
    return Counter(re.findall(r">([^<>\n]+)<", console.file.getvalue()))


@pytest.mark.parametrize(("puzzle", "instance"), UNIQUE, ids=IDS)
def test_a_conflict_is_drawn_with_each_of_its_clues_marked(puzzle, instance):
    assert puzzle.draws_clues, f"{puzzle.name} has clues but no conflict_board"
    draw = puzzle.render_conflict
    _, clues = next(_broken(puzzle, instance))
    broken = instance.replace(clues=tuple(clues))
    conflict = _conflict(puzzle, broken, clues)
    assert conflict
    marks = _marks(draw(broken, conflict))
    assert sum((marks - _marks(draw(broken, []))).values()) >= len(conflict)
    for clue in conflict:  # each clue has a mark of its own
        others = [c for c in conflict if c != clue]
        assert marks - _marks(draw(broken, others)), f"{clue} is not marked"


@pytest.mark.parametrize(("puzzle", "instance"), UNIQUE, ids=IDS)
def test_explain_finds_nothing_in_a_solvable_puzzle(puzzle, instance):
    program = reasoning.ClueProgram(puzzle.encoding, instance.structure, instance.clues)
    assert reasoning.minimal_conflict(program) is None


@pytest.mark.parametrize(("puzzle", "instance"), UNIQUE, ids=IDS)
def test_hints_of_a_unique_puzzle_are_its_solution(puzzle, instance):
    solution = set(_solution(puzzle, instance).symbols)
    found = reasoning.hints(puzzle.encoding, instance.structure, instance.clues)
    assert set(found.forced) == solution
    step = reasoning.hints(puzzle.encoding, instance.structure, instance.clues, step=True)
    assert set(step.forced) <= solution  # propagation never guesses
    assert set(instance.clues) & solution <= set(step.forced)


@pytest.mark.parametrize(("puzzle", "instance"), UNIQUE, ids=IDS)
def test_hints_with_fewer_clues_are_common_to_every_solution(puzzle, instance):
    fewer = instance.clues[: len(instance.clues) // 2]
    found = reasoning.hints(puzzle.encoding, instance.structure, fewer)
    program = reasoning.ClueProgram(puzzle.encoding, instance.structure, fewer)
    answers = program.models(fewer, 50)
    assert answers
    for answer in answers:
        assert set(found.forced) <= set(answer.symbols)
    if len(answers) > 1:  # then something differs, so not everything is forced
        assert len(found.forced) < found.solution_size
    puzzle.render(instance, Answer(found.forced))  # partial answers draw
    json.dumps(puzzle.solution_json(instance, Answer(found.forced)))


def test_hint_and_explain_commands(tmp_path, capsys):
    path = INSTANCES / "jodici" / "1.csv"
    assert main(["jodici", str(path), "--hint", "--step", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hint"]["mode"] == "propagation"
    assert data["hint"]["forced"] <= data["hint"]["open"]
    wrong = tmp_path / "wrong.csv"
    wrong.write_text(path.read_text().replace("6", "5", 1))
    envelope = {"puzzle", "status", "solutions", "count", "complete", "unique", "stats"}
    assert envelope <= set(data) and data["solutions"] == []
    assert main(["jodici", str(wrong), "--explain", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert envelope <= set(data) and (data["status"], data["count"]) == ("unsolvable", 0)
    conflict = data["conflict"]
    assert conflict and all({"position", "value", "text"} <= set(c) for c in conflict)
    assert main(["jodici", str(path), "--explain", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["status"], data["unique"], "conflict" in data) == ("solved", True, False)
    assert main(["jodici", str(wrong), "--explain"]) == 1
    assert "cannot" in capsys.readouterr().out
    assert main(["jodici", str(path), "--step"]) == 2


@pytest.mark.parametrize("name", GENERATORS)
def test_generated_puzzles_are_unique_minimal_and_reproducible(name, tmp_path, capsys):
    puzzle = registry()[name]
    assert main(["generate", name, "--seed", "7"]) == 0
    text = capsys.readouterr().out
    assert main(["generate", name, "--seed", "7"]) == 0
    assert capsys.readouterr().out == text, "the same seed must give the same puzzle"
    path = tmp_path / f"generated-{name}.txt"
    path.write_text(text)
    instance = puzzle.parse(text, str(path))
    result = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=2))
    assert result.unique
    checker(name).check(text, puzzle.solution_json(instance, result.answers[0]))
    program = reasoning.ClueProgram(puzzle.encoding, instance.structure, instance.clues)
    for clue in instance.clues:  # minimal: dropping any clue makes it ambiguous
        assert len(program.models([c for c in instance.clues if c != clue], 2)) == 2


def test_explain_hint_and_generate_search_through_the_runner_with_its_settings(
        monkeypatch, tmp_path):
    # One runner: every search of --explain, --hint and generate gets the command's
    # --threads and --configuration (or the puzzle's own preset) like a solve does.
    seen: list[runner.Limits] = []
    real = runner.solve

    def spy(encoding, facts, limits, progress=None, **settings):
        seen.append(limits)
        return real(encoding, facts, limits, progress, **settings)

    monkeypatch.setattr(runner, "solve", spy)
    path = INSTANCES / "jodici" / "1.csv"
    wrong = tmp_path / "wrong.csv"
    wrong.write_text(path.read_text().replace("6", "5", 1))
    settings = ["--threads", "2", "--configuration", "crafty"]
    commands = [
        (["jodici", str(wrong), "--explain", "--json", *settings], 1),
        (["jodici", str(path), "--hint", "--json", *settings], 0),
        (["generate", "jodici", "--seed", "3", *settings], 0),
    ]
    for argv, code in commands:
        seen.clear()
        assert main(argv) == code, argv
        if argv[0] == "generate":  # the last search grades the puzzle made: one thread
            assert (seen[-1].threads, seen[-1].configuration) == (1, "crafty")
            seen.pop()
        assert len(seen) >= 2, argv
        assert all((lim.threads, lim.configuration) == (2, "crafty") for lim in seen), argv
    seen.clear()
    name = next(n for n, p in registry().items() if p.spec.configuration and p.can_generate)
    assert main(["generate", name, "--seed", "1", "--size", "5x5"]) == 0
    assert seen and {lim.configuration for lim in seen} == {registry()[name].spec.configuration}


def test_a_time_limit_stops_hint_explain_and_generate(tmp_path, capsys):
    hard = tmp_path / "hard.lp"  # pigeonhole 13 -> 12: no answer within the limit
    hard.write_text("p(1..13). h(1..12). 1 { at(P,H) : h(H) } 1 :- p(P). "
                    ":- h(H), 2 { at(P,H) }.\n#show at/2.\n")
    path = str(INSTANCES / "jodici" / "1.csv")
    for argv in (["jodici", path, "--hint"], ["generate", "jodici", "--seed", "1"]):
        assert main([*argv, "--encoding", str(hard), "--time-limit", "0.5"]) == 4, argv
        assert "time limit reached" in capsys.readouterr().err
