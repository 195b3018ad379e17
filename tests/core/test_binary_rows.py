"""ndcg._binary_rows: the vectorised core of the batch yes/no metrics, checked through their
public functions.

``ties="average"`` against an enumeration of every tie order (the hypergeometric RR of
:func:`~ndcg._binary_rows._expected_rr`, the AP terms of
:func:`~ndcg._binary_rows._tie_averaged_terms`, the tie group at the ``k``-th score of
:func:`~ndcg._binary_rows._hits_rows`); the paths a row can take (reduced column by column or by
NumPy, AP@k from a partition of the top ``k`` or from a full sort) giving the same values; and a
``+inf`` score, which validation refuses, still ranked first by the RR core.
"""

import itertools
from unittest import mock

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ndcg
import ndcg._binary_rows
from ndcg.batch_binary import ap_per_query, rr_per_query
from tests.core.batch_binary_helpers import (
    METRICS,
    PER_QUERY,
    batch,
    draw_extra,
    matrices,
    order,
    single,
    thresholds,
    tie_orders,
    with_cutoffs,
)
from tests.core.helpers import examples

# --------------------------------------------------------------------------- ties averaged: every tie order


@pytest.mark.parametrize("metric", METRICS)
@given(case=matrices(max_items=5, max_queries=3), threshold=thresholds, data=st.data())
def test_averaged_ties_give_the_mean_over_every_tie_order(metric, case, threshold, data):
    y_true, y_score = case
    k, n_relevant = draw_extra(data, metric, y_true, threshold)
    got = batch(metric, y_true, y_score, k=k, threshold=threshold, n_relevant=n_relevant)
    for i, (grades, scores) in enumerate(zip(y_true, y_score)):
        total = None if n_relevant is None else int(n_relevant[i])
        values = [
            single(metric, grades[list(p)], k=k, threshold=threshold, n_relevant=total)
            for p in tie_orders(scores)
        ]
        assert got[i] == pytest.approx(np.mean(values), abs=1e-12), (i, grades, scores)


def _all_small_cases():
    """Every pattern of grades 0, 1, 3 over four items, under score patterns with every kind of tie."""
    patterns = [
        (1, 1, 1, 1),
        (2, 1, 1, 0),
        (1, 1, 0, 0),
        (3, 2, 2, 2),
        (2, 2, 2, 1),
        (4, 3, 2, 1),
        (1, 2, 1, 2),
    ]
    for grades in itertools.product([0, 1, 3], repeat=4):
        for scores in patterns:
            yield list(grades), list(scores)


@pytest.mark.parametrize(("metric", "k"), with_cutoffs([None, 1, 2, 3, 4, 6]))
@pytest.mark.parametrize("threshold", [1, 3])
def test_averaged_ties_on_every_small_case(metric, k, threshold):
    cases = list(_all_small_cases())
    y_true = np.array([grades for grades, _ in cases], dtype=float)
    y_score = np.array([scores for _, scores in cases], dtype=float)
    got = batch(metric, y_true, y_score, k=k, threshold=threshold)
    total = (y_true >= threshold).sum(axis=1)
    for i, (grades, scores) in enumerate(cases):
        values = [
            single(metric, np.array(grades)[list(p)], k=k, threshold=threshold, n_relevant=int(total[i]))
            for p in tie_orders(scores)
        ]
        assert got[i] == pytest.approx(np.mean(values), abs=1e-12), (grades, scores)


def test_rr_of_a_large_tie_group_is_the_hypergeometric_expectation():
    # 40 tied items, 3 relevant, 5 untied non-relevant items above them: E[1 / (5 + 1 + J)],
    # P(J = j) = C(39 - j, 2) / C(40, 3), summed term by term in exact fractions.
    from fractions import Fraction
    from math import comb

    expected = sum(Fraction(comb(39 - j, 2), comb(40, 3)) / (6 + j) for j in range(38))
    y_true = np.zeros((1, 45))
    y_true[0, [10, 20, 44]] = 2
    y_score = np.zeros((1, 45))
    y_score[0, :5] = np.arange(5, 0, -1) + 10
    assert rr_per_query(y_true, y_score)[0] == pytest.approx(float(expected), rel=1e-12)
    cut = sum(Fraction(comb(39 - j, 2), comb(40, 3)) / (6 + j) for j in range(5))  # ranks 6..10
    assert rr_per_query(y_true, y_score, k=10)[0] == pytest.approx(float(cut), rel=1e-12)


@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("ties", ["average", "first", "last"])
def test_large_integer_scores_on_long_rows_take_the_partition_path(metric, ties):
    # 400 items and k=10 go through the partition (ndcg.batch_graded._use_partition): integers stay exact there too.
    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 3, size=(5, 400))
    ranks = rng.integers(0, 50, size=(5, 400))
    big = ranks + 2**62
    k = 10
    kwargs = {"n_relevant": None} if metric in ("ap", "recall") else {}
    np.testing.assert_array_equal(
        PER_QUERY[metric](y_true, big, k=k, ties=ties, **kwargs),
        PER_QUERY[metric](y_true, ranks, k=k, ties=ties, **kwargs),
    )


# --------------------------------------------------------------------------- the core's paths


def test_the_rr_core_ranks_plus_infinity_first_whatever_validation_allows():
    # The core adds -inf to the scores of items that are not relevant; a +inf score there
    # gives NaN, which must not hide the relevant items' best score.
    relevant = np.array([[False, True, False, True], [True, False, False, False]])
    score = np.array([[np.inf, 1.0, 2.0, 0.5], [np.inf, np.inf, 0.0, 1.0]])
    for ties, second in (("average", 0.75), ("first", 1.0), ("last", 0.5)):
        np.testing.assert_allclose(ndcg._binary_rows._rr_rows(relevant, score, None, ties), [1 / 3, second])


@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("ties", ["average", "first", "last"])
def test_long_rows_are_reduced_by_numpy_with_the_same_values(monkeypatch, metric, ties):
    rng = np.random.default_rng(7)
    y_true = rng.choice(3, size=(40, 100), p=[0.8, 0.15, 0.05]).astype(float)
    y_score = rng.integers(0, 8, size=y_true.shape).astype(float)
    y_score[:, 90:] = -np.inf  # padding
    y_true[:, 90:] = 0
    for k in (None, 1, 10, 95) if metric in ("rr", "ap") else (1, 10, 95):
        long_rows = batch(metric, y_true, y_score, k=k, ties=ties)
        monkeypatch.setattr(ndcg._binary_rows, "SHORT_ROW", 1000)  # column by column
        np.testing.assert_array_equal(batch(metric, y_true, y_score, k=k, ties=ties), long_rows)
        monkeypatch.undo()
        if ties != "average":
            for i in range(0, 40, 7):
                ranked = y_true[i][order(y_score[i], ties)]
                assert long_rows[i] == pytest.approx(
                    single(metric, ranked, k=k, threshold=1, n_relevant=None), abs=1e-12
                )


# --------------------------------------------------------------------------- AP@k from the top k only


@examples(300)
@given(matrices(max_items=12, max_queries=6), st.data(), st.sampled_from(["average", "first", "last"]))
def test_ap_from_a_partition_equals_ap_from_a_full_sort(problem, data, ties):
    """Long rows rank only their top k; forcing that path on short rows must not change AP@k."""
    y_true, y_score = problem
    k = data.draw(st.integers(1, y_true.shape[1] + 1))
    n_relevant = (y_true >= 1).sum(axis=1) + data.draw(st.integers(0, 2))
    expected = ap_per_query(y_true, y_score, k=k, n_relevant=n_relevant, ties=ties)
    with mock.patch.object(ndcg._binary_rows, "_use_partition", lambda n_items, depth: True):
        got = ap_per_query(y_true, y_score, k=k, n_relevant=n_relevant, ties=ties)
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("ties", ["average", "first", "last"])
def test_ap_on_long_rows_with_ties_across_the_cut_off(ties):
    """Rows long enough for the partition, with few score values, so a tie group crosses rank k."""
    rng = np.random.default_rng(15)
    y_true = rng.choice(3, size=(30, 400), p=[0.8, 0.15, 0.05]).astype(float)
    y_score = rng.integers(0, 40, size=y_true.shape).astype(float)
    assert ndcg._binary_rows._use_partition(400, 10)
    got = ap_per_query(y_true, y_score, k=10, ties=ties)
    with mock.patch.object(ndcg._binary_rows, "_use_partition", lambda n_items, depth: False):
        expected = ap_per_query(y_true, y_score, k=10, ties=ties)
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)
    if ties != "average":  # the single-list function on the row ranked by the same tie rule
        for row in range(3):
            order = np.argsort(-y_score[row], kind="stable")
            if ties == "last":
                order = 399 - np.argsort(-y_score[row, ::-1], kind="stable")
            ranked = y_true[row, order]
            assert got[row] == pytest.approx(
                ndcg.average_precision(ranked[:10], n_relevant=int((y_true[row] >= 1).sum())), abs=1e-12
            )
