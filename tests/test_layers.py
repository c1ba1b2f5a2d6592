"""The package's layers, from its imports: every import (at the top of a module, inside a
function, or for the type checker) points down or sideways within its layer, the modules
import each other without a cycle, and only the command's entry point imports the
command line (`cli`). Read from the source with `ast`, so a lazy import counts as much
as any other. And the modules' size: none past 500 lines."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "pyasp_runner"
# Bottom to top; a module's layer is that of its first name under the package ("" is the
# package itself, whose __init__ names the API).
LAYERS = (
    ("facts and answers, errors, reading and writing, board descriptions, processes",
     {"facts", "errors", "escape", "numerals", "inputs", "output", "process", "board",
      "batch", "player", "tatham", "gridlayouts"}),
    ("clingo: an encoding loaded and grounded, the runner, and what asks it",
     {"lexing", "program", "runner", "trace", "reasoning"}),
    ("the contract, and genres made it from their files", {"puzzle", "genres"}),
    ("the registry and the puzzles", {"puzzles"}),
    ("the session, the questions about rules it asks, and the hand-written searches "
     "beside it", {"session", "checking", "imperative"}),
    ("the front ends", {"api", "api_rules", "audit", "generating", "studio", "cli",
                        "__main__", ""}),
)
LAYER = {part: number for number, (_, parts) in enumerate(LAYERS) for part in parts}
# Who may import the command line: its entry point (`python -m pyasp_runner`, solve-asp).
CLI_IMPORTERS = {"pyasp_runner.__main__"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))
           if "frontend" not in path.parts and "static" not in path.parts}


def resolve(name: str) -> str | None:
    """The package's module an imported name is, or None outside the package."""
    while name and name not in MODULES:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """Every module of the package that `module` imports, anywhere in its source."""
    path = MODULES[module]
    package = module if is_package(path) else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # `from . import runner` names a module; `from .errors import X` a name in one.
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                     for alias in node.names]
        else:
            continue
        found |= {target for target in map(resolve, names) if target and target != module}
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def layer_of(module: str) -> int:
    parts = module.split(".")
    key = parts[1] if len(parts) > 1 else ""
    assert key in LAYER, f"{module} is in no layer: add it to LAYERS"
    return LAYER[key]


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


def test_no_import_points_up():
    upward = [f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} "
              f"({LAYERS[layer_of(target)][0]})"
              for module, targets in GRAPH.items() for target in sorted(targets)
              if layer_of(target) > layer_of(module)]
    assert upward == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle():
    assert cycles(GRAPH) == []


def test_a_cycle_or_an_upward_import_would_be_found():
    # The checks above, on a graph that has both: they can fail.
    graph = {"pyasp_runner.runner": {"pyasp_runner.puzzle"},
             "pyasp_runner.puzzle": {"pyasp_runner.runner"}}
    assert cycles(graph) == [["pyasp_runner.puzzle", "pyasp_runner.runner"]]
    assert layer_of("pyasp_runner.puzzle") > layer_of("pyasp_runner.runner")
    assert "pyasp_runner.reasoning" in GRAPH["pyasp_runner.session.questions"]  # a lazy one


def test_only_the_entry_point_imports_the_command_line():
    importers = {module for module, targets in GRAPH.items()
                 if any(target == "pyasp_runner.cli" or target.startswith("pyasp_runner.cli.")
                        for target in targets)
                 and not (module == "pyasp_runner.cli" or module.startswith("pyasp_runner.cli."))}
    assert importers == CLI_IMPORTERS


def imports_argparse(module: str) -> bool:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    return any((isinstance(node, ast.Import) and any(a.name == "argparse" for a in node.names))
               or (isinstance(node, ast.ImportFrom) and node.module == "argparse")
               for node in ast.walk(tree))


def test_only_the_parsers_see_argparse():
    # The command line's definition; the hand-written searches' own small command
    # (`python -m pyasp_runner.imperative`, for the benchmarks).
    assert {module for module in MODULES if imports_argparse(module)} == {
        "pyasp_runner.cli.definition", "pyasp_runner.imperative.__main__"}


# A module does one job; past this many lines it is split (the house style). The bundled
# editor script (studio/static/editor.min.js, built from studio/frontend) is not written
# by hand.
MAX_LINES = 500


def test_every_module_is_under_about_500_lines():
    written = [path for path in sorted(PACKAGE.rglob("*"))
               if path.suffix in (".py", ".js", ".css", ".html")
               and "frontend" not in path.parts and not path.name.endswith(".min.js")
               and "node_modules" not in path.parts]
    assert len(written) > 50
    long = {str(path.relative_to(PACKAGE)): lines for path in written
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
