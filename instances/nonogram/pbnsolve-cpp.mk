# source: avi-levy/pbnsolve (Jan Wolter's pbnsolve, Apache-2.0), examples/c++.mk, verbatim below
# this comment: Olsak's .mk layout as pbnsolve's doc/input.md describes it (H W, the row
# clues, a line '#', the column clues; 0 an empty line). Unique (the solver's finding; the
# picture is checked against every clue by tests/checkers/nonogram.py)
25 25
0
0
0
0
0
0
4
6
3 3 2 2
2 1 2 2
2 6 6
2 6 6
2 1 2 2
3 3 2 2
6
4
0
0
0
0
0
0
0
0
0
#
6
8
3 3
2 2
2 2
3 3
3 3
1 1
0
0
2
2
6
6
2
2
0
0
2
2
6
6
2
2
0

