% Equation crossword in Prolog, in the original article's style.
%
%   swipl -q equation.pl FILE [LIMIT]
%
% FILE draws the puzzle in 7 lines of whitespace-separated tokens (optionally after a
% line `range: LO..HI`, default -9..99):
%
%     26 - _ * _ = -278        row equations: a op b op c = result
%     +    +   *               operators between rows 1 and 2, per column
%     _ * _ + _ = 216
%     -    +   -
%     _ * _ + _ = 11
%     =    =   =
%     36   27  245             results of the column equations
%
% As in the original, the search order is the order of the goals: before the search
% the equations are put in order (fewest unknowns first, products first), and each
% equation's unknowns are generated with between/3 right before it is tested. Prolog's
% own arithmetic gives * and / their precedence; / must divide exactly. Each solution
% is printed as one line, the rows as a JSON list of lists; at most LIMIT (default 2).

:- initialization(main, main).

main(Argv) :-
    (   Argv = [File]     -> Limit = 2
    ;   Argv = [File, L]  -> atom_number(L, Limit)
    ),
    read_puzzle(File, Cells, Equations, Low-High),
    goal_order(Equations, [], Ordered),
    forall(limit(Limit, solve(Ordered, Low, High)),
           ( Cells = [A, B, C, D, E, F, G, H, I],
             format("~w~n", [[[A, B, C], [D, E, F], [G, H, I]]]) )).

% solve(+Equations, +Low, +High): generate each equation's unknowns, then test it.
solve([], _, _).
solve([Expression = Result|Equations], Low, High) :-
    term_variables(Expression, Unknowns),
    maplist(between(Low, High), Unknowns),
    value(Expression, Result),
    solve(Equations, Low, High).

value(X, X) :- integer(X), !.
value(A + B, V) :- value(A, VA), value(B, VB), V is VA + VB.
value(A - B, V) :- value(A, VA), value(B, VB), V is VA - VB.
value(A * B, V) :- value(A, VA), value(B, VB), V is VA * VB.
value(A / B, V) :- value(A, VA), value(B, VB), VB =\= 0, VA mod VB =:= 0, V is VA // VB.

% goal_order(+Equations, +Bound, -Ordered): fewest unknowns not yet bound first, then
% equations with a product.
goal_order([], _, []) :- !.
goal_order(Equations, Bound, [Best|Ordered]) :-
    map_list_to_pairs(cost(Bound), Equations, Keyed),
    keysort(Keyed, [_-Best|_]),
    exclude(==(Best), Equations, Rest),
    term_variables(Best, New),
    append(Bound, New, Bound1),
    goal_order(Rest, Bound1, Ordered).

cost(Bound, Expression = _, Unknowns-NoProduct) :-
    term_variables(Expression, Variables),
    exclude(bound_in(Bound), Variables, Free),
    length(Free, Unknowns),
    (   sub_term(S, Expression), compound(S), functor(S, *, 2) -> NoProduct = 0
    ;   NoProduct = 1
    ).

bound_in(Bound, Variable) :-
    member(Other, Bound),
    Other == Variable, !.

% The expression a op1 b op2 c with standard precedence, as a Prolog term.
expression(A, Op1, B, Op2, C, Term) :-
    (   memberchk(Op2, [*, /]), memberchk(Op1, [+, -])
    ->  Right =.. [Op2, B, C], Term =.. [Op1, A, Right]
    ;   Left =.. [Op1, A, B], Term =.. [Op2, Left, C]
    ).

% Reading: comment lines (#) and blank lines skipped.
read_puzzle(File, Cells, Equations, Range) :-
    read_file_to_string(File, Text, [encoding(utf8)]),
    split_string(Text, "\n", "\r \t", Lines0),
    include(content_line, Lines0, Lines1),
    range(Lines1, Lines, Range),
    maplist(line_tokens, Lines, [R1, D1, R2, D2, R3, _, Results]),
    maplist(row, [R1, R2, R3], Rows, RowEquations),
    append(Rows, Cells),
    Rows = [[A, B, C], [D, E, F], [G, H, I]],
    maplist(atom_operator, D1, [P1, P2, P3]),
    maplist(atom_operator, D2, [Q1, Q2, Q3]),
    maplist(atom_number, Results, [S1, S2, S3]),
    expression(A, P1, D, Q1, G, T1),
    expression(B, P2, E, Q2, H, T2),
    expression(C, P3, F, Q3, I, T3),
    append(RowEquations, [T1 = S1, T2 = S2, T3 = S3], Equations).

range([Line|Lines], Lines, Low-High) :-
    sub_atom(Line, 0, _, _, 'range:'), !,
    split_string(Line, ":.", " ", [_, LowS, "", HighS]),
    number_string(Low, LowS),
    number_string(High, HighS).
range(Lines, Lines, (-9)-99).

row([A0, Op1, B0, Op2, C0, '=', R], [A, B, C], Term = Result) :-
    maplist(field, [A0, B0, C0], [A, B, C]),
    atom_operator(Op1, O1),
    atom_operator(Op2, O2),
    atom_number(R, Result),
    expression(A, O1, B, O2, C, Term).

field(Atom, Value) :-
    (   atom_number(Atom, N) -> Value = N
    ;   true
    ).

% The other signs the command reads for times, divided by and minus.
atom_operator(x, *) :- !.
atom_operator('×', *) :- !.
atom_operator('·', *) :- !.
atom_operator('÷', /) :- !.
atom_operator(':', /) :- !.
atom_operator('−', -) :- !.
atom_operator(Op, Op).

line_tokens(Line, Tokens) :-
    split_string(Line, " \t", " \t", Parts),
    exclude(==(""), Parts, Strings),
    maplist([S, A]>>atom_string(A, S), Strings, Tokens).

content_line(Line) :-
    Line \== "",
    \+ sub_string(Line, 0, 1, _, "#").
