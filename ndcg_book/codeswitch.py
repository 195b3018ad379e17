"""Code on demand: a book page shows no code until its reader asks for it.

A reader of the HTML book came for the ideas, and the landing page tells them they need no Python;
a learner who wants the code behind a table or a figure asks for it with one switch. Every page
with a code cell gets a **"Show the code" switch** (a ``button`` with ``role="switch"``) in the row
at its top, beside the language switch (:func:`ndcg_book.editions.page_context` puts it there).
Off, the page hides every code cell's input and the "Running this notebook?" lines under the views
(``p.ndcg-live``); on, it shows them as the notebook does. ``_static/ndcg-code.js`` keeps the
reader's choice for every page (``localStorage``, like the colour mode) and sets
``data-ndcg-code`` on ``<html>`` before the page is drawn, so a page never shows code and then
takes it away; ``_static/course.css`` hides on that attribute, on screens only (the printed book
keeps its code).

Without JavaScript the switch stays hidden and the code stays shown: nothing is lost. The
notebooks (``notebooks/``, ``exercises/``) show everything; they load none of this.
This module registers nothing: it writes the switch for :mod:`ndcg_book.editions`.
"""

from __future__ import annotations

import html

from ndcg_book.words import words

#: The class of the switch (``_static/ndcg-code.js`` and ``_static/course.css`` find it by it).
SWITCH_CLASS = "code-switch"
#: What in a page's body makes it a page with code: a code cell's input (myst-nb's class).
CODE_MARK = 'class="cell_input'


def has_code(body: str) -> bool:
    """Whether a built page's ``body`` holds a code cell's input.

    >>> has_code('<div class="cell_input docutils container">'), has_code("<p>prose</p>")
    (True, False)
    """
    return CODE_MARK in body


def switch_html(language: str | None) -> str:
    """The switch, off and hidden until ``_static/ndcg-code.js`` shows it, in the edition's words.

    >>> print(switch_html("en"))
    <button type="button" class="code-switch" role="switch" aria-checked="false" hidden>Show the code</button>
    """
    label = html.escape(words(language)("code-show"))
    return f'<button type="button" class="{SWITCH_CLASS}" role="switch" aria-checked="false" hidden>{label}</button>'
