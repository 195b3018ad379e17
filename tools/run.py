#!/usr/bin/env python3
"""One entry point for the course that needs only Python (no make, no shell).

Run it from any directory, on Linux, macOS or Windows::

    python tools/run.py book        # on Windows: py tools\\run.py book
    python tools/run.py test -- -k dcg -x
    python tools/run.py help        # every subcommand, one line each

Every subcommand that needs the course's virtual environment first runs
``setup``: it creates ``.venv`` with the Python running this script (``venv``
seeds pip into it), installs uv there with that pip, and has uv make the venv
hold exactly the pins of the lock the command needs, plus the ``ndcg`` package
(editable); then it skips all of that until the lock or ``pyproject.toml``
changes. Where uv cannot be installed, pip installs the same pins. ``check``,
``lab``, ``participant-pack`` and ``solutions`` need only the light set pinned in
``requirements-participant.txt`` (the same pins, a subset); ``book``, ``test``,
``pdf`` and the developer commands need the full ``requirements.txt``; a full
install counts as having the light set. Before anything, the Python running
this script is held to the ``# requires-python:`` line of the lock it needs
(the lowest Python every pin accepts, written by ``requirements``), and told
which Python to get when it is too old; a command that cannot do its job in this
copy of the course (``solutions`` without the solutions) says so then too.
Each command is printed before it runs; a failing command
stops everything with its own exit code. The Makefile's targets only call this
script. Standard library only.

This file is the bootstrap and the dispatch: the commands live in the package ``tools``
(``tools/install.py``: the venv and the locks; ``tools/commands_*.py``: the commands by concern),
which this script puts on ``sys.path`` first, so it runs from any folder.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

#: The repository: the parent of this script's folder, wherever it is run from. It goes first on
#: ``sys.path`` (in place of this script's folder, whose modules would otherwise shadow the standard
#: library's by name), so ``tools`` is imported as a package.
_ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == _ROOT / "tools":
    sys.path[0] = str(_ROOT)
elif str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from tools import base  # noqa: E402  (after the path above)
from tools.commands_book import book, clean, pdf, serve, translations  # noqa: E402
from tools.commands_course import (  # noqa: E402
    check,
    lab,
    pack_problem,
    participant_pack,
    solutions,
    solutions_problem,
)
from tools.commands_experiments import ltr_real, races, spark  # noqa: E402
from tools.commands_lint import lint  # noqa: E402
from tools.commands_sources import anki, exercises, manifest, notebooks, sentences, sync_check, toc  # noqa: E402
from tools.commands_tests import OLDER_KERNELS, benchmark, nbval, test, test_fast, test_scaffold  # noqa: E402
from tools.install import FULL, PARTICIPANT, SPARK, Lock, required_python, requirements, setup  # noqa: E402
from tools.pythons import python_problem  # noqa: E402


def show_help(args: argparse.Namespace | None = None) -> None:
    """Print every subcommand with its one-line description."""
    print(
        "Usage: python tools/run.py <command>   (on Windows: py tools\\run.py <command>; or: make <command>)\n"
    )
    width = max(len(name) for name in COMMANDS) + 2
    for name, command in COMMANDS.items():
        print(f"  {name:<{width}}{command.summary}")


class Command(NamedTuple):
    """A subcommand: what ``help`` says of it, what it does, the lock it needs (its Python is held
    to that lock's requires-python; None: any Python that runs this script), whether ``main``
    installs that lock first, and what stops it before that."""

    summary: str
    action: Callable[[argparse.Namespace], None]
    lock: Lock | None = FULL
    needs_venv: bool = True
    #: Why the command cannot do its job in this copy of the course (None: it can), asked before
    #: anything is installed.
    problem: Callable[[Path], str | None] | None = None


COMMANDS: dict[str, Command] = {
    "book": Command(
        "build the HTML book, English and 简体中文 (every notebook run once; any warning fails; "
        "--edition en|zh: one alone)",
        book,
    ),
    "translations": Command(
        "update the Chinese catalogues (locales/zh_CN) from the English pages, then list what is "
        "left to translate (--check: list only)",
        translations,
    ),
    "pdf": Command(
        "print the built book and the cheat sheet to PDF in _build/html/_downloads/ (Chromium)", pdf
    ),
    "test": Command(
        "unit, property and docstring tests, and nbval over every notebook (-- ARGS: to pytest)", test
    ),
    "test-scaffold": Command(
        "a chapter added to a copy of the course, its files generated, both editions built (after make book)",
        test_scaffold,
    ),
    "test-fast": Command(
        "the library, LTR and course tests only: no book, browser or notebooks (-- ARGS: to pytest)",
        test_fast,
    ),
    "lint": Command(
        "ruff, and Biome for the JS and CSS, check only (--check-only: the rules; --format-only: ruff format)",
        lint,
    ),
    "nbval": Command(
        "only the notebook tests (--older-kernels: NumPy without its AVX2/AVX-512 kernels)", nbval
    ),
    "check": Command(
        "set up the light participant install and check it (--wheelhouse DIR: offline)", check, PARTICIPANT
    ),
    "serve": Command(
        "serve the built book on http://localhost:8000 (--port N: another port)", serve, None, False
    ),
    "lab": Command(
        "open the chapters and exercises in JupyterLab (--wheelhouse DIR: offline)", lab, PARTICIPANT
    ),
    "notebooks": Command(
        "generate the executed chapter and play notebooks from chapters/*.md (then commit both)", notebooks
    ),
    "exercises": Command(
        "generate the executed solution and student notebooks from solutions/*.md", exercises
    ),
    "toc": Command("write _toc.yml from the chapters and parts of ndcg/course/course.toml", toc),
    "sync-check": Command(
        "fail if a generated notebook no longer matches its text source (no execution)", sync_check
    ),
    "sentences": Command("rewrite the text sources' prose one sentence per line", sentences),
    "anki": Command(
        "write every flashcard to an Anki deck per language, _build/ndcg-course.apkg and -zh.apkg", anki
    ),
    "benchmark": Command("time ndcg.ndcg_score against scikit-learn", benchmark),
    "races": Command(
        "run chapter 6's races with 20 seeds each into experiments/results/ (about 5 minutes)", races
    ),
    "ltr-real": Command(
        "chapter 6's learners on MSLR/Yahoo!/Istella you downloaded (make ltr-real DATA=DIR DATASET=NAME)",
        ltr_real,
    ),
    "spark": Command(
        "install the spark set (pyspark, pandas, pyarrow) and save Spark's NDCG facts to "
        "experiments/results/spark.json (Java 17+; --install-only: only install)",
        spark,
        SPARK,
    ),
    "participant-pack": Command(
        "the participant pack, folder and zip, no solutions (--wheelhouse: for an offline room)",
        participant_pack,
        PARTICIPANT,
        problem=pack_problem,
    ),
    "solutions": Command(
        "zip the solutions for a self-study learner: _build/downloads/",
        solutions,
        PARTICIPANT,
        problem=solutions_problem,
    ),
    "manifest": Command("rewrite tools/course-files.txt (the course's files) from git ls-files", manifest),
    "requirements": Command(
        "re-pin requirements.txt and requirements-participant.txt from their .in (uv, every system)",
        requirements,
        None,
        False,
    ),
    "setup": Command(
        "create .venv and install every pinned requirement (when they changed)", setup, FULL, False
    ),
    "clean": Command("remove the built book and caches (keeps .venv)", clean, None, False),
    "help": Command("list these commands", show_help, None, False),
}


def parser() -> argparse.ArgumentParser:
    """The command line: one subparser per entry of COMMANDS."""
    main_parser = argparse.ArgumentParser(prog="tools/run.py", description=__doc__.split("\n\n")[0])
    subparsers = main_parser.add_subparsers(dest="command", metavar="command")
    for name, command in COMMANDS.items():
        subparser = subparsers.add_parser(name, help=command.summary, description=command.summary)
        if name == "book":
            subparser.add_argument(
                "--edition",
                choices=["both", *(code for code, _ in base.languages())],
                default="both",
                help="the editions to build (default: every one, English first)",
            )
        if name == "translations":
            subparser.add_argument(
                "--check", action="store_true", help="only list the problems, without extracting"
            )
        if name == "serve":
            subparser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
        if name in ("setup", "check", "lab"):
            subparser.add_argument(
                "--wheelhouse",
                metavar="DIR",
                help="install from this folder of wheels only, with no index (offline, or behind a proxy)",
            )
        if name == "lint":
            choice = subparser.add_mutually_exclusive_group()
            choice.add_argument(
                "--check-only", action="store_true", help="only the lint rules (ruff check, Biome)"
            )
            choice.add_argument(
                "--format-only", action="store_true", help="only the formatting (ruff format --check)"
            )
        if name == "participant-pack":
            subparser.add_argument(
                "--language",
                choices=[code for code, _ in base.languages()],
                default="en",
                help="the notebooks' language: zh makes the Chinese pack (exercises/zh/)",
            )
            subparser.add_argument(
                "--wheelhouse",
                dest="make_wheelhouse",
                action="store_true",
                help="add wheelhouse/<system>/: every wheel to install offline, for each --target and --python",
            )
            subparser.add_argument(
                "--target",
                action="append",
                default=[],
                metavar="SYSTEM",
                help="make the wheelhouse for this system (repeatable): windows-x86_64, macos-arm64, "
                "macos-x86_64, linux-x86_64, linux-aarch64 (default: this machine's)",
            )
            subparser.add_argument(
                "--python",
                action="append",
                default=[],
                metavar="X.Y",
                help="and for this Python (repeatable; wheels are per version; default: the one running)",
            )
        if name == "ltr-real":
            subparser.add_argument("--data", required=True, metavar="DIR", help="the collection's folder")
            subparser.add_argument(
                "--dataset",
                required=True,
                metavar="NAME",
                help="mslr-web10k, mslr-web30k, yahoo-set1, yahoo-set2 or istella",
            )
            subparser.add_argument("--folds", nargs="+", metavar="FOLD", help="folds to run (default: all)")
            subparser.add_argument("--learners", nargs="+", metavar="NAME", help="learners (default: all)")
            for option, meaning in (
                ("seed", "the models' seed"),
                ("k", "the cut-off the NDCG-aware losses optimise"),
                ("epochs", "numpy learners: passes over the training queries"),
                ("lr", "numpy learners: Adam's step size"),
                ("rounds", "tree learners: number of trees"),
            ):
                subparser.add_argument(f"--{option}", metavar="N", help=meaning)
            subparser.add_argument(
                "--out", metavar="FILE", help="the JSON file (default: experiments/results/...)"
            )
            subparser.add_argument("--published", metavar="FILE", help="default: experiments/published.yaml")
        if name == "spark":
            subparser.add_argument(
                "--install-only", action="store_true", help="install the spark set, run nothing"
            )
        if name == "nbval":
            subparser.add_argument(
                "--older-kernels",
                action="store_true",
                help=f"set NPY_DISABLE_CPU_FEATURES={OLDER_KERNELS!r} and show NumPy's runtime",
            )
    return main_parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; ``--`` and what follows go to pytest (test and nbval only)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    main_parser = parser()
    args = main_parser.parse_args(argv)
    if args.command is None:
        show_help()
        return 0
    if extra and args.command not in ("test", "test-fast", "test-scaffold", "nbval"):
        main_parser.error(
            f"only test, test-fast, test-scaffold and nbval take arguments after --, not {args.command}"
        )
    command = COMMANDS[args.command]
    if command.lock is not None:
        problem = python_problem(required_python(base.ROOT, command.lock), args.command)
        if problem:
            print(problem, file=sys.stderr)
            return 1
    if command.problem is not None:
        problem = command.problem(base.ROOT)
        if problem:
            print(problem, file=sys.stderr)
            return 1
    args.pytest_args = extra
    try:
        if command.needs_venv:
            setup(args, command.lock)
        command.action(args)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
