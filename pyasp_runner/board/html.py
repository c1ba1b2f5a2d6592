"""A result as a notebook shows it: a status line, its notes, and its picture, as HTML.

Jupyter shows an object's `_repr_html_`; the API's results return `figure(...)`. Every
text is escaped for HTML; the picture is an SVG document from `board.svg`, written inline
without its XML declaration (a declaration inside an HTML page is not allowed, and each
of several pictures would bring its own).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

_DECLARATION = "<?xml"


def figure(status: str, notes: Iterable[str] = (), picture: str | None = None) -> str:
    """The status line (bold up to its first colon), the notes under it, then the picture."""
    head, colon, rest = status.partition(":")
    line = (f"<b>{html.escape(head)}</b>{colon}{html.escape(rest)}" if colon
            else html.escape(status))
    parts = [f'<div style="font-family:sans-serif;margin:0 0 0.4em 0">{line}</div>']
    parts += [f'<div style="font-family:sans-serif;font-size:90%;color:#555">'
              f'{html.escape(note)}</div>' for note in notes]
    if picture:
        parts.append(f"<div>{inline(picture)}</div>")
    return f'<div class="solve-asp-result">{"".join(parts)}</div>'


def inline(document: str) -> str:
    """An SVG document as it stands inside HTML: without its XML declaration."""
    if document.startswith(_DECLARATION):
        document = document.split("\n", 1)[1] if "\n" in document else ""
    return document.strip()


def short_repr(name: str, fields: Mapping[str, object]) -> str:
    """`Name(field=value, ...)`: the few fields that say what an object is."""
    return f"{name}({', '.join(f'{key}={value!r}' for key, value in fields.items())})"
