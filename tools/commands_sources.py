"""The text sources and what is generated from them: ``notebooks``, ``exercises``, ``sync-check``,
``sentences``, ``anki`` and ``manifest``."""

from __future__ import annotations

import argparse
from pathlib import Path

from tools import base
from tools import notebooks as notebook_files  # standard library on import, as every module here
from tools.base import python, run

#: The text sources written one sentence per line (``sentences`` reflows them).
TEXT_SOURCES = (
    "chapters/*.md",
    "chapters/further/*.md",
    "learners/flashcards.md",
    "learners/cheatsheet.md",
    "reference/sources.md",
    "solutions/*.md",
)


def cell_timeout(root: Path) -> int:
    """How long one notebook cell may run: ``execute: timeout:`` in _config.yml.

    The reader lives in ``tools/notebooks.py`` (standard library on import), so the book,
    ``notebooks`` and ``exercises`` share one value.
    """
    return notebook_files.config_timeout((root / "_config.yml").read_text(encoding="utf-8"))


def notebooks(args: argparse.Namespace) -> None:
    """Generate notebooks/chapters/*.ipynb, notebooks/learners/flashcards.ipynb and the play notebooks
    exercises/play/*.ipynb from the text sources (jupytext), executed with the book's cell timeout
    (nbclient, kernel python3); then every other language's play notebooks, exercises/<folder>/play/,
    executed the same way (tools/notebooks_translated.py: it fails on a block without its translation)."""
    timeout = str(cell_timeout(base.ROOT))
    run([python(), "tools/notebooks.py", "--timeout", timeout])
    run([python(), "tools/notebooks_translated.py", "--only", "play", "--execute", "--timeout", timeout])


def exercises(args: argparse.Namespace) -> None:
    """Generate and execute the solution notebooks (notebooks/solutions/), the checks' answer texts
    (ndcg/course/content/answers/) and the student notebooks (exercises/) from solutions/*.md; then
    every other language's student notebooks, exercises/<folder>/, executed the same way
    (tools/notebooks_translated.py: it fails on a block without its translation)."""
    timeout = str(cell_timeout(base.ROOT))
    run([python(), "tools/make_student.py", "--solutions", "--execute", "--timeout", timeout])
    run([python(), "tools/notebooks_translated.py", "--only", "student", "--execute", "--timeout", timeout])


def sync_check(args: argparse.Namespace) -> None:
    """Fail when a generated notebook's cells (sources, ids, metadata) no longer match its text source."""
    run([python(), "-m", "tools.notebooks_sync"])


def sentences(args: argparse.Namespace) -> None:
    """Rewrite the prose of every text source one sentence per line (review the diff after)."""
    paths = sorted(
        path.relative_to(base.ROOT).as_posix() for pattern in TEXT_SOURCES for path in base.ROOT.glob(pattern)
    )
    run([python(), "tools/sentences.py", *paths])


def anki(args: argparse.Namespace) -> None:
    """Write the Anki deck into _build/."""
    (base.ROOT / "_build").mkdir(exist_ok=True)
    run([python(), "-m", "ndcg.course.anki", "_build/ndcg-course.apkg"])


def manifest(args: argparse.Namespace) -> None:
    """Rewrite tools/course-files.txt, the course's file list for copies without .git, from git ls-files."""
    run([python(), "-m", "ndcg_book.downloads", "manifest"])
