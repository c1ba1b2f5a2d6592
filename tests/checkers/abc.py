"""Easy as ABC rules: letters once per row, column (and diagonal); edge letters seen first."""

from . import content_lines, pzpr_numbers

SIDES = ("top", "bottom", "left", "right")


def _janko(lines: list[str]) -> list[str]:
    """janko.at's begin/end block as key: value lines (solution and moves dropped)."""
    out, grid, size, index = [], [], 0, 1

    def row(text: str) -> str:
        return "".join("." if t == "-" else chr(64 + int(t)) if t.isdigit() else t.upper()
                       for t in text.split())

    while index < len(lines) and lines[index] != "end":
        key, _, value = lines[index].partition(" ")
        index += 1
        if key == "size":
            size = int(value)
            out.append(f"size: {value}")
        elif key == "depth":
            out.append(f"letters: {value}")
        elif key == "options" and "diagonal" in value:
            out.append("diagonals: yes")
        elif key in ("clabels", "rlabels"):
            names = ("top", "bottom") if key == "clabels" else ("left", "right")
            out += [f"{name}: {row(lines[index + i])}" for i, name in enumerate(names)]
            index += 2
        elif key == "problem":
            grid = ["grid:", *(row(line) for line in lines[index:index + size])]
            index += size
        elif key == "solution":
            index += size
    return out + grid


def _read(text: str) -> tuple[int, str, bool, dict[str, str], list[str]]:
    """(N, letters, diagonals, {side: clue string}, given rows) from the key: value lines."""
    fields: dict[str, str] = {}
    rows: list[str] = []
    lines = content_lines(text)
    if lines[0] == "begin":
        lines = _janko(lines)
    header = lines[0].split()
    if 2 <= len(header) <= 4 and header[0].isdigit() and header[1].isdigit():
        # the plain text grid `R C [K] [DIAGONALS]` (puzzlekit writes K as the last letter,
        # `-` no clue, `*` a cell given empty), K two fewer than the columns when left out
        def row(text: str) -> str:
            return "".join("." if t == "-" else "-" if t == "*" else t.upper()
                           for t in text.split())
        count = header[2] if len(header) > 2 else str(int(header[1]) - 2)
        last = count.upper() if count.isalpha() else chr(64 + int(count))
        lines = [f"size: {header[0]}", f"letters: A-{last}",
                 *(["diagonals: yes"] if header[3:] == ["1"] else []),
                 *(f"{side}: {row(text)}" for side, text in zip(SIDES, lines[1:5], strict=False)),
                 *(["grid:", *(row(text) for text in lines[5:])] if lines[5:] else [])]
    if "?easyasabc/" in lines[0]:
        size_text, _, count, body = lines[0].partition("?easyasabc/")[2].split("/", 3)
        size = int(size_text)
        values = ["." if v is None else chr(64 + v) for v in pzpr_numbers(body)]
        lines = [f"size: {size}", f"letters: {count}"]
        lines += [f"{side}: {''.join(values[i * size:(i + 1) * size])}"
                  for i, side in enumerate(SIDES)]
        cells = values[4 * size:]
        if cells:
            lines += ["grid:", *("".join(cells[r * size:(r + 1) * size]) for r in range(size))]
    for index, line in enumerate(lines):
        key, _, value = line.partition(":")
        key = key.strip().lower()
        fields[key] = "".join(value.split()).upper()  # spaces or tabs
        if key == "grid":
            rows = ["".join(row.split()).upper() for row in lines[index + 1:]]
            break
    clues = {side: fields[side] for side in SIDES if side in fields}
    size = int(fields["size"]) if "size" in fields else len(next(iter(clues.values())))
    letters = fields.get("letters", str(size - 2))  # left out: two fewer than the columns
    if letters.isdigit():
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:int(letters)]
    elif len(letters) == 3 and letters[1] in "-\u2013":
        letters = "".join(chr(c) for c in range(ord(letters[0]), ord(letters[2]) + 1))
    diagonals = fields.get("diagonals", "NO") in ("YES", "TRUE", "1")
    return size, letters, diagonals, clues, rows


def check(text: str, solution: dict) -> None:
    size, letters, diagonals, clues, rows = _read(text)
    grid = solution["grid"]
    assert len(grid) == size and all(len(row) == size for row in grid)
    assert all(ch == "." or ch in letters for row in grid for ch in row)
    columns = ["".join(row[c] for row in grid) for c in range(size)]
    lines = list(grid) + columns
    if diagonals:
        lines.append("".join(grid[i][i] for i in range(size)))
        lines.append("".join(grid[i][size - 1 - i] for i in range(size)))
    for line in lines:
        assert sorted(line.replace(".", "")) == sorted(letters), f"line {line!r}"
    views = {"top": columns, "bottom": [c[::-1] for c in columns],
             "left": list(grid), "right": [r[::-1] for r in grid]}
    for side, clue in clues.items():
        for line, (letter, view) in enumerate(zip(clue, views[side], strict=True), start=1):
            if letter not in ".-_":
                assert view.replace(".", "")[0] == letter, f"{side} {line}: not {letter}"
    for r, row in enumerate(rows):
        for c, given in enumerate(row):
            if given == "-":
                assert grid[r][c] == ".", f"({r + 1},{c + 1}) should be empty"
            elif given != ".":
                assert grid[r][c] == given, f"({r + 1},{c + 1}) should be {given}"
