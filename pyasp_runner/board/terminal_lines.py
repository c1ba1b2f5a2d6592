"""Lines of values on the terminal: each row after its label, continued on the next line
when long; the characters of a text folded at the width, a mark line under each part.
"""

from __future__ import annotations

from rich.text import Text

from . import Cell, Lines, Mark
from .terminal_text import STYLE, Glyphs, joined, shown, widest, wrapped


def draw_lines(lines: Lines, width: int, glyphs: Glyphs) -> list[Text]:
    """Each row after its label, within `width`."""
    side = widest([Text(row.label) for row in lines.rows if row.label])
    out: list[Text] = []
    for row in lines.rows:
        label = Text(row.label.ljust(side) + " " if row.label else "  ")
        single = row.boxed and all(len(cell.value or "") <= 1 for cell in row.cells)
        separator = "" if single else row.separator

        def text(cell: Cell) -> Text:
            if cell.value is None or cell.mark == Mark.UNKNOWN:
                return Text(glyphs.unknown, style="dim")
            if cell.mark == Mark.CONFLICT:
                return Text(f">{shown(cell.value)}<", style=STYLE[cell.mark])
            return Text(shown(cell.value), style=STYLE[cell.mark])

        parts = [text(cell) for cell in row.cells]
        if single:  # characters of a text: folded at the width, a mark line under each
            room = max(1, width - label.cell_len)
            for start in range(0, max(len(parts), 1), room):
                chunk = parts[start:start + room]
                line = label.copy() if start == 0 else Text(" " * label.cell_len)
                line.append_text(joined(chunk))
                out.append(line)
                marks = "".join(("^" if cell.mark == Mark.AMBIGUOUS else " ").ljust(part.cell_len)
                                for cell, part in zip(row.cells[start:start + room], chunk,
                                                      strict=True))
                if marks.strip():
                    out.append(Text(" " * label.cell_len + marks.rstrip(), style="bold yellow"))
        else:
            out += wrapped(label, parts, width, separator)
    return out
