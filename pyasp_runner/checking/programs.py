"""The encoding's rules made to report themselves, with `clingo.ast` (never as text).

Each rule an answer can break (`named.py`) becomes the instances of a derived atom
`_broken(I, T)`: rule number `I` is broken for the values `T` (a tuple) of its global
variables. Two programs are built from an encoding:

- CHECK (an answer is checked): every rule is soft. `:- B.` becomes
  `_broken(I, T) :- B.`; a choice `L { E } U :- B.` keeps its elements free
  (`{ E } :- B.`) and is broken where its count leaves the bounds
  (`_broken(I, T) :- B, not L { E } U.`); a `#minimize` element is broken where its body
  holds. Rules under a `% Redundant` or `% Pruning` heading are left out (they are
  implied). `#minimize { 1,I,T : _broken(I, T) }` makes the answer's completions with
  the fewest broken rules the models.
- SWITCHED (explanations: a rule, or one instance of it, can be switched off): rules are
  hard only while `_on(I, T)` holds, an external atom assumed per question
  (`:- _broken(I, T), _on(I, T).`). Implied rules without a name are left out (they
  would decide cells without being cited); optimisation is left out.

Both also derive `_place(I, T, A)`: the atoms `A` an instance looks at, which say what
to mark. In CHECK mode they are the instance's literals and the elements of its
aggregates and conditions, in a program part of their own (`_places`) grounded after
the search for the instances found broken (`_reported(I, T)`), so that the grounding
of the check holds none of them; in SWITCHED mode they are its plain literals (where
the author's clues are read).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import clingo
from clingo import ast
from clingo.ast import AST, ASTType

from .named import CHOICE, CONSTRAINT, DEFINITION, MINIMIZE, NamedRule, Statement

BROKEN, ON, PLACE, REPORTED = "_broken", "_on", "_place", "_reported"
DERIVED = "_derived"
STATED = "_stated"  # an answer's atom of a soft predicate, given as a fact
PLACES = "_places"  # the program part of CHECK's places
RESERVED = {(BROKEN, 2), (ON, 2), (PLACE, 3), (REPORTED, 2), (DERIVED, 1), (STATED, 1)}
Signature = tuple[str, int]

CHECK, SWITCHED = "check", "switched"


def build(statements: Sequence[Statement], mode: str, add: Callable[[AST], None],
          soft: Mapping[Signature, int] | None = None) -> None:
    """Add the program of `mode` (CHECK or SWITCHED) for these statements through `add`
    (a `ProgramBuilder`'s). `soft` (CHECK only): derived predicates whose derivation is
    made soft too, each with the rule number that reports it (see `_derivations`)."""
    location: Any = None
    places: list[AST] = []
    soft = soft or {}
    for statement in statements:
        node, rule = statement.ast, statement.rule
        location = node.location
        if rule is None or rule.kind == DEFINITION:
            if mode == CHECK and node.ast_type == ASTType.ProjectSignature:
                continue  # projection would hide the broken rules of other completions
            add(_derived(node, soft))
            continue
        if rule.implied and (mode == CHECK or not rule.named):
            if rule.kind == CHOICE:
                add(_free_choice(node))
            continue
        if rule.kind == MINIMIZE and mode == SWITCHED:
            continue
        for made in _reporting(rule, node, mode):
            (places if mode == CHECK and _is_place(made) else []).append(made)
            if not (mode == CHECK and _is_place(made)):
                add(made)
    if location is None:
        return
    for made in _shows(location, mode):
        add(made)
    for signature, number in soft.items():
        made_here = _derivations(location, signature, number)
        places += made_here[-1:]
        for made in made_here[:-1]:
            add(made)
    if places:
        add(ast.Program(location, PLACES, []))
        for made in places:
            add(made)
        add(ast.Program(location, "base", []))


def _derived(node: AST, soft: Mapping[Signature, int]) -> AST:
    """A rule deriving an atom of a `soft` predicate derives `_derived(atom)` instead."""
    if not soft or node.ast_type != ASTType.Rule or node.head.ast_type != ASTType.Literal:
        return node
    atom = node.head.atom
    if atom.ast_type != ASTType.SymbolicAtom or atom.symbol.ast_type != ASTType.Function \
            or (atom.symbol.name, len(atom.symbol.arguments)) not in soft:
        return node
    loc = node.location
    return ast.Rule(loc, _atom(loc, DERIVED, [atom.symbol]), node.body)


def _derivations(loc: Any, signature: Signature, number: int) -> list[AST]:
    """For a soft derived predicate p: its atoms are free where some derivation could
    give them or the answer states them (`_stated`), and rule `number` is broken where
    an atom holds that no derivation gives, or a derivation gives one that does not
    hold. The last rule made is its place."""
    name, arity = signature
    variables = [ast.Variable(loc, f"X{i}") for i in range(1, arity + 1)]
    atom = ast.Function(loc, name, variables, False)
    derived = _atom(loc, DERIVED, [atom])
    holds = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(atom))
    instance = ast.Function(loc, "", variables, False)
    broken = _atom(loc, BROKEN, [_number(loc, number), instance])
    choice = ast.Aggregate(loc, None, [ast.ConditionalLiteral(loc, holds, [])], None)
    reported = _atom(loc, REPORTED, [_number(loc, number), instance])
    place = _atom(loc, PLACE, [_number(loc, number), instance, atom])
    stated = _atom(loc, STATED, [atom])
    return [ast.Rule(loc, choice, [_positive(loc, derived)]),
            ast.Rule(loc, choice, [_positive(loc, stated)]),
            ast.Rule(loc, broken, [holds, ast.Literal(loc, ast.Sign.Negation, derived.atom)]),
            ast.Rule(loc, broken, [_positive(loc, derived),
                                   ast.Literal(loc, ast.Sign.Negation, holds.atom)]),
            ast.Rule(loc, place, [_positive(loc, reported)])]


def _is_place(node: AST) -> bool:
    head = node.head if node.ast_type == ASTType.Rule else None
    return (head is not None and head.ast_type == ASTType.Literal
            and head.atom.ast_type == ASTType.SymbolicAtom
            and head.atom.symbol.ast_type == ASTType.Function and head.atom.symbol.name == PLACE)


def _reporting(rule: NamedRule, node: AST, mode: str) -> list[AST]:
    """The rules that report `rule` broken (and switch it, in SWITCHED mode)."""
    loc = node.location
    instance = _instance_term(loc, rule)
    broken = _atom(loc, BROKEN, [_number(loc, rule.number), instance])
    guard = broken if mode == SWITCHED else \
        _atom(loc, REPORTED, [_number(loc, rule.number), instance])
    made: list[AST] = []
    if rule.kind == CONSTRAINT:
        body = list(node.body)
        made.append(ast.Rule(loc, broken, body))
    elif rule.kind == CHOICE:
        head = node.head
        made.append(_free_choice(node))
        bounds = ast.Aggregate(loc, head.left_guard, head.elements, head.right_guard)
        body = [*node.body, ast.Literal(loc, ast.Sign.Negation, bounds)]
        made.append(ast.Rule(loc, broken, body))
        if mode == CHECK:  # the places: every element of the choice
            for element in head.elements:
                made.append(_place_rule(loc, guard, instance, rule, element.literal.atom,
                                        [*node.body, *element.condition]))
    else:  # MINIMIZE: each element whose body holds is broken
        assert rule.kind == MINIMIZE
        body = list(node.body)
        made.append(ast.Rule(loc, broken, body))
    made += _places(loc, guard, instance, rule, node.body if rule.kind != CHOICE else [],
                    inner=mode == CHECK)
    if mode == SWITCHED:
        on = _atom(loc, ON, [_number(loc, rule.number), instance])
        made.append(ast.Rule(loc, _false(loc), [_positive(loc, broken), _positive(loc, on)]))
        made.append(ast.External(loc, on.atom, [_positive(loc, broken)],
                                 ast.SymbolicTerm(loc, clingo.Function("free"))))
    return made


def _free_choice(node: AST) -> AST:
    """The choice rule without its bounds: its elements stay free to choose."""
    head = node.head
    return ast.Rule(node.location, ast.Aggregate(head.location, None, head.elements, None),
                    node.body)


def _places(loc: Any, broken: AST, instance: AST, rule: NamedRule,
            body: Iterable[AST], inner: bool) -> list[AST]:
    """`_place(I, T, A) :- G(I, T), ...` (G: `_broken` or `_reported`) for each atom A
    an instance reads: a literal of the body (its variables are global) and, if `inner`,
    an element of an aggregate (while its condition holds) and a conditional literal's
    head (while its condition holds)."""
    made = []
    for literal in body:
        if literal.ast_type == ASTType.ConditionalLiteral:
            if not inner:
                continue
            head = literal.literal.atom
            if head.ast_type == ASTType.SymbolicAtom:
                made.append(_place_rule(loc, broken, instance, rule, head,
                                        list(literal.condition)))
            for conditional in literal.condition:
                if conditional.atom.ast_type == ASTType.SymbolicAtom:
                    made.append(_place_rule(loc, broken, instance, rule, conditional.atom,
                                            list(literal.condition)))
            continue
        atom = literal.atom
        if atom.ast_type == ASTType.SymbolicAtom:
            made.append(_place_rule(loc, broken, instance, rule, atom, []))
        elif inner and atom.ast_type in (ASTType.BodyAggregate, ASTType.Aggregate):
            for element in atom.elements:
                condition = list(element.condition)
                if atom.ast_type == ASTType.Aggregate:  # `L { a : c } U` in a body
                    looked = [element.literal.atom, *(c.atom for c in condition)]
                else:
                    looked = [c.atom for c in condition]
                for seen in looked:
                    if seen.ast_type == ASTType.SymbolicAtom:
                        made.append(_place_rule(loc, broken, instance, rule, seen, condition))
    return made


def _place_rule(loc: Any, broken: AST, instance: AST, rule: NamedRule, atom: AST,
                condition: list[AST]) -> AST:
    """`_place(I, T, A) :- G(I, T), condition.`; an anonymous variable of A (`_`) is
    named, and A itself joins the condition so that it binds it (a place only where A
    holds)."""
    named = _Anonymous().visit(atom)
    term = named.symbol
    place = _atom(loc, PLACE, [_number(loc, rule.number), instance, term])
    extra = [ast.Literal(loc, ast.Sign.NoSign, named)] if named != atom else []
    return ast.Rule(loc, place, [_positive(loc, broken), *condition, *extra])


class _Anonymous(ast.Transformer):
    """Names each anonymous variable `_` (a head holds none)."""

    def __init__(self) -> None:
        self.count = 0

    def visit_Variable(self, node: AST) -> AST:
        if node.name != "_":
            return node
        self.count += 1
        return ast.Variable(node.location, f"_Anonymous{self.count}")


def _shows(loc: Any, mode: str) -> list[AST]:
    made = [ast.ShowSignature(loc, BROKEN, 2, True)]
    if mode == CHECK:
        # The fewest broken rules: the completions of an answer that break least.
        variables = [ast.Variable(loc, "I"), ast.Variable(loc, "T")]
        broken = _atom(loc, BROKEN, variables)
        made.append(ast.Minimize(loc, _number(loc, 1), _number(loc, 0), variables,
                                 [_positive(loc, broken)]))
    return made


def _instance_term(loc: Any, rule: NamedRule) -> AST:
    """The tuple of the rule's global variables."""
    return ast.Function(loc, "", [ast.Variable(loc, name) for name in rule.variables], False)


def _atom(loc: Any, name: str, arguments: list[AST]) -> AST:
    return ast.Literal(loc, ast.Sign.NoSign,
                       ast.SymbolicAtom(ast.Function(loc, name, arguments, False)))


def _positive(loc: Any, literal: AST) -> AST:
    return ast.Literal(loc, ast.Sign.NoSign, literal.atom)


def _false(loc: Any) -> AST:
    return ast.Literal(loc, ast.Sign.NoSign, ast.BooleanConstant(False))


def _number(loc: Any, value: int) -> AST:
    return ast.SymbolicTerm(loc, clingo.Number(value))


def uses_reserved(statements: Iterable[Statement]) -> tuple[str, int] | None:
    """A reserved predicate (`_broken/2`, `_on/2`, `_place/3`) the rules use themselves."""
    for statement in statements:
        for found in _signatures(statement.ast):
            if found in RESERVED:
                return found
    return None


def _signatures(node: Any) -> Iterable[tuple[str, int]]:
    if not isinstance(node, AST):
        if not isinstance(node, str) and hasattr(node, "__iter__"):
            for item in node:
                yield from _signatures(item)
        return
    if node.ast_type == ASTType.SymbolicAtom and node.symbol.ast_type == ASTType.Function:
        yield (node.symbol.name, len(node.symbol.arguments))
    for key in node.child_keys:
        yield from _signatures(getattr(node, key))
