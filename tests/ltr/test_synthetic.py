"""The synthetic LETOR generator, ``ndcg.ltr.synthetic.make_letor``, and its switches."""

import math

import numpy as np
import pytest

import ndcg
from ndcg.ltr.queries import group_sizes, standardize_by_query
from ndcg.ltr.synthetic import GRADE_FRACTIONS, make_letor


@pytest.fixture(scope="module")
def data():
    return make_letor(n_queries=200, seed=0)


def mean_ndcg(y, scores, qid, k=10):
    """Mean NDCG@k over queries, padding each query to a common width."""
    queries, _starts = np.unique(qid, return_index=True)
    width = np.bincount(np.unique(qid, return_inverse=True)[1].reshape(-1)).max()
    true = np.zeros((len(queries), width))
    score = np.full((len(queries), width), -np.inf)
    for row, q in enumerate(queries):
        mask = qid == q
        true[row, : mask.sum()] = y[mask]
        score[row, : mask.sum()] = scores[mask]
    return ndcg.ndcg_per_query(true, score, k=k, gain="exponential").mean()


def fit_linear(X, y):
    A = np.c_[X, np.ones(len(y))]
    w = np.linalg.lstsq(A, y, rcond=None)[0]
    return A @ w


# make_letor


def test_same_seed_same_data_other_seed_other_data(data):
    again = make_letor(n_queries=200, seed=0)
    for a, b in zip(data, again):
        np.testing.assert_array_equal(a, b)
    other_X = make_letor(n_queries=200, seed=1)[0]
    assert other_X.shape != data[0].shape or not np.array_equal(other_X, data[0])


def test_shapes_types_and_query_layout(data):
    X, y, qid = data
    assert X.dtype == np.float64 and X.shape == (len(y), 15)
    assert y.dtype.kind == "i" and qid.dtype.kind == "i"
    assert set(np.unique(y)) == {0, 1, 2, 3, 4}
    np.testing.assert_array_equal(np.unique(qid), np.arange(200))
    assert np.all(np.diff(qid) >= 0)  # sorted, so each query is contiguous
    sizes = group_sizes(qid)
    assert sizes.min() >= 5 and sizes.max() <= 40
    assert sizes.max() - sizes.min() > 20  # the sizes really vary


def test_feature_counts_and_size_bounds():
    X, _y, qid = make_letor(
        n_queries=30, min_docs=3, max_docs=3, n_informative=2, n_noisy=0, n_useless=4, seed=5
    )
    assert X.shape == (90, 6)
    np.testing.assert_array_equal(group_sizes(qid), np.full(30, 3))


def test_grades_are_skewed_towards_zero(data):
    _, y, _ = data
    fractions = np.bincount(y, minlength=5) / len(y)
    np.testing.assert_allclose(fractions, GRADE_FRACTIONS, atol=0.005)
    assert np.all(np.diff(fractions) < 0)


def test_useful_features_are_predictive(data):
    X, y, qid = data
    rng = np.random.default_rng(0)
    random = mean_ndcg(y, rng.random(len(y)), qid)
    informative = mean_ndcg(y, fit_linear(X[:, 0:5], y), qid)
    noisy = mean_ndcg(y, fit_linear(X[:, 5:10], y), qid)
    useless = mean_ndcg(y, fit_linear(X[:, 10:15], y), qid)
    assert informative > noisy + 0.05
    assert noisy > useless + 0.05
    assert abs(useless - random) < 0.05
    assert informative > random + 0.2


def test_features_are_shifted_per_query(data):
    X, _, qid = data
    means = np.array([X[qid == q].mean(axis=0) for q in range(50)])
    # Query means of an N(0, 1) feature over >= 5 documents would vary with sd <= 0.45;
    # the per-query shift makes them vary with sd about 1.
    assert np.all(means.std(axis=0) > 0.7)
    Z = standardize_by_query(X, qid)
    np.testing.assert_allclose([Z[qid == q].mean(axis=0) for q in range(50)], 0, atol=1e-12)
    np.testing.assert_allclose([Z[qid == q].std(axis=0) for q in range(50)], 1, atol=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_queries": 0}, "n_queries"),
        ({"min_docs": 0}, "min_docs"),
        ({"min_docs": 10, "max_docs": 5}, "max_docs must be >= min_docs"),
        ({"n_informative": 0, "n_noisy": 0, "n_useless": 0}, "at least 1"),
        ({"n_noisy": -1}, "n_noisy"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_bad_arguments_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_letor(**kwargs)


# ------------------------------------------------------------------ make_letor's switches


def old_make_letor(n_queries, seed, min_docs=5, max_docs=40):
    """make_letor as it was before the switches, kept here to prove the defaults did not move."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(min_docs, max_docs + 1, size=n_queries)
    qid = np.repeat(np.arange(n_queries, dtype=np.int64), sizes)
    n_docs = int(sizes.sum())
    z = rng.standard_normal((n_docs, 5))
    w = rng.uniform(0.5, 1.5, size=5)
    signal = z @ w / np.linalg.norm(w)
    latent = signal + rng.normal(0.0, 0.5, size=n_queries)[qid] + rng.normal(0.0, 1.0, size=n_docs)
    thresholds = np.quantile(latent, np.cumsum(GRADE_FRACTIONS)[:-1])
    y = np.searchsorted(thresholds, latent, side="right").astype(np.int64)
    latent_std = (latent - latent.mean()) / latent.std()
    noisy = 0.25 * latent_std[:, None] + math.sqrt(1 - 0.25**2) * rng.standard_normal((n_docs, 5))
    X = np.hstack([z, noisy, rng.standard_normal((n_docs, 5))])
    X += rng.normal(0.0, 1.0, size=(n_queries, 15))[qid]
    return X, y, qid


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_defaults_give_the_old_arrays(seed):
    for new, old in zip(make_letor(n_queries=40, seed=seed), old_make_letor(40, seed)):
        assert np.array_equal(new, old)


def per_query_means(values, qid):
    return np.array([values[qid == q].mean() for q in np.unique(qid)])


def test_nonlinear_relevance_follows_the_interaction_not_a_line():
    X, y, _qid = make_letor(
        n_queries=400, relevance="nonlinear", query_offset_sd=0.0, feature_shift_sd=0.0, seed=0
    )
    z = X[:, :5]
    product = z[:, 0] * z[:, 1]
    assert np.corrcoef(product, y)[0, 1] > 0.3
    # no single informative feature is linearly related to the grade through the product term
    assert abs(np.corrcoef(z[:, 0], y)[0, 1]) < 0.05 and abs(np.corrcoef(z[:, 1], y)[0, 1]) < 0.05
    both = (z[:, 2] > 0) & (z[:, 3] > 0)
    assert y[both].mean() > y[~both].mean() + 0.5
    assert y[z[:, 4] > 1].mean() > y[z[:, 4] <= 1].mean() + 0.3


def test_tiered_relevance_z1_orders_only_the_top_tier():
    X, y, _qid = make_letor(
        n_queries=400,
        relevance="tiered",
        label_noise_sd=0.3,
        query_offset_sd=0.0,
        feature_shift_sd=0.0,
        seed=0,
    )
    z0, z1 = X[:, 0], X[:, 1]
    top, low = z0 > 0.5, z0 < 0
    assert np.corrcoef(z1[top], y[top])[0, 1] > 0.5
    assert abs(np.corrcoef(z1[low], y[low])[0, 1]) < 0.05


def test_query_offsets_move_whole_queries():
    spread = {
        sd: per_query_means(
            make_letor(n_queries=300, query_offset_sd=sd, seed=2)[1].astype(float),
            make_letor(n_queries=300, query_offset_sd=sd, seed=2)[2],
        ).std()
        for sd in (0.0, 2.0)
    }
    assert spread[2.0] > 2 * spread[0.0]


def test_label_noise_weakens_the_features():
    corr = {}
    for sd in (0.0, 3.0):
        X, y, _ = make_letor(
            n_queries=300, label_noise_sd=sd, query_offset_sd=0.0, feature_shift_sd=0.0, seed=3
        )
        corr[sd] = abs(np.corrcoef(X[:, :5].sum(axis=1), y)[0, 1])
    assert corr[0.0] > 0.8 and corr[3.0] < 0.35


def test_feature_shift_sd_sets_the_per_query_shift():
    for sd, low, high in ((0.0, 0.0, 0.3), (2.0, 1.5, 2.5)):
        X, _, qid = make_letor(n_queries=300, feature_shift_sd=sd, seed=4)
        useless = X[:, 10]
        assert low <= per_query_means(useless, qid).std() <= high


@pytest.mark.parametrize("probs", [(0.5, 0.5), (0.7, 0.2, 0.1), (0.2, 0.2, 0.2, 0.2, 0.1, 0.1)])
def test_grade_probs(probs):
    _, y, _ = make_letor(n_queries=300, grade_probs=probs, seed=5)
    shares = np.bincount(y, minlength=len(probs)) / y.size
    assert len(shares) == len(probs)
    assert np.allclose(shares, probs, atol=0.002)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"relevance": "quadratic"}, "relevance must be one of 'linear', 'nonlinear', 'tiered'"),
        ({"relevance": "nonlinear", "n_informative": 4}, "uses 5 informative features"),
        ({"relevance": "tiered", "n_informative": 1}, "uses 2 informative features"),
        ({"query_offset_sd": -1.0}, "query_offset_sd must be a finite number >= 0"),
        ({"label_noise_sd": float("nan")}, "label_noise_sd must be a finite number >= 0"),
        ({"feature_shift_sd": True}, "feature_shift_sd must be a finite number >= 0"),
        ({"feature_shift_sd": "1"}, "feature_shift_sd must be a finite number >= 0"),
        ({"grade_probs": (1.0,)}, "at least two positive shares"),
        ({"grade_probs": (0.5, 0.6)}, "must sum to 1"),
        ({"grade_probs": (1.2, -0.2)}, "at least two positive shares"),
        ({"grade_probs": "abc"}, "sequence of numbers"),
        ({"grade_probs": 0.5}, "sequence of numbers"),
    ],
)
def test_bad_switches(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_letor(n_queries=5, **kwargs)
