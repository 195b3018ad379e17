#!/usr/bin/env python3
"""One entry point for the course that needs only Python (no make, no shell).

Run it from any directory, on Linux, macOS or Windows::

    python tools/run.py book        # on Windows: py tools\\run.py book
    python tools/run.py test -- -k dcg -x
    python tools/run.py help        # every subcommand, one line each

Every subcommand that needs the course's virtual environment first runs
``setup``: it creates ``.venv`` with the Python running this script and
installs the pinned ``requirements.txt`` and the ``ndcg`` package (editable),
then skips all of that until ``requirements.txt`` or ``pyproject.toml``
changes. Each command is printed before it runs; a failing command stops
everything with its own exit code. The Makefile's targets only call this
script. Standard library only.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

#: The repository: the parent of this script's folder, wherever it is run from.
ROOT = Path(__file__).resolve().parent.parent
VENV = ".venv"
STAMP = Path(VENV, ".installed")
BOOK = Path("_build", "html")
MIN_PYTHON = (3, 11)
#: NumPy's SIMD kernels that ``nbval --older-kernels`` turns off (AVX2 and AVX-512 generations).
OLDER_KERNELS = "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"
#: What ``nbval`` runs: every stored notebook (generated from the text sources) that pytest --nbval checks.
NOTEBOOKS = ("notebooks", "exercises")
#: The text sources written one sentence per line (``sentences`` reflows them).
TEXT_SOURCES = ("chapters/*.md", "flashcards.md", "exercises/solutions/*.md")


def is_windows(os_name: str) -> bool:
    """Whether ``os_name`` (a value of ``os.name``) means Windows."""
    return os_name == "nt"


#: Whether this machine is Windows (its venvs keep programs in Scripts\\*.exe).
WINDOWS = is_windows(os.name)


def venv_tool(root: Path, name: str, windows: bool) -> Path:
    """A program installed in the course's venv: ``.venv/bin/<name>`` or ``.venv\\Scripts\\<name>.exe``."""
    if windows:
        return root / VENV / "Scripts" / f"{name}.exe"
    return root / VENV / "bin" / name


def venv_python(root: Path, windows: bool) -> Path:
    """The venv's Python: ``.venv/bin/python`` or ``.venv\\Scripts\\python.exe``."""
    return venv_tool(root, "python", windows)


def python_problem() -> str | None:
    """Why the running Python cannot make the course's venv, or None when it can."""
    if tuple(sys.version_info[:2]) >= MIN_PYTHON:
        return None
    found = ".".join(str(part) for part in sys.version_info[:3])
    wanted = ".".join(str(part) for part in MIN_PYTHON)
    return (
        f"Python {wanted} or newer is needed (found: Python {found}, {sys.executable}).\n"
        f"Get it from https://www.python.org/downloads/ (or your package manager), then run\n"
        f"  python{wanted} tools/run.py setup      (on Windows: py -{wanted} tools\\run.py setup)"
    )


def stamp_is_fresh(root: Path, windows: bool) -> bool:
    """Whether setup already ran: the venv's Python exists and ``.venv/.installed``
    is no older than ``requirements.txt`` and ``pyproject.toml`` (make's rule)."""
    stamp = root / STAMP
    if not stamp.exists() or not venv_python(root, windows).exists():
        return False
    installed = stamp.stat().st_mtime
    return all(installed >= (root / name).stat().st_mtime for name in ("requirements.txt", "pyproject.toml"))


def cell_timeout(root: Path) -> int:
    """How long one notebook cell may run: ``execute: timeout:`` in _config.yml.

    The reader lives in ``tools/notebooks.py`` (standard library on import), so the book,
    ``notebooks`` and ``exercises`` share one value.
    """
    spec = importlib.util.spec_from_file_location("course_notebooks", root / "tools" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.config_timeout((root / "_config.yml").read_text(encoding="utf-8"))


def older_kernels_env(environ: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``environ`` in which NumPy skips its AVX2 and AVX-512 kernels."""
    return {**environ, "NPY_DISABLE_CPU_FEATURES": OLDER_KERNELS}


def shown(command: Sequence[str]) -> str:
    """A command as it is printed: paths inside the repository made relative."""
    prefix = str(ROOT) + os.sep
    parts = [part.removeprefix(prefix) for part in command]
    return subprocess.list2cmdline(parts) if WINDOWS else shlex.join(parts)


def run(command: Sequence[str], *, cwd: Path | None = None, env: Mapping[str, str] | None = None) -> None:
    """Print a command, run it (in the repository by default), and exit with its code if it fails."""
    print(shown(command), flush=True)
    try:
        result = subprocess.run(list(command), cwd=cwd or ROOT, env=env)
    except FileNotFoundError:
        sys.exit(f"{shown(command[:1])} not found: delete {VENV} and run `python tools/run.py setup` again.")
    if result.returncode != 0:
        sys.exit(result.returncode)


def python() -> str:
    """The venv's Python, as a command word."""
    return str(venv_python(ROOT, WINDOWS))


def tool(name: str) -> str:
    """A program of the venv, as a command word."""
    return str(venv_tool(ROOT, name, WINDOWS))


def setup(args: argparse.Namespace | None = None) -> None:
    """Create .venv with this Python and install everything pinned into it, unless that is done.

    ``main`` has already checked that this Python is new enough.
    """
    if stamp_is_fresh(ROOT, WINDOWS):
        return
    if not venv_python(ROOT, WINDOWS).exists():
        run([sys.executable, "-m", "venv", VENV])
    for pip_args in (["--upgrade", "pip"], ["-r", "requirements.txt"], ["--no-deps", "-e", "."]):
        run([python(), "-m", "pip", "install", "--quiet", *pip_args])
    (ROOT / STAMP).touch()


def check(args: argparse.Namespace) -> None:
    """Import the package and run the first exercise notebook in a real kernel."""
    run(
        [
            python(),
            "-c",
            'import ndcg, ndcg.course.widgets, ndcg.course.cards; print("ndcg", ndcg.__version__, "imports fine")',
        ]
    )
    run([python(), "-m", "pytest", "--nbval", "exercises/00_why.ipynb", "-q", "-p", "no:cacheprovider"])
    print("All set: your setup is ready for the workshop.")


def book(args: argparse.Namespace) -> None:
    """Build the HTML book strictly, then say where it is."""
    run([tool("jupyter-book"), "build", "--warningiserror", "--nitpick", "--keep-going", "."])
    print(f"\nThe book is in {BOOK.as_posix()}/index.html  (open it, or run: python tools/run.py serve)")


def test(args: argparse.Namespace) -> None:
    """Every test, nbval included; arguments after ``--`` go to pytest."""
    run([python(), "-m", "pytest", "--nbval", *args.pytest_args])


def lint(args: argparse.Namespace) -> None:
    """Ruff, pinned in requirements.txt: the lint rules, then the formatting, both check-only.

    What it checks (the package, the tests, the tools, the benchmarks, exercises/*.py) is
    ``[tool.ruff] include`` in pyproject.toml.
    """
    if not args.format_only:
        run([tool("ruff"), "check", "."])
    if not args.check_only:
        run([tool("ruff"), "format", "--check", "."])


def test_fast(args: argparse.Namespace) -> None:
    """The library and content tests: no notebook, no built book, no browser (well under a minute)."""
    run([python(), "-m", "pytest", "-q", "-m", "not book", "tests", "ndcg", *args.pytest_args])


def nbval(args: argparse.Namespace) -> None:
    """Only the notebook tests; with --older-kernels, first show NumPy's kernels in that env."""
    env = older_kernels_env(os.environ) if args.older_kernels else None
    if env is not None:
        run([python(), "-c", "import numpy; numpy.show_runtime()"], env=env)
    run(
        [
            python(),
            "-m",
            "pytest",
            "--nbval",
            "-p",
            "no:cacheprovider",
            "--ignore=exercises/make_student.py",
            *NOTEBOOKS,
            *args.pytest_args,
        ],
        env=env,
    )


def serve(args: argparse.Namespace) -> None:
    """Serve the built book on 127.0.0.1 (this Python's http.server: no venv needed)."""
    if not (ROOT / BOOK / "index.html").exists():
        sys.exit("No book yet: run `python tools/run.py book` first.")
    print(f"Serving the book on http://localhost:{args.port}  (Ctrl-C to stop)")
    run(
        [sys.executable, "-m", "http.server", str(args.port), "--bind", "127.0.0.1", "--directory", str(BOOK)]
    )


def lab(args: argparse.Namespace) -> None:
    """JupyterLab, opened on the repository."""
    run([tool("jupyter"), "lab", "--notebook-dir=."])


def notebooks(args: argparse.Namespace) -> None:
    """Generate notebooks/chapters/*.ipynb, notebooks/flashcards.ipynb and the play notebooks
    exercises/play/*.ipynb from the text sources (jupytext), executed with the book's cell timeout
    (nbclient, kernel python3)."""
    run([python(), "tools/notebooks.py", "--timeout", str(cell_timeout(ROOT))])


def exercises(args: argparse.Namespace) -> None:
    """Generate and execute the solution notebooks (notebooks/solutions/) and the student notebooks
    (exercises/) from exercises/solutions/*.md."""
    run(
        [
            python(),
            "exercises/make_student.py",
            "--solutions",
            "--execute",
            "--timeout",
            str(cell_timeout(ROOT)),
        ]
    )


def sync_check(args: argparse.Namespace) -> None:
    """Fail when a generated notebook's cells (sources, ids, metadata) no longer match its text source."""
    run([python(), "tools/notebooks.py", "--check"])


def sentences(args: argparse.Namespace) -> None:
    """Rewrite the prose of every text source one sentence per line (review the diff after)."""
    paths = sorted(
        path.relative_to(ROOT).as_posix() for pattern in TEXT_SOURCES for path in ROOT.glob(pattern)
    )
    run([python(), "tools/sentences.py", *paths])


def anki(args: argparse.Namespace) -> None:
    """Write the Anki deck into _build/."""
    (ROOT / "_build").mkdir(exist_ok=True)
    run([python(), "-m", "ndcg.course.anki", "_build/ndcg-course.apkg"])


def benchmark(args: argparse.Namespace) -> None:
    """Time ndcg.ndcg_score against scikit-learn."""
    run([python(), "benchmarks/bench_ndcg_score.py"])


def requirements(args: argparse.Namespace) -> None:
    """Re-pin requirements.txt from requirements.in with pip-tools."""
    run([python(), "-m", "pip", "install", "--quiet", "pip-tools"])
    run(
        [
            tool("pip-compile"),
            "--quiet",
            "--strip-extras",
            "--allow-unsafe",
            "--no-emit-index-url",
            "--no-emit-find-links",
            "--no-emit-trusted-host",
            "requirements.in",
            "-o",
            "requirements.txt",
        ]
    )


def pycache_dirs(root: Path) -> list[Path]:
    """Every ``__pycache__`` folder of the repository, except those inside .venv."""
    found = []
    for folder, subfolders, _ in os.walk(root):
        if Path(folder) == root and VENV in subfolders:
            subfolders.remove(VENV)
        if "__pycache__" in subfolders:
            subfolders.remove("__pycache__")
            found.append(Path(folder, "__pycache__"))
    return found


def clean(args: argparse.Namespace) -> None:
    """Remove the built book and the caches; keep .venv."""
    for path in [ROOT / "_build", ROOT / ".pytest_cache", ROOT / ".hypothesis", *pycache_dirs(ROOT)]:
        if path.exists():
            print(f"removing {path.relative_to(ROOT).as_posix()}")
            shutil.rmtree(path)


def show_help(args: argparse.Namespace | None = None) -> None:
    """Print every subcommand with its one-line description."""
    print(
        "Usage: python tools/run.py <command>   (on Windows: py tools\\run.py <command>; or: make <command>)\n"
    )
    for name, command in COMMANDS.items():
        print(f"  {name:<14}{command.summary}")


class Command(NamedTuple):
    """A subcommand: what ``help`` says of it, what it does, and whether it needs the venv first."""

    summary: str
    action: Callable[[argparse.Namespace], None]
    needs_venv: bool = True


COMMANDS: dict[str, Command] = {
    "book": Command("build the HTML book (every notebook executed; any warning fails)", book),
    "test": Command(
        "unit, property and docstring tests, and nbval over every notebook (-- ARGS: to pytest)", test
    ),
    "test-fast": Command(
        "the library and content tests only: no notebooks, no built book (-- ARGS: to pytest)", test_fast
    ),
    "lint": Command(
        "ruff check and ruff format --check (--check-only / --format-only for one of them)", lint
    ),
    "nbval": Command(
        "only the notebook tests (--older-kernels: NumPy without its AVX2/AVX-512 kernels)", nbval
    ),
    "check": Command("a quick setup check for workshop participants", check),
    "serve": Command("serve the built book on http://localhost:8000 (--port N: another port)", serve, False),
    "lab": Command("open the chapters and exercises in JupyterLab", lab),
    "notebooks": Command(
        "generate the executed chapter and play notebooks from chapters/*.md (then commit both)", notebooks
    ),
    "exercises": Command(
        "generate the executed solution and student notebooks from exercises/solutions/*.md", exercises
    ),
    "sync-check": Command(
        "fail if a generated notebook no longer matches its text source (no execution)", sync_check
    ),
    "sentences": Command("rewrite the text sources' prose one sentence per line", sentences),
    "anki": Command("write every flashcard to an Anki deck, _build/ndcg-course.apkg", anki),
    "benchmark": Command("time ndcg.ndcg_score against scikit-learn", benchmark),
    "requirements": Command("re-pin requirements.txt from requirements.in (pip-tools)", requirements),
    "setup": Command("create .venv and install the pinned requirements (when they changed)", setup, False),
    "clean": Command("remove the built book and caches (keeps .venv)", clean, False),
    "help": Command("list these commands", show_help, False),
}


def parser() -> argparse.ArgumentParser:
    """The command line: one subparser per entry of COMMANDS."""
    main_parser = argparse.ArgumentParser(prog="tools/run.py", description=__doc__.split("\n\n")[0])
    subparsers = main_parser.add_subparsers(dest="command", metavar="command")
    for name, command in COMMANDS.items():
        subparser = subparsers.add_parser(name, help=command.summary, description=command.summary)
        if name == "serve":
            subparser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
        if name == "lint":
            choice = subparser.add_mutually_exclusive_group()
            choice.add_argument("--check-only", action="store_true", help="only the lint rules")
            choice.add_argument("--format-only", action="store_true", help="only the formatting")
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
    if extra and args.command not in ("test", "test-fast", "nbval"):
        main_parser.error(f"only test, test-fast and nbval take arguments after --, not {args.command}")
    problem = python_problem() if args.command != "help" else None
    if problem:
        print(problem, file=sys.stderr)
        return 1
    args.pytest_args = extra
    command = COMMANDS[args.command]
    try:
        if command.needs_venv:
            setup()
        command.action(args)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
