"""Exit codes are one enumeration, `errors.ExitCode`: the README's table and the command
line's docstring list exactly its codes, and no module of the package ends a process
with a bare number (mypy holds every command's function to `-> ExitCode`; this test
holds the calls that end a process, which mypy lets take any int)."""

from __future__ import annotations

import ast
import re

import pytest
from conftest import ROOT

from pyasp_runner import cli
from pyasp_runner.errors import ExitCode

PACKAGE = ROOT / "pyasp_runner"
# What ends a process with the code it is given.
ENDING = {"sys.exit", "os._exit", "exit", "quit", "SystemExit", "super().__init__"}


def readme_table() -> dict[int, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Exit codes", 1)[1].split("\n#", 1)[0]
    return {int(code): meaning for code, meaning in
            re.findall(r"^\| (\d+) \| (.+) \|$", section, flags=re.MULTILINE)}


def docstring_table() -> dict[int, str]:
    return {int(code): meaning for code, meaning in
            re.findall(r"^ {4}(\d+) +(\S.*)$", cli.__doc__ or "", flags=re.MULTILINE)}


@pytest.mark.parametrize("table", [readme_table, docstring_table], ids=["README", "cli"])
def test_the_documented_tables_list_exactly_the_enumeration(table):
    assert sorted(table()) == sorted(code.value for code in ExitCode)


def bare_exits(source: str) -> list[str]:
    """The calls in `source` that end a process with an integer literal, and the
    `exit_code` fields given one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and ast.unparse(node.func) in ENDING
                and any(isinstance(arg, ast.Constant) and type(arg.value) is int
                        for arg in node.args)):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if (isinstance(key, ast.Constant) and key.value == "exit_code"
                        and isinstance(value, ast.Constant)):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(ast.unparse(target).split(".")[-1] == "exit_code" for target in targets):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_ends_a_process_with_a_bare_number():
    found = {str(path.relative_to(ROOT)): bare
             for path in sorted(PACKAGE.rglob("*.py"))
             if (bare := bare_exits(path.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize("source", [
    "import sys\nsys.exit(2)\n", "import os\nos._exit(1)\n", "raise SystemExit(3)\n",
    "line = {'status': 'error', 'exit_code': 6}\n", "class E:\n    exit_code = 2\n"])
def test_the_search_finds_a_bare_number(source):
    assert bare_exits(source)


def test_the_search_lets_the_enumeration_pass():
    assert bare_exits("import sys\nsys.exit(ExitCode.USAGE)\n"
                      "line = {'exit_code': ExitCode.WORKER}\n"
                      "class E:\n    exit_code = ExitCode.ENCODING\n") == []
