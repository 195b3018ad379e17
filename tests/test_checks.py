"""ndcg.course.checks: the answer checks of the exercise notebooks."""

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ndcg
from ndcg.course.checks import STATUSES, Feedback, FunctionCheck, NumberCheck, ranking_cases

from . import reference

ROOT = Path(__file__).resolve().parent.parent


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


# -- NumberCheck --------------------------------------------------------------------


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


def test_first_miss_gives_hint_then_explanation():
    check = dcg3_check()
    first = check.check(6)
    assert first.status == "incorrect"
    assert "too high" in first.message and "HINT" in first.message and "EXPLANATION" not in first.message
    second = check.check(1)
    assert "too low" in second.message and "EXPLANATION" in second.message and "HINT" not in second.message
    third = check.check(2)
    assert "EXPLANATION" in third.message
    assert (check.attempts, check.misses) == (3, 3)
    check.reset()
    assert "HINT" in check.check(6).message


def test_default_hint_and_explanation_state_the_value():
    check = NumberCheck(0.25, name="P@4")
    assert "Hint" in check.check(1).message
    assert "The answer is 0.25." in check.check(1).message


def test_default_tolerances_are_tight():
    check = NumberCheck(ndcg.ndcg([3, 2, 1, 0, 2], k=3), name="NDCG@3")
    assert check.rel_tol == 1e-3 and check.abs_tol == 1e-3
    assert check.check(0.905).status == "correct"
    assert check.check(0.9).status == "incorrect"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0.25", 0.25), ("0,25", 0.25), (" 1/4 ", 0.25), ("25%", 0.25), ("2.5e-1", 0.25), ("\u22120.25", -0.25)],
)
def test_answers_typed_as_text(text, expected):
    assert NumberCheck(expected, name="x").check(text).status == "correct"


@pytest.mark.parametrize("answer", ["four", "1/0", [1, 2], {"a": 1}, True, np.array([1.0, 2.0])])
def test_unreadable_answers_are_explained_and_not_counted(answer):
    check = NumberCheck(4, name="CG@2")
    feedback = check.check(answer)
    assert feedback.status == "incorrect"
    assert feedback.message.startswith("❓")
    assert check.misses == 0


def test_nan_answer_is_incorrect():
    feedback = NumberCheck(1.0, name="NDCG").check(float("nan"))
    assert feedback.status == "incorrect" and "nan" in feedback.message


def test_list_answers():
    check = NumberCheck([3, 2, 2, 1, 0], name="the ideal order", hint="Sort.")
    assert check.check([3, 2, 2, 1, 0]).status == "correct"
    assert check.check((3.0, 2.0, 2.0, 1.0, 0.0)).status == "correct"
    assert check.check("[3, 2, 2, 1, 0]").status == "correct"
    assert check.check("3 2 2 1 0").status == "correct"
    wrong = check.check([3, 2, 1, 2, 0])
    assert wrong.status == "incorrect" and "Sort." in wrong.message
    too_short = check.check([3, 2])
    assert too_short.status == "incorrect" and "5 numbers" in too_short.message
    assert check.check(3).status == "incorrect"
    assert check.check("3, x").status == "incorrect"
    assert check.misses == 1


def test_call_prints_and_returns(capsys):
    check = dcg3_check()
    feedback = check(4.762)
    assert feedback.status == "correct"
    assert capsys.readouterr().out == feedback.message + "\n"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (dict(expected=float("nan"), name="x"), "finite"),
        (dict(expected="abc", name="x"), "expected must be"),
        (dict(expected=[[1, 2]], name="x"), "flat sequence"),
        (dict(expected=1.0, name=""), "name must be"),
        (dict(expected=1.0, name="x", abs_tol=-1), "abs_tol"),
        (dict(expected=1.0, name="x", rel_tol="small"), "rel_tol"),
    ],
)
def test_number_check_refuses_bad_definitions(kwargs, match):
    expected = kwargs.pop("expected")
    with pytest.raises(ValueError, match=match):
        NumberCheck(expected, **kwargs)


# -- FunctionCheck ------------------------------------------------------------------


def dcg_check(**kwargs):
    options = dict(name="DCG@k", cases=ranking_cases, hint="HINT", explanation="EXPLANATION")
    options.update(kwargs)
    return FunctionCheck(ndcg.dcg, **options)


def my_dcg(rels, k=None):
    rels = np.asarray(rels, dtype=float)[:k]
    return float(np.sum(rels / np.log2(np.arange(2, rels.size + 2))))


def test_a_correct_function_passes_every_case():
    check = dcg_check()
    feedback = check.check(my_dcg)
    assert feedback.status == "correct"
    assert f"all {len(check.cases)} test cases" in feedback.message
    assert len(check.cases) > 200


def test_the_first_failing_case_is_reported():
    def no_cutoff(rels, k=None):
        return my_dcg(rels)  # ignores k

    check = dcg_check()
    feedback = check.check(no_cutoff)
    assert feedback.status == "incorrect"
    first_bad = next(
        i
        for i, (rels, k) in enumerate(check.cases)
        if not math.isclose(no_cutoff(rels, k), ndcg.dcg(rels, k), abs_tol=1e-9)
    )
    rels, k = check.cases[first_bad]
    assert f"no_cutoff({rels!r}, {k!r})" in feedback.message
    assert f"(case {first_bad + 1} of {len(check.cases)})" in feedback.message
    assert "HINT" in feedback.message
    assert "EXPLANATION" in check.check(no_cutoff).message


def test_an_exception_is_reported_not_raised():
    def broken(rels, k=None):
        return np.asfarray(rels)[:k].sum()  # noqa: NPY201 (removed in NumPy 2: that is the point)

    feedback = dcg_check().check(broken)
    assert feedback.status == "incorrect"
    assert "AttributeError" in feedback.message and "asfarray" in feedback.message


@pytest.mark.parametrize("body", ["none", "ellipsis"])
def test_a_stub_is_not_yet(body):
    def stub(rels, k=None):
        if body == "ellipsis":
            return ...

    check = dcg_check()
    feedback = check.check(stub)
    assert feedback.status == "not yet" and "`...`" in feedback.message
    assert check.attempts == 0


def test_none_on_a_later_case_is_incorrect():
    def sometimes(rels, k=None):
        return None if len(rels) > 3 else my_dcg(rels, k)

    assert dcg_check().check(sometimes).status == "incorrect"


@pytest.mark.parametrize("answer", [..., None])
def test_untouched_function_answer(answer):
    assert dcg_check().check(answer).status == "not yet"


def test_a_non_function_answer():
    feedback = dcg_check().check(4.76)
    assert feedback.status == "incorrect" and "should be a function" in feedback.message


def test_arguments_are_copied_for_every_call():
    def sorts_in_place(rels, k=None):
        value = my_dcg(rels, k)
        rels.sort()
        return value

    check = dcg_check()
    assert check.check(sorts_in_place).status == "correct"
    assert check.check(my_dcg).status == "correct"


def test_seeded_cases_are_reproducible():
    first, second = dcg_check(), dcg_check()
    assert first.cases == second.cases
    assert dcg_check(seed=1).cases != first.cases


def test_array_results_and_keyword_wrappers():
    def reference(rels, gain):
        return ndcg.gain_values(rels, gain=gain)

    check = FunctionCheck(
        reference, name="the gains", cases=[([3, 2, 0], "linear"), ([3, 2, 0], "exponential")]
    )

    def mine(rels, gain):
        rels = np.asarray(rels, dtype=float)
        return rels if gain == "linear" else 2**rels - 1

    assert check.check(mine).status == "correct"
    assert check.check(lambda rels, gain: list(rels)).status == "incorrect"
    assert check.check(lambda rels, gain: "text").status == "incorrect"


def test_function_check_refuses_bad_definitions():
    with pytest.raises(ValueError, match="reference must be a function"):
        FunctionCheck(3, name="x", cases=[(1,)])
    with pytest.raises(ValueError, match="at least one"):
        FunctionCheck(ndcg.dcg, name="x", cases=[])
    with pytest.raises(ValueError, match="argument tuples"):
        FunctionCheck(ndcg.dcg, name="x", cases=5)
    with pytest.raises(ValueError, match="reference raised ValueError"):
        FunctionCheck(ndcg.dcg, name="x", cases=[([-1],)])


def test_the_blog_snippet_repaired_passes():
    check = FunctionCheck(ndcg.ndcg, name="NDCG@k", cases=ranking_cases)
    assert check(reference.blog_ndcg_at_k).status == "correct"


# -- ranking_cases -------------------------------------------------------------------


def test_ranking_cases_cover_the_edges():
    cases = ranking_cases(np.random.default_rng(5), n=300, max_length=6, max_grade=3)
    assert len(cases) == 300 + 12
    lengths = {len(rels) for rels, _ in cases}
    assert 0 in lengths and max(lengths) == 6
    ks = [k for _, k in cases]
    assert None in ks
    assert any(k is not None and k > len(rels) for rels, k in cases)
    assert all(isinstance(g, int) and 0 <= g <= 4 for rels, _ in cases for g in rels)
    assert all(isinstance(k, int) for k in ks if k is not None)
    assert ranking_cases(np.random.default_rng(5)) == ranking_cases(np.random.default_rng(5))


def test_ranking_cases_without_k_are_unique():
    cases = ranking_cases(np.random.default_rng(0), n=100, with_k=False)
    assert all(len(case) == 1 for case in cases)
    assert len(cases) == len({tuple(rels) for (rels,) in cases})


def test_checks_need_only_numpy():
    heavy = ["ipywidgets", "matplotlib", "IPython", "yaml"]
    code = f"import sys, ndcg.course.checks; print(' '.join(m for m in {heavy!r} if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_a_list_still_holding_an_ellipsis_is_not_yet():
    check = NumberCheck([1.0, 0.5], name="P@2 of A and of B")
    assert check.check([..., ...]).status == "not yet"
    assert check.check([1.0, ...]).status == "not yet"
    assert check.check((1.0, 0.5)).status == "correct"


def test_infinities_are_not_close_to_numbers():
    def log_of_rank(rels, k=None):  # the classic slip: log2(i) divides rank 1 by zero
        with np.errstate(divide="ignore", invalid="ignore"):
            rels = np.asarray(rels, dtype=float)[:k]
            return float(np.sum(rels / np.log2(np.arange(1, rels.size + 1))))

    feedback = dcg_check().check(log_of_rank)
    assert feedback.status == "incorrect" and "returned inf" in feedback.message
    assert NumberCheck(2.0, name="x").check(float("inf")).status == "incorrect"
    assert (
        FunctionCheck(lambda: float("inf"), name="x", cases=[()]).check(lambda: float("inf")).status
        == "correct"
    )


# -- a tolerance given is the tolerance; None is a wrong answer; full-width input -----------------


def test_abs_tol_alone_is_the_tolerance_so_exercise_2_3_rejects_the_tutors_slip():
    # Exercise 2.3 (exercises/solutions/02_dcg.md) asks for DCG@4 of the short videos to three
    # decimals with abs_tol=5e-4 and says its check rejects the tutor's printed 3.892. Under the
    # old max(1e-3 * |x|, abs_tol) rule the tolerance was 3.9e-3 and 3.892, 3.89, 3.896 passed.
    from ndcg.course.examples import SHORT_VIDEOS

    source = (ROOT / "exercises" / "solutions" / "02_dcg.md").read_text(encoding="utf-8")
    assert 'name="DCG@4 of the short videos", abs_tol=5e-4' in source
    exact = ndcg.dcg(SHORT_VIDEOS.grades, 4)
    for slip in (SHORT_VIDEOS.printed["DCG@4"], 3.89, 3.896):
        check = NumberCheck(exact, name="DCG@4 of the short videos", abs_tol=5e-4)
        assert check.check(slip).status == "incorrect", slip
    for right in (round(exact, 3), round(exact, 4), exact):
        assert NumberCheck(exact, name="DCG@4", abs_tol=5e-4).check(right).status == "correct", right


def test_each_tolerance_means_what_it_says():
    assert NumberCheck(100.0, name="x", abs_tol=0.01).check(100.05).status == "incorrect"
    assert NumberCheck(100.0, name="x", rel_tol=1e-3).check(100.05).status == "correct"
    assert NumberCheck(0.0, name="x", rel_tol=1e-3).check(1e-9).status == "incorrect"  # rel alone: 0 is 0
    both = NumberCheck(100.0, name="x", rel_tol=1e-3, abs_tol=0.01)
    assert both.check(100.05).status == "correct"  # the larger of the two, as math.isclose
    default = NumberCheck(100.0, name="x")
    assert default.check(100.05).status == "correct" and default.check(100.5).status == "incorrect"


def test_a_function_returning_none_on_one_case_is_wrong_not_unfinished():
    def grade_sum(rels, k=None):
        for total in [sum(rels[:k])]:
            if rels:
                return total  # never reached for []

    check = FunctionCheck(ndcg.cg, name="CG@k", cases=[([], 3), ([3, 2, 0, 1], 2)])
    feedback = check.check(grade_sum)
    assert feedback.status == "incorrect"
    assert "grade_sum([], 3) returned None, but CG@k is 0" in feedback.message
    assert "return" in feedback.message

    def untouched(rels, k=None): ...

    assert check.check(untouched).status == "not yet"


def test_typed_answers_accept_what_a_chinese_keyboard_types():
    # full-width comma, enumeration comma, semicolon, digits, full stop, ideographic space, minus sign
    for text in ("3，2，1", "3、2、1", "3；2；1", "３，２，１", "3　2　1", "［3，2，1］"):
        assert NumberCheck([3, 2, 1], name="the grades").check(text).status == "correct", text
    assert NumberCheck(0.905, name="NDCG@3").check("０．９０５").status == "correct"
    assert NumberCheck(-0.5, name="a lambda").check("−0.5").status == "correct"
    assert NumberCheck(0.905, name="NDCG@3").check("９０．５％").status == "correct"
