"""The checks of option combinations: options that contradict each other are refused in
one line (exit 2), never ignored; an output never overwrites an input."""

from __future__ import annotations

import os

from .. import escape
from ..errors import UserError
from .options import GenerateOptions, SolveOptions, machine_output


def check_combinations(options: SolveOptions) -> None:
    """Options that contradict each other are refused, not silently ignored."""
    pairs = [("count", "models", "--count counts every solution; -n N shows N of them"),
             ("explain", "hint", "--explain and --hint are two different questions"),
             ("count", "explain", "--count and --explain are two different questions"),
             ("count", "hint", "--count and --hint are two different questions"),
             ("facts", "json", "--facts prints clingo facts, not JSON"),
             ("facts", "json_lines", "--facts prints clingo facts, not JSON"),
             ("json", "json_lines", "--json prints one object, --json-lines one per line"),
             ("explain", "models", "--explain shows a conflict, not solutions"),
             ("hint", "models", "--hint shows what every solution shares, not N solutions"),
             ("explain", "trace", "--trace records a search for solutions"),
             ("hint", "trace", "--trace records a search for solutions"),
             *(("trace", other, "--trace writes the search, not the answer (the answers "
                "are its model lines); run without --trace for the answer")
               for other in ("json", "json_lines", "svg", "stats", "count")),
             ("facts", "to", "each prints the puzzle and stops, in its own form")]
    # --facts and --to print the puzzle and stop: an option about solving has nothing to do.
    pairs += [(first, second, f"--{first} prints the puzzle and stops, nothing is solved")
              for first in ("facts", "to") for second in ("models", "count", "json",
                                                          "json_lines", "stats", "svg",
                                                          "trace", "explain", "hint")
              if (first, second) not in {(a, b) for a, b, _ in pairs}]
    for first, second, why in pairs:
        if getattr(options, first, None) not in (None, False) and getattr(
                options, second, None) not in (None, False):
            flag = "-n" if second == "models" else "--" + second.replace("_", "-")
            raise UserError(f"--{first.replace('_', '-')} and {flag} cannot be combined: {why}")
    if options.step and not options.hint:
        raise UserError("--step goes with --hint")
    check_rules_combinations(options)
    check_grade_combinations(options)
    if options.svg and (options.count or (machine_output(options) and options.svg == "-")):
        raise UserError("--svg draws answers: not with --count, and not to standard output "
                        "with --json")
    check_outputs(options)


def check_outputs(options: SolveOptions) -> None:
    """A file the run writes (--svg, --trace, --resume) is none of the files it reads (the
    puzzle files, --encoding) and not another output's: it would overwrite them."""
    written = [(f"--{name}", path) for name in ("svg", "trace", "resume")
               if (path := getattr(options, name, None)) not in (None, "-")]
    given = options.inputs
    read = [("the puzzle file", name) for name in given
            if name and name != "-" and os.path.isfile(name)]
    if getattr(options, "encoding", None):
        read.append(("the --encoding file", str(options.encoding)))
    for number, (flag, path) in enumerate(written):
        clash = next(((what, other) for what, other in read + written[number + 1:]
                      if same_file(path, other)), None)
        if clash is not None:
            what, other = clash
            what = what if what.startswith("the ") else f"the {what} file"
            verb = "append to" if flag == "--resume" else "overwrite"
            raise UserError(f"{flag} {escape.name(path)} would {verb} {what} "
                            f"{escape.name(other)}: write to another file")


def same_file(first: str, second: str) -> bool:
    """Whether two paths name one file (one that exists, or the same path)."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):  # one does not exist yet
        return os.path.realpath(first) == os.path.realpath(second)


def check_rules_combinations(options: SolveOptions) -> None:
    """--check, --hint --why and --steps each ask their own question."""
    if options.why and not options.hint:
        raise UserError("--why goes with --hint (--steps walks to the end)")
    if options.why and options.step:
        raise UserError("--hint --why and --hint --step cannot be combined: --why tells the "
                        "next value and why, --step every value propagation sets")
    for flag, question in (("--check", options.check is not None), ("--steps", options.steps)):
        if not question:
            continue
        for other, given in (("--explain", options.explain), ("--hint", options.hint),
                             ("--count", options.count), ("-n", options.models is not None),
                             ("--trace", options.trace), ("--grade", options.grade),
                             ("--facts", options.facts), ("--to", options.to),
                             ("--steps", flag == "--check" and options.steps)):
            if given:
                raise UserError(f"{flag} and {other} cannot be combined: {flag} asks its "
                                f"own question")
    if options.check == "-" and "-" in options.inputs:
        raise UserError("--check - and the puzzle from standard input cannot both read it: "
                        "give one of them as a file")


def check_grade_combinations(options: SolveOptions) -> None:
    """--grade asks its own question, of one deterministic search."""
    if not options.grade:
        return
    for flag, given in (("--explain", options.explain), ("--hint", options.hint),
                        ("--count", options.count), ("-n", options.models is not None),
                        ("--trace", options.trace)):
        if given:
            raise UserError(f"--grade and {flag} cannot be combined: --grade asks its own "
                            "question (one search for two solutions)")
    if options.threads > 1:
        raise UserError("--grade counts the conflicts of one solver: not with --threads")


def is_generated_collection(options: GenerateOptions) -> bool:
    """Whether `generate` makes a collection (several puzzles, graded, in workers, to
    files or JSON lines) rather than one puzzle printed as text."""
    if options.count > 1 or options.out or options.json_lines:
        if options.svg:
            raise UserError("--svg draws one generated puzzle: not with --count, --out or "
                            "--json-lines")
        if options.out and options.json_lines:
            raise UserError("--out writes files, --json-lines standard output: choose one")
        if not (options.out or options.json_lines):
            raise UserError(f"--count {options.count} makes several puzzles: name a directory "
                            "with --out DIR, or use --json-lines")
        return True
    return bool(options.grade or options.jobs)


# What a single puzzle's run does that a collection's does not, and why.
COLLECTION_REFUSES = {
    "json": "--json prints one object; --json-lines prints one per puzzle",
    "models": "a collection is audited for uniqueness, or counted with --count",
    "facts": "--facts prints one puzzle's facts",
    "svg": "--svg draws one puzzle's answer",
    "to": "--to converts one puzzle",
    "stats": "each puzzle's statistics are in its --json-lines line",
    "trace": "--trace records one search",
    "explain": "--explain reasons about one puzzle",
    "hint": "--hint reasons about one puzzle",
    "step": "--step reasons about one puzzle",
    "check": "--check checks an answer to one puzzle",
    "why": "--why reasons about one puzzle",
    "steps": "--steps walks through one puzzle",
}


def is_collection(options: SolveOptions) -> bool:
    """Several inputs, a directory, or a collection option: a run over a collection. One
    file, without those options, is one puzzle's run."""
    given = options.inputs
    return (len(given) > 1 or any(name != "-" and os.path.isdir(name) for name in given)
            or bool(options.lines) or options.resume is not None or options.jobs is not None
            or options.scheduler is not None)


def check_collection_combinations(options: SolveOptions) -> None:
    for name, why in COLLECTION_REFUSES.items():
        if getattr(options, name, None) not in (None, False):
            flag = "-n" if name == "models" else "--" + name.replace("_", "-")
            raise UserError(f"{flag} does not apply to several puzzles: {why}")
    if options.jobs is not None and options.scheduler is not None:
        raise UserError("--jobs and --scheduler cannot be combined: the cluster's workers "
                        "solve the puzzles")
    check_grade_combinations(options)
    if not options.inputs:
        raise UserError(f"usage: solve-asp {options.puzzle} INPUT... [options]")
    check_outputs(options)
