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
``ndcg-metrics.js``
    The course's metrics in the browser (DCG, IDCG, NDCG, CG, RR, RankNet's
    gradients, the lambdas), with the conventions of the Python package:
    ``tests/browser/test_metrics_js.py`` compares them on thousands of cases.
``ndcg-anki.css``
    The style of the Anki note model (:mod:`ndcg.course.anki`).

The book gets the first three through the Sphinx extension
:mod:`ndcg_book.assets`; a live widget in JupyterLab puts the
stylesheet in a ``<style>`` element of its own.

Examples
--------
>>> from ndcg.course import assets
>>> assets.BOOK_CSS[0], assets.BOOK_JS[:2]
('ndcg-course.css', ('ndcg-metrics.js', 'ndcg-course.js'))
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
#: The metrics in the browser, loaded before :data:`JS` on every page with a view.
METRICS_JS = "ndcg-metrics.js"
#: The Anki note model's stylesheet.
ANKI_CSS = "ndcg-anki.css"


def folder():
    """The package's ``static`` folder (an :mod:`importlib.resources` Traversable)."""
    return resources.files("ndcg.course") / "static"


def _book(suffix: str, first: tuple[str, ...]) -> tuple[str, ...]:
    """The book's files of one kind: ``first`` in that order, then every other ``ndcg-*``
    file of the kind, sorted (a new component's script or stylesheet needs no registration)."""
    names = sorted(entry.name for entry in folder().iterdir() if entry.name.endswith(suffix))
    rest = [name for name in names if name.startswith("ndcg-") and name not in first and name != ANKI_CSS]
    return (*first, *rest)


#: The stylesheets of every page with course HTML, in this order.
BOOK_CSS = _book(".css", (CSS,))
#: The scripts of every page with a kernel-free view, in this order: the metrics, the
#: activation of the views, then the components that register their kinds of view with it.
BOOK_JS = _book(".js", (METRICS_JS, JS))
#: The files the book serves from its ``_static/`` folder.
BOOK_FILES = (*BOOK_CSS, *BOOK_JS)


@functools.cache
def read(name: str) -> str:
    """The text of one file of the ``static`` folder.

    >>> read("nothing.css")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: name must be one of 'ndcg-anki.css', 'ndcg-course.css', ...; got 'nothing.css'.
    """
    known = sorted(entry.name for entry in folder().iterdir() if entry.is_file())
    if name not in known:
        raise ValueError(f"name must be one of {', '.join(map(repr, known))}; got {name!r}.")
    return (folder() / name).read_text(encoding="utf-8")
