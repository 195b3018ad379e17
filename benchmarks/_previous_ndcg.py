"""A frozen copy of ``ndcg.ndcg_score`` as it was before issue 15 (commit c03f1b1).

Kept only so that ``bench_ndcg_score.py`` can time the new implementation
against the previous one in the same run. It sorts every row in full and
holds several arrays the size of the input at once. Do not import it from the
package; do not edit it (it is the reference the benchmark compares with).
"""

from __future__ import annotations

import numpy as np

from ndcg._validation import check_gain, check_k


def _check_matrices(y_true, y_score, gain):
    """The input checks of the time: both matrices cast to float64."""
    true = np.asarray(y_true).astype(float, copy=False)
    score = np.asarray(y_score).astype(float, copy=False)
    if true.ndim != 2 or true.shape != score.shape or true.shape[0] == 0:
        raise ValueError("y_true and y_score must be 2-D arrays of the same shape, with at least one row.")
    if not np.all(np.isfinite(true)) or true.min() < 0:
        raise ValueError("y_true must hold finite, non-negative grades.")
    if gain == "exponential" and true.max() > 1023:
        raise ValueError("with gain='exponential' grades must be at most 1023.")
    if np.isnan(score).any():
        raise ValueError("y_score must not contain NaN.")
    return true, score


def _gain(grades, gain):
    return np.exp2(grades) - 1.0 if gain == "exponential" else grades


def discounts(n):
    return 1.0 / np.log2(np.arange(2, int(n) + 2, dtype=float))


def ndcg_score(y_true, y_score, *, k=None, gain="linear", ignore_ties=False) -> float:
    """Mean NDCG@k over queries, as ``ndcg.ndcg_score`` computed it before issue 15."""
    gain = check_gain(gain)
    k = check_k(k)
    true, score = _check_matrices(y_true, y_score, gain)
    gains = _gain(true, gain)
    actual = _dcg_rows(gains, score, k, ignore_ties)
    ideal = _ideal_dcg_rows(gains, k)
    out = np.zeros_like(actual)
    np.divide(actual, ideal, out=out, where=ideal > 0)
    return float(np.mean(out))


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
