"""The vectorised many-queries functions in ndcg.batch_graded."""

import itertools
import math

import numpy as np
import pytest

import ndcg
import ndcg.batch_binary

from . import reference


def test_one_row_equals_the_single_list_functions():
    grades = [3, 2, 1, 0, 2]
    scores = [5, 4, 3, 2, 1]  # ranks the items in the order given
    for k in (None, 1, 3, 5, 9):
        assert ndcg.dcg_score([grades], [scores], k=k) == pytest.approx(ndcg.dcg(grades, k))
        assert ndcg.ndcg_score([grades], [scores], k=k) == pytest.approx(ndcg.ndcg(grades, k))
        for gain in ("linear", "exponential"):
            assert ndcg.ndcg_score([grades], [scores], k=k, gain=gain) == pytest.approx(
                ndcg.ndcg(grades, k, gain=gain)
            )


def test_mean_over_queries_counts_empty_queries_as_zero():
    y_true = [[1, 0, 0], [0, 0, 0]]
    y_score = [[3, 2, 1], [3, 2, 1]]
    np.testing.assert_array_equal(ndcg.ndcg_per_query(y_true, y_score), [1.0, 0.0])
    assert ndcg.ndcg_score(y_true, y_score) == 0.5


def test_a_tie_shares_the_average_gain():
    # Two items tied at the top, grades 1 and 0: each gets gain 0.5 at ranks 1 and 2.
    expected = 0.5 * (1 + 1 / np.log2(3))
    assert ndcg.dcg_score([[1, 0]], [[7, 7]]) == pytest.approx(expected)
    assert ndcg.dcg_score([[0, 1]], [[7, 7]]) == pytest.approx(expected)


def test_ignore_ties_breaks_ties_by_input_order():
    assert ndcg.dcg_score([[1, 0]], [[7, 7]], ignore_ties=True) == 1.0
    assert ndcg.dcg_score([[0, 1]], [[7, 7]], ignore_ties=True) == pytest.approx(1 / np.log2(3))
    # Also when the tie straddles the cut-off k.
    assert ndcg.dcg_score([[0, 2, 1, 3]], [[9, 5, 5, 5]], k=2, ignore_ties=True) == pytest.approx(
        reference.dcg([0, 2])
    )


def _all_small_cases():
    """Every grade pattern and score pattern with ties, on four items."""
    for grades in itertools.product([0, 1, 3], repeat=4):
        for scores in [(1, 1, 1, 1), (2, 1, 1, 0), (1, 1, 0, 0), (3, 2, 2, 2), (2, 2, 2, 1), (4, 3, 2, 1)]:
            yield list(grades), list(scores)


@pytest.mark.parametrize("k", [None, 1, 2, 3, 4, 6])
@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_tie_averaging_equals_the_mean_over_all_tie_orders(k, gain):
    cases = list(_all_small_cases())
    y_true = np.array([grades for grades, _ in cases], dtype=float)
    y_score = np.array([scores for _, scores in cases], dtype=float)
    got = ndcg.dcg_per_query(y_true, y_score, k=k, gain=gain)
    expected = [reference.tie_averaged_dcg(g, s, k, gain) for g, s in cases]
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("k", [None, 1, 3, 10, 40])
def test_random_ties_against_the_reference(k):
    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 5, size=(60, 8)).astype(float)
    y_score = rng.integers(0, 3, size=(60, 8)).astype(float)
    got = ndcg.ndcg_per_query(y_true, y_score, k=k)
    ideal = [reference.dcg(sorted(row, reverse=True), k) for row in y_true]
    actual = [reference.tie_averaged_dcg(row, s, k) for row, s in zip(y_true, y_score)]
    expected = [a / i if i else 0.0 for a, i in zip(actual, ideal)]
    # The reference averages thousands of orders, so allow for its rounding.
    np.testing.assert_allclose(got, expected, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("k", [None, 2, 5])
def test_continuous_scores_match_sorting(k):
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 4, size=(200, 8)).astype(float)
    y_score = rng.normal(size=(200, 8))
    for ignore_ties in (False, True):
        got = ndcg.ndcg_per_query(y_true, y_score, k=k, ignore_ties=ignore_ties)
        ranked = [row[np.argsort(-s)] for row, s in zip(y_true, y_score)]
        np.testing.assert_allclose(got, [reference.ndcg(list(r), k) for r in ranked], rtol=1e-12)


def test_padding_with_minus_infinity():
    # Queries of different lengths: pad with grade 0 and score -inf.
    padded = ndcg.ndcg_per_query([[2, 1, 0], [1, 0, 0]], [[0.1, 0.9, 0.5], [0.3, -np.inf, -np.inf]])
    assert padded[0] == pytest.approx(ndcg.ndcg([1, 0, 2]))
    assert padded[1] == 1.0


def test_signed_zero_scores_are_tied():
    assert ndcg.dcg_score([[1, 0]], [[0.0, -0.0]]) == ndcg.dcg_score([[1, 0]], [[1.0, 1.0]])


def test_zero_items():
    np.testing.assert_array_equal(ndcg.ndcg_per_query(np.zeros((3, 0)), np.zeros((3, 0))), [0, 0, 0])


def test_inputs_are_not_modified():
    y_true = np.array([[3.0, 1.0, 2.0]])
    y_score = np.array([[0.1, 0.3, 0.2]])
    ndcg.ndcg_score(y_true, y_score, k=2)
    np.testing.assert_array_equal(y_true, [[3, 1, 2]])
    np.testing.assert_array_equal(y_score, [[0.1, 0.3, 0.2]])


def test_integer_inputs():
    assert ndcg.ndcg_score([[3, 2, 1]], [[3, 2, 1]]) == 1.0


# ---------------------------------------------------------------- log_base (scikit-learn's dcg_score argument)

Y_TRUE = [[3, 2, 0, 1, 2], [0, 1, 0, 2, 0], [1, 0, 0, 0, 0]]
Y_SCORE = [[0.9, 0.5, 0.5, 0.1, 0.3], [0.3, 0.2, 0.8, 0.1, 0.2], [1, 1, 1, 1, 1]]


@pytest.mark.parametrize("log_base", [2, 10, np.e, 1.5, 1000, np.int64(3)])
@pytest.mark.parametrize("k", [None, 1, 3])
@pytest.mark.parametrize("ignore_ties", [False, True])
def test_log_base_is_scikit_learns(log_base, k, ignore_ties):
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    kwargs = {"k": k, "log_base": log_base, "ignore_ties": ignore_ties}
    # scikit-learn's order of tied items is not defined when it ignores ties: scores without ties then
    scores = np.argsort(np.argsort(Y_SCORE, axis=1), axis=1) if ignore_ties else Y_SCORE
    ours = ndcg.dcg_score(Y_TRUE, scores, sample_weight=[1, 2, 3], **kwargs)
    theirs = sklearn_metrics.dcg_score(Y_TRUE, scores, sample_weight=[1, 2, 3], **kwargs)
    assert ours == pytest.approx(theirs, rel=1e-12)
    if not ignore_ties:  # scikit-learn orders tied items in no defined order when ignoring ties
        per_query = ndcg.dcg_per_query(Y_TRUE, Y_SCORE, k=k, log_base=log_base)
        np.testing.assert_allclose(
            per_query,
            [sklearn_metrics.dcg_score([t], [s], **kwargs) for t, s in zip(Y_TRUE, Y_SCORE)],
            rtol=1e-12,
        )


def test_log_base_is_the_discount_1_over_log_base_of_rank_plus_1():
    rels = [3, 2, 0, 1]
    by_hand = sum(r / math.log(i + 2, 10) for i, r in enumerate(rels))
    assert ndcg.dcg_score([rels], [[4, 3, 2, 1]], log_base=10) == pytest.approx(by_hand, rel=1e-14)
    assert ndcg.dcg_score([rels], [[4, 3, 2, 1]], log_base=2) == ndcg.dcg_score([rels], [[4, 3, 2, 1]])


def test_ndcg_does_not_depend_on_the_log_base():
    dcg = {b: ndcg.dcg_per_query(Y_TRUE, Y_SCORE, log_base=b) for b in (2, 10)}
    ideal = {b: ndcg.dcg_per_query(Y_TRUE, Y_TRUE, log_base=b) for b in (2, 10)}
    np.testing.assert_allclose(dcg[10] / ideal[10], dcg[2] / ideal[2], rtol=1e-14)
    np.testing.assert_allclose(dcg[2] / ideal[2], ndcg.ndcg_per_query(Y_TRUE, Y_SCORE), rtol=1e-14)


@pytest.mark.parametrize("log_base", [1, 0.5, 0, -2, math.inf, math.nan, "10", True, None])
def test_a_log_base_of_1_or_less_is_refused(log_base):
    with pytest.raises(ValueError, match="log_base must be a number above 1"):
        ndcg.dcg_score(Y_TRUE, Y_SCORE, log_base=log_base)
    with pytest.raises(ValueError, match="log_base must be a number above 1"):
        ndcg.dcg_per_query(Y_TRUE, Y_SCORE, log_base=log_base)


def test_the_empty_input_choice_is_documented():
    # An (n, 0) input scores 0.0 where scikit-learn refuses it: a choice the Notes must state.
    assert ndcg.ndcg_score(np.zeros((2, 0)), np.zeros((2, 0))) == 0.0
    for function in (ndcg.ndcg_score, ndcg.dcg_score):
        assert "(n_queries, 0)" in function.__doc__
    assert "(n_queries, 0)" in ndcg.batch_binary.__doc__
