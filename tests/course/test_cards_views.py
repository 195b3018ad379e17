"""Flashcards and quizzes: the kernel-free views (an HTML skeleton and a JSON island, no CSS, no
JavaScript; ``ndcg.course.cards.views``), the progress view and the printable page
(``ndcg.course.cards.printable``). Their behaviour in a browser is tested in tests/browser."""

import json
import re

import pytest

from ndcg.course import cards
from tests.course.cards_helpers import CHAPTERS, DECKS, KINDS, write

# -- the kernel-free views: an HTML skeleton and a JSON island, no CSS, no JavaScript ----------


def island(snippet):
    """The view's JSON island, parsed; and the check that it is the snippet's only script."""
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", snippet, re.DOTALL)
    assert len(scripts) == 1, "one script: the JSON island"
    attributes, text = scripts[0]
    assert attributes == ' type="application/json" data-ndcg-data'
    assert "<" not in text and ">" not in text  # nothing in the data can close it early
    return json.loads(text)


def view_root(snippet):
    return re.match(
        r'<div class="ndcg-kf (ndcg-fc|ndcg-qz)" id="([^"]+)" '
        r'data-chapter="([^"]+)" data-ndcg-view="(flashcards|quiz)"(?: data-lang="(?:en|zh)")?>',
        snippet,
    )


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_flashcards_view(chapter):
    snippet = cards.flashcards(chapter)._repr_html_()
    deck = DECKS[chapter]
    root = view_root(snippet)
    assert root and root.group(1) == "ndcg-fc" and root.group(3) == chapter and root.group(4) == "flashcards"
    assert f"FlashcardDeck(&quot;{chapter}&quot;)" in snippet and "Running this notebook?" in snippet
    assert "<noscript>" in snippet and "<style" not in snippet and " style=" not in snippet
    assert not re.search(r"https?://|src=|href=", snippet)  # nothing from the network
    # the skeleton already shows the first question; the controls wait for ndcg-course.js
    first = deck.flashcards[0]
    assert f'data-card-id="{first.id}"' in snippet and cards.to_html(first.front) in snippet
    assert '<div class="ndcg-fc-bar" data-until-ready hidden>' in snippet


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_flashcards_island_matches_the_content(chapter):
    from ndcg.course.cards.markup import named_sources

    data = island(cards.flashcards(chapter)._repr_html_())
    deck = cards.load(chapter)
    assert data["chapter"] == chapter
    assert data["cards"] == [  # in a notebook (one language), each source named after its code
        {
            "id": c.id,
            "front": cards.to_html(c.front),
            "back": cards.to_html(c.back),
            "source": named_sources(c.source, "en"),
        }
        for c in deck.flashcards
    ]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_quiz_view(chapter):
    snippet = cards.quiz(chapter)._repr_html_()
    deck = DECKS[chapter]
    root = view_root(snippet)
    assert root and root.group(1) == "ndcg-qz" and root.group(3) == chapter and root.group(4) == "quiz"
    for index, question in enumerate(deck.quiz):
        assert f'data-question="{question.id}" data-index="{index}"' in snippet
        assert cards.to_html(question.question) in snippet
        box = re.search(rf'data-question="{question.id}".*?data-role="feedback"', snippet, re.DOTALL).group(0)
        assert f'data-kind="{question.kind}"' in box
        for number, option in enumerate(question.options):
            if question.kind == "multi-select":  # a checkbox, its option's text in the label
                assert f'<input type="checkbox" data-option="{number}" disabled>' in box
                assert cards.views._inline(cards.to_html(option.text)) in box
            elif question.kind == "true-false":  # two buttons, True and False
                assert f'data-option="{number}" aria-pressed="false" disabled>{option.text}</button>' in box
            else:
                assert f'data-option="{number}" aria-pressed="false" disabled>' in box
                assert cards.to_html(option.text) in box
    assert f"Quiz(&quot;{chapter}&quot;)" in snippet and "<noscript>" in snippet
    assert "<style" not in snippet and " style=" not in snippet
    assert not re.search(r"https?://|src=|href=", snippet)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_quiz_island_matches_the_content(chapter):
    data = island(cards.quiz(chapter)._repr_html_())
    deck = cards.load(chapter)
    assert data["chapter"] == chapter
    assert data["questions"] == [
        {
            "id": q.id,
            "kind": q.kind,
            "options": [{"correct": o.correct, "feedback": cards.to_html(o.feedback)} for o in q.options],
        }
        for q in deck.quiz
    ]


def test_the_island_escapes_what_could_close_it():
    from ndcg.course.islands import json_island

    text = json_island({"html": "</script><!-- & -->"})
    assert island(text) == {"html": "</script><!-- & -->"}


def test_views_have_unique_dom_ids():
    snippets = [
        cards.flashcards("02_dcg")._repr_html_(),
        cards.quiz("02_dcg")._repr_html_(),
        cards.flashcards("02_dcg")._repr_html_(),
    ]
    ids = [view_root(s).group(2) for s in snippets]
    assert len(set(ids)) == 3
    view = cards.flashcards("01_cg")
    assert view._repr_html_() == view._repr_html_()  # the same object, the same snippet


def test_views_accept_a_deck():
    assert "Flashcards: CG" in cards.flashcards(DECKS["01_cg"])._repr_html_()
    assert cards.as_deck(DECKS["01_cg"]) is DECKS["01_cg"]


def test_the_hydrate_script_knows_every_view_and_the_leitner_rule():
    # ndcg-course.js activates the views by the names and roles the skeletons use, and runs
    # the Leitner rule with the intervals of tests/core/reference.py's oracle (the browser tests
    # click it through).
    from ndcg.course import assets

    script = assets.read(assets.JS)
    for name in ("flashcards", "quiz"):
        assert (
            f'data-ndcg-view="{name}"'
            in cards.flashcards("01_cg")._repr_html_() + cards.quiz("01_cg")._repr_html_()
        )
        assert f"{name}: {name}" in script
    assert "script[data-ndcg-data]" in script and 'setAttribute("data-ready", "true")' in script
    from tests.core.reference import Leitner

    intervals = [0] + [Leitner.INTERVALS[box] for box in sorted(Leitner.INTERVALS)]
    assert f"const INTERVALS = {intervals};" in script
    for role in ("card", "front", "back", "source", "label", "status", "flip", "score", "feedback"):
        assert f'data-role="{role}"' in cards.flashcards("01_cg").html() + cards.quiz("01_cg").html()
    assert "://" not in script  # it loads nothing


def test_printable_html_lists_every_card():
    page = cards.printable_html()
    for deck in DECKS.values():
        assert deck.title.replace("&", "&amp;") in page
        for card in deck.flashcards:
            assert f'id="card-{card.id}"' in page
    assert "$" not in page and "<style" not in page  # styled by static/ndcg-course.css
    from ndcg.course import assets

    assert ".ndcg-print" in assets.read(assets.CSS) and "@media print" in assets.read(assets.CSS)
    assert page == cards.printable_html()  # deterministic (stored in a notebook)


# -- every kind of question, the progress view, the printable page --------------------------


def test_the_quiz_view_of_every_kind(tmp_path):
    deck = cards.load_file(write(tmp_path, KINDS))
    snippet = cards.quiz(deck).html()
    data = island(snippet)
    assert [q["kind"] for q in data["questions"]] == ["single", "true-false", "true-false", "multi-select"]
    assert [o["correct"] for o in data["questions"][3]["options"]] == [True, False, True]
    # true/false: two buttons; multi-select: checkboxes in a fieldset, and a check button
    tf = re.search(r'data-question="t-true-false".*?</div></div>', snippet).group(0)
    assert re.findall(
        r'<button type="button" class="ndcg-qz-opt ndcg-qz-tf" data-option="(\d)"[^>]*>(\w+)</button>', tf
    ) == [
        ("0", "True"),
        ("1", "False"),
    ]
    multi = snippet[snippet.index('data-question="t-multi"') :]
    assert (
        multi.count('<input type="checkbox" data-option=') == 3
        and "<fieldset" in multi
        and "<legend" in multi
    )
    assert 'data-action="submit" disabled' in multi
    # the print-only answer key: hidden, every answer with the right option's feedback
    key = re.search(r'<div class="ndcg-qz-key" data-role="key" hidden>.*?</ol></div>', snippet).group(0)
    for answer in ("Q1: A.", "Q2: True.", "Q3: False.", "Q4: A, C."):
        assert answer in key
    assert "NDCG is one." in key and "MRR is one." in key and "RMSE" not in key
    assert "Right, it is a plain sum." in key and "No, a sum ignores order." not in key


def test_views_have_stable_ids_and_a_reset_control():
    from ndcg.course.cards import views

    views._MADE.clear()
    first, again = cards.quiz("03_idcg"), cards.quiz("03_idcg")
    assert (first.dom_id, again.dom_id) == ("ndcg-quiz-03-idcg", "ndcg-quiz-03-idcg-2")
    for snippet in (cards.flashcards("01_cg").html(), first.html()):
        assert '<button type="button" data-action="reset" disabled>' in snippet
        assert '<span class="ndcg-confirm" data-role="confirm" hidden>' in snippet
        assert 'data-action="confirm-reset"' in snippet and 'data-action="cancel-reset"' in snippet
        assert views.SAVED_NOTE in snippet
    assert "Got it moves a card up a box" in cards.flashcards("01_cg").html()


def test_the_progress_view():
    snippet = cards.progress().html()
    assert 'data-ndcg-view="progress"' in snippet and 'id="ndcg-progress"' in snippet
    data = island(snippet)
    assert [c["chapter"] for c in data["chapters"]] == CHAPTERS
    for chapter in data["chapters"]:
        deck = DECKS[chapter["chapter"]]
        assert chapter["cards"] == [c.id for c in deck.flashcards]
        assert chapter["questions"] == [q.id for q in deck.quiz]
        # relative to the flashcards page, learners/flashcards (the views' storage is keyed by the chapter's path)
        assert f'<a href="../chapters/{deck.chapter}.html" data-role="link">' in snippet
        # without JavaScript (a first visit), every card is in box 1
        row = re.search(rf'<tr data-chapter="{deck.chapter}">.*?</tr>', snippet).group(0)
        assert f'data-box="1">{len(deck.flashcards)}<' in row and f">0 of {len(deck.quiz)}<" in row
    assert "Yes, clear it" in snippet and "<style" not in snippet and " style=" not in snippet


def test_the_printable_page_has_every_question_and_the_answers_last(tmp_path):
    deck = cards.load_file(write(tmp_path, KINDS))
    page = cards.printable_html([deck])
    quiz = page[page.index('<ol class="ndcg-print-quiz">') :]
    for question in deck.quiz:
        assert f'id="question-{question.id}" data-kind="{question.kind}"' in quiz
    assert quiz.count("\N{BALLOT BOX} True \N{BALLOT BOX} False") == 2
    assert quiz.count("\N{BALLOT BOX} A.") == 1  # only the multi-select question has tick boxes
    assert quiz.index("ndcg-print-quiz") < quiz.index('class="ndcg-qz-key"') and " hidden" not in quiz
    assert "Q4: A, C." in quiz and "$" not in page
    assert cards.printable_html([deck], quiz=False).count("ndcg-print-quiz") == 0
    # every chapter's questions, on the book's page
    full = cards.printable_html()
    for one in DECKS.values():
        for question in one.quiz:
            assert f'id="question-{question.id}"' in full
