"""Named rules (docs/checking.md): `% rule: NAME` on the line above a constraint, a
choice with bounds, a #minimize or a rule that derives what an answer shows; read with
clingo's parser, comments included; every rule of the shipped encodings is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasp_runner.checking import named
from pyasp_runner.errors import EncodingError
from pyasp_runner.puzzles import registry

PROGRAM = """\
% Define
idx(1..3).
% Generate
% rule: each cell holds one value
1 { x(R,C,V) : idx(V) } 1 :- idx(R), idx(C).
% Test
% rule: each row holds each value once
:- idx(R), idx(V), #count{ C : x(R,C,V) } != 1.
:- idx(C), idx(V), #count{ R : x(R,C,V) } != 1.
:- x(R,C,V), not x(R,_,V) : idx(C2), C2 != C.
% Redundant
:- x(R,C,V), x(R,C2,V), C < C2.
"""


def test_names_belong_to_the_statement_on_the_next_line():
    rules = named.rules_of(named.read_text(PROGRAM))
    assert [(rule.line, rule.name, rule.named, rule.kind, rule.implied) for rule in rules] == [
        (5, "each cell holds one value", True, named.CHOICE, False),
        (8, "each row holds each value once", True, named.CONSTRAINT, False),
        (9, "the rule at <string>:9", False, named.CONSTRAINT, False),
        (10, "the rule at <string>:10", False, named.CONSTRAINT, False),
        (12, "the rule at <string>:12", False, named.CONSTRAINT, True)]


def test_an_instance_is_the_values_of_the_global_variables():
    rules = named.rules_of(named.read_text(PROGRAM))
    # Variables of aggregates and conditions are local; `_` is no variable of the rule.
    assert [rule.variables for rule in rules] == [
        ("R", "C"), ("R", "V"), ("C", "V"), ("R", "C", "V"), ("R", "C", "V", "C2")]


@pytest.mark.parametrize(("program", "problem"), [
    ("% rule: stray\np(1).\n", "names a statement that is not a constraint"),
    ("% rule: shown\n#show p/1.\n", "names a statement that is not a constraint"),
    ("p(1).\n% rule: at the end\n", "stands above no rule"),
    ("% rule: with a gap\n\n:- p(1).\n", "stands above no rule"),
    ("% rule:\n:- p(1).\n", "names nothing"),
])
def test_a_misplaced_name_is_one_line_naming_its_line(program, problem):
    with pytest.raises(EncodingError) as raised:
        named.read_text(program)
    assert problem in str(raised.value)


def test_a_generate_constraint_without_a_name_stays_hard():
    rules = named.rules_of(named.read_text("% Generate\n{ p }.\n:- p.\n% Test\n:- not p.\n"))
    assert [rule.line for rule in rules] == [5]


@pytest.mark.parametrize("name", sorted(registry()))
def test_every_rule_of_the_shipped_encodings_is_named(name):
    encoding: Path = registry()[name].encoding
    rules = named.rules_of(named.read_file(encoding))
    assert rules and all(rule.named for rule in rules), [
        rule.place for rule in rules if not rule.named]
