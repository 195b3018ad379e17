"""DCG and NDCG of many queries at once, from model scores.

:mod:`ndcg.metrics` scores one list of grades that is already in ranked
order. Here each row of ``y_true`` holds the grades of one query's items and
the same row of ``y_score`` the scores a model gave them; the ranking is
"highest score first". Everything is vectorised over queries: no Python loop,
and memory linear in the size of the input.

Ties
----
When a model gives several items the same score, their order is undefined,
and any tie-break would flatter or punish the model by chance. By default
(``ignore_ties=False``) the items of a tie group share the average gain of the
group, at the positions the group occupies (McSherry & Najork, 2008). This is
the expected DCG over all orderings of the tied items, and it is what
scikit-learn's ``dcg_score`` and ``ndcg_score`` compute. With
``ignore_ties=True`` ties are broken by input order (the first column first),
which is what a fixed tie-break means, and fine for continuous scores.

The ideal DCG of a query sorts that query's grades (``y_true``), so, as in
scikit-learn, it is computed from the items in the row only. Pad shorter
queries with grade 0 and score ``-inf``.

References
----------
F. McSherry and M. Najork, "Computing information retrieval performance
measures efficiently in the presence of tied scores", ECIR 2008.
"""

from __future__ import annotations

import numpy as np

from ._validation import check_gain, check_k, check_matrices
from .gains import _gain, discounts


def dcg_per_query(y_true, y_score, *, k=None, gain="linear", ignore_ties=False) -> np.ndarray:
    """DCG@k of every query (row): an array with one value per row.

    Parameters are those of :func:`dcg_score`.

    Examples
    --------
    >>> dcg_per_query([[3, 2, 1], [0, 0, 1]], [[0.9, 0.5, 0.1], [0.3, 0.2, 0.1]])
    array([4.76185951, 0.5       ])
    """
    gain = check_gain(gain)
    k = check_k(k)
    true, score = check_matrices(y_true, y_score, gain=gain)
    return _dcg_rows(_gain(true, gain), score, k, ignore_ties)


def ndcg_per_query(y_true, y_score, *, k=None, gain="linear", ignore_ties=False) -> np.ndarray:
    """NDCG@k of every query (row): an array with one value per row.

    A query with no relevant item (ideal DCG 0) scores 0.0. Parameters are
    those of :func:`ndcg_score`.

    Examples
    --------
    >>> ndcg_per_query([[3, 2, 1], [0, 0, 1], [0, 0, 0]],
    ...                [[0.9, 0.5, 0.1], [0.3, 0.2, 0.1], [1, 2, 3]]).round(4)
    array([1. , 0.5, 0. ])
    """
    gain = check_gain(gain)
    k = check_k(k)
    true, score = check_matrices(y_true, y_score, gain=gain)
    gains = _gain(true, gain)
    actual = _dcg_rows(gains, score, k, ignore_ties)
    ideal = _ideal_dcg_rows(gains, k)
    out = np.zeros_like(actual)
    np.divide(actual, ideal, out=out, where=ideal > 0)
    return out


def dcg_score(y_true, y_score, *, k=None, gain="linear", ignore_ties=False) -> float:
    """Mean DCG@k over queries, ranking each query's items by score.

    With ``gain="linear"`` this equals ``sklearn.metrics.dcg_score``, ties
    included.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite.
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN (``-inf`` is allowed,
        for padding).
    k : int, optional
        Cut-off rank; ``None`` scores every item.
    gain : {"linear", "exponential"}
    ignore_ties : bool
        ``False`` (default): tied items share their group's average gain.
        ``True``: ties are broken by input order.

    Returns
    -------
    float

    Examples
    --------
    >>> round(dcg_score([[3, 2, 1, 0, 2]], [[5, 4, 3, 2, 1]]), 4)
    5.5356

    Two items tied at the top share the average of their gains:

    >>> dcg_score([[1, 0]], [[0.5, 0.5]])
    0.8154648767857288
    """
    return float(np.mean(dcg_per_query(y_true, y_score, k=k, gain=gain, ignore_ties=ignore_ties)))


def ndcg_score(y_true, y_score, *, k=None, gain="linear", ignore_ties=False) -> float:
    """Mean NDCG@k over queries, ranking each query's items by score.

    With ``gain="linear"`` this equals ``sklearn.metrics.ndcg_score``, ties
    included, and is much faster (no Python loop over queries). A query
    with no relevant item scores 0.0 and counts in the mean.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite.
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN (``-inf`` is allowed,
        for padding).
    k : int, optional
        Cut-off rank; ``None`` scores every item.
    gain : {"linear", "exponential"}
    ignore_ties : bool
        ``False`` (default): tied items share their group's average gain.
        ``True``: ties are broken by input order.

    Returns
    -------
    float

    Examples
    --------
    >>> y_true = [[3, 2, 1, 0, 2], [0, 1, 0, 0, 0]]
    >>> y_score = [[5, 4, 3, 2, 1], [0.1, 0.2, 0.3, 0.4, 0.5]]
    >>> round(ndcg_score(y_true, y_score, k=5), 4)
    0.7016
    >>> ndcg_score([[1, 0]], [[0.5, 0.5]])  # a tie: the expected NDCG
    0.8154648767857288
    """
    return float(np.mean(ndcg_per_query(y_true, y_score, k=k, gain=gain, ignore_ties=ignore_ties)))


def _flat_index(columns: np.ndarray, n_items: int) -> np.ndarray:
    """Flat positions of ``[i, columns[i, j]]`` in a C-ordered ``(rows, n_items)`` array."""
    return columns + (np.arange(columns.shape[0]) * n_items)[:, None]


def _take(matrix: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``matrix[i, columns[i, j]]`` for every row ``i`` (a flat gather)."""
    return matrix.ravel()[_flat_index(columns, matrix.shape[1])]


def _ranking(score: np.ndarray, depth: int, *, stable: bool) -> np.ndarray:
    """Columns of each row's ``depth`` best items, best first.

    NumPy's default sort is fast but orders tied items arbitrarily. Where
    ``stable`` asks for ties in input order, only the rows that have a tie
    among their first ``depth + 1`` places are sorted again, stably.
    """
    order = np.argsort(score, axis=1)[:, : -depth - 2 : -1]  # best first, one spare
    if stable:
        head = _take(score, order)
        tied = np.flatnonzero((head[:, 1:] == head[:, :-1]).any(axis=1))
        if tied.size:
            order[tied] = np.argsort(-score[tied], axis=1, kind="stable")[:, : order.shape[1]]
    return order[:, :depth]


def _dcg_rows(gains: np.ndarray, score: np.ndarray, k: int | None, ignore_ties: bool) -> np.ndarray:
    """DCG@k of every row, ranking by ``score`` (checked input).

    Only the first ``k`` ranks are gathered and summed. With ties averaged,
    every tie group scored above a row's ``k``-th score lies wholly inside the
    top ``k``; the group *at* that score may reach past rank ``k``, and then
    its mean gain is taken over the whole row, as the rule asks.
    """
    n_queries, n_items = gains.shape
    if n_items == 0:
        return np.zeros(n_queries)
    depth = n_items if k is None else min(k, n_items)
    columns = _ranking(score, depth, stable=ignore_ties)
    flat = _flat_index(columns, n_items)
    ranked_gains = gains.ravel()[flat]
    weights = discounts(depth)
    if ignore_ties:
        return ranked_gains @ weights
    ranked_scores = score.ravel()[flat]
    if depth == n_items:
        return _tie_averaged(ranked_gains, ranked_scores, weights)
    # Rows whose k-th score is shared by an item ranked below k ("spills").
    last = ranked_scores[:, -1:]
    at = score == last
    n_at = np.count_nonzero(at, axis=1)
    in_boundary = ranked_scores == last
    n_in_top = np.count_nonzero(in_boundary, axis=1)
    spills = n_at > n_in_top
    if not spills.any():
        return _tie_averaged(ranked_gains, ranked_scores, weights)
    # Score the complete groups, then the boundary group with its whole-row mean gain.
    in_boundary &= spills[:, None]
    result = _tie_averaged(np.where(in_boundary, 0.0, ranked_gains), ranked_scores, weights)
    boundary_mean = np.einsum("ij,ij->i", gains, at) / n_at
    cumulative = np.concatenate(([0.0], np.cumsum(weights)))
    first = depth - n_in_top  # the boundary group fills ranks first + 1 .. k
    result[spills] += (boundary_mean * (cumulative[depth] - cumulative[first]))[spills]
    return result


def _tie_averaged(ranked_gains: np.ndarray, ranked_scores: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """DCG of rows sorted by score, each tie group sharing its average gain.

    A tie group occupying positions ``a .. b - 1`` contributes
    ``mean(gains in group) * sum(weights[a:b])``. Groups are found as runs of
    equal scores; all rows are handled at once on the flattened arrays.
    """
    n_queries, n_items = ranked_gains.shape
    starts_group = np.ones((n_queries, n_items), dtype=bool)
    np.not_equal(ranked_scores[:, 1:], ranked_scores[:, :-1], out=starts_group[:, 1:])
    starts = np.flatnonzero(starts_group)
    if starts.size == ranked_gains.size:  # no ties at all
        return ranked_gains @ weights
    group_gain = np.add.reduceat(ranked_gains.ravel(), starts)
    sizes = np.diff(starts, append=ranked_gains.size)
    first = starts % n_items
    cumulative = np.concatenate(([0.0], np.cumsum(weights)))
    group_weight = cumulative[first + sizes] - cumulative[first]
    contribution = group_gain / sizes * group_weight
    return np.bincount(starts // n_items, weights=contribution, minlength=n_queries)


def _ideal_dcg_rows(gains: np.ndarray, k: int | None) -> np.ndarray:
    """DCG@k of every row's gains sorted from best to worst."""
    n_queries, n_items = gains.shape
    if n_items == 0:
        return np.zeros(n_queries)
    depth = n_items if k is None else min(k, n_items)
    best = np.sort(gains, axis=1)[:, : -depth - 1 : -1]
    return best @ discounts(depth)
