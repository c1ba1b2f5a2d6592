"""Every puzzle has all its parts (module, encoding, instances, checker), declares them in
one `PUZZLE = PuzzleSpec(...)` that holds to the contract, and none is orphaned; the
contract can be declared from data, with no module."""

from __future__ import annotations

import inspect
import re

import pytest
from conftest import INSTANCES, ROOT, expected_for, instance_files

from pyasp_runner import puzzles, runner
from pyasp_runner.board import Board, Cell, Grid
from pyasp_runner.board.svg import svg
from pyasp_runner.cli.definition import build_parser
from pyasp_runner.puzzle import (
    Answer,
    Drawing,
    Generating,
    Instance,
    PuzzleSpec,
    Reasoning,
    Size,
    Writing,
    fact,
)
from pyasp_runner.puzzles import GenrePuzzle, Puzzle, registry

PUZZLES = sorted(registry())
MODULES = puzzles.module_names()
GENRES = sorted(set(PUZZLES) - set(MODULES))
GROUPS = ("drawing", "reasoning", "writing", "generating", "judging", "size", "options")


def _hooks(spec: PuzzleSpec) -> dict[str, object]:
    """Every hook the declaration holds, by name: `parse` and each group's callables."""
    hooks: dict[str, object] = {"parse": spec.parse}
    for group in filter(None, (getattr(spec, name) for name in GROUPS)):
        hooks |= {name: getattr(group, name) for name in group.__slots__
                  if callable(getattr(group, name))}
    if spec.writing is not None:
        hooks |= {f"writer {name}": writer for name, writer in spec.writing.writers.items()}
    return hooks


def test_registry_is_not_empty():
    assert PUZZLES


@pytest.mark.parametrize("name", PUZZLES)
def test_puzzle_has_every_part(name):
    puzzle = registry()[name]
    assert puzzle.summary and puzzle.summary != name, "module docstring gives the --list line"
    assert puzzle.encoding.is_file()
    assert (ROOT / "tests" / "checkers" / f"{name}.py").is_file(), "an independent checker"
    files = [p for p in instance_files() if p.parent.name == name]
    assert files, "at least one instance"
    for path in files:
        assert expected_for(path)["status"]


@pytest.mark.parametrize("name", MODULES)
def test_puzzle_declares_itself_by_the_contract(name):
    module = registry()[name].module
    spec = module.PUZZLE
    assert isinstance(spec, PuzzleSpec) and spec.name == name
    declared = list(_hooks(spec).values())
    hook_names = {slot for group in (Drawing, Reasoning, Writing, Generating, Size)
                  for slot in group.__slots__} | {"parse", "assess", "verdict", "configure"}
    for hook in hook_names:
        defined = module.__dict__.get(hook)
        if inspect.isfunction(defined) and defined.__module__ == module.__name__:
            # a module-level function named like a hook is that hook, declared
            assert any(defined is d for d in declared), f"{name}.{hook} is not in PUZZLE"
    assert spec.can_generate == (spec.generating is not None)
    # Each group's hooks take the instance record the puzzle's reader makes (mypy holds
    # them to it); here: a hook reads the record `parse` gives, whatever its kind.
    assert spec.description is None and spec.encoding is None  # a module's: its own


@pytest.mark.parametrize("name", GENRES)
def test_a_genre_is_its_file_alone(name):
    """A genre is `asp/<name>.lp` with its header: no module, and a contract its header
    builds (which the spec's own check accepts)."""
    puzzle = registry()[name]
    assert isinstance(puzzle, GenrePuzzle)
    assert not (ROOT / "pyasp_runner" / "puzzles" / f"{name}.py").exists()
    assert puzzle.genre.header.genre == name, "a shipped genre's name is its file's"
    puzzle.spec.check()
    assert puzzle.summary == puzzle.genre.header.summary


@pytest.mark.parametrize("name", PUZZLES)
def test_puzzle_options_build_a_command_line(name):
    parser = build_parser(name)  # argparse refuses an option that collides with another
    spec = registry()[name].spec
    help_text = parser.format_help()
    assert name in help_text
    for option in registry()[name].options:
        assert option.flag.startswith("--") and option.help
    assert (spec.options is None) == (registry()[name].options == ())


def _bare(**groups: object) -> PuzzleSpec:
    """A declaration of nothing but a reader and a drawing, with `groups` set."""
    def parse(text: str, source: str) -> Instance[None]:
        return Instance(source, ())

    drawing = Drawing(board=lambda i, a: Board(Grid(())), solution_json=lambda i, a: {},
                      conflict_board=None, listing=None)
    parts = {"name": "x", "parse": parse, "drawing": drawing, "reasoning": None,
             "writing": None, "generating": None, "judging": None, "size": None,
             "options": None}
    return PuzzleSpec(**(parts | groups))  # type: ignore[arg-type]


def test_the_contract_refuses_half_declared_parts():
    _bare().check()
    # (the registry checks each puzzle's PUZZLE so when it first reads it: Puzzle.spec)
    generating = Generating(blank=lambda size: Instance("x", ()), clues_of=lambda i, a: [],
                            random_answer=None, clue_atom=None)
    with pytest.raises(TypeError, match="generating needs writing"):
        _bare(generating=generating).check()
    with pytest.raises(TypeError, match="names no writer"):
        _bare(writing=Writing(writers={}, complete_formats=())).check()
    with pytest.raises(TypeError, match="complete_formats must name writers"):
        _bare(writing=Writing(writers={"text": lambda i, c: ""}, complete_formats=("non",))
              ).check()
    with pytest.raises(TypeError, match="long options"):
        _bare(clingo_options=("-t2",)).check()
    with pytest.raises(TypeError, match="missing"):  # every group is named, None or not
        PuzzleSpec(name="x", parse=lambda t, s: Instance(s, ()))  # type: ignore[call-arg]
    with pytest.raises(AttributeError, match="immutable"):
        _bare().name = "y"  # type: ignore[misc]
    bare = _bare()
    assert bare.replace(name="y").name == "y" and bare == bare.replace() != _bare()


LATIN = """% Latin square: every row and column of the N x N grid holds 1..N once.
% Input:  size(N), given(R,C,V)   Output: value(R,C,V)
#defined given/3.
n(1..N) :- size(N).
1 { value(R,C,V) : n(V) } 1 :- n(R), n(C).
:- n(R), n(V), #count{ C : value(R,C,V) } != 1.
:- n(C), n(V), #count{ R : value(R,C,V) } != 1.
:- given(R,C,V), not value(R,C,V).
#show value/3.
"""


def test_a_contract_declared_from_data_needs_no_module(tmp_path):
    """The next step's genres declared by a header: every hook made from data (here a
    grid's size and the name of its shown atom) by shared code, no module of its own."""
    rules = tmp_path / "latin.lp"
    rules.write_text(LATIN)

    def declared(name: str, shown: str, encoding: object) -> PuzzleSpec[int]:
        def parse(text: str, source: str) -> Instance[int]:
            rows = [line.split() for line in text.splitlines() if line.strip()]
            givens = tuple(fact("given", r, c, int(v)) for r, row in enumerate(rows, 1)
                           for c, v in enumerate(row, 1) if v != "_")
            return Instance(source, (fact("size", len(rows)),), givens, len(rows))

        def values(instance: Instance[int], answer: Answer) -> list[list[int | None]]:
            grid: list[list[int | None]] = [[None] * instance.data
                                            for _ in range(instance.data)]
            for r, c, v in answer.atoms(shown, 3):
                grid[r - 1][c - 1] = v
            return grid

        def board(instance: Instance[int], answer: Answer) -> Board:
            return Board(Grid(tuple(tuple(Cell(None if v is None else str(v)) for v in row)
                                    for row in values(instance, answer))))

        return PuzzleSpec(
            name=name, parse=parse,
            drawing=Drawing(board=board, conflict_board=None, listing=None,
                            solution_json=lambda i, a: {"grid": values(i, a)}),
            reasoning=None, writing=None, generating=None, judging=None,
            size=Size(measure=lambda i: (i.data ** 3, "cell values"), limit=1000),
            options=None, description="Latin square: 1..N once per row and column.\n",
            encoding=encoding)  # type: ignore[arg-type]

    puzzle = Puzzle.of(declared("latin", "value", rules))
    assert (puzzle.name, puzzle.summary, puzzle.encoding) == (
        "latin", "Latin square: 1..N once per row and column.", rules)
    instance = puzzle.parse("1 _ _\n_ 3 _\n_ _ 2\n", "t.txt")
    puzzle.check_size(instance, None, force=False)
    found = runner.solve(puzzle.encoding, instance.facts, runner.Limits(models=2))
    assert (found.status, found.unique) == (runner.SOLVED, True)
    answer = found.answers[0]
    assert puzzle.solution_json(instance, answer)["grid"] == [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
    assert 'data-row="3"' in svg(puzzle.board(instance, answer))
    assert puzzle.describe_clue(instance, instance.clues[0]) == "given(1,1,1)"
    assert puzzle.writers == {} and not puzzle.can_generate and puzzle.options == ()


def test_nothing_outside_a_puzzle_module_names_a_puzzle():
    package = ROOT / "pyasp_runner"
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name in PUZZLES:
            if path.stem == name or path.stem.startswith(f"_{name}_"):
                continue  # the puzzle's own module, and its private helpers
            found = re.search(rf"(?<!collections\.)\b{name}\b", text, re.IGNORECASE)
            assert not found, f"{path.relative_to(ROOT)} names {name}"


def test_no_genre_is_named_anywhere_in_the_package():
    """A genre lives in its `.lp` file alone: its name is in no file of the package, of
    any kind (code, the studio's pages and scripts, data), nor is a puzz.link name its
    header reads (`%! puzzlink NAME ...`) or Tatham game (`%! tatham GAME`), so no code
    can special-case it. The reference imperative solvers (`pyasp_runner/imperative/`,
    the hand-written search a genre is compared with, as puzzlekit is) are named like the
    puzzle they solve and read its files through the registry; the rest of the package
    does not use them."""
    words = set(GENRES)
    for name in GENRES:
        header = registry()[name].genre.header
        words.update(word for link in header.puzzlinks for word in link.names)
        words.update([header.tatham] if header.tatham else [])
    assert words >= set(GENRES) and GENRES, "the shipped genres are found"
    files = [path for path in sorted((ROOT / "pyasp_runner").rglob("*"))
             if path.is_file() and "__pycache__" not in path.parts
             and "imperative" not in path.parts]
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.name.endswith(".min.js"):  # the editor, CodeMirror built (frontend/): it
            text = text.replace('"abc def ghi', '"')  # measures a line of "abc def ..."
        for word in sorted(words):
            found = re.search(rf"(?<![\w.-]){re.escape(word)}(?![\w-])", text,
                              re.IGNORECASE)
            assert not found, f"{path.relative_to(ROOT)} names the genre {word}"


@pytest.mark.parametrize("name", PUZZLES)
def test_encoding_has_header_and_show(name):
    text = registry()[name].encoding.read_text()
    assert text.startswith("%"), "an encoding opens with a header comment"
    assert "#show" in text


def test_nothing_is_orphaned():
    names = set(PUZZLES)
    assert {p.stem for p in (ROOT / "asp").glob("*.lp")} <= names
    assert {p.name for p in INSTANCES.iterdir() if p.is_dir()} <= names
    checkers = {p.stem for p in (ROOT / "tests" / "checkers").glob("*.py")
                if not p.stem.startswith("_")}  # _name: a helper the checkers share
    assert checkers <= names
