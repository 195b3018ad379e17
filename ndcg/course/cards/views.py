"""The flashcards and quiz views of the book: an HTML skeleton and a JSON island.

A view is what :func:`flashcards` and :func:`quiz` display in a notebook
output. Its HTML holds no CSS and no JavaScript of its own:

* a skeleton, ``<div class="ndcg-kf ..." data-ndcg-view="flashcards">`` (or
  ``"quiz"``), that already shows the first card (or every question) and the
  live-widget line, with its controls inert until activated;
* a JSON island, ``<script type="application/json" data-ndcg-data>``, with the
  view's data: the cards (or questions) already rendered to HTML by
  :func:`ndcg.course.cards.to_html`.

In the built book, ``ndcg/course/static/ndcg-course.js`` (loaded, with
``ndcg-course.css``, by the Sphinx extension :mod:`ndcg_book.assets`)
finds every view and activates it: flashcards with the Leitner rule (written
once, there), the quiz with feedback for every option. In a running notebook
the same module plays the same view, live (:class:`ndcg.course.live.LiveFigure`).
"""

from __future__ import annotations

import collections
import html
import json
import re

from ..live import LiveFigure
from .content import Deck, as_deck
from .markup import link_sources, link_text, to_html

#: How many views of each kind and chapter this process made: the first one's DOM id is
#: ``ndcg-<kind>-<chapter>``, stable from build to build (the reader's progress is stored
#: under it, see ``ndcgCourse.store``); a second one on the same page gets ``-2``, and so on.
_MADE: collections.Counter = collections.Counter()
_LETTERS = "ABCDEFGHIJ"

#: What a view says about the progress it keeps (in the reader's browser only).
SAVED_NOTE = (
    "Your progress is saved in this browser, for this version of the book: "
    "come back later and it is still here."
)


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


_ISLAND = re.compile(r'(<script type="application/json" data-ndcg-data>)(.*?)(</script>)', re.S)


def _link_data(data, href: str, known) -> None:
    """Link the source codes in a view's data, in place: the cards' and the options' HTML, and a
    ``source_html`` beside every card's plain ``source`` (which the script shows when present)."""
    for card in data.get("cards", ()):
        card["front"] = link_sources(card["front"], href, known=known)
        card["back"] = link_sources(card["back"], href, known=known)
        if card.get("source"):
            card["source_html"] = link_text(card["source"], href, known=known, bare=True)
    for question in data.get("questions", ()):
        for option in question.get("options", ()):
            option["feedback"] = link_sources(option["feedback"], href, known=known)


def link_view_sources(fragment: str, href: str, *, known=None) -> str:
    """A book page's HTML ``fragment`` with every source code linked to the Sources page.

    Used by the Sphinx extension :mod:`ndcg_book.sources` on the notebook outputs of
    the built book only (the notebooks and the Anki deck keep plain text). The text is linked by
    :func:`~ndcg.course.cards.markup.link_sources`; a view's JSON island is decoded, its cards'
    and options' HTML linked the same way, and written back; ``href`` is the Sources page
    relative to the page (``"../reference/sources.html"`` from ``chapters/``).

    >>> page = link_view_sources(flashcards("02_dcg").html(), "../reference/sources.html")
    >>> "../reference/sources.html#source-002" in page and '"source_html":' in page
    True
    >>> link_view_sources('<div class="ndcg-fc-source">Source: 004, stage 2</div>', "sources.html")
    '<div class="ndcg-fc-source">Source: <a class="reference internal sources-link" href="sources.html#source-004">004</a>, stage 2</div>'
    """
    parts = []
    last = 0
    for island in _ISLAND.finditer(fragment):
        parts.append(link_sources(fragment[last : island.start()], href, known=known))
        data = json.loads(island.group(2))
        _link_data(data, href, known)
        parts.append(json_island(data))
        last = island.end()
    parts.append(link_sources(fragment[last:], href, known=known))
    return "".join(parts)


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
    """The quiz view's data: per question its id and kind, and per option whether it is right and
    its feedback."""
    return {
        "chapter": deck.chapter,
        "questions": [
            {
                "id": question.id,
                "kind": question.kind,
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


class _View(LiveFigure):
    """Shared plumbing of the flashcards and quiz views (played by ``ndcg-course.js``, in the
    book and, live, in a notebook)."""

    kind = ""
    view = ""

    def __init__(self, chapter):
        self.deck = as_deck(chapter)
        base = f"ndcg-{self.kind}-{self.deck.chapter.replace('_', '-')}"
        _MADE[base] += 1
        self.dom_id = base if _MADE[base] == 1 else f"{base}-{_MADE[base]}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.deck.chapter!r}>"

    def _open(self, css: str) -> str:
        return (
            f'<div class="ndcg-kf {css} mathjax_process" id="{self.dom_id}" '
            f'data-chapter="{html.escape(self.deck.chapter)}" data-ndcg-view="{self.view}">'
        )

    def data(self) -> dict:  # pragma: no cover - every view overrides it
        raise NotImplementedError

    def html(self) -> str:  # pragma: no cover - every view overrides it
        raise NotImplementedError


def _reset_bar(what: str) -> str:
    """A view's "reset" control: a button, then a confirmation step (Yes / Cancel)."""
    return (
        '<div class="ndcg-reset" data-until-ready hidden>'
        '<button type="button" data-action="reset" disabled>'
        f"\N{ANTICLOCKWISE OPEN CIRCLE ARROW} Reset {html.escape(what)}</button>"
        '<span class="ndcg-confirm" data-role="confirm" hidden>'
        f"Clear {html.escape(what)}? "
        '<button type="button" class="ndcg-again" data-action="confirm-reset">Yes, clear it</button>'
        '<button type="button" data-action="cancel-reset">Cancel</button>'
        "</span></div>"
    )


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
            '<p class="ndcg-saved" data-role="note" aria-live="polite" data-until-ready hidden>'
            "\N{CARD FILE BOX} \N{WHITE HEAVY CHECK MARK} Got it moves a card up a box, "
            "\N{ANTICLOCKWISE DOWNWARDS AND UPWARDS OPEN CIRCLE ARROWS} Again sends it back to box 1, "
            f"and lower boxes come back sooner. {SAVED_NOTE}</p>"
            + _reset_bar("this deck's boxes")
            + "<noscript><p>These flashcards need JavaScript; the printable flashcards page lists every "
            "card with its answer.</p></noscript>"
            + _live_line("FlashcardDeck", self.deck.chapter)
            + json_island(data)
            + "</div>"
        )


def _inline(fragment: str) -> str:
    """Drop the ``<p>`` around a one-paragraph HTML fragment, so it sits in a line or a label."""
    if fragment.startswith("<p>") and fragment.endswith("</p>") and fragment.count("<p>") == 1:
        return fragment[3:-4]
    return fragment


def answer_text(question) -> str:
    """The right answer in words: ``"B"``, ``"True"``, or ``"A, C"`` for a multi-select question.

    >>> from ndcg.course.cards import Option, Question
    >>> q = Question("q", "x", "?", (Option("a", True, ""), Option("b", False, ""), Option("c", True, "")),
    ...              kind="multi-select")
    >>> answer_text(q)
    'A, C'
    """
    if question.kind == "true-false":
        return question.options[question.answers[0]].text
    return ", ".join(_LETTERS[i] for i in question.answers)


def _question_options(question, index: int) -> str:
    """A question's options as the skeleton shows them: buttons, or checkboxes and a Check button."""
    if question.kind == "multi-select":
        boxes = "".join(
            f'<label class="ndcg-qz-opt ndcg-qz-check"><input type="checkbox" data-option="{i}" disabled>'
            f'<span class="ndcg-qz-letter">{letter}.</span><span>{_inline(to_html(option.text))}</span></label>'
            for i, (letter, option) in enumerate(zip(_LETTERS, question.options))
        )
        return (
            f'<fieldset class="ndcg-qz-opts"><legend class="ndcg-qz-how">Tick every right option '
            f"(one or more), then check your answer.</legend>{boxes}</fieldset>"
            '<button type="button" class="ndcg-qz-submit" data-action="submit" disabled>'
            f"\N{HEAVY CHECK MARK} Check my answer to Q{index + 1}</button>"
        )
    if question.kind == "true-false":
        buttons = "".join(
            f'<button type="button" class="ndcg-qz-opt ndcg-qz-tf" data-option="{i}" aria-pressed="false" '
            f"disabled>{html.escape(option.text)}</button>"
            for i, option in enumerate(question.options)
        )
        return f'<div class="ndcg-qz-opts ndcg-qz-tf-opts" role="group" aria-label="True or false">{buttons}</div>'
    buttons = "".join(
        f'<button type="button" class="ndcg-qz-opt" data-option="{i}" aria-pressed="false" disabled>'
        f'<span class="ndcg-qz-letter">{letter}.</span>{to_html(option.text)}</button>'
        for i, (letter, option) in enumerate(zip(_LETTERS, question.options))
    )
    return f'<div class="ndcg-qz-opts">{buttons}</div>'


def answer_key_html(deck) -> str:
    """The quiz's answers, for print only: a ``hidden`` list that the print stylesheet shows."""
    items = []
    for index, question in enumerate(deck.quiz):
        right = [question.options[i] for i in question.answers]
        why = "".join(
            (
                f'<div class="ndcg-qz-key-why"><span class="ndcg-qz-letter">{_LETTERS[i]}.</span>'
                f"{_inline(to_html(question.options[i].feedback))}</div>"
                if question.kind == "multi-select"
                else f'<div class="ndcg-qz-key-why">{_inline(to_html(option.feedback))}</div>'
            )
            for i, option in zip(question.answers, right)
        )
        items.append(f"<li><strong>Q{index + 1}: {html.escape(answer_text(question))}.</strong>{why}</li>")
    return (
        '<div class="ndcg-qz-key" data-role="key" hidden>'
        f'<div class="ndcg-head">Answers: {html.escape(deck.title)}</div>'
        f'<ol class="ndcg-qz-key-list">{"".join(items)}</ol></div>'
    )


_HOW = {
    "single": "",
    "true-false": '<span class="ndcg-qz-kind">True or false? </span>',
    "multi-select": '<span class="ndcg-qz-kind">Several answers: </span>',
}


class QuizView(_View):
    """The book's kernel-free quiz of one chapter (see :func:`quiz`)."""

    kind = "quiz"
    view = "quiz"

    def data(self) -> dict:
        """What the JSON island holds (:func:`quiz_data`)."""
        return quiz_data(self.deck)

    def html(self) -> str:
        """The skeleton (every question and its options), the print-only answer key, the JSON island."""
        deck = self.deck
        parts = []
        for index, question in enumerate(deck.quiz):
            source = (
                f'<div class="ndcg-fc-source">Source: {html.escape(question.source)}</div>'
                if question.source
                else ""
            )
            parts.append(
                f'<div class="ndcg-qz-q" data-question="{html.escape(question.id)}" data-index="{index}" '
                f'data-kind="{question.kind}">'
                f'<div class="ndcg-qz-text"><strong>Q{index + 1}.</strong> {_HOW[question.kind]}'
                f"{to_html(question.question)}</div>"
                + _question_options(question, index)
                + '<div class="ndcg-qz-fb" data-role="feedback" aria-live="polite" hidden></div>'
                f"{source}</div>"
            )
        return (
            self._open("ndcg-qz") + f'<div class="ndcg-head">\N{DIRECT HIT} Quiz: {html.escape(deck.title)} '
            f"({len(deck.quiz)} questions). Pick an answer: every option has its own feedback.</div>"
            + "".join(parts)
            + '<div class="ndcg-qz-score" data-role="score" aria-live="polite" data-until-ready hidden>'
            f"Answered 0 of {len(deck.quiz)}</div>"
            f'<p class="ndcg-saved" data-until-ready hidden>{SAVED_NOTE}</p>'
            + _reset_bar("your answers")
            + "<noscript><p>This quiz needs JavaScript to give feedback; printing the page adds "
            "the answers at the end.</p></noscript>"
            + answer_key_html(deck)
            + _live_line("Quiz", deck.chapter)
            + json_island(self.data())
            + "</div>"
        )


class ProgressView:
    """The reader's progress, chapter by chapter (see :func:`progress`)."""

    view = "progress"

    def __init__(self, decks=None, href="../chapters/{chapter}.html"):
        from .content import load_all

        self.decks = load_all() if decks is None else [as_deck(deck) for deck in decks]
        self.href = href

    def __repr__(self) -> str:
        return f"<ProgressView of {len(self.decks)} chapters>"

    def _repr_html_(self) -> str:
        return self.html()

    def data(self) -> dict:
        """What the JSON island holds: per chapter its key and its card and question ids."""
        return {
            "chapters": [
                {
                    "chapter": deck.chapter,
                    "cards": [card.id for card in deck.flashcards],
                    "questions": [question.id for question in deck.quiz],
                }
                for deck in self.decks
            ]
        }

    def html(self) -> str:
        """A table of every chapter (what a first visitor has), a "reset all", the JSON island."""
        rows = []
        for deck in self.decks:
            n_cards, n_questions = len(deck.flashcards), len(deck.quiz)
            boxes = "".join(
                f'<td class="num" data-box="{box}">{n_cards if box == 1 else 0}</td>' for box in range(1, 6)
            )
            link = html.escape(self.href.format(chapter=deck.chapter))
            rows.append(
                f'<tr data-chapter="{html.escape(deck.chapter)}"><th scope="row">'
                f'<a href="{link}" data-role="link">{html.escape(deck.chapter[:2])} · '
                f"{html.escape(deck.title)}</a></th>{boxes}"
                f'<td class="num" data-role="answered">0 of {n_questions}</td>'
                f'<td class="num" data-role="right">0</td></tr>'
            )
        head = "".join(
            f'<th scope="col" class="num"><span class="ndcg-sr">Box </span>{box}</th>' for box in range(1, 6)
        )
        return (
            '<div class="ndcg-kf ndcg-progress" id="ndcg-progress" data-ndcg-view="progress">'
            '<div class="ndcg-head">\N{CARD FILE BOX} Your progress, chapter by chapter</div>'
            "<p>Each chapter ends with flashcards and a quiz. "
            "\N{WHITE HEAVY CHECK MARK} <em>Got it</em> moves a card up one box (box 5 is the top), "
            "<em>Again</em> sends it back to box 1, and lower boxes come back sooner. "
            "Your boxes and your quiz answers are kept in this browser, for this version of the book, "
            "and counted here.</p>"
            '<div class="ndcg-scroll"><table class="ndcg-progress-table">'
            "<caption>Flashcards per Leitner box, and quiz questions answered and right "
            "at the first try</caption>"
            '<thead><tr><th scope="col" rowspan="2">Chapter</th>'
            '<th scope="colgroup" colspan="5" class="ndcg-boxes">Cards in box</th>'
            '<th scope="col" rowspan="2" class="num">Quiz answered</th>'
            '<th scope="col" rowspan="2" class="num">Right first try</th></tr>'
            f"<tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>"
            '<p class="ndcg-saved" data-role="status" aria-live="polite" data-until-ready hidden></p>'
            + _reset_bar("all your progress")
            + "<noscript><p>Your progress is counted by JavaScript, from this browser's storage.</p></noscript>"
            + json_island(self.data())
            + "</div>"
        )


def flashcards(chapter) -> FlashcardsView:
    """A chapter's flashcards as a kernel-free view for the book.

    In the built book it shows one card at a time: flip, previous/next,
    shuffle, and "got it / again" with the Leitner rule of ``ndcg-course.js``; the boxes, the schedule and the
    card shown are kept in the reader's browser across visits, and a
    "reset" control clears them. It needs no kernel and no network.

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
    wrong (a multi-select question: tick, then check; every option's feedback);
    a score line counts the questions answered right at the first try. The
    answers are kept in the reader's browser across visits; a "reset" control
    clears them. Printed, the view keeps every question and its options and
    ends with an answer key.

    Examples
    --------
    >>> snippet = quiz("02_dcg")._repr_html_()
    >>> "Quiz(&quot;02_dcg&quot;)" in snippet and snippet.count('class="ndcg-qz-q"') >= 4
    True
    """
    return QuizView(chapter)


def progress(decks=None, href="../chapters/{chapter}.html") -> ProgressView:
    """The reader's progress in every chapter, for the flashcards page of the book.

    For each chapter: how many flashcards are in each Leitner box, and how many quiz
    questions were answered and right at the first try, read from what the chapter's views
    stored in the browser; a "reset all" control clears it all.

    Parameters
    ----------
    decks : list of Deck, optional
        By default every chapter.
    href : str
        Where a chapter's page is, relative to the page showing the view (``{chapter}`` is
        replaced by the chapter key); the views' storage is keyed by that page. By default
        the flashcards page's: it is ``learners/flashcards``, one folder below the book's root.

    Examples
    --------
    >>> snippet = progress()._repr_html_()
    >>> 'data-ndcg-view="progress"' in snippet and 'href="../chapters/02_dcg.html"' in snippet
    True
    """
    return ProgressView(decks, href)
