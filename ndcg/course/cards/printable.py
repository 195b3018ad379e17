"""Every flashcard and quiz question on one print-friendly page (the book's flashcards page).

Every text is in the language of the cells (:func:`ndcg.course.i18n.language`): both in the
book's build, each in its element, the page showing the one of its edition.

Its style is in ``ndcg/course/static/ndcg-course.css`` (``.ndcg-print``), which
the book links from the page (:mod:`ndcg_book.assets`).
"""

from __future__ import annotations

import html

from .content import load_all
from .markup import to_html
from .views import _LETTERS, Languages, answer_key_html, how_html
from .words import html_text, html_word

_HOW = {"single": "", "true-false": "kind-true-false", "multi-select": "kind-tick-every"}


def _quiz_html(deck) -> str:
    """A chapter's questions with their options, then the answers."""
    both = Languages(deck)
    items = []
    for index, question in enumerate(deck.quiz):
        if question.kind == "true-false":
            options = (
                f'<p class="ndcg-print-tf">\N{BALLOT BOX} {html_word("true")} '
                f"\N{BALLOT BOX} {html_word('false')}</p>"
            )
        else:
            mark = "\N{BALLOT BOX} " if question.kind == "multi-select" else ""
            options = (
                '<ul class="ndcg-print-options">'
                + "".join(
                    f'<li><span class="ndcg-qz-letter">{mark}{_LETTERS[i]}.</span>'
                    f"{both.markdown(lambda d, _, i=i, q=index: to_html(d.quiz[q].options[i].text))}</li>"
                    for i in range(len(question.options))
                )
                + "</ul>"
            )
        asked = both.markdown(lambda d, _, q=index: to_html(d.quiz[q].question))
        items.append(
            f'<li id="question-{html.escape(question.id)}" data-kind="{question.kind}">'
            f'<div class="ndcg-qz-text"><strong>Q{index + 1}.</strong> {how_html(question.kind, _HOW)}'
            f"{asked}</div>{options}</li>"
        )
    key = answer_key_html(deck).replace(' data-role="key" hidden', "", 1)
    return f'<ol class="ndcg-print-quiz">{"".join(items)}</ol>{key}'


def printable_html(decks=None, quiz=True) -> str:
    """Every flashcard, front and back side by side, and every quiz question, as one
    print-friendly HTML page; each chapter's quiz ends with its answers.

    The front and the back are two columns of equal width (the card's number sits in the
    front), so the line between them is the middle of the printed page: fold it there.

    Parameters
    ----------
    decks : list of Deck, optional
        By default every chapter (:func:`~ndcg.course.cards.load_all`).
    quiz : bool
        Whether to add each chapter's quiz (questions, options, then the answers).

    Examples
    --------
    >>> from ndcg.course.cards import load
    >>> page = printable_html([load("01_cg")], quiz=False)
    >>> page.count("<tr") == len(load("01_cg").flashcards) + 1
    True
    >>> page = printable_html([load("01_cg")])
    >>> page.count('class="ndcg-print-quiz"'), page.count('class="ndcg-qz-key"')
    (1, 1)
    """
    decks = load_all() if decks is None else list(decks)
    sections = []
    for deck in decks:
        both = Languages(deck)
        rows = []
        for number, card in enumerate(deck.flashcards, start=1):
            i = number - 1
            source = (  # in each language: a source with words has its Chinese (cards/sources)
                '<div class="ndcg-src">'
                + both.html(
                    lambda d, lang, i=i, both=both: html_text(
                        "source", lang, source=html.escape(both.source(d.flashcards[i].source, lang))
                    )
                )
                + "</div>"
                if card.source
                else ""
            )
            front = both.markdown(lambda d, _, i=i: to_html(d.flashcards[i].front))
            back = both.markdown(lambda d, _, i=i: to_html(d.flashcards[i].back))
            rows.append(
                f'<tr id="card-{html.escape(card.id)}"><td class="ndcg-front">'
                f'<span class="ndcg-n">{number}</span>{front}</td>'
                f'<td class="ndcg-back">{back}{source}</td></tr>'
            )
        # Two columns of equal width, the card's number inside the question: the line between
        # them is the middle of the table, so a page folded in half hides the answers.
        title = both.html(lambda d, _: html.escape(d.title))
        section = (
            f"<h3>{html.escape(deck.chapter[:2])} · {title}</h3>"
            f'<table class="ndcg-fold"><thead><tr><th class="ndcg-front">{html_word("front")}</th>'
            f'<th class="ndcg-back">{html_word("back")}</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
        if quiz and deck.quiz:
            heading = both.html(lambda d, lang: html_text("quiz-title", lang, title=html.escape(d.title)))
            section += f"<h4>{heading}</h4>{_quiz_html(deck)}"
        sections.append(f'<section class="ndcg-print-chapter">{section}</section>')
    return '<div class="ndcg-print">' + "".join(sections) + "</div>"
