"""The text sources and what is generated from them: ``toc``, ``notebooks``, ``exercises``,
``sync-check``, ``sentences``, ``anki`` and ``manifest``. The generators are ``ndcg_book``'s steps
(``ndcg_book/generate/``), run as ``python -m ndcg_book <step>``; each notebook cell may run as long
as ``_config.yml`` says (``execute: timeout:``), which the steps read themselves, as the book does."""

from __future__ import annotations

import argparse

from tools import base
from tools.base import python, run, step

#: The text sources written one sentence per line (``sentences`` reflows them).
TEXT_SOURCES = (
    "chapters/*.md",
    "chapters/further/*.md",
    "learners/flashcards.md",
    "learners/cheatsheet.md",
    "reference/sources.md",
    "solutions/*.md",
)


def toc(args: argparse.Namespace) -> None:
    """Write _toc.yml, the book's table of contents, from the parts and chapters of the course's
    manifest (ndcg/course/course.toml): after adding a chapter or a companion page there."""
    run(step("toc"))


def notebooks(args: argparse.Namespace) -> None:
    """Generate notebooks/chapters/*.ipynb, notebooks/learners/flashcards.ipynb and the play notebooks
    exercises/play/*.ipynb from the text sources (jupytext), executed with the book's cell timeout
    (nbclient, kernel python3); then every other language's play notebooks, exercises/<folder>/play/,
    executed the same way (the step ``translated``: it fails on a block without its translation)."""
    run(step("notebooks"))
    run(step("translated", "--only", "play", "--execute"))


def exercises(args: argparse.Namespace) -> None:
    """Generate and execute the solution notebooks (notebooks/solutions/), the checks' answer texts
    (ndcg/course/content/answers/) and the student notebooks (exercises/) from solutions/*.md; then
    every other language's student notebooks, exercises/<folder>/, executed the same way
    (the step ``translated``: it fails on a block without its translation)."""
    run(step("student", "--solutions", "--execute"))
    run(step("translated", "--only", "student", "--execute"))


def sync_check(args: argparse.Namespace) -> None:
    """Fail when a generated notebook's cells (sources, ids, metadata) no longer match its text source."""
    run(step("sync"))


def sentences(args: argparse.Namespace) -> None:
    """Rewrite the prose of every text source one sentence per line (review the diff after)."""
    paths = sorted(
        path.relative_to(base.ROOT).as_posix() for pattern in TEXT_SOURCES for path in base.ROOT.glob(pattern)
    )
    run(step("sentences", *paths))


def anki(args: argparse.Namespace) -> None:
    """Write the Anki deck into _build/."""
    (base.ROOT / "_build").mkdir(exist_ok=True)
    run([python(), "-m", "ndcg.course.anki", "_build/ndcg-course.apkg"])


def manifest(args: argparse.Namespace) -> None:
    """Rewrite tools/course-files.txt, the course's file list for copies without .git, from git ls-files."""
    run(step("downloads", "manifest"))
