% Jodici in Prolog, in the original article's generate-and-test style.
%
%   swipl -q jodici.pl FILE [LIMIT]
%
% The disc is 3 rings x 6 sectors; FILE has one CSV line per ring, `_` for an empty
% field. The program only states what a solution is: every sector sums to 15, every
% ring to 30, every digit 1..9 is used twice. There is no search order beyond the
% order of the goals: Prolog's depth-first backtracking generates a sector's digits
% and tests its sum before it moves to the next sector. Each solution is printed as
% one line, the rings as a JSON list of lists; at most LIMIT (default 2) are printed.

:- initialization(main, main).

main(Argv) :-
    (   Argv = [File]     -> Limit = 2
    ;   Argv = [File, L]  -> atom_number(L, Limit)
    ),
    read_disc(File, Rings),
    forall(limit(Limit, jodici(Rings)), (print_rings(Rings), nl)).

print_rings(Rings) :-
    format("~w", [Rings]).

% jodici(?Rings): Rings is a solved disc.
jodici(Rings) :-
    transpose3(Rings, Sectors),
    sectors(Sectors, []),
    maplist(sum_is(30), Rings).

% Generate one sector's empty fields, test its sum and that no digit is used a third time.
sectors([], _).
sectors([Sector|Sectors], Used0) :-
    maplist(digit, Sector),
    sum_is(15, Sector),
    append(Sector, Used0, Used),
    at_most_twice(Used),
    sectors(Sectors, Used).

digit(D) :- between(1, 9, D).

sum_is(Total, Digits) :- sum_list(Digits, Total).

at_most_twice(Digits) :-
    msort(Digits, Sorted),
    \+ append(_, [D, D, D|_], Sorted).

transpose3([[A1,A2,A3,A4,A5,A6], [B1,B2,B3,B4,B5,B6], [C1,C2,C3,C4,C5,C6]],
           [[A1,B1,C1], [A2,B2,C2], [A3,B3,C3], [A4,B4,C4], [A5,B5,C5], [A6,B6,C6]]).

% Reading: comment lines (#) and blank lines skipped; `_`, `__`, ... is an unknown.
read_disc(File, Rings) :-
    read_file_to_string(File, Text, []),
    split_string(Text, "\n", "\r \t", Lines),
    include(content_line, Lines, Content),
    maplist(ring, Content, Rings).

content_line(Line) :-
    Line \== "",
    \+ sub_string(Line, 0, 1, _, "#").

ring(Line, Ring) :-
    split_string(Line, ",", " \t", Fields),
    maplist(field, Fields, Ring).

field(Field, Value) :-
    (   number_string(N, Field) -> Value = N
    ;   true
    ).
