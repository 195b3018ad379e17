"""Metric comparison on random rankings."""

import numpy as np
import pytest

from ndcg.course.compare import compare_metrics, metric_suite, random_rankings


def test_identical_metrics_never_disagree():
    suite = metric_suite(k=5)
    result = compare_metrics({"a": suite["NDCG@5"], "b": suite["NDCG@5"]}, pairs=100, n_items=6)
    (agreement,) = result
    assert agreement.disagree == agreement.only_first_sees_a_difference == 0
    assert agreement.disagreement_rate == 0.0


def test_opposite_metrics_always_disagree_when_both_see_a_difference():
    suite = metric_suite(k=5)
    opposite = {"up": suite["NDCG@5"], "down": lambda rels: -suite["NDCG@5"](rels)}
    (agreement,) = compare_metrics(opposite, pairs=200, n_items=6)
    assert agreement.disagree > 0
    assert agreement.only_first_sees_a_difference == agreement.only_second_sees_a_difference == 0


def test_counts_add_up_and_are_reproducible():
    first = compare_metrics(metric_suite(k=5), pairs=300, n_items=8, seed=3)
    second = compare_metrics(metric_suite(k=5), pairs=300, n_items=8, seed=3)
    assert first == second
    assert len(first) == 6
    for a in first:
        assert a.disagree + a.only_first_sees_a_difference + a.only_second_sees_a_difference <= a.pairs


def test_rr_cannot_see_what_ndcg_sees():
    # Many pairs share the first relevant rank: RR ties them, NDCG does not.
    result = {(a.first, a.second): a for a in compare_metrics(metric_suite(k=10), pairs=400)}
    rr_vs_ndcg = result[("NDCG@10", "RR")]
    assert rr_vs_ndcg.only_first_sees_a_difference > rr_vs_ndcg.only_second_sees_a_difference


def test_random_rankings_shape_and_seed():
    assert random_rankings(3, 4, seed=0).shape == (3, 4)
    np.testing.assert_array_equal(random_rankings(3, 4, seed=0), random_rankings(3, 4, seed=0))
    assert random_rankings(500, 4, max_grade=2).max() <= 2


def test_bad_k():
    with pytest.raises(ValueError, match="k must be a positive integer"):
        metric_suite(k=0)
