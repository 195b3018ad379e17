"""A third language through the manifest and its catalogues alone (issue 35): the pseudo-locale of
``tests/course/pseudo_locale.py`` is added for each test, and every view, card, check and list of
the package is made in it. A word left in plain English letters came through no catalogue: English
written in the code, which a new language would show as it is. Every module is imported before the
language is added, as in any session, so a list of languages kept from import time fails too.

What it leaves to the book's tests: the pages, the PDFs, the slide decks and the notebooks of an
edition, which a third language would need built (the Sphinx build of an edition is not made here).
"""

from __future__ import annotations

import json
import re

import pytest

from ndcg.course import anki, examples, figures, figures_ltr, i18n, manifest, tables
from ndcg.course.cards import flashcards, progress, quiz
from ndcg.course.cards.markup import named_sources
from ndcg.course.cards.notes import answer_key_markdown
from ndcg.course.cards.words import DOMAIN, WORDS
from ndcg.course.dropin import dropin_list
from ndcg.course.examples import MOVIES
from ndcg.course.widgets import MonsterGame, RankingExplorer, ReorderGame, TwoSystemsGame
from tests.course import pseudo_locale
from tests.course.helpers import films_check
from tests.course.pseudo_locale import CODE, english_words, visible_texts

CHAPTERS = manifest.chapter_stems()


@pytest.fixture
def pseudo(tmp_path):
    with pseudo_locale.added(tmp_path) as language:
        yield language


def test_the_check_finds_english_and_lets_code_maths_and_placeholders_be():
    texts = visible_texts(
        f"<p>{pseudo_locale.pseudo('Rank {rank} of')} <b>items</b> <code>ndcg.dcg</code> \\(k\\)</p>"
        '<button aria-label="Move up">▲</button><script type="application/json">{"a": "Next card", "id": "x"}</script>'
    )
    found = english_words(texts)
    assert [leak.split(" in ")[0] for leak in found] == ["'items'", "'Move'", "'Next'", "'card'"], found


def test_the_pseudo_language_is_a_language_of_the_course_while_added(pseudo):
    assert CODE in manifest.language_codes() and i18n.language() == CODE
    assert manifest.language(CODE).tag == "qps-ploc"
    english = "Reorder the list to NDCG = 1"
    assert (
        i18n.translator("views", "title:reorder", CODE)(english) == pseudo_locale.pseudo(english) != english
    )


def test_every_word_of_the_cards_views_reaches_the_new_language(pseudo):
    leaks = english_words([i18n.translator(DOMAIN, key, CODE)(english) for key, english in WORDS.items()])
    assert not leaks, leaks


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapters_flashcards_and_quiz_reach_the_new_language(pseudo, chapter):
    leaks = english_words(visible_texts(flashcards(chapter).html() + quiz(chapter).html()))
    assert not leaks, leaks


def views():
    """One of every kind of view of the package, as the chapters make them (a name: a function
    giving its HTML as a page without a kernel shows it, and its data for the book's script)."""

    def game(view):
        data = json.dumps(view.view_data(), ensure_ascii=False)
        return f'{view.snapshot_html()}<script type="application/json">{data}</script>'

    return {
        "discount": lambda: figures.discount_slider().html(),
        "gains": lambda: figures.gain_slider().html(),
        "ndcg-at-k": lambda: figures.ndcg_at_k().html(),
        "same-rr": lambda: figures.same_rr_builder().html(),
        "score-playground": lambda: figures_ltr.score_playground(
            [3, 2, 0, 1], [2.0, 0.5, 1.5, -1.0], names=["A", "B", "C", "D"]
        ).html(),
        "progress": lambda: progress().html(),
        "reorder": lambda: game(ReorderGame(examples.MOVIES)),
        "reorder-cg": lambda: game(ReorderGame(examples.BASKETBALL, cg=True)),
        "two-systems": lambda: game(
            TwoSystemsGame(examples.CAT_BATH_A, examples.CAT_BATH_B, words="discount")
        ),
        "monster": lambda: game(MonsterGame(examples.VIDEO_GAME_X)),
        "explorer": lambda: RankingExplorer(examples.EIGHT_RETRIEVED.grades, k=6).snapshot_html(),
    }


@pytest.mark.parametrize("view", list(views()))
def test_every_view_reaches_the_new_language(pseudo, view):
    shown = views()[view]()
    leaks = english_words(visible_texts(shown))
    assert not leaks, leaks


def test_the_checks_ladder_reaches_the_new_language(pseudo):

    check = films_check()
    said = [check.check([5, 8]).message for _ in range(3)] + [
        check.check("6, 8").message,
        check.check("?!").message,
    ]
    leaks = english_words(said)
    assert not leaks, leaks


def test_the_tables_lists_and_sources_reach_the_new_language(pseudo):

    shown = [
        tables.steps(MOVIES.grades, 3, items=MOVIES.items)._repr_html_(),
        tables.ndcg_steps(MOVIES.grades, 3)._repr_html_(),
    ]
    texts = [text for markup in shown for text in visible_texts(markup)]
    # (the drop-in list quotes each library's error message as the library says it)
    texts += [re.sub(r'"[^"]*"', "", dropin_list(language=CODE)), named_sources("004", CODE)]
    leaks = english_words(texts)
    assert not leaks, leaks


@pytest.mark.parametrize("chapter", CHAPTERS[:2])
def test_an_anki_deck_and_an_answer_key_reach_the_new_language(pseudo, chapter):

    deck = anki.chapter_deck(chapter, language=CODE)
    texts = [deck.name] + [
        text for note in deck.notes for field in note.fields for text in visible_texts(field)
    ]
    texts.append(answer_key_markdown(chapter, CODE))
    leaks = english_words(texts)
    assert not leaks, leaks
