"""solve-asp: puzzles as answer-set programs, solved by clingo, drawn with rich."""
