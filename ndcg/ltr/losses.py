"""Learning to rank: the losses and their gradients, for one query at a time.

NDCG is a step function of the scores: it only changes when two documents
swap places, so its gradient is zero almost everywhere. Learning to rank
(排序学习) therefore optimises a smooth *surrogate* and hopes NDCG follows.
This module has one of each family, for one query at a time, every one
returning ``(loss, gradient)`` (the gradient with respect to the scores):

=================  ==========  ===============================================
function           family      loss for one query
=================  ==========  ===============================================
pointwise_loss     pointwise   squared error between scores and grades
ranknet_loss       pairwise    logistic loss on every correctly-ordered pair
lambdarank_loss    pairwise    RankNet weighted by |ΔNDCG@k| (LambdaRank)
listnet_loss       listwise    cross-entropy of top-one probabilities
approx_ndcg_loss   listwise    1 - a smooth approximation of NDCG@k
=================  ==========  ===============================================

:func:`lambdarank_gradients` returns Burges' lambdas themselves. ``LOSSES``
maps the five names to the five functions; :mod:`ndcg.ltr.training` fits a
model (:mod:`ndcg.ltr.models`) with any of them.

Pairs are handled as an ``n x n`` matrix per query: memory and time are
O(n**2) for a query of ``n`` documents (1.6 MB of float64 per matrix for
``n = 450``), which is fine for LETOR-sized queries (tens to a few hundred
documents) and is the price of having no Python loop over pairs.

References
----------
C. Burges et al., "Learning to rank using gradient descent", ICML 2005 (RankNet).
C. J. C. Burges, "From RankNet to LambdaRank to LambdaMART: an overview",
Microsoft Research technical report MSR-TR-2010-82, 2010.
Z. Cao, T. Qin, T.-Y. Liu, M.-F. Tsai and H. Li, "Learning to rank: from
pairwise approach to listwise approach", ICML 2007 (ListNet).
T. Qin, T.-Y. Liu and H. Li, "A general approximation framework for direct
optimization of information retrieval measures", Information Retrieval 13(4),
2010 (ApproxNDCG).
"""

from __future__ import annotations

import numpy as np

from .._validation import (
    check_gain,
    check_grades,
    check_k,
    check_positive,
    check_scores,
)
from ..gains import _scaled_gain, discounts

__all__ = [
    "LOSSES",
    "approx_ndcg_loss",
    "lambdarank_gradients",
    "lambdarank_loss",
    "listnet_loss",
    "pointwise_loss",
    "ranknet_loss",
]

_LN2 = np.log(2.0)


# ---------------------------------------------------------------- checks


def _check_query(y_true, y_score, gain: str = "linear"):
    """Return one query's grades and scores as checked 1-D float arrays."""
    true = check_grades(y_true, "y_true", gain=gain)
    return true, check_scores(y_score, true.size)


def _sigmoid(x):
    """The logistic function, without overflow for large ``|x|``."""
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


# ---------------------------------------------------------------- pointwise


def pointwise_loss(y_true, y_score):
    """Squared error between scores and grades: the pointwise baseline.

    .. math:: L = \\sum_i (s_i - y_i)^2, \\qquad
              \\frac{\\partial L}{\\partial s_i} = 2 (s_i - y_i)

    The model regresses each document's grade on its own, ignoring the other
    documents of the query. Summed (not averaged) over the query's items, so
    that a trainer averaging over queries weighs every document equally.

    Parameters
    ----------
    y_true : sequence of float
        The grades of one query's items (non-negative).
    y_score : sequence of float
        The model's scores for the same items, finite.

    Returns
    -------
    loss : float
    grad : numpy.ndarray
        ``d loss / d y_score``, one entry per item.

    Examples
    --------
    >>> loss, grad = pointwise_loss([2, 0], [1.5, 0.5])
    >>> loss, grad
    (0.5, array([-1.,  1.]))
    """
    true, score = _check_query(y_true, y_score)
    return _pointwise(true, score)


def _pointwise(true, score):
    diff = score - true
    return float(diff @ diff), 2.0 * diff


# ---------------------------------------------------------------- RankNet


def ranknet_loss(y_true, y_score, *, sigma=1.0):
    """RankNet's pairwise logistic loss for one query (Burges et al., 2005).

    For every pair with ``y_i > y_j`` (``i`` should rank above ``j``) the
    model's probability that ``i`` beats ``j`` is
    ``P_ij = 1 / (1 + exp(-sigma (s_i - s_j)))``, and the loss is its
    cross-entropy with the target 1:

    .. math::

        L = \\sum_{(i, j):\\, y_i > y_j} \\log\\bigl(1 + e^{-\\sigma (s_i - s_j)}\\bigr)

    Its gradient, with :math:`\\rho_{ij} = 1 / (1 + e^{\\sigma (s_i - s_j)})`
    (the probability of the *wrong* order), gives each pair a push
    ``-sigma * rho_ij`` on ``s_i`` and ``+sigma * rho_ij`` on ``s_j``. Pairs
    with equal grades are ignored. Every pair counts the same, wherever it
    sits in the ranking: that is what LambdaRank changes.

    Parameters
    ----------
    y_true : sequence of float
        Grades of one query's items, non-negative.
    y_score : sequence of float
        Scores of the same items, finite.
    sigma : float, default 1.0
        Steepness of the logistic, positive.

    Returns
    -------
    loss : float
    grad : numpy.ndarray
        ``d loss / d y_score``. It sums to zero (each pair pushes its two
        items equally and oppositely).

    Examples
    --------
    Two items in the right order, then in the wrong order:

    >>> loss, grad = ranknet_loss([1, 0], [2.0, 0.0])
    >>> round(loss, 4), grad.round(4)
    (0.1269, array([-0.1192,  0.1192]))
    >>> loss, grad = ranknet_loss([1, 0], [0.0, 2.0])
    >>> round(loss, 4), grad.round(4)
    (2.1269, array([-0.8808,  0.8808]))
    """
    sigma = check_positive(sigma, "sigma", "the steepness of the logistic")
    true, score = _check_query(y_true, y_score)
    return _ranknet(true, score, sigma)


def _ranknet(true, score, sigma):
    pairs = true[:, None] > true[None, :]
    margin = sigma * (score[:, None] - score[None, :])
    loss = float(np.logaddexp(0.0, -margin[pairs]).sum())
    push = np.where(pairs, sigma * _sigmoid(-margin), 0.0)  # sigma * rho_ij
    return loss, push.sum(axis=0) - push.sum(axis=1)


# ---------------------------------------------------------------- LambdaRank


def lambdarank_gradients(y_true, y_score, k=None, *, sigma=1.0, gain="exponential"):
    """Burges' lambdas for one query: RankNet's pair gradients weighted by |ΔNDCG@k|.

    1. Rank the items by score, highest first; tied scores keep their input
       order (a stable sort), so rank ``r_i`` is well defined.
    2. For every pair with ``y_i > y_j``, with
       :math:`\\rho_{ij} = 1 / (1 + e^{\\sigma (s_i - s_j)})`,

       .. math::

           |\\Delta_{ij}| = \\frac{|g_i - g_j| \\cdot |D(r_i) - D(r_j)|}{\\mathrm{IDCG@k}},
           \\qquad D(r) = \\begin{cases} 1 / \\log_2(r + 1) & r \\le k \\\\ 0 & r > k \\end{cases}

       is exactly how much NDCG@k would change if ``i`` and ``j`` swapped
       places in the current ranking (``g`` is the gain of the grade, IDCG@k
       comes from ``y_true``). A pair with both items below rank ``k``
       changes nothing and contributes nothing.
    3. :math:`\\lambda_i \\mathrel{-}= \\sigma \\rho_{ij} |\\Delta_{ij}|` and
       :math:`\\lambda_j \\mathrel{+}= \\sigma \\rho_{ij} |\\Delta_{ij}|`.

    The result is returned as the gradient of a loss to *minimise*: a
    negative lambda means "push this item up". The lambdas sum to zero, and
    are all zero when IDCG@k is 0 (no relevant item). They are not the
    gradient of any fixed function of the scores (|ΔNDCG| jumps when the
    ranking changes); Burges (2010) calls them the gradients of an implicit
    cost. :func:`lambdarank_loss` pairs them with the ΔNDCG-weighted RankNet
    loss, whose gradient they are while the ranking stays put.

    Parameters
    ----------
    y_true : sequence of float
        Grades of one query's items, non-negative.
    y_score : sequence of float
        Current scores of the same items, finite.
    k : int, optional
        NDCG cut-off; ``None`` uses the whole list.
    sigma : float, default 1.0
        Steepness of RankNet's logistic, positive.
    gain : {"exponential", "linear"}, default "exponential"
        ``2**grade - 1`` (Burges; LightGBM's default ``label_gain``) or the
        grade itself.

    Returns
    -------
    numpy.ndarray
        One lambda per item, in input order.

    Notes
    -----
    **LightGBM.** Checked against ``LambdarankNDCG::GetGradientsForOneQuery``
    in ``src/objective/rank_objective.hpp`` (LightGBM 4.7.0), and numerically
    against LightGBM 4.7.0 itself in ``tests/test_ltr.py``: one boosting round
    from these scores (``init_score``), learning rate 1, no regularisation and
    a leaf per document, so that each leaf's ``leaf_weight`` is the sum of its
    hessians and ``-leaf_value * leaf_weight`` the sum of its gradients; they
    agree to 1e-4 (relative).

    * *Same*: the stable sort by score (ties in input order); only pairs with
      different labels; ``rho`` as above with ``sigma`` = LightGBM's
      ``sigmoid``; ``-sigma * rho * |Δ|`` added to the better-graded item and
      ``+sigma * rho * |Δ|`` to the other (LightGBM's gradients have our
      sign; its labels must be integers);
      ``|Δ| = |g_i - g_j| * |D_i - D_j| / maxDCG`` with ``label_gain``
      ``2**l - 1`` = ``gain="exponential"`` (``label_gain =
      [0, 1, 2, ...]`` gives ``"linear"``); the scaling by the inverse ideal
      DCG, computed at ``lambdarank_truncation_level``, and all zeros when it
      is 0; only pairs with at least one item in the top
      ``lambdarank_truncation_level`` ranks.
    * *Equal* therefore to LightGBM's gradients, with
      ``lambdarank_norm=False``, whenever ``k`` (here) and
      ``lambdarank_truncation_level`` (there, default 30) are at least the
      query's size, e.g. ``k=None``.
    * *Different for k < n*: for a pair straddling the cut-off (one item in
      the top ``k``, one below), LightGBM keeps the lower item's discount
      ``1 / log2(2 + r)`` while true ΔNDCG@k, used here, gives it 0.
    * *Not done here*: LightGBM evaluates ``rho`` from a lookup table (2**20
      bins on ``[-25/sigma, 25/sigma]``, error about 1e-5) and stores
      gradients as float32; it also returns hessians
      ``sigma**2 * rho * (1 - rho) * |Δ|`` summed like the lambdas; it
      multiplies by query weights; and, with ``lambdarank_norm=True`` (its
      default), it normalises in two steps: each ``|Δ|`` is divided by
      ``0.01 + |s_i - s_j|`` (unless all of the query's scores are equal),
      then all lambdas and hessians of the query are multiplied by
      ``log2(1 + S) / S``, where ``S = sum over pairs of 2 sigma rho |Δ|``.

    Examples
    --------
    The ideal ranking is ``[2, 1, 0]``; the model put the grade-2 item last:

    >>> lambdarank_gradients([0, 1, 2], [3.0, 2.0, 1.0]).round(4)
    array([ 0.4382, -0.0216, -0.4166])

    The grade-2 item gets a strong push up (negative), the grade-0 item at
    the top a strong push down, and the grade-1 item, pushed down by its pair
    with the grade-2 item and up by its pair with the grade-0 item, a small
    net push up. The lambdas sum to zero, and vanish when nothing is
    relevant:

    >>> bool(abs(lambdarank_gradients([0, 1, 2], [3.0, 2.0, 1.0]).sum()) < 1e-12)
    True
    >>> lambdarank_gradients([0, 0, 0], [3.0, 2.0, 1.0])
    array([0., 0., 0.])
    """
    sigma = check_positive(sigma, "sigma", "the steepness of the logistic")
    gain = check_gain(gain)
    k = check_k(k)
    true, score = _check_query(y_true, y_score, gain)
    gains, ideal = _gains_and_ideal(true, k, gain)
    lambdas, _ = _lambdarank(true, gains, score, k, sigma, ideal)
    return lambdas


def _gains_and_ideal(true, k, gain):
    """One query's gains and ideal DCG@k, scaled alike (see :func:`ndcg.gains._scaled_gain`).

    Every use divides a gain difference by the ideal DCG (ΔNDCG, NDCG), so the
    common scale cancels; it keeps exponential gains of grades near the
    limit (1023) from overflowing to ``inf``, which made the lambdas all zero.
    For grades up to 960 the values are those of ``_gain`` and ``idcg``.
    """
    gains, _ = _scaled_gain(true, gain)
    best = np.sort(gains)[::-1]
    depth = best.size if k is None else min(k, best.size)
    return gains, float(best[:depth] @ discounts(depth))


def _lambdarank(true, gains, score, k, sigma, ideal, *, hessians=False):
    """``(lambdas, hessians)`` of one query from checked input.

    ``hessians`` (``sigma**2 * rho * (1 - rho) * |Δ|`` summed over each
    item's pairs, as LightGBM computes them) is ``None`` unless asked for.
    """
    n = true.size
    if n < 2 or ideal <= 0.0:
        zeros = np.zeros(n)
        return zeros, (zeros.copy() if hessians else None)
    delta, rho = _lambdarank_parts(true, gains, score, k, sigma, ideal)
    push = sigma * rho * delta  # zero outside pairs with y_i > y_j
    lambdas = push.sum(axis=0) - push.sum(axis=1)
    if not hessians:
        return lambdas, None
    curvature = sigma * sigma * rho * (1.0 - rho) * delta
    return lambdas, curvature.sum(axis=0) + curvature.sum(axis=1)


def _lambdarank_parts(true, gains, score, k, sigma, ideal):
    """|ΔNDCG@k| of every pair with y_i > y_j (0 elsewhere), and rho_ij."""
    n = true.size
    order = np.argsort(-score, kind="stable")
    rank = np.empty(n, dtype=np.intp)
    rank[order] = np.arange(n)
    depth = n if k is None else min(k, n)
    discount = np.zeros(n)
    discount[:depth] = 1.0 / np.log2(np.arange(2, depth + 2))
    d = discount[rank]  # each item's discount at its current rank
    pairs = true[:, None] > true[None, :]
    delta = np.where(pairs, np.abs(gains[:, None] - gains[None, :]) * np.abs(d[:, None] - d[None, :]), 0.0)
    delta /= ideal
    rho = _sigmoid(-sigma * (score[:, None] - score[None, :]))
    return delta, rho


def lambdarank_loss(y_true, y_score, k=None, *, sigma=1.0, gain="exponential"):
    """LambdaRank as a ``(loss, grad)`` pair: the lambdas and a loss to report.

    The gradient is :func:`lambdarank_gradients`. The loss is RankNet's, each
    pair weighted by its |ΔNDCG@k| in the current ranking:

    .. math::

        L = \\sum_{(i, j):\\, y_i > y_j} |\\Delta_{ij}| \\,
            \\log\\bigl(1 + e^{-\\sigma (s_i - s_j)}\\bigr)

    With the weights held fixed, the lambdas are exactly its gradient; the
    weights jump when the ranking changes, so ``L`` is a number to watch
    during training, not a function that LambdaRank descends. It is 0 when
    IDCG@k is 0.

    Parameters are those of :func:`lambdarank_gradients`.

    Returns
    -------
    loss : float
    grad : numpy.ndarray
        The lambdas.

    Examples
    --------
    >>> loss, grad = lambdarank_loss([0, 1, 2], [3.0, 2.0, 1.0])
    >>> round(loss, 4), grad.round(4)
    (1.1069, array([ 0.4382, -0.0216, -0.4166]))
    """
    sigma = check_positive(sigma, "sigma", "the steepness of the logistic")
    gain = check_gain(gain)
    k = check_k(k)
    true, score = _check_query(y_true, y_score, gain)
    gains, ideal = _gains_and_ideal(true, k, gain)
    return _lambdarank_with_loss(true, gains, score, k, sigma, ideal)


def _lambdarank_with_loss(true, gains, score, k, sigma, ideal):
    n = true.size
    if n < 2 or ideal <= 0.0:
        return 0.0, np.zeros(n)
    delta, rho = _lambdarank_parts(true, gains, score, k, sigma, ideal)
    push = sigma * rho * delta
    margin = sigma * (score[:, None] - score[None, :])
    loss = float((delta * np.logaddexp(0.0, -margin)).sum())  # delta is 0 off the pairs
    return loss, push.sum(axis=0) - push.sum(axis=1)


# ---------------------------------------------------------------- ListNet


def listnet_loss(y_true, y_score, *, temperature=1.0):
    """ListNet's top-one cross-entropy for one query (Cao et al., 2007).

    Each list defines a "top-one" probability, the chance that an item is
    ranked first: for the grades ``P_y = softmax(y_true)`` (ListNet's
    ``phi = exp``, so one grade more multiplies the weight by ``e``, a gain
    in the same spirit as ``2**grade``), for the model
    ``P_s = softmax(y_score / temperature)``. The loss is their cross-entropy:

    .. math::

        L = -\\sum_i P_y(i) \\log P_s(i), \\qquad
        \\frac{\\partial L}{\\partial s_i} = \\frac{P_s(i) - P_y(i)}{T}

    The gradient sums to zero. ``L`` is at least the entropy of ``P_y``
    (reached when ``P_s = P_y``), not 0. A query whose items all have the
    same grade still asks for equal scores.

    Parameters
    ----------
    y_true : sequence of float
        Grades of one query's items, non-negative.
    y_score : sequence of float
        Scores of the same items, finite.
    temperature : float, default 1.0
        Divides the scores before the softmax; positive.

    Returns
    -------
    loss : float
    grad : numpy.ndarray

    Examples
    --------
    >>> loss, grad = listnet_loss([2, 0], [0.0, 0.0])
    >>> round(loss, 4), grad.round(4)
    (0.6931, array([-0.3808,  0.3808]))
    """
    temperature = check_positive(temperature, "temperature", "the softmax's temperature")
    true, score = _check_query(y_true, y_score)
    return _listnet(_softmax(true), score, temperature)


def _softmax(x):
    e = np.exp(x - x.max()) if x.size else x
    return e / e.sum() if x.size else x


def _listnet(target, score, temperature):
    if score.size == 0:
        return 0.0, np.zeros(0)
    z = score / temperature
    shifted = z - z.max()
    log_p = shifted - np.log(np.exp(shifted).sum())
    loss = float(-(target @ log_p))
    return loss, (np.exp(log_p) - target) / temperature


# ---------------------------------------------------------------- ApproxNDCG


def approx_ndcg_loss(y_true, y_score, k=None, *, alpha=10.0, gain="exponential"):
    """``1 - ApproxNDCG@k`` for one query (Qin, Liu and Li, 2010).

    An item's rank is ``1 +`` the number of items scored above it. ApproxNDCG
    replaces that count by a sum of sigmoids, which is smooth in the scores:

    .. math::

        \\hat\\pi_i = 1 + \\sum_{j \\ne i} \\frac{1}{1 + e^{-\\alpha (s_j - s_i)}},
        \\qquad
        \\mathrm{ApproxNDCG} = \\frac{1}{\\mathrm{IDCG@k}}
        \\sum_i \\frac{g_i \\, t_i}{\\log_2(1 + \\hat\\pi_i)}

    With ``k=None``, ``t_i = 1``. With a cut-off, the indicator "rank
    ``<= k``" is smoothed the same way, ``t_i = sigmoid(alpha (k + 1/2 -
    pi_i))`` (Qin et al. approximate the truncation by a sigmoid of the
    position too; this particular form is this package's choice). As
    ``alpha`` grows the approximation tends to the true NDCG@k (for
    distinct scores) and the gradient becomes spikier. ``IDCG@k`` comes
    from ``y_true``; a query with IDCG 0 has loss 0 and gradient 0 (its NDCG
    does not depend on the scores).

    A cut-off ``k`` at or beyond the length of the list removes nothing
    from the true NDCG@k, but its smoothed indicator still lowers every
    weight (to no less than ``sigmoid(alpha / 2)``), so that at a small
    ``alpha`` ApproxNDCG@k reads lower than the uncut ApproxNDCG: pass
    ``k=None`` for the whole list.

    Parameters
    ----------
    y_true : sequence of float
        Grades of one query's items, non-negative.
    y_score : sequence of float
        Scores of the same items, finite.
    k : int, optional
        NDCG cut-off; ``None`` uses the whole list.
    alpha : float, default 10.0
        Sharpness of the sigmoids, positive; in units of 1 / score.
    gain : {"exponential", "linear"}, default "exponential"

    Returns
    -------
    loss : float
        ``1 - ApproxNDCG@k``.
    grad : numpy.ndarray

    Examples
    --------
    Scores one unit apart with ``alpha = 10``: ApproxNDCG is the true NDCG
    to four digits, and the gradient is almost flat, like NDCG's own:

    >>> import ndcg
    >>> loss, grad = approx_ndcg_loss([0, 1, 2], [3.0, 2.0, 1.0])
    >>> round(1 - loss, 4), round(ndcg.ndcg([0, 1, 2], gain="exponential"), 4)
    (0.5869, 0.5869)
    >>> bool(np.abs(grad).max() < 1e-4)
    True

    A smaller ``alpha`` approximates less closely but gives a usable
    gradient (the grade-2 item, ranked last, is pushed up):

    >>> loss, grad = approx_ndcg_loss([0, 1, 2], [3.0, 2.0, 1.0], alpha=1.0)
    >>> round(1 - loss, 4), grad.round(4)
    (0.6197, array([ 0.0205, -0.0018, -0.0186]))
    """
    alpha = check_positive(alpha, "alpha", "the sharpness of the sigmoids")
    gain = check_gain(gain)
    k = check_k(k)
    true, score = _check_query(y_true, y_score, gain)
    gains, ideal = _gains_and_ideal(true, k, gain)
    return _approx_ndcg(gains, score, k, alpha, ideal)


def _approx_ndcg(gains, score, k, alpha, ideal):
    n = score.size
    if n == 0 or ideal <= 0.0:
        return 0.0, np.zeros(n)
    above = _sigmoid(alpha * (score[None, :] - score[:, None]))  # above[i, j]: j scored above i
    np.fill_diagonal(above, 0.0)
    rank = 1.0 + above.sum(axis=1)
    log_rank = np.log2(1.0 + rank)
    discount = 1.0 / log_rank
    d_discount = -discount / (log_rank * (1.0 + rank) * _LN2)  # d discount / d rank
    if k is None:
        weight, d_weight = discount, d_discount
    else:
        cut = _sigmoid(alpha * (k + 0.5 - rank))
        weight = cut * discount
        d_weight = cut * d_discount - alpha * cut * (1.0 - cut) * discount
    loss = 1.0 - float(gains @ weight) / ideal
    c = -gains * d_weight / ideal  # d loss / d rank_i
    slope = alpha * above * (1.0 - above)  # d rank_i / d s_j for j != i
    return loss, slope.T @ c - c * slope.sum(axis=1)


#: The five losses by name, each ``f(y_true, y_score, ...) -> (loss, grad)``
#: for one query. "lambdarank" returns the lambdas as its gradient.
LOSSES = {
    "pointwise": pointwise_loss,
    "ranknet": ranknet_loss,
    "lambdarank": lambdarank_loss,
    "listnet": listnet_loss,
    "approxndcg": approx_ndcg_loss,
}
