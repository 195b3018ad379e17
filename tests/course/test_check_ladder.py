"""ndcg.course.check_ladder: what every check shares, its Feedback and the ladder of help (hint, a
closer look, then the explanation), and the counting of answers and misses."""

import numpy as np
import pytest

import ndcg
from ndcg.course.check_ladder import STATUSES, Feedback
from ndcg.course.function_checks import FunctionCheck
from ndcg.course.number_checks import NumberCheck


def dcg3_check(**kwargs):
    options = dict(name="DCG@3", abs_tol=5e-3, hint="HINT", explanation="EXPLANATION")
    options.update(kwargs)
    return NumberCheck(ndcg.dcg([3, 2, 1]), **options)


# -- Feedback ---------------------------------------------------------------------


def test_feedback_statuses():
    assert STATUSES == ("correct", "incorrect", "not yet")
    assert Feedback("correct", "yes").correct
    assert not Feedback("not yet", "...").correct
    assert str(Feedback("incorrect", "no")) == "no"
    with pytest.raises(ValueError, match="status must be one of"):
        Feedback("right", "?")


@pytest.mark.parametrize("answer", [..., None, "", "  ", "..."])
def test_untouched_answer_is_not_yet_and_not_counted(answer):
    check = dcg3_check()
    feedback = check.check(answer)
    assert feedback.status == "not yet"
    assert "replace `...`" in feedback.message
    assert check.attempts == 0 and check.misses == 0


def test_right_answer_within_hand_tolerance():
    check = dcg3_check()
    exact = ndcg.dcg([3, 2, 1])
    for answer in (exact, round(exact, 3), round(exact, 2), np.float64(exact), np.array(exact)):
        assert check.check(answer).status == "correct", answer
    assert check.check(exact + 0.01).status == "incorrect"
    assert check.attempts == 6 and check.misses == 1


def test_the_ladder_hint_then_a_closer_look_then_the_explanation():
    check = dcg3_check(hint2="HINT2")
    first = check.check(6)
    assert first.status == "incorrect"
    assert "too high" in first.message and "HINT" in first.message
    assert "HINT2" not in first.message and "EXPLANATION" not in first.message
    second = check.check(1)
    assert "too low" in second.message and "🔎 A closer look: HINT2" in second.message
    assert "EXPLANATION" not in second.message and "💡" not in second.message
    third = check.check(2)
    assert "📖 Explanation: EXPLANATION" in third.message and "HINT2" not in third.message
    assert "EXPLANATION" in check.check(3).message  # and on every later miss
    assert (check.attempts, check.misses) == (4, 4)
    check.reset()
    assert (check.attempts, check.misses) == (0, 0)
    assert "💡 Hint: HINT" in check.check(6).message


def test_an_untouched_or_unreadable_answer_does_not_climb_the_ladder():
    check = dcg3_check(hint2="HINT2")
    for answer in (..., "four", [1, 2]):
        check.check(answer)
    assert check.misses == 0 and "💡 Hint: HINT" in check.check(6).message


def test_a_correct_answer_after_misses_says_so():
    check = dcg3_check()
    assert check.check(4.762).message == "✅ Correct! DCG@3 = 4.76186."
    check.reset()
    check.check(6)
    assert "after one wrong answer" in check.check(4.762).message
    check.reset()
    check.check(6), check.check(6), check.check(6)
    assert "after 3 wrong answers" in check.check(4.762).message


def test_default_texts_climb_too():
    check = NumberCheck(0.25, name="P@4")
    assert "Hint" in check.check(1).message
    closer = check.check(1).message
    assert "A closer look" in closer and "0.25" not in closer  # the second rung never gives the value
    assert "The answer is 0.25." in check.check(1).message


def test_texts_must_be_strings():
    with pytest.raises(ValueError, match="hint2 must be a string"):
        NumberCheck(1.0, name="x", hint2=3)
    with pytest.raises(ValueError, match="steps must be a function"):
        FunctionCheck(ndcg.dcg, name="DCG", cases=[([1], None)], steps="table")


def test_call_prints_and_returns(capsys):
    check = dcg3_check()
    feedback = check(4.762)
    assert feedback.status == "correct"
    assert capsys.readouterr().out == feedback.message + "\n"
