"""ndcg.ltr.losses: gradients against finite differences, lambdas against a plain loop and against
LightGBM. The models are in test_models.py, training in test_training.py."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest

import ndcg
from ndcg.ltr import (
    approx_ndcg_loss,
    lambdarank_gradients,
    lambdarank_loss,
    listnet_loss,
    pointwise_loss,
    ranknet_loss,
)
from ndcg.ltr.losses import _lambdarank

RNG_SEEDS = range(6)


def random_query(seed, n=None, *, max_grade=4, ties=False):
    """Grades and scores of one random query (scores distinct unless ``ties``)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 12)) if n is None else n
    y = rng.integers(0, max_grade + 1, n).astype(float)
    s = np.round(rng.normal(0, 1, n), 1) if ties else rng.normal(0, 1, n)
    return y, s


def central_differences(f, s, h=1e-6):
    grad = np.zeros_like(s)
    for i in range(s.size):
        up, down = s.copy(), s.copy()
        up[i] += h
        down[i] -= h
        grad[i] = (f(up) - f(down)) / (2 * h)
    return grad


# ---------------------------------------------------------------- gradients vs finite differences

SMOOTH_LOSSES = {
    "pointwise": pointwise_loss,
    "ranknet": ranknet_loss,
    "ranknet, sigma=2": functools.partial(ranknet_loss, sigma=2.0),
    "listnet": listnet_loss,
    "listnet, T=0.5": functools.partial(listnet_loss, temperature=0.5),
    "approxndcg": approx_ndcg_loss,
    "approxndcg@3": functools.partial(approx_ndcg_loss, k=3),
    "approxndcg@3, alpha=2, linear": functools.partial(approx_ndcg_loss, k=3, alpha=2.0, gain="linear"),
}


@pytest.mark.parametrize("name", SMOOTH_LOSSES)
@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_gradient_matches_central_differences(name, seed):
    f = SMOOTH_LOSSES[name]
    y, s = random_query(seed)
    _, grad = f(y, s)
    numeric = central_differences(lambda x: f(y, x)[0], s)
    np.testing.assert_allclose(grad, numeric, rtol=1e-5, atol=1e-7)


def test_lambdarank_loss_gradient_is_the_lambdas_at_a_fixed_ranking():
    # Tiny steps do not change the ranking, so |ΔNDCG| stays fixed and the
    # weighted RankNet loss has the lambdas as its gradient.
    for seed in RNG_SEEDS:
        y, s = random_query(seed)
        _loss, grad = lambdarank_loss(y, s, 5)
        np.testing.assert_array_equal(grad, lambdarank_gradients(y, s, 5))
        numeric = central_differences(lambda x, y=y: lambdarank_loss(y, x, 5)[0], s)
        np.testing.assert_allclose(grad, numeric, rtol=1e-5, atol=1e-7)


def test_ranknet_loss_by_hand():
    loss, grad = ranknet_loss([2, 1, 0], [0.0, 0.0, 0.0])
    assert loss == pytest.approx(3 * math.log(2))
    np.testing.assert_allclose(grad, [-1.0, 0.0, 1.0])  # 2 pairs x 1/2 each way


def test_listnet_minimum_is_the_entropy_of_the_target():
    y = np.array([3.0, 1.0, 0.0, 2.0])
    target = np.exp(y) / np.exp(y).sum()
    loss, grad = listnet_loss(y, y)
    assert loss == pytest.approx(-(target * np.log(target)).sum())
    np.testing.assert_allclose(grad, 0.0, atol=1e-15)


@pytest.mark.parametrize("k", [None, 1, 3])
def test_approx_ndcg_tends_to_ndcg_as_alpha_grows(k):
    y = np.array([0.0, 3.0, 1.0, 2.0, 0.0, 1.0])
    s = np.array([2.5, 0.0, 1.5, 3.0, -1.0, 0.5])  # distinct, 0.5 apart at least
    rels = y[np.argsort(-s)]
    loss, _ = approx_ndcg_loss(y, s, k, alpha=100.0)
    assert 1 - loss == pytest.approx(ndcg.ndcg(rels, k, gain="exponential"), abs=1e-6)


def test_zero_ideal_dcg_gives_zero_loss_and_gradient():
    for f in (lambdarank_loss, approx_ndcg_loss):
        loss, grad = f([0, 0, 0], [0.3, 0.1, 0.2])
        assert loss == 0.0
        np.testing.assert_array_equal(grad, 0.0)


# ---------------------------------------------------------------- lambdas vs a plain loop


def lambdas_by_loop(y, s, k=None, sigma=1.0, gain="exponential"):
    """Burges' lambdas with Python loops: every pair, every swap done for real."""
    n = len(y)
    order = sorted(range(n), key=lambda i: -s[i])  # Python's sort is stable: ties in input order
    position = {item: r for r, item in enumerate(order)}
    ranked = [y[i] for i in order]
    before = ndcg.ndcg(ranked, k, gain=gain)
    lambdas = [0.0] * n
    for i in range(n):
        for j in range(n):
            if y[i] > y[j]:
                swapped = list(ranked)
                a, b = position[i], position[j]
                swapped[a], swapped[b] = swapped[b], swapped[a]
                delta = abs(ndcg.ndcg(swapped, k, gain=gain) - before)  # 0 when IDCG is 0
                rho = 1.0 / (1.0 + math.exp(sigma * (s[i] - s[j])))
                lambdas[i] -= sigma * rho * delta
                lambdas[j] += sigma * rho * delta
    return np.array(lambdas)


@pytest.mark.parametrize("k", [None, 1, 2, 3, 5, 20])
@pytest.mark.parametrize("seed", RNG_SEEDS)
@pytest.mark.parametrize("ties", [False, True])
def test_lambdas_match_the_loop(k, seed, ties):
    y, s = random_query(seed, ties=ties)
    expected = lambdas_by_loop(y, s, k)
    np.testing.assert_allclose(lambdarank_gradients(y, s, k), expected, rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("sigma", [0.5, 2.0])
@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_lambdas_match_the_loop_sigma_and_gain(sigma, gain):
    for seed in RNG_SEEDS:
        y, s = random_query(seed, ties=True)
        np.testing.assert_allclose(
            lambdarank_gradients(y, s, 4, sigma=sigma, gain=gain),
            lambdas_by_loop(y, s, 4, sigma, gain),
            rtol=1e-12,
            atol=1e-14,
        )


def test_lambdas_sum_to_zero():
    for seed in range(30):
        y, s = random_query(seed, ties=seed % 2 == 1)
        for k in (None, 1, 3):
            assert abs(lambdarank_gradients(y, s, k).sum()) < 1e-12


def test_all_zero_or_equal_labels_give_zero_lambdas():
    s = np.array([0.3, -1.0, 2.0, 0.0])
    np.testing.assert_array_equal(lambdarank_gradients([0, 0, 0, 0], s), 0.0)
    np.testing.assert_array_equal(lambdarank_gradients([2, 2, 2, 2], s), 0.0)  # no pair
    np.testing.assert_array_equal(lambdarank_gradients([3], [1.0]), 0.0)
    assert lambdarank_gradients([], []).shape == (0,)


def test_k1_only_pairs_touching_rank_one():
    for seed in range(20):
        y, s = random_query(seed, n=8)
        top = int(np.argmax(s))
        lam = lambdarank_gradients(y, s, 1)
        if ndcg.idcg(y, 1) == 0:
            np.testing.assert_array_equal(lam, 0.0)
            continue
        for j in range(len(y)):
            if j == top:
                continue
            if y[j] == y[top]:
                assert lam[j] == 0.0  # its only swap that matters (with rank 1) changes nothing
            else:  # exactly its pair with the top item
                hi, lo = (top, j) if y[top] > y[j] else (j, top)
                g = 2.0**y - 1
                delta = abs(g[hi] - g[lo]) * 1.0 / ndcg.idcg(y, 1, gain="exponential")
                rho = 1 / (1 + math.exp(s[hi] - s[lo]))
                assert lam[j] == pytest.approx(rho * delta if j == lo else -rho * delta, rel=1e-12)


def test_negative_lambda_means_move_up():
    # The only relevant item is ranked last: it is pushed up, every other item down.
    lam = lambdarank_gradients([0, 0, 0, 0, 2], [5.0, 4.0, 3.0, 2.0, 1.0])
    assert lam[4] < 0 and np.all(lam[:4] > 0)
    # A step against the lambdas raises NDCG.
    y, s = np.array([0, 0, 0, 0, 2.0]), np.array([5.0, 4.0, 3.0, 2.0, 1.0])
    before = ndcg.ndcg(y[np.argsort(-s)], gain="exponential")
    s2 = s - 20 * lam
    assert ndcg.ndcg(y[np.argsort(-s2)], gain="exponential") > before


# ---------------------------------------------------------------- LightGBM


def lightgbm_reference(y, s, truncation, sigma, label_gain, norm, *, cut_discount=False):
    """LightGBM's LambdarankNDCG::GetGradientsForOneQuery, transcribed with loops
    (exact sigmoid instead of its lookup table, float64 instead of float32).

    ``cut_discount=True`` is *not* LightGBM: it sets the discount of ranks
    below the truncation level to 0, which turns |Δ| into true ΔNDCG@k.
    """
    n = len(y)
    order = sorted(range(n), key=lambda i: -s[i])
    discount = [1.0 / math.log2(2 + r) if r < truncation or not cut_discount else 0.0 for r in range(n)]
    ideal = sorted((label_gain[int(v)] for v in y), reverse=True)[:truncation]
    max_dcg = sum(g * discount[r] for r, g in enumerate(ideal))
    inverse = 1.0 / max_dcg if max_dcg > 0 else 0.0
    all_equal = s[order[0]] == s[order[-1]]
    lambdas, hessians = np.zeros(n), np.zeros(n)
    total = 0.0
    for i in range(min(n - 1, truncation)):
        for j in range(i + 1, n):
            a, b = order[i], order[j]
            if y[a] == y[b]:
                continue
            (high, hr), (low, lr) = ((a, i), (b, j)) if y[a] > y[b] else ((b, j), (a, i))
            ds = s[high] - s[low]
            gap = label_gain[int(y[high])] - label_gain[int(y[low])]
            delta = gap * abs(discount[hr] - discount[lr]) * inverse
            if norm and not all_equal:
                delta /= 0.01 + abs(ds)
            rho = 1.0 / (1.0 + math.exp(sigma * ds))
            p_lambda = -sigma * rho * delta
            p_hessian = sigma * sigma * rho * (1 - rho) * delta
            lambdas[high] += p_lambda
            lambdas[low] -= p_lambda
            hessians[high] += p_hessian
            hessians[low] += p_hessian
            total -= 2 * p_lambda
    if norm and total > 0:
        lambdas *= math.log2(1 + total) / total
        hessians *= math.log2(1 + total) / total
    return lambdas, hessians


def lightgbm_first_round(y, s, sizes, *, truncation, sigma=1.0, label_gain=None, norm=False):
    """Per-leaf sums of LightGBM's (gradient, hessian) in one boosting round from scores ``s``.

    One feature (the row number) with a bin per row, no regularisation and
    learning_rate 1: every leaf's value is -sum(g) / sum(h) over its rows and
    its ``leaf_weight`` is sum(h). Rows with different g/h almost always get
    their own leaf; we compare sums per leaf, which holds regardless.
    """
    lgb = pytest.importorskip("lightgbm")
    n = len(y)
    X = np.arange(n, dtype=float)[:, None]
    params = dict(
        objective="lambdarank",
        num_leaves=2 * n,
        learning_rate=1.0,
        lambda_l1=0.0,
        lambda_l2=0.0,
        min_data_in_leaf=1,
        min_sum_hessian_in_leaf=1e-12,
        min_data_in_bin=1,
        max_bin=n + 1,
        min_gain_to_split=0.0,
        lambdarank_norm=norm,
        lambdarank_truncation_level=truncation,
        sigmoid=sigma,
        num_threads=1,
        verbosity=-1,
        deterministic=True,
        force_row_wise=True,
        feature_pre_filter=False,
    )
    if label_gain is not None:
        params["label_gain"] = label_gain
    data = lgb.Dataset(X, label=y, group=sizes, init_score=s, params=params)
    booster = lgb.train(params, data, num_boost_round=1)
    leaf_of_row = booster.predict(X, pred_leaf=True).ravel().astype(int)
    leaves = {}

    def walk(node):
        if "leaf_index" in node:
            leaves[node["leaf_index"]] = (node["leaf_value"], node["leaf_weight"])
        else:
            walk(node["left_child"])
            walk(node["right_child"])

    walk(booster.dump_model()["tree_info"][0]["tree_structure"])
    return leaf_of_row, leaves


def assert_matches_lightgbm(leaf_of_row, leaves, g, h):
    assert len(leaves) > len(g) // 2  # most rows got their own leaf
    for leaf, (value, weight) in leaves.items():
        rows = leaf_of_row == leaf
        assert weight == pytest.approx(h[rows].sum(), rel=1e-4, abs=1e-6)
        assert -value * weight == pytest.approx(g[rows].sum(), rel=1e-4, abs=1e-5)


def parity_data(seed, sizes, ties):
    rng = np.random.default_rng(seed)
    y = np.concatenate([rng.integers(0, 5, m) for m in sizes]).astype(float)
    s = np.round(rng.normal(0, 1, len(y)), 1) if ties else rng.normal(0, 1, len(y))
    return y, s


def per_query(sizes):
    return np.split(np.arange(sum(sizes)), np.cumsum(sizes)[:-1])


@pytest.mark.parametrize(
    "sigma, gain, ties, zero_scores",
    [
        (1.0, "exponential", False, False),
        (1.0, "exponential", True, False),
        (2.0, "linear", True, False),
        (1.0, "exponential", False, True),
    ],
)
def test_lambdas_equal_lightgbm_without_normalisation(sigma, gain, ties, zero_scores):
    sizes = [6, 9, 12, 2]
    y, s = parity_data(1, sizes, ties)
    if zero_scores:  # LightGBM's real first round: every score 0, ranking = input order
        s = np.zeros_like(s)
    label_gain = None if gain == "exponential" else list(range(31))
    leaf_of_row, leaves = lightgbm_first_round(
        y, s, sizes, truncation=max(sizes), sigma=sigma, label_gain=label_gain
    )
    g, h = np.zeros(len(y)), np.zeros(len(y))
    for rows in per_query(sizes):
        g[rows] = lambdarank_gradients(y[rows], s[rows], sigma=sigma, gain=gain)
        ideal = ndcg.idcg(y[rows], gain=gain)
        gains = ndcg.gain_values(y[rows], gain)
        lam, h[rows] = _lambdarank(y[rows], gains, s[rows], None, sigma, ideal, hessians=True)
        np.testing.assert_array_equal(lam, g[rows])
        # and the transcription of the C++ agrees with ours to rounding
        table = ndcg.gain_values(range(31), gain)
        ref_g, ref_h = lightgbm_reference(y[rows], s[rows], max(sizes), sigma, table, False)
        np.testing.assert_allclose(g[rows], ref_g, atol=1e-14)
        np.testing.assert_allclose(h[rows], ref_h, atol=1e-14)
    assert_matches_lightgbm(leaf_of_row, leaves, g, h)


@pytest.mark.parametrize("truncation, norm", [(3, False), (12, True), (3, True)])
def test_lightgbm_truncation_and_normalisation_are_as_documented(truncation, norm):
    sizes = [6, 9, 12]
    y, s = parity_data(2, sizes, ties=False)
    label_gain = ndcg.gain_values(range(31), "exponential")
    g, h = np.zeros(len(y)), np.zeros(len(y))
    for rows in per_query(sizes):
        g[rows], h[rows] = lightgbm_reference(y[rows], s[rows], truncation, 1.0, label_gain, norm)
    leaf_of_row, leaves = lightgbm_first_round(y, s, sizes, truncation=truncation, norm=norm)
    assert_matches_lightgbm(leaf_of_row, leaves, g, h)


def test_truncated_lambdas_differ_from_lightgbm_only_by_the_cut_discount():
    # LightGBM keeps the discount 1/log2(2 + r) of an item below the truncation
    # level; true ΔNDCG@k gives it 0. With that one change the two agree.
    gains = ndcg.gain_values(range(31), "exponential")
    for seed in RNG_SEEDS:
        y, s = random_query(seed, n=9, ties=True)
        for k in (1, 3, 5):
            ours = lambdarank_gradients(y, s, k)
            cut, _ = lightgbm_reference(y, s, k, 1.0, gains, False, cut_discount=True)
            np.testing.assert_allclose(ours, cut, atol=1e-14)
    y, s = np.array([2.0, 1.0, 0.0, 2.0, 0.0]), np.array([5.0, 4.0, 3.0, 2.0, 1.0])
    assert not np.allclose(lambdarank_gradients(y, s, 2), lightgbm_reference(y, s, 2, 1.0, gains, False)[0])


def test_a_cut_at_the_list_length_still_shrinks_approx_ndcg_at_small_alpha():
    # Chapter 6 plots the four short videos with no cut: a smoothed cut at k = 4 would
    # lower every weight although it removes nothing (the docstring's warning).
    y, s = [1, 3, 2, 0], [2.0, 1.0, 0.0, -1.0]
    uncut = 1 - approx_ndcg_loss(y, s, alpha=1.0)[0]
    cut = 1 - approx_ndcg_loss(y, s, 4, alpha=1.0)[0]
    assert cut < uncut - 0.05
    # the weights shrink by sigmoid(alpha (k + 1/2 - rank)) >= sigmoid(alpha / 2)
    assert cut >= 1 / (1 + math.exp(-0.5)) * uncut
    sharp = [1 - approx_ndcg_loss(y, s, k, alpha=60.0)[0] for k in (None, 4, 10)]
    assert sharp == pytest.approx([ndcg.ndcg([1, 3, 2, 0], gain="exponential")] * 3, abs=1e-6)


def test_the_largest_lambda_of_the_short_videos_pushes_a_down():
    # Chapter 6's prose: A (grade 1, ranked above B and C) gets the largest |lambda|,
    # pushing it down; B (grade 3 at rank 2) the strongest push up.
    lam = lambdarank_gradients([1, 3, 2, 0], [2.0, 1.0, 0.0, -1.0])
    assert int(np.argmax(np.abs(lam))) == 0 and lam[0] > 0
    assert int(np.argmin(lam)) == 1 and lam[1] < 0
