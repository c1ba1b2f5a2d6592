"""Text that clingo's lexer must never meet: a character outside ASCII (or a byte that is
not UTF-8) where the lexer reads names, variables and operators.

clingo's lexer reads bytes. Outside strings and comments it knows only ASCII tokens, so
each byte of a character such as `ö` is a lexer error of its own, and the message names
the bytes read so far: the first message of `größe` ends in the lone byte 0xC3, half a
character. The Python binding decodes every logged message as UTF-8 inside a callback
that may not raise: the decoding fails, it prints "PANIC: exception in nothrow scope"
and ends the process (exit 1, whatever the caller catches). The same message raised as
an error (`clingo.parse_term`, a `-c` value) is a UnicodeDecodeError.

So an encoding is read here first, as clingo's lexer reads it (the conditions of
clingo 5.8's `libgringo/src/input/nongroundlexer.xch`): strings (`"..."` with the escapes
`\\"`, `\\\\`, `\\n`, on one line) and comments (`%` and `#!` to the end of the line,
`%* ... *%` blocks, nested, with `%` line comments inside) may hold any UTF-8 text, a
`#script (...)` body up to `#end` anything; in a `#theory` block a quote starts no string.
The first character elsewhere that is not ASCII, or a byte that is not UTF-8 anywhere but
in a comment (a string's bytes become a symbol that must decode), is reported with its
line and column, as clingo reports an error. Files named by `#include "FILE"` are read
the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

from .errors import EncodingError

# clingo's STRING token: a quote, then characters other than a backslash, quote or newline,
# or the escapes \" \\ \n, then a quote. A quote that does not start one is a lexer error
# (in ASCII) and the text after it is read as tokens again.
_STRING = re.compile(r'"(?:[^\\"\n]|\\["\\n])*"')
_WORD = re.compile(r"[A-Za-z0-9_]")
_INCLUDE = re.compile(r'#include[\t\r\n ]*"((?:[^\\"\n]|\\["\\n])*)"')


def check_file(path: Path, seen: frozenset[Path] = frozenset()) -> None:
    """Refuse an encoding file (and the files it includes) that clingo's lexer would meet
    outside ASCII where it reads tokens: `EncodingError` naming the file, line and column."""
    if not _utf8_name(str(path)):
        raise EncodingError(str(path), "cannot be read", [
            f"{path!s}: error: the file name is not UTF-8 (clingo takes UTF-8 names only)"])
    try:
        data = path.read_bytes()
    except OSError:  # missing or unreadable: loading it reports clingo's own message
        return
    text = data.decode("utf-8", "surrogateescape")
    where = None if data.isascii() else first_outside(text)
    if where is not None:
        line, column, char = where
        remedy = " (save the file as UTF-8)" if _undecodable(char) else ""
        raise EncodingError(str(path), "cannot be parsed",
                            [f"{path}:{line}:{column}: error: {problem(char)}{remedy}"])
    for name in includes(text) if "#include" in text else []:
        # clingo looks for the file beside the including one, then from here
        for included in {(path.parent / name).resolve(), Path(name).resolve()}:
            if included not in seen and included.is_file():
                check_file(included, seen | {path.resolve()})


def problem(char: str) -> str:
    """What is wrong with `char` where clingo reads tokens."""
    if _undecodable(char):  # a byte that is not UTF-8, kept by surrogateescape
        return f"byte 0x{ord(char) - 0xDC00:02X} is not UTF-8 text"
    return (f"{char!r} (U+{ord(char):04X}) outside a string or comment: clingo reads names, "
            f"variables and operators in ASCII only (text goes in quotes: \"{char}\")")


def first_outside(text: str) -> tuple[int, int, str] | None:
    """The line and column (1-based, in characters) and the character of the first
    character clingo's lexer would read as a token byte that is not ASCII, or a byte that
    is not UTF-8 (a lone surrogate of surrogateescape) outside a comment; None if none."""
    start = _first_suspect(text)
    if start is None:
        return None
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, column, text[start]


def _first_suspect(text: str) -> int | None:
    """The position of the first character that must not reach the lexer.

    Where the parser decides how the lexer reads, the most careful reading is taken: a
    theory atom (`&name { ... }`, with its guard) is read in clingo's theory condition,
    where `#script` starts no script, and a `#theory` block in its definition condition,
    where a quote starts no string. So after a `&`, a `#theory` or an open brace, a
    `#script` leaves no character after it unchecked, and within a `#theory` block a
    quote is a character like any other.
    """
    pos, size = 0, len(text)
    depth = 0  # of braces
    theory = False  # inside a `#theory` block, which ends with its braces
    settled = True  # no `&`, `#theory` or open brace yet: the lexer reads in its normal way
    while pos < size:
        char = text[pos]
        if char == "%":
            pos = _comment_end(text, pos)
            continue
        if text.startswith("#!", pos):
            pos = _line_end(text, pos)
            continue
        if char == '"' and not theory:
            string = _STRING.match(text, pos)
            if string is not None:
                bad = next((i for i in range(pos, string.end()) if _undecodable(text[i])),
                           None)
                if bad is not None:
                    return bad
                pos = string.end()
                continue
        if char == "#" and _keyword(text, pos, "#script"):
            if not (settled and depth == 0):
                return next((i for i in range(pos, size) if not text[i].isascii()), None)
            pos = _script_end(text, pos + len("#script"))
            continue
        if char == "#" and _keyword(text, pos, "#theory"):
            theory, settled = True, False
        elif char == "&":
            settled = False
        elif char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
            theory = theory and depth > 0
        if not char.isascii():
            return pos
        pos += 1
    return None


def _undecodable(char: str) -> bool:
    return "\udc80" <= char <= "\udcff"


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _keyword(text: str, pos: int, word: str) -> bool:
    """Whether `word` (a `#` directive) stands at `pos` as a whole keyword."""
    end = pos + len(word)
    return text.startswith(word, pos) and not _WORD.match(text, end)


def _comment_end(text: str, pos: int) -> int:
    """Where the comment starting with the `%` at `pos` ends: a line comment at its
    newline; a `%*` block at its matching `*%` (blocks nest, and a `%` inside starts a
    line comment whose `*%` closes nothing), or at the end of the text."""
    if not text.startswith("%*", pos):
        return _line_end(text, pos)
    depth, pos = 1, pos + 2
    size = len(text)
    while pos < size:
        if text.startswith("*%", pos):
            depth -= 1
            pos += 2
            if depth == 0:
                return pos
        elif text.startswith("%*", pos):
            depth += 1
            pos += 2
        elif text[pos] == "%":
            pos = _line_end(text, pos)
        else:
            pos += 1
    return size


def _script_end(text: str, pos: int) -> int:
    """Where a `#script` ends: its header `(language)` is read as tokens, then its body
    is anything up to `#end`. A character that is not ASCII in the header is where the
    reading goes on (the caller reports it: the lexer reads the header as tokens)."""
    close = text.find(")", pos)
    header = text[pos:close if close >= 0 else len(text)]
    if not header.isascii():
        return pos + next(i for i, char in enumerate(header) if not char.isascii())
    if close < 0:
        return len(text)
    end = text.find("#end", close)
    return len(text) if end < 0 else end + len("#end")


def includes(text: str) -> list[str]:
    """The file names of the `#include "FILE".` directives outside comments and strings."""
    found = []
    for match in _INCLUDE.finditer(text):
        if _outside_comments_and_strings(text, match.start()):
            found.append(match[1].replace('\\"', '"').replace("\\\\", "\\"))
    return found


def _outside_comments_and_strings(text: str, target: int) -> bool:
    pos = 0
    while pos < target:
        if text[pos] == "%":
            pos = _comment_end(text, pos)
        elif text.startswith("#!", pos):
            pos = _line_end(text, pos)
        elif text[pos] == '"' and (string := _STRING.match(text, pos)) is not None:
            pos = string.end()
        else:
            pos += 1
    return pos == target


def _utf8_name(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # bytes of the name kept by surrogateescape
        return False
    return True
