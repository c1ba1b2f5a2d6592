"""What a genre's rules use and show, read with clingo's own parser (`clingo.ast`), never
from the rules' text: the predicates that occur in the rules (heads, bodies, conditions,
`#show` conditions) and those the answer sets show.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

import clingo
from clingo.ast import AST, ASTType, parse_string

from ..errors import EncodingError

Signature = tuple[str, int]


class Usage(NamedTuple):
    """The predicates of a program: those occurring in it, those defined in a head,
    and those shown (every defined one when the program has no `#show`)."""

    occurring: frozenset[Signature]
    defined: frozenset[Signature]
    shown: frozenset[Signature]
    shows_all: bool
    show_lines: dict[Signature, int]     # where each shown predicate is shown
    parts: frozenset[str] = frozenset()  # the program parts (`#program NAME.`) but base


def usage(text: str, source: str) -> Usage:
    """The predicates `text` (a program) uses and shows; clingo's message as an
    EncodingError (exit 3) when it cannot be parsed."""
    occurring: set[Signature] = set()
    defined: set[Signature] = set()
    shown: dict[Signature, int] = {}
    parts: set[str] = set()
    any_show = False
    messages: list[str] = []

    def visit(statement: AST) -> None:
        nonlocal any_show
        kind = statement.ast_type
        if kind == ASTType.ShowSignature:
            any_show = True
            shown.setdefault((statement.name, statement.arity), statement.location.begin.line)
        elif kind == ASTType.ShowTerm:
            any_show = True
            term = _function(statement.term)
            if term is not None:
                shown.setdefault(term, statement.location.begin.line)
            occurring.update(_atoms(statement.body))
        elif kind == ASTType.Program:
            if statement.name != "base":
                parts.add(statement.name)
        elif kind == ASTType.Rule:
            heads = set(_atoms(statement.head))
            defined.update(heads)
            occurring.update(heads)
            occurring.update(_atoms(statement.body))
        else:
            occurring.update(_atoms(statement))

    def log(code: clingo.MessageCode, text: str) -> None:
        messages.append(text.strip())

    try:
        parse_string(text, visit, logger=log)
    except RuntimeError:
        raise EncodingError(source, "cannot be parsed", messages or ["syntax error"]) from None
    return Usage(frozenset(occurring), frozenset(defined),
                 frozenset(shown) if any_show else frozenset(defined), not any_show, shown,
                 frozenset(parts))


def _function(term: AST) -> Signature | None:
    if term.ast_type == ASTType.Function:
        return (term.name, len(term.arguments))
    if term.ast_type == ASTType.SymbolicTerm:
        symbol = term.symbol
        if symbol.type == clingo.SymbolType.Function:
            return (symbol.name, len(symbol.arguments))
    return None


def _atoms(node: Any) -> Iterator[Signature]:
    """The signature of every atom under `node` (an AST, or a list of them)."""
    if not isinstance(node, AST):
        if isinstance(node, Iterable) and not isinstance(node, str):  # an ASTSequence
            for item in node:
                yield from _atoms(item)
        return
    if node.ast_type == ASTType.SymbolicAtom:
        found = _function(node.symbol)
        if found is not None:
            yield found
        return
    for key in node.child_keys:
        yield from _atoms(getattr(node, key))
