"""Reading numbers from puzzle text: one rule for every puzzle and every format.

- A number is written with the ASCII digits `0`-`9` only. Other characters that Python
  calls digits (superscripts such as `²`, Arabic-Indic or fullwidth digits) are not
  digits here: `str.isdigit`, `\\d` in a regular expression and `int()` each accept a
  different set of them, so no parser uses any of the three to decide what a digit is.
- A number is read whole, never cut to its first characters. Leading zeros do not
  change it: `007` is 7 and `0000051` is 51 (then refused, if 51 is out of range).
- A number that stands as a field of its own (a cell, a clue, a run length, a header's
  value) may carry a sign (`+`, `-`, or the minus sign U+2212): `+5` is 5, and `-1`
  where only positive numbers make sense is refused, with its value. Inside a compound
  token (the `5x5` of a size, Tatham's descriptions where digits and letters run
  together) a number is its run of digits.
- A number outside the range its field allows is refused with its value (and with how
  it was written, when that differs, as in `0000051`).
- Numbers of more than MAX_DIGITS significant digits are refused before conversion.

Use `is_digits` to decide, `NATURAL`/`SIGNED` in regular expressions, and `natural` or
`integer` to read a field.
"""

from __future__ import annotations

import re

from .errors import InputError

ASCII_DIGITS = frozenset("0123456789")
NATURAL = "[0-9]+"  # for regular expressions: never `\d`, which matches other scripts' digits
SIGNED = "[+\\-\u2212]?[0-9]+"
MINUS_SIGNS = "-\u2212"
MAX_DIGITS = 12  # more than any puzzle number needs; checked before int()


def fields(text: str, source: str, line: int | None, what: str) -> list[str]:
    """The fields of a list written with commas or whitespace between them (`1, 2 3`).
    An empty field (`1,,2`, or a comma first) is refused: it is a missing value, not
    spacing. One comma after the last field is allowed, as in the tuple `(4,)`."""
    pieces = text.split(",")
    if len(pieces) > 1 and not pieces[-1].strip():
        pieces.pop()
    found: list[str] = []
    for position, piece in enumerate(pieces, start=1):
        words = piece.split()
        if not words and len(pieces) > 1:
            raise InputError(source, f"{what}: field {position} between commas is empty "
                             f"(write every value)", line)
        found += words
    return found


def is_digits(text: str) -> bool:
    """True for a non-empty run of the ASCII digits 0-9, and nothing else."""
    return bool(text) and all(char in ASCII_DIGITS for char in text)


def is_integer(text: str) -> bool:
    """True for ASCII digits with an optional sign (`+`, `-` or the minus sign U+2212) in front."""
    return is_digits(text[1:] if text[:1] in "+" + MINUS_SIGNS else text)


def check_length(text: str, source: str, line: int | None, what: str) -> None:
    """Refuse a number of more than MAX_DIGITS significant digits before converting it
    (Python will not even convert one of more than 4,300 digits)."""
    digits = text.lstrip("+" + MINUS_SIGNS).lstrip("0")
    if len(digits) > MAX_DIGITS:
        raise InputError(source, f"{what}: a number of {len(digits):,} digits is too large",
                         line)


def natural(text: str, source: str, line: int | None, what: str,
            low: int | None = None, high: int | None = None) -> int:
    """A whole number >= 0 written in ASCII digits, read whole, within low..high."""
    if not is_digits(text):
        raise InputError(source, f"{what}: expected a whole number (digits 0-9), "
                         f"found {text!r}", line)
    return _value(text, source, line, what, low, high)


def integer(text: str, source: str, line: int | None, what: str,
            low: int | None = None, high: int | None = None) -> int:
    """An integer with an optional sign, ASCII digits, read whole, within low..high."""
    if not is_integer(text):
        raise InputError(source, f"{what}: expected an integer (digits 0-9, optionally "
                         f"signed), found {text!r}", line)
    return _value(text, source, line, what, low, high)


def _value(text: str, source: str, line: int | None, what: str,
           low: int | None, high: int | None) -> int:
    check_length(text, source, line, what)
    negative = text[:1] in MINUS_SIGNS
    digits = text.lstrip("+" + MINUS_SIGNS).lstrip("0") or "0"
    value = -int(digits) if negative else int(digits)
    check_range(value, low, high, source, line, what, text)
    return value


def check_range(value: int, low: int | None, high: int | None, source: str,
                line: int | None, what: str, written: str | None = None) -> None:
    """Refuse `value` outside low..high (either may be open), naming it."""
    if (low is None or value >= low) and (high is None or value <= high):
        return
    bounds = (f"{low}..{high}" if low is not None and high is not None
              else f">= {low}" if low is not None else f"<= {high}")
    how = f" (written {written!r})" if written is not None and written != str(value) else ""
    raise InputError(source, f"{what}: {value}{how} is out of range {bounds}", line)


def decimal(text: str) -> float:
    """A number written in ASCII digits with an optional fraction (`2`, `0.5`, `.5`), as
    every numeric option takes it; -1.0 for anything else (float() would also take other
    scripts' digits, `1_000`, `1e3`, `inf`)."""
    return float(text) if re.fullmatch(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+", text) else -1.0
