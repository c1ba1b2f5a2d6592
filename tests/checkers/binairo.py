"""Binairo rules: a white or black circle in every cell, half of each row and column of
each colour, never three alike in a line, no two rows and no two columns the same (that
last rule is left out for the puzzles of janko.at, which do without it: `distinct`).

Reads the plain text grid (`R C`, rows of `1` for a white circle, `2` for a black one, `-`
for an empty cell) with grid_input.
"""

from .grid_input import blocks


def check(text: str, solution: dict, distinct: bool = True) -> None:
    _, grid = blocks(text, ["cells"])
    given = {"1": "o", "2": "x"}
    answer = solution["grid"]
    assert len(answer) == len(grid["cells"]), "the grid's size"
    for r, row in enumerate(grid["cells"]):
        assert len(answer[r]) == len(row), "the grid's size"
        for c, token in enumerate(row):
            assert answer[r][c] in ("o", "x"), f"no circle at {(r + 1, c + 1)}"
            if token in given:
                assert answer[r][c] == given[token], f"the circle at {(r + 1, c + 1)} changed"
    rows = ["".join(row) for row in answer]
    cols = ["".join(col) for col in zip(*answer, strict=True)]
    for line in rows + cols:
        assert line.count("o") * 2 == len(line), f"{line}: not half white"
        assert "ooo" not in line and "xxx" not in line, f"{line}: three alike"
    if distinct:
        assert len(set(rows)) == len(rows), "two rows are the same"
        assert len(set(cols)) == len(cols), "two columns are the same"
