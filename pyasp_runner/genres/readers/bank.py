"""pzprjs's piece bank (robx/pzprjs, MIT: `src/variety-common/Encode.js`'s
decodePieceBank and encodePieceBank, the pieces as `BankPiece.serialize` writes them), for
pieces that are each one straight line of cells: a fleet of ships, `{length: count}`.

After the grid's decoders the address goes on with `//K`, a preset by its letter, or
`/N/P1/P2/...`, N pieces: a piece is its width and height (a base-36 digit each), then its
cells' bits row by row, five to a base-32 digit, trailing `0` digits left out.
"""

from __future__ import annotations

from .decoders import B36, Bad, parse_number

# pzprjs's fleets of ships (its Bank's presets with a constant: c, d, e).
_PRESETS = {"c": {1: 3, 2: 2, 3: 1}, "d": {1: 4, 2: 3, 3: 2, 4: 1},
            "e": {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}}
MAX_PIECES = 1000


def _length(piece: str) -> int:
    """The number of cells of a straight piece (`W1bits` or `1Hbits`, every bit set)."""
    if len(piece) < 3:
        raise Bad(f"the piece {piece[:20]!r} is too short")
    width, height = parse_number(piece[0], 36), parse_number(piece[1], 36)
    bits = "".join(format(parse_number(char, 32), "05b") for char in piece[2:])
    cells = width * height
    if min(width, height) != 1 or bits[:cells] != "1" * cells or "1" in bits[cells:]:
        raise Bad(f"the piece {piece[:20]!r} is not a straight line of cells")
    return cells


def decode_bank(body: str) -> tuple[dict[int, int], str]:
    """The fleet after the grid: `//K` or `/N/P1/...`; returns it and what is left."""
    if body.startswith("//"):
        key = body[2:3]
        if key not in _PRESETS:
            raise Bad(f"no fleet preset {key!r} (presets: {', '.join(_PRESETS)})")
        return dict(_PRESETS[key]), body[3:]
    if not body.startswith("/"):
        raise Bad(f"expected the fleet ('/' and its pieces), found {body[:20]!r}")
    count_text, _, rest = body[1:].partition("/")
    if not count_text.isdigit() or len(count_text) > 4 or int(count_text) > MAX_PIECES:
        raise Bad(f"expected the number of pieces (at most {MAX_PIECES}), found "
                  f"{count_text[:20]!r}")
    fleet: dict[int, int] = {}
    pieces = rest.split("/")
    if len(pieces) < int(count_text):
        raise Bad(f"{count_text} pieces announced, {len(pieces)} given")
    for piece in pieces[:int(count_text)]:
        length = _length(piece)
        fleet[length] = fleet.get(length, 0) + 1
    return fleet, "/".join(pieces[int(count_text):])


def encode_bank(fleet: dict[int, int]) -> str:
    """The fleet as pzprjs writes it: a preset's letter when it is one, else its pieces,
    the shortest first."""
    counts = {length: count for length, count in fleet.items() if count}
    for key, preset in _PRESETS.items():
        if counts == preset:
            return f"//{key}"
    pieces = []
    for length in sorted(counts):
        if length > 35:
            raise Bad(f"a ship of {length} cells is longer than a piece can be written")
        bits = "1" * length + "0" * (-length % 5)
        digits = "".join(B36[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))
        pieces += [B36[length] + "1" + digits.rstrip("0")] * counts[length]
    return "/" + "/".join([str(len(pieces)), *pieces])
