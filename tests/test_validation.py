"""Every bad input raises a ValueError that names the argument."""

import math

import numpy as np
import pytest

import ndcg

SINGLE = [ndcg.cg, ndcg.dcg, ndcg.idcg, ndcg.ndcg, ndcg.rr]
BATCH = [ndcg.dcg_score, ndcg.ndcg_score, ndcg.dcg_per_query, ndcg.ndcg_per_query]


@pytest.mark.parametrize("function", SINGLE)
@pytest.mark.parametrize(
    "rels, message",
    [
        ([3, -1, 2], "non-negative"),
        ([3, math.nan], "finite"),
        ([3, math.inf], "finite"),
        (["3", "2"], "numbers"),
        ([3, None], "numbers"),
        ([1 + 2j], "numbers"),
        ([[3, 2], [1, 0]], "ndcg_score"),
        ([[3, 2], [1]], "sequence of numbers"),
        (3, "single number"),
    ],
)
def test_bad_grades(function, rels, message):
    with pytest.raises(ValueError, match="rels") as error:
        function(rels)
    assert message in str(error.value)


@pytest.mark.parametrize("function", [ndcg.idcg, ndcg.ndcg])
@pytest.mark.parametrize("ideal", [[3, -1], [math.nan], ["a"], [[1, 2]]])
def test_bad_ideal(function, ideal):
    with pytest.raises(ValueError, match="ideal"):
        function([0, 0], ideal=ideal)


@pytest.mark.parametrize("function", [ndcg.idcg, ndcg.ndcg])
def test_ideal_missing_retrieved_grades(function):
    # rels holds a 3 but the "judged" grades top out at 2: NDCG would pass 1.
    with pytest.raises(ValueError, match="ideal must hold the grades of every judged item"):
        function([3, 1], ideal=[2, 1, 1])


@pytest.mark.parametrize("function", [ndcg.cg, ndcg.dcg, ndcg.idcg, ndcg.ndcg])
@pytest.mark.parametrize("k", [0, -1, 2.0, 2.5, "3", True, [3]])
def test_bad_k(function, k):
    with pytest.raises(ValueError, match="k must be a positive integer"):
        function([3, 2, 1], k)


def test_numpy_integer_k_is_fine():
    assert ndcg.dcg([3, 2, 1], np.int64(2)) == ndcg.dcg([3, 2, 1], 2)


@pytest.mark.parametrize("function", [ndcg.dcg, ndcg.idcg, ndcg.ndcg, *BATCH])
@pytest.mark.parametrize("gain", ["exp", "Linear", None, 2])
def test_unknown_gain_lists_the_valid_ones(function, gain):
    args = ([[1, 0]], [[0.2, 0.1]]) if function in BATCH else ([1, 0],)
    with pytest.raises(ValueError, match="gain must be one of 'linear', 'exponential'"):
        function(*args, gain=gain)


def test_exponential_gain_overflow():
    with pytest.raises(ValueError, match="at most 1023"):
        ndcg.dcg([2000], gain="exponential")


@pytest.mark.parametrize("threshold", [0, -1, math.nan, "1", None])
def test_bad_threshold(threshold):
    with pytest.raises(ValueError, match="threshold must be a positive number"):
        ndcg.rr([0, 1], threshold=threshold)


@pytest.mark.parametrize(
    "rankings, message",
    [([], "at least one"), ([0, 1, 0], "flat list"), (np.array([0, 1]), "shape"), (5, "list of rankings")],
)
def test_bad_rankings(rankings, message):
    with pytest.raises(ValueError, match="rankings") as error:
        ndcg.mrr(rankings)
    assert message in str(error.value)


def test_bad_ranking_inside_rankings_is_named():
    with pytest.raises(ValueError, match=r"rankings\[1\]"):
        ndcg.mrr([[0, 1], [1, -2]])


@pytest.mark.parametrize("function", BATCH)
@pytest.mark.parametrize(
    "y_true, y_score, message",
    [
        ([1, 0], [[0.2, 0.1]], "y_true must be a 2-D array"),
        ([[1, 0]], [0.2, 0.1], "y_score must be a 2-D array"),
        ([[[1, 0]]], [[[0.2, 0.1]]], "y_true must be a 2-D array"),
        ([[1, 0, 0]], [[0.2, 0.1]], "same shape"),
        ([[1, -1]], [[0.2, 0.1]], "y_true must hold non-negative"),
        ([[1, math.nan]], [[0.2, 0.1]], "y_true must hold finite"),
        ([[1, 0]], [[0.2, math.nan]], "y_score must not contain NaN"),
        ([["a", "b"]], [[0.2, 0.1]], "y_true must hold numbers"),
        ([[1, 0]], [["a", "b"]], "y_score must hold numbers"),
        (np.zeros((0, 3)), np.zeros((0, 3)), "at least one query"),
    ],
)
def test_bad_matrices(function, y_true, y_score, message):
    with pytest.raises(ValueError, match=message):
        function(y_true, y_score)


@pytest.mark.parametrize("function", BATCH)
@pytest.mark.parametrize("k", [0, -3, 1.5])
def test_bad_k_in_batch(function, k):
    with pytest.raises(ValueError, match="k must be a positive integer"):
        function([[1, 0]], [[0.2, 0.1]], k=k)


def test_bad_discount_count():
    with pytest.raises(ValueError, match="n must be a non-negative integer"):
        ndcg.discounts(-1)
