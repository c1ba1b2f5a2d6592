"""User text (file names, puzzle text) escaped for where it lands.

Facts never need this: they are clingo symbols, and clingo quotes strings itself. Every
other place that shows user text uses one of these:

- `terminal(text)`: every character a terminal would act on rather than show (control
  characters such as newline, carriage return and ESC, DEL, C1 controls, line and
  paragraph separators, bidirectional overrides and other invisible format characters)
  written as its Python escape (`\\n`, `\\x1b`, `\\u202e`); everything else as it is.
  A message stays one line and no escape sequence reaches the terminal.
- `name(text)`: a file name for a message: as it is when every character is printable,
  else quoted and escaped like a Python string (`'a\\nb'`), so it cannot be mistaken
  for a name that holds a backslash.
- `lp_comment(text)`: text for a `%` comment line of a `.lp` file: like `terminal`, so
  no character ends the comment and the rest can never become rules.
- `xml(text)`: text for an SVG or HTML element or attribute: `terminal`, then `& < > " '`
  as entities (XML 1.0 forbids most control characters even as references).
"""

from __future__ import annotations


def _escaped(char: str) -> str:
    return repr(char)[1:-1]


def terminal(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escaped(char) for char in text)


def name(text: str) -> str:
    return text if text.isprintable() else repr(text)


def lp_comment(text: str) -> str:
    return terminal(text)


def xml(text: str) -> str:
    import html  # only pictures and pages need it

    return html.escape(terminal(text), quote=True)
