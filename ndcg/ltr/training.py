"""Learning to rank: the trainer, and NDCG@k over documents grouped by query.

:func:`train` fits a model of :mod:`ndcg.ltr.models` with a loss of
:mod:`ndcg.ltr.losses` (or any function ``f(y_true, y_score) -> (loss,
grad)``) on documents grouped by query, with Adam; :func:`ndcg_by_group` and
:func:`ndcg_per_group` score the result, query by query.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .._validation import (
    _as_numeric_array,
    _describe,
    _raw_numeric,
    check_gain,
    check_grades,
    check_int,
    check_k,
    check_positive,
    refuse_masked,
)
from ..batch_graded import ndcg_per_query
from .losses import (
    LOSSES,
    _approx_ndcg,
    _gains_and_ideal,
    _lambdarank_with_loss,
    _listnet,
    _pointwise,
    _ranknet,
    _softmax,
)
from .models import _Adam, _check_X

__all__ = ["GRID", "ndcg_by_group", "ndcg_per_group", "train"]

#: The grid :func:`train` rounds every parameter to after each step: 2**-30.
GRID = 2.0**-30


def _check_grouped(X, y, qid, suffix=""):
    """Check a (X, y, qid) data set; return arrays and the rows of each query."""
    X = _check_X(X, "X" + suffix)
    n = X.shape[0]
    if n == 0:
        raise ValueError(f"X{suffix} must have at least one row (document); got none.")
    y = check_grades(y, "y" + suffix, gain="exponential")
    if y.size != n:
        raise ValueError(f"y{suffix} must have one grade per row of X{suffix} ({n}); got {y.size}.")
    groups = _groups(qid, n, "qid" + suffix)
    return X, y, groups


def _groups(qid, n, name):
    """Row indices of each query, in order of query id; rows keep their order."""
    refuse_masked(qid, name)
    qid = np.asarray(qid)
    if qid.shape != (n,):
        raise ValueError(f"{name} must be 1-D with one query id per document ({n}); got shape {qid.shape}.")
    if qid.dtype.kind == "f" and not np.all(np.isfinite(qid)):
        raise ValueError(f"{name} must hold query ids; found NaN or infinity.")
    _, inverse = np.unique(qid, return_inverse=True)
    inverse = inverse.reshape(-1)
    order = np.argsort(inverse, kind="stable")
    bounds = np.flatnonzero(np.diff(inverse[order])) + 1
    return np.split(order, bounds)


def ndcg_by_group(y, scores, qid, k=10, *, gain="exponential"):
    """Mean NDCG@k over queries: the mean of :func:`ndcg_per_group`.

    Examples
    --------
    >>> y = [2, 0, 1, 0, 1]
    >>> qid = [1, 1, 1, 2, 2]
    >>> ndcg_by_group(y, [0.9, 0.1, 0.5, 0.3, 0.7], qid)
    1.0
    >>> round(ndcg_by_group(y, [0.0, 0.0, 0.0, 0.0, 0.0], qid), 4)  # a random ranking, on average
    0.799
    """
    return float(ndcg_per_group(y, scores, qid, k, gain=gain).mean())


def ndcg_per_group(y, scores, qid, k=10, *, gain="exponential"):
    """NDCG@k of every query, the documents of each query ranked by score.

    The rows of one query do not need to be contiguous: rows are grouped by
    ``qid`` value. Within a query, tied scores share their average gain
    (:func:`ndcg.ndcg_per_query` with ``ignore_ties=False``), so a model that
    gives every document the same score gets the *expected* NDCG of a random
    ranking. A query with no relevant document scores 0 and counts in the
    mean, as in :func:`ndcg.ndcg_score` and scikit-learn (LightGBM's
    ``ndcg`` metric counts it as 1 instead).

    Parameters
    ----------
    y : array of shape (n_docs,)
        Grades, non-negative.
    scores : array of shape (n_docs,)
        Scores, finite. Integer scores are ranked exactly, never cast to float.
    qid : array of shape (n_docs,)
        Query id of every document (any sortable values).
    k : int or None, default 10
    gain : {"exponential", "linear"}, default "exponential"

    Returns
    -------
    ndarray of float64, shape (n_queries,)
        One value per distinct query id, in sorted order of the ids
        (``numpy.unique(qid)``).

    Examples
    --------
    >>> y = [2, 0, 1, 0, 1]
    >>> qid = [1, 1, 1, 2, 2]
    >>> ndcg_per_group(y, [0.9, 0.1, 0.5, 0.3, 0.7], qid).tolist()
    [1.0, 1.0]
    >>> ndcg_per_group(y, [0.1, 0.9, 0.5, 0.3, 0.7], qid).round(4).tolist()
    [0.5869, 1.0]
    """
    gain = check_gain(gain)
    k = check_k(k)
    true = check_grades(y, "y", gain=gain)
    exact = _raw_numeric(scores, "scores")
    score = _as_numeric_array(exact, "scores")
    if score.shape != true.shape:
        raise ValueError(
            f"y and scores must have the same shape (one per document); got {true.shape} and {score.shape}."
        )
    if not np.all(np.isfinite(score)):
        raise ValueError("scores must be finite; found NaN or infinity.")
    if true.size == 0:
        raise ValueError("y must hold at least one document; got none.")
    if exact.dtype.kind in "iu":
        # Integer scores are replaced by their rank among the distinct scores: the same order
        # and ties, exactly, in floats below 2**53 that the -inf padding can rank after.
        score = np.unique(exact, return_inverse=True)[1].reshape(-1).astype(float)
    groups = _groups(qid, true.size, "qid")
    sizes = np.array([g.size for g in groups])
    row = np.repeat(np.arange(len(groups)), sizes)
    col = np.arange(true.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    rows = np.concatenate(groups)
    Y = np.zeros((len(groups), sizes.max()))
    S = np.full((len(groups), sizes.max()), -np.inf)
    Y[row, col] = true[rows]
    S[row, col] = score[rows]
    return ndcg_per_query(Y, S, k=k, gain=gain)


# ---------------------------------------------------------------- training


def _query_loss(name, true, k):
    """A function ``scores -> (loss, grad)`` for one query, with its constants precomputed."""
    if name == "pointwise":
        return lambda s: _pointwise(true, s)
    if name == "ranknet":
        return lambda s: _ranknet(true, s, 1.0)
    if name == "listnet":
        target = _softmax(true)
        return lambda s: _listnet(target, s, 1.0)
    gains, ideal = _gains_and_ideal(true, k, "exponential")
    if name == "lambdarank":
        return lambda s: _lambdarank_with_loss(true, gains, s, k, 1.0, ideal)
    return lambda s: _approx_ndcg(gains, s, k, 10.0, ideal)


def train(
    model,
    loss,
    X,
    y,
    qid,
    *,
    epochs,
    lr,
    X_val=None,
    y_val=None,
    qid_val=None,
    k=10,
    seed=0,
    batch_size=16,
    grid=GRID,
):
    """Fit ``model`` with a ranking loss by mini-batch Adam over queries.

    Every epoch shuffles the training queries (``numpy.random.default_rng(seed)``)
    and cuts them into batches of ``batch_size`` queries. For each batch: score
    its documents, compute each query's loss and gradient, average them over
    the batch's queries, backpropagate through the model and take one Adam
    step (``beta1 = 0.9``, ``beta2 = 0.999``, ``eps = 1e-8``, bias-corrected;
    Kingma & Ba, 2015). Nothing else is random, so the same model seed and
    ``seed`` give the same history, bit for bit.

    The same history on every machine, too: after every step each parameter
    is rounded to a multiple of ``grid`` (``2**-30``, about ``1e-9``, by
    default: far finer than any step Adam takes, and exact, since it is a
    power of two). Without it, a gradient that differs in its last bit
    between two processors (NumPy's SIMD kernels and the BLAS library do
    differ there) starts two trainings on different paths, and a loss with
    sharp corners, such as ApproxNDCG with a large ``alpha``, can carry them
    far apart in a few hundred steps. Rounding wipes the difference out after
    every step, unless it straddles a multiple of ``grid`` (a chance of
    about one in a hundred million per parameter and step).

    The named losses use their defaults (``sigma = 1``, ``temperature = 1``,
    ``alpha = 10``, exponential gain); ``"lambdarank"`` and ``"approxndcg"``
    optimise NDCG@``k``, the same ``k`` that is reported.

    Parameters
    ----------
    model : LinearModel or MLP
        Anything with ``predict(X)``, ``backward(X, dscores)`` and a
        ``params`` dict; its parameters are updated in place.
    loss : str or callable
        A name in :data:`LOSSES`, or a function ``f(y_true, y_score) ->
        (loss, grad)`` for one query (e.g. ``functools.partial(ranknet_loss,
        sigma=2.0)``); ``k`` is not passed to it, bind it yourself.
    X : array of shape (n_docs, n_features)
    y : array of shape (n_docs,)
        Grades.
    qid : array of shape (n_docs,)
        Query ids. Rows need not be sorted or contiguous: they are grouped by
        ``qid`` value.
    epochs : int
        Passes over the training queries (>= 1).
    lr : float
        Adam's step size, positive (0.01 to 0.1 suits standardized features).
    X_val, y_val, qid_val : optional
        A validation set, scored with :func:`ndcg_by_group` after every epoch.
    k : int or None, default 10
        Cut-off of the reported NDCG and of the LambdaRank / ApproxNDCG losses.
    seed : int, default 0
        Seed of the query shuffling.
    batch_size : int, default 16
        Queries per Adam step.
    grid : float or None, default ``GRID`` (``2**-30``)
        Round every parameter to a multiple of ``grid`` after every step (a
        power of two, ``2**-52`` to ``2**-1``); ``None`` to switch it off.

    Returns
    -------
    list of dict
        One dict per epoch, starting with epoch 0 (before any step):
        ``epoch``; ``train_loss``, the mean per-query loss on the whole
        training set at the end of the epoch; ``train_ndcg`` and ``val_ndcg``
        (NDCG@k by :func:`ndcg_by_group`; ``val_ndcg`` is ``None`` without a
        validation set).

    Examples
    --------
    >>> from ndcg.ltr.queries import standardize_by_query
    >>> from ndcg.ltr.synthetic import make_letor
    >>> from ndcg.ltr.models import LinearModel
    >>> X, y, qid = make_letor(n_queries=30, seed=0)
    >>> X = standardize_by_query(X, qid)
    >>> model = LinearModel(X.shape[1], seed=0)
    >>> history = train(model, "ranknet", X, y, qid, epochs=5, lr=0.05)
    >>> len(history), sorted(history[0])
    (6, ['epoch', 'train_loss', 'train_ndcg', 'val_ndcg'])
    >>> history[-1]["train_ndcg"] > history[0]["train_ndcg"]
    True
    """
    if isinstance(loss, str):
        if loss not in LOSSES:
            names = ", ".join(map(repr, LOSSES))
            raise ValueError(f"loss must be one of {names} or a callable; got {loss!r}.")
    elif not callable(loss):
        raise ValueError(f"loss must be a name in LOSSES or a callable; got {_describe(loss)}.")
    for attribute in ("predict", "backward", "params"):
        if not hasattr(model, attribute):
            raise ValueError(
                f"model must have predict, backward and params (LinearModel or MLP); it has no {attribute}."
            )
    epochs = check_int(epochs, "epochs", 1)
    batch_size = check_int(batch_size, "batch_size", 1)
    lr = check_positive(lr, "lr", "Adam's step size")
    k = check_k(k)
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ValueError(f"seed must be an integer; got {_describe(seed)}.")
    if grid is not None:
        grid = check_positive(grid, "grid", "a power of two from 2**-52 to 2**-1, or None")
        mantissa, exponent = math.frexp(grid)
        if mantissa != 0.5 or not -51 <= exponent <= 0:
            raise ValueError(f"grid must be a power of two from 2**-52 to 2**-1, or None; got {grid!r}.")
    X, y, groups = _check_grouped(X, y, qid)
    validation = (X_val, y_val, qid_val)
    if any(part is not None for part in validation):
        if any(part is None for part in validation):
            raise ValueError("X_val, y_val and qid_val must be given together (or none of them).")
        X_val, y_val, _ = _check_grouped(X_val, y_val, qid_val, "_val")
        if X_val.shape[1] != X.shape[1]:
            raise ValueError(
                f"X_val must have the same {X.shape[1]} feature columns as X; got {X_val.shape[1]}."
            )
    model.predict(X[:1])  # checks the number of features early

    if isinstance(loss, str):
        per_query = [_query_loss(loss, y[rows], k) for rows in groups]
    else:
        per_query = [(lambda s, t=y[rows]: loss(t, s)) for rows in groups]

    def evaluate(epoch):
        scores = model.predict(X)
        total = sum(f(scores[rows])[0] for f, rows in zip(per_query, groups))
        return {
            "epoch": epoch,
            "train_loss": float(total / len(groups)),
            "train_ndcg": ndcg_by_group(y, scores, qid, k),
            "val_ndcg": None if X_val is None else ndcg_by_group(y_val, model.predict(X_val), qid_val, k),
        }

    rng = np.random.default_rng(seed)
    adam = _Adam(model.params, lr, grid=grid)
    history = [evaluate(0)]
    for epoch in range(1, epochs + 1):
        shuffled = rng.permutation(len(groups))
        for start in range(0, len(groups), batch_size):
            batch = shuffled[start : start + batch_size]
            rows = np.concatenate([groups[q] for q in batch])
            X_batch = X[rows]
            scores = model.predict(X_batch)
            dscores = np.empty(rows.size)
            offset = 0
            for q in batch:
                size = groups[q].size
                dscores[offset : offset + size] = per_query[q](scores[offset : offset + size])[1]
                offset += size
            adam.step(model.backward(X_batch, dscores / batch.size))
        history.append(evaluate(epoch))
    return history
