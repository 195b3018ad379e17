"""Behaviour of the single-list metrics in ndcg.list_graded."""

import numpy as np
import pytest

import ndcg

from . import reference


def test_k_none_scores_the_whole_list_and_long_k_is_clamped():
    rels = [3, 2, 1, 0, 2]
    assert ndcg.dcg(rels) == ndcg.dcg(rels, k=5) == ndcg.dcg(rels, k=50)
    assert ndcg.cg(rels, k=50) == ndcg.cg(rels)
    assert ndcg.ndcg(rels, k=50) == ndcg.ndcg(rels)


def test_k_cuts_the_list():
    assert ndcg.dcg([3, 2, 1], k=1) == 3.0
    assert ndcg.cg([3, 2, 1], k=2) == 5.0


def test_exponential_gain():
    assert ndcg.dcg([3, 2], gain="exponential") == pytest.approx(7 + 3 / np.log2(3))
    assert ndcg.idcg([1, 3], gain="exponential") == pytest.approx(7 + 1 / np.log2(3))


def test_gains_agree_on_binary_grades():
    rels = [1, 0, 1, 1, 0]
    assert ndcg.dcg(rels, gain="linear") == ndcg.dcg(rels, gain="exponential")
    assert ndcg.ndcg(rels, gain="linear") == ndcg.ndcg(rels, gain="exponential")


def test_gains_disagree_on_graded_lists():
    # Linear gain prefers [2, 2] over [3, 0]; exponential gain prefers [3, 0].
    assert ndcg.dcg([2, 2]) > ndcg.dcg([3, 0])
    assert ndcg.dcg([3, 0], gain="exponential") > ndcg.dcg([2, 2], gain="exponential")


def test_empty_list_scores_zero():
    for function in (ndcg.cg, ndcg.dcg, ndcg.idcg, ndcg.ndcg, ndcg.rr):
        assert function([]) == 0.0
    assert ndcg.ndcg([], k=3) == 0.0


def test_no_relevant_item_scores_zero():
    assert ndcg.ndcg([0, 0, 0]) == 0.0
    assert ndcg.ndcg([0, 0, 0], ideal=[0, 0, 0, 0]) == 0.0


def test_returns_python_floats():
    for value in (
        ndcg.cg([1, 2]),
        ndcg.dcg([1, 2]),
        ndcg.idcg([1, 2]),
        ndcg.ndcg([1, 2]),
        ndcg.rr([0, 1]),
        ndcg.mrr([[0, 1]]),
    ):
        assert type(value) is float


def test_accepts_arrays_tuples_and_float_grades():
    assert ndcg.ndcg(np.array([3, 2, 1])) == ndcg.ndcg((3, 2, 1)) == 1.0
    assert ndcg.dcg([0.5, 1.5]) == pytest.approx(0.5 + 1.5 / np.log2(3))
    assert ndcg.dcg(np.array([True, False, True])) == ndcg.dcg([1, 0, 1])


def test_ideal_from_judged_items():
    # The system found one of three relevant items, at rank 1.
    assert ndcg.ndcg([1, 0, 0]) == 1.0
    assert ndcg.ndcg([1, 0, 0], ideal=[1, 1, 1, 0]) == pytest.approx(1 / reference.dcg([1, 1, 1]))
    # k beyond the shown list: the ideal still has more to offer.
    assert ndcg.ndcg([1], k=3, ideal=[1, 1, 1]) == pytest.approx(1 / reference.dcg([1, 1, 1]))
    assert ndcg.idcg([1, 0, 0], ideal=[0, 1, 1, 1]) == pytest.approx(reference.dcg([1, 1, 1]))


def test_ideal_order_does_not_matter():
    assert ndcg.ndcg([2, 0, 1], ideal=[0, 1, 2, 3]) == ndcg.ndcg([2, 0, 1], ideal=[3, 2, 1, 0])


def test_k_beyond_judged_items():
    # Only two judged items: IDCG@10 is IDCG@2, and a perfect list still scores 1.
    assert ndcg.idcg([3, 1], k=10) == ndcg.idcg([3, 1], k=2)
    assert ndcg.ndcg([3, 1], k=10) == 1.0


def test_rr_and_threshold():
    assert ndcg.rr([0, 0, 2]) == pytest.approx(1 / 3)
    assert ndcg.rr([1, 0, 2], threshold=2) == pytest.approx(1 / 3)
    assert ndcg.rr([1, 0, 2], threshold=0.5) == 1.0
    assert ndcg.rr([0.4, 0, 0], threshold=0.5) == 0.0


def test_mrr_of_ragged_rankings():
    assert ndcg.mrr([[1], [0, 1], [0, 0, 0, 1]]) == pytest.approx((1 + 1 / 2 + 1 / 4) / 3)
    assert ndcg.mrr(np.array([[0, 1], [1, 0]])) == pytest.approx(0.75)
