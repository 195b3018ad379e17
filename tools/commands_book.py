"""The built book: ``book``, ``pdf``, ``serve``, ``clean`` and ``translations``.

The steps themselves are ``ndcg_book``'s, run with the venv's Python as ``python -m ndcg_book
<step>``; this module finds the browser that prints (``tools/chromium.py``) and hands its path over.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from tools import base, chromium
from tools.base import BOOK, VENV, run, step, tool

#: The notebook execution cache the two editions share (Jupyter Book's default place for it).
EXECUTION_CACHE = Path("_build", ".jupyter_cache")


def browser() -> list[str]:
    """``--chromium PATH`` for the print: the browser :mod:`tools.chromium` finds; nothing (after
    saying why on stderr) when there is none, or ``CHROMIUM`` names none. The print then makes no
    PDF, and says so too (``make book`` goes on without; ``make pdf`` fails)."""
    try:
        found = chromium.find_chromium()
    except chromium.BadChromiumSetting as error:
        print(f"No PDF: {error}", file=sys.stderr, flush=True)
        return []
    if found is None:
        print(f"No PDF of the book in this build: {chromium.missing_message()}", file=sys.stderr, flush=True)
        return []
    return ["--chromium", found]


def book(args: argparse.Namespace) -> None:
    """Build the HTML book strictly, every edition (``--edition en`` or ``zh``: one alone); print
    it to PDF when a Chromium is found (else say so and go on without); zip it beside
    _build/html; then say where everything is.

    The execution cache and Sphinx's saved pages are emptied first, so every notebook runs once, on
    this very package: ``python -m ndcg_book execution-cache`` fills the cache, several notebooks at
    a time, and both editions' builds (the same code cells) take their outputs from it, so both show
    the same computation."""
    editions = getattr(args, "edition", "both")
    # Every page read afresh too: Sphinx would otherwise keep an unchanged page's old outputs.
    translated = [(code, folder) for code, folder in base.languages() if folder]
    doctrees = [Path("_build", folder, ".doctrees") for _, folder in translated]
    for stale in (EXECUTION_CACHE, Path("_build", ".doctrees"), *doctrees):
        shutil.rmtree(base.ROOT / stale, ignore_errors=True)
    # Every cell that shows words shows them in both languages (ndcg.course.i18n); each edition's
    # page keeps its own.
    env = {**os.environ, "NDCG_COURSE_LANGUAGE": "both"}
    # Every notebook run into the cache, as many at a time as there are cores: the builds below
    # then execute none (ndcg_book/generate/execution_cache.py).
    run(step("execution-cache"), env=env)
    english = [tool("jupyter-book"), "build", "--warningiserror", "--nitpick", "--keep-going", "."]
    printer = browser()

    def edition(code: str) -> list[str]:
        return step("translations", "build", "--language", code)

    def pdf(language: str) -> list[str]:
        return step("print", "pdf", "--optional", "--language", language, *printer)

    if editions == "both":
        run(english, env=env)
        # The English PDF prints (Chromium) while the other editions build (Sphinx), and each
        # edition's PDF beside the next build as soon as its pages are there: the cores busy, where
        # one step after the other left one idle. No step touches another's pages.
        printing = [base.start(pdf("en"))]
        for code, _ in translated:
            run(edition(code), env=env)
            printing.append(base.start(pdf(code)))
        for started in printing:
            started.finish()
    else:
        run(english if editions == "en" else edition(editions), env=env)
        run(pdf(editions))
    run(step("print", "zip"))
    print(f"\nThe book is in {BOOK.as_posix()}/index.html  (open it, or run: python tools/run.py serve)")
    print(f"It carries the course zip and the ndcg wheel: {BOOK.as_posix()}/_downloads/course/")
    print(f"Its PDF, when Chromium was found, and the cheat sheet's: {BOOK.as_posix()}/_downloads/*.pdf")
    print("The built book zipped for a USB stick (unzip, open index.html): _build/ndcg-course-book-*.zip")


def translations(args: argparse.Namespace) -> None:
    """Merge the English pages' messages into the Chinese catalogues (a changed sentence comes back
    fuzzy, with its old English beside it), then list every message left to translate."""
    if not args.check:
        run(step("translations", "update"))
    run(step("translations", "check", *([] if not args.check else ["--fresh"])))


def pdf(args: argparse.Namespace) -> None:
    """Print the built book (building it first when there is none) and its cheat sheet to PDF,
    with the Chromium the browser tests use; fail when there is none."""
    if not (base.ROOT / BOOK / "index.html").exists():
        book(args)
        if not any((base.ROOT / BOOK / "_downloads").glob("ndcg-course-*.pdf")):
            sys.exit("No PDF: no Chromium-family browser was found (see above).")
        return
    printer = browser()
    for language, folder in base.languages():
        if not folder or (base.ROOT / BOOK / folder / "index.html").exists():
            run(step("print", "pdf", "--language", language, *printer))


def serve(args: argparse.Namespace) -> None:
    """Serve the built book on 127.0.0.1 (this Python's http.server: no venv needed)."""
    if not (base.ROOT / BOOK / "index.html").exists():
        sys.exit("No book yet: run `python tools/run.py book` first.")
    print(f"Serving the book on http://localhost:{args.port}  (Ctrl-C to stop)")
    run(
        [sys.executable, "-m", "http.server", str(args.port), "--bind", "127.0.0.1", "--directory", str(BOOK)]
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
    for path in [
        base.ROOT / "_build",
        base.ROOT / ".pytest_cache",
        base.ROOT / ".hypothesis",
        *pycache_dirs(base.ROOT),
    ]:
        if path.exists():
            print(f"removing {path.relative_to(base.ROOT).as_posix()}")
            shutil.rmtree(path)
