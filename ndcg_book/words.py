"""The words the book build writes itself (not the pages' prose): the get-the-course box, the PDF
notes, the footer's edition line. English here, once; their Chinese in the catalogue ``book``
(``ndcg/course/locales/zh_CN/LC_MESSAGES/book.po``, merged and checked like every store:
``tools/i18n_stores/book.py``). ``{name}`` marks a value the build fills in.
"""

from __future__ import annotations

from ndcg.course.i18n import translator

TEXTS = {
    "get-title": "Get the course",
    "get-whole": "The whole course, to work in: ",
    "get-whole-size": " ({size}): the chapters, the exercise notebooks, the ",
    "get-whole-package": (
        " package and the tools, without the exercises' solutions. Unzip it, open a terminal in its "
        "folder and run the setup command of your system (on Windows, "
    ),
    "get-whole-see": "; see ",
    "get-whole-then": (
        "): it installs everything into that folder and checks that the exercises run. "
        "Then the second command opens them in JupyterLab:"
    ),
    "get-setup": "Set up your computer",
    "get-alone": "Only the package, to run a downloaded exercise notebook: ",
    "get-alone-size": (
        " ({size}). Install it, with its widgets, into any Python 3.11 or newer (a fresh virtual "
        "environment is best), from the folder where you saved it (on Windows, "
    ),
    "get-alone-instead": " instead of ",
    "get-alone-then": "), then open the notebook in JupyterLab:",
    "get-solutions": "The solutions, for self-study: ",
    "get-solutions-size": (
        " ({size}): every exercise notebook solved and executed, with its text source. Try each "
        "exercise and its hints first. Unzip it in the course's folder: the solved notebooks land in "
    ),
    "get-solutions-end": ". At a workshop, your instructor shares them after the session.",
    "pdf-none-book": "This build has no PDF of the book: ",
    "pdf-none-cheatsheet": "This build has no PDF of the cheat sheet: ",
    "pdf-how": "{make} ({command}) prints it, with the Chromium the browser tests use.",
    "edition": "Edition: {edition}.",
    "edition-text": "version {version}, built {date}",
}


def words(language: str | None):
    """``text(key, **values)``: the build's text ``key`` in the edition's ``language`` (Sphinx's
    ``language``: ``zh_CN`` gives the Chinese), its ``{name}`` values filled in."""
    chinese = translator("book") if (language or "").lower().startswith("zh") else None

    def text(key: str, **values) -> str:
        english = TEXTS[key]
        chosen = translator("book", key)(english) if chinese else english
        return chosen.format(**values) if values else chosen

    return text
