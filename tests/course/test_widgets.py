"""The live views' Python side: the anywidget and its book fallback, the data they carry, the
answer checks (which stay in Python), maths as MathML. How the views play is the browser's
business (the book: tests/browser/; a notebook: tests/browser/test_jupyterlab.py)."""

import matplotlib

matplotlib.use("Agg")

import re

import pytest

import ndcg
from ndcg.course import assets, cards
from ndcg.course import widgets as w
from ndcg.course.checks import FunctionCheck, NumberCheck, ranking_cases
from ndcg.course.examples import VIDEO_GAME_X, VIDEO_GAME_Y

SNAPSHOT = "This is a snapshot: run the notebook to play with it live."
VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def bundle(widget) -> dict:
    data, _ = widget._repr_mimebundle_()
    assert VIEW_MIME in data  # the live view
    assert data["text/html"]  # and what the book shows
    return data


# -- View: one implementation, two deliveries ---------------------------------------------------


def test_a_view_is_the_books_html_played_by_the_books_module():
    game = w.ReorderGame(VIDEO_GAME_X)
    data = bundle(game)
    assert data["text/html"] == game.snapshot_html() == game.html  # no maths here: the same HTML
    assert 'data-ndcg-view="reorder"' in game.html and SNAPSHOT not in game.html
    # the front end: ndcg-games.js with what it imports, anywidget's render as the default export
    assert game._esm == assets.esm("ndcg-games.js")
    assert "// ndcg-metrics.js" in game._esm and "// ndcg-course.js" in game._esm
    assert game._esm.rstrip().endswith("export default { render: __ndcg_course.render };")
    assert not re.search(r"^import ", game._esm, re.M)  # self-contained: nothing to fetch
    assert "://" not in game._esm


def test_views_style_themselves_from_the_package_stylesheets():
    # the notebook gets the book's stylesheets as anywidget's _css (comments dropped); the HTML
    # itself is styled by class only, as in the book
    def rules(text):
        return " ".join(re.sub(r"/\*.*?\*/", "", text, flags=re.S).split())

    made = [
        (w.RankingExplorer([3, 2, 1]), "ndcg-explorers.css"),
        (w.ReorderGame(VIDEO_GAME_X), "ndcg-games.css"),
        (w.TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y), "ndcg-games.css"),
        (w.AnswerChecker(NumberCheck(1.0, name="x")), None),
        (w.FlashcardDeck("01_cg"), None),
        (w.Quiz("01_cg"), None),
    ]
    course = rules(assets.read(assets.CSS))
    for widget, own in made:
        assert rules(widget._css).startswith(course) and "/*" not in widget._css
        if own:
            assert rules(widget._css) == course + " " + rules(assets.read(own))
        snapshot = bundle(widget)["text/html"]
        assert "<style" not in snapshot and " style=" not in snapshot, type(widget).__name__
        assert "<style" not in widget.html and " style=" not in widget.html


def test_figures_and_card_views_are_live_in_a_notebook_and_the_same_html_in_the_book():
    from ndcg.course import figures, figures_ltr

    shown = [
        (figures.discount_slider(), "ndcg-explorers.js"),
        (figures.ndcg_at_k(), "ndcg-explorers.js"),
        (
            figures_ltr.score_playground([1, 3, 2, 0], [2.0, 1.0, 0.0, -1.0], names=list("ABCD"), k=4),
            "ndcg-ltr.js",
        ),
        (cards.flashcards("02_dcg"), "ndcg-course.js"),
    ]
    for figure, module in shown:
        data, _ = figure._repr_mimebundle_()
        assert VIEW_MIME in data and data["text/plain"] == repr(figure) and module == figure._MODULE
        assert data["text/html"] == figure.html() == figure._repr_html_()
    # the widget behind it carries the same module
    view = w.View(figures.gain_slider().html(), module="ndcg-explorers.js")
    assert view._esm == assets.esm("ndcg-explorers.js") and 'data-ndcg-view="gains"' in view.html


def test_maths_is_mathml_in_the_notebook_and_tex_in_the_book():
    deck = w.FlashcardDeck("02_dcg")
    book = bundle(deck)["text/html"]
    assert "\\(" in book or "\\\\(" in book  # TeX, for the book's KaTeX (in the island, JSON-escaped)
    assert "\\(" not in deck.html and "\\\\(" not in deck.html  # JupyterLab typesets no widget
    assert "<math " in deck.html or "\\u003cmath " in deck.html
    island = re.search(r"data-ndcg-data>(.*?)</script>", deck.html, re.S)[1]
    assert "\\u003cmath xmlns=" in island  # inside the JSON island too, still escaped
    assert w.base.mathml("<p>\\(a &lt; b\\)</p>").count("<mo>&#x0003C;</mo>") == 1
    assert w.base.mathml("no maths") == "no maths"
    assert w.base.mathml("\\(\\unknowncommand{\\)") == "\\(\\unknowncommand{\\)"  # left as TeX


# -- RankingExplorer ---------------------------------------------------------------------------


def test_explorer_starts_with_ndcg_numbers_table_and_chart():
    explorer = w.RankingExplorer()
    rels = [3, 2, 1, 0, 2]
    assert explorer.start == ("3, 2, 1, 0, 2", 5, "linear")
    assert explorer.dcg_value == ndcg.dcg(rels)
    assert explorer.idcg_value == ndcg.idcg(rels)
    assert explorer.ndcg_value == ndcg.ndcg(rels)
    view = bundle(explorer)["text/html"]
    assert 'data-ndcg-view="explorer"' in view and SNAPSHOT not in view
    for label, value in (("DCG@5", ndcg.dcg(rels)), ("IDCG@5", ndcg.idcg(rels))):
        assert f"{label} = <b>{value:.3f}</b>" in view or f"{label} = {value:.3f}" in view
    assert ndcg.course.tables.steps(rels)._repr_html_() in view
    assert "data:image/png;base64," in view and "DCG@5 = 5.536" in view  # the chart and its text


def test_explorer_view():
    explorer = w.RankingExplorer([3, 2, 1], k=2)
    view = bundle(explorer)["text/html"]
    assert "Ranking explorer" in view and "<code>3, 2, 1</code>" in view
    assert f"NDCG@2 = DCG / IDCG = <b>{ndcg.ndcg([3, 2, 1], 2):.3f}</b>" in view
    assert 'class="ndcg-steps"' in view and "data:image/png;base64," in view
    assert view.index("ndcg-steps") < view.index("data-ndcg-data")  # the JSON island comes last
    assert round(w.RankingExplorer(gain="exponential").dcg_value, 3) == 10.553


def test_explorer_refuses_bad_arguments():
    with pytest.raises(ValueError, match="gain must be one of"):
        w.RankingExplorer(gain="log")
    with pytest.raises(ValueError, match="k must be a positive integer"):
        w.RankingExplorer(k=0)
    with pytest.raises(ValueError, match="non-negative"):
        w.RankingExplorer([3, -1])
    with pytest.raises(ValueError, match="at most 1023"):
        w.RankingExplorer([2000], gain="exponential")


# -- AnswerChecker: the check stays in Python ---------------------------------------------------


def number_check():
    return NumberCheck(
        ndcg.dcg([3, 2, 1]),
        name="DCG@3 of [3, 2, 1]",
        abs_tol=5e-3,
        hint="Divide each grade by log2(rank + 1).",
        hint2="The first term is 3/log2(2) = 3.",
        explanation="3/1 + 2/log2(3) + 1/log2(4).",
    )


def press(box, typed=None):
    """What the box's "Check" button does in the browser: send the typed text, count a press."""
    if typed is not None:
        box.answer = typed
    box.submitted += 1


def test_answer_checker_hint_then_explanation_then_correct():
    box = w.AnswerChecker(number_check())
    assert box.feedback == "" and box.attempts == 0
    assert 'data-ndcg-view="answer"' in box.html and box._esm == assets.esm("ndcg-answer.js")
    press(box)  # empty box: not yet, not counted
    assert box.last.status == "not yet" and "type your answer" in box.feedback
    press(box, "6")
    assert box.last.status == "incorrect" and "Hint: Divide each grade" in box.feedback
    assert "Explanation" not in box.feedback and box.attempts == 1
    press(box, "5")
    assert "A closer look: The first term is 3/log2(2) = 3." in box.feedback
    assert "Explanation" not in box.feedback and "Hint" not in box.feedback
    press(box, "4")
    assert "Explanation: 3/1 + 2/log2(3)" in box.feedback and "closer look" not in box.feedback
    press(box, "abc")  # unreadable: a word on the format
    assert box.last.status == "incorrect" and "Could not read" in box.feedback
    assert box.submit(f"{ndcg.dcg([3, 2, 1]):.2f}").status == "correct"
    assert "ndcg-good" in box.feedback and "after 3 wrong answers" in box.feedback
    snapshot = bundle(box)["text/html"]
    assert SNAPSHOT in snapshot  # what a page without a kernel shows: the state, as a snapshot
    assert "DCG@3 of [3, 2, 1]" in snapshot and "Correct" in snapshot and "<code>4.76</code>" in snapshot


def test_answer_checker_list_answer():
    box = w.AnswerChecker(NumberCheck([3, 2, 2, 1, 0], name="the ideal order"))
    assert "numbers separated by commas" in box.html
    assert box.submit("3, 2, 2, 1, 0").status == "correct"


def test_answer_checker_function_from_the_namespace():
    from ndcg.course.tables import steps

    check = FunctionCheck(
        ndcg.dcg,
        name="DCG@k",
        cases=lambda rng: ranking_cases(rng, n=30),
        hint="Use 1 / log2(i + 1).",
        explanation="sum(g / log2(i + 2) for i, g in ...)",
        steps=steps,
    )
    namespace = {}
    box = w.AnswerChecker(check, function_name="my_dcg", namespace=namespace)
    assert box.answer == "my_dcg" and "Function " in box.html and 'value="my_dcg"' in box.html
    press(box)
    assert box.last.status == "not yet" and "no function called <code>my_dcg</code>" in box.feedback

    def my_dcg(rels, k=None):
        return float(sum(rels[:k]))  # CG, not DCG

    namespace["my_dcg"] = my_dcg
    press(box)
    assert box.last.status == "incorrect" and "Hint: Use 1 / log2" in box.feedback
    press(box)  # the smallest failing case, its step table shown as a table
    assert "The smallest one: my_dcg([3, 3], 5) returned 6, but DCG@k is 4.89279." in box.feedback
    assert '<table class="ndcg-steps">' in box.feedback and "running total" in box.feedback
    assert "  ----" not in box.feedback  # not the plain-text table as well
    press(box)
    assert "Explanation" in box.feedback

    def good(rels, k=None):
        return ndcg.dcg(rels, k)

    assert box.submit(good).status == "correct"
    assert box.submit("my dcg").status == "incorrect" and "is not a name" in box.feedback


def test_answer_checker_refuses_other_objects():
    with pytest.raises(ValueError, match="NumberCheck or FunctionCheck"):
        w.AnswerChecker(4.76)


# -- FlashcardDeck and Quiz: the book's views --------------------------------------------------


def small_deck():
    """A deck written here, so these tests do not depend on the course's content."""
    from ndcg.course.cards import Deck, Flashcard, Option, Question

    cards = tuple(
        Flashcard(
            id=f"t-card-{i}",
            chapter="02_dcg",
            front=f"Front {i}: what is $\\log_2({i}+1)$?",
            back=f"Back {i}: **{ndcg.discounts(i)[-1]:.3f}** is the discount.",
            source="test" if i == 1 else "",
        )
        for i in (1, 2, 3)
    )
    quiz = (
        Question(
            id="t-q-dcg",
            chapter="02_dcg",
            question="DCG@3 of `[3, 2, 1]`?",
            options=(
                Option(text="$3 + 2 + 1$", correct=False, feedback="That is CG: no discount."),
                Option(
                    text=f"{ndcg.dcg([3, 2, 1]):.3f}",
                    correct=True,
                    feedback="Each grade over $\\log_2(i+1)$.",
                ),
                Option(text="1.0", correct=False, feedback="That is NDCG of an ideal list."),
            ),
        ),
        Question(
            id="t-q-k",
            chapter="02_dcg",
            question="Which k scores the whole list?",
            options=(
                Option(text="None", correct=True, feedback="k=None: no cut-off."),
                Option(text="0", correct=False, feedback="k must be positive."),
            ),
        ),
    )
    return Deck(chapter="02_dcg", title="DCG: a test deck", flashcards=cards, quiz=quiz)


def without_ids(text: str) -> str:
    return re.sub(r'id="ndcg-(cards|quiz)-[\w-]+"', 'id=""', text)


def test_every_chapter_opens_in_both_views():
    decks = cards.load_all()
    assert [deck.chapter for deck in decks] == cards.chapters()
    for deck in decks:
        flashcards, quiz = w.FlashcardDeck(deck), w.Quiz(deck)
        assert without_ids(flashcards.fallback) == without_ids(cards.flashcards(deck).html())
        assert without_ids(quiz.fallback) == without_ids(cards.quiz(deck).html())
        assert 'data-ndcg-view="flashcards"' in flashcards.html and 'data-ndcg-view="quiz"' in quiz.html
        assert flashcards._esm == quiz._esm == assets.esm(assets.JS)  # the Leitner rule, once, in JS
    assert w.FlashcardDeck("02_dcg").deck == cards.load("02_dcg")  # by chapter key
    deck = w.FlashcardDeck(small_deck())
    assert "t-card-1" in deck.html and "<math " in deck.html  # its $\\log_2$ as MathML


def test_a_chapter_without_cards_or_questions_is_refused():
    from dataclasses import replace

    with pytest.raises(ValueError, match="no flashcards"):
        w.FlashcardDeck(replace(small_deck(), flashcards=()))
    with pytest.raises(ValueError, match="no quiz questions"):
        w.Quiz(replace(small_deck(), quiz=()))
