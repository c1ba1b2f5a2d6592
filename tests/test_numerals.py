"""The one rule for numbers (`numerals`) and the escaping of user text (`escape`)."""

from __future__ import annotations

import pytest
from conftest import assert_refused

from pyasp_runner import escape
from pyasp_runner.errors import InputError
from pyasp_runner.numerals import integer, is_digits, is_integer, natural

# Characters Python calls digits (str.isdigit, `\d` or int()) that are not ASCII 0-9.
UNICODE_DIGITS = ["²", "¹", "\u0663", "\uff13", "\u09e9", "\u2463"]


@pytest.mark.parametrize("char", UNICODE_DIGITS)
def test_only_ascii_digits_are_digits(char):
    assert not is_digits(char) and not is_digits(f"1{char}") and not is_integer(f"-{char}")
    with pytest.raises(InputError, match="expected a whole number"):
        natural(f"1{char}", "f.txt", 1, "size")


def test_numbers_are_read_whole_and_leading_zeros_do_not_count():
    assert natural("0000012", "f", 1, "n") == 12
    assert natural("0", "f", 1, "n") == natural("000", "f", 1, "n") == 0
    assert integer("-007", "f", 1, "n") == -7 == integer("\u22127", "f", 1, "n")
    assert integer("+5", "f", 1, "n") == 5
    assert natural("0" * 5000 + "3", "f", 1, "n") == 3  # zeros are not digits that count


@pytest.mark.parametrize(("text", "words"), [
    ("0000051", "size: 51 (written '0000051') is out of range 1..40"),
    ("41", "size: 41 is out of range 1..40"),
    ("-1", "size: -1 is out of range 1..40"),
    ("9" * 13, "a number of 13 digits is too large"),
    ("", "expected an integer"), ("+", "expected an integer"), ("1 2", "expected an integer"),
    ("--1", "expected an integer"), ("0x10", "expected an integer"), ("1e3", "expected"),
])
def test_out_of_range_and_malformed_numbers_are_refused_with_their_value(text, words):
    assert_refused(lambda t, s: integer(t, s, 3, "size", 1, 40), text, 3, words)


@pytest.mark.parametrize(("name", "shown"), [
    ("plain.txt", "plain.txt"), ("a b/ü.txt", "a b/ü.txt"), ("a\\nb", "a\\nb"),
    ("a\nb", "'a\\nb'"), ("\x1b[2J\x1b]0;title\x07", "'\\x1b[2J\\x1b]0;title\\x07'"),
    ("r\rx", "'r\\rx'"), ("rtl\u202ex", "'rtl\\u202ex'"), ("line\u2028sep", "'line\\u2028sep'"),
])
def test_names_are_shown_escaped_and_only_when_needed(name, shown):
    assert escape.name(name) == shown
    assert escape.terminal(escape.name(name)).isprintable()


def test_text_for_comments_and_xml_has_no_line_end_and_no_markup():
    hostile = "a\n#script (python)\r\x0b\x0c\x85\u2028<b>&\"'\x1b"
    comment = escape.lp_comment(hostile)
    assert comment.isprintable() and len(comment.splitlines()) == 1
    xml = escape.xml(hostile)
    assert xml.isprintable() and not set("<>\"'") & set(xml)
    assert "&lt;b&gt;&amp;&quot;&#x27;" in xml
