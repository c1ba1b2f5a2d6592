"""Tatham game IDs (`params:description`), however a player pasted one: one line, wrapped
over lines, as the puzzle page's web address, after the game's name, or as a save file
of Tatham's program. Shared by the puzzles and the genres whose inputs are Tatham's."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import InputError
from .numerals import is_digits

Line = tuple[int, str]  # (1-based line number in the file, text without its newline)
_URL = r"[A-Za-z][\w+.-]*://"
# A puzz.link (or pzv.jp) address: a query that starts with the genre's name and `/`
# (after `name=value&` parameters), not a Tatham ID pasted after a web page's `#`.
_PUZZLINK = re.compile(r"(?:[a-z][\w+.-]*://)?[^\s?#/]*(?:/[^\s?#]*)?\?(?:\w+=\w+&)*"
                       r"[A-Za-z_]\w*/\S*", re.IGNORECASE)


def tatham_game_id(lines: Sequence[Line], source: str, example: str, name: str) -> Line:
    """One Tatham game ID (`params:description`) from the input's lines, however it was
    pasted: wrapped over several lines (an ID holds no spaces), as the puzzle page's web
    address (`...html#params:description`), after the name (`pattern:10x10:...`), or as a
    save file of Tatham's program (its PARAMS and DESC). A random-seed ID (`params#seed`)
    is refused by name: it leaves the puzzle to Tatham's generator."""
    number = lines[0][0]
    if lines[0][1].startswith("SAVEFILE:"):
        return number, _from_save_file(lines, source, example)
    for later, line in lines[1:]:
        if ":" in line:  # a description holds no colon: this is another ID
            raise InputError(source, "expected one game ID, found more lines", later)
    text = "".join(line for _, line in lines)
    if _PUZZLINK.fullmatch(text):
        raise InputError(source, "a puzz.link address: this puzzle does not read them; paste "
                         f"the Tatham game ID (e.g. {example})", number)
    if re.match(_URL, text):
        from urllib.parse import unquote  # only here: most inputs are no web address

        _, hash_mark, fragment = unquote(text).partition("#")
        if not hash_mark or ":" not in fragment:
            raise InputError(source, f"a web address without a game ID after its '#' "
                             f"(expected e.g. ...html#{example})", number)
        text = fragment
    for prefix in ("sgtpuzzles:", f"{name}:"):
        text = text[len(prefix):] if text.lower().startswith(prefix) else text
    params, hash_mark, _ = text.partition("#")
    if hash_mark and ":" not in params:
        raise InputError(source, f"{text!r} is a random-seed ID (parameters#seed), not a game "
                         f"ID like {example} (in Tatham's program, Game > Specific... shows "
                         f"the game ID)", number)
    return number, text


def _from_save_file(lines: Sequence[Line], source: str, example: str) -> str:
    """`params:description` from the `KEY:length:value` lines of a Tatham save file; the
    length must be the value's (a value cut short is refused, not read)."""
    fields: dict[str, str] = {}
    for number, line in lines:
        key, _, rest = line.partition(":")
        length, colon, value = rest.partition(":")
        stated = length.lstrip("0") or "0"
        if key.strip() in ("PARAMS", "DESC") and (
                not colon or not is_digits(length) or stated != str(len(value))):
            raise InputError(source, f"save file line {key.strip()}: its length {length!r} "
                             f"is not that of its value ({len(value)} characters)", number)
        fields.setdefault(key.strip(), value)
    if "PARAMS" not in fields or "DESC" not in fields:
        raise InputError(source, f"a save file without PARAMS and DESC lines (expected a game "
                         f"ID like {example})", lines[0][0])
    return f"{fields['PARAMS']}:{fields['DESC']}"
