"""Rules that speak: a player's answer checked against the encoding's named rules, and
the reasons a value is forced, for every puzzle.

- `named.py`: the rules an answer can break, each with the name its `% rule:` comment
  gives (or its place in the file), read with clingo's parser;
- `programs.py`: the encoding transformed with `clingo.ast` so that each rule reports
  its broken instances (CHECK) or can be switched per instance (SWITCHED);
- `control.py`: such a program grounded and searched within the runner's deadline;
- `answers.py`: a player's answer read (JSON, or the puzzle's own text filled in);
- `check.py`: which rules an answer breaks, and where;
- `why.py`: the instances under which propagation alone fixes a value;
- `walk.py`: a walk to the solution by such steps, and the rules in a conflict;
- `places.py`, `report.py`: where atoms stand on the board; the words, JSON and boards.

It sits beside the session layer's other questions (`session/judging.py` asks them)
and knows no particular puzzle.
"""
