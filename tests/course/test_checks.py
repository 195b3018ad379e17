"""ndcg.course.checks: the answer checks of the exercise notebooks."""

import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ndcg
from ndcg.course.checks import STATUSES, Feedback, FunctionCheck, NumberCheck, ranking_cases
from tests.core import reference

ROOT = Path(__file__).resolve().parents[2]


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


def test_the_smallest_failing_case_comes_on_the_second_miss():
    def no_cutoff(rels, k=None):
        return my_dcg(rels)  # ignores k

    check = dcg_check()
    failing = [
        (i, rels, k)
        for i, (rels, k) in enumerate(check.cases)
        if not math.isclose(no_cutoff(rels, k), ndcg.dcg(rels, k), abs_tol=1e-9)
    ]
    first = check.check(no_cutoff)
    assert first.status == "incorrect" and "HINT" in first.message
    assert f"wrong on {len(failing)} of {len(check.cases)} test cases" in first.message
    assert "no_cutoff([" not in first.message  # no case yet: the hint first
    # the smallest: fewest items, then the smallest k, then the first listed
    _, rels, k = min(failing, key=lambda f: (len(f[1]), math.inf if f[2] is None else f[2], f[0]))
    second = check.check(no_cutoff)
    call = (
        f"no_cutoff({rels!r}, {k!r}) returned {no_cutoff(rels, k):.6g}, but DCG@k is {ndcg.dcg(rels, k):.6g}."
    )
    assert call in second.message and "A closer look" in second.message
    assert "EXPLANATION" not in second.message
    third = check.check(no_cutoff)
    assert call in third.message and "EXPLANATION" in third.message


def test_the_smallest_case_is_deterministic_and_shows_its_step_table():
    from ndcg.course.tables import steps

    def off_by_one(rels, k=None):
        return my_dcg(rels[1:], k)

    cases = [([3, 2, 1, 0], None), ([2, 1], 2), ([5, 1, 1], 1), ([1], 1), ([0, 4], 1)]
    check = FunctionCheck(
        ndcg.dcg, name="DCG@k", cases=cases, steps=lambda rels, k: steps(rels, k), hint2="H2"
    )
    check.check(off_by_one)
    second = check.check(off_by_one)
    assert "off_by_one([1], 1) returned 0, but DCG@k is 1." in second.message  # one item, k = 1
    assert second.table is not None and str(second.table) in second.message
    assert "DCG@1 = 1.000 (linear gain)" in second.message and second.message.endswith("H2")
    again = FunctionCheck(ndcg.dcg, name="DCG@k", cases=cases[::-1])
    again.check(off_by_one)
    assert "off_by_one([1], 1)" in again.check(off_by_one).message  # same case, whatever the order
    assert check.check(off_by_one).table is None  # the explanation rung has no table


def test_case_order():
    from ndcg.course.checks import case_order

    cases = [([1, 2], None), ([1, 2], 5), ([1, 2, 3], 1), ([], None), ([1, 2], 1)]
    assert sorted(cases, key=case_order) == [
        ([], None),
        ([1, 2], 1),
        ([1, 2], 5),
        ([1, 2], None),
        ([1, 2, 3], 1),
    ]
    assert case_order(([[1, 2], [3, 4]], [[0, 1], [1, 0]])) == (8, (), 0)  # matrices: every entry counts
    assert case_order(([2, 1], 3, None), 7) == (2, (3.0, math.inf), 7)
    # ragged lists of lists (one list of queries per seed): every inner entry counts, so a case with
    # two seeds of two queries is smaller than one with two seeds of ten and five
    ragged = ([[0.5, 0.9], [0.7, 0.3]], [[0.1] * 10, [0.2] * 5])
    assert [case_order((arg,))[0] for arg in ragged] == [4, 15]
    assert case_order(([np.zeros(3), [1.0, 2.0]], 200)) == (5, (200.0,), 0)


def test_a_broken_step_table_never_breaks_the_check():
    def boom(*args):
        raise RuntimeError("no table")

    check = FunctionCheck(ndcg.dcg, name="DCG@k", cases=[([1], 1)], steps=boom)
    check.check(lambda rels, k: 0.0)
    second = check.check(lambda rels, k: 0.0)
    assert second.status == "incorrect" and second.table is None and "by hand" in second.message


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
    assert feedback.status == "incorrect"
    check = dcg_check()
    check.check(log_of_rank)
    assert "returned inf" in check.check(log_of_rank).message
    assert NumberCheck(2.0, name="x").check(float("inf")).status == "incorrect"
    assert (
        FunctionCheck(lambda: float("inf"), name="x", cases=[()]).check(lambda: float("inf")).status
        == "correct"
    )


# -- a tolerance given is the tolerance; None is a wrong answer; full-width input -----------------


def test_abs_tol_alone_is_the_tolerance_so_exercise_2_3_rejects_the_tutors_slip():
    # Exercise 2.3 (solutions/02_dcg.md) asks for DCG@4 of the short videos to three
    # decimals with abs_tol=5e-4 and says its check rejects the tutor's printed 3.892. Under the
    # old max(1e-3 * |x|, abs_tol) rule the tolerance was 3.9e-3 and 3.892, 3.89, 3.896 passed.
    from ndcg.course.examples import SHORT_VIDEOS

    source = (ROOT / "solutions" / "02_dcg.md").read_text(encoding="utf-8")
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
    assert "wrong on 1 of 2 test cases" in feedback.message and "must end in a `return`" in feedback.message
    second = check.check(grade_sum)
    assert "grade_sum([], 3) returned None, but CG@k is 0" in second.message
    assert "must end in a `return`" in second.message

    def untouched(rels, k=None): ...

    assert check.check(untouched).status == "not yet"


def test_typed_answers_accept_what_a_chinese_keyboard_types():
    # full-width comma, enumeration comma, semicolon, digits, full stop, ideographic space, minus sign
    for text in ("3，2，1", "3、2、1", "3；2；1", "３，２，１", "3　2　1", "［3，2，1］"):
        assert NumberCheck([3, 2, 1], name="the grades").check(text).status == "correct", text
    assert NumberCheck(0.905, name="NDCG@3").check("０．９０５").status == "correct"
    assert NumberCheck(-0.5, name="a lambda").check("−0.5").status == "correct"
    assert NumberCheck(0.905, name="NDCG@3").check("９０．５％").status == "correct"


# -- per-entry marks of a list answer ---------------------------------------------------------


def discounts_check(**kwargs):
    return NumberCheck(ndcg.discounts(4), name="the discounts", abs_tol=5e-3, hint="HINT", **kwargs)


@pytest.mark.parametrize(
    ("answer", "marks"),
    [
        ([0.631, 1.0, 0.5, 0.431], "2 of 4 right: entries 1 and 2 are swapped."),
        ([1.0, 0.431, 0.5, 0.631], "2 of 4 right: entries 2 and 4 are swapped."),  # not neighbours
        ([0.5, 0.631, 1.0, 0.431], "2 of 4 right: entries 1 and 3 are swapped."),
        ([1.0, 0.631, 0.6, 0.431], "3 of 4 right: entry 3 is off (you typed 0.6, it is 0.500)."),
        (
            [0.631, 1.0, 0.5, 0.4],
            "1 of 4 right: entries 1 and 2 are swapped; entry 4 is off (you typed 0.4, it is 0.431).",
        ),
        (
            [0.631, 0.5, 1.0, 0.431],
            "1 of 4 right: entries 1, 2 and 3 hold the right numbers in the wrong order.",
        ),
        ([0.431, 0.5, 0.631, 1.0], "0 of 4 right: entries 1 and 4 are swapped; entries 2 and 3 are swapped."),
        (
            [1, 1, 1, 1],
            "1 of 4 right: entry 2 is off (you typed 1, it is 0.631); entry 3 is off (you typed 1, it is 0.500); entry 4 is off (you typed 1, it is 0.431).",
        ),
    ],
)
def test_list_answers_get_per_entry_marks(answer, marks):
    check = discounts_check()
    assert check.marks(answer) == marks
    first = check.check(answer)
    right = int(marks.split(" of ")[0])
    assert f"{right} of 4 entries are right" in first.message and "💡 Hint: HINT" in first.message
    assert marks not in first.message  # the detail is the second rung
    second = check.check(answer)
    assert marks in second.message and "A closer look" in second.message


def test_marks_of_a_swapped_answer_differ_from_an_all_wrong_one():
    check = discounts_check()
    swapped, wrong = check.marks([0.631, 1.0, 0.5, 0.431]), check.marks([2, 2, 2, 2])
    assert swapped != wrong and wrong.startswith("0 of 4 right: entry 1 is off")
    assert check.check([0.631, 1.0, 0.5, 0.431]).message != discounts_check().check([2, 2, 2, 2]).message


def test_marks_use_the_tolerance_and_refuse_what_they_cannot_mark():
    check = NumberCheck([0.5, 0.25], name="two numbers", abs_tol=5e-4)
    assert check.marks("0.5, 0.3") == "1 of 2 right: entry 2 is off (you typed 0.3, it is 0.2500)."
    assert check.marks("1/4; 1/2") == "0 of 2 right: entries 1 and 2 are swapped."
    assert check.marks([0.25, 0.5]) == "0 of 2 right: entries 1 and 2 are swapped."
    assert NumberCheck([3, 2], name="counts", abs_tol=0).marks([3, 1]) == (
        "1 of 2 right: entry 2 is off (you typed 1, it is 2)."
    )
    with pytest.raises(ValueError, match="answer: The answer should be a list of 2 numbers; got 3"):
        check.marks([1, 2, 3])
    with pytest.raises(ValueError, match="marks\\(\\) needs a check whose expected value is a list"):
        NumberCheck(1.0, name="x").marks([1.0])


def test_a_list_of_the_wrong_length_is_said_so_and_not_counted():
    check = discounts_check()
    feedback = check.check([1.0, 0.631, 0.5])
    assert feedback.message == "❓ The answer should be a list of 4 numbers; got 3."
    assert check.misses == 0


# -- in Chinese: after ndcg.course.set_language("zh") -----------------------------------------------


@pytest.fixture
def chinese():
    """The checks speak Chinese for one test, then English again."""
    from ndcg.course import i18n

    with i18n.chosen("zh"):
        yield


def test_the_hint_ladder_speaks_chinese(chinese):
    from ndcg.course.answers import answers
    from ndcg.course.examples import MOVIES

    g = MOVIES.grades
    check = NumberCheck(
        [ndcg.cg(g, k=3), ndcg.cg(g, k=5)],
        name="[CG@3, CG@5] of the films",
        abs_tol=5e-3,
        **answers("01_cg", "check_films"),
    )
    first, second, third = (check.check([5, 8]).message for _ in range(3))
    assert first.startswith("❌ 还不对：[5, 8] 不是电影的 [CG@3, CG@5]：2 项中有 1 项正确（第 2 项）。")
    assert "💡 提示：CG@k 就是前 k 个等级之和" in first
    assert "🔎 更细的分析：" in second and "[3, 2, 1, 0, 2]" in second
    assert "📖 讲解：CG@3 = 3 + 2 + 1 = 6" in third
    right = check.check("6，8").message
    assert right.startswith("✅ 正确！电影的 [CG@3, CG@5] = [6, 8]。你答错 3 次之后做对了")
    for message in (first, second, third, right):
        assert "Not quite" not in message and "Hint" not in message
    assert check.check(...).message.startswith("⏳ 还没有：")


def test_a_function_check_speaks_chinese(chinese):
    from ndcg.course.answers import answers
    from ndcg.course.tables import steps

    check = FunctionCheck(
        ndcg.dcg,
        name="DCG@k",
        cases=[([3, 2, 1], 2), ([2], None)],
        steps=steps,
        **answers("02_dcg", "check_my_dcg"),
    )

    def my_dcg(rels, k=None):
        return float(sum(rels[:k]))

    first, second, third = (check.check(my_dcg).message for _ in range(3))
    assert first.startswith("❌ 还不对：my_dcg 在 2 个测试用例中的 1 个上算错了 DCG@k。")
    assert "np.asarray(rels, dtype=float)[:k] 保留前 k 个" in first
    assert "最小的一个：my_dcg([3, 2, 1], 2) 返回了 5，但 DCG@k 应为" in second
    assert "下面是在这个用例上一步一步算出 DCG@k 的过程：" in second
    assert "📖 讲解：一种写法：" in third and "def my_dcg(rels, k=None):" in third
    assert check.check(3).message.startswith("❓ 答案应该是一个函数")


def test_wrong_types_of_answer_in_chinese(chinese):
    check = NumberCheck([1, 2, 3], name="the ideal order of the grades")
    assert check.check("a, b").message == "❓ 无法把 'a, b' 读成一列数。请这样输入：3, 2, 1。"
    assert check.check([1, 2]).message == "❓ 答案应该是包含 3 个数的列表；收到了 2 个。"
    assert NumberCheck(1.5, name="AP").check(True).message.startswith("❓ True 不是数")


def test_every_word_of_the_checks_and_every_help_text_has_its_chinese():
    """The catalogues hold a current translation of each (``tools.i18n check`` says which are stale)."""
    from ndcg.course import answers, checks, i18n

    table = i18n.catalogue("checks")
    assert [key for key, english in checks.WORDS.items() if (key, english) not in table] == []
    chinese = checks._help_texts()
    missing = [
        f"{chapter}: {name}: {field}"
        for chapter in answers.chapters()
        for name, texts in answers._chapter(chapter).items()
        for field, text in texts.items()
        if text not in chinese
    ]
    assert missing == []


def test_the_answer_box_in_chinese(chinese):
    from ndcg.course.widgets import AnswerChecker

    box = AnswerChecker(NumberCheck(6, name="CG@k"))
    assert 'data-lang="zh"' in box.html and "检查 ✔" in box.html and "你对 CG@k 的答案：" in box.html
    assert '"attempts":"尝试次数：{count}"' in box.html
    assert box.submit("").message == "⏳ 还没有：在框里输入你的答案，然后按“检查”。"
    assert "✏️ 答案检查器" in box.snapshot_html()


def test_english_is_unchanged_by_default():
    check = NumberCheck(6, name="CG@k", hint="Add them.")
    assert check.check(5).message == "❌ Not quite: 5 is too low for CG@k.\n💡 Hint: Add them."
