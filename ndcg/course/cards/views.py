"""The kernel-free flashcards and quiz of the book: an HTML skeleton and a JSON island.

A view is what :func:`flashcards` and :func:`quiz` display in a notebook
output. Its HTML holds no CSS and no JavaScript of its own:

* a skeleton, ``<div class="ndcg-kf ..." data-ndcg-view="flashcards">`` (or
  ``"quiz"``), that already shows the first card (or every question) and the
  live-widget line, with its controls inert until activated;
* a JSON island, ``<script type="application/json" data-ndcg-data>``, with the
  view's data: the cards (or questions) already rendered to HTML by
  :func:`ndcg.course.cards.to_html`.

In the built book, ``ndcg/course/static/ndcg-course.js`` (loaded, with
``ndcg-course.css``, by the Sphinx extension :mod:`ndcg.course.sphinx_assets`)
finds every view and activates it: flashcards with the Leitner rule of
:class:`ndcg.course.cards.Leitner`, the quiz with feedback for every option.
In a running notebook the learner has the live widgets of
:mod:`ndcg.course.widgets` instead, and the view says so.
"""

from __future__ import annotations

import html
import itertools
import json

from .content import Deck, as_deck
from .markup import to_html

_COUNTER = itertools.count(1)
_LETTERS = "ABCDEFGHIJ"


def json_island(data) -> str:
    """``data`` as a ``<script type="application/json" data-ndcg-data>`` element.

    ``<``, ``>`` and ``&`` are written as JSON escapes, so no text of the data
    can close the element early.

    >>> json_island({"text": "</script>"})
    '<script type="application/json" data-ndcg-data>{"text":"\\\\u003c/script\\\\u003e"}</script>'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" data-ndcg-data>{text}</script>'


def flashcards_data(deck: Deck) -> dict:
    """The flashcards view's data: every card's id, source, and front and back as HTML."""
    return {
        "chapter": deck.chapter,
        "cards": [
            {"id": card.id, "front": to_html(card.front), "back": to_html(card.back), "source": card.source}
            for card in deck.flashcards
        ],
    }


def quiz_data(deck: Deck) -> dict:
    """The quiz view's data: per question its id, and per option whether it is right and its feedback."""
    return {
        "chapter": deck.chapter,
        "questions": [
            {
                "id": question.id,
                "options": [
                    {"correct": option.correct, "feedback": to_html(option.feedback)}
                    for option in question.options
                ],
            }
            for question in deck.quiz
        ],
    }


def _live_line(widget: str, chapter: str) -> str:
    code = f'from ndcg.course.widgets import {widget}; {widget}("{chapter}")'
    return (
        '<p class="ndcg-live">Running this notebook? Try the live widget: '
        f"<code>{html.escape(code)}</code></p>"
    )


class _View:
    """Shared plumbing of the kernel-free views."""

    kind = ""
    view = ""

    def __init__(self, chapter):
        self.deck = as_deck(chapter)
        self.dom_id = f"ndcg-{self.kind}-{self.deck.chapter.replace('_', '-')}-{next(_COUNTER)}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.deck.chapter!r}>"

    def _repr_html_(self) -> str:
        return self.html()

    def _open(self, css: str) -> str:
        return (
            f'<div class="ndcg-kf {css} mathjax_process" id="{self.dom_id}" '
            f'data-chapter="{html.escape(self.deck.chapter)}" data-ndcg-view="{self.view}">'
        )

    def data(self) -> dict:  # pragma: no cover - every view overrides it
        raise NotImplementedError

    def html(self) -> str:  # pragma: no cover - every view overrides it
        raise NotImplementedError


class FlashcardsView(_View):
    """The book's kernel-free flashcards of one chapter (see :func:`flashcards`)."""

    kind = "cards"
    view = "flashcards"

    def data(self) -> dict:
        """What the JSON island holds (:func:`flashcards_data`)."""
        return flashcards_data(self.deck)

    def html(self) -> str:
        """The skeleton, showing the first card's question, and the JSON island."""
        data = self.data()
        cards = data["cards"]
        first = cards[0]
        return (
            self._open("ndcg-fc")
            + f'<div class="ndcg-head">\N{FLOWER PLAYING CARDS} Flashcards: {html.escape(self.deck.title)} '
            f"({len(cards)} cards)</div>"
            f'<div class="ndcg-fc-card" data-role="card" data-card-id="{html.escape(first["id"])}" '
            'aria-live="polite">'
            '<div class="ndcg-fc-label" data-role="label">Question</div>'
            f'<div class="ndcg-fc-front" data-role="front">{first["front"]}</div>'
            f'<div class="ndcg-fc-back" data-role="back" hidden>{first["back"]}</div>'
            '<div class="ndcg-fc-source" data-role="source" hidden></div>'
            "</div>"
            '<div class="ndcg-fc-bar" data-until-ready hidden>'
            '<button type="button" data-action="previous">\N{BLACK LEFT-POINTING TRIANGLE} Previous</button>'
            '<button type="button" data-action="flip" data-role="flip">Flip</button>'
            '<button type="button" data-action="next">Next \N{BLACK RIGHT-POINTING TRIANGLE}</button>'
            '<button type="button" data-action="shuffle">\N{TWISTED RIGHTWARDS ARROWS} Shuffle</button>'
            '<button type="button" class="ndcg-again" data-action="again">'
            "\N{ANTICLOCKWISE DOWNWARDS AND UPWARDS OPEN CIRCLE ARROWS} Again</button>"
            '<button type="button" class="ndcg-got" data-action="got">\N{WHITE HEAVY CHECK MARK} Got it</button>'
            "</div>"
            f'<div class="ndcg-fc-status" data-role="status" data-until-ready hidden>Card 1 of {len(cards)}</div>'
            "<noscript><p>These flashcards need JavaScript; the printable flashcards page lists every "
            "card with its answer.</p></noscript>"
            + _live_line("FlashcardDeck", self.deck.chapter)
            + json_island(data)
            + "</div>"
        )


class QuizView(_View):
    """The book's kernel-free quiz of one chapter (see :func:`quiz`)."""

    kind = "quiz"
    view = "quiz"

    def data(self) -> dict:
        """What the JSON island holds (:func:`quiz_data`)."""
        return quiz_data(self.deck)

    def html(self) -> str:
        """The skeleton, showing every question and its options, and the JSON island."""
        deck = self.deck
        parts = []
        for index, question in enumerate(deck.quiz):
            options = "".join(
                f'<button type="button" class="ndcg-qz-opt" data-option="{i}" aria-pressed="false" disabled>'
                f'<span class="ndcg-qz-letter">{letter}.</span>{to_html(option.text)}</button>'
                for i, (letter, option) in enumerate(zip(_LETTERS, question.options))
            )
            source = (
                f'<div class="ndcg-fc-source">Source: {html.escape(question.source)}</div>'
                if question.source
                else ""
            )
            parts.append(
                f'<div class="ndcg-qz-q" data-question="{html.escape(question.id)}" data-index="{index}">'
                f'<div class="ndcg-qz-text"><strong>Q{index + 1}.</strong> {to_html(question.question)}</div>'
                f'<div class="ndcg-qz-opts">{options}</div>'
                '<div class="ndcg-qz-fb" data-role="feedback" aria-live="polite" hidden></div>'
                f"{source}</div>"
            )
        return (
            self._open("ndcg-qz") + f'<div class="ndcg-head">\N{DIRECT HIT} Quiz: {html.escape(deck.title)} '
            f"({len(deck.quiz)} questions). Pick an answer: every option has its own feedback.</div>"
            + "".join(parts)
            + f'<div class="ndcg-qz-score" data-role="score" data-until-ready hidden>'
            f"Answered 0 of {len(deck.quiz)}</div>"
            "<noscript><p>This quiz needs JavaScript to give feedback.</p></noscript>"
            + _live_line("Quiz", deck.chapter)
            + json_island(self.data())
            + "</div>"
        )


def flashcards(chapter) -> FlashcardsView:
    """A chapter's flashcards as a kernel-free view for the book.

    In the built book it shows one card at a time: flip, previous/next,
    shuffle, and "got it / again" with the Leitner rule of
    :class:`~ndcg.course.cards.Leitner`. It needs no kernel and no network.

    Parameters
    ----------
    chapter : str or Deck

    Examples
    --------
    >>> snippet = flashcards("02_dcg")._repr_html_()
    >>> 'data-ndcg-view="flashcards"' in snippet and 'FlashcardDeck(&quot;02_dcg&quot;)' in snippet
    True
    >>> snippet.count("<script") == 1 and '<script type="application/json" data-ndcg-data>' in snippet
    True
    """
    return FlashcardsView(chapter)


def quiz(chapter) -> QuizView:
    """A chapter's quiz as a kernel-free view for the book.

    Every option, when chosen, shows its feedback and is marked right or
    wrong; a score line counts the questions answered right at the first try.

    Examples
    --------
    >>> snippet = quiz("02_dcg")._repr_html_()
    >>> "Quiz(&quot;02_dcg&quot;)" in snippet and snippet.count('class="ndcg-qz-q"') >= 4
    True
    """
    return QuizView(chapter)
