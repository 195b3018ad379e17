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
        ([[1, math.inf]], [[0.2, 0.1]], "y_true must hold finite"),
        ([[-math.inf, 1]], [[0.2, 0.1]], "y_true must hold finite"),
        ([[1, 2**40, -0.5]], [[0.2, 0.1, 0.3]], "y_true must hold non-negative"),
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


# A grade or score hidden by a mask: NumPy's conversions drop the mask, so the hidden value
# would be scored. Every public function that takes arrays refuses it, naming the argument.
_HIDDEN = np.ma.array([3.0, 9.0, 1.0], mask=[False, True, False])
_HIDDEN_ROWS = np.ma.array([[3.0, 9.0, 1.0]], mask=[[False, True, False]])
_SCORES = [[0.3, 0.2, 0.1]]


def _masked_calls():
    from ndcg import conventions, ltr
    from ndcg.ltr import boosting, queries

    X = np.ma.array([[1.0], [2.0], [3.0]], mask=[[False], [True], [False]])
    qid_masked = np.ma.array([1, 1, 2], mask=[False, True, False])
    return [
        *((f.__name__, lambda f=f: f(_HIDDEN), "rels") for f in SINGLE),
        ("gain_values", lambda: ndcg.gain_values(_HIDDEN), "rels"),
        ("dcg_jarvelin", lambda: ndcg.dcg_jarvelin(_HIDDEN), "rels"),
        ("ndcg ideal", lambda: ndcg.ndcg([3, 1], ideal=_HIDDEN), "ideal"),
        ("precision_at_k", lambda: ndcg.precision_at_k(_HIDDEN, 2), "rels"),
        ("recall_at_k", lambda: ndcg.recall_at_k(_HIDDEN, 2), "rels"),
        ("average_precision", lambda: ndcg.average_precision(_HIDDEN), "rels"),
        ("mrr", lambda: ndcg.mrr(_HIDDEN_ROWS), "rankings"),
        ("mrr list", lambda: ndcg.mrr([[1, 0], _HIDDEN]), r"rankings\[1\]"),
        ("mean_average_precision", lambda: ndcg.mean_average_precision(_HIDDEN_ROWS), "rankings"),
        *((f.__name__, lambda f=f: f(_HIDDEN_ROWS, _SCORES), "y_true") for f in BATCH),
        *((f.__name__ + " scores", lambda f=f: f([[3, 0, 1]], _HIDDEN_ROWS), "y_score") for f in BATCH),
        ("ndcg_score rows", lambda: ndcg.ndcg_score([[3, 0, 1], _HIDDEN], _SCORES * 2), r"y_true\[1\]"),
        ("mrr_score", lambda: ndcg.mrr_score(_HIDDEN_ROWS, _SCORES), "y_true"),
        ("map_score", lambda: ndcg.map_score([[3, 0, 1]], _HIDDEN_ROWS), "y_score"),
        ("precision_score", lambda: ndcg.precision_score([[3, 0, 1]], _HIDDEN_ROWS, k=2), "y_score"),
        ("recall_score", lambda: ndcg.recall_score(_HIDDEN_ROWS, _SCORES, k=2), "y_true"),
        (
            "map_score n_relevant",
            lambda: ndcg.map_score([[3, 0, 1]], _SCORES, n_relevant=np.ma.array([2], mask=[True])),
            "n_relevant",
        ),
        (
            "sample_weight",
            lambda: ndcg.ndcg_score([[3, 0, 1]], _SCORES, sample_weight=np.ma.array([1.0], mask=[True])),
            "sample_weight",
        ),
        ("ndcg_under", lambda: conventions.ndcg_under("sklearn", _HIDDEN, [0.3, 0.2, 0.1]), "y_true"),
        ("ndcg_under scores", lambda: conventions.ndcg_under("sklearn", [3, 0, 1], _HIDDEN), "y_score"),
        ("ndcg_per_group", lambda: ltr.ndcg_per_group([3, 0, 1], _HIDDEN, [1, 1, 1]), "scores"),
        ("ndcg_per_group qid", lambda: ltr.ndcg_per_group([3, 0, 1], [0.3, 0.2, 0.1], qid_masked), "qid"),
        ("ranknet_loss", lambda: ltr.ranknet_loss([3, 0, 1], _HIDDEN), "y_score"),
        ("LinearModel.predict", lambda: ltr.LinearModel(1).predict(X), "X"),
        ("describe", lambda: queries.describe([1, 0, 2], qid_masked), "qid"),
        ("group_sizes", lambda: queries.group_sizes(qid_masked), "qid"),
        ("standardize_by_query", lambda: queries.standardize_by_query(X, [1, 1, 2]), "X"),
        ("train_valid_test_split", lambda: queries.train_valid_test_split(X, [1, 0, 2], [1, 1, 2]), "X"),
        (
            "boosting qid",
            lambda: boosting._check_data("lightgbm", [[1.0], [2.0], [3.0]], [1, 0, 2], qid_masked),
            "qid",
        ),
    ]


@pytest.mark.parametrize("name, call, argument", _masked_calls(), ids=[c[0] for c in _masked_calls()])
def test_masked_arrays_are_refused_naming_the_argument(name, call, argument):
    with pytest.raises(ValueError, match=rf"{argument} must be a plain array, not a masked array"):
        call()


def test_a_masked_array_with_nothing_masked_is_a_plain_array():
    plain = np.ma.array([3.0, 2.0, 0.0])
    assert ndcg.ndcg(plain) == ndcg.ndcg([3.0, 2.0, 0.0])
    assert ndcg.ndcg_score(np.ma.array([[3, 2, 0]]), [[1, 2, 3]]) == ndcg.ndcg_score([[3, 2, 0]], [[1, 2, 3]])
