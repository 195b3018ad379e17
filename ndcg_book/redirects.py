"""The book's Sphinx extension, part ``redirects``: the pages that moved keep their old address.

The book's pages for learners, instructors and reference used to sit at the book's root
(``setup.html``, ``glossary.html``, ``instructors.html``, ``teaching/02_dcg.html`` ...); they
now live in folders by reader (``learners/``, ``instructors/``, ``reference/``). A reader's
bookmark, a link in an old welcome message, or a printed address still names the old page.
So at the end of every HTML build, each old address (:data:`MOVED`) gets a small page that
sends the reader on to the new one, keeping the part after ``#`` (``sources.html#source-002``
lands on the same entry), with a plain link for a browser that runs no script; it loads
nothing and works from ``file://``.

A redirect never replaces a page of the book, and a target that is no page of the book is a
warning, so the strict build fails on a stale entry.
"""

from __future__ import annotations

import html
from pathlib import Path

from sphinx.util import logging
from sphinx.util.osutil import relative_uri

from ndcg.course import manifest

logger = logging.getLogger(__name__)

#: Every moved page: its old document name and its new one.
MOVED = {
    "setup": "learners/setup",
    "study-plan": "learners/study-plan",
    "cheatsheet": "learners/cheatsheet",
    "flashcards": "learners/flashcards",
    "glossary": "reference/glossary",
    "sources": "reference/sources",
    "references": "reference/references",
    "accessibility": "reference/accessibility",
    "instructors": "instructors/index",
    "CODE_OF_CONDUCT": "instructors/code-of-conduct",
    # The instructors' notes of every chapter (the course's manifest lists them) moved with the
    # pages around them.
    **{
        f"teaching/{name}": f"instructors/{name}"
        for name in ("before", *manifest.chapter_stems(), "feedback")
    },
}


#: The old addresses of the chapters' notes: a chapter that has no notes (a chapter just added,
#: whose notes are still to write) has no page there to lead to, and never had one.
CHAPTER_NOTES = {f"teaching/{name}" for name in manifest.chapter_stems()}


#: The redirect pages' script (``redirect.js``, beside this file): on to the canonical link, with
#: the fragment. The build copies it to ``_static/`` under this name.
SCRIPT = Path(__file__).with_name("redirect.js")
STATIC_NAME = "ndcg-redirect.js"


def redirect_html(target: str, title: str, script: str = f"_static/{STATIC_NAME}") -> str:
    """The page left at an old address: on to ``target`` (a relative URL), with the fragment.

    ``script`` is the URL of :data:`SCRIPT`'s copy, relative to the old address.

    >>> page = redirect_html("learners/setup.html", "Set up your computer")
    >>> '<link rel="canonical" href="learners/setup.html">' in page
    True
    >>> '<script src="_static/ndcg-redirect.js"></script>' in page
    True
    >>> '<meta http-equiv="refresh" content="0; url=learners/setup.html">' in page
    True
    """
    url = html.escape(target, quote=True)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Moved: {html.escape(title)}</title>\n"
        '<meta name="robots" content="noindex">\n'
        f'<link rel="canonical" href="{url}">\n'
        f'<script src="{html.escape(script, quote=True)}"></script>\n'
        f'<meta http-equiv="refresh" content="0; url={url}">\n'
        "</head>\n<body>\n"
        f'<p>This page has moved: <a href="{url}">{html.escape(title)}</a>.</p>\n'
        "</body>\n</html>\n"
    )


def write_redirects(app, exception) -> None:
    """``build-finished``: one redirect page per entry of :data:`MOVED`."""
    if exception is not None or app.builder.format != "html" or app.builder.name not in ("html",):
        return
    env = app.env
    written = 0
    static = Path(app.outdir, "_static", STATIC_NAME)
    static.parent.mkdir(parents=True, exist_ok=True)
    static.write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    for old, new in MOVED.items():
        if old in env.all_docs:
            logger.warning(f"the redirects: {old!r} is a page of the book again; no redirect written")
            continue
        if new not in env.all_docs and old in CHAPTER_NOTES:
            continue  # a chapter without notes yet, or added since the notes moved: no old address
        if new not in env.all_docs:
            logger.warning(f"the redirects: {old!r} moved to {new!r}, which is no page of the book")
            continue
        source, target = app.builder.get_target_uri(old), app.builder.get_target_uri(new)
        title = env.titles[new].astext() if new in env.titles else new
        path = Path(app.outdir, source)
        path.parent.mkdir(parents=True, exist_ok=True)
        script = relative_uri(source, f"_static/{STATIC_NAME}")
        path.write_text(redirect_html(relative_uri(source, target), title, script), encoding="utf-8")
        written += 1
    logger.info(f"the redirects: {written} old addresses lead to the pages' new homes")


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("build-finished", write_redirects)


__all__ = ["MOVED", "redirect_html", "register", "write_redirects"]
