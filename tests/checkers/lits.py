"""LITS rules: each region holds one tetromino of shaded cells, an L, I, T or S (turned or
mirrored), named by its letter; two tetrominoes of the same shape never share a side; the
shaded cells form one area with no 2x2 block.

Reads the plain text grid (`R C`, the rooms' labels, `@` a place that is not a cell) or a
puzz.link address (pzprjs's decodeBorder) with grid_input.
"""

from .grid_input import address, blocks, border_rooms, connected, neighbours, rooms_of

Pos = tuple[int, int]
SHAPES = {"L": {(0, 0), (1, 0), (2, 0), (2, 1)}, "I": {(0, 0), (1, 0), (2, 0), (3, 0)},
          "T": {(0, 0), (0, 1), (0, 2), (1, 1)}, "S": {(0, 1), (0, 2), (1, 0), (1, 1)}}


def normal(cells: set[Pos]) -> frozenset[Pos]:
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def shape_of(cells: set[Pos]) -> str | None:
    """The letter of four cells' shape, under turns and mirrors; None for another shape."""
    for letter, base in SHAPES.items():
        for mirror in (1, -1):
            turned = {(r, c * mirror) for r, c in base}
            for _ in range(4):
                if normal(turned) == normal(cells):
                    return letter
                turned = {(c, -r) for r, c in turned}
    return None


def rooms(text: str) -> dict[Pos, object]:
    link = address(text)
    if link:
        _, rows, cols, body = link
        return dict(border_rooms(body, rows, cols)[0])
    _, grid = blocks(text, ["cells", "rooms"])
    return {pos: label for pos, label in rooms_of(grid["rooms"]).items() if label != "@"}


def check(text: str, solution: dict) -> None:
    room = rooms(text)
    grid = solution["grid"]
    cells = set(room)
    assert cells <= {(r, c) for r, row in enumerate(grid, 1) for c, _ in enumerate(row, 1)}
    letter = {pos: grid[pos[0] - 1][pos[1] - 1] for pos in cells}
    shaded = {pos for pos in cells if letter[pos] != "."}
    for label in set(room.values()):
        piece = {pos for pos in shaded if room[pos] == label}
        assert len(piece) == 4 and connected(piece), f"room {label}: not a tetromino"
        kind = shape_of(piece)
        assert kind is not None, f"room {label}: not an L, I, T or S"
        assert {letter[pos] for pos in piece} == {kind}, f"room {label} is an {kind}"
    for pos in shaded:
        for other in neighbours(pos, shaded):
            if room[pos] != room[other]:
                assert letter[pos] != letter[other], f"two {letter[pos]} touch at {pos}"
        r, c = pos
        assert not {(r + 1, c), (r, c + 1), (r + 1, c + 1)} <= shaded, f"2x2 shaded at {pos}"
    assert connected(shaded), "the shaded cells are not one area"
