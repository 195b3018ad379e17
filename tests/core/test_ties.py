"""ndcg._ties: the tie groups' expected gains on the full sort's path (issue 34), through
``ndcg.batch_graded`` and directly.

Counted (whole scores close together), from one cumulative sum of the sorted gains, or from each
group's differences to one member: the same bits on integer gains, the expected DCG of a plain
loop (tests/core/reference.py), and the rules that decide which way a chunk takes
(:func:`~ndcg._ties._packing_unit`, :func:`~ndcg._ties._counted_expected_gains`,
:func:`~ndcg._ties._counts_pay`).
"""

from __future__ import annotations

from contextlib import contextmanager
from unittest import mock

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ndcg
from ndcg import _ties, batch_graded
from tests.core.batch_graded_helpers import path, problems
from tests.core.helpers import examples

from . import reference

# ------------------------------------------------------------------ the full sort's tie groups (issue 34)


@contextmanager
def general_sums():
    """Force the full sort's tie groups off their integer sums: no counting
    (:func:`ndcg._ties._counted_expected_gains`) and no cumulative sum in
    :func:`ndcg._ties._sorted_expected_gains`."""
    with mock.patch.object(_ties, "_packing_unit", lambda gains, integral=None: None):
        yield


@contextmanager
def no_counting():
    """Force the full sort's rows through a sort, never counted (:func:`ndcg._ties._counted_expected_gains`)."""
    with mock.patch.object(batch_graded, "_counted_expected_gains", lambda *args: None):
        yield


@examples(200)
@given(problems(max_items=30), st.sampled_from(["linear", "exponential"]))
def test_integer_gains_get_the_same_bits_counted_from_the_cumulative_sum_and_from_the_group_sums(
    problem, gain
):
    # The three ways a tie group's mean is taken on the full sort's path agree to the last bit on
    # integer gains, so a row's value does not depend on whether its chunk had a non-integer grade
    # or a score that is not a whole number: counted (whole scores close together), from one
    # cumulative sum of the sorted gains, from each group's differences to one member.
    grades, scores, k = problem
    with path(False):
        counted = ndcg.dcg_per_query(grades, scores, k=k, gain=gain)
        with no_counting():
            packed = ndcg.dcg_per_query(grades, scores, k=k, gain=gain)
        with general_sums():
            general = ndcg.dcg_per_query(grades, scores, k=k, gain=gain)
    assert counted.tolist() == packed.tolist() == general.tolist()
    for row in range(grades.shape[0]):
        expected = reference.group_mean_dcg(grades[row], scores[row], k, gain)
        assert packed[row] == pytest.approx(expected, rel=1e-12, abs=1e-12)
        if grades.shape[1] <= 6:
            assert expected == pytest.approx(reference.tie_averaged_dcg(grades[row], scores[row], k, gain))


def test_a_row_has_the_same_bits_beside_a_non_integer_grade():
    # Alone, its chunk's gains are integers (one cumulative sum); beside a row with a grade of
    # 0.5, they are not (sums per group): the same bits either way, on the sort path (20 items, k=10).
    rng = np.random.default_rng(34)
    grades = rng.integers(0, 5, size=(300, 20)).astype(float)
    scores = rng.integers(0, 3, size=(300, 20)).astype(float)
    alone = ndcg.ndcg_per_query(grades, scores, k=10)
    mixed_grades = np.vstack([grades, np.full((1, 20), 0.5)])
    mixed = ndcg.ndcg_per_query(mixed_grades, np.vstack([scores, np.zeros((1, 20))]), k=10)
    assert mixed[:-1].tolist() == alone.tolist()
    one_at_a_time = [ndcg.ndcg_per_query(grades[i : i + 1], scores[i : i + 1], k=10)[0] for i in range(300)]
    assert one_at_a_time == alone.tolist()


def test_the_packing_unit_is_a_power_of_two_above_the_sum_of_integer_gains_only():
    unit = _ties._packing_unit(np.array([3.0, 0.0, 4.0]))
    assert unit == 8.0
    assert _ties._packing_unit(np.zeros(5)) == 1.0
    assert _ties._packing_unit(np.array([3.0, 0.5])) is None  # not integers
    assert _ties._packing_unit(np.array([1e-300, 1.0])) is None
    # Integers, but unit * (size + 1) would pass 2**53: the running sums could round.
    assert _ties._packing_unit(np.array([2.0**40, 0.0, 0.0])) == 2.0**41
    assert _ties._packing_unit(np.full(2**12, 2.0**40)) is None


def test_the_packing_unit_believes_the_callers_word_on_whole_numbers():
    gains = np.array([3.0, 0.0, 4.0])
    assert _ties._packing_unit(gains, integral=True) == 8.0
    assert _ties._packing_unit(gains, integral=False) is None  # a chunk with a fractional grade
    assert _ties._packing_unit(np.array([0.5]), integral=None) is None


@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_whole_grades_are_checked_once_a_chunk_and_fractional_ones_are_not_packed(gain):
    # _per_query tells the sort path whether the chunk's linear gains are whole numbers; with a
    # grade of 0.5 in the chunk they are not, and the exponential gains are looked at there.
    rng = np.random.default_rng(3)
    grades = rng.integers(0, 5, size=(30, 20)).astype(float)
    scores = rng.integers(0, 3, size=(30, 20)).astype(float)
    seen = []
    original = _ties._packing_unit

    def spy(gains, integral=None):
        seen.append(integral)
        return original(gains, integral)

    with mock.patch.object(_ties, "_packing_unit", spy):
        whole = ndcg.dcg_per_query(grades, scores, k=10, gain=gain)
        assert seen == [True if gain == "linear" else None]  # counted: the scores are whole numbers
        grades[3, 4] = 0.5
        fractional = ndcg.dcg_per_query(grades, scores, k=10, gain=gain)
    # (asked again by the sort after the count: the linear gains are known not to be whole numbers)
    assert seen[1:] == ([False, False] if gain == "linear" else [None, None])
    expected = [reference.group_mean_dcg(g, s, 10, gain) for g, s in zip(grades, scores)]
    np.testing.assert_allclose(fractional, expected, rtol=1e-12)
    assert whole[:3].tolist() == fractional[:3].tolist()  # the rows that did not change, the same bits


def counted(grades, scores, k=None):
    """:func:`ndcg._ties._counted_expected_gains` of the linear gains of ``grades`` (None: it declines)."""
    grades, scores = np.asarray(grades, dtype=float), np.asarray(scores)
    depth = grades.shape[1] if k is None else k
    return _ties._counted_expected_gains(grades, scores, depth)


def test_counting_gives_each_rank_its_tie_groups_mean_gain():
    # scores 7, 5, 7, 6: ranks 1-2 the group at 7 (grades 3 and 0), rank 3 the 6, rank 4 the 5;
    # a second row whose best score is below the chunk's highest
    got = counted([[3, 1, 0, 2], [1, 2, 2, 4]], [[7, 5, 7, 6], [5, 5, 4, 6]])
    assert got.tolist() == [[1.5, 1.5, 2.0, 1.0], [4.0, 1.5, 1.5, 2.0]]
    assert counted([[3, 1, 0, 2]], [[7, 6, 6, 7]], k=3).tolist() == [[2.5, 2.5, 0.5]]  # cut at rank 3
    # ranks (no tie), negative and integer-typed scores, -0.0 and 0.0 one score
    assert counted([[1, 2, 3]], [[0, 2, 1]]).tolist() == [[2.0, 3.0, 1.0]]
    assert counted([[1, 2, 3]], np.array([[-3, -1, -2]], dtype=np.int64)).tolist() == [[2.0, 3.0, 1.0]]
    assert counted([[1, 2, 3]], [[-0.0, 0.0, -1.0]]).tolist() == [[1.5, 1.5, 3.0]]


@pytest.mark.parametrize(
    "grades, scores, why",
    [
        ([[1, 2, 3]], [[0.5, 1.0, 2.0]], "a score is not a whole number"),
        ([[1, 2, 3]], [[0.0, 1.0, 3.0]], "the scores span more values than a row has items"),
        ([[1, 2, 3]], [[2.0**53 - 1, 2.0**53 - 2, 2.0**53 - 3]], "near 2**53 a slot's number is not exact"),
        ([[1, 2, 3]], [[-np.inf, 0.0, 1.0]], "-inf (padding)"),
        ([[1, 2, 0.5]], [[0.0, 1.0, 2.0]], "a gain is not a whole number"),
        ([[1, 2, 2.0**52]], [[0.0, 1.0, 2.0]], "the gains' sums are too large to be exact"),
    ],
)
def test_counting_declines_where_it_would_not_be_exact(grades, scores, why):
    assert counted(grades, scores) is None, why


def test_counting_takes_one_slot_per_item_for_every_rank_and_one_per_two_for_the_first_few():
    # where it beats the sort (benchmarks/README.md, "Ties near the floor")
    grades, scores = [[1, 2, 3, 4]], [[0, 1, 2, 0]]  # three slots
    assert counted(grades, scores, k=4).tolist() == [[3.0, 2.0, 2.5, 2.5]]
    assert counted(grades, scores, k=2) is None
    assert counted(grades, [[0, 1, 1, 0]], k=2).tolist() == [[2.5, 2.5]]
    assert _ties._counts_pay(19, 20, 20) and not _ties._counts_pay(20, 20, 20)
    assert _ties._counts_pay(9, 20, 10) and not _ties._counts_pay(10, 20, 10)


@pytest.mark.parametrize("k", [1, 10, None])
def test_whole_scores_close_together_are_counted_not_sorted(k):
    # tied model grades: no argsort at all; scores that are not whole numbers are sorted
    rng = np.random.default_rng(5)
    grades = rng.integers(0, 5, size=(50, 20)).astype(float)
    scores = rng.integers(0, 5, size=(50, 20)).astype(float)
    with mock.patch.object(batch_graded.np, "argsort", side_effect=AssertionError("sorted")):
        got = ndcg.ndcg_per_query(grades, scores, k=k)
    with no_counting():
        assert got.tolist() == ndcg.ndcg_per_query(grades, scores, k=k).tolist()
    assert ndcg.ndcg_per_query(grades, grades, k=k).tolist() == [1.0] * 50  # the ideal order, counted


@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_integer_gains_too_large_to_pack_take_the_group_sums(gain):
    # Exponential gains of grades near 45 are integers whose chunk sum is far above 2**53 / size:
    # the group sums per group, still the expected DCG.
    rng = np.random.default_rng(5)
    grades = rng.integers(40, 46, size=(50, 12)).astype(float)
    if gain == "linear":
        grades = grades * 2.0**40
    scores = rng.integers(0, 3, size=(50, 12)).astype(float)
    assert _ties._packing_unit(batch_graded._scaled_gain(grades, gain)[0].ravel()) is None
    got = ndcg.dcg_per_query(grades, scores, k=5, gain=gain)
    expected = [reference.group_mean_dcg(g, s, 5, gain) for g, s in zip(grades, scores)]
    np.testing.assert_allclose(got, expected, rtol=1e-12)


@pytest.mark.parametrize("tied_first", [False, True])
def test_sorted_rows_with_and_without_ties_in_their_top_mix(tied_first):
    # _dcg_sorted looks rows up only when the first rows have no tie in their top k + 1: then the
    # rows with one are taken apart; with a tie among the first rows, all of them together.
    rng = np.random.default_rng(11)
    grades = rng.integers(0, 4, size=(40, 12)).astype(float)
    scores = rng.normal(size=(40, 12))
    tied_rows = [5, 17, 30] + ([0] if tied_first else [])
    scores[tied_rows] = rng.integers(0, 3, size=(len(tied_rows), 12))
    for k in (1, 4, 11, 12):
        got = ndcg.dcg_per_query(grades, scores, k=k)
        expected = [reference.group_mean_dcg(g, s, k) for g, s in zip(grades, scores)]
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)
