% Flower disks in Prolog, in the original article's style.
%
%   swipl -q flower.pl FILE [LIMIT]
%
% FILE has one disk per line, its positions as 0 (hole) and 1 (wood), separated by
% commas or spaces, optionally in [ ]. Disk 1 stays fixed; every other disk is some
% rotation of its input list (rotation R shifts the list left by R), and every position
% must be covered by wood on at least one disk. Backtracking tries the rotations disk by
% disk. Each solution is printed as one line, the rotations as a JSON list; at most
% LIMIT (default 2). This program does not look for the closest stack position when
% there is no solution (it prints nothing then).

:- initialization(main, main).

main(Argv) :-
    (   Argv = [File]     -> Limit = 2
    ;   Argv = [File, L]  -> atom_number(L, Limit)
    ),
    read_disks(File, Disks),
    forall(limit(Limit, flower(Disks, Rotations)), format("~w~n", [Rotations])).

% flower(+Disks, -Rotations): rotating the disks by Rotations covers every position.
flower([First|Disks], [0|Rotations]) :-
    maplist(rotation, Disks, Rotations, Rotated),
    covered([First|Rotated]).

% rotation(+Disk, ?R, ?Rotated): Rotated is Disk shifted left by R.
rotation(Disk, R, Rotated) :-
    append(Front, Back, Disk),
    Back \== [],
    length(Front, R),
    append(Back, Front, Rotated).

% Every position has wood on some disk: the disks, read column by column.
covered(Disks) :-
    transpose_lists(Disks, Positions),
    maplist(memberchk(1), Positions).

transpose_lists([[]|_], []) :- !.
transpose_lists(Rows, [Column|Columns]) :-
    maplist([[H|T], H, T]>>true, Rows, Column, Rests),
    transpose_lists(Rests, Columns).

% Reading: comment lines (#) and blank lines skipped.
read_disks(File, Disks) :-
    read_file_to_string(File, Text, []),
    split_string(Text, "\n", "\r \t", Lines),
    include(content_line, Lines, Content),
    maplist(disk, Content, Disks).

content_line(Line) :-
    Line \== "",
    \+ sub_string(Line, 0, 1, _, "#").

disk(Line, Disk) :-
    split_string(Line, ", []", ", []", Parts),
    exclude(==(""), Parts, Fields),
    (   Fields = [Run], string_length(Run, Length), Length > 1
    ->  string_chars(Run, Chars), maplist([C, N]>>atom_number(C, N), Chars, Disk)
    ;   maplist(number_string, Disk, Fields)
    ).
