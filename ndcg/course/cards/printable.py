"""Every flashcard on one print-friendly page (the book's flashcards page).

Its style is in ``ndcg/course/static/ndcg-course.css`` (``.ndcg-print``), which
the book links from the page (:mod:`ndcg.course.sphinx_assets`).
"""

from __future__ import annotations

import html

from .content import load_all
from .markup import to_html


def printable_html(decks=None) -> str:
    """Every flashcard, front and back side by side, as one print-friendly HTML page.

    Parameters
    ----------
    decks : list of Deck, optional
        By default every chapter (:func:`~ndcg.course.cards.load_all`).

    Examples
    --------
    >>> from ndcg.course.cards import load
    >>> page = printable_html([load("01_cg")])
    >>> page.count("<tr") == len(load("01_cg").flashcards) + 1
    True
    """
    decks = load_all() if decks is None else list(decks)
    sections = []
    for deck in decks:
        rows = []
        for number, card in enumerate(deck.flashcards, start=1):
            source = f'<div class="ndcg-src">Source: {html.escape(card.source)}</div>' if card.source else ""
            rows.append(
                f'<tr id="card-{html.escape(card.id)}"><td class="ndcg-n">{number}</td>'
                f"<td>{to_html(card.front)}</td><td>{to_html(card.back)}{source}</td></tr>"
            )
        sections.append(
            f"<h3>{html.escape(deck.chapter[:2])} · {html.escape(deck.title)}</h3>"
            '<table><thead><tr><th class="ndcg-n">#</th><th>Front</th><th>Back</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
    return '<div class="ndcg-print mathjax_process">' + "".join(sections) + "</div>"
