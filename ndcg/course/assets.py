"""The course's front-end files, shipped with the package in ``ndcg/course/static/``.

The course's CSS and JavaScript are real files, never Python strings (a test
keeps it so), read with :mod:`importlib.resources` where Python needs them:

``ndcg-course.css``
    The one stylesheet of everything the course shows as HTML: step and
    comparison tables, widget snapshots, the live widgets, the kernel-free
    flashcards and quiz, the printable flashcards; light and dark mode.
``ndcg-course.js``
    The one script that activates every kernel-free view of a book page
    (flashcards and quiz, whose data is a JSON island in the page).
``ndcg-anki.css``
    The style of the Anki note model (:mod:`ndcg.course.anki`).

The book gets the first two through the Sphinx extension
:mod:`ndcg.course.sphinx_assets`; a live widget in JupyterLab puts the
stylesheet in a ``<style>`` element of its own.

Examples
--------
>>> from ndcg.course import assets
>>> assets.BOOK_FILES
('ndcg-course.css', 'ndcg-course.js')
>>> "table.ndcg-steps" in assets.read(assets.CSS)
True
"""

from __future__ import annotations

import functools
from importlib import resources

#: The stylesheet of the course's HTML.
CSS = "ndcg-course.css"
#: The script that activates the kernel-free views.
JS = "ndcg-course.js"
#: The Anki note model's stylesheet.
ANKI_CSS = "ndcg-anki.css"
#: The files the book serves from its ``_static/`` folder.
BOOK_FILES = (CSS, JS)


def folder():
    """The package's ``static`` folder (an :mod:`importlib.resources` Traversable)."""
    return resources.files("ndcg.course") / "static"


@functools.cache
def read(name: str) -> str:
    """The text of one file of the ``static`` folder.

    >>> read("nothing.css")
    Traceback (most recent call last):
    ...
    ValueError: name must be one of 'ndcg-anki.css', 'ndcg-course.css', 'ndcg-course.js'; got 'nothing.css'.
    """
    known = sorted(entry.name for entry in folder().iterdir() if entry.is_file())
    if name not in known:
        raise ValueError(f"name must be one of {', '.join(map(repr, known))}; got {name!r}.")
    return (folder() / name).read_text(encoding="utf-8")
