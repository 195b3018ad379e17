"""The live widgets, driven through their Python API: set values, press buttons, read what they show."""

import matplotlib

matplotlib.use("Agg")

import re

import pytest

import ndcg
from ndcg.course import widgets as w
from ndcg.course.checks import FunctionCheck, NumberCheck, ranking_cases
from ndcg.course.examples import CHENGDU_GUIDE_A, CHENGDU_GUIDE_B, VIDEO_GAME_X, VIDEO_GAME_Y

SNAPSHOT = "This is a snapshot: run the notebook to play with it live."


def text(html_value: str) -> str:
    """What a reader sees in an HTML value: tags dropped, entities kept simple."""
    without_style = re.sub(r"<style>.*?</style>", "", html_value, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", without_style)).replace("&nbsp;", " ")


def bundle(widget) -> dict:
    data = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data  # the live view
    assert SNAPSHOT in data["text/html"]  # and the static snapshot
    return data


# -- RankingExplorer ---------------------------------------------------------------


def explorer_bundle(explorer) -> dict:
    """The explorer's MIME bundle: the live view, and for the book a kernel-free view (no snapshot note)."""
    data = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert 'data-ndcg-view="explorer"' in data["text/html"] and SNAPSHOT not in data["text/html"]
    return data


def test_explorer_shows_ndcg_numbers_table_and_chart():
    explorer = w.RankingExplorer()
    rels = [3, 2, 1, 0, 2]
    assert explorer.grades.value == "3, 2, 1, 0, 2" and explorer.k.value == 5 and explorer.k.max == 5
    assert explorer.dcg_value == ndcg.dcg(rels)
    assert explorer.idcg_value == ndcg.idcg(rels)
    assert explorer.ndcg_value == ndcg.ndcg(rels)
    shown = text(explorer.numbers.value)
    for label, value in (("DCG@5", ndcg.dcg(rels)), ("IDCG@5", ndcg.idcg(rels)), ("NDCG@5", ndcg.ndcg(rels))):
        assert f"{label} = {value:.3f}" in shown.replace("DCG / IDCG = ", "")
    assert explorer.table.value.count("<tr>") == 6  # header + 5 ranks
    assert ndcg.course.tables.steps(rels)._repr_html_() in explorer.table.value
    (chart,) = explorer.chart.outputs
    assert chart["data"]["image/png"] and "DCG@5 = 5.536" in chart["data"]["text/plain"]


def test_explorer_follows_k_gain_and_grades():
    explorer = w.RankingExplorer([3, 2, 1, 0, 2], k=3)
    assert explorer.k.value == 3 and explorer.ndcg_value == pytest.approx(ndcg.ndcg([3, 2, 1, 0, 2], 3))
    assert "NDCG@3 = DCG / IDCG = 0.905" in text(explorer.numbers.value)
    assert explorer.table.value.count("<tr>") == 4

    explorer.gain.value = "exponential"
    assert explorer.dcg_value == ndcg.dcg([3, 2, 1, 0, 2], 3, gain="exponential")
    assert "exponential gain" in explorer.table.value

    explorer.k.value = 4
    explorer.grades.value = "1, 3, 2, 0, 2, 1, 3"  # longer: the slider grows, k stays at 4
    assert explorer.k.max == 7 and explorer.k.value == 4
    assert explorer.ndcg_value == ndcg.ndcg([1, 3, 2, 0, 2, 1, 3], 4, gain="exponential")
    explorer.grades.value = "0, 1, 3"  # shorter than k: k is clamped
    assert (explorer.k.max, explorer.k.value) == (3, 3)
    explorer.grades.value = "0, 1, 3, 2"  # k was the whole list, so it still is
    assert explorer.k.value == 4
    assert explorer.ndcg_value == ndcg.ndcg([0, 1, 3, 2], gain="exponential")


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("3, -1", "rels must hold non-negative grades (0 = not relevant); found -1."),
        ("a", "'a' is not a number"),
        ("3, 2, x", "'x' is not a number"),
        ("", "type at least one grade"),
        ("3, nan", "rels must hold finite grades"),
    ],
)
def test_explorer_bad_input_shows_the_error_and_recovers(typed, message):
    explorer = w.RankingExplorer()
    explorer.grades.value = typed
    assert message in explorer.error
    assert message in text(explorer.numbers.value).replace("&#x27;", "'")
    assert explorer.ndcg_value is None and explorer.table.value == "" and explorer.chart.outputs == ()
    assert explorer.k.max == 5  # the slider is left alone
    assert message.split("(")[0].strip() in explorer_bundle(explorer)["text/html"].replace("&#x27;", "'")
    explorer.grades.value = "2, 3"
    assert explorer.error == "" and explorer.ndcg_value == ndcg.ndcg([2, 3])


def test_explorer_exponential_overflow_is_an_error_not_a_crash():
    explorer = w.RankingExplorer([2000], gain="linear")
    assert explorer.error == ""
    explorer.gain.value = "exponential"
    assert "at most 1023" in explorer.error


def test_explorer_refuses_bad_arguments():
    with pytest.raises(ValueError, match="gain must be one of"):
        w.RankingExplorer(gain="log")
    with pytest.raises(ValueError, match="k must be a positive integer"):
        w.RankingExplorer(k=0)


def test_explorer_snapshot():
    explorer = w.RankingExplorer([3, 2, 1], k=2)
    snapshot = explorer_bundle(explorer)["text/html"]
    assert "Ranking explorer" in snapshot and "<code>3, 2, 1</code>" in snapshot
    assert f"NDCG@2 = DCG / IDCG = <b>{ndcg.ndcg([3, 2, 1], 2):.3f}</b>" in snapshot
    assert 'class="ndcg-steps"' in snapshot and "data:image/png;base64," in snapshot
    assert snapshot.index("ndcg-steps") < snapshot.index("data-ndcg-data")  # the JSON island comes last


# -- ReorderGame -------------------------------------------------------------------


def test_reorder_game_moves_counts_and_celebrates():
    game = w.ReorderGame(VIDEO_GAME_X.items, VIDEO_GAME_X.grades)
    assert game.order == list(VIDEO_GAME_X.items) and game.moves == 0 and game.par == 6
    assert game.ndcg_value == ndcg.ndcg(VIDEO_GAME_X.grades)
    assert "🎉" not in game.status.value and "Moves: <b>0</b>" in game.score.value
    assert game.up_buttons[0].disabled and game.down_buttons[-1].disabled
    assert not game.down_buttons[0].disabled

    # Bubble the best item (now at the bottom) to the top, through the buttons.
    game.up_buttons[3].click()
    game.up_buttons[2].click()
    game.up_buttons[1].click()
    assert game.order[0] == "A: cat-bathing tutorial" and game.moves == 3
    assert game.ndcg_value == ndcg.ndcg([3, 0, 1, 2])
    assert f"NDCG@4 = <b>{ndcg.ndcg([3, 0, 1, 2]):.3f}</b>" in game.score.value
    assert "Moves: <b>3</b>" in game.score.value and "🎉" not in game.status.value
    assert game.progress.value == pytest.approx(game.ndcg_value)

    game.move_up(3)
    game.move_up(2)
    assert game.grades == [3, 2, 0, 1] and not game.solved
    game.move_down(2)
    assert game.grades == [3, 2, 1, 0] and game.solved and game.ndcg_value == 1.0
    assert "🎉" in game.status.value and "in 6 moves" in game.status.value and "par" in game.status.value
    assert game.progress.bar_style == "success"
    assert ndcg.course.tables.steps([3, 2, 1, 0], items=game.order)._repr_html_() in game.table.value

    game.move_down(0)  # the celebration goes away again
    assert not game.solved and "🎉" not in game.status.value and game.moves == 7

    game.reset_button.click()
    assert game.order == list(VIDEO_GAME_X.items) and game.moves == 0


def test_reorder_game_edges():
    game = w.ReorderGame(VIDEO_GAME_Y)  # a Ranking, already ideal
    assert game.solved and game.moves == 0 and "already ideal" in game.status.value
    assert game.move_up(0) is False and game.move_down(3) is False and game.moves == 0
    with pytest.raises(ValueError, match="position must be an integer from 0"):
        game.move_up(4)
    with pytest.raises(ValueError, match="same length"):
        w.ReorderGame(["a", "b"], [1, 2, 3])
    with pytest.raises(ValueError, match="at least two"):
        w.ReorderGame(["a"], [1])
    with pytest.raises(ValueError, match="non-negative"):
        w.ReorderGame(["a", "b"], [1, -2])


def test_reorder_game_with_k_and_tooltips():
    game = w.ReorderGame(["p", "q", "r"], [0, 1, 2], k=1)
    assert game.ndcg_value == 0.0
    assert game.up_buttons[2].tooltip == "Move r up to rank 2"
    game.move_up(2)
    game.move_up(1)
    assert game.solved and "NDCG@1 = 1.000 in 2 moves" in game.status.value


def game_bundle(game, kind: str) -> dict:
    """A game's MIME bundle: the live view, and for the book a kernel-free view (tests/course/test_games.py)."""
    data = game._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert f'data-ndcg-view="{kind}"' in data["text/html"] and SNAPSHOT not in data["text/html"]
    return data


def test_reorder_game_snapshot():
    game = w.ReorderGame(VIDEO_GAME_X.items, VIDEO_GAME_X.grades)
    game.move_up(3)
    snapshot = game_bundle(game, "reorder")["text/html"]
    assert "谁的推荐更懂我" not in snapshot and "Moves: <b>1</b>" in snapshot
    assert snapshot.index("A: cat-bathing tutorial") < snapshot.index("B: funny fails")  # the order now
    assert f"NDCG@4 = <b>{ndcg.ndcg([0, 1, 3, 2]):.3f}</b>" in snapshot
    assert "<summary>Show the ideal order</summary>" in snapshot


# -- TwoSystemsGame ----------------------------------------------------------------


def test_two_systems_hidden_until_the_guess_then_revealed():
    game = w.TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y)
    assert game.names == ("system X", "system Y")
    assert not game.revealed and game.verdict.value == "" and game.reveal.value == ""
    assert f"{game.dcg_x:.3f}" not in text(game.children[0].value)  # no score before the guess
    assert game.dcg_x == ndcg.dcg(VIDEO_GAME_X.grades) and game.dcg_y == ndcg.dcg(VIDEO_GAME_Y.grades)
    assert game.winner == "y" and game.again_button.disabled

    game.x_button.click()  # the wrong guess
    assert game.revealed and game.guessed == "x"
    assert "Not this time" in game.verdict.value and "You guessed system X" in game.verdict.value
    shown = text(game.reveal.value)
    assert f"system Y has the higher DCG@4: {game.dcg_y:.3f} against {game.dcg_x:.3f}" in shown
    assert "same grades (CG = 6 for both)" in shown
    assert game.reveal.value.count('class="ndcg-steps"') == 2
    assert all(b.disabled for b in (game.x_button, game.y_button, game.tie_button))
    assert game.x_button.button_style == "warning"

    game.again_button.click()
    assert not game.revealed and game.reveal.value == "" and not game.y_button.disabled
    assert game.guess("system Y") is True
    assert "🎉 Right!" in game.verdict.value and game.y_button.button_style == "success"


def test_two_systems_tie_lists_and_names():
    game = w.TwoSystemsGame([3, 0, 1], [3, 0, 1, 0], names=("left", "right"))
    assert game.winner == "tie" and game.guess("same") is True
    assert "Both have the same DCG@4" in game.reveal.value
    game.reset()
    assert game.guess("x") is False
    with pytest.raises(ValueError, match="choice must be"):
        game.guess("z")
    cut = w.TwoSystemsGame(CHENGDU_GUIDE_A, CHENGDU_GUIDE_B, k=1)
    assert cut.names == ("system A", "system B") and cut.winner == "tie"
    assert cut.dcg_x == ndcg.dcg(CHENGDU_GUIDE_A.grades, 1)
    assert "higher DCG@1?" in cut.children[0].value
    with pytest.raises(ValueError, match="names must be two"):
        w.TwoSystemsGame([1], [2], names=("only",))


def test_two_systems_snapshot_hides_the_answer_behind_a_click():
    game = w.TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y)
    snapshot = game_bundle(game, "two-systems")["text/html"]
    assert "Which system has the higher DCG@4?" in snapshot
    assert '<details data-role="fallback"><summary>Show the answer</summary>' in snapshot
    game.guess("y")
    snapshot = game_bundle(game, "two-systems")["text/html"]
    assert "<details" not in snapshot and "Right!" in snapshot and f"{game.dcg_y:.3f}" in snapshot


# -- AnswerChecker -----------------------------------------------------------------


def number_check():
    return NumberCheck(
        ndcg.dcg([3, 2, 1]),
        name="DCG@3 of [3, 2, 1]",
        abs_tol=5e-3,
        hint="Divide each grade by log2(rank + 1).",
        hint2="The first term is 3/log2(2) = 3.",
        explanation="3/1 + 2/log2(3) + 1/log2(4).",
    )


def test_answer_checker_hint_then_explanation_then_correct():
    box = w.AnswerChecker(number_check())
    assert box.feedback.value == "" and box.attempts_label.value == ""
    box.button.click()  # empty box: not yet, not counted
    assert box.last.status == "not yet" and "type your answer" in box.feedback.value
    box.answer.value = "6"
    box.button.click()
    assert box.last.status == "incorrect" and "Hint: Divide each grade" in box.feedback.value
    assert "Explanation" not in box.feedback.value and "Attempts: 1" in box.attempts_label.value
    box.answer.value = "5"
    box.button.click()
    assert "A closer look: The first term is 3/log2(2) = 3." in box.feedback.value
    assert "Explanation" not in box.feedback.value and "Hint" not in box.feedback.value
    box.answer.value = "4"
    box.button.click()
    assert "Explanation: 3/1 + 2/log2(3)" in box.feedback.value and "closer look" not in box.feedback.value
    box.answer.value = "abc"  # unreadable: a word on the format
    box.button.click()
    assert box.last.status == "incorrect" and "Could not read" in box.feedback.value
    assert box.submit(f"{ndcg.dcg([3, 2, 1]):.2f}").status == "correct"
    assert "ndcg-good" in box.feedback.value and "after 3 wrong answers" in box.feedback.value
    snapshot = bundle(box)["text/html"]
    assert "DCG@3 of [3, 2, 1]" in snapshot and "Correct" in snapshot and "<code>4.76</code>" in snapshot


def test_answer_checker_list_answer():
    box = w.AnswerChecker(NumberCheck([3, 2, 2, 1, 0], name="the ideal order"))
    assert "commas" in box.answer.placeholder
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
    assert box.answer.value == "my_dcg" and box.answer.description == "Function"
    box.button.click()
    assert box.last.status == "not yet" and "no function called <code>my_dcg</code>" in box.feedback.value

    def my_dcg(rels, k=None):
        return float(sum(rels[:k]))  # CG, not DCG

    namespace["my_dcg"] = my_dcg
    box.button.click()
    assert box.last.status == "incorrect" and "Hint: Use 1 / log2" in box.feedback.value
    box.button.click()  # the smallest failing case, its step table shown as a table
    assert "The smallest one: my_dcg([3, 3], 5) returned 6, but DCG@k is 4.89279." in box.feedback.value
    assert '<table class="ndcg-steps">' in box.feedback.value and "running total" in box.feedback.value
    assert "  ----" not in box.feedback.value  # not the plain-text table as well
    box.button.click()
    assert "Explanation" in box.feedback.value

    def good(rels, k=None):
        return ndcg.dcg(rels, k)

    assert box.submit(good).status == "correct"
    assert box.submit("my dcg").status == "incorrect" and "is not a name" in box.feedback.value


def test_answer_checker_refuses_other_objects():
    with pytest.raises(ValueError, match="NumberCheck or FunctionCheck"):
        w.AnswerChecker(4.76)


# -- FlashcardDeck and Quiz ----------------------------------------------------------


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


def test_flashcards_flip_next_previous():
    deck = w.FlashcardDeck(small_deck())
    assert deck.current.id == "t-card-1" and not deck.flipped
    assert "Front 1" in deck.card.value and "Back 1" not in deck.card.value
    assert r"\(\log_2(1+1)\)" in deck.card.value  # maths for MathJax
    assert "Card 1 of 3" in deck.status.value and "in box 1 of 5" in deck.status.value
    deck.flip_button.click()
    assert deck.flipped and "Back 1" in deck.card.value and "<strong>1.000</strong>" in deck.card.value
    assert "Source: test" in deck.card.value and deck.flip_button.description == "🔄 Hide the answer"
    deck.flip_button.click()
    assert not deck.flipped and "Back 1" not in deck.card.value
    deck.next_button.click()
    assert (
        deck.current.id == "t-card-2" and "Front 2" in deck.card.value and "Card 2 of 3" in deck.status.value
    )
    deck.flip()
    deck.previous_button.click()  # back, and face down again
    assert deck.current.id == "t-card-1" and not deck.flipped


def test_flashcards_leitner_through_the_buttons():
    deck = w.FlashcardDeck(small_deck())
    deck.flip()
    deck.got_it_button.click()  # card 1: box 2
    assert deck.schedule.box("t-card-1") == 2 and deck.current.id == "t-card-2" and not deck.flipped
    deck.again_button.click()  # card 2 stays in box 1
    assert deck.schedule.box("t-card-2") == 1 and deck.current.id == "t-card-3"
    deck.got_it_button.click()  # card 3: box 2
    assert "cards per box 1: 1 · 2: 2 · 3: 0" in deck.status.value
    # The card that was missed (box 1) comes back before the ones in box 2.
    assert deck.current.id == "t-card-2" and deck.box == 1
    deck.got_it()
    deck.got_it()
    deck.got_it()
    assert sorted(deck.schedule.box(c) for c in ("t-card-1", "t-card-2", "t-card-3")) == [2, 3, 3]
    # The same rule as ndcg.course.cards.Leitner, step for step.
    from ndcg.course.cards import Leitner

    twin, mirror = w.FlashcardDeck(small_deck()), Leitner(["t-card-1", "t-card-2", "t-card-3"])
    for press, step in [
        ("got_it", mirror.got_it),
        ("again", mirror.again),
        ("got_it", mirror.got_it),
        ("next", mirror.next),
        ("got_it", mirror.got_it),
        ("again", mirror.again),
    ]:
        getattr(twin, press)()
        assert twin.current.id == step() == mirror.current


def test_flashcards_shuffle_and_snapshot():
    deck = w.FlashcardDeck(small_deck(), seed=3)
    deck.shuffle_button.click()
    assert deck.current.id in {"t-card-1", "t-card-2", "t-card-3"} and not deck.flipped
    snapshot = bundle(deck)["text/html"]
    assert "DCG: a test deck" in snapshot and deck.current.front.split(":")[0] in snapshot
    assert "<details><summary>Show the answer</summary>" in snapshot and "mathjax_process" in snapshot
    deck.flip()
    snapshot = bundle(deck)["text/html"]
    assert "<details>" not in snapshot and "ANSWER" in snapshot
    with pytest.raises(ValueError, match="valid|chapter"):
        w.FlashcardDeck("99_nope")


def test_quiz_feedback_for_every_option_and_score():
    deck = small_deck()
    quiz = w.Quiz(deck)
    assert len(quiz.option_buttons) == 2 and [len(b) for b in quiz.option_buttons] == [3, 2]
    assert "Score: 0 of 2 right at the first try (0 of 2 answered)" in quiz.score.value
    for q, question in enumerate(deck.quiz):
        for o, option in enumerate(question.options):
            quiz.option_buttons[q][o].click()
            shown = quiz.feedback[q].value
            assert option.feedback.split("$")[0] in shown  # this option's own feedback
            assert ("✅ Right!" in shown) == option.correct and ("❌" in shown) == (not option.correct)
            assert quiz.option_buttons[q][o].button_style == ("success" if option.correct else "danger")
            assert all(b.button_style == "" for i, b in enumerate(quiz.option_buttons[q]) if i != o)
    # First tries: option A of Q1 (wrong), option A of Q2 (right).
    assert quiz.first_choice == {0: 0, 1: 0} and quiz.right_first_time == 1
    assert "Score: 1 of 2 right at the first try (2 of 2 answered)" in quiz.score.value
    quiz.reset_button.click()
    assert quiz.chosen == {} and quiz.feedback[0].value == "" and "0 of 2" in quiz.score.value
    assert quiz.choose("t-q-dcg", 1) and quiz.choose(1, 0)
    assert "🎉" in quiz.score.value
    with pytest.raises(ValueError, match="option must be an index"):
        quiz.choose(0, 3)
    with pytest.raises(ValueError, match="not in this quiz"):
        quiz.choose("nope", 0)


def test_quiz_snapshot():
    quiz = w.Quiz(small_deck())
    quiz.choose(0, 0)
    snapshot = bundle(quiz)["text/html"]
    assert "Quiz: DCG: a test deck" in snapshot and "Chosen: A." in snapshot
    assert "That is CG: no discount." in snapshot
    assert "<details><summary>Show the answer</summary><p>A.</p>" in snapshot  # Q2, not answered yet
    assert "Score: 0 of 2 right at the first try (1 of 2 answered)" in snapshot


def test_every_chapter_opens_in_both_widgets():
    from ndcg.course import cards

    decks = cards.load_all()
    assert [deck.chapter for deck in decks] == cards.chapters()
    assert w.FlashcardDeck("02_dcg").current == cards.load("02_dcg").flashcards[0]  # by chapter key
    for deck in decks:
        flashcards = w.FlashcardDeck(deck)
        assert flashcards.current == deck.flashcards[0]
        quiz = w.Quiz(deck)
        for q, question in enumerate(deck.quiz):
            if question.kind == "multi-select":
                assert quiz.submit(q, list(question.answers)) is True
            else:
                assert quiz.choose(q, question.answer) is True
        assert quiz.right_first_time == len(deck.quiz)


def test_the_live_quiz_answers_the_chapters_true_false_and_multi_select_questions():
    # The chapters' own questions of both kinds, answered in a kernel as a learner would.
    from ndcg.course import cards

    deck = cards.load("04_ndcg")
    quiz = w.Quiz("04_ndcg")
    q = next(i for i, question in enumerate(deck.quiz) if question.kind == "true-false")
    statement = deck.quiz[q]
    assert [b.description for b in quiz.option_buttons[q]] == ["True", "False"]
    quiz.option_buttons[q][1 - statement.answer].click()  # the tempting reply first
    assert "❌ Not this one." in quiz.feedback[q].value
    assert quiz.choose(statement.id, statement.answer) and "✅ Right!" in quiz.feedback[q].value
    m = next(i for i, question in enumerate(deck.quiz) if question.id == "ndcg-q-label-sources")
    multi = deck.quiz[m]
    assert multi.kind == "multi-select" and len(quiz.checkboxes[m]) == len(multi.options)
    quiz.checkboxes[m][1].value = True  # what the learner of source 004 answered: clicks only
    quiz.check_buttons[m].click()
    shown = quiz.feedback[m].value
    assert "❌ Not quite" in shown and "Ticked: B." in shown and "position bias" in shown
    assert not quiz.submit(m, list(range(len(multi.options))))  # the distractor too
    assert quiz.submit(multi.id, list(multi.answers))
    assert "✅ Right: exactly the right options!" in quiz.feedback[m].value
    assert quiz.first_choice == {q: 1 - statement.answer, m: (1,)} and quiz.right_first_time == 0


def test_widgets_style_themselves_from_the_package_stylesheet():
    # In JupyterLab a live widget brings the course's one stylesheet (static/ndcg-course.css,
    # read as package data) in a <style> of its first child; its snapshot, shown in the book,
    # has none (the book links the same file), and nothing is styled inline.
    from ndcg.course import assets

    css = assets.read(assets.CSS)

    def rules(text):
        return " ".join(re.sub(r"/\*.*?\*/", "", text, flags=re.S).split())

    made = [
        w.RankingExplorer([3, 2, 1]),
        w.ReorderGame(VIDEO_GAME_X),
        w.TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y),
        w.AnswerChecker(NumberCheck(1.0, name="x")),
        w.FlashcardDeck("01_cg"),
        w.Quiz("01_cg"),
    ]
    for widget in made:
        first = widget.children[0].value
        style, rest = first[len("<style>") :].split("</style>", 1)
        assert first.startswith("<style>") and rest.startswith("<div class='ndcg-widget'>")
        assert rules(style) == rules(css) and "/*" not in style  # the file's rules, no comments
        assert "ndcg-widget" in widget._dom_classes
        snapshot = widget._repr_mimebundle_()["text/html"]
        assert "<style" not in snapshot and " style=" not in snapshot, type(widget).__name__


def kinds_deck():
    """The small deck with a true/false and a multi-select question added."""
    from dataclasses import replace

    from ndcg.course.cards import Option, Question

    deck = small_deck()
    extra = (
        Question(
            id="t-q-tf",
            chapter="02_dcg",
            question="CG sees the order.",
            options=(
                Option("True", False, "No: a sum ignores order."),
                Option("False", True, "Right: CG is a plain sum."),
            ),
            kind="true-false",
        ),
        Question(
            id="t-q-multi",
            chapter="02_dcg",
            question="Which are ranking metrics?",
            options=(
                Option("NDCG", True, "NDCG is one."),
                Option("RMSE", False, "RMSE measures a regression."),
                Option("MRR", True, "MRR is one."),
            ),
            kind="multi-select",
        ),
    )
    return replace(deck, quiz=deck.quiz + extra)


def test_quiz_true_false_and_multi_select():
    quiz = w.Quiz(kinds_deck())
    # true/false: two buttons, True and False
    assert [b.description for b in quiz.option_buttons[2]] == ["True", "False"]
    quiz.option_buttons[2][0].click()
    assert "❌ Not this one." in quiz.feedback[2].value and "a sum ignores order" in quiz.feedback[2].value
    assert quiz.choose("t-q-tf", 1) and "✅ Right!" in quiz.feedback[2].value
    # multi-select: checkboxes and a check button; right only for exactly the right set
    assert quiz.option_buttons[3] == [] and len(quiz.checkboxes[3]) == 3 and quiz.check_buttons[3] is not None
    quiz.checkboxes[3][0].value = True
    quiz.check_buttons[3].click()
    shown = quiz.feedback[3].value
    assert "❌ Not quite" in shown and "Ticked: A." in shown
    for feedback in ("NDCG is one.", "RMSE measures a regression.", "MRR is one."):
        assert feedback in shown  # every option's feedback
    assert "(not ticked): MRR is one." in shown and quiz.check_buttons[3].button_style == "danger"
    assert not quiz.submit(3, [0, 1, 2])  # one too many
    assert (
        quiz.submit("t-q-multi", [2, 0]) and "✅ Right: exactly the right options!" in quiz.feedback[3].value
    )
    assert [b.value for b in quiz.checkboxes[3]] == [True, False, True]
    assert quiz.first_choice == {2: 0, 3: (0,)} and quiz.chosen[3] == (0, 2)
    assert quiz.right_first_time == 0 and "(2 of 4 answered)" in quiz.score.value
    snapshot = bundle(quiz)["text/html"]
    assert "<i>True or false?</i>" in snapshot and "Chosen: False." in snapshot
    assert "☐ " in snapshot and "Ticked: A, C." in snapshot
    with pytest.raises(ValueError, match="multi-select: tick its options"):
        quiz.choose(3, 0)
    with pytest.raises(ValueError, match="has one answer"):
        quiz.submit(0, [1])
    with pytest.raises(ValueError, match="option must be an index"):
        quiz.submit(3, [5])
    with pytest.raises(ValueError, match="list of option indices"):
        quiz.submit(3, 1)
    quiz.reset()
    assert [b.value for b in quiz.checkboxes[3]] == [False] * 3 and quiz.first_choice == {}
    assert quiz.submit(3, [0, 2]) and quiz.choose(2, 1) and quiz.right_first_time == 2
    fresh = w.Quiz(kinds_deck())
    snapshot = bundle(fresh)["text/html"]
    assert "<p>A, C.</p>" in snapshot and "<p>False.</p>" in snapshot  # the answers behind a click
