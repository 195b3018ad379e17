"""Tests of ndcg.ltr: gradients, lambdas (against a loop and LightGBM), models, trainer."""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
import pytest

import ndcg
from ndcg import ltr
from ndcg.ltr import (
    LOSSES,
    MLP,
    LinearModel,
    approx_ndcg_loss,
    lambdarank_gradients,
    lambdarank_loss,
    listnet_loss,
    ndcg_by_group,
    pointwise_loss,
    ranknet_loss,
    train,
)
from ndcg.ltr.letor import make_letor, standardize_by_query, train_valid_test_split
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


# ---------------------------------------------------------------- models


@pytest.mark.parametrize(
    "make",
    [
        lambda: LinearModel(4, seed=1),
        lambda: MLP(4, hidden=5, seed=1),
        lambda: MLP(4, hidden=5, seed=1, activation="relu"),
    ],
)
def test_backward_matches_finite_differences(make):
    model = make()
    rng = np.random.default_rng(0)
    X = rng.normal(size=(7, 4))
    weights = rng.normal(size=7)  # L = weights @ predict(X), so dL/dscores = weights
    grads = model.backward(X, weights)
    for name, p in model.params.items():
        numeric = np.zeros_like(p)
        for idx in np.ndindex(p.shape):
            old = p[idx]
            p[idx] = old + 1e-6
            up = weights @ model.predict(X)
            p[idx] = old - 1e-6
            down = weights @ model.predict(X)
            p[idx] = old
            numeric[idx] = (up - down) / 2e-6
        np.testing.assert_allclose(grads[name], numeric, rtol=1e-6, atol=1e-8, err_msg=name)


# ---------------------------------------------------------------- ndcg_by_group


def test_ndcg_by_group_matches_a_loop_and_ignores_row_order():
    _X, y, qid = make_letor(20, seed=3)
    scores = np.random.default_rng(0).normal(size=len(y))
    expected = np.mean(
        [
            ndcg.ndcg(y[qid == q][np.argsort(-scores[qid == q])], 10, gain="exponential")
            for q in np.unique(qid)
        ]
    )
    assert ndcg_by_group(y, scores, qid) == pytest.approx(expected, rel=1e-12)
    perm = np.random.default_rng(1).permutation(len(y))
    assert ndcg_by_group(y[perm], scores[perm], qid[perm]) == pytest.approx(expected, rel=1e-12)


def test_constant_scores_give_the_expected_random_ndcg():
    y = np.array([3, 0, 1, 2])
    exact = np.mean([ndcg.ndcg(y[list(p)], 2, gain="exponential") for p in itertools.permutations(range(4))])
    assert ndcg_by_group(y, np.zeros(4), np.zeros(4), k=2) == pytest.approx(exact)


@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
def test_ndcg_per_group_ranks_integer_scores_above_2_to_the_53_exactly(dtype):
    base = dtype(2**63 if dtype is np.uint64 else 2**60)
    scores = np.array([base + dtype(1), base, base + dtype(2), base], dtype=dtype)
    assert len(set(scores.astype(float).tolist())) == 1  # a float cast would tie them all
    y = [1, 0, 2, 1]
    qid = [1, 1, 2, 2]
    assert ndcg.ltr.ndcg_per_group(y, scores, qid).tolist() == [1.0, 1.0]
    np.testing.assert_array_equal(
        ndcg.ltr.ndcg_per_group(y, scores, qid, gain="linear"),
        ndcg.ltr.ndcg_per_group(y, [1, 0, 2, 0], qid, gain="linear"),
    )
    assert ndcg.ltr.ndcg_per_group(y, scores[[1, 0, 3, 2]], qid)[1] < 1.0


# ---------------------------------------------------------------- trainer


@pytest.fixture(scope="module")
def letor():
    X, y, qid = make_letor(150, seed=0)
    X = standardize_by_query(X, qid)
    parts = train_valid_test_split(X, y, qid, seed=0)
    return parts


@pytest.mark.parametrize("loss", list(LOSSES))
def test_every_loss_beats_a_random_ranking(letor, loss):
    Xtr, ytr, qtr = letor["train"]
    Xte, yte, qte = letor["test"]
    random_ndcg = ndcg_by_group(yte, np.zeros(len(yte)), qte)  # expected NDCG of a random order
    model = LinearModel(Xtr.shape[1], seed=0)
    history = train(model, loss, Xtr, ytr, qtr, epochs=15, lr=0.05)
    assert history[-1]["train_loss"] < history[0]["train_loss"]
    assert ndcg_by_group(yte, model.predict(Xte), qte) > random_ndcg + 0.2


@pytest.mark.parametrize("loss, activation", [("lambdarank", "tanh"), ("listnet", "relu")])
def test_mlp_beats_a_random_ranking(letor, loss, activation):
    Xtr, ytr, qtr = letor["train"]
    Xva, yva, qva = letor["valid"]
    Xte, yte, qte = letor["test"]
    model = MLP(Xtr.shape[1], hidden=16, seed=0, activation=activation)
    history = train(model, loss, Xtr, ytr, qtr, epochs=15, lr=0.02, X_val=Xva, y_val=yva, qid_val=qva)
    assert history[-1]["val_ndcg"] > history[0]["val_ndcg"]
    assert ndcg_by_group(yte, model.predict(Xte), qte) > ndcg_by_group(yte, np.zeros(len(yte)), qte) + 0.2


def test_training_is_deterministic_and_the_history_is_complete(letor):
    Xtr, ytr, qtr = letor["train"]
    Xva, yva, qva = letor["valid"]
    runs = []
    for _ in range(2):
        model = MLP(Xtr.shape[1], seed=3)
        history = train(
            model, "ranknet", Xtr, ytr, qtr, epochs=3, lr=0.01, X_val=Xva, y_val=yva, qid_val=qva, seed=7
        )
        runs.append((history, model.params["W1"].copy()))
    assert runs[0][0] == runs[1][0]
    np.testing.assert_array_equal(runs[0][1], runs[1][1])
    assert [entry["epoch"] for entry in runs[0][0]] == [0, 1, 2, 3]
    assert set(runs[0][0][0]) == {"epoch", "train_loss", "train_ndcg", "val_ndcg"}
    no_validation = train(LinearModel(Xtr.shape[1]), "listnet", Xtr, ytr, qtr, epochs=1, lr=0.01)
    assert no_validation[-1]["val_ndcg"] is None


def test_unsorted_qid_is_grouped(letor):
    Xtr, ytr, qtr = letor["train"]
    # Interleave the queries (row 1 of every query, then row 2, ...): each
    # query's rows keep their relative order, so training is unchanged.
    within = np.concatenate([np.arange(c) for c in np.unique(qtr, return_counts=True)[1]])
    order = np.lexsort((qtr, within))
    assert not np.all(np.diff(qtr[order]) >= 0)
    a = train(LinearModel(Xtr.shape[1]), "lambdarank", Xtr, ytr, qtr, epochs=2, lr=0.05)
    b = train(LinearModel(Xtr.shape[1]), "lambdarank", Xtr[order], ytr[order], qtr[order], epochs=2, lr=0.05)
    assert a == b


def test_a_callable_loss_is_accepted(letor):
    Xtr, ytr, qtr = letor["train"]
    loss = functools.partial(ranknet_loss, sigma=2.0)
    history = train(LinearModel(Xtr.shape[1]), loss, Xtr, ytr, qtr, epochs=2, lr=0.05)
    assert history[-1]["train_ndcg"] > history[0]["train_ndcg"]


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: ranknet_loss([1, 0], [1.0, 2.0, 3.0]), "y_score"),
        (lambda: ranknet_loss([1, -1], [1.0, 2.0]), "y_true"),
        (lambda: ranknet_loss([[1, 0]], [[1.0, 2.0]]), "y_true"),
        (lambda: ranknet_loss([1, 0], [np.nan, 2.0]), "y_score"),
        (lambda: listnet_loss([1, 0], [np.inf, 2.0]), "y_score"),
        (lambda: ranknet_loss([1, 0], [1.0, 2.0], sigma=0), "sigma"),
        (lambda: lambdarank_gradients([1, 0], [1.0, 2.0], sigma=-1.0), "sigma"),
        (lambda: lambdarank_gradients([1, 0], [1.0, 2.0], k=0), "k"),
        (lambda: lambdarank_gradients([1, 0], [1.0, 2.0], gain="log"), "gain"),
        (lambda: lambdarank_gradients([1, 0], [np.nan, 2.0]), "y_score"),
        (lambda: listnet_loss([1, 0], [1.0, 2.0], temperature=0.0), "temperature"),
        (lambda: approx_ndcg_loss([1, 0], [1.0, 2.0], alpha=float("nan")), "alpha"),
        (lambda: pointwise_loss([1, 0], [1.0]), "y_score"),
        (lambda: LinearModel(3).backward(np.ones((2, 3)), [1.0]), "dscores"),
        (lambda: LinearModel(3).predict(np.ones((2, 4))), "X"),
        (lambda: MLP(3, activation="sigmoid"), "activation"),
        (lambda: ndcg_by_group([1, 0], [1.0], [0, 0]), "scores"),
        (lambda: ndcg_by_group([1, 0], [1.0, np.nan], [0, 0]), "scores"),
        (lambda: ndcg_by_group([1, 0], [1.0, 2.0], [0]), "qid"),
    ],
)
def test_bad_input_names_the_argument(call, name):
    with pytest.raises(ValueError, match=name):
        call()


@pytest.mark.parametrize(
    "change, name",
    [
        ({"loss": "hinge"}, "loss"),
        ({"loss": 3}, "loss"),
        ({"y": np.zeros(5)}, "y"),
        ({"y": -np.ones(12)}, "y"),
        ({"qid": np.zeros(5)}, "qid"),
        ({"X": np.ones((12, 4))}, "X"),
        ({"epochs": 0}, "epochs"),
        ({"lr": 0.0}, "lr"),
        ({"k": 0}, "k"),
        ({"X_val": np.ones((3, 3))}, "X_val"),
        ({"X_val": np.ones((2, 4)), "y_val": [0, 1], "qid_val": [0, 0]}, "X_val"),
        ({"model": object()}, "model"),
    ],
)
def test_train_bad_input_names_the_argument(change, name):
    args = {
        "model": LinearModel(3),
        "loss": "ranknet",
        "X": np.ones((12, 3)),
        "y": np.tile([0, 1, 2], 4),
        "qid": np.repeat([0, 1], 6),
        "epochs": 1,
        "lr": 0.1,
        "k": 10,
    }
    args.update(change)
    model, loss, X, y, qid = (args.pop(key) for key in ("model", "loss", "X", "y", "qid"))
    with pytest.raises(ValueError, match=name):
        train(model, loss, X, y, qid, **args)


# -- the same model on every machine ---------------------------------------------------------


def _one_ulp_up(loss_function):
    """A loss whose gradient differs in its last bit, as on another processor."""

    def noisy(y_true, y_score):
        loss, grad = loss_function(y_true, y_score)
        return loss, np.nextafter(grad, np.inf)

    return noisy


@pytest.mark.parametrize("grid", [ltr.GRID, None])
def test_train_rounds_to_the_grid_so_last_bit_noise_leaves_no_trace(grid):

    X, y, qid = make_letor(n_queries=40, seed=1)
    X = standardize_by_query(X, qid)
    approx = functools.partial(ltr.approx_ndcg_loss, k=10)  # sharp corners: the most chaotic loss
    trained = []
    for loss in (approx, _one_ulp_up(approx)):
        model = ltr.LinearModel(X.shape[1], seed=0)
        ltr.train(model, loss, X, y, qid, epochs=8, lr=0.05, grid=grid)
        # only w: a ranking loss does not see the bias b (its gradient is 0 but for
        # rounding noise, which Adam turns into a drift that no ranking depends on)
        trained.append(model.params["w"].copy())
    if grid is None:  # the noise is there, and training carries it along
        assert not np.array_equal(trained[0], trained[1])
    else:
        assert np.array_equal(trained[0], trained[1])
        assert np.all(trained[0] / grid == np.round(trained[0] / grid))


@pytest.mark.parametrize("grid", [0.001, 3 * 2.0**-30, 2.0**-53, 1.0, -(2.0**-30), 0, "fine", True])
def test_train_checks_its_grid(grid):
    X, y, qid = np.ones((4, 2)), np.array([1, 0, 1, 0]), np.array([1, 1, 2, 2])
    with pytest.raises(ValueError, match="grid must be"):
        ltr.train(ltr.LinearModel(2), "ranknet", X, y, qid, epochs=1, lr=0.1, grid=grid)


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
