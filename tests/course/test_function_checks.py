"""ndcg.course.function_checks: FunctionCheck, a learner's function against a reference, and its test
cases (ranking_cases, case_order)."""

import math

import numpy as np
import pytest

import ndcg
from ndcg.course.function_checks import FunctionCheck, ranking_cases
from ndcg.course.number_checks import NumberCheck
from tests.core import reference


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
    from ndcg.course.function_checks import case_order

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
