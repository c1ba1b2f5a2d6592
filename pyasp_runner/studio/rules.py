"""Rules sent from the page: what they may not contain.

`#script` would run Python or Lua inside the server's solver process and `#include`
would open a file named by the page, so both are refused before clingo sees the rules.
The check reads the rules as clingo's scanner does (comments and strings skipped), so a
comment mentioning them is fine, and a directive written with spaces is still found.

JSON can carry half of a UTF-16 pair (`"\ud800"`), which is no character: such rules
cannot be written as UTF-8 for clingo, so they are refused too, naming where.
"""

from __future__ import annotations

import re

from ..errors import UserError

# The page's "new genre": rules and header written on the page (no registered puzzle has
# this name: puzzle names are a-z, digits and _).
NEW_GENRE = "new genre"
# Comments (`%* ... *%` blocks, `%` to the end of a line) and strings, in scanner order.
_SKIPPED = re.compile(r'%\*.*?(?:\*%|\Z)|%[^\n]*|"(?:[^"\\\n]|\\.)*"', re.DOTALL)
_FORBIDDEN = re.compile(r"#\s*(script|include)\b")
_SURROGATE = re.compile("[\ud800-\udfff]")


class RulesRefused(UserError):
    """Rules from the page the studio does not take: a directive it does not allow, or
    half a character."""


def check_rules(text: str) -> None:
    """Refuse rules that use `#script` or `#include`, or that are not text, naming where."""
    half = _SURROGATE.search(text)
    if half:
        line = text.count("\n", 0, half.start()) + 1
        column = half.start() - text.rfind("\n", 0, half.start())
        raise RulesRefused(f"rules.lp:{line}:{column}: U+{ord(half.group()):04X} is half of "
                           "a character (a lone UTF-16 surrogate), not text: delete it")
    code = _SKIPPED.sub(lambda match: re.sub(r"[^\n]", " ", match.group()), text)
    found = _FORBIDDEN.search(code)
    if found:
        line = code.count("\n", 0, found.start()) + 1
        raise RulesRefused(f"rules.lp:{line}: #{found.group(1)} is not allowed in the studio "
                           "(it would run code or open files); solve such rules with "
                           "solve-asp PUZZLE FILE --encoding RULES")
