"""How wide a text is drawn in a picture, measured on the safe side, and text wrapped to
a width by that measure.

A picture sets its width before any browser lays its text out, so every width is an
estimate that must not come out short: a text drawn wider than its estimate is clipped
at the picture's edge or runs into its neighbour. The estimate adds the advance widths
of DejaVu Sans (the first of the pictures' fonts, regular and bold) per printable ASCII
character, read from the font files with fontTools, plus a tenth for the fonts a viewer
may fall back to (Verdana is a little wider in a few letters, Arial narrower); any other
character counts a full em, as wide as the widest common glyphs (CJK, em dash).
"""

from __future__ import annotations

import unicodedata

# Advance widths in thousandths of an em, characters 32 (space) to 126 (~).
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684,
    686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695,
    635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550,
    635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392,
    634, 592, 818, 592, 592, 525, 636, 337, 636, 838)
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774,
    762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770,
    720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593,
    716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478,
    712, 652, 924, 645, 652, 582, 712, 365, 712, 838)
FALLBACK = 1.1   # room for the fonts a viewer may draw with instead
MONO = 0.61      # a monospace character (DejaVu Sans Mono: 0.602 em; Menlo the same)


def text_width(text: str, size: float, bold: bool = False, room: bool = True) -> float:
    """The width of `text` at font size `size` (px) in the pictures' sans-serif font,
    never less than a browser draws it; without `room`, DejaVu Sans's own width (for a
    shape drawn close around the text, not the room kept for it)."""
    table = _BOLD if bold else _REGULAR
    thousandths = sum(table[ord(ch) - 32] if " " <= ch <= "~" else 1000 for ch in text)
    return thousandths / 1000 * size * (FALLBACK if room else 1.0)


def mono_columns(text: str) -> int:
    """How many monospace cells `text` takes: wide characters (CJK) two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def mono_width(text: str, size: float) -> float:
    """The width of `text` at `size` px in the pictures' monospace font."""
    return mono_columns(text) * MONO * size


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """`text` in lines no wider than `width` (by `text_width`), broken at spaces; a word
    wider than a line is broken after a `/`, `,` or `-` in it where one fits, else
    between characters. Nothing is dropped: the lines joined give back every word."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        for piece in _pieces(word, width, size, bold):
            joined = f"{line} {piece}" if line else piece
            if line and text_width(joined, size, bold) > width:
                lines.append(line)
                line = piece
            else:
                line = joined
    if line or not lines:
        lines.append(line)
    return lines


def _pieces(word: str, width: float, size: float, bold: bool) -> list[str]:
    """A word cut into parts that each fit `width`, at a `/`, `,` or `-` if possible."""
    pieces: list[str] = []
    while text_width(word, size, bold) > width and len(word) > 1:
        fits = 1
        while fits < len(word) and text_width(word[:fits + 1], size, bold) <= width:
            fits += 1
        breaks = [i + 1 for i in range(fits) if word[i] in "/,-"]
        cut = breaks[-1] if breaks and breaks[-1] < len(word) else fits
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]
