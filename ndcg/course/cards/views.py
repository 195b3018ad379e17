"""The flashcards and quiz views of the book: an HTML skeleton and a JSON island.

A view is what :func:`flashcards` and :func:`quiz` display in a notebook
output. Its HTML holds no CSS and no JavaScript of its own:

* a skeleton, ``<div class="ndcg-kf ..." data-ndcg-view="flashcards">`` (or
  ``"quiz"``), that already shows the first card (or every question) and the
  live-widget line, with its controls inert until activated;
* a JSON island, ``<script type="application/json" data-ndcg-data>``, with the
  view's data: the cards (or questions) already rendered to HTML by
  :func:`ndcg.course.cards.to_html`.

Every text comes in the language of the cells (:func:`ndcg.course.i18n.language`): in the book's
build, every language of the course, the page's CSS and script showing the one of its edition
(the skeleton's texts as one element per language, :func:`ndcg.course.i18n.html_texts`; the
data's texts as ``{language: text}``, with the words the script writes, :mod:`ndcg.course.cards.words`);
in a notebook, one language, named by the view's ``data-lang``.

In the built book, ``ndcg/course/static/ndcg-course.js`` (loaded, with
``ndcg-course.css``, by the Sphinx extension :mod:`ndcg_book.assets`)
finds every view and activates it: flashcards with the Leitner rule (written
once, there), the quiz with feedback for every option. In a running notebook
the same module plays the same view, live (:class:`ndcg.course.live.LiveFigure`).
"""

from __future__ import annotations

import collections
import html
import re

from .. import i18n
from ..islands import json_island, rewrite
from ..live import LiveFigure
from . import words
from .content import Deck, as_deck
from .markup import SOURCE_FIELD_CLASSES, cite_field, link_sources, named_sources, to_html
from .words import html_text, html_word, text_html

#: How many views of each kind and chapter this process made: the first one's DOM id is
#: ``ndcg-<kind>-<chapter>``, stable from build to build (the reader's progress is stored
#: under it, see ``ndcgCourse.store``); a second one on the same page gets ``-2``, and so on.
_MADE: collections.Counter = collections.Counter()
_LETTERS = "ABCDEFGHIJ"

#: What a view says about the progress it keeps (in the reader's browser only).
SAVED_NOTE = words.WORDS["saved-note"]


class Languages:
    """A deck in each language the cells show (:func:`ndcg.course.cards.words.languages`), and
    its texts as HTML (every language in the book, each in its element) or as data (by language)."""

    def __init__(self, deck):
        deck = as_deck(deck)
        self.decks = {language: as_deck(deck, language) for language in words.languages()}

    def html(self, make, tag: str = "span") -> str:
        """``make(deck, language)`` (HTML) in each language."""
        texts = {language: make(deck, language) for language, deck in self.decks.items()}
        return next(iter(texts.values())) if len(texts) == 1 else text_html(texts, tag)

    def markdown(self, make) -> str:
        """``make(deck, language)`` (a text rendered by :func:`to_html`) in each language. Texts of
        one paragraph each stay one paragraph, the languages as two ``<span>`` in it, so the
        layout of a paragraph (shown inline after a letter or a number) is the same as with one
        language; longer texts are two ``<div>`` (which ``ndcg-course.css`` lays out as if they
        were not there: ``display: contents``)."""
        texts = {language: make(deck, language) for language, deck in self.decks.items()}
        if len(set(texts.values())) == 1:
            return next(iter(texts.values()))
        if all(_one_paragraph(text) for text in texts.values()):
            return f"<p>{text_html({language: text[3:-4] for language, text in texts.items()})}</p>"
        return text_html(texts, "div")

    def source(self, text: str, language: str) -> str:
        """A ``source:`` field as the view shows it: in the book (both languages), its codes alone,
        which the build turns into citation markers linked to the Sources page; in a notebook (one
        language), each code followed by its document's name (:func:`named_sources`)."""
        return text if len(self.decks) > 1 else named_sources(text, language)

    def data(self, make):
        """``make(deck, language)`` in the one language, or ``{"en": ..., "zh": ...}``."""
        if len(self.decks) == 1:
            return make(*next(iter(self.decks.items()))[::-1])
        return {language: make(deck, language) for language, deck in self.decks.items()}


def _one_paragraph(fragment: str) -> bool:
    return fragment.startswith("<p>") and fragment.endswith("</p>") and fragment.count("<p>") == 1


def lang_attribute() -> str:
    """The view's ``data-lang`` in a notebook (one language); none in the book (the page's)."""
    now = i18n.language()
    return "" if now == "both" else f' data-lang="{now}"'


def _link_data(data, href: str, known, labels=None) -> None:
    """Link the source codes in a view's data, in place: the cards' and the options' HTML (in
    each language), and a ``source_html`` beside every card's plain ``source``: its citation
    markers (:func:`~ndcg.course.cards.markup.cite_field`), which the script shows when present."""

    def linked(value):
        if isinstance(value, dict):
            return {language: link_sources(text, href, known=known) for language, text in value.items()}
        return link_sources(value, href, known=known)

    for card in data.get("cards", ()):
        card["front"] = linked(card["front"])
        card["back"] = linked(card["back"])
        if card.get("source"):  # one text, or each language's: the citation markers
            source = card["source"]
            card["source_html"] = (
                {
                    language: cite_field(text, href, known=known, labels=labels)
                    for language, text in source.items()
                }
                if isinstance(source, dict)
                else cite_field(source, href, known=known, labels=labels)
            )
    for question in data.get("questions", ()):
        for option in question.get("options", ()):
            option["feedback"] = linked(option["feedback"])


#: A ``source:`` field in a view's skeleton (a quiz question's): its text, tags and all.
_FIELD_NAMES = "|".join(map(re.escape, SOURCE_FIELD_CLASSES))
_FIELD = re.compile(rf'(<div class="(?:{_FIELD_NAMES})">)(.*?)(</div>)', re.S)


def _cite_fields(fragment: str, href: str, known, labels) -> str:
    """Each ``source:`` field of ``fragment`` made its citation markers ("Source: 003, step 2"
    in both languages becomes one ``[003]``)."""

    def markers(match):
        text = re.sub(r"<[^>]*>", " ", match.group(2))
        return match.group(1) + cite_field(text, href, known=known, labels=labels) + match.group(3)

    return _FIELD.sub(markers, fragment)


def link_view_sources(fragment: str, href: str, *, known=None, labels=None) -> str:
    """A book page's HTML ``fragment`` with every source code linked to the Sources page.

    Used by the Sphinx extension :mod:`ndcg_book.sources` on the notebook outputs of
    the built book only (the notebooks and the Anki deck keep plain text). The text is linked by
    :func:`~ndcg.course.cards.markup.link_sources`; a view's JSON island is decoded, its cards'
    and options' HTML linked the same way, and written back; ``href`` is the Sources page
    relative to the page (``"../reference/sources.html"`` from ``chapters/``).

    >>> page = link_view_sources(flashcards("02_dcg").html(), "../reference/sources.html")
    >>> "../reference/sources.html#source-002" in page and '"source_html":' in page
    True

    A ``source:`` field (a quiz question's, a card's) becomes its citation markers, each
    named by ``labels`` (code to the label of its marker: the Sources page's entry title):

    >>> link_view_sources('<div class="ndcg-fc-source">Source: 004, stage 2</div>', "sources.html")
    '<div class="ndcg-fc-source"><sup class="source-cite"><a class="reference internal source-cite-link" href="sources.html#source-004" title="[004]" aria-label="[004]">[004]</a></sup></div>'
    """

    def data(found):
        _link_data(found, href, known, labels)
        return found

    return rewrite(
        fragment, lambda part: _cite_fields(link_sources(part, href, known=known), href, known, labels), data
    )


def flashcards_data(deck: Deck) -> dict:
    """The flashcards view's data: every card's id, source, and front and back as HTML (each a
    ``{"en": ..., "zh": ...}`` in the book), and the words the script writes."""
    both = Languages(deck)
    return {
        "chapter": deck.chapter,
        "cards": [
            {
                "id": card.id,
                "front": both.data(lambda d, _, i=i: to_html(d.flashcards[i].front)),
                "back": both.data(lambda d, _, i=i: to_html(d.flashcards[i].back)),
                "source": both.data(lambda d, lang, i=i: both.source(d.flashcards[i].source, lang))
                if card.source
                else "",
            }
            for i, card in enumerate(as_deck(deck).flashcards)
        ],
        "words": words.data("flashcards"),
    }


def quiz_data(deck: Deck) -> dict:
    """The quiz view's data: per question its id and kind, and per option whether it is right and
    its feedback (a ``{"en": ..., "zh": ...}`` in the book), and the words the script writes."""
    both = Languages(deck)
    return {
        "chapter": deck.chapter,
        "questions": [
            {
                "id": question.id,
                "kind": question.kind,
                "options": [
                    {
                        "correct": option.correct,
                        "feedback": both.data(lambda d, _, q=q, o=o: to_html(d.quiz[q].options[o].feedback)),
                    }
                    for o, option in enumerate(question.options)
                ],
            }
            for q, question in enumerate(as_deck(deck).quiz)
        ],
        "words": words.data("quiz"),
    }


def _live_line(widget: str, chapter: str) -> str:
    code = f'from ndcg.course.widgets import {widget}; {widget}("{chapter}")'
    return f'<p class="ndcg-live">{html_word("live", code=f"<code>{html.escape(code)}</code>")}</p>'


class _View(LiveFigure):
    """Shared plumbing of the flashcards and quiz views (played by ``ndcg-course.js``, in the
    book and, live, in a notebook)."""

    kind = ""
    view = ""

    def __init__(self, chapter):
        self.deck = as_deck(chapter)
        self.languages = Languages(self.deck)
        base = f"ndcg-{self.kind}-{self.deck.chapter.replace('_', '-')}"
        _MADE[base] += 1
        self.dom_id = base if _MADE[base] == 1 else f"{base}-{_MADE[base]}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.deck.chapter!r}>"

    def _open(self, css: str) -> str:
        return (
            f'<div class="ndcg-kf {css}" id="{self.dom_id}" '
            f'data-chapter="{html.escape(self.deck.chapter)}" data-ndcg-view="{self.view}"{lang_attribute()}>'
        )

    def data(self) -> dict:  # pragma: no cover - every view overrides it
        raise NotImplementedError

    def html(self) -> str:  # pragma: no cover - every view overrides it
        raise NotImplementedError


def _reset_bar(what: str) -> str:
    """A view's "reset" control: a button, then a confirmation step (Yes / Cancel); ``what`` is
    the key of the words naming what it clears."""
    said = words.both(what)
    return (
        '<div class="ndcg-reset" data-until-ready hidden>'
        '<button type="button" data-action="reset" disabled>'
        f"\N{ANTICLOCKWISE OPEN CIRCLE ARROW} {html_word('reset', what=words.escaped(said))}</button>"
        '<span class="ndcg-confirm" data-role="confirm" hidden>'
        f"{html_word('clear-what', what=words.escaped(said))}"
        f'<button type="button" class="ndcg-again" data-action="confirm-reset">{html_word("yes-clear")}</button>'
        f'<button type="button" data-action="cancel-reset">{html_word("cancel")}</button>'
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
        both = self.languages
        head = both.html(
            lambda d, lang: html_text("flashcards-head", lang, title=html.escape(d.title), n=len(cards))
        )
        note = both.html(
            lambda d, lang: words.sentences(html_text("leitner-note", lang), html_text("saved-note", lang))
        )
        return (
            self._open("ndcg-fc") + f'<div class="ndcg-head">\N{FLOWER PLAYING CARDS} {head}</div>'
            f'<div class="ndcg-fc-card" data-role="card" data-card-id="{html.escape(first["id"])}" '
            'aria-live="polite">'
            f'<div class="ndcg-fc-label" data-role="label">{html_word("question")}</div>'
            f'<div class="ndcg-fc-front" data-role="front">{both.markdown(lambda d, _: to_html(d.flashcards[0].front))}</div>'
            f'<div class="ndcg-fc-back" data-role="back" hidden>{both.markdown(lambda d, _: to_html(d.flashcards[0].back))}</div>'
            '<div class="ndcg-fc-source" data-role="source" hidden></div>'
            "</div>"
            '<div class="ndcg-fc-bar" data-until-ready hidden>'
            f'<button type="button" data-action="previous">\N{BLACK LEFT-POINTING TRIANGLE} {html_word("previous")}</button>'
            f'<button type="button" data-action="flip" data-role="flip">{html_word("flip")}</button>'
            f'<button type="button" data-action="next">{html_word("next")} \N{BLACK RIGHT-POINTING TRIANGLE}</button>'
            f'<button type="button" data-action="shuffle">\N{TWISTED RIGHTWARDS ARROWS} {html_word("shuffle")}</button>'
            '<button type="button" class="ndcg-again" data-action="again">'
            f"\N{ANTICLOCKWISE DOWNWARDS AND UPWARDS OPEN CIRCLE ARROWS} {html_word('again')}</button>"
            f'<button type="button" class="ndcg-got" data-action="got">\N{WHITE HEAVY CHECK MARK} {html_word("got")}</button>'
            "</div>"
            f'<div class="ndcg-fc-status" data-role="status" data-until-ready hidden>{html_word("card-of", n=1, total=len(cards))}</div>'
            '<p class="ndcg-saved" data-role="note" aria-live="polite" data-until-ready hidden>'
            f"\N{CARD FILE BOX} {note}</p>"
            + _reset_bar("what-boxes")
            + f"<noscript><p>{html_word('cards-noscript')}</p></noscript>"
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
    """The right answer in words: ``"B"``, ``"True"`` (in the deck's language), or ``"A, C"`` for a
    multi-select question.

    >>> from ndcg.course.cards import Option, Question
    >>> q = Question("q", "x", "?", (Option("a", True, ""), Option("b", False, ""), Option("c", True, "")),
    ...              kind="multi-select")
    >>> answer_text(q)
    'A, C'
    """
    if question.kind == "true-false":
        return question.options[question.answers[0]].text
    return ", ".join(_LETTERS[i] for i in question.answers)


def _question_options(both: Languages, q: int) -> str:
    """A question's options as the skeleton shows them: buttons, or checkboxes and a Check button."""
    question = next(iter(both.decks.values())).quiz[q]

    def text(o: int, inline: bool = False) -> str:
        if inline:
            return both.html(lambda d, _: _inline(to_html(d.quiz[q].options[o].text)))
        return both.markdown(lambda d, _: to_html(d.quiz[q].options[o].text))

    if question.kind == "multi-select":
        boxes = "".join(
            f'<label class="ndcg-qz-opt ndcg-qz-check"><input type="checkbox" data-option="{i}" disabled>'
            f'<span class="ndcg-qz-letter">{letter}.</span><span>{text(i, inline=True)}</span></label>'
            for i, letter in zip(range(len(question.options)), _LETTERS)
        )
        return (
            f'<fieldset class="ndcg-qz-opts"><legend class="ndcg-qz-how">{html_word("tick-how")}</legend>'
            f"{boxes}</fieldset>"
            '<button type="button" class="ndcg-qz-submit" data-action="submit" disabled>'
            f"\N{HEAVY CHECK MARK} {html_word('check-answer', n=q + 1)}</button>"
        )
    if question.kind == "true-false":
        buttons = "".join(
            f'<button type="button" class="ndcg-qz-opt ndcg-qz-tf" data-option="{i}" aria-pressed="false" '
            f"disabled>{both.html(lambda d, _, i=i: html.escape(d.quiz[q].options[i].text))}</button>"
            for i in range(len(question.options))
        )
        label = html.escape(words.word("true-or-false", words.languages()[0]))
        return (
            f'<div class="ndcg-qz-opts ndcg-qz-tf-opts" role="group" aria-label="{label}" '
            f'data-aria-label="true-or-false">{buttons}</div>'
        )
    buttons = "".join(
        f'<button type="button" class="ndcg-qz-opt" data-option="{i}" aria-pressed="false" disabled>'
        f'<span class="ndcg-qz-letter">{letter}.</span>{text(i)}</button>'
        for i, letter in zip(range(len(question.options)), _LETTERS)
    )
    return f'<div class="ndcg-qz-opts">{buttons}</div>'


def answer_key_html(deck) -> str:
    """The quiz's answers, for print only: a ``hidden`` list that the print stylesheet shows (in
    the language of the cells: both in the book)."""
    both = Languages(deck)
    deck = next(iter(both.decks.values()))
    items = []
    for index in range(len(deck.quiz)):

        def why(d, _, index=index):
            asked = d.quiz[index]
            return "".join(
                (
                    f'<div class="ndcg-qz-key-why"><span class="ndcg-qz-letter">{_LETTERS[i]}.</span>'
                    f"{_inline(to_html(asked.options[i].feedback))}</div>"
                    if asked.kind == "multi-select"
                    else f'<div class="ndcg-qz-key-why">{_inline(to_html(asked.options[i].feedback))}</div>'
                )
                for i in asked.answers
            )

        answer = both.html(
            lambda d, lang, index=index: html_text(
                "answer-item", lang, n=index + 1, answer=html.escape(answer_text(d.quiz[index]))
            )
        )
        items.append(f"<li><strong>{answer}</strong>{both.html(why, 'div')}</li>")
    head = both.html(lambda d, lang: html_text("answers-head", lang, title=html.escape(d.title)))
    return (
        '<div class="ndcg-qz-key" data-role="key" hidden>'
        f'<div class="ndcg-head">{head}</div>'
        f'<ol class="ndcg-qz-key-list">{"".join(items)}</ol></div>'
    )


#: The words before a question of each kind (none before a single-answer one).
_HOW = {"single": "", "true-false": "kind-true-false", "multi-select": "kind-multi-select"}


def how_html(kind: str, how=_HOW) -> str:
    """The words saying how to answer a question of ``kind``, as HTML (empty for "single")."""
    return f'<span class="ndcg-qz-kind">{html_word(how[kind])}</span>' if how[kind] else ""


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
        both = self.languages
        parts = []
        for index, question in enumerate(deck.quiz):
            source = (  # in each language: a source with words has its Chinese (cards/sources)
                '<div class="ndcg-fc-source">'
                + both.html(
                    lambda d, lang, index=index: html_text(
                        "source", lang, source=html.escape(both.source(d.quiz[index].source, lang))
                    )
                )
                + "</div>"
                if question.source
                else ""
            )
            asked = both.markdown(lambda d, _, index=index: to_html(d.quiz[index].question))
            parts.append(
                f'<div class="ndcg-qz-q" data-question="{html.escape(question.id)}" data-index="{index}" '
                f'data-kind="{question.kind}">'
                f'<div class="ndcg-qz-text"><strong>Q{index + 1}.</strong> {how_html(question.kind)}'
                f"{asked}</div>"
                + _question_options(both, index)
                + '<div class="ndcg-qz-fb" data-role="feedback" aria-live="polite" hidden></div>'
                f"{source}</div>"
            )
        head = both.html(
            lambda d, lang: html_text("quiz-head", lang, title=html.escape(d.title), n=len(d.quiz))
        )
        return (
            self._open("ndcg-qz")
            + f'<div class="ndcg-head">\N{DIRECT HIT} {head}</div>'
            + "".join(parts)
            + '<div class="ndcg-qz-score" data-role="score" aria-live="polite" data-until-ready hidden>'
            f"{html_word('answered-of', answered=0, total=len(deck.quiz))}</div>"
            f'<p class="ndcg-saved" data-until-ready hidden>{html_word("saved-note")}</p>'
            + _reset_bar("what-answers")
            + f"<noscript><p>{html_word('quiz-noscript')}</p></noscript>"
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
        """What the JSON island holds: per chapter its key and its card and question ids; the words
        the script writes."""
        return {
            "chapters": [
                {
                    "chapter": deck.chapter,
                    "cards": [card.id for card in deck.flashcards],
                    "questions": [question.id for question in deck.quiz],
                }
                for deck in self.decks
            ],
            "words": words.data("progress"),
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
            title = Languages(deck).html(lambda d, _: html.escape(d.title))
            rows.append(
                f'<tr data-chapter="{html.escape(deck.chapter)}"><th scope="row">'
                f'<a href="{link}" data-role="link">{html.escape(deck.chapter[:2])} · '
                f"{title}</a></th>{boxes}"
                f'<td class="num" data-role="answered">{html_word("n-of-total", n=0, total=n_questions)}</td>'
                f'<td class="num" data-role="right">0</td>'
                f'<td class="num" data-role="practice">0</td></tr>'
            )
        head = "".join(
            f'<th scope="col" class="num"><span class="ndcg-sr">{html_word("box")}</span>{box}</th>'
            for box in range(1, 6)
        )
        return (
            f'<div class="ndcg-kf ndcg-progress" id="ndcg-progress" data-ndcg-view="progress"{lang_attribute()}>'
            f'<div class="ndcg-head">\N{CARD FILE BOX} {html_word("progress-head")}</div>'
            f"<p>{html_word('progress-intro')}</p>"
            '<div class="ndcg-scroll"><table class="ndcg-progress-table">'
            f"<caption>{html_word('progress-caption')}</caption>"
            f'<thead><tr><th scope="col" rowspan="2">{html_word("chapter")}</th>'
            f'<th scope="colgroup" colspan="5" class="ndcg-boxes">{html_word("cards-in-box")}</th>'
            f'<th scope="col" rowspan="2" class="num">{html_word("quiz-answered")}</th>'
            f'<th scope="col" rowspan="2" class="num">{html_word("right-first-try")}</th>'
            f'<th scope="col" rowspan="2" class="num">{html_word("practice-solved")}</th></tr>'
            f"<tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>"
            '<p class="ndcg-saved" data-role="status" aria-live="polite" data-until-ready hidden></p>'
            + _reset_bar("what-all")
            + f"<noscript><p>{html_word('progress-noscript')}</p></noscript>"
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

    For each chapter: how many flashcards are in each Leitner box, how many quiz questions
    were answered and right at the first try, and how many of the exercises answered in the
    chapter's page (the book's practice block) were solved, read from what the chapter's views
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
