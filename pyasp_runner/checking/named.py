"""Named rules: the constraints of an encoding, each with the name a rule book gives it.

A constraint (`:- B.`), a choice rule with bounds (`1 { ... } 1 :- B.`) or an
optimisation (`#minimize { ... }`) is named by a comment on the line just above it
(a rule that derives what an answer shows, `cover(...) :- place(...).`, may be named
too: an answer that no derivation can give breaks it):

    % rule: each row holds each height once
    :- idx(R), idx(H), #count{ C : tower(R,C,H) } != 1.

The rules are read with clingo's own parser (`clingo.ast`), comments included: clingo
5.8 gives a comment as a statement with its location, so a name belongs to the
statement that begins on the next line. Nothing here reads the rules as text. A rule
without a name is still a rule: it is called by its place ("the rule at puzzle.lp:43").

A constraint under a `% Redundant` or `% Pruning` heading is implied by the rules above
it (it only helps the search): checking an answer leaves it out, and an explanation
cites it only when it is named. An unnamed constraint under `% Generate` shapes what is
generated (a ladder of thresholds: T+1 or more implies T or more): it stays a
hard constraint, never reported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from clingo.ast import AST, ASTType, parse_files, parse_string

from ..errors import EncodingError

NAME_KEY = "rule:"
# Section headings (the house style's, and the blocks of rules that only help the search).
SECTIONS = ("define", "generate", "test", "display", "redundant", "pruning", "heuristic")
IMPLIED = ("redundant", "pruning")

CONSTRAINT, CHOICE, MINIMIZE = "constraint", "choice", "minimize"
DEFINITION = "definition"  # a named rule that derives what an answer shows


class NamedRule(NamedTuple):
    """One rule of an encoding that an answer can break.

    number: its number among the encoding's rules (the first argument of the atoms the
    transformed programs derive); name: the author's words (`% rule:`), or the rule's
    place; named: whether the author named it; kind: CONSTRAINT, CHOICE (a choice rule's
    bounds) or MINIMIZE; variables: its global variables in order of first occurrence
    (an instance of the rule gives each a value); implied: under a `% Redundant` or
    `% Pruning` heading; file, line: where it begins; generates: the predicates a
    choice chooses.
    """

    number: int
    name: str
    named: bool
    kind: str
    variables: tuple[str, ...]
    implied: bool
    file: str
    line: int
    generates: tuple[tuple[str, int], ...] = ()

    @property
    def place(self) -> str:
        return f"{Path(self.file).name}:{self.line}"


class Statement(NamedTuple):
    """A statement of the encoding, with the rule it is (None: one that no answer breaks)."""

    ast: AST
    rule: NamedRule | None


def read_file(encoding: Path) -> list[Statement]:
    """The statements of the encoding file, its breakable rules named; clingo's message
    as an EncodingError (exit 3) when it cannot be parsed, or a name that stands above no
    rule an answer can break."""
    return _read(lambda visit, log: parse_files([str(encoding)], visit, logger=log),
                 str(encoding))


def read_text(text: str, source: str = "<rules>") -> list[Statement]:
    """The statements of a program given as text (an edited encoding)."""
    return _read(lambda visit, log: parse_string(text, visit, logger=log), source)


def rules_of(statements: Iterable[Statement]) -> list[NamedRule]:
    return [statement.rule for statement in statements if statement.rule is not None]


def _read(parse: Callable[[Callable[[AST], None], Callable[[Any, str], None]], None],
          source: str) -> list[Statement]:
    parsed: list[AST] = []
    messages: list[str] = []
    try:
        parse(parsed.append, lambda code, text: messages.append(text.strip()))
    except RuntimeError:
        raise EncodingError(source, "cannot be parsed", messages or ["syntax error"]) from None
    names: dict[tuple[str, int], tuple[str, int]] = {}  # (file, next line) -> (name, line)
    statements: list[Statement] = []
    section = ""
    part = "base"  # the program part the statements belong to
    index = 0
    for node in parsed:
        if node.ast_type == ASTType.Comment:
            text = _line_comment(node)
            if text is None:
                continue
            first = text.split(maxsplit=1)[0].rstrip(":,.").lower() if text else ""
            if first in SECTIONS:
                section = first
            if text.startswith(NAME_KEY):
                name = " ".join(text[len(NAME_KEY):].split())
                where = node.location.begin
                if not name:
                    raise EncodingError(source, "a rule name is empty",
                                        [f"{where.filename}:{where.line}: `% rule:` names "
                                         f"nothing"])
                names[(where.filename, where.line + 1)] = (name, where.line)
            continue
        begin = node.location.begin
        written = names.pop((begin.filename, begin.line), None)
        if node.ast_type == ASTType.Program:
            part = node.name
            continue
        if part != "base":
            continue  # a part solving never grounds (`#program generate.`): no rule here
        kind = _kind(node)
        if kind is None and written is not None and node.ast_type == ASTType.Rule \
                and len(node.body) and _chosen(node, definitions=True):
            kind = DEFINITION
        if kind == CONSTRAINT and section == "generate" and written is None:
            kind = None  # it shapes what is generated (a ladder's order): it stays hard
        if kind is None:
            if written is not None:
                raise EncodingError(source, "a rule name stands above a rule no answer "
                                    "can break", [f"{begin.filename}:{written[1]}: `% rule: "
                                                  f"{written[0]}` names a statement that is "
                                                  f"not a constraint, a choice with bounds, "
                                                  f"a #minimize or a rule that derives an "
                                                  f"atom"])
            statements.append(Statement(node, None))
            continue
        name = written[0] if written else f"the rule at {Path(begin.filename).name}:{begin.line}"
        rule = NamedRule(index, name, written is not None, kind, tuple(global_variables(node)),
                         section in IMPLIED, begin.filename, begin.line,
                         _chosen(node, definitions=kind == DEFINITION))
        index += 1
        statements.append(Statement(node, rule))
    for (filename, line), (name, _) in names.items():
        raise EncodingError(source, "a rule name stands above no rule",
                            [f"{filename}:{line - 1}: `% rule: {name}` is not followed by "
                             f"a constraint on the next line"])
    return statements


def _line_comment(node: AST) -> str | None:
    """The text of a `%` comment after the `%` (None: a block comment `%* ... *%`)."""
    value: str = node.value
    if value.startswith("%*"):
        return None
    return value.lstrip("%").strip()


def _kind(node: AST) -> str | None:
    """What an answer can break in this statement: a constraint, a choice's bounds, an
    optimisation; None for any other statement."""
    if node.ast_type == ASTType.Minimize:
        return MINIMIZE
    if node.ast_type != ASTType.Rule:
        return None
    head = node.head
    if head.ast_type == ASTType.Literal and head.atom.ast_type == ASTType.BooleanConstant \
            and not head.atom.value:
        return CONSTRAINT
    if head.ast_type == ASTType.Aggregate and (head.left_guard is not None
                                               or head.right_guard is not None):
        return CHOICE
    return None


def _chosen(node: AST, definitions: bool = False) -> tuple[tuple[str, int], ...]:
    """The predicates a choice rule's elements choose (with `definitions`, also the head
    of a normal rule); none for other statements."""
    if node.ast_type != ASTType.Rule:
        return ()
    head = node.head
    if head.ast_type == ASTType.Aggregate:
        atoms = [element.literal.atom for element in head.elements]
    elif definitions and head.ast_type == ASTType.Literal:
        atoms = [head.atom]
    else:
        return ()
    chosen = []
    for atom in atoms:
        term = atom.symbol if atom.ast_type == ASTType.SymbolicAtom else None
        if term is not None and term.ast_type == ASTType.Function:
            chosen.append((term.name, len(term.arguments)))
    return tuple(dict.fromkeys(chosen))


def global_variables(node: AST) -> list[str]:
    """The variables of a rule's body that are not local to an aggregate or a
    conditional literal, in order of first occurrence; for a #minimize element, those of
    its terms and its body."""
    body = node.body
    found: list[str] = []
    if node.ast_type == ASTType.Minimize:
        _collect(node.terms, found)
    for literal in body:
        if literal.ast_type == ASTType.ConditionalLiteral:
            continue
        atom = literal.atom
        if atom.ast_type in (ASTType.BodyAggregate, ASTType.Aggregate):
            _collect([atom.left_guard, atom.right_guard], found)
        elif atom.ast_type != ASTType.TheoryAtom:
            _collect(atom, found)
    return found


def _collect(node: Any, found: list[str]) -> None:
    for name in _variables(node):
        if name != "_" and name not in found:
            found.append(name)


def _variables(node: Any) -> Iterator[str]:
    if node is None:
        return
    if not isinstance(node, AST):
        if not isinstance(node, str):  # an ASTSequence, or a list of nodes
            for item in node:
                yield from _variables(item)
        return
    if node.ast_type == ASTType.Variable:
        yield node.name
        return
    for key in node.child_keys:
        yield from _variables(getattr(node, key))


def definitions(statements: Iterable[Statement]) -> dict[tuple[str, int], NamedRule]:
    """For each predicate some rule chooses or derives, the rule an answer that no
    derivation gives breaks: a choice or definition of it the author named, else one
    called by the place of its first defining rule ("what defines cover/3 at
    puzzle.lp:51")."""
    found: dict[tuple[str, int], NamedRule] = {}
    for statement in statements:
        rule = statement.rule
        if rule is not None and rule.kind in (DEFINITION, CHOICE):
            for signature in rule.generates:
                found.setdefault(signature, rule)
    for statement in statements:
        if statement.rule is not None:
            continue
        begin = statement.ast.location.begin
        for signature in _chosen(statement.ast, definitions=True):
            name = f"what defines {signature[0]}/{signature[1]} at " \
                   f"{Path(begin.filename).name}:{begin.line}"
            found.setdefault(signature, NamedRule(-1, name, False, DEFINITION, (), False,
                                                  begin.filename, begin.line, (signature,)))
    return found
