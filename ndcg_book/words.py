"""The words the book build writes itself (not the pages' prose): the get-the-course box, the PDF
notes, the footer's edition line. English here, once; their Chinese in the catalogue ``book``
(``ndcg/course/locales/zh_CN/LC_MESSAGES/book.po``, merged and checked like every store:
``ndcg_book/catalogues/i18n_stores/book.py``). ``{name}`` marks a value the build fills in.
"""

from __future__ import annotations

from pathlib import Path

from ndcg.course.i18n import language_of, translator

TEXTS = {
    # The language switch at the top of every page (ndcg_book.editions): its accessible name.
    "edition-switch": "Language",
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
    # The Anki deck (ndcg_book.downloads.deck_paragraph): the link comes between the two.
    "anki-deck": "The Anki deck: ",
    "anki-deck-size": (
        " ({size}): {cards} flashcards and {questions} quiz questions, a sub-deck per chapter. In "
        "Anki, choose File › Import and pick the file; importing a newer deck updates your cards "
        "and keeps their review history."
    ),
    "pdf-none-book": "This build has no PDF of the book: ",
    "pdf-none-cheatsheet": "This build has no PDF of the cheat sheet: ",
    "pdf-none-participant": "This build has no participant's PDF: ",
    "pdf-how": "{make} ({command}) prints it, with the Chromium the browser tests use.",
    "pdf-cover-note": (
        "Printed from the HTML book with Chromium. The interactive views print as their text; play "
        "with them in the HTML book."
    ),
    "pdf-contents": "Contents",
    "pdf-edition": "edition {version}, built {date}",
    "pdf-subject-book": "The whole book, {edition}",
    "pdf-subject-cheatsheet": "The cheat sheet, {edition}",
    "pdf-cheatsheet-title": "Cheat sheet · {title}",
    "pdf-subject-participant": "The core chapters with their exercises, and the cheat sheet, {edition}",
    "pdf-participant-title": "{title} · participant's edition",
    # The PDFs' document information: the author (``author:`` of _config.yml, which the English
    # edition prints; tests/book/test_print.py keeps the two the same) and the keywords.
    "pdf-author": "The NDCG course authors",
    "pdf-keywords": "NDCG, DCG, MRR, ranking evaluation, version {version}, built {date}",
    "pdf-link": " ({pages} pages, {size}; {edition})",
    "pdf-link-one": " ({pages} page, {size}; {edition})",
    # The exercises answered in a chapter's page (ndcg_book.practice): the block's title, its
    # first paragraph (Markdown) and what a function exercise says (``{notebook}`` the link).
    "practice-title": "Answer the notebook's exercises here ({count} of its {total} exercises check in the page)",
    "practice-intro": (
        "The exercises of the exercise notebook, with the same checks: type an answer (a number such "
        "as 4.76, 1/3 or 90%, or a list such as 3, 2, 1) and press *Check*. A hint comes on the first "
        "miss, a closer look on the second, the worked explanation on the third. Nothing to install: "
        "this page remembers your progress in this browser. The exercises that ask for code are done "
        "in the notebook."
    ),
    "practice-function": "💻 This exercise asks for code: write it in the exercise notebook, {notebook}, whose check runs it.",
    "edition": "Edition: {edition}.",
    # myst-nb's buttons of a folded cell; the English edition keeps myst-nb's own ("Show code cell
    # source"), whose {type} is an English word: the Chinese edition's say what they fold.
    # The download menu's entry for the page's notebook (ndcg_book.notebooks.label_source_notebook):
    # its text and its tooltip.
    # The hint beside a dropdown's title (a solution, a hidden cell): sphinx-togglebutton's
    # ``togglebutton_hint`` and ``togglebutton_hint_hide`` (ndcg_book.solutions).
    "toggle-show": "Click to show",
    "toggle-hide": "Click to hide",
    "download-source": ".ipynb (page source)",
    "download-source-tooltip": (
        "Download this page's source notebook: its text keeps the book's MyST markup, which "
        "JupyterLab shows as raw text. To play, get the play notebook (see Practise)."
    ),
    # A citation marker's tooltip and accessible name (ndcg_book.sources): the title of the
    # source's entry on the Sources page, in the page's language.
    "cite-label": "Source: {title}",
    "code-show": "Show the code",
    "code-hide": "Hide the code",
    "edition-text": "version {version}, built {date}",
    # The participant pack's README (ndcg_book.packs.participant_pack): Markdown, one line or
    # block each (a file name comes as code, backticks and all); the commands between them are the
    # same in every language.
    "pack-title": "# NDCG course: participant pack {version}",
    "pack-edition": "Edition: {edition} (the book's footer shows the edition it matches).",
    "pack-what": "The exercise notebooks of the course *Ranking evaluation, from CG to NDCG*, and what runs them.",
    "pack-language": "The notebooks are in English, and so are their checks' hints and explanations.",
    "pack-exercises": "- `exercises/`: one exercise notebook per chapter, with automatic feedback.",
    "pack-play": "- `exercises/play/`: a notebook per chapter to play with its widgets.",
    "pack-wheel": "- {wheel}: the course's `ndcg` package.",
    "pack-requirements": "- {requirements}: the packages to install, at pinned versions.",
    "pack-solutions": "The solutions are not in this pack: your instructor shares them after the session.",
    "pack-install": "## Install (once)",
    "pack-venv": (
        "You need Python 3.11 or newer. In this folder, make a virtual environment and install the "
        "course into it:"
    ),
    "pack-offline": (
        "No network? `wheelhouse/` holds everything to install, one folder per system ({systems}), "
        "for Python {versions}. Use your system's folder:"
    ),
    "pack-start": "## Start",
    "pack-how": (
        "Open a notebook, run its cells from the top (Shift+Enter), replace each `...` with your "
        "answer and run the check cell under it."
    ),
}


def words(language: str | None):
    """``text(key, **values)``: the build's text ``key`` in the edition's ``language`` (Sphinx's
    ``language``: ``zh_CN`` gives the Chinese, from the catalogue ``book``), its ``{name}``
    values filled in."""
    code = language_of(language)

    def text(key: str, **values) -> str:
        chosen = translator("book", key, code)(TEXTS[key])
        return chosen.format(**values) if values else chosen

    return text


def page_words(root: Path, page: str, language: str):
    """A function giving the translation into ``language`` of an English message of the book's
    page ``page`` (its catalogue ``locales/<locale>/LC_MESSAGES/<page>.po``), or the English
    while it has none (and in English)."""
    from ndcg.course import manifest
    from ndcg.course.i18n import read_po

    path = Path(root) / "locales" / manifest.language(language).locale / "LC_MESSAGES" / f"{page}.po"
    table = read_po(path) if path.is_file() else {}
    return lambda english: table.get((None, english)) or english
