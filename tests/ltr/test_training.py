"""ndcg.ltr.training: ndcg_by_group and ndcg_per_group, train (every loss and model learns on LETOR
data, deterministically), the arguments' checks of the losses, models and trainer, and the same model
on every machine."""

from __future__ import annotations

import functools
import itertools

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
    listnet_loss,
    ndcg_by_group,
    pointwise_loss,
    ranknet_loss,
    train,
)
from ndcg.ltr.queries import standardize_by_query, train_valid_test_split
from ndcg.ltr.synthetic import make_letor

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
